// Rated play against a real server: a player queued with findMatch (the raw
// stream) and with match, both games played by the Bot loop against the
// built-in random bot, then the ratings, the leaderboard and an admin's
// feed (every game told once, resumed from the middle).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Code, GameStatus, MatchedSeat, RandomBot, eventKind } from "../dist/index.js";
import { connect } from "../dist/node.js";
import { makeKey, startServer } from "./server.mjs";

const GAME = "king_of_siam";
let server;
let player;
let admin;
before(async () => {
  player = makeKey("ann", "player");
  admin = makeKey("ops", "admin");
  const dir = mkdtempSync(path.join(tmpdir(), "satrap-rated-"));
  writeFileSync(path.join(dir, "keys"), `${player.line}\n${admin.line}\n`);
  server = await startServer(["--api-keys-file", path.join(dir, "keys")]);
});
after(async () => server?.stop());

/** The player's rating once it counts `games` games (the server rates a game as it stores its end). */
async function counted(client, playerId, games) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = await client.rating(GAME, playerId);
    if (r.games >= games || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}

test("findMatch queues, a bot fills the seat, the Bot loop plays the match, and getRatings shows it", async () => {
  const c = connect(server.address, { apiKey: player.key });
  const seen = [];
  let found;
  for await (const update of c.findMatch(GAME, 2, { rated: true, botFillAfterSeconds: 1, bot: "random" }, { timeoutMs: 60_000 })) {
    seen.push(update.update.case);
    if (update.update.case === "found") found = update.update.value;
  }
  assert.equal(seen.at(-1), "found", "the stream ends with the match");
  assert.ok(seen.slice(0, -1).every((k) => k === "queued"));
  assert.ok(found.rated && found.seat.token);
  const seat = new MatchedSeat(c, found);
  assert.equal(seat.playerId, "ann");
  assert.deepEqual(seat.opponents().map((s) => s.playerId), ["bot:random"]);
  const final = await new RandomBot().play(seat);
  assert.equal(final.status, GameStatus.FINISHED);
  assert.ok(final.rated);

  const ann = await counted(c, "ann", 1);
  assert.equal(ann.games, 1n);
  assert.notDeepEqual([ann.rating, ann.uncertainty], [25, 25 / 3]);
  assert.ok(ann.uncertainty < 25 / 3);
  const [again, bot] = (await c.getRatings(GAME, ["ann", "bot:random"])).ratings;
  assert.equal(again.playerId, "ann");
  assert.equal(bot.playerId, "bot:random");
  assert.equal(bot.games, 1n);
});

test("match resolves to a seat, the leaderboard lists the players, the feed tells each game once", async () => {
  const c = connect(server.address, { apiKey: player.key });
  const seat = await c.match(GAME, 2, { rated: true, botFillAfterSeconds: 1, bot: "random", timeoutMs: 60_000 });
  await new RandomBot().play(seat);
  assert.equal((await counted(c, "ann", 2)).games, 2n);
  const board = [];
  for await (const r of c.leaderboard(GAME, 1)) board.push(r);
  assert.deepEqual(board.map((r) => r.playerId).sort(), ["ann", "bot:random"]);
  assert.deepEqual(board.map((r) => r.place), [1, 2]);

  const ops = connect(server.address, { apiKey: admin.key });
  const events = [];
  await assert.rejects(
    (async () => {
      for await (const e of ops.watchEventsStream(0n, { timeoutMs: 3_000 })) events.push(e);
    })(),
    (e) => e.code === Code.DeadlineExceeded,
  );
  const seqs = events.map((e) => e.sequence);
  assert.deepEqual(seqs, seqs.map((_, i) => seqs[0] + BigInt(i)), "an admin's feed is gapless");
  const mine = events.filter((e) => e.gameId === seat.gameId);
  assert.deepEqual(mine.map(eventKind), ["created", "started", "finished"]);
  const finished = mine[2].event.value;
  assert.ok(finished.rated);
  assert.deepEqual(finished.ratingChanges.map((ch) => ch.playerId).sort(), ["ann", "bot:random"]);

  const middle = seqs[Math.floor(seqs.length / 2)];
  const rest = events.filter((e) => e.sequence > middle);
  assert.ok(rest.length > 0);
  const again = [];
  for await (const e of ops.watchEvents(middle, { streamTimeoutMs: 2_000 })) {
    again.push(e);
    if (again.length === rest.length) break;
  }
  assert.deepEqual(again.map((e) => e.sequence), rest.map((e) => e.sequence));
  assert.deepEqual(again.map((e) => e.gameId), rest.map((e) => e.gameId));

  await assert.rejects(connect(server.address).match(GAME, 2, { rated: true, timeoutMs: 10_000 }), (e) =>
    [Code.Unauthenticated, Code.FailedPrecondition].includes(e.code),
  );
});
