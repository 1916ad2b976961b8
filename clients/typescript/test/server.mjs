// A real satrap server for the tests: SATRAP_BIN (or `cargo run --release`
// from the repository) on a free loopback port with an in-memory store.
import { spawn, spawnSync } from "node:child_process";
import { createServer, connect as tcp } from "node:net";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function binary() {
  if (process.env.SATRAP_BIN) return process.env.SATRAP_BIN;
  const r = spawnSync("cargo", ["build", "--release", "--bin", "satrap"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("cargo build --release failed");
  return path.join(ROOT, "target", "release", "satrap");
}

/** `satrap api-key NAME ROLE`: { key, line } for a keys file. */
export function makeKey(name, role) {
  const r = spawnSync(binary(), ["api-key", name, role], { encoding: "utf8", timeout: 30_000 });
  if (r.status !== 0) throw new Error(`satrap api-key failed: ${r.stderr.slice(0, 500)}`);
  const lines = r.stdout.split("\n");
  return { key: lines[1].trim(), line: lines[3].trim() };
}

export async function startServer(extra = []) {
  const port = await freePort();
  const address = `127.0.0.1:${port}`;
  const child = spawn(binary(), ["serve", "--listen", address, "--database", "memory://", ...extra], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`satrap exited with ${child.exitCode}`);
    const up = await new Promise((resolve) => {
      const sock = tcp(port, "127.0.0.1");
      sock.once("connect", () => (sock.destroy(), resolve(true)));
      sock.once("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error("satrap did not accept connections in 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    address,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}
