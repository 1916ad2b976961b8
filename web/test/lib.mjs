// Helpers shared by the browser tests: Debian's Chromium through
// playwright-core (never a downloaded browser), console watching, and one
// random click through the page's move UI.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { chromium } from "playwright-core";

/** The page's address (SATRAP_URL), read when used. */
export function base() {
  return (process.env.SATRAP_URL ?? "").replace(/\/$/, "");
}

/** TEST_SEED fixes the clicks and (through the lobby's seed field) the games,
 *  so a failing run can be repeated exactly. */
export const TEST_SEED = Number(process.env.TEST_SEED ?? 20261124) >>> 0;
let seed = TEST_SEED;
/** A small seeded generator (mulberry32), so a failing run can be repeated. */
export function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
export const pick = (list) => list[Math.floor(random() * list.length)];

export function check(cond, message) {
  if (!cond) throw new Error(message);
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    // Without the background-networking flags Chromium keeps calling hosts
    // that this closed network refuses. playwright gives the browser a new,
    // empty profile directory of its own.
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/** Runs a test's `body`, then closes `browser`; an exception or a console
 *  problem `watch` collected fails the test. Prints the verdict (`passed`
 *  when it passed) and exits with its code. */
export async function runAndExit(name, browser, watch, body, passed = `${name} passed`) {
  let failed = false;
  try {
    await body();
  } catch (e) {
    failed = true;
    console.error(`FAILED: ${e.stack ?? e}`);
  } finally {
    await browser.close();
  }
  if (watch.problems.length) {
    failed = true;
    console.error(watch.problems.join("\n"));
  }
  console.log(failed ? `${name} FAILED` : passed);
  process.exit(failed ? 1 : 0);
}

/** Collects console errors and page errors; `ignore` filters expected ones. */
export class ConsoleWatch {
  constructor() { this.problems = []; this.ignore = null; }
  attach(page, who) {
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      if (this.ignore && this.ignore(m.text())) return;
      this.problems.push(`${who}: console error: ${m.text()}`);
    });
    page.on("pageerror", (e) => this.problems.push(`${who}: page error: ${e.message}`));
  }
}

/** What the game page shows now (its data attributes and move UI). */
export async function state(page) {
  return page.evaluate(() => {
    const g = document.querySelector(".page.game");
    return {
      version: g?.getAttribute("data-version") ?? "",
      status: g?.getAttribute("data-status") ?? "",
      steps: document.querySelector(".actionbar .chosen")?.textContent ?? "",
      words: document.querySelectorAll(".actionbar .choices button.choice").length,
      keys: [...document.querySelectorAll(".board .clickable, .hand .clickable")].map((e) => e.getAttribute("data-key")),
      error: document.querySelector(".error")?.textContent ?? "",
      conn: document.querySelector(".conn")?.textContent ?? "",
    };
  });
}

/** Create a game in the lobby (at `url`, default SATRAP_URL) with seat 0 a
 *  person and the others random bots (fast); returns the seat-0 link and
 *  the watch link. */
export async function createInLobby(page, { id, players, turnLimit, seed, bot = "random", url = base() }) {
  await page.goto(`${url}/`);
  await page.click(`.type[data-type="${id}"] button.new-game`);
  await page.selectOption('select[name="players"]', String(players));
  await page.selectOption('select[name="who-0"]', "");
  for (let i = 1; i < players; i++) await page.selectOption(`select[name="who-${i}"]`, bot);
  if (turnLimit) await page.fill('input[name="turn-limit"]', String(turnLimit));
  if (seed !== undefined) {
    await page.click("details.advanced summary");
    await page.fill('input[name="seed"]', String(seed));
  }
  await page.click("button.create-game");
  await page.waitForSelector(".created a.seat-link");
  const seatLink = await page.getAttribute('.created a.seat-link[data-seat="0"]', "href");
  const watchLink = await page.getAttribute(".created a.watch-link", "href");
  return { seatLink, watchLink };
}

/** The words a player sees that must never be the engine's: notation
 *  keywords and other UPPER-CASE identifiers, coordinates and board ids,
 *  "seat N", versions, board-element keys, card codes such as 10H. */
export const ENGINE_WORDS = [
  [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, "an UPPER_SNAKE identifier"],
  [/\b[A-Z]{2,}[0-9]*\b/, "an upper-case notation word"],
  [/\bv\d+_\d+\b/, "an Alexandros point id"],
  [/\br\d+c\d+\b/, "an Alexandros space id"],
  [/\bP[1-6][a-c]?\b/, "a Ming Dynasty district or province id"],
  [/\b-?\d+,-?\d+\b/, "a Territories coordinate"],
  [/\bseat \d/i, "a seat number"],
  [/\bversion\b/i, "a version"],
  [/\b(?:prov|pt|cell|space|slot|hand|res|card|district|deck):\S/, "a board key"],
  [/\b(?:\d{1,2}|[JQ])[HSCD]\b/, "a card code"],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/, "a game id"],
  [/\bbot:|\bmcts\b|\bmontecarlo\b/i, "a bot's engine id"],
];

/** The visible texts of the game page a player reads: buttons, the prompt,
 *  the event log, the header, panels, and the names of clickable board
 *  places (their tooltips, which screen readers say). Closed drawers are
 *  not visible. */
