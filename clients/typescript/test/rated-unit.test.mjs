// The rated-play helpers against a scripted in-memory GameService (Connect's
// router transport, no server): the feed resumed after the last sequence
// seen, the matchmaking queue opened again after a cut, the leaderboard's
// pages, and player ids and `rated` in the requests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ConnectError, createRouterTransport } from "@connectrpc/connect";
import { Code, GameService, MatchedSeat, SatrapClient, SeatHandle, eventKind } from "../dist/index.js";

/** A client whose GameService is `impl` (each method: request, context). */
function fake(impl) {
  const transport = createRouterTransport(({ service }) => service(GameService, impl));
  return new SatrapClient(transport, { apiKey: "secret", timeoutMs: 5_000 });
}

const event = (sequence, kind = "created") => ({
  sequence: BigInt(sequence),
  gameId: `g${sequence}`,
  gameType: "king_of_siam",
  event: { case: kind, value: {} },
});

async function take(iterable, n) {
  const out = [];
  if (n === 0) return out;
  for await (const x of iterable) {
    out.push(x);
    if (out.length === n) break;
  }
  return out;
}

test("the feed resumes after the last sequence seen, without duplicates", async () => {
  const asked = [];
  const keys = [];
  const streams = [
    async function* () {
      yield event(1);
      yield event(2, "started");
      yield event(3, "finished");
      throw new ConnectError("connection reset", Code.Unavailable);
    },
    async function* () {
      yield event(3, "finished"); // sent again after the resume: skipped
      yield event(4); // then a clean end: reopened too
    },
    async function* () {
      yield event(5);
      yield event(7, "deleted");
    },
  ];
  const c = fake({
    watchEvents(req, ctx) {
      asked.push(req.afterSequence);
      keys.push(ctx.requestHeader.get("x-api-key"));
      return streams[asked.length - 1]();
    },
  });
  const got = await take(c.watchEvents(), 5);
  assert.deepEqual(got.map((e) => e.sequence), [1n, 2n, 3n, 4n, 5n]);
  assert.deepEqual(got.slice(0, 3).map(eventKind), ["created", "started", "finished"]);
  assert.deepEqual(asked, [0n, 3n, 4n]);
  assert.ok(keys.every((k) => k === "secret"));
});

test("the feed starts after the sequence given; refusals are thrown at once; maxRetries bounds failures", async () => {
  const fromMiddle = fake({
    async *watchEvents(req) {
      assert.equal(req.afterSequence, 11n);
      yield event(11);
      yield event(12);
    },
  });
  assert.deepEqual((await take(fromMiddle.watchEvents(11n), 1)).map((e) => e.sequence), [12n]);

  const denied = fake({
    async *watchEvents() {
      throw new ConnectError("this call needs an API key of role creator or admin", Code.PermissionDenied);
    },
  });
  await assert.rejects(take(denied.watchEvents(), 1), (e) => e.code === Code.PermissionDenied);

  let calls = 0;
  const down = fake({
    async *watchEvents() {
      calls++;
      throw new ConnectError("down", Code.Unavailable);
    },
  });
  await assert.rejects(take(down.watchEvents(0n, { maxRetries: 2 }), 1), (e) => e.code === Code.Unavailable);
  assert.equal(calls, 3);
});

const found = (gameId = "m1") => ({
  update: {
    case: "found",
    value: {
      gameId,
      rated: true,
      seat: { seat: 1, name: "ann", token: "t".repeat(64) },
      snapshot: {
        gameId,
        rated: true,
        seats: [
          { seat: 0, name: "bot", bot: "random", playerId: "bot:random" },
          { seat: 1, name: "ann", playerId: "ann" },
        ],
      },
    },
  },
});
const queued = (position, waiting) => ({ update: { case: "queued", value: { position, waiting, window: 50 } } });

