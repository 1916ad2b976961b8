/** Browsers: gRPC-Web (@connectrpc/connect-web), which satrap serves on
 * its own port (and deploy/nginx.conf on the gateway's HTTP/1.1 port),
 * and what a page following games needs from the client: the resume
 * contract (`SatrapClient.watch`, `follow`) and deltas (`applyDelta`). */
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { SatrapClient, type ClientOptions } from "./client.js";

/** A client of the server at `baseUrl` (default: the page's own origin). */
export function connect(
  baseUrl = globalThis.location?.origin ?? "http://127.0.0.1:50051",
  options: ClientOptions | number = {},
): SatrapClient {
  return new SatrapClient(createGrpcWebTransport({ baseUrl }), options);
}

export { SatrapClient, follow, backoffMs, RESUMABLE, type FollowedUpdate, type WatchOptions } from "./client.js";
export { applyDelta } from "./delta.js";
export { SatrapError, hasCode } from "./errors.js";
