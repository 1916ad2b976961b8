// What every game's board module provides to the game page.
import type { ComponentChildren } from "preact";
import type { GameEvent, GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";

export interface BoardProps {
  snap: GameSnapshot;
  /** Board elements a click would narrow the current choice with. */
  clickable: Set<string>;
  /** Board elements already clicked in the current choice. */
  picked: string[];
  /** A board element was clicked; `label` says it in words. */
  onPick: (key: string, label?: string) => void;
  /** Board elements of the move the pointer is on in the action bar. */
  preview?: string[];
}

/** A seat's name as the page shows it. */
export type Namer = (seat: number) => string;

/** A game's words: how the page says its actions, events and prompts in
 *  player language (the server's notation stays the bots' language). */
export interface Vocab {
  /** The action as a few phrases chosen one after the other; together they
   *  say the whole move ("Take a follower from Korat", "a Lao follower"). */
  steps: (a: LegalAction, snap: GameSnapshot) => string[];
  /** One sentence for an event, or null when it is not worth a line. */
  event: (e: GameEvent, snap: GameSnapshot, name: Namer) => string | null;
  /** What the seat to act is asked to do now. */
  prompt: (snap: GameSnapshot, name: Namer) => string;
}

export interface GameUI {
  /** The board drawn in SVG from the typed view. */
  Board: (p: BoardProps) => ComponentChildren;
  /** Public and own information below the board (hands, supply, piles). */
  Info: (p: BoardProps) => ComponentChildren;
  /** One short line per seat for the seats table (score, hand size, ...). */
  seatLine: (snap: GameSnapshot, seat: number) => ComponentChildren;
  /** Colour of a seat. */
  seatColour: (snap: GameSnapshot, seat: number) => string;
  /** The board elements an action touches, e.g. ["prov:NAN"]. */
  keysOf: (a: LegalAction) => string[];
  /** The viewer's own hand and pieces, shown beside the action bar. */
  Hand: (p: BoardProps) => ComponentChildren;
  /** What every colour, symbol and piece on the board means. */
  Legend: (p: { snap: GameSnapshot }) => ComponentChildren;
  /** The game's words (actions, events, prompts). */
  words: Vocab;
}

/** Seat colours for games whose pieces have colours of their own (King of
 *  Siam's factions are yellow, red and blue): purple, teal, magenta, brown. */
export const PALETTE = ["#7b3fa0", "#0f8286", "#c2185b", "#7a5230"];

/** Props that make a board element (SVG or HTML) clickable, and reachable
 *  by keyboard (Tab, then Enter or Space), when its key is offered. Its
 *  accessible name is its text (HTML) or its <title> (SVG); `label` says it
 *  in the action bar once picked. */
export function pickable(p: BoardProps, key: string, extraClass = "", label?: string) {
  const on = p.clickable.has(key);
  const picked = p.picked.includes(key);
  const preview = p.preview?.includes(key);
  return {
    class: `${extraClass}${on ? " clickable" : ""}${picked ? " picked" : ""}${preview ? " preview" : ""}`,
    "data-key": key,
    role: on ? ("button" as const) : undefined,
    // Lower-case: SVG attributes are case-sensitive, and Preact sets them as written.
    tabindex: on ? 0 : undefined,
    onClick: on ? (e: Event) => { e.stopPropagation(); p.onPick(key, label); } : undefined,
    onKeyDown: on ? (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); p.onPick(key, label); }
    } : undefined,
  };
}

/** A small labelled number chip, used for counts. */
export function Chip({ x, y, fill, n, r = 9, text = "#fff" }: { x: number; y: number; fill: string; n: number | string; r?: number; text?: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={fill} stroke="#222" stroke-width={0.8} />
      <text x={x} y={y + r * 0.38} font-size={r * 1.1} text-anchor="middle" fill={text} font-weight="bold">{n}</text>
    </g>
  );
}

export function enumName(e: Record<number, string>, v: number): string {
  return e[v] ?? "?";
}

export function titleCase(s: string): string {
  return s.toLowerCase().replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "1 card", "2 cards". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One row of a legend: a swatch (any SVG drawn in 24x24) and its meaning. */
export function Key({ children, label }: { children: ComponentChildren; label: ComponentChildren }) {
  return (
    <li>
      <svg width={24} height={24} viewBox="0 0 24 24" aria-hidden="true">{children}</svg>
      <span>{label}</span>
    </li>
  );
}

/** "a Lyre", "an Amphora". */
export function an(word: string): string {
  return `${/^[AEIOUaeiou]/.test(word) ? "an" : "a"} ${word}`;
}
