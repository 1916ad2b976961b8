// "Play rated" through the page: the server's queue (FindMatch) and the
// leaderboards.
//
// Casual, on the server at SATRAP_URL (no player key): the queue shows the
// place and the time waited; Cancel leaves the queue (a second browser then
// queues alone); two browsers queueing for the same game are matched into
// one game; with computer players filling the seats after 1 s a game is
// found, the page takes the seat as a seat link does (a reload keeps it),
// and it is played to the end by clicking, not rated.
//
// Keys only, on a satrap with `--api-keys-file` alone: the lobby offers
// neither "New game" (the server would refuse it) nor "Play rated" without
// a key, says why, and offers signing in.
//
// Rated, on a satrap this test starts with `--api-keys-file --guests` and a
// player key made by `satrap api-key tester player`: with no key the page
// offers "New game" and not "Play rated"; a casual game is created and
// played to the end with no key (as a guest); then signing in with a key
// the server does not know offers "Play rated", and queueing is refused in
// words; signed in with the right key the game found is rated, played to
// the end, its end screen says it was rated and links to the leaderboard,
// where the player's row is marked and the computer players are named by
// their level, never by their engine ids. axe-core and the engine-word
// checks run on the lobby, the queue panel and the leaderboard.
//
//   SATRAP_URL=http://127.0.0.1:50051 SATRAP_BIN=../target/debug/satrap node test/rated.mjs
//
// SATRAP_PORT and PAGE_URL: run the keyed satrap on that port and open its
// page at PAGE_URL (a `vite preview` proxying to it, as for resume.mjs).
// CASUAL_ONLY=1: the casual part alone (through the gateway, where the two
// browsers' queue streams land on different replicas).
// DOCS_SCREENSHOTS=dir also writes the docs' pictures of the queue and the
// leaderboard.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  axeCheck, base, check, checkPlayerLanguage, checkTextsOf, ConsoleWatch, createInLobby, freePort, launch, playToEnd, startSatrap, state, stopSatrap,
} from "./lib.mjs";

const CASUAL_URL = base();
if (!CASUAL_URL) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const BIN = resolve(process.env.SATRAP_BIN ?? "../target/debug/satrap");
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
const DOCS = process.env.DOCS_SCREENSHOTS ? resolve(process.env.DOCS_SCREENSHOTS) : "";
mkdirSync(SHOTS, { recursive: true });
if (DOCS) mkdirSync(DOCS, { recursive: true });
const DESKTOP = { width: 1280, height: 720 };
const GAME = "king_of_siam";

async function shot(page, name, docsName, opts = {}) {
  const path = join(SHOTS, name);
  await page.screenshot({ path, ...opts });
  if (DOCS && docsName) copyFileSync(path, join(DOCS, docsName));
}

/** Opens the lobby at `url` and the "Play rated" panel of GAME, filled in. */
async function openQueue(page, url, { name, fillAfter, filler = "random", players = 2 }) {
  await page.goto(`${url}/`);
  await page.click(`.type[data-type="${GAME}"] button.play-rated`);
  await page.waitForSelector("form.rated");
  await page.selectOption('select[name="rated-players"]', String(players));
  await page.fill('input[name="rated-name"]', name);
  await page.fill('input[name="fill-after"]', String(fillAfter));
  await page.selectOption('select[name="filler"]', filler);
}

/** The place shown in the queue, once the server has told it. */
async function queuePlace(page) {
  await page.waitForSelector(".rated .queue-place", { timeout: 10000 })
    .catch(async (e) => { throw new Error(`no place in the queue shown: ${await page.textContent("form.rated")}: ${e.message}`); });
  return (await page.textContent(".rated .queue")).replace(/\s+/g, " ").trim();
}

