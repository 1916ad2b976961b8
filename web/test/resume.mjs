// The page resumes after a dropped connection: a seat and a spectator follow
// a game, the server stops (its watch streams end) and starts again on the
// same port and database, and both pages pick the game up where they left
// it (WatchGame from the version after the last one seen) and play on.
//
//   SATRAP_BIN=../target/debug/satrap node test/resume.mjs
//
// This test runs its own satrap (with an SQLite file, so the game survives
// the restart) on a free loopback port.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ConsoleWatch, check, clickOnce, createInLobby, freePort, launch, state, random, startSatrap, stopSatrap } from "./lib.mjs";

const BIN = resolve(process.env.SATRAP_BIN ?? "../target/debug/satrap");
const startServer = (port, db) => startSatrap(BIN, port, ["--database", `sqlite://${db}`]);
const stopServer = stopSatrap;

const dir = mkdtempSync(join(tmpdir(), "satrap-resume-"));
const db = join(dir, "games.db");
// SATRAP_PORT and PAGE_URL: run satrap on that port and open the page at
// PAGE_URL instead (a `vite preview` proxying to that port, to test a page
// that satrap does not embed yet; see scripts/dev-server.sh).
const port = Number(process.env.SATRAP_PORT) || await freePort();
const base = process.env.PAGE_URL ?? `http://127.0.0.1:${port}`;
process.env.SATRAP_URL = base;
let server = await startServer(port, db);
const watch = new ConsoleWatch();
const browser = await launch();
let failed = false;
try {
  const player = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  watch.attach(player, "player");
  watch.attach(watcher, "watcher");
  const { seatLink, watchLink } = await createInLobby(player, { id: "king_of_siam", players: 2 });
  await player.goto(seatLink);
  await watcher.goto(`${base}${watchLink}`);
  for (const p of [player, watcher]) await p.waitForSelector(".conn.live");
  let clicks = 0;
  while (clicks < 8) if (["board", "word"].includes(await clickOnce(player))) clicks += 1;
  // Measured on the seat's turn, when no bot reply is still on its way.
  await player.waitForSelector(".actionbar .choices button.choice", { timeout: 15000 });
  const before = (await state(player)).version;

  // The outage: while the server is down, failed requests are expected.
  watch.ignore = (text) => /ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|Failed to load resource|net::/.test(text);
  await stopServer(server);
  for (const p of [player, watcher]) await p.waitForSelector(".conn.reconnecting", { timeout: 10000 });
  server = await startServer(port, db);
  for (const p of [player, watcher]) await p.waitForSelector(".conn.live", { timeout: 15000 });
  watch.ignore = null;
  const kept = (await state(player)).version;
  check(kept === before, `the seat's page kept its version across the outage (${before} -> ${kept})`);

  // Play on: the watcher follows the new moves through its resumed stream.
  let more = 0;
  while (more < 8) {
    const r = await clickOnce(player);
    if (r === "finished") break;
    if (r !== "wait") more += 1;
  }
  const after = (await state(player)).version;
  check(BigInt(after) > BigInt(before), `moves after the restart (${before} -> ${after})`);
  // At least that far (bots may have answered since; a render may show two
  // updates at once).
  await watcher.waitForFunction((v) => BigInt(document.querySelector(".page.game")?.getAttribute("data-version") ?? "0") >= BigInt(v), after, { timeout: 10000 });
  console.log(`resume: both pages reconnected after the restart; play went on from version ${before} to ${after} (seed ${random().toFixed(3)})`);

  // Resigning hands the seat to a bot, which plays it to the end.
  player.on("dialog", (d) => d.accept());
  await player.click("button.resign");
  await player.waitForSelector('.page.game[data-status="finished"]', { timeout: 15000 });
  await watcher.waitForSelector('.page.game[data-status="finished"]', { timeout: 15000 });
  check((await player.$(".actionbar")) === null, "no moves after resigning");
  console.log(`resign: the bot finished the game at version ${(await state(player)).version}`);
} catch (e) {
  failed = true;
  console.error(`FAILED: ${e.stack ?? e}`);
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
if (watch.problems.length) {
  failed = true;
  console.error(watch.problems.join("\n"));
}
console.log(failed ? "resume test FAILED" : "resume test passed");
process.exit(failed ? 1 : 0);
