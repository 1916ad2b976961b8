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

test("gRPC-Web (the browser transport) reaches the same server", async () => {
  const web = connectWeb(`http://${server.address}`);
  const types = await web.gameTypes();
  assert.equal(types.length, 4);
  const created = await web.create("territories", ["a", "b"], 5n);
  const seat = await web.join(created.gameId, created.seats[0].token);
  assert.equal(seat.seat, 0);
});
