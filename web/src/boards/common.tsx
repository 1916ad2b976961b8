// What every game's board module provides to the game page.
import type { ComponentChildren } from "preact";
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";

export interface BoardProps {
  snap: GameSnapshot;
  /** Board elements a click would narrow the current choice with. */
  clickable: Set<string>;
  /** Board elements already clicked in the current choice. */
  picked: string[];
  onPick: (key: string) => void;
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
}

export const PALETTE = ["#d9423a", "#2f6fd0", "#2e9b4f", "#c58a12"];

/** Props that make a board element (SVG or HTML) clickable, and reachable
 *  by keyboard (Tab, then Enter or Space), when its key is offered. */
export function pickable(p: BoardProps, key: string, extraClass = "") {
  const on = p.clickable.has(key);
  const picked = p.picked.includes(key);
  return {
    class: `${extraClass}${on ? " clickable" : ""}${picked ? " picked" : ""}`,
    "data-key": key,
    role: on ? ("button" as const) : undefined,
    // Lower-case: SVG attributes are case-sensitive, and Preact sets them as written.
    tabindex: on ? 0 : undefined,
    "aria-label": on ? key.replace(":", " ") : undefined,
    onClick: on ? (e: Event) => { e.stopPropagation(); p.onPick(key); } : undefined,
    onKeyDown: on ? (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); p.onPick(key); }
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
