// Every GameService and AdminService call through its method, the API key
// option and the typed errors (code and rule id), against real servers.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConnectError } from "@connectrpc/connect";
import { Code, CreatePolicy, GameStatus, RandomBot, SatrapError, TimeoutPolicy, ruleIdOf } from "../dist/index.js";
import { connect } from "../dist/node.js";
import { makeKey, startServer } from "./server.mjs";

let open;
let keyed;
let admin;
let creator;
before(async () => {
  open = await startServer();
  admin = makeKey("ops", "admin");
  creator = makeKey("backend", "creator");
  const dir = mkdtempSync(path.join(tmpdir(), "satrap-keys-"));
  writeFileSync(path.join(dir, "keys"), `${admin.line}\n${creator.line}\n`);
  keyed = await startServer(["--api-keys-file", path.join(dir, "keys")]);
});
after(async () => Promise.all([open?.stop(), keyed?.stop()]));

const rejectsWith = (p, code) =>
  assert.rejects(p, (e) => {
    assert.ok(e instanceof SatrapError, `a SatrapError, not ${e}`);
    assert.ok(e instanceof ConnectError);
    assert.equal(e.code, code, `${Code[e.code]}: ${e.rawMessage}`);
    return true;
  });

test("rule ids are read from the message", () => {
  assert.equal(ruleIdOf("KS-4: only the seat to act may play"), "KS-4");
  assert.equal(ruleIdOf("ABORTED: the game was aborted"), undefined);
});

test("a forbidden move is FAILED_PRECONDITION with its rule; a stale version ABORTED", async () => {
  const c = connect(open.address);
  const created = await c.createGame("king_of_siam", ["a", "b"], { seed: 1n });
  const toAct = created.snapshot.toAct[0];
  const idle = created.seats.find((s) => s.seat !== toAct);
  const listed = await c.listLegalActions(created.gameId, created.seats[toAct].token);
  await assert.rejects(c.applyAction(created.gameId, idle.token, { notation: listed.actions[0].notation }), (e) => {
    assert.equal(e.code, Code.FailedPrecondition);
    assert.match(e.ruleId ?? "", /^KS-\d+/, e.rawMessage);
    return true;
  });
  const token = created.seats[toAct].token;
  await c.applyAction(created.gameId, token, { actionId: listed.actions[0].actionId }, listed.version);
  await rejectsWith(c.applyAction(created.gameId, token, { actionId: listed.actions[0].actionId }, listed.version), Code.Aborted);
  await rejectsWith(c.getGame("x".repeat(500)), Code.NotFound);
});

test("lobby calls: join, leave, list, rotate, resign, history", async () => {
  const c = connect(open.address);
  const created = await c.createGame("king_of_siam", [{ open: true }, { open: true }], {
    seed: 4n,
    timeControl: { kind: { case: "perMoveMs", value: 60_000n } },
    onTimeout: TimeoutPolicy.FORFEIT,
  });
  const id = created.gameId;
  assert.equal(created.snapshot.status, GameStatus.WAITING);
  assert.ok((await c.listGames({ openSeats: true })).games.some((g) => g.gameId === id));
  const ann = await c.joinGame(id, "ann", { seat: 0 });
  await c.leaveGame(id, ann.seat.token);
  const annSeat = await c.takeSeat(id, "ann", { seat: 0 });
  const bob = await c.takeSeat(id, "bob");
  assert.equal(bob.seat, 1);
  const start = await bob.waitForStart(10_000);
  assert.equal(start.status, GameStatus.IN_PROGRESS);
  assert.ok(start.clocks?.seats.length, "a clocked game carries its clocks");
  const old = annSeat.token;
  assert.notEqual(await annSeat.rotateToken(), old);
  await rejectsWith(c.getGame(id, old), Code.Unauthenticated);
  await annSeat.resign();
  const final = await new RandomBot().play(bob);
  assert.equal(final.status, GameStatus.FINISHED);
  const history = await c.getHistory(id);
  assert.equal(history.seed, 4n);
  assert.ok(history.entries.length > 0);
});

