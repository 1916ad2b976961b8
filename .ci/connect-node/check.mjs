// @connectrpc/connect-node against a running satrap, over the Connect
// protocol in JSON and in binary: the reads by GET (the methods marked
// NO_SIDE_EFFECTS), a game created, a move applied, WatchGame streamed to
// the end of a bot game with every version once, and an error's code.
//
//   SATRAP_ADDR=127.0.0.1:50051 SATRAP_KEY=satrap_... node check.mjs
import assert from "node:assert/strict";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { MethodOptions_IdempotencyLevel as Idempotency } from "@bufbuild/protobuf/wkt";
import { GameService, GameStatus } from "./gen/satrap/v1/service_pb.js";

// The reads are marked in the protos, so this transport (useHttpGet) makes
// them by GET.
assert.equal(GameService.method.listGameTypes.idempotency, Idempotency.NO_SIDE_EFFECTS);
assert.equal(GameService.method.getGame.idempotency, Idempotency.NO_SIDE_EFFECTS);

const baseUrl = `http://${process.env.SATRAP_ADDR}`;
const key = process.env.SATRAP_KEY ?? "";
const keyed = { headers: { "x-api-key": key }, timeoutMs: 10_000 };

async function check(useBinaryFormat) {
  const name = useBinaryFormat ? "binary" : "JSON";
  const transport = createConnectTransport({
    baseUrl,
    httpVersion: "1.1",
    useBinaryFormat,
    useHttpGet: true,
  });
  const client = createClient(GameService, transport);

  const types = await client.listGameTypes({}, keyed);
  assert.equal(types.gameTypes.length, 4, `${name}: four game types`);

  // A move from a client seat.
  const game = await client.createGame(
    { gameType: "king_of_siam", seats: [{ name: "a" }, { name: "b" }], seed: 11n },
    keyed,
  );
  let moved = false;
  for (const seat of game.seats) {
    const auth = { headers: { authorization: `Bearer ${seat.token}` }, timeoutMs: 10_000 };
    const legal = await client.listLegalActions({ gameId: game.gameId }, auth);
    if (legal.actions.length === 0) continue;
    const applied = await client.applyAction(
      {
        gameId: game.gameId,
        expectedVersion: legal.version,
        move: { case: "notation", value: legal.actions[0].notation },
      },
      auth,
    );
    assert.equal(applied.snapshot?.version, legal.version + 1n, `${name}: the move made a version`);
    moved = true;
    break;
  }
  assert.ok(moved, `${name}: a seat had a legal action`);
  const history = await client.getHistory({ gameId: game.gameId }, keyed);
  assert.equal(history.entries.length, 1, `${name}: the move is in the history`);

  // WatchGame: a bots' game, every version once, in order, to its end.
  const bots = await client.createGame(
    { gameType: "king_of_siam", seats: [{ name: "x", bot: "random" }, { name: "y", bot: "random" }], seed: 5n },
    keyed,
  );
  let expected = 0n;
  let finished = false;
  for await (const update of client.watchGame({ gameId: bots.gameId }, { ...keyed, timeoutMs: 60_000 })) {
    if (update.cause !== 0) continue; // seats changed, no new version
    assert.equal(update.version, expected, `${name}: version ${expected} next`);
    expected += 1n;
    finished = update.snapshot?.status === GameStatus.FINISHED;
  }
  assert.ok(finished, `${name}: the stream ended with the finished game`);

  // An error keeps its code.
  await assert.rejects(
    client.getGame({ gameId: "no-such-game" }, keyed),
    (e) => e instanceof ConnectError && e.code === Code.NotFound,
    `${name}: NotFound`,
  );
  console.log(`connect-node ${name}: ${types.gameTypes.length} game types, a move, ${expected} versions streamed, NotFound`);
}

await check(false);
await check(true);
