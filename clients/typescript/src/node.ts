/**
 * Node: gRPC over HTTP/2, plaintext or TLS, with an API key and deadlines.
 * The default transport is @grpc/grpc-js (about half the CPU per call of
 * Connect's own, see bench/calls.mjs); `transport: "grpc"` picks Connect's
 * gRPC transport and `"grpc-web"` gRPC-Web over HTTP/1.1 (for a gateway
 * that only passes HTTP/1.1).
 */
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import type { Transport } from "@connectrpc/connect";
import { createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import * as grpc from "@grpc/grpc-js";
import { SatrapClient } from "./client.js";
import { createGrpcJsTransport } from "./grpc-js.js";

export interface NodeConnectOptions {
  /** Sent as `x-api-key` on every call. */
  apiKey?: string;
  /** Each call's deadline in ms (default 10 s). */
  timeoutMs?: number;
  /** TLS even for a bare `host:port` (an `https://` address implies it). */
  tls?: boolean;
  /** PEM file of the CA that signed the server's certificate (implies TLS); default: Node's roots (its bundled list and NODE_EXTRA_CA_CERTS). */
  caFile?: string;
  /** PEM files of this client's certificate chain and key (both or neither; they imply TLS), for a server that requires client certificates (`--tls-client-ca`, mTLS). */
  certFile?: string;
  keyFile?: string;
  /** gRPC over grpc-js (the default), over Connect's transport, or gRPC-Web over HTTP/1.1. */
  transport?: "grpc-js" | "grpc" | "grpc-web";
}

/** Node's default roots as one PEM: its bundled list and the file
 * NODE_EXTRA_CA_CERTS names, as Node's own TLS uses them (grpc-js would
 * otherwise skip the extra file). */
function defaultRoots(): Buffer {
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const pems = [...rootCertificates];
  if (extra) {
    try {
      pems.push(readFileSync(extra, "utf8"));
    } catch {
      // Node itself only warns about an unreadable file: so do we (nothing).
    }
  }
  return Buffer.from(pems.join("\n"));
}

/** The Connect transport to `address` (`host:port`, `http://…` or `https://…`). */
export function nodeTransport(address: string, options: NodeConnectOptions = {}): Transport {
  if ((options.certFile === undefined) !== (options.keyFile === undefined)) {
    throw new Error("certFile and keyFile go together");
  }
  const tls =
    options.tls || options.caFile !== undefined || options.certFile !== undefined || address.startsWith("https://");
  const bare = address.replace(/^https?:\/\//, "");
  const baseUrl = `${tls ? "https" : "http"}://${bare}`;
  const ca = options.caFile !== undefined ? readFileSync(options.caFile) : undefined;
  const cert = options.certFile !== undefined ? readFileSync(options.certFile) : undefined;
  const key = options.keyFile !== undefined ? readFileSync(options.keyFile) : undefined;
  const nodeOptions = ca || cert ? { ca, cert, key } : undefined;
  switch (options.transport ?? "grpc-js") {
    case "grpc-web":
      return createGrpcWebTransport({ baseUrl, httpVersion: "1.1", nodeOptions });
    case "grpc":
      return createGrpcTransport({ baseUrl, nodeOptions });
    case "grpc-js":
      return createGrpcJsTransport({
        address: bare,
        credentials: tls
          ? grpc.credentials.createSsl(ca ?? defaultRoots(), key ?? null, cert ?? null)
          : grpc.credentials.createInsecure(),
      });
    default:
      throw new Error(`unknown transport ${String(options.transport).slice(0, 32)}`);
  }
}

/** A client of the server at `address` (default 127.0.0.1:50051, plaintext gRPC). */
export function connect(address = "127.0.0.1:50051", options: NodeConnectOptions | number = {}): SatrapClient {
  const opts = typeof options === "number" ? { timeoutMs: options } : options;
  return new SatrapClient(nodeTransport(address, opts), { apiKey: opts.apiKey, timeoutMs: opts.timeoutMs });
}

export { createGrpcJsTransport, type GrpcJsTransportOptions } from "./grpc-js.js";
