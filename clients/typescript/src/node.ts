/** Node: gRPC over HTTP/2 (@connectrpc/connect-node). */
import { createGrpcTransport } from "@connectrpc/connect-node";
import { SatrapClient } from "./client.js";

/** A client of the server at `address` (`host:port`, plaintext gRPC). */
export function connect(address = "127.0.0.1:50051", timeoutMs?: number): SatrapClient {
  const baseUrl = /^https?:\/\//.test(address) ? address : `http://${address}`;
  return new SatrapClient(createGrpcTransport({ baseUrl }), timeoutMs);
}
