// Tournaments against a real server: an organiser's calls, and two
// player-key bots that enter a Swiss with playTournament and play each of
// their games to the end beside two built-in levels; and the loop's
// helpers on a hand-made tournament.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import {
  Code,
  GameStatus,
  RandomBot,
  TournamentFormat,
  TournamentSchema,
  TournamentStatus,
  hasCode,
  myEntrant,
  openGames,
  playTournament,
} from "../dist/index.js";
import { connect } from "../dist/node.js";
import { makeKey, startServer } from "./server.mjs";

const GAME = "king_of_siam";
let server;
let keys;
before(async () => {
  keys = { org: makeKey("org", "creator"), ann: makeKey("ann", "player"), bob: makeKey("bob", "player") };
  const dir = mkdtempSync(path.join(tmpdir(), "satrap-tournament-"));
  writeFileSync(path.join(dir, "keys"), Object.values(keys).map((k) => `${k.line}\n`).join(""));
  server = await startServer(["--api-keys-file", path.join(dir, "keys")]);
});
after(async () => server?.stop());

const settings = (startInMs) => ({
  name: "ts cup",
  gameType: GAME,
  playersPerTable: 2,
  format: TournamentFormat.SWISS,
  rounds: 2,
  timeControl: { kind: { case: "perMoveMs", value: 10_000n } },
  startAtMs: BigInt(Date.now() + startInMs),
});

test("the helpers find the entrant and its undecided games", () => {
  const t = create(TournamentSchema, {
    entrants: [
      { entrant: 0, playerIds: ["ann"] },
      { entrant: 1, playerIds: ["bob"], withdrawn: true },
    ],
    rounds: [
      {
        number: 1,
        tables: [
          { gameId: "g1", entrants: [0, 1], places: [0, 1] },
          { gameId: "g2", entrants: [2, 0] },
          { gameId: "", entrants: [0, 3] },
        ],
      },
    ],
  });
  assert.equal(myEntrant(t, "ann"), 0);
  assert.equal(myEntrant(t, "bob"), undefined, "withdrawn");
  assert.deepEqual(openGames(t, 0), ["g2"]);
});

test("two bots play every game of a Swiss with playTournament", async () => {
  const org = connect(server.address, { apiKey: keys.org.key });
  const made = await org.tournaments.createTournament(settings(4_000));
  const id = made.tournamentId;
  for (let i = 0; i < 2; i++) await org.tournaments.joinTournament(id, "bot:random");
  const listed = await org.tournaments.listTournaments({ gameType: GAME });
  assert.ok(listed.tournaments.some((t) => t.tournamentId === id));
  const [ann, bob] = await Promise.all(
    [keys.ann, keys.bob].map((k) => playTournament(connect(server.address, { apiKey: k.key }), id, new RandomBot(), { timeoutMs: 180_000 })),
  );
  assert.equal(ann.status, TournamentStatus.FINISHED);
  assert.equal(bob.status, TournamentStatus.FINISHED);
  assert.equal(ann.rounds.length, 2);
  assert.deepEqual(ann.entrants.map((e) => e.playerIds.join()).sort(), ["ann", "bob", "bot:random", "bot:random"]);
  for (const table of ann.rounds.flatMap((r) => r.tables)) {
    assert.ok(table.places.length > 0, "every table decided");
    const { snapshot } = await org.get(table.gameId);
    assert.equal(snapshot.status, GameStatus.FINISHED);
    assert.notEqual(snapshot.outcome.ending, "timeout", "a player's seat was played, not lost on time");
  }
  assert.equal(ann.standings.length, 4);
});

test("bad calls reject with typed errors", async () => {
  const ann = connect(server.address, { apiKey: keys.ann.key });
  await assert.rejects(ann.tournaments.createTournament(settings(60_000)), (e) => hasCode(e, Code.PermissionDenied));
  await assert.rejects(ann.tournaments.getTournament("no-such-tournament"), (e) => hasCode(e, Code.NotFound));
});
