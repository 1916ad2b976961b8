// The browser test: for every game, a person's seat plays a whole game
// against built-in bots by clicking only (random choices among what the page
// offers: highlighted board places or the action bar's buttons), while a
// second browser context watches the same game live. Everything the player
// reads (buttons, the prompt, the event log, the names of board places) must
// be player language, never the engine's notation, ids or coordinates; the
// board, the hand and the action bar fit a 1280x720 window; on a 390x844
// phone the action bar stays in view. A finished game's replay is stepped to
// its end, and axe-core finds no serious or critical accessibility problem
// on the lobby, a game, a how-to-play page and a replay.
// Screenshots go to SCREENSHOT_DIR; DOCS_SCREENSHOTS=dir also writes the
// ones the docs show (docs/screenshots/). Any console error fails.
//
//   SATRAP_URL=http://127.0.0.1:50051 node test/browser.mjs
//
// SATRAP_URL is the page's address: satrap itself, a gateway in front, or
// `vite preview` proxying to a satrap (scripts/dev-server.sh).
// CHROMIUM (default /usr/bin/chromium) is Debian's Chromium; no browser is
// downloaded. GAMES limits the run to some game ids (comma-separated).
// TEST_SEED (default fixed) seeds the clicks and the games' generators.
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  axeCheck, base, checkPlayerLanguage, checkTextsOf, ConsoleWatch, TEST_SEED, check, clickOnce, createInLobby, inViewport, launch, runAndExit, state,
} from "./lib.mjs";

const BASE = base();
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
const DOCS = process.env.DOCS_SCREENSHOTS ? resolve(process.env.DOCS_SCREENSHOTS) : "";
const MAX_STEPS = Number(process.env.MAX_STEPS ?? 6000);
mkdirSync(SHOTS, { recursive: true });
if (DOCS) mkdirSync(DOCS, { recursive: true });
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

/** A screenshot into SHOTS, and into the docs' folder under `docsName`. */
async function shot(page, name, docsName, opts = {}) {
  const path = join(SHOTS, name);
  await page.screenshot({ path, ...opts });
  if (DOCS && docsName) copyFileSync(path, join(DOCS, docsName));
}

const GAMES = [
  { id: "king_of_siam", players: 3, seed: TEST_SEED, shotAt: 10 },
  { id: "alexandros", players: 2, turnLimit: 30, seed: TEST_SEED + 1 },
  { id: "ming_dynasty", players: 3, seed: TEST_SEED + 2 },
  { id: "territories", players: 2, seed: TEST_SEED + 3 },
].filter((g) => !process.env.GAMES || process.env.GAMES.split(",").includes(g.id));

const console_ = new ConsoleWatch();
const browser = await launch();

async function lobbyChecks(page) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector(".type[data-type]");
  const types = await page.$$eval(".type[data-type]", (els) => els.map((e) => e.getAttribute("data-type")));
  for (const id of ["king_of_siam", "alexandros", "ming_dynasty", "territories"]) check(types.includes(id), `lobby lists ${id}`);
  // The names, descriptions and rules links come from ListGameTypes: each
  // game has a short description in player language (not the move encoding
  // the rest of the server's text explains) and a rules link satrap serves.
  check((await page.textContent('.type[data-type="ming_dynasty"] h2')) === "Ming Dynasty", "the lobby names the games");
  await checkTextsOf(page, ".type .desc", "the lobby's descriptions");
  for (const desc of await page.$$eval(".type .desc", (els) => els.map((e) => e.textContent))) {
    check(desc.length > 40 && /[.!?]$/.test(desc), `a whole sentence describes each game: ${JSON.stringify(desc)}`);
  }
  const rulesLinks = await page.$$eval(".type a.rules-link", (as) => as.map((a) => a.getAttribute("href")));
  check(rulesLinks.length === types.length, "every game links to its rules");
  for (const href of rulesLinks) {
    const file = await page.request.get(`${BASE}/docs/rules/${href.replace(/^\/rules\//, "")}.md`);
    check(file.ok(), `the rules behind ${href} are served (${file.status()})`);
  }
  await axeCheck(page, "the lobby");
  // Every bot the server offers for a game can be chosen for a seat, and
  // the person's default name is not "You".
  await page.click('.type[data-type="king_of_siam"] button.new-game');
  const offered = (await page.textContent('.type[data-type="king_of_siam"] .bots-offered')).split(", ");
  const options = await page.$$eval('select[name="who-1"] option', (os) => os.map((o) => o.value));
  for (const bot of offered) check(options.includes(bot), `bot ${bot} can be chosen`);
  const defaultName = await page.inputValue('input[name="name-0"]');
  check(defaultName && defaultName !== "You", `a sensible default name: ${defaultName}`);
  // The picture shows a mix of bots and a clock.
  await page.selectOption('select[name="who-2"]', "mcts-hard");
  await page.selectOption('select[name="clock"]', "per-move");
  await shot(page, "lobby.png", "lobby.png", { fullPage: true });
  // How to play opens from the lobby; the players' rules are one click
  // further, the full specification one more.
  await page.click('.type[data-type="king_of_siam"] a.howto-link');
  await page.waitForSelector(".howto h1");
  check((await page.textContent(".howto")).includes("The goal"), "the how-to-play page has the goal");
  await axeCheck(page, "the how-to-play page");
  await shot(page, "how-to-play.png", "how-to-play.png", { fullPage: true });
  await page.click(".full-rules a");
  await page.waitForSelector(".players-rules article h1");
  await axeCheck(page, "the players' rules");
  await page.click(".players-rules a.spec-link");
  await page.waitForSelector(".rules article h1");
  check((await page.textContent(".rules article")).includes("KS-1"), "the specification follows one click further");
  // Every page's address can be reloaded (satrap answers it with the page).
  await page.reload();
  await page.waitForSelector(".rules article h1");
  // An unknown game is an error in words, not a blank page.
  await page.goto(`${BASE}/game/no-such-game`);
  await page.waitForSelector(".error");
  check((await page.textContent(".error")).includes("No such game"), "unknown game explained in words");
}

