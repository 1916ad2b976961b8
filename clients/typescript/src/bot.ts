/** The Bot base class: one method to write, the loop already written. */
import { Code, ConnectError } from "@connectrpc/connect";
import { isFinished, type SeatHandle } from "./client.js";
import type { GameSnapshot, LegalAction } from "./gen/satrap/v1/service_pb.js";

/** A legal action itself, its index in the list, or its notation. */
export type Pick = LegalAction | number | string;

export abstract class Bot {
  /** Pick one of `legal` (never empty) given the game as this seat sees it. */
  abstract choose(snapshot: GameSnapshot, legal: LegalAction[]): Pick | Promise<Pick>;

  /**
   * Play `seat` until the game is finished; resolves to the final snapshot.
   * Follows the game on WatchGame (resumed after drops) and acts whenever an
   * update lists this seat in `to_act`; a move that lost a race (ABORTED)
   * is dropped, the next update brings the new state.
   */
  async play(seat: SeatHandle, opts: { streamTimeoutMs?: number } = {}): Promise<GameSnapshot> {
    const first = await seat.snapshot();
    for await (const update of seat.watch(first.version, opts)) {
      const snap = update.snapshot;
      if (!snap) continue;
      if (isFinished(snap)) return snap;
      if (!snap.toAct.includes(seat.seat)) continue;
      const listed = await seat.legal();
      if (listed.version !== snap.version || listed.actions.length === 0) continue;
      const action = resolve(await this.choose(snap, listed.actions), listed.actions);
      try {
        await seat.apply({ actionId: action.actionId }, listed.version);
      } catch (e) {
        const code = ConnectError.from(e).code;
        if (code !== Code.Aborted && code !== Code.FailedPrecondition) throw e;
      }
    }
    return seat.snapshot();
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
    if (!a) throw new Error(`${pick} is not a legal action`);
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