test("serverInfo says who may create games", async () => {
  const openInfo = await connect(open.address).serverInfo();
  assert.equal(openInfo.create, CreatePolicy.ANYONE);
  assert.equal(openInfo.ratedPlay, false);
  assert.ok(openInfo.limits.maxMessageBytes > 0n);
  // No key needed to ask a keyed server.
  const keyedInfo = await connect(keyed.address).serverInfo();
  assert.equal(keyedInfo.create, CreatePolicy.KEYS_ONLY);
  assert.equal(keyedInfo.ratedPlay, true);
  assert.equal(keyedInfo.guests, false);
});

test("API keys and the admin calls", async () => {
  await rejectsWith(connect(keyed.address).createGame("king_of_siam", ["a", "b"]), Code.Unauthenticated);
  const c = connect(keyed.address, { apiKey: creator.key });
  const ops = connect(keyed.address, { apiKey: admin.key });
  const created = await c.createGame("king_of_siam", ["a", "b"], { private: true, seed: 5n });
  const id = created.gameId;
  await rejectsWith(c.abortGame(id), Code.PermissionDenied);
  await rejectsWith(c.getGame(id), Code.NotFound);
  assert.ok((await c.getGame(id, created.spectatorToken)).snapshot.private);
  const reissued = await ops.reissueSeatToken(id, 1);
  assert.notEqual(reissued.credential.token, created.seats[1].token);
  const aborted = await ops.abortGame(id);
  assert.equal(aborted.snapshot.status, GameStatus.FINISHED);
  assert.equal(aborted.snapshot.outcome.ending, "aborted");
  await ops.deleteGame(id);
  await rejectsWith(ops.getGame(id), Code.NotFound);
});

test("the Bot loop plays on when its clock runs out and its stream is cut", async () => {
  const c = connect(open.address);
  const created = await c.createGame("king_of_siam", ["me", { name: "r", bot: "random" }], {
    seed: 8n,
    timeControl: { kind: { case: "perMoveMs", value: 300n } },
  });
  let calls = 0;
  class Slow extends RandomBot {
    async choose(snapshot, legal) {
      if (++calls % 3 === 0) await new Promise((r) => setTimeout(r, 500));
      return super.choose(snapshot, legal);
    }
  }
  const final = await new Slow().play(await c.seat(created.gameId, created.seats[0].token), { streamTimeoutMs: 250 });
  assert.equal(final.status, GameStatus.FINISHED);
  const history = await c.getHistory(created.gameId);
  assert.ok(history.entries.some((e) => e.seat === 0 && e.timeout !== TimeoutPolicy.UNSPECIFIED));
});

test("each Node transport plays a game to the end", async () => {
  for (const transport of ["grpc-js", "grpc", "grpc-web"]) {
    const c = connect(open.address, { transport });
    const created = await c.createGame("territories", ["a", "b"], { seed: 2n });
    const seats = await Promise.all(created.seats.map((s) => c.seat(created.gameId, s.token)));
    const finals = await Promise.all(seats.map((s) => new RandomBot().play(s)));
    assert.ok(finals.every((f) => f.status === GameStatus.FINISHED), transport);
    await rejectsWith(c.getGame("missing"), Code.NotFound);
  }
});

test("follow rebuilds from deltas exactly the snapshots a full watch sends", async () => {
  const { toBinary } = await import("@bufbuild/protobuf");
  const { GameSnapshotSchema, follow } = await import("../dist/index.js");
  const c = connect(open.address);
  for (const [game, n] of [["alexandros", 3], ["king_of_siam", 3], ["ming_dynasty", 3], ["territories", 2]]) {
    const created = await c.createGame(game, Array.from({ length: n }, (_, i) => ({ name: `r${i}`, bot: "random" })).map((s, i) => (i ? s : { name: "me" })), { seed: 3n });
    const token = created.seats[0].token;
    await new RandomBot().play(await c.seat(created.gameId, token));
    const full = [];
    for await (const u of c.watch(created.gameId, token, 0n)) full.push(u.snapshot);
    const rebuilt = [];
    for await (const f of follow(c, created.gameId, token, 0n, { text: true })) rebuilt.push(f.snapshot);
    assert.equal(rebuilt.length, full.length, game);
    assert.ok(full.length > 10, game);
    for (let i = 0; i < full.length; i++) {
      assert.deepEqual(toBinary(GameSnapshotSchema, rebuilt[i]), toBinary(GameSnapshotSchema, full[i]), `${game} version ${i}`);
    }
  }
});
