// The page explains itself: Alexandros on a 390x844 phone shows its map,
// its face-up cards, the player's hand and the action bar at once, none
// covering another (checked by their boxes, not only by a screenshot); the
// end screen says how each game was decided (the ruling faction, what the
// scores count, what is left in hand) with plurals right; "Rematch" starts
// the same game again with the same seats' kinds and options; "My games"
// lists the games this browser created or sat in, finished ones marked;
// the how-to pages explain the board's words and "Full rules" opens the
// players' rules, the specification one click further. Every visible
// string is checked for engine words, as in browser.mjs.
//
//   SATRAP_URL=http://127.0.0.1:50051 node test/page.mjs
import { join, resolve } from "node:path";
import { mkdirSync } from "node:fs";
import {
  base, check, checkPlayerLanguage, checkTextsOf, clickOnce, ConsoleWatch, createInLobby, launch, runAndExit, state, TEST_SEED,
} from "./lib.mjs";

const BASE = base();
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const SHOTS = resolve(process.env.SCREENSHOT_DIR ?? "../target/web-screenshots");
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

const console_ = new ConsoleWatch();
const browser = await launch();

const gameIdOf = (link) => decodeURIComponent(/\/game\/([^/#]+)/.exec(link)[1]);
/** A wrong plural: "1 points", "1 cards", "1 Lao followers" (not a name's
 *  number: "Player 1 sets a guard"). */
const BAD_PLURAL = /(?<![\d.])(?<!\b[A-Z][a-z]* )1 (?:[A-Z][a-z]+ )?(?:points|cards|followers|sets|complete sets|provinces|turns|guards|resources)\b/;

async function noBadPlurals(page, where) {
  const text = await page.evaluate(() => document.querySelector("main, .page")?.innerText ?? "");
  const m = BAD_PLURAL.exec(text);
  check(!m, `${where}: a wrong plural ${JSON.stringify(m?.[0])}`);
}

/** The boxes of `selectors` on `page`: each inside the window, none
 *  overlapping another. */
async function checkBoxes(page, selectors, where) {
  const boxes = await page.evaluate((sels) => sels.map((s) => {
    const el = document.querySelector(s);
    if (!el) return { s, missing: true };
    const r = el.getBoundingClientRect();
    return { s, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }), selectors);
  const W = PHONE.width, H = PHONE.height;
  for (const b of boxes) {
    check(!b.missing, `${where}: ${b.s} is missing`);
    check(b.left >= -0.5 && b.top >= -0.5 && b.right <= W + 0.5 && b.bottom <= H + 0.5 && b.bottom > b.top,
      `${where}: ${b.s} is not wholly inside the ${W}x${H} window: ${JSON.stringify(b)}`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      check(!overlap, `${where}: ${a.s} ${JSON.stringify(a)} and ${b.s} ${JSON.stringify(b)} overlap`);
    }
  }
  return boxes;
}

/** Alexandros at 390x844, at several of the player's turns. */
async function alexandrosPhone() {
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  console_.attach(desk, "alexandros lobby");
  const { seatLink } = await createInLobby(desk, { id: "alexandros", players: 2, seed: TEST_SEED });
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  console_.attach(page, "alexandros phone");
  await page.goto(seatLink);
  await page.waitForSelector(".page.game .board.ax");
  const gameId = gameIdOf(seatLink);
  let checked = 0;
  for (let clicks = 0; checked < 3 && clicks < 400; ) {
    const s = await state(page);
    if (s.status === "finished") break;
    if (s.words > 0 || s.keys.length > 0) {
      await page.waitForSelector(".hand.own");
      const boxes = await checkBoxes(page, [".board.ax", ".ax-cards", ".hand.own", ".actionbar"], `alexandros phone, check ${checked + 1}`);
      // The whole map, not a part scrolled sideways.
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      check(scroll <= PHONE.width, `alexandros phone: the page scrolls sideways (${scroll} px wide)`);
      check(boxes[0].right - boxes[0].left >= PHONE.width - 40, "alexandros phone: the map does not fill the screen's width");
      const turn = await page.textContent(".ax-turn");
      check(/^Turn \d+/.test(turn) && !/at most/.test(turn), `alexandros: the turn count ${JSON.stringify(turn)}`);
      const end = await page.textContent(".ax-end");
      check(/100 points/.test(end) && /black walls run out \(\d+ of 65 left\)/.test(end), `alexandros: what ends the game ${JSON.stringify(end)}`);
      await checkPlayerLanguage(page, gameId, `alexandros phone, check ${checked + 1}`);
      await noBadPlurals(page, "alexandros phone");
      if (checked === 0) await page.screenshot({ path: join(SHOTS, "alexandros-phone-page.png") });
      checked += 1;
    }
    const r = await clickOnce(page);
    if (r !== "wait") clicks += 1;
  }
  check(checked === 3, `alexandros phone: only ${checked} turns checked`);
  // Provinces are drawn as areas: once the walls cut the map, each
  // province has an outline of its own.
  const provincesSaid = async () => Number(/(\d+) provinces?/.exec(await page.textContent(".ax-status"))?.[1] ?? 0);
  for (let clicks = 0; clicks < 300 && (await provincesSaid()) < 3; ) {
    const r = await clickOnce(page);
    if (r === "finished") break;
    if (r !== "wait") clicks += 1;
  }
  const provinces = await page.$$eval(".board.ax path.province", (ps) => ps.length);
  const n = await provincesSaid();
  check(n >= 2, `alexandros: the walls made only ${n} province`);
  check(provinces === n, `alexandros: ${n} provinces said, ${provinces} drawn`);
  await ctx.close();
  await desk.context().close();
  console.log(`alexandros phone: map, face-up cards, hand and actions in view and apart at ${checked} turns; ${n} province${n === 1 ? "" : "s"} drawn`);
}

/** A game of bots to its end, watched: its end screen explains the result. */
async function endScreen(id, players, expect) {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  console_.attach(page, `${id} end screen`);
  await page.goto(`${BASE}/`);
  await page.click(`.type[data-type="${id}"] button.new-game`);
  await page.selectOption('select[name="players"]', String(players));
  for (let i = 0; i < players; i++) await page.selectOption(`select[name="who-${i}"]`, "random");
  if (id === "alexandros") await page.fill('input[name="turn-limit"]', "12");
  // A fixed deal (TEST_SEED), so a failing run can be repeated.
  await page.click("details.advanced summary");
  await page.fill('input[name="seed"]', String(TEST_SEED + players));
  await page.click("button.create-game");
  await page.waitForSelector(".created a.watch-link");
  await page.click(".created a.watch-link");
  await page.waitForSelector('.page.game[data-status="finished"] .end-screen', { timeout: 120000 });
  const text = await page.textContent(".end-screen");
  const decided = await page.$$eval(".end-screen .decided", (ps) => ps.map((p) => p.textContent));
  check(decided.length > 0, `${id}: the end screen does not say how the game was decided: ${JSON.stringify(text)}`);
  for (const re of expect) check(re.test(decided.join(" ")), `${id}: the end screen misses ${re}: ${JSON.stringify(decided)}`);
  await checkPlayerLanguage(page, gameIdOf(page.url()), `${id} end screen`);
  await noBadPlurals(page, `${id} end screen`);
  await page.screenshot({ path: join(SHOTS, `${id}-end-screen.png`) });
  await ctx.close();
  console.log(`${id}: ${decided.join(" ")}`);
}

/** A seat resigns (bots finish the game), then "Rematch" and "My games". */
async function rematchAndMyGames() {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  console_.attach(page, "rematch");
  page.on("dialog", (d) => void d.accept());
  const { seatLink } = await createInLobby(page, { id: "alexandros", players: 3, turnLimit: 9, seed: TEST_SEED + 9 });
  const first = gameIdOf(seatLink);
  await page.goto(seatLink);
  await page.waitForSelector(".page.game .board");
  await page.click(".actionbar button.resign");
  await page.waitForSelector('.page.game[data-status="finished"] .end-screen', { timeout: 120000 });
  await page.click(".end-screen button.rematch-button");
  await page.waitForFunction((old) => location.pathname.startsWith("/game/") && !location.pathname.includes(old) && location.hash.startsWith("#token="), first);
  await page.waitForSelector('.page.game[data-game-type="alexandros"] .board.ax');
  const second = gameIdOf(page.url());
  const seats = await page.$$eval(".seats tbody tr", (rs) => rs.map((r) => r.innerText));
  check(seats.length === 3, `rematch: ${seats.length} seats`);
  check(/random bot/.test(seats[1]) && /random bot/.test(seats[2]) && !/bot/.test(seats[0]), `rematch: the same seats' kinds: ${JSON.stringify(seats)}`);
  check((await page.textContent(".topbar .who")).includes("You are"), "rematch: the page is the player's seat again");
  check((await page.textContent(".ax-end")).includes("after turn 9"), "rematch: the turn limit carried over");
  await checkPlayerLanguage(page, second, "rematch");

  await page.goto(`${BASE}/`);
  await page.waitForSelector(".my-games li");
  const rows = await page.$$eval(".my-games li", (ls) => ls.map((l) => ({ id: l.getAttribute("data-game-id"), status: l.getAttribute("data-status"), href: l.querySelector("a")?.getAttribute("href") ?? "" })));
  const old = rows.find((r) => r.id === first), fresh = rows.find((r) => r.id === second);
  check(old && fresh, `my games lists both games: ${JSON.stringify(rows)}`);
  check(rows.indexOf(fresh) < rows.indexOf(old), "my games: newest first");
  check(old.status === "finished", `my games marks the finished game: ${JSON.stringify(old)}`);
  await page.waitForSelector(`.my-games li[data-game-id="${second}"][data-status]:not([data-status=""])`);
  check(fresh.href.includes("#token="), "my games links the seat");
  await checkTextsOf(page, ".my-games", "my games");
  await page.click(`.my-games li[data-game-id="${first}"] a`);
  await page.waitForSelector('.page.game[data-status="finished"] .end-screen');
  check((await page.textContent(".topbar .who")).includes("You are"), "my games opens the seat");
  await ctx.close();
  console.log(`rematch: ${first} -> ${second}; my games lists ${rows.length} games`);
}

/** How-to pages explain their board's words; "Full rules" opens the players' rules. */
async function howTo() {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  console_.attach(page, "how to play");
  const words = { king_of_siam: /Box 1 to 8/, ming_dynasty: /28, 24 or 20/, territories: /Price die/, alexandros: /Tax/ };
  for (const [id, term] of Object.entries(words)) {
    await page.goto(`${BASE}/how-to-play/${id}`);
    await page.waitForSelector(".howto-terms dt");
    check(term.test(await page.textContent(".howto-terms")), `${id}: the how-to page does not explain ${term}`);
    await checkTextsOf(page, ".howto-terms", `${id} how-to words`);
    await page.click(".full-rules a");
    await page.waitForSelector(".players-rules article h1");
    check((await page.textContent(".players-rules article h1")).includes("the rules for players"), `${id}: "Full rules" opens the players' rules`);
    await checkTextsOf(page, ".players-rules article", `${id} players' rules`);
    await page.click(".players-rules a.spec-link");
    await page.waitForSelector(".rules article h1");
    check(/\b[A-Z]{2}-1\b/.test(await page.textContent(".rules article")), `${id}: the specification is one click further`);
  }
  await ctx.close();
  console.log("how to play: every page explains its board's words; the players' rules and the specification open");
}

await runAndExit("page test", browser, console_, async () => {
  await howTo();
  await alexandrosPhone();
  await endScreen("king_of_siam", 3, [/rules Siam|British took their fourth province|No faction held/]);
  await endScreen("king_of_siam", 4, [/team of|teams were equal/i, /each team/]);
  await endScreen("territories", 2, [/territory cards left in hand count for nothing/]);
  await endScreen("alexandros", 2, [/cards left in hand count for nothing/]);
  await endScreen("ming_dynasty", 3, [/sixth round/]);
  await rematchAndMyGames();
});
