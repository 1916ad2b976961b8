// Talk at the table through the page: chat and offers between browser
// contexts.
//
// Chat, on the server at SATRAP_URL: a King of Siam game of four (seats 0
// and 2 against 1 and 3); two players of one team chat in every channel
// (to everyone, to the players, to the team) and each sees every message;
// a player of the other team sees the public and the players' messages,
// not the team's; a spectator sees only the public ones, and can only
// write to everyone.
//
// Offers, on the same server: in a casual Territories game a player asks
// to take back the move just made and the other accepts on their page:
// both pages are back at that player's turn. Then one offers a draw, the
// other accepts, and both pages show the game ended as a draw.
//
// Rated, on a satrap this test starts with `--api-keys-file` (a creator key
// makes the rated game): the page offers no takeback and says why, and the
// server refuses one asked for directly.
//
// Every visible string of the panel is checked for engine words.
//
//   SATRAP_URL=http://127.0.0.1:50051 SATRAP_BIN=../target/debug/satrap node test/table.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { axeCheck, base, check, checkTextsOf, ConsoleWatch, freePort, launch, startSatrap, stopSatrap } from "./lib.mjs";

const BASE = base();
if (!BASE) { console.error("set SATRAP_URL (e.g. http://127.0.0.1:50051)"); process.exit(2); }
const BIN = resolve(process.env.SATRAP_BIN ?? "../target/debug/satrap");
const DESKTOP = { width: 1280, height: 900 };

