// Against a real server: every game type and player count played to the
// end by the Bot loop on every seat; action ids, observations and masks;
// the resume contract; gRPC-Web from Node.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Code, ConnectError } from "@connectrpc/connect";
import { Bot, RandomBot, GameStatus, SatrapError, unpackMask } from "../dist/index.js";
import { connect } from "../dist/node.js";
import { connect as connectWeb } from "../dist/web.js";
import { startServer } from "./server.mjs";

let server;
let client;
before(async () => {
  server = await startServer();
  client = connect(server.address);
});
after(async () => server?.stop());

/** Always the first legal action, by notation. */
class FirstBot extends Bot {
  choose(_snapshot, legal) {
    return legal[0].notation;
  }
}

test("every game and player count is played to the end by bots on every seat", async () => {
  const types = await client.gameTypes();
  assert.deepEqual(types.map((t) => t.id).sort(), ["alexandros", "king_of_siam", "ming_dynasty", "territories"]);
  for (const type of types) {
    for (let n = type.minPlayers; n <= type.maxPlayers; n++) {
      const created = await client.create(type.id, Array.from({ length: n }, (_, i) => `p${i}`), BigInt(n));
      const seats = await Promise.all(created.seats.map((s) => client.join(created.gameId, s.token)));
      const finals = await Promise.all(seats.map((seat, i) => (i ? new RandomBot() : new FirstBot()).play(seat)));
      for (const f of finals) {
        assert.equal(f.status, GameStatus.FINISHED, `${type.id} ${n}p finished`);
        assert.equal(f.version, finals[0].version);
        assert.ok(f.outcome, `${type.id} has an outcome`);
      }
    }
  }
});

test("a bot plays against the server's built-in bots", async () => {
  const created = await client.create("ming_dynasty", ["me", { name: "r1", bot: "random" }, { name: "r2", bot: "random" }], 4n);
  const final = await new RandomBot().play(await client.join(created.gameId, created.seats[0].token));
  assert.equal(final.status, GameStatus.FINISHED);
});

test("observations carry the tensor and a mask of exactly the legal ids", async () => {
  const types = await client.gameTypes();
  for (const type of types) {
    const space = type.actionSpaces[0];
    const created = await client.create(type.id, Array.from({ length: space.players }, (_, i) => `p${i}`), 1n);
    const snap = (await client.get(created.gameId)).snapshot;
    const token = created.seats[snap.toAct[0]].token;
    const listed = await client.legal(created.gameId, token, true);
    const obs = listed.observation;
    assert.deepEqual(obs.shape, space.observationShape);
    assert.equal(obs.tensor.length, space.observationShape[0]);
    const mask = unpackMask(obs.actionMask, space.numDistinctActions);
    const fromMask = [...mask.keys()].filter((i) => mask[i]);
    assert.deepEqual(fromMask, listed.actions.map((a) => a.actionId).sort((a, b) => a - b), type.id);
    // Not asked: not sent.
    assert.equal((await client.legal(created.gameId, token)).observation, undefined);
  }
});

test("apply by action id; an out-of-range id is INVALID_ARGUMENT", async () => {
  const created = await client.create("king_of_siam", ["a", "b"], 3n);
  const snap = (await client.get(created.gameId)).snapshot;
  const token = created.seats[snap.toAct[0]].token;
  const listed = await client.legal(created.gameId, token);
  await assert.rejects(client.apply(created.gameId, token, { actionId: 1 << 30 }), (e) => {
    assert.equal(ConnectError.from(e).code, Code.InvalidArgument);
    assert.ok(e instanceof SatrapError);
    return true;
  });
  const done = await client.apply(created.gameId, token, { actionId: listed.actions[0].actionId }, listed.version);
  assert.equal(done.snapshot.version, listed.version + 1n);
});