export async function visibleTexts(page) {
  return page.evaluate(() => {
    const seen = [];
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility?.() !== false;
    };
    const sel = "button, .actionbar .prompt, .actionbar .chosen, .events li, .topbar, .end-screen, .hand, .seats, .this-move, .step-count, .info, .legend-list li";
    for (const el of document.querySelectorAll(sel)) if (shown(el)) seen.push(el.innerText.trim());
    for (const el of document.querySelectorAll(".board .clickable > title")) seen.push(el.textContent);
    return seen.filter((t) => t);
  });
}

/** Fails when a visible text has an engine word (ENGINE_WORDS) or the game id. */
export async function checkPlayerLanguage(page, gameId, where) {
  for (const text of await visibleTexts(page)) {
    if (gameId && text.includes(gameId)) throw new Error(`${where}: the game id is visible: ${JSON.stringify(text)}`);
    for (const [re, what] of ENGINE_WORDS) {
      const m = re.exec(text);
      if (m) throw new Error(`${where}: ${what} (${JSON.stringify(m[0])}) in visible text: ${JSON.stringify(text.slice(0, 300))}`);
    }
  }
}

/** Fails when the visible text of any element matching `selector` has an
 *  engine word (ENGINE_WORDS): for pages without a board (the lobby's
 *  panels, the leaderboard). */
export async function checkTextsOf(page, selector, where) {
  const texts = await page.$$eval(selector, (els) => els.filter((el) => el.checkVisibility?.() !== false).map((el) => el.innerText.trim()));
  check(texts.length > 0, `${where}: nothing visible matches ${selector}`);
  for (const text of texts) {
    for (const [re, what] of ENGINE_WORDS) {
      const m = re.exec(text);
      if (m) throw new Error(`${where}: ${what} (${JSON.stringify(m[0])}) in visible text: ${JSON.stringify(text.slice(0, 300))}`);
    }
  }
}

const require = createRequire(import.meta.url);
/** axe-core's serious and critical violations on the page now. */
export async function axeCheck(page, where) {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")})`);
  });
  if (violations.length) throw new Error(`${where}: axe-core found ${violations.length} serious or critical violations:\n  ${violations.join("\n  ")}`);
}

/** True when the element's box lies inside the viewport. */
export async function inViewport(page, selector) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1 && r.height > 0;
  }, selector);
}

/** One random click among what the page offers the seat: a highlighted
 *  board element (or card), or a button of the action bar. Waits until the
 *  page reacted. Returns "board", "word", "finished" or "wait" (not our turn). */
export async function clickOnce(page) {
  const s = await state(page);
  if (s.status === "finished") return "finished";
  if (s.error) throw new Error(`the page shows an error: ${s.error}`);
  if (s.words === 0 && s.keys.length === 0) {
    await page.waitForTimeout(20);
    return "wait";
  }
  const useBoard = s.keys.length > 0 && (s.words === 0 || random() < 0.6);
  if (useBoard) {
    const selector = `[data-key="${pick(s.keys)}"].clickable`;
    if (random() < 0.15) {
      // Now and then by keyboard: the element takes the focus, Enter picks it.
      await page.focus(selector);
      await page.keyboard.press("Enter");
    } else {
      await page.click(selector);
    }
  } else {
    const buttons = await page.$$(".actionbar .choices button.choice");
    // The bar may have been emptied since `state` read it (a watch update
    // came in, or the turn passed): read the page again.
    if (buttons.length === 0) return "wait";
    try {
      await pick(buttons).click();
    } catch (e) {
      // The action bar was drawn anew between reading and clicking (a
      // watch update came in): read the page again, as a player would.
      if (/not attached to the DOM|detached/i.test(e.message)) return "wait";
      throw e;
    }
  }
  const how = useBoard ? "board" : "word";
  await page.waitForFunction(
    (before) => {
      const g = document.querySelector(".page.game");
      const steps = document.querySelector(".actionbar .chosen")?.textContent ?? "";
      // Settled: no move in flight (the watch stream may show our own move
      // before ApplyAction answers with the bots' replies).
      if (document.querySelector('.actionbar[data-busy="1"]')) return false;
      return g?.getAttribute("data-version") !== before.version || steps !== before.steps
        || g?.getAttribute("data-status") === "finished" || document.querySelector(".error") !== null;
    },
    s,
    { timeout: 15000 },
  ).catch(async (e) => {
    throw new Error(`the page did not react to a ${how} click: before ${JSON.stringify(s)}, now ${JSON.stringify(await state(page))}: ${e.message}`);
  });
  return how;
}

/** A free loopback TCP port. */
export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => res(port)); });
    s.on("error", rej);
  });
}

/** Starts `bin` listening on 127.0.0.1:`port` with `args` after it and
 *  waits until it serves the page; its log goes to stderr. */
export async function startSatrap(bin, port, args) {
  const child = spawn(bin, ["--listen", `127.0.0.1:${port}`, ...args], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/`);
      if (r.ok) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("satrap did not start");
}

/** Stops a satrap started by startSatrap and waits for it to exit. */
export function stopSatrap(child) {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) { res(); return; }
    child.once("exit", res);
    child.kill("SIGTERM");
  });
}

/** Clicks until the game is over, checking the page's words after every
 *  click; returns the number of clicks. */
export async function playToEnd(page, gameId, where, maxClicks = 6000) {
  let clicks = 0;
  for (;;) {
    const r = await clickOnce(page);
    if (r === "finished") return clicks;
    if (r === "wait") continue;
    clicks += 1;
    check(clicks < maxClicks, `${where}: not finished after ${maxClicks} clicks`);
    await checkPlayerLanguage(page, gameId, `${where} after click ${clicks}`);
  }
}
