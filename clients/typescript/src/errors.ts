/**
 * Typed errors: every failed call rejects with a `SatrapError` carrying the
 * gRPC code, the server's message and, for a move the rules forbid, the
 * rule id the message starts with (`KS-4`, `AX-12`, …).
 */
import { Code, ConnectError } from "@connectrpc/connect";

export { Code };

const RULE_ID = /^([A-Z]{2,3}-\d+[A-Za-z0-9.]*):/;
/** Messages are bounded by the server; this bounds what an error keeps. */
const MAX_MESSAGE = 1000;

/** The rule id a FAILED_PRECONDITION message starts with, if any. */
export function ruleIdOf(message: string): string | undefined {
  return RULE_ID.exec(message)?.[1];
}

export class SatrapError extends Error {
  /** The gRPC status code (Connect's `Code`, numbered as gRPC's). */
  readonly code: Code;
  /** The server's message, without the code. */
  readonly rawMessage: string;
  /** The rule the server cites for a refused move (FAILED_PRECONDITION). */
  readonly ruleId?: string;
  /** The error as the transport raised it. */
  readonly cause: ConnectError;

  constructor(cause: ConnectError) {
    const raw = cause.rawMessage.slice(0, MAX_MESSAGE);
    super(`${Code[cause.code] ?? cause.code}: ${raw}`);
    this.name = "SatrapError";
    this.code = cause.code;
    this.rawMessage = raw;
    this.ruleId = cause.code === Code.FailedPrecondition ? ruleIdOf(raw) : undefined;
    this.cause = cause;
  }

  /** `e` as a SatrapError (as is when it already is one). */
  static from(e: unknown): SatrapError {
    return e instanceof SatrapError ? e : new SatrapError(ConnectError.from(e));
  }
}

/** Whether `e` is a SatrapError with one of `codes`. */
export function hasCode(e: unknown, ...codes: Code[]): e is SatrapError {
  return e instanceof SatrapError && codes.includes(e.code);
}