/** Waits until the page went into a found game; returns its id and token. */
async function matched(page, where) {
  await page.waitForURL(/\/game\/[^/#]+#token=/, { timeout: 30000 })
    .catch(async (e) => { throw new Error(`${where}: no game found: ${await page.textContent("form.rated").catch(() => "")}: ${e.message}`); });
  const url = new URL(page.url());
  await page.waitForSelector(".page.game .board");
  return { gameId: decodeURIComponent(url.pathname.split("/")[2]), token: url.hash };
}

const console_ = new ConsoleWatch();
const browser = await launch();
const dir = mkdtempSync(join(tmpdir(), "satrap-rated-"));
let server = null;
let failed = false;

async function casual() {
  const a = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const b = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  console_.attach(a, "casual A");
  console_.attach(b, "casual B");

  // Waiting for people only: the place and the time waited, then Cancel.
  await openQueue(a, CASUAL_URL, { name: "Ann", fillAfter: 0 });
  await checkTextsOf(a, "form.rated", "the queue panel");
  check((await a.textContent("button.find-match")).includes("casual"), "without a key the game found is casual");
  await a.click("button.find-match");
  const place = await queuePlace(a);
  check(/1st in the queue/.test(place), `the queue shows the place: ${place}`);
  await a.waitForFunction(() => document.querySelector(".rated .queue-waited")?.textContent >= "0:02", null, { timeout: 10000 });
  await checkTextsOf(a, "form.rated", "the queue panel while waiting");
  await axeCheck(a, "the lobby while queueing");
  await shot(a, "play-rated.png", "play-rated.png", { fullPage: true });
  await a.click("button.cancel-queue");
  await a.waitForSelector("button.find-match");
  check((await a.$(".rated .queue")) === null, "Cancel leaves the queue panel idle");

  // B queues alone: A's cancel left the queue. Then A queues again, and
  // the two are matched into one game.
  await openQueue(b, CASUAL_URL, { name: "Bea", fillAfter: 0 });
  await b.click("button.find-match");
  const alone = await queuePlace(b);
  check(/1st in the queue/.test(alone) && !/ of \d+ players/.test(alone), `after Cancel the queue holds only the new player: ${alone}`);
  await a.click("button.find-match");
  const [ma, mb] = await Promise.all([matched(a, "Ann"), matched(b, "Bea")]);
  check(ma.gameId === mb.gameId && ma.token !== mb.token, `both players are in one game with a seat each: ${ma.gameId} ${mb.gameId}`);
  check((await a.textContent(".topbar")).includes("You are Ann") && (await b.textContent(".topbar")).includes("You are Bea"), "each page is its player's seat");
  check((await a.textContent("table.seats")).includes("Bea"), "the opponent from the queue is named");
  await a.context().close();
  await b.context().close();

  // Computer players after 1 s: a game at once, taken as a seat link is.
  const p = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  console_.attach(p, "casual player");
  await openQueue(p, CASUAL_URL, { name: "Cal", fillAfter: 1 });
  await p.click("button.find-match");
  const { gameId } = await matched(p, "Cal");
  check((await p.$(".rated-chip")) === null, "a casual game is not marked rated");
  await p.reload();
  await p.waitForSelector(".page.game .hand.own");
  check((await p.textContent(".topbar")).includes("You are Cal"), "a reload keeps the seat");
  const clicks = await playToEnd(p, gameId, "casual game");
  await p.waitForSelector(".end-screen");
  check((await p.$(".end-screen .rated-note")) === null, "a casual game's end does not claim to be rated");
  console.log(`casual: Cancel left the queue, two browsers were matched into one game, and a game with computer players after 1 s was played to the end in ${clicks} clicks (version ${(await state(p)).version})`);
  await p.context().close();
}

/** The lobby's offers now: which buttons of GAME's card are there. */
async function offers(page) {
  // Once the game types and what the server allows are both known.
  await page.waitForSelector(`main.lobby[data-allowed="1"] .type[data-type="${GAME}"] a.howto-link`);
  return {
    create: (await page.$(`.type[data-type="${GAME}"] button.new-game`)) !== null,
    rated: (await page.$(`.type[data-type="${GAME}"] button.play-rated`)) !== null,
    signIn: (await page.$(".hero form.sign-in")) !== null,
  };
}

/** Signs in (or out, with "") through the lobby's header. */
async function signIn(page, key) {
  if (await page.$(".hero button.sign-out")) await page.click(".hero button.sign-out");
  if (!key) return;
  await page.fill('input[name="sign-in-key"]', key);
  await page.click(".hero button.sign-in-button");
  await page.waitForSelector(".hero .signed-in");
}

/** A player key made by `satrap api-key NAME player` and its keys-file line. */
function playerKey(name) {
  const out = execFileSync(BIN, ["api-key", name, "player"], { encoding: "utf8" });
  const key = out.split("\n").find((l) => /^satrap_\S+$/.test(l.trim()))?.trim();
  const line = out.split("\n").find((l) => new RegExp(`^${name} player [0-9a-f]{64}$`).test(l.trim()));
  check(key && line, `satrap api-key printed a key and its line: ${out}`);
  return { key, line };
}

async function keysOnly() {
  const { line } = playerKey("someone");
  const keys = join(dir, "keys-only");
  writeFileSync(keys, `${line}\n`);
  const port = await freePort();
  const closed = await startSatrap(BIN, port, ["--database", "memory://", "--api-keys-file", keys]);
  try {
    const p = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    console_.attach(p, "keys only");
    await p.goto(`http://127.0.0.1:${port}/`);
    const o = await offers(p);
    check(!o.create && !o.rated && o.signIn, `a keys-only server: no New game, no Play rated without a key, sign-in offered: ${JSON.stringify(o)}`);
    const why = await p.textContent(".hero .closed-create");
    check(/player key/.test(why), `the lobby says why there is no New game: ${why}`);
    await checkTextsOf(p, ".hero", "the keys-only lobby's header");
    await axeCheck(p, "the keys-only lobby");
    console.log(`keys only: the lobby offered no New game and no Play rated without a key, and said: ${why}`);
    await p.context().close();
  } finally {
    await stopSatrap(closed);
  }
}

async function rated() {
  const { key, line } = playerKey("tester");
  const keys = join(dir, "api-keys");
  writeFileSync(keys, `${line}\n`);
  const port = Number(process.env.SATRAP_PORT) || await freePort();
  const url = process.env.PAGE_URL ?? `http://127.0.0.1:${port}`;
  server = await startSatrap(BIN, port, ["--database", "memory://", "--api-keys-file", keys, "--guests"]);

  const p = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  console_.attach(p, "rated player");
  // With guests on and no key: New game, no Play rated, sign-in offered.
  await p.goto(`${url}/`);
  const guest = await offers(p);
  check(guest.create && !guest.rated && guest.signIn, `guests on, no key: New game and sign-in, no Play rated: ${JSON.stringify(guest)}`);
  check((await p.$("section.games .closed-list")) !== null, "a server with keys does not list its games to the page, and the lobby says so");
  // A casual game created and played to the end with no key, as a guest.
  const { seatLink } = await createInLobby(p, { id: GAME, players: 2, url });
  check((await p.textContent(".create .guest-note")).includes("casual"), "the new-game form says a visitor plays casual games");
  await checkTextsOf(p, "main.lobby", "the lobby of a guest");
  await p.goto(new URL(seatLink, url).href);
  await p.waitForSelector(".page.game .board");
  const guestGame = decodeURIComponent(new URL(p.url()).pathname.split("/")[2]);
  const guestClicks = await playToEnd(p, guestGame, "a guest's casual game");
  await p.waitForSelector(".end-screen");
  check((await p.$(".end-screen .rated-note")) === null, "a guest's game is not rated");
  await checkPlayerLanguage(p, guestGame, "a guest's game's end screen");

  // A key the server does not know: rated play is offered, the queue
  // refuses it in words, nothing queued.
  await p.goto(`${url}/`);
  await signIn(p, "satrap_not_a_key_of_this_server");
  const signed = await offers(p);
  check(signed.rated && signed.create && !signed.signIn, `signed in: Play rated offered: ${JSON.stringify(signed)}`);
  await checkTextsOf(p, ".hero", "the signed-in lobby's header");
  await openQueue(p, url, { name: "Tester", fillAfter: 1 });
  check((await p.textContent("button.find-match")).includes("rated"), "with a key the game found is rated");
  await p.click("button.find-match");
  await p.waitForSelector(".rated .error", { timeout: 10000 });
  const refused = await p.textContent(".rated .error");
  check(/player key/.test(refused) && !/Error \(|Unauthenticated/.test(refused), `an unknown key is explained in words: ${refused}`);

  // The right key: a rated game with computer players after 1 s.
  await signIn(p, key);
  await openQueue(p, url, { name: "Tester", fillAfter: 1 });
  await p.click("button.find-match");
  const { gameId } = await matched(p, "Tester");
  await p.waitForSelector(".topbar .rated-chip");
  const clicks = await playToEnd(p, gameId, "rated game");
  await p.waitForSelector(".end-screen .rated-note", { timeout: 15000 });
  await checkPlayerLanguage(p, gameId, "the rated game's end screen");
  await shot(p, "rated-end.png");

  // The end screen's link: the leaderboard with the player marked.
  await p.click(".end-screen .rated-note a.leaderboard-link");
  await p.waitForSelector('.page.leaderboard[data-loaded="1"]');
  await p.waitForSelector(".board-table tr.me", { timeout: 10000 });
  const mine = await p.textContent(".board-table tr.me");
  check(mine.includes("Tester") && mine.includes("(you)"), `the player's own row is marked: ${mine}`);
  const cells = await p.$$eval(".board-table tr.me td", (tds) => tds.map((t) => t.textContent.trim()));
  check(cells[3] === "1", `the player has one rated game: ${cells}`);
  const rows = await p.$$eval(".board-table tbody tr", (trs) => trs.map((t) => t.textContent));
  check(rows.length === 2 && rows.some((r) => r.includes("Random bot")), `the computer player is on the board by its level: ${rows}`);
  check((await p.textContent(".my-rating")).includes("after 1 rated game"), "the player's own rating is told");
  await checkTextsOf(p, ".page.leaderboard", "the leaderboard");
  await axeCheck(p, "the leaderboard");
  await shot(p, "leaderboard.png", "leaderboard.png", { fullPage: true });

  // The other ways there: the lobby and the how-to-play page.
  await p.goto(`${url}/`);
  await p.click(`.type[data-type="${GAME}"] a.leaderboard-link`);
  await p.waitForSelector('.page.leaderboard[data-loaded="1"] .board-table tr.me');
  await p.goto(`${url}/how-to-play/${GAME}`);
  await p.click(".howto .crumbs a.leaderboard-link");
  await p.waitForSelector(`.page.leaderboard[data-game-type="${GAME}"][data-loaded="1"]`);
  // Another game's board, empty so far, says so.
  await p.click('.other-boards a[href="/leaderboard/territories"]');
  await p.waitForSelector('.page.leaderboard[data-game-type="territories"][data-loaded="1"]');
  check((await p.textContent(".board-table tbody")).includes("No rated Territories games yet"), "an empty leaderboard says so");
  console.log(`rated: a guest's casual game was played to the end in ${guestClicks} clicks with no key; an unknown key was refused in words; the rated game was played to the end in ${clicks} clicks; the leaderboard shows ${rows.length} players with the player's row marked: ${mine.replace(/\s+/g, " ")}`);
  await p.context().close();
}

try {
  await casual();
  if (process.env.CASUAL_ONLY !== "1") {
    await keysOnly();
    await rated();
  }
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack ?? e}`);
} finally {
  await browser.close();
  if (server) await stopSatrap(server);
  rmSync(dir, { recursive: true, force: true });
}
if (console_.problems.length) {
  failed = true;
  console.error(console_.problems.join("\n"));
}
console.log(failed ? "rated test FAILED" : `rated test passed; screenshots in ${SHOTS}`);
process.exit(failed ? 1 : 0);