/** The layout at 1280x720: board, hand and action bar in view, no scrolling. */
async function checkDesktopLayout(page, gameId) {
  for (const sel of [".board", ".hand.own", ".actionbar"]) {
    check(await inViewport(page, sel), `${gameId}: ${sel} is not inside the 1280x720 window`);
  }
}

/** The seat's page on a phone: the action bar stays in view beside the board. */
async function phoneShot(seatLink, game) {
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  console_.attach(page, `${game.id} phone`);
  await page.goto(seatLink);
  await page.waitForSelector(".page.game .board");
  await page.waitForSelector(".actionbar");
  check(await inViewport(page, ".actionbar"), `${game.id}: the action bar is not in view on a phone`);
  check(await page.evaluate(() => document.querySelector(".board").getBoundingClientRect().top < window.innerHeight / 2), `${game.id}: the board is not at the top on a phone`);
  await shot(page, `${game.id}-phone.png`, `${game.id}-phone.png`);
  await ctx.close();
}

/** The finished game's replay, opened from the end screen and stepped to its end. */
async function replayChecks(player, game, gameId) {
  await player.click(".end-screen a.replay-link");
  await player.waitForSelector('.page.replay[data-loaded="1"]', { timeout: 60000 });
  const steps = Number(await player.getAttribute(".page.replay", "data-steps"));
  check(steps > 10, `${game.id}: the replay has ${steps} moves`);
  for (let i = 1; i <= 3; i++) {
    await player.click(".player-controls button.next");
    await player.waitForSelector(`.page.replay[data-step="${i}"]`);
  }
  await checkPlayerLanguage(player, gameId, `${game.id} replay`);
  // Played back fast, then the rest stepped to the end.
  await player.selectOption(".player-controls select", "2");
  await player.click(".player-controls button.play");
  await player.waitForFunction(() => Number(document.querySelector(".page.replay")?.getAttribute("data-step")) >= 8, null, { timeout: 15000 });
  await player.click(".player-controls button.play");
  await player.click(".player-controls button.end");
  await player.waitForSelector(`.page.replay[data-step="${steps}"] .end-screen`);
  const version = await player.getAttribute(".page.replay", "data-version");
  await checkPlayerLanguage(player, gameId, `${game.id} replay at its end`);
  await player.click(".player-controls button.prev");
  await player.waitForSelector(`.page.replay[data-step="${steps - 1}"]`);
  await player.click(".player-controls button.end");
  return version;
}