test("match reports the queue and resolves to a seat the Bot loop plays", async () => {
  const requests = [];
  const c = fake({
    async *findMatch(req) {
      requests.push(req);
      yield queued(1, 1);
      yield queued(1, 2);
      yield found();
    },
  });
  const places = [];
  const seat = await c.match("king_of_siam", 2, {
    rated: true,
    botFillAfterSeconds: 2,
    bot: "random",
    onQueued: (q) => places.push([q.position, q.waiting]),
  });
  assert.deepEqual(places, [[1, 1], [1, 2]]);
  assert.ok(seat instanceof MatchedSeat && seat instanceof SeatHandle);
  assert.deepEqual([seat.gameId, seat.seat, seat.token], ["m1", 1, "t".repeat(64)]);
  assert.equal(seat.rated, true);
  assert.equal(seat.playerId, "ann");
  assert.deepEqual(seat.opponents().map((s) => s.playerId), ["bot:random"]);
  const [req] = requests;
  assert.deepEqual([req.gameType, req.players, req.rated, req.bot, req.botFillAfterSeconds], ["king_of_siam", 2, true, "random", 2]);
});

test("match queues again after a cut, waits out ALREADY_EXISTS after it, and throws it on the first try", async () => {
  let calls = 0;
  const c = fake({
    async *findMatch() {
      calls++;
      if (calls === 1) {
        yield queued(1, 1);
        throw new ConnectError("reset", Code.Unavailable);
      }
      if (calls === 2) throw new ConnectError("already queued", Code.AlreadyExists);
      yield found("m2");
    },
  });
  assert.equal((await c.match("king_of_siam", 2)).gameId, "m2");
  assert.equal(calls, 3);

  const twice = fake({
    async *findMatch() {
      throw new ConnectError("ann is already queued", Code.AlreadyExists);
    },
  });
  await assert.rejects(twice.match("king_of_siam", 2, { rated: true }), (e) => e.code === Code.AlreadyExists);
});

test("match gives up at its timeout", async () => {
  const c = fake({
    async *findMatch() {
      throw new ConnectError("down", Code.Unavailable);
    },
  });
  const began = Date.now();
  await assert.rejects(c.match("king_of_siam", 2, { timeoutMs: 300, maxRetries: 1000 }), (e) => e.code === Code.DeadlineExceeded);
  assert.ok(Date.now() - began < 3_000);
});

test("leaderboard reads every page in order; getRatings and player ids reach the requests", async () => {
  const pages = {
    "": { ratings: [{ playerId: "a", place: 1 }, { playerId: "b", place: 2 }], nextPageToken: "p2" },
    p2: { ratings: [{ playerId: "c", place: 3 }], nextPageToken: "p3" },
    p3: { ratings: [{ playerId: "d", place: 4 }] },
  };
  const asked = [];
  const seen = {};
  const c = fake({
    listLeaderboard(req) {
      asked.push([req.pageToken, req.pageSize]);
      return pages[req.pageToken];
    },
    getRatings(req) {
      seen.ratings = req;
      return { ratings: req.playerIds.map((playerId) => ({ playerId, rating: 25 })) };
    },
    createGame(req) {
      seen.create = req;
      return { gameId: "g" };
    },
    joinGame(req) {
      seen.join = req;
      return { seat: { seat: 1, token: "x" } };
    },
  });
  const board = await take(c.leaderboard("king_of_siam", 2), Infinity);
  assert.deepEqual(board.map((r) => [r.place, r.playerId]), [[1, "a"], [2, "b"], [3, "c"], [4, "d"]]);
  assert.deepEqual(asked, [["", 2], ["p2", 2], ["p3", 2]]);

  assert.equal((await c.rating("king_of_siam", "ann")).playerId, "ann");
  assert.deepEqual(seen.ratings.playerIds, ["ann"]);
  await c.createGame("king_of_siam", [{ name: "ann", playerId: "ann" }, { name: "bob", playerId: "bob" }], { rated: true });
  assert.equal(seen.create.rated, true);
  assert.deepEqual(seen.create.seats.map((s) => s.playerId), ["ann", "bob"]);
  await c.takeSeat("g", "carol", { playerId: "carol" });
  assert.equal(seen.join.playerId, "carol");
});
