// The browser test: for every game, a person's seat plays a whole game
// against built-in bots by clicking through the page (random choices among
// what the page offers: highlighted board elements or the next notation
// word), while a second browser context watches the same game live.
// Screenshots of every board go to SCREENSHOT_DIR; any console error fails.
//
//   SATRAP_URL=http://127.0.0.1:50051 node test/browser.mjs
//
// SATRAP_URL is the page's address: satrap itself, or a gateway in front.
// CHROMIUM (default /usr/bin/chromium) is Debian's Chromium; no browser is
// downloaded. GAMES limits the run to some game ids (comma-separated).
// TEST_SEED (default fixed) seeds the clicks and the games' generators.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { base, ConsoleWatch, TEST_SEED, check, clickOnce, createInLobby, launch, state } from "./lib.mjs";

const BASE = base();
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
const MAX_STEPS = Number(process.env.MAX_STEPS ?? 6000);
mkdirSync(SHOTS, { recursive: true });

const GAMES = [
  { id: "king_of_siam", players: 3, seed: TEST_SEED },
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
  // Every bot the server offers for a game can be chosen for a seat.
  await page.click('.type[data-type="king_of_siam"] button.new-game');
  const offered = (await page.textContent('.type[data-type="king_of_siam"] .players')).split("bots: ")[1].split(", ");
  const options = await page.$$eval('select[name="who-1"] option', (os) => os.map((o) => o.value));
  for (const bot of offered) check(options.includes(bot), `bot ${bot} can be chosen`);
  await page.screenshot({ path: join(SHOTS, "lobby.png"), fullPage: true });
  // The rules open as a page served by satrap.
  await page.click('.type[data-type="king_of_siam"] a');
  await page.waitForSelector(".rules article h1");
  await page.screenshot({ path: join(SHOTS, "rules.png") });
  check((await page.textContent(".rules article")).includes("KS-1"), "the King of Siam rules page shows rule ids");
  // An unknown game is an error in words, not a blank page.
  await page.goto(`${BASE}/game/no-such-game`);
  await page.waitForSelector(".error");
  check((await page.textContent(".error")).includes("No such game"), "unknown game explained in words");
}

async function playOne(game) {
  const started = Date.now();
  const ctxPlayer = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const ctxWatcher = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const player = await ctxPlayer.newPage();
  const watcher = await ctxWatcher.newPage();
  console_.attach(player, `${game.id} player`);
  console_.attach(watcher, `${game.id} watcher`);

  const { seatLink, watchLink } = await createInLobby(player, game);
  check(/#token=/.test(seatLink) && !/\?/.test(seatLink), "the seat token rides in the fragment, never in a query");

  await watcher.goto(`${BASE}${watchLink}`);
  await watcher.waitForSelector(".page.game .board");
  check((await watcher.$(".moves")) === null, "a spectator gets no moves");
  check((await watcher.textContent("header")).includes("spectator"), "the watcher is a spectator");
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
    if (steps % 10 === 0) watcherVersions.add(await watcher.getAttribute(".page.game", "data-version"));
    if (!midShot && steps >= 40) {
      midShot = true;
      await player.screenshot({ path: join(SHOTS, `${game.id}-player-mid.png`), fullPage: true });
      await watcher.screenshot({ path: join(SHOTS, `${game.id}-watcher-mid.png`), fullPage: true });
    }
  }
  const final = await state(player);
  // The watcher follows to the end by itself, through its own stream.
  await watcher.waitForSelector('.page.game[data-status="finished"]', { timeout: 15000 });
  const watcherFinal = await watcher.getAttribute(".page.game", "data-version");
  check(watcherFinal === final.version, `${game.id}: watcher at ${watcherFinal}, player at ${final.version}`);
  check(watcherVersions.size >= 2, `${game.id}: the watcher did not follow live (${[...watcherVersions]})`);
  check((await watcher.$(".hand.own")) === null, "a spectator sees no own hand");
  const outcome = await player.textContent(".outcome");
  await player.screenshot({ path: join(SHOTS, `${game.id}-player-final.png`), fullPage: true });
  await watcher.screenshot({ path: join(SHOTS, `${game.id}-watcher-final.png`), fullPage: true });
  await player.locator(".board").screenshot({ path: join(SHOTS, `${game.id}-board.png`) });
  await ctxPlayer.close();
  await ctxWatcher.close();
  console.log(`${game.id}: finished at version ${final.version} after ${steps} clicks (${clicks.board} on the board, ${clicks.word} on words) in ${((Date.now() - started) / 1000).toFixed(1)} s; the watcher showed ${watcherVersions.size} different versions along the way; ${outcome}`);
}

let failed = false;
try {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await ctx.newPage();
  // The unknown game's failed call is expected; nothing else may log an error.
  console_.ignore = (text) => text.includes("no-such-game");
  console_.attach(page, "lobby");
  await lobbyChecks(page);
  await ctx.close();
  for (const game of GAMES) await playOne(game);
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack ?? e}`);
} finally {
  await browser.close();
}
if (console_.problems.length) {
  failed = true;
  console.error(console_.problems.join("\n"));
}
console.log(failed ? "browser test FAILED" : `browser test passed; screenshots in ${SHOTS}`);
process.exit(failed ? 1 : 0);
