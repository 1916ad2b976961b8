// Moves per second of the Bot loop from one Node process, per transport:
// `games` King of Siam games (2 seats, both played here by RandomBot, all
// games at once), reporting the Node process's CPU per move and moves per
// second. The server is SATRAP_ADDRESS, or SATRAP_BIN on a free port.
//
//   npm run build && SATRAP_BIN=../../target/release/satrap node bench/bot.mjs [games]
import { RandomBot } from "../dist/index.js";
import { connect } from "../dist/node.js";
import { startServer } from "../test/server.mjs";

const GAMES = Number(process.argv[2] ?? 20);
const server = process.env.SATRAP_ADDRESS ? null : await startServer(["--web", "false"]);
const address = process.env.SATRAP_ADDRESS ?? server.address;

async function round(transport) {
  const client = connect(address, { transport });
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const finals = await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const created = await client.create("king_of_siam", ["a", "b"], BigInt(g + 1));
      const seats = await Promise.all(created.seats.map((s) => client.seat(created.gameId, s.token)));
      return (await Promise.all(seats.map((seat) => new RandomBot().play(seat))))[0];
    }),
  );
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const moves = finals.reduce((n, f) => n + Number(f.version), 0);
  return { moves, cpuUs: (cpu.user + cpu.system) / moves, perSec: moves / wall };
}

// Three rounds, every transport in each: the median CPU per move and the
// best moves per second (the round least disturbed by other work).
const ROUNDS = 3;
const samples = {};
for (let r = 0; r < ROUNDS; r++) for (const t of ["grpc", "grpc-web", "grpc-js"]) (samples[t] ??= []).push(await round(t));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = Object.fromEntries(
  Object.entries(samples).map(([t, rs]) => [
    t,
    { moves: rs.reduce((n, r) => n + r.moves, 0), cpuUs: median(rs.map((r) => r.cpuUs)), perSec: Math.max(...rs.map((r) => r.perSec)) },
  ]),
);
console.log(`node ${process.version}, ${GAMES} games at once, ${ROUNDS} rounds (median CPU, best moves/s)`);
console.log("| transport | moves | µs CPU/move | moves/s | ratio |");
console.log("|---|---|---|---|---|");
for (const [t, r] of Object.entries(rows)) {
  console.log(`| ${t} | ${r.moves} | ${r.cpuUs.toFixed(0)} | ${r.perSec.toFixed(0)} | ${(r.perSec / rows.grpc.perSec).toFixed(2)}× |`);
}
await server?.stop();
process.exit(0);
