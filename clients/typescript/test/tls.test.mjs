// The client against the server's own TLS (no proxy), on every Node
// transport (and the Connect protocol on the same port): a CA file, and for mTLS (--tls-client-ca) a client certificate
// and key; a client without a certificate is refused. The certificates are
// made here with the `openssl` command (a CA, a server certificate for
// 127.0.0.1, a client certificate).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { GameService } from "../dist/gen/satrap/v1/service_pb.js";
import { connect } from "../dist/node.js";
import { startServer } from "./server.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "satrap-tls-"));
const file = (name) => path.join(dir, name);

function openssl(...args) {
  const r = spawnSync("openssl", args, { cwd: dir, encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr.slice(0, 500)}`);
}

/** NAME.pem and NAME.key signed by ca.pem, with the extensions `ext`. */
function issue(name, cn, ext) {
  openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
    "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${cn}`);
  writeFileSync(file(`${name}.ext`), ext);
  openssl("x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key",
    "-CAcreateserial", "-days", "2", "-out", `${name}.pem`, "-extfile", `${name}.ext`);
}

let server;
before(async () => {
  openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
    "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=satrap test CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  issue("server", "localhost", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
  issue("client", "bot-1", "extendedKeyUsage=clientAuth\n");
  server = await startServer([
    "--tls-cert", file("server.pem"), "--tls-key", file("server.key"), "--tls-client-ca", file("ca.pem"),
  ]);
});
after(async () => server?.stop());

for (const transport of ["grpc-js", "grpc", "grpc-web"]) {
  test(`${transport}: a client certificate reaches an mTLS server`, async () => {
    const client = connect(server.address, {
      transport,
      caFile: file("ca.pem"),
      certFile: file("client.pem"),
      keyFile: file("client.key"),
    });
    assert.equal((await client.gameTypes()).length, 4);
  });

  test(`${transport}: a client without a certificate is refused`, async () => {
    const client = connect(server.address, { transport, caFile: file("ca.pem"), timeoutMs: 5_000 });
    await assert.rejects(client.gameTypes());
  });
}

// The Connect protocol over the same TLS port (JSON, HTTP/1.1 and HTTP/2).
for (const httpVersion of ["1.1", "2"]) {
  test(`Connect over HTTP/${httpVersion} with a client certificate`, async () => {
    const transport = createConnectTransport({
      baseUrl: `https://${server.address}`,
      httpVersion,
      nodeOptions: {
        ca: readFileSync(file("ca.pem")),
        cert: readFileSync(file("client.pem")),
        key: readFileSync(file("client.key")),
      },
    });
    const types = await createClient(GameService, transport).listGameTypes({});
    assert.equal(types.gameTypes.length, 4);
  });
}

test("certFile and keyFile go together", () => {
  assert.throws(() => connect("127.0.0.1:1", { certFile: file("client.pem") }), /go together/);
});
