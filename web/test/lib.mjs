// Helpers shared by the browser tests: Debian's Chromium through
// playwright-core (never a downloaded browser), console watching, and one
// random click through the page's move UI.
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
      steps: document.querySelector(".moves .steps")?.textContent ?? "",
      words: document.querySelectorAll(".moves .next button.word").length,
      keys: [...document.querySelectorAll(".board .clickable, .info .clickable")].map((e) => e.getAttribute("data-key")),
      error: document.querySelector(".error")?.textContent ?? "",
      conn: document.querySelector(".conn")?.textContent ?? "",
    };
  });
}

/** Create a game in the lobby with seat 0 a person and the others bots;
 *  returns the seat-0 link and the watch link. */
export async function createInLobby(page, { id, players, turnLimit, seed }) {
  await page.goto(`${base()}/`);
  await page.click(`.type[data-type="${id}"] button.new-game`);
  await page.selectOption('select[name="players"]', String(players));
  await page.selectOption('select[name="who-0"]', "");
  if (turnLimit) await page.fill('input[name="turn-limit"]', String(turnLimit));
  if (seed !== undefined) await page.fill('input[name="seed"]', String(seed));
  await page.click("button.create-game");
  await page.waitForSelector(".created a.seat-link");
  const seatLink = await page.getAttribute('.created a.seat-link[data-seat="0"]', "href");
  const watchLink = await page.getAttribute(".created a.watch-link", "href");
  return { seatLink, watchLink };
}

/** One random click among what the page offers the seat: a highlighted
 *  board element (or card), or the next notation word. Waits until the page
 *  reacted. Returns "board", "word", "finished" or "wait" (not our turn). */
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
    const buttons = await page.$$(".moves .next button.word");
    await pick(buttons).click();
  }
  const how = useBoard ? "board" : "word";
  await page.waitForFunction(
    (before) => {
      const g = document.querySelector(".page.game");
      const steps = document.querySelector(".moves .steps")?.textContent ?? "";
      // Settled: no move in flight (the watch stream may show our own move
      // before ApplyAction answers with the bots' replies).
      if (document.querySelector('.moves[data-busy="1"]')) return false;
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
