// docs/bots-guide.md's TypeScript bot is src/examples/greedy.ts (from
// `class Greedy` on), and it plays a game to the end against a real server;
// the package README shows src/examples/lobby_bot.ts as it is.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { startServer } from "./server.mjs";

const here = new URL(".", import.meta.url);
let server;
before(async () => (server = await startServer()));
after(async () => server?.stop());

test("the bots guide shows the example bot's code", () => {
  const source = readFileSync(new URL("../src/examples/greedy.ts", here), "utf8");
  const body = source.slice(source.indexOf("class Greedy extends"));
  const guide = readFileSync(new URL("../../../docs/bots-guide.md", here), "utf8");
  assert.ok(guide.includes(body), "docs/bots-guide.md's TypeScript bot differs from src/examples/greedy.ts");
});

test("the package README shows the lobby bot's code", () => {
  const source = readFileSync(new URL("../src/examples/lobby_bot.ts", here), "utf8");
  const body = source.slice(source.indexOf("class Greedy extends"));
  const readme = readFileSync(new URL("../README.md", here), "utf8");
  assert.ok(readme.includes(body), "README.md's lobby bot differs from src/examples/lobby_bot.ts");
});

test("the guide's bot plays a game to the end", async () => {
  const script = new URL("../dist/examples/greedy.js", here).pathname;
  const { stdout } = await promisify(execFile)("node", [script, server.address], { timeout: 120_000 });
  assert.match(stdout, /\S/, "it prints the outcome's summary");
});
