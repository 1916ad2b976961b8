// Chat and offers through the client against a real server: a message
// reaches the history of its channel's readers only, and a draw both
// seats agree to ends the game as one.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ChatChannel, Code, GameStatus, OfferKind, OfferStatus, SatrapError } from "../dist/index.js";
import { connect } from "../dist/node.js";
import { startServer } from "./server.mjs";

let server;
before(async () => {
  server = await startServer();
});
after(async () => server?.stop());

test("chat reaches its channel's readers and the history", async () => {
  const c = connect(server.address);
  const g = await c.createGame("king_of_siam", ["Ann", "Bob"]);
  const [ann, bob] = g.seats.map((s) => s.token);
  const sent = (await c.sendChatMessage(g.gameId, "good luck", ann)).message;
  assert.equal(sent.name, "Ann");
  await c.sendChatMessage(g.gameId, "seats only", bob, ChatChannel.SEATS);
  await c.sendChatMessage(g.gameId, "from the rail");
  const texts = async (token) => (await c.getHistory(g.gameId, token)).chat.map((m) => m.text);
  assert.deepEqual(await texts(undefined), ["good luck", "from the rail"]);
  assert.deepEqual(await texts(ann), ["good luck", "seats only", "from the rail"]);
  await assert.rejects(c.sendChatMessage(g.gameId, "psst", undefined, ChatChannel.SEATS), (e) => {
    assert.ok(e instanceof SatrapError);
    assert.equal(e.code, Code.PermissionDenied);
    return true;
  });
});

test("a draw both seats agree to ends the game", async () => {
  const c = connect(server.address);
  const g = await c.createGame("king_of_siam", ["Ann", "Bob"]);
  const [ann, bob] = g.seats.map((s) => s.token);
  const made = await c.makeOffer(g.gameId, ann, OfferKind.DRAW);
  assert.equal(made.offer.status, OfferStatus.PENDING);
  const done = await c.answerOffer(g.gameId, bob, made.offer.id, true);
  assert.equal(done.offer.status, OfferStatus.ACCEPTED);
  const end = (await c.getGame(g.gameId)).snapshot;
  assert.equal(end.status, GameStatus.FINISHED);
  assert.ok(end.outcome.draw && end.outcome.agreed);
});
