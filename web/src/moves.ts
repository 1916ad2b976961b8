// Step-by-step choice among the legal actions, in player language. Each
// game's vocabulary says every legal action as a few phrases ("Take from
// Korat", "Take a Lao follower"); choosing the next phrase narrows the
// candidates until one remains, which is then played. Board clicks narrow
// the same set by the board elements an action touches (each game's
// `keysOf`), so a player can click the board or the buttons in any mix.
import type { LegalAction } from "./gen/satrap/v1/service_pb";

export interface Choice {
  /** Phrases chosen so far (a prefix of the actions' phrases). */
  words: string[];
  /** Board elements clicked so far. */
  keys: string[];
}

export const emptyChoice: Choice = { words: [], keys: [] };

/** A legal action with its phrases. */
export interface Move {
  action: LegalAction;
  steps: string[];
}

/** The moves of a legal-action list: phrases from `say`, made distinct
 *  where two actions would read the same ("…, option 2"). */
export function movesOf(actions: LegalAction[], say: (a: LegalAction) => string[]): Move[] {
  const moves = actions.map((action) => ({ action, steps: say(action).filter((s) => s.length > 0) }));
  const seen = new Map<string, Move[]>();
  for (const m of moves) {
    const k = m.steps.join("\u0000");
    seen.set(k, [...(seen.get(k) ?? []), m]);
  }
  for (const group of seen.values()) {
    if (group.length < 2) continue;
    group.forEach((m, i) => {
      const last = m.steps.length - 1;
      m.steps = [...m.steps.slice(0, last), `${m.steps[last] ?? "Move"}, option ${i + 1}`];
    });
  }
  return moves;
}

/** The moves still matching the choice. */
export function candidates(moves: Move[], choice: Choice, keysOf: (a: LegalAction) => string[]): Move[] {
  return moves.filter((m) => {
    if (choice.words.some((x, i) => m.steps[i] !== x)) return false;
    const keys = keysOf(m.action);
    return choice.keys.every((k) => keys.includes(k));
  });
}

export interface Next {
  /** The phrase. */
  word: string;
  /** How many moves go on from it. */
  count: number;
  /** True when the phrase ends a move. */
  complete: boolean;
  /** The board elements of those moves (shown while the pointer is on the button). */
  keys: string[];
}

/** The distinct next phrases after the chosen prefix, in the list's order. */
export function nextWords(cands: Move[], choice: Choice, keysOf: (a: LegalAction) => string[]): Next[] {
  const out = new Map<string, Next>();
  const at = choice.words.length;
  for (const m of cands) {
    if (m.steps.length <= at) continue;
    const entry = out.get(m.steps[at]) ?? { word: m.steps[at], count: 0, complete: false, keys: [] };
    entry.count += 1;
    if (m.steps.length === at + 1) entry.complete = true;
    for (const k of keysOf(m.action)) if (!entry.keys.includes(k)) entry.keys.push(k);
    out.set(m.steps[at], entry);
  }
  return [...out.values()];
}

/** Board elements of the remaining candidates that would narrow the choice. */
export function clickable(cands: Move[], choice: Choice, keysOf: (a: LegalAction) => string[]): Set<string> {
  const keys = new Set<string>();
  for (const m of cands) for (const k of keysOf(m.action)) if (!choice.keys.includes(k)) keys.add(k);
  return keys;
}
