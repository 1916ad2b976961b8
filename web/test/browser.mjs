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
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const BASE = (process.env.SATRAP_URL ?? "").replace(/\/$/, "");
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
const MAX_STEPS = Number(process.env.MAX_STEPS ?? 6000);
let seed = Number(process.env.TEST_SEED ?? 20261124) >>> 0;
mkdirSync(SHOTS, { recursive: true });

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const GAMES = [
  { id: "king_of_siam", players: 3 },
  { id: "alexandros", players: 2, turnLimit: 30 },
  { id: "ming_dynasty", players: 3 },
  { id: "territories", players: 2 },
].filter((g) => !process.env.GAMES || process.env.GAMES.split(",").includes(g.id));

const problems = [];
function watchConsole(page, who) {
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${who}: console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`${who}: page error: ${e.message}`));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
  // playwright starts Chromium with a new, empty profile directory of its own.
});

function check(cond, message) {
  if (!cond) throw new Error(message);
}

async function state(page) {
  return page.evaluate(() => {
    const g = document.querySelector(".page.game");
    return {
      version: g?.getAttribute("data-version") ?? "",
      status: g?.getAttribute("data-status") ?? "",
      steps: document.querySelector(".moves .steps")?.textContent ?? "",
      words: document.querySelectorAll(".moves .next button.word").length,
      keys: [...document.querySelectorAll(".board .clickable, .info .clickable")].map((e) => e.getAttribute("data-key")),
      error: document.querySelector(".error")?.textContent ?? "",
    };
  });
}

async function lobbyChecks(page) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector(".type[data-type]");
  const types = await page.$$eval(".type[data-type]", (els) => els.map((e) => e.getAttribute("data-type")));
  for (const id of ["king_of_siam", "alexandros", "ming_dynasty", "territories"]) check(types.includes(id), `lobby lists ${id}`);
  // The rules open as a page served by satrap.
  await page.click('.type[data-type="king_of_siam"] a');
  await page.waitForSelector(".rules article h1");
  const text = await page.textContent(".rules article");
  check(text.includes("KS-1"), "the King of Siam rules page shows rule ids");
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
  watchConsole(player, `${game.id} player`);
  watchConsole(watcher, `${game.id} watcher`);

  // Create the game through the lobby: seat 0 a person, the others bots.
  await player.goto(`${BASE}/`);
  await player.click(`.type[data-type="${game.id}"] button.new-game`);
  await player.selectOption('select[name="players"]', String(game.players));
  await player.selectOption('select[name="who-0"]', "");
  if (game.turnLimit) await player.fill('input[name="turn-limit"]', String(game.turnLimit));
  await player.click("button.create-game");
  await player.waitForSelector(".created a.seat-link");
  const seatLink = await player.getAttribute('.created a.seat-link[data-seat="0"]', "href");
  const watchLink = await player.getAttribute(".created a.watch-link", "href");
  check(/#token=/.test(seatLink) && !/\?/.test(seatLink), "the seat token rides in the fragment, never in a query");

  await watcher.goto(`${BASE}${watchLink}`);
  await watcher.waitForSelector(".page.game .board");
  check((await watcher.$(".moves")) === null, "a spectator gets no moves");
  check((await watcher.textContent("header")).includes("spectator"), "the watcher is a spectator");
  await player.goto(seatLink);
  await player.waitForSelector(".page.game .board");

  const watcherVersions = new Set();
  let steps = 0, boardClicks = 0, wordClicks = 0, midShot = false;
  for (;;) {
    const s = await state(player);
    if (s.status === "finished") break;
    check(steps < MAX_STEPS, `${game.id}: not finished after ${MAX_STEPS} steps`);
    if (s.words === 0 && s.keys.length === 0) {
      await player.waitForTimeout(20);
      continue;
    }
    if (s.error) throw new Error(`${game.id}: the page shows an error: ${s.error}`);
    const useBoard = s.keys.length > 0 && (s.words === 0 || random() < 0.6);
    if (useBoard) {
      const key = pick(s.keys);
      await player.click(`[data-key="${key}"].clickable`);
      boardClicks += 1;
    } else {
      const buttons = await player.$$(".moves .next button.word");
      await pick(buttons).click();
      wordClicks += 1;
    }
    steps += 1;
    await player.waitForFunction(
      (before) => {
        const g = document.querySelector(".page.game");
        const steps = document.querySelector(".moves .steps")?.textContent ?? "";
        return g?.getAttribute("data-version") !== before.version || steps !== before.steps || g?.getAttribute("data-status") === "finished"
          || document.querySelector(".error") !== null;
      },
      s,
      { timeout: 15000 },
    );
    if (steps % 10 === 0) watcherVersions.add(await watcher.getAttribute(".page.game", "data-version"));
    if (!midShot && steps >= 40) {
      midShot = true;
      await player.screenshot({ path: join(SHOTS, `${game.id}-player-mid.png`), fullPage: true });
      await watcher.screenshot({ path: join(SHOTS, `${game.id}-watcher-mid.png`), fullPage: true });
    }
  }
  const final = await state(player);
  // The watcher follows to the end by itself.
  await watcher.waitForSelector('.page.game[data-status="finished"]', { timeout: 15000 });
  const watcherFinal = await watcher.getAttribute(".page.game", "data-version");
  check(watcherFinal === final.version, `${game.id}: watcher at ${watcherFinal}, player at ${final.version}`);
  check(watcherVersions.size >= 2 || steps < 20, `${game.id}: the watcher did not follow live (${[...watcherVersions]})`);
  check((await watcher.$(".hand.own")) === null, "a spectator sees no own hand");
  const outcome = await player.textContent(".outcome");
  await player.screenshot({ path: join(SHOTS, `${game.id}-player-final.png`), fullPage: true });
  await watcher.screenshot({ path: join(SHOTS, `${game.id}-watcher-final.png`), fullPage: true });
  await player.locator(".board").screenshot({ path: join(SHOTS, `${game.id}-board.png`) });
  await ctxPlayer.close();
  await ctxWatcher.close();
  console.log(`${game.id}: finished at version ${final.version} after ${steps} clicks (${boardClicks} on the board, ${wordClicks} on words) in ${((Date.now() - started) / 1000).toFixed(1)} s; watcher saw versions ${[...watcherVersions].join(",")}; ${outcome}`);
}

let failed = false;
try {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  watchConsole(page, "lobby");
  await lobbyChecks(page);
  // The unknown game above logs the failed call; that one is expected.
  problems.length = 0;
  await ctx.close();
  for (const game of GAMES) await playOne(game);
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack ?? e}`);
} finally {
  await browser.close();
}
if (problems.length) {
  failed = true;
  console.error(problems.join("\n"));
}
console.log(failed ? "browser test FAILED" : `browser test passed; screenshots in ${SHOTS}`);
process.exit(failed ? 1 : 0);
