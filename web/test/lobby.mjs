// Open seats and turn clocks through the page: a Territories game with a
// person, an open seat and a 3-second clock per move is created in the
// lobby; a second browser context finds it with the "with open seats"
// filter, takes the seat by name, and both pages see the game start (no new
// version: the watch stream tells it, and the waiting page asks nothing on a
// timer, which the test checks by counting its GetGame calls). Nobody
// moves, so the clock of the
// seat to act counts down on both pages, runs out, and a bot plays that move
// (TIMEOUT_POLICY_BOT_MOVES): the pages show the new version live.
//
//   SATRAP_URL=http://127.0.0.1:50051 node test/lobby.mjs
import { base, ConsoleWatch, check, launch, state } from "./lib.mjs";

const BASE = base();
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }

const console_ = new ConsoleWatch();
const browser = await launch();
try {
  const host = await (await browser.newContext()).newPage();
  console_.attach(host, "host");
  await host.goto(`${BASE}/`);
  await host.click('.type[data-type="territories"] button.new-game');
  await host.selectOption('select[name="players"]', "2");
  await host.fill('input[name="name-0"]', "Host");
  await host.selectOption('select[name="who-0"]', "");
  await host.selectOption('select[name="who-1"]', "open seat");
  await host.selectOption('select[name="clock"]', "per-move");
  await host.fill('input[name="clock-seconds"]', "3");
  await host.click("button.create-game");
  await host.waitForSelector('.created a.join-link[data-seat="1"]');
  const gameId = await host.getAttribute(".created", "data-game-id");
  const seatLink = await host.getAttribute('.created a.seat-link[data-seat="0"]', "href");
  check(gameId && seatLink, "the lobby shows the new game's seat link and join link");

  // The guest finds the game through the open-seats filter.
  const guest = await (await browser.newContext()).newPage();
  console_.attach(guest, "guest");
  await guest.goto(`${BASE}/`);
  await guest.check('input[name="open-seats"]');
  await guest.waitForSelector(`.games tr[data-game-id="${gameId}"]`, { timeout: 10000 });
  const row = await guest.textContent(`.games tr[data-game-id="${gameId}"]`);
  check(row.includes("waiting for players") && row.includes("open seat"), `the listed game is waiting with an open seat: ${row}`);
  await guest.click(`.games tr[data-game-id="${gameId}"] a`);

  // The host's page waits for players, on its watch stream alone: from
  // the waiting room to the start it makes no GetGame call.
  await host.goto(seatLink);
  await host.waitForSelector('.page.game[data-status="waiting"] .lobby-wait');
  let hostReads = 0;
  const countReads = (req) => { if (req.url().endsWith("/satrap.v1.GameService/GetGame")) hostReads += 1; };
  host.on("request", countReads);
  await host.waitForTimeout(2500);

  // The guest takes seat 1; its page becomes that seat's.
  await guest.waitForSelector('button.join-seat[data-seat="1"]');
  await guest.fill('input[name="join-name"]', "Guest");
  await guest.click('button.join-seat[data-seat="1"]');
  await guest.waitForFunction(() => /token=/.test(window.location.hash), null, { timeout: 10000 });
  for (const [who, page] of [["guest", guest], ["host", host]]) {
    await page.waitForSelector('.page.game[data-status="running"]', { timeout: 10000 })
      .catch(async (e) => { throw new Error(`${who}: the game did not start on the page: ${JSON.stringify(await state(page))}: ${e.message}`); });
  }
  host.off("request", countReads);
  check(hostReads === 0, `the waiting host page asked for the game ${hostReads} times instead of following its stream`);
  const names = await host.textContent("table.seats");
  check(names.includes("Guest"), `the host sees the guest's name: ${names}`);

  // A running clock counts down on both pages.
  const readClock = (page) => page.textContent(".clock.running");
  const first = await readClock(host);
  check(/^\d+:\d\d$/.test(first.trim()), `a running clock shows m:ss: ${first}`);
  await host.waitForTimeout(1300);
  const later = await readClock(host);
  check(later.trim() < first.trim() || later.trim() === "0:00", `the clock counts down: ${first} then ${later}`);
  check(/^\d+:\d\d$/.test((await readClock(guest)).trim()), "the guest sees the running clock too");

  // Nobody moves: the clock runs out and a bot plays the overdue move.
  const before = Number((await state(host)).version);
  for (const [who, page] of [["host", host], ["guest", guest]]) {
    await page.waitForFunction((v) => Number(document.querySelector(".page.game")?.getAttribute("data-version")) > v, before, { timeout: 15000 })
      .catch(async (e) => { throw new Error(`${who}: no move after the clock ran out: ${JSON.stringify(await state(page))}: ${e.message}`); });
  }
  const events = await host.textContent(".events");
  check(/time/i.test(events), `the events name the timeout: ${events.slice(0, 300)}`);
  check(console_.problems.length === 0, console_.problems.join("\n"));
  console.log(`lobby test passed: game ${gameId} joined through the page, the clock ran out at version ${before}, a bot moved`);
} finally {
  await browser.close();
}
