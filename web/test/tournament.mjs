// A running tournament through the page, on a keyed satrap this test
// starts: an organiser's round-robin of tables of 3 (built-in levels, made
// with the TypeScript client and a `creator` key) is in the lobby's
// tournament list; a player signed in with a `player` key opens it, joins,
// leaves and joins again; once it starts, the page shows the round's live
// table of 3 with a link to watch it and "Play your game", which opens the
// player's seat. Every text on the lobby's list and the tournament page is
// checked for engine words, axe-core runs on the page, and a screenshot is
// kept.
//
//   SATRAP_BIN=../target/debug/satrap node test/tournament.mjs
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TournamentFormat, TournamentStatus } from "@satrap/client";
import { connect } from "@satrap/client/node";
import { axeCheck, check, checkTextsOf, ConsoleWatch, freePort, launch, startSatrap, stopSatrap } from "./lib.mjs";

const BIN = resolve(process.env.SATRAP_BIN ?? "../target/debug/satrap");
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** A key made by `satrap api-key NAME ROLE` and its keys-file line. */
function makeKey(name, role) {
  const out = execFileSync(BIN, ["api-key", name, role], { encoding: "utf8" }).split("\n");
  return { key: out[1].trim(), line: out[3].trim() };
}

const org = makeKey("org", "creator");
const ann = makeKey("ann", "player");
const dir = mkdtempSync(join(tmpdir(), "satrap-tournament-"));
writeFileSync(join(dir, "keys"), `${org.line}\n${ann.line}\n`);
const port = await freePort();
const satrap = await startSatrap(BIN, port, ["--database", "memory://", "--api-keys-file", join(dir, "keys")]);
const url = `http://127.0.0.1:${port}`;
const console_ = new ConsoleWatch();
const browser = await launch();
try {
  const organiser = connect(`127.0.0.1:${port}`, { apiKey: org.key });
  // The player never moves: the table stays live for a minute, its clock.
  const made = await organiser.tournaments.createTournament({
    name: "Spring cup",
    gameType: "king_of_siam",
    playersPerTable: 3,
    format: TournamentFormat.ROUND_ROBIN,
    timeControl: { kind: { case: "perMoveMs", value: 60_000n } },
    startAtMs: BigInt(Date.now() + 15_000),
  });
  for (let i = 0; i < 2; i++) await organiser.tournaments.joinTournament(made.tournamentId, "bot:random");

  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  console_.attach(page, "player");
  await page.goto(`${url}/`);
  await page.fill('input[name="sign-in-key"]', ann.key);
  await page.click(".hero button.sign-in-button");
  await page.waitForSelector(".tournaments a.tournament-link");
  await checkTextsOf(page, ".tournaments", "the lobby's tournaments");
  const listed = await page.textContent(".tournaments");
  check(listed.includes("Spring cup") && listed.includes("taking entries"), `the lobby lists the tournament: ${listed}`);
  await page.click(".tournaments a.tournament-link");
  await page.waitForSelector(".page.tournament .join-tournament");
  await page.click(".join-tournament");
  await page.waitForSelector(".entrants li.me");
  await page.click(".leave-tournament");
  await page.waitForSelector(".join-tournament");
  check((await page.$(".entrants li.me")) === null, "after Leave the player is not listed");
  await page.click(".join-tournament");
  await page.waitForSelector(".entrants li.me");
  const players = await page.$$eval(".entrants li", (els) => els.map((e) => e.textContent.trim()));
  check(players.length === 3 && players.some((p) => p.includes("(you)")), `three players, the player marked: ${players}`);
  await checkTextsOf(page, ".page.tournament", "the tournament in registration");

  // Started: round 1 paired, its table of 3 live.
  await page.waitForSelector(`.page.tournament[data-status="${TournamentStatus.RUNNING}"] .tables li[data-players="3"][data-live="1"]`, { timeout: 60_000 });
  const table = await page.textContent('.tables li[data-players="3"]');
  check(table.includes("(you)") && table.includes("Random bot") && table.includes("Watch live"), `the live table of 3 in words: ${table}`);
  await page.waitForSelector(".standings tbody tr");
  await checkTextsOf(page, ".page.tournament", "the running tournament");
  await axeCheck(page, "the tournament page");
  await page.screenshot({ path: join(SHOTS, "tournament-running.png"), fullPage: true });
  const watch = await page.getAttribute(".tables a.watch-table", "href");
  check(/^\/game\/[^/]+$/.test(watch), `a link to watch the table: ${watch}`);

  // Play your game: the player's seat, by a fresh seat link.
  await page.click(".tables button.play-table");
  await page.waitForURL(/\/game\/[^/#]+#token=/, { timeout: 10_000 });
  await page.waitForSelector(".page.game .board");
  check(console_.problems.length === 0, console_.problems.join("\n"));
  console.log("tournament page: OK (listed, joined, left, joined, a live table of 3 watched and its seat taken)");
} finally {
  await browser.close();
  await stopSatrap(satrap);
}
