// The gRPC-Web client of satrap's GameService. The page is served by satrap
// itself (or by a gateway in front of it), so the API is at the page's own
// origin and needs no configuration. The Vite servers (`npm run dev`,
// `npm run preview`) forward the API to SATRAP_PROXY (vite.config.ts); or
// set VITE_SATRAP_URL, e.g. http://127.0.0.1:50051, to call satrap directly
// (satrap allows any origin by default, --cors-origins).
import { createClient, ConnectError, Code } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { SatrapClient } from "@satrap/client/web";
import { GameService } from "./gen/satrap/v1/service_pb";

const baseUrl: string = import.meta.env.VITE_SATRAP_URL || window.location.origin;
export const transport = createGrpcWebTransport({ baseUrl });
export const client = createClient(GameService, transport);
/** The TypeScript client over the same transport, for following games:
 *  its resume contract and deltas (`follow`), not a copy of them here. */
export const satrap = new SatrapClient(transport);

/** Call options acting as a seat: `authorization: Bearer <token>`. */
export function asSeat(token: string | undefined, signal?: AbortSignal) {
  const headers: Record<string, string> = {};
  if (token) headers["authorization"] = `Bearer ${token}`;
  return { headers, signal };
}

const CODE_WORDS: Partial<Record<Code, string>> = {
  [Code.NotFound]: "No such game",
  [Code.Unauthenticated]: "This seat link is not valid for this game",
  [Code.PermissionDenied]: "Spectators cannot act",
  [Code.InvalidArgument]: "The server did not understand the request",
  [Code.FailedPrecondition]: "The rules forbid that now",
  [Code.Aborted]: "The game moved on before your move arrived; try again",
  [Code.ResourceExhausted]: "The server is at a limit",
  [Code.Unavailable]: "The server is unavailable",
  [Code.DeadlineExceeded]: "The server took too long",
};

/** An error in words for a person: what it means, then the server's message. */
export function explain(e: unknown): string {
  if (e instanceof ConnectError) {
    const words = CODE_WORDS[e.code] ?? `Error (${Code[e.code]})`;
    return e.rawMessage ? `${words}: ${e.rawMessage}` : words;
  }
  if (e instanceof Error) return e.message;
  return String(e);
}

export function isCode(e: unknown, code: Code): boolean {
  return e instanceof ConnectError && e.code === code;
}

export { Code, ConnectError };
