// Step-by-step choice among the legal actions. Every legal action comes with
// its notation, a list of words ("X1 NAN LAO SUKOTHAI RAMA"); choosing the
// next word narrows the candidates until one remains, which is then played.
// Board clicks narrow the same set by the board elements an action touches
// (each game's `keysOf`), so a player can click a province or type of step
// in any mix.
import type { LegalAction } from "./gen/satrap/v1/service_pb";

export interface Choice {
  /** Words chosen so far (a prefix of the notation). */
  words: string[];
  /** Board elements clicked so far. */
  keys: string[];
}

export const emptyChoice: Choice = { words: [], keys: [] };

export function words(notation: string): string[] {
  return notation.trim().split(/\s+/);
}

/** The legal actions still matching the choice. */
export function candidates(
  actions: LegalAction[],
  choice: Choice,
  keysOf: (a: LegalAction) => string[],
): LegalAction[] {
  return actions.filter((a) => {
    const w = words(a.notation);
    if (choice.words.some((x, i) => w[i] !== x)) return false;
    const keys = keysOf(a);
    return choice.keys.every((k) => keys.includes(k));
  });
}

/** The distinct next words after the chosen prefix, in the list's order. */
export function nextWords(cands: LegalAction[], choice: Choice): { word: string; count: number; complete: boolean }[] {
  const out = new Map<string, { word: string; count: number; complete: boolean }>();
  const at = choice.words.length;
  for (const a of cands) {
    const w = words(a.notation);
    if (w.length <= at) continue;
    const entry = out.get(w[at]) ?? { word: w[at], count: 0, complete: false };
    entry.count += 1;
    if (w.length === at + 1) entry.complete = true;
    out.set(w[at], entry);
  }
  return [...out.values()];
}

/** Board elements of the remaining candidates that would narrow the choice. */
export function clickable(cands: LegalAction[], choice: Choice, keysOf: (a: LegalAction) => string[]): Set<string> {
  const keys = new Set<string>();
  for (const a of cands) for (const k of keysOf(a)) if (!choice.keys.includes(k)) keys.add(k);
  return keys;
}