/** One unary call over Connect's JSON protocol. */
async function call(url, method, body, { token, key } = {}) {
  const service = ["DeleteChatMessage", "MuteChat"].includes(method) ? "AdminService" : "GameService";
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers["x-api-key"] = key;
  const r = await fetch(`${url}/satrap.v1.${service}/${method}`, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await r.json();
  return { ok: r.ok, json };
}

async function create(url, body, key) {
  const r = await call(url, "CreateGame", body, { key });
  check(r.ok, `CreateGame: ${JSON.stringify(r.json)}`);
  return r.json;
}

/** The seat to act plays its first legal move (through the API). */
async function moveFirst(url, game) {
  const snap = (await call(url, "GetGame", { gameId: game.gameId })).json.snapshot;
  const seat = snap.toAct[0];
  const token = game.seats[seat].token;
  const legal = (await call(url, "ListLegalActions", { gameId: game.gameId }, { token })).json;
  const r = await call(url, "ApplyAction", { gameId: game.gameId, notation: legal.actions[0].notation, expectedVersion: legal.version ?? "0" }, { token });
  check(r.ok, `the move: ${JSON.stringify(r.json)}`);
  return seat;
}

const console_ = new ConsoleWatch();
const browser = await launch();
const contexts = [];
async function open(url, gameId, token, who) {
  const context = await browser.newContext({ viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  console_.attach(page, who);
  await page.goto(`${url}/game/${gameId}${token ? `#token=${encodeURIComponent(token)}` : ""}`);
  await page.waitForSelector(".table-talk");
  return page;
}

async function say(page, text, channel) {
  await page.fill('.table-talk input[name="chat-text"]', text);
  if (channel) await page.selectOption('.table-talk select[name="chat-channel"]', { label: channel });
  await page.click(".table-talk button.send-chat");
}

async function heard(page) {
  return page.$$eval(".table-talk .chat-log li.chat", (els) => els.map((e) => e.textContent.trim()));
}

/** Waits until `page`'s chat has a message ending with `last`. */
async function until(page, last, where) {
  await page.waitForFunction((t) => [...document.querySelectorAll(".table-talk .chat-log li.chat")].some((e) => e.textContent.trim().endsWith(t)), last, { timeout: 15000 })
    .catch(async (e) => { throw new Error(`${where}: no "${last}" in ${JSON.stringify(await heard(page))}: ${e.message}`); });
  return heard(page);
}

async function chat() {
  const game = await create(BASE, { gameType: "king_of_siam", seats: ["Ann", "Bob", "Cy", "Di"].map((name) => ({ name })) });
  const ann = await open(BASE, game.gameId, game.seats[0].token, "Ann");
  const cy = await open(BASE, game.gameId, game.seats[2].token, "Cy");
  const bob = await open(BASE, game.gameId, game.seats[1].token, "Bob");
  const rail = await open(BASE, game.gameId, undefined, "spectator");
  const options = await ann.$$eval('.table-talk select[name="chat-channel"] option', (os) => os.map((o) => o.textContent));
  check(JSON.stringify(options) === JSON.stringify(["everyone", "the players", "the team"]), `a player of a team game has three channels: ${options}`);
  check((await rail.$('.table-talk select[name="chat-channel"]')) === null, "a spectator writes only to everyone");

  await say(ann, "hello all", "everyone");
  await say(ann, "good game to you", "the players");
  await say(ann, "I take the north", "the team");
  await until(cy, "I take the north", "Cy");
  await say(cy, "agreed, partner", "the team");
  await say(cy, "nice to be here", "the players");
  await say(rail, "enjoying the game");
  for (const [page, who] of [[ann, "Ann"], [cy, "Cy"]]) {
    const all = await until(page, "enjoying the game", who);
    for (const t of ["hello all", "good game to you", "I take the north", "agreed, partner", "nice to be here", "enjoying the game"]) {
      check(all.some((m) => m.endsWith(t)), `${who} sees "${t}": ${JSON.stringify(all)}`);
    }
  }
  const bobs = await until(bob, "enjoying the game", "Bob");
  check(!bobs.some((m) => /north|partner/.test(m)), `the other team does not see the team's messages: ${JSON.stringify(bobs)}`);
  check(bobs.some((m) => m.endsWith("good game to you")), `the other team sees the players' channel: ${JSON.stringify(bobs)}`);
  const seen = await until(rail, "enjoying the game", "spectator");
  check(seen.length === 2 && seen[0].endsWith("hello all"), `the spectator sees only the public messages: ${JSON.stringify(seen)}`);
  check(seen[0].startsWith("Ann"), `a message is signed with the player's name: ${seen[0]}`);
  check(bobs.some((m) => /\(to the players\)/.test(m)), `a message to the players says so: ${JSON.stringify(bobs)}`);
  await checkTextsOf(ann, ".table-talk", "the chat panel");
  await checkTextsOf(rail, ".table-talk", "the spectator's chat panel");
  await axeCheck(ann, "the game page with the chat");
  // A reload reads the chat from the history.
  await rail.reload();
  await rail.waitForSelector(".table-talk");
  const again = await until(rail, "enjoying the game", "the spectator after a reload");
  check(again.length === 2, `after a reload the spectator still sees only the public messages: ${JSON.stringify(again)}`);
  console.log(`chat: two players of a team chatted in every channel; the other team saw ${bobs.length} messages, the spectator ${seen.length}`);
}

async function offers() {
  const game = await create(BASE, { gameType: "territories", seats: [{ name: "Ann" }, { name: "Bob" }], seed: "5" });
  const pages = [await open(BASE, game.gameId, game.seats[0].token, "Ann"), await open(BASE, game.gameId, game.seats[1].token, "Bob")];
  const mover = await moveFirst(BASE, game);
  const [me, other] = [pages[mover], pages[1 - mover]];
  await me.waitForSelector('.page.game[data-version="1"]');
  await me.click(".table-talk button.offer-takeback");
  await other.waitForSelector(".table-talk .offer-pending button.answer-yes", { timeout: 15000 });
  const asked = await other.textContent(".table-talk .offer");
  check(/asks to take back their last move/.test(asked), `the other player is asked in words: ${asked}`);
  await checkTextsOf(other, ".table-talk", "the offer panel");
  await other.click(".table-talk button.answer-yes");
  for (const p of pages) await p.waitForSelector('.page.game[data-version="2"]', { timeout: 15000 });
  check((await me.textContent(".topbar .status")).includes("Your turn"), "the player whose move was taken back is to play again");

  await other.click(".table-talk button.offer-draw");
  await me.waitForSelector(".table-talk .offer-pending button.answer-yes", { timeout: 15000 });
  const drawn = await me.textContent(".table-talk .offer");
  check(/offers a draw/.test(drawn), `the draw offer is shown in words: ${drawn}`);
  await me.click(".table-talk button.answer-yes");
  for (const p of pages) {
    await p.waitForSelector('.page.game[data-status="finished"] .end-screen', { timeout: 15000 });
    const end = await p.textContent(".end-screen");
    check(/agreed to a draw/.test(end), `the end screen says the game was drawn by agreement: ${end}`);
  }
  console.log("offers: a takeback was asked and accepted (both pages back at the mover's turn), then a draw ended the game");
}

async function rated() {
  const dir = mkdtempSync(join(tmpdir(), "satrap-table-"));
  const out = execFileSync(BIN, ["api-key", "site", "creator"], { encoding: "utf8" });
  const key = out.split("\n").find((l) => /^satrap_\S+$/.test(l.trim()))?.trim();
  const line = out.split("\n").find((l) => /^site creator [0-9a-f]{64}$/.test(l.trim()));
  check(key && line, `satrap api-key printed a key and its line: ${out}`);
  writeFileSync(join(dir, "keys"), `${line}\n`);
  const port = await freePort();
  const server = await startSatrap(BIN, port, ["--database", "memory://", "--api-keys-file", join(dir, "keys")]);
  const url = `http://127.0.0.1:${port}`;
  try {
    const game = await create(url, {
      gameType: "territories", rated: true, takebacks: "TAKEBACK_POLICY_ALWAYS",
      seats: [{ name: "Ann", playerId: "ann" }, { name: "Bob", playerId: "bob" }],
    }, key);
    const page = await open(url, game.gameId, game.seats[0].token, "rated Ann");
    const mover = await moveFirst(url, game);
    await page.waitForSelector('.page.game[data-version="1"]');
    check((await page.$(".table-talk button.offer-takeback")) === null, "a rated game's page offers no takeback");
    const note = await page.textContent(".table-talk .takeback-note");
    check(/Rated game/.test(note), `the page says why: ${note}`);
    const asked = await call(url, "MakeOffer", { gameId: game.gameId, kind: "OFFER_KIND_TAKEBACK" }, { token: game.seats[mover].token });
    check(!asked.ok && asked.json.code === "failed_precondition" && /rated/.test(asked.json.message), `the server refuses a takeback in a rated game: ${JSON.stringify(asked.json)}`);
    await checkTextsOf(page, ".table-talk", "the rated game's panel");
    console.log(`rated: no takeback offered ("${note.trim()}"), and the server refused one: ${asked.json.message}`);
    // Closed before its server stops: its stream would try again.
    await page.context().close();
  } finally {
    await stopSatrap(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

let failed = false;
try {
  await chat();
  await offers();
  await rated();
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  for (const c of contexts) await c.close().catch(() => {});
  await browser.close();
}
if (console_.problems.length) {
  console.error(`console problems:\n  ${console_.problems.join("\n  ")}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