async function playOne(game, { replay }) {
  const started = Date.now();
  const ctxPlayer = await browser.newContext({ viewport: DESKTOP });
  const ctxWatcher = await browser.newContext({ viewport: DESKTOP });
  const player = await ctxPlayer.newPage();
  const watcher = await ctxWatcher.newPage();
  console_.attach(player, `${game.id} player`);
  console_.attach(watcher, `${game.id} watcher`);

  const { seatLink, watchLink } = await createInLobby(player, game);
  check(/#token=/.test(seatLink) && !/\?/.test(seatLink), "the seat token rides in the fragment, never in a query");
  const gameId = decodeURIComponent(/\/game\/([^/#]+)/.exec(seatLink)[1]);

  await watcher.goto(`${BASE}${watchLink}`);
  await watcher.waitForSelector(".page.game .board");
  check((await watcher.$(".actionbar")) === null, "a spectator gets no moves");
  check((await watcher.textContent(".topbar")).includes("Watching"), "the watcher is a spectator");
  await player.goto(seatLink);
  await player.waitForSelector(".page.game .board");
  check((await player.$(".hand.own")) !== null, "the seat sees its own hand");

  const watcherVersions = new Set();
  const clicks = { board: 0, word: 0 };
  let steps = 0, midShot = false;
  for (;;) {
    const r = await clickOnce(player);
    if (r === "finished") break;
    if (r === "wait") continue;
    clicks[r] += 1;
    steps += 1;
    check(steps < MAX_STEPS, `${game.id}: not finished after ${MAX_STEPS} clicks`);
    await checkPlayerLanguage(player, gameId, `${game.id} after click ${steps}`);
    if (steps % 10 === 0) watcherVersions.add(await watcher.getAttribute(".page.game", "data-version"));
    if (!midShot && steps >= (game.shotAt ?? 30) && (await state(player)).words > 0) {
      midShot = true;
      await checkDesktopLayout(player, game.id);
      await shot(player, `${game.id}.png`, `${game.id}.png`);
      await shot(watcher, `${game.id}-watcher-mid.png`);
      await axeCheck(player, `${game.id} game page`);
      await phoneShot(seatLink, game);
    }
  }
  check(midShot, `${game.id}: the game ended before its screenshots (${steps} clicks)`);
  const final = await state(player);
  // The watcher follows to the end by itself, through its own stream.
  await watcher.waitForSelector('.page.game[data-status="finished"]', { timeout: 15000 });
  const watcherFinal = await watcher.getAttribute(".page.game", "data-version");
  check(watcherFinal === final.version, `${game.id}: watcher at ${watcherFinal}, player at ${final.version}`);
  check(watcherVersions.size >= 2, `${game.id}: the watcher did not follow live (${[...watcherVersions]})`);
  check((await watcher.$(".hand.own")) === null, "a spectator sees no own hand");
  // The watcher built every version from deltas (UPDATE_MODE_DELTA): its
  // board must be the one a fresh page draws from a whole snapshot.
  const fresh = await ctxWatcher.newPage();
  await fresh.goto(`${BASE}${watchLink}`);
  await fresh.waitForSelector('.page.game[data-status="finished"] .board');
  // Compared element by element, attributes sorted (an element Preact patched
  // may list the same attributes in another order than a new one).
  const canonical = (b) => {
    const walk = (n) => n.nodeType === 3 ? n.textContent
      : n.nodeType !== 1 ? ""
      : `<${n.tagName} ${[...n.attributes].map((a) => `${a.name}=${a.value}`).sort().join(" ")}>${[...n.childNodes].map(walk).join("")}</>`;
    return walk(b);
  };
  const [followed, whole] = await Promise.all([watcher, fresh].map((p) => p.$eval(".board", canonical)));
  if (followed !== whole) {
    let i = 0;
    while (followed[i] === whole[i]) i++;
    throw new Error(`${game.id}: the board built from deltas differs from a fresh page's at character ${i}: ${JSON.stringify(followed.slice(i - 150, i + 80))} against ${JSON.stringify(whole.slice(i - 150, i + 80))}`);
  }
  await fresh.close();
  await player.waitForSelector(".end-screen");
  const outcome = (await player.textContent(".end-screen h2")).trim();
  const names = await player.$$eval(".end-screen .results li", (ls) => ls.map((l) => l.textContent));
  check(names.length === game.players, `${game.id}: the end screen lists every player: ${names}`);
  await checkPlayerLanguage(player, gameId, `${game.id} end screen`);
  await shot(player, `${game.id}-player-final.png`);
  await shot(watcher, `${game.id}-watcher-final.png`);
  let replayed = "";
  if (replay) {
    const version = await replayChecks(player, game, gameId);
    check(version === final.version, `${game.id}: the replay ends at version ${version}, the game at ${final.version}`);
    await axeCheck(player, `${game.id} replay`);
    await shot(player, `${game.id}-replay.png`, "replay.png");
    replayed = ` The replay stepped through ${await player.getAttribute(".page.replay", "data-steps")} moves.`;
  }
  await ctxPlayer.close();
  await ctxWatcher.close();
  console.log(`${game.id}: finished at version ${final.version} after ${steps} clicks (${clicks.board} on the board, ${clicks.word} on buttons) in ${((Date.now() - started) / 1000).toFixed(1)} s; the watcher showed ${watcherVersions.size} different versions along the way; ${outcome}.${replayed}`);
}

await runAndExit("browser test", browser, console_, async () => {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  // The unknown game's failed call is expected; nothing else may log an error.
  console_.ignore = (text) => text.includes("no-such-game");
  console_.attach(page, "lobby");
  await lobbyChecks(page);
  await ctx.close();
  for (const [i, game] of GAMES.entries()) await playOne(game, { replay: i === 0 || process.env.REPLAY_ALL === "1" });
  // Finished games are listed with their replay, which opens from the list.
  const lobby = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  console_.attach(lobby, "lobby after");
  await lobby.goto(`${BASE}/`);
  await lobby.selectOption('select[name="status"]', "2");
  await lobby.waitForSelector(".games a.replay-link");
  await lobby.click(".games a.replay-link");
  await lobby.waitForSelector('.page.replay[data-loaded="1"]', { timeout: 60000 });
  await lobby.click(".player-controls button.end");
  await lobby.waitForSelector(".page.replay .end-screen");
}, `browser test passed; screenshots in ${SHOTS}`);
