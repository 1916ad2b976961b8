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

/**
 * A refused call. It is a ConnectError (so `ConnectError.from(e)` and
 * `e.code` work as before) with the rule id added.
 */
export class SatrapError extends ConnectError {
  /** The rule the server cites for a refused move (FAILED_PRECONDITION). */
  readonly ruleId?: string;

  constructor(cause: ConnectError) {
    super(cause.rawMessage.slice(0, MAX_MESSAGE), cause.code, cause.metadata, undefined, cause);
    // ConnectError's constructor sets its own prototype: restore ours.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = "ConnectError"; // how Connect recognises its errors (ConnectError.from keeps them)
    this.ruleId = cause.code === Code.FailedPrecondition ? ruleIdOf(this.rawMessage) : undefined;
  }

  /** ConnectError's own check accepts any ConnectError: this one does not. */
  static [Symbol.hasInstance](v: unknown): boolean {
    return typeof v === "object" && v !== null && SatrapError.prototype.isPrototypeOf(v);
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