test("watch resumes after cut streams: every version once, in order", async () => {
  // Seats played here, slowly, while a watcher's stream is cut every 40 ms.
  const created = await client.create("king_of_siam", ["a", "b"], 2n);
  const id = created.gameId;
  const watching = (async () => {
    const versions = [];
    for await (const u of client.watch(id, undefined, 0n, { streamTimeoutMs: 40 })) versions.push(u.version);
    return versions;
  })();
  for (;;) {
    const snap = (await client.get(id)).snapshot;
    if (snap.status === GameStatus.FINISHED) break;
    const token = created.seats[snap.toAct[0]].token;
    const listed = await client.legal(id, token);
    await client.apply(id, token, { actionId: listed.actions[0].actionId }, listed.version);
    await new Promise((r) => setTimeout(r, 15));
  }
  const versions = await watching;
  assert.ok(versions.length > 10, "the game had moves to follow");
  assert.deepEqual(versions, versions.map((_, i) => BigInt(i)));
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `waitForStart` running: `done()` tells whether it settled, `settled` its result and when. */
function waiting(p) {
  let done = false;
  const settled = p.then(
    (snap) => ({ snap, at: Date.now() }),
    (error) => ({ error, at: Date.now() }),
  );
  settled.then(() => (done = true));
  return { done: () => done, settled };
}

test("waitForStart sees the start on the stream, not by polling; watchers get the seat changes", async (t) => {
  const { UpdateCause } = await import("../dist/index.js");
  const created = await client.createGame("ming_dynasty", [{ open: true }, { open: true }, { open: true }], { seed: 9n });
  const id = created.gameId;
  // A raw stream from the current version: the seat changes and the start
  // repeat that version with a cause and no events.
  const stop = new AbortController();
  t.after(() => stop.abort()); // a failed test leaves no stream behind
  let opened;
  const open = new Promise((r) => (opened = r));
  const raw = (async () => {
    const seen = [];
    try {
      for await (const u of client.watchGame(id, undefined, created.snapshot.version, {}, { signal: stop.signal })) {
        seen.push(u);
        opened();
        if (u.cause === UpdateCause.STARTED) break;
      }
    } finally {
      opened();
    }
    return seen;
  })().catch((e) => (stop.signal.aborted ? [] : Promise.reject(e)));
  await open; // the stream is there before the first seat changes
  const ann = await client.takeSeat(id, "ann", { seat: 0 });
  // 60_000: the polling interval of old, ignored.
  const wait = waiting(ann.waitForStart(20_000, 60_000));
  await sleep(1000); // the waiter has read the game and opened its stream
  const carol = await client.takeSeat(id, "carol", { seat: 1 });
  await carol.leave();
  await client.takeSeat(id, "carol", { seat: 1 });
  await sleep(500);
  assert.equal(wait.done(), false, "seat changes ended the wait");
  const joined = Date.now();
  await client.takeSeat(id, "bob", { seat: 2 });
  const { snap, error, at } = await wait.settled;
  assert.equal(error, undefined);
  assert.ok(at - joined < 3000, `the start took ${at - joined} ms to be seen`);
  assert.equal(snap.status, GameStatus.IN_PROGRESS);
  assert.ok(snap.toAct.length > 0 && snap.seats.every((s) => s.name));

  const timer = setTimeout(() => stop.abort(), 5000);
  const updates = await raw;
  clearTimeout(timer);
  assert.equal(updates[0].cause, UpdateCause.UNSPECIFIED, "the stream's first update is the version asked for");
  const again = updates.slice(1);
  assert.ok(again.length >= 5, `ann, carol, carol leaving, carol again, bob: ${again.length} updates`);
  assert.ok(again.every((u) => u.version === created.snapshot.version && u.events.length === 0));
  assert.deepEqual(again.map((u) => u.cause).slice(-2), [UpdateCause.SEATS, UpdateCause.STARTED]);
  assert.equal(again.at(-1).snapshot.status, GameStatus.IN_PROGRESS);
});

test("waitForStart resumes cut streams and keeps its timeout", async () => {
  const created = await client.createGame("king_of_siam", [{ open: true }, { open: true }], { seed: 10n });
  const ann = await client.takeSeat(created.gameId, "ann", { seat: 0 });
  const wait = waiting(ann.waitForStart(20_000, { streamTimeoutMs: 200 }));
  await sleep(1500); // several streams cut and reopened
  assert.equal(wait.done(), false, "the wait ended early");
  await client.takeSeat(created.gameId, "bob", { seat: 1 });
  const { snap, error } = await wait.settled;
  assert.equal(error, undefined);
  assert.equal(snap.status, GameStatus.IN_PROGRESS);

  const lonely = await client.createGame("king_of_siam", [{ open: true }, { open: true }], { seed: 11n });
  const seat = await client.takeSeat(lonely.gameId, "ann", { seat: 0 });
  const began = Date.now();
  await assert.rejects(seat.waitForStart(800), (e) => {
    assert.ok(e instanceof SatrapError, `a SatrapError, not ${e}`);
    assert.equal(e.code, Code.DeadlineExceeded);
    return true;
  });
  const took = Date.now() - began;
  assert.ok(took >= 700 && took < 5000, `the timeout took ${took} ms`);
});

test("gRPC-Web (the browser transport) reaches the same server", async () => {
  const web = connectWeb(`http://${server.address}`);
  const types = await web.gameTypes();
  assert.equal(types.length, 4);
  const created = await web.create("territories", ["a", "b"], 5n);
  const seat = await web.join(created.gameId, created.seats[0].token);
  assert.equal(seat.seat, 0);
});
