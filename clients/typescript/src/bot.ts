/** The Bot base class: one method to write, the loop already written. */
import { Code } from "./errors.js";
import { hasCode } from "./errors.js";
import { backoffMs, isFinished, type SeatHandle } from "./client.js";
import type { GameSnapshot, LegalAction } from "./gen/satrap/v1/service_pb.js";

/** A legal action itself, its index in the list, or its notation. */
export type Pick = LegalAction | number | string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export abstract class Bot {
  /** Pick one of `legal` (never empty) given the game as this seat sees it. */
  abstract choose(snapshot: GameSnapshot, legal: LegalAction[]): Pick | Promise<Pick>;

  /**
   * Play `seat` until the game is finished; resolves to the final snapshot.
   * Waits for a lobby game to start (`waitForStart`: GetGame, then
   * WatchGame, which tells the start as it happens; `startTimeoutMs` at
   * most), then follows the game on WatchGame (resumed after drops) and acts
   * whenever an update lists this seat in `to_act`. A move that lost a race
   * (ABORTED) or its clock (FAILED_PRECONDITION) is dropped: the next update
   * brings the new state. A move cut short by UNAVAILABLE or a deadline is
   * resent at the same version, which is safe.
   */
  async play(
    seat: SeatHandle,
    opts: { streamTimeoutMs?: number; startTimeoutMs?: number } = {},
  ): Promise<GameSnapshot> {
    const first = await seat.waitForStart(opts.startTimeoutMs, { streamTimeoutMs: opts.streamTimeoutMs });
    if (isFinished(first)) return first;
    // Whole snapshots: from Node, rebuilding them from deltas (`follow`)
    // costs about as much CPU as decoding them (bench/bot.mjs).
    for await (const update of seat.watch(first.version, { streamTimeoutMs: opts.streamTimeoutMs })) {
      const snap = update.snapshot;
      if (!snap) continue;
      if (isFinished(snap)) return snap;
      if (!snap.toAct.includes(seat.seat)) continue;
      const listed = await seat.legal();
      if (listed.version !== snap.version || listed.actions.length === 0) continue;
      const action = resolve(await this.choose(snap, listed.actions), listed.actions);
      await submit(seat, action.actionId, listed.version);
    }
    return seat.snapshot();
  }
}

/**
 * Send one move at `version` following the resume contract: true if it was
 * applied, false if it lost a race (ABORTED) or the rules or the clock
 * refuse it now (FAILED_PRECONDITION). UNAVAILABLE and DEADLINE_EXCEEDED are
 * retried with the same expected version.
 */
export async function submit(seat: SeatHandle, actionId: number, version: bigint, retries = 5): Promise<boolean> {
  for (let failures = 0; ; ) {
    try {
      await seat.apply({ actionId }, version, { lean: true });
      return true;
    } catch (e) {
      if (hasCode(e, Code.Aborted, Code.FailedPrecondition)) return false;
      if (!hasCode(e, Code.Unavailable, Code.DeadlineExceeded) || ++failures > retries) throw e;
      await sleep(backoffMs(failures));
    }
  }
}

function resolve(pick: Pick, legal: LegalAction[]): LegalAction {
  if (typeof pick === "number") {
    const a = legal[pick];
    if (!a) throw new Error(`no legal action number ${pick}`);
    return a;
  }
  if (typeof pick === "string") {
    const a = legal.find((x) => x.notation.toLowerCase() === pick.toLowerCase());
    if (!a) throw new Error(`${pick.slice(0, 64)} is not a legal action`);
    return a;
  }
  return pick;
}

/** Uniformly random legal actions. */
export class RandomBot extends Bot {
  choose(_snapshot: GameSnapshot, legal: LegalAction[]): number {
    return Math.floor(Math.random() * legal.length);
  }
}
