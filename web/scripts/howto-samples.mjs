// Takes the sample boards of the how-to-play pages (src/howto/<game>.json):
// for each game, a game of random bots is created in the lobby, played to
// its end by the server, opened as a replay at FRACTION of its moves, and
// the position is copied from the replay's "Show this position as JSON".
//
//   SATRAP_URL=http://127.0.0.1:<port> node scripts/howto-samples.mjs
//
// (any page serving this build: scripts/dev-server.sh). Fixed seeds make
// the samples the same on every run against the same engine.
import { writeFileSync } from "node:fs";
import { launch } from "../test/lib.mjs";

const BASE = (process.env.SATRAP_URL ?? "").replace(/\/$/, "");
if (!BASE) { console.error("set SATRAP_URL"); process.exit(2); }
const GAMES = [
  { id: "king_of_siam", players: 3, at: 0.75 },
  { id: "alexandros", players: 3, at: 0.5, turnLimit: 24 },
  { id: "ming_dynasty", players: 3, at: 0.45 },
  { id: "territories", players: 2, at: 0.05 },
];
const browser = await launch();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  for (const g of GAMES) {
    await page.goto(`${BASE}/`);
    await page.click(`.type[data-type="${g.id}"] button.new-game`);
    await page.selectOption('select[name="players"]', String(g.players));
    for (let i = 0; i < g.players; i++) await page.selectOption(`select[name="who-${i}"]`, "random");
    if (g.turnLimit) await page.fill('input[name="turn-limit"]', String(g.turnLimit));
    await page.click("details.advanced summary");
    await page.fill('input[name="seed"]', "7");
    await page.click("button.create-game");
    await page.waitForSelector(".created a.watch-link");
    const watch = await page.getAttribute(".created a.watch-link", "href");
    await page.goto(`${BASE}${watch}`);
    await page.waitForSelector('.page.game[data-status="finished"]', { timeout: 120000 });
    await page.goto(`${BASE}${watch}/replay`);
    await page.waitForSelector('.page.replay[data-loaded="1"]', { timeout: 60000 });
    const steps = Number(await page.getAttribute(".page.replay", "data-steps"));
    const at = Math.round(steps * g.at);
    await page.$eval(".scrub input", (el, v) => { el.value = String(v); el.dispatchEvent(new Event("input", { bubbles: true })); }, at);
    await page.waitForSelector(`.page.replay[data-step="${at}"]`);
    await page.click("details.drawer summary");
    await page.click("button.show-json");
    const json = JSON.parse(await page.textContent(".snapshot-json pre"));
    // A sample, not a game: no id, names of the how-to page's own.
    delete json.gameId;
    json.seats = (json.seats ?? []).map((s, i) => ({ seat: s.seat, name: ["Ann", "Ben", "Cho", "Dev"][i] }));
    delete json.outcome; delete json.clocks; delete json.text;
    writeFileSync(new URL(`../src/howto/${g.id}.json`, import.meta.url), `${JSON.stringify(json)}\n`);
    console.log(`${g.id}: move ${at} of ${steps}`);
  }
} finally {
  await browser.close();
}
