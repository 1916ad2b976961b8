// CPU per call and calls per second from one Node process, per transport:
// Connect's gRPC transport (HTTP/2), Connect's gRPC-Web transport over
// HTTP/1.1 and over HTTP/2, @grpc/grpc-js with @grpc/proto-loader's stubs,
// and this package's client over grpc-js (src/grpc-js.ts, the default).
// The server is SATRAP_ADDRESS, or SATRAP_BIN started on a free port.
//
//   npm run build && SATRAP_BIN=../../target/release/satrap node bench/calls.mjs [calls] [in-flight]
//
// Each transport makes `calls` ListLegalActions and `calls` GetGame calls
// (a whole snapshot with its text) on one game, `in-flight` at a time,
// after a warm-up; it reports the Node process's CPU (user + system) per
// call and calls per second, and each one's ratio to the first transport.
// All transports run in one process, one after the other, in three rounds.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { SatrapClient } from "../dist/index.js";
import { createGrpcJsTransport } from "../dist/grpc-js.js";
import { startServer } from "../test/server.mjs";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const CALLS = Number(process.argv[2] ?? 4000);
const IN_FLIGHT = Number(process.argv[3] ?? 8);

const server = process.env.SATRAP_ADDRESS ? null : await startServer(["--web", "false"]);
const address = process.env.SATRAP_ADDRESS ?? server.address;
const baseUrl = `http://${address}`;

function connectClient(transport) {
  const c = new SatrapClient(transport);
  return {
    legal: (id, token) => c.listLegalActions(id, token),
    get: (id, token) => c.getGame(id, token),
    close: () => {},
  };
}

function grpcJsClient() {
  const grpc = require("@grpc/grpc-js");
  const loader = require("@grpc/proto-loader");
  const def = loader.loadSync("satrap/v1/service.proto", {
    includeDirs: [path.resolve(here, "../../../proto")],
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def);
  const stub = new pkg.satrap.v1.GameService(address, grpc.credentials.createInsecure());
  const call = (method, req, token) =>
    new Promise((resolve, reject) => {
      const md = new grpc.Metadata();
      md.set("authorization", `Bearer ${token}`);
      stub[method](req, md, { deadline: Date.now() + 10_000 }, (err, res) => (err ? reject(err) : resolve(res)));
    });
  return {
    legal: (id, token) => call("ListLegalActions", { gameId: id }, token),
    get: (id, token) => call("GetGame", { gameId: id }, token),
    close: () => stub.close(),
  };
}

const TRANSPORTS = {
  "connect gRPC (HTTP/2)": () => connectClient(createGrpcTransport({ baseUrl })),
  "connect gRPC-Web (HTTP/1.1)": () => connectClient(createGrpcWebTransport({ baseUrl, httpVersion: "1.1" })),
  "connect gRPC-Web (HTTP/2)": () => connectClient(createGrpcWebTransport({ baseUrl, httpVersion: "2" })),
  "@grpc/grpc-js (proto-loader stubs)": grpcJsClient,
  "connect client over grpc-js (this package's default)": () => {
    const transport = createGrpcJsTransport({ address });
    return { ...connectClient(transport), close: () => transport.close() };
  },
};

async function run(client, method, id, token, n) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      next++;
      await client[method](id, token);
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / n, perSec: n / wall };
}

const setup = new SatrapClient(createGrpcTransport({ baseUrl }));
const created = await setup.createGame("king_of_siam", ["a", "b"], { seed: 1n });
const id = created.gameId;
const token = created.seats[created.snapshot.toAct[0]].token;

// Three rounds, every transport in each: the median CPU per call (a cost
// of this process whatever else runs) and the best calls per second (the
// round least disturbed by other work on the machine).
const ROUNDS = 3;
const samples = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, make] of Object.entries(TRANSPORTS)) {
    const client = make();
    await run(client, "legal", id, token, Math.min(500, CALLS)); // warm-up
    (samples[name] ??= []).push({
      legal: await run(client, "legal", id, token, CALLS),
      get: await run(client, "get", id, token, CALLS),
    });
    client.close();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
for (const [name, rs] of Object.entries(samples)) {
  results[name] = Object.fromEntries(
    ["legal", "get"].map((m) => [
      m,
      { cpuUs: median(rs.map((r) => r[m].cpuUs)), perSec: Math.max(...rs.map((r) => r[m].perSec)) },
    ]),
  );
}
const first = Object.values(results)[0];
console.log(`node ${process.version}, ${CALLS} calls per row, ${IN_FLIGHT} in flight, ${ROUNDS} rounds (median CPU, best calls/s)`);
console.log("| transport | ListLegalActions µs CPU/call | calls/s | ratio | GetGame µs CPU/call | calls/s | ratio |");
console.log("|---|---|---|---|---|---|---|");
for (const [name, r] of Object.entries(results)) {
  const cells = ["legal", "get"].map((m) =>
    [r[m].cpuUs.toFixed(0), r[m].perSec.toFixed(0), `${(r[m].perSec / first[m].perSec).toFixed(2)}×`].join(" | "),
  );
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
await server?.stop();
process.exit(0);
