// The Alexandros map of docs/rules/alexandros-board.json (its map rows give
// each space's symbol; the geometry formulas are the file's own), and names
// for its places in player language: a compass region of the map and the
// symbols nearby, never the engine's ids.
import { constants, map_rows } from "../../../docs/rules/alexandros-board.json";
import { AlexandrosSymbol } from "../gen/satrap/v1/alexandros_pb";

/** The rules' end of the game: a player reaches `endScore` points, or the
 *  `blackWalls` black walls run out (AX-36). */
export const END = { score: constants.end_score, blackWalls: constants.black_walls };

export const S = 46; // one side of a triangle, in pixels
const H = (S * Math.sqrt(3)) / 2;
const OX = 30, OY = 20;
const ROWS = map_rows.length, COLS = map_rows[0].length;

/** Point vY_X -> screen (the board file: x = (X-1)/2, y = Y*sqrt(3)/2). */
export function pt(id: string): [number, number] {
  const m = /^v(\d+)_(\d+)$/.exec(id);
  if (!m) return [0, 0];
  const y = Number(m[1]), x = Number(m[2]);
  return [OX + ((x - 1) / 2) * S + S / 2, OY + y * H];
}

function rc(id: string): [number, number] | undefined {
  const m = /^r(\d+)c(\d+)$/.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** The corners of space rRcC (apex up iff col - row is even). */
export function corners(id: string): string[] {
  const p = rc(id);
  if (!p) return [];
  const [r, c] = p;
  return (c - r) % 2 === 0
    ? [`v${r}_${c + 1}`, `v${r + 1}_${c}`, `v${r + 1}_${c + 2}`]
    : [`v${r}_${c}`, `v${r}_${c + 2}`, `v${r + 1}_${c + 1}`];
}

/** The map's size in pixels (the sea around it included). */
export const MAP_W = OX * 2 + ((COLS + 1) / 2) * S;
export const MAP_H = OY * 2 + ROWS * H;

/** The outline of an area made of `spaces`: the sides of its triangles that
 *  no other of its triangles shares, each as its two corner ids. */
export function outline(spaces: string[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const id of spaces) {
    const cs = corners(id);
    for (const [a, b] of [[cs[0], cs[1]], [cs[1], cs[2]], [cs[2], cs[0]]]) {
      const k = [a, b].sort().join("|");
      if (seen.has(k)) seen.delete(k);
      else seen.set(k, [a, b]);
    }
  }
  return [...seen.values()];
}

export const SYMBOL_OF: Record<string, AlexandrosSymbol> = {
  T: AlexandrosSymbol.TEMPLE, A: AlexandrosSymbol.AMPHORA, H: AlexandrosSymbol.HORSE,
  L: AlexandrosSymbol.LYRE, S: AlexandrosSymbol.SOLDIER,
};
export const SYMBOL_NAME: Record<number, string> = {
  [AlexandrosSymbol.TEMPLE]: "Temple", [AlexandrosSymbol.AMPHORA]: "Amphora", [AlexandrosSymbol.HORSE]: "Horse",
  [AlexandrosSymbol.LYRE]: "Lyre", [AlexandrosSymbol.SOLDIER]: "Soldier",
};

/** Each symbol's colour, on the map and on the cards. */
export const SYMBOL_COLOUR: Record<number, string> = {
  [AlexandrosSymbol.TEMPLE]: "#7b4bb3", [AlexandrosSymbol.AMPHORA]: "#3f9a3f",
  [AlexandrosSymbol.HORSE]: "#d8b21c", [AlexandrosSymbol.LYRE]: "#cc3a35", [AlexandrosSymbol.SOLDIER]: "#58b4e0",
};

export const SPACES: { id: string; ch: string }[] = [];
map_rows.forEach((row: string, r: number) =>
  [...row].forEach((ch, c) => { if (ch !== ".") SPACES.push({ id: `r${r}c${c}`, ch }); }));
const SYMBOL_AT = new Map(SPACES.map((s) => [s.id, SYMBOL_OF[s.ch]]));
/** The spaces around each point. */
const AROUND = new Map<string, string[]>();
for (const s of SPACES) for (const c of corners(s.id)) AROUND.set(c, [...(AROUND.get(c) ?? []), s.id]);

/** The symbol printed on a space, if any. */
export function symbolAt(space: string): AlexandrosSymbol | undefined {
  return SYMBOL_AT.get(space);
}

/** "north-west", "centre", ... of a position in rows and columns. */
function region(row: number, col: number): string {
  const ns = row < ROWS * 0.34 ? "north" : row >= ROWS * 0.67 ? "south" : "";
  const we = col < COLS * 0.34 ? "west" : col >= COLS * 0.67 ? "east" : "";
  return ns && we ? `${ns}-${we}` : ns || we || "centre";
}

/** "the Lyre space in the north-west". */
export function spaceName(space: string): string {
  const p = rc(space);
  if (!p) return "a space";
  const sym = symbolAt(space);
  return `the ${sym ? `${SYMBOL_NAME[sym]} ` : "open "}space in the ${region(p[0], p[1])}`;
}

/** "the corner by a Lyre space in the north-west". */
export function pointName(point: string): string {
  const m = /^v(\d+)_(\d+)$/.exec(point);
  if (!m) return "a corner";
  const row = Math.min(Number(m[1]), ROWS - 1), col = Number(m[2]) - 1;
  const syms = [...new Set((AROUND.get(point) ?? []).map(symbolAt).filter((s) => s !== undefined))];
  const names = syms.map((s) => SYMBOL_NAME[s]);
  const by = syms.length === 1 ? ` by ${/^[AEIOU]/.test(names[0]) ? "an" : "a"} ${names[0]} space`
    : syms.length > 1 ? ` by the ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} spaces` : "";
  return `the corner${by} in the ${region(row, col)}`;
}

/** "the Temple-Lyre province in the north" (its symbols and where it lies). */
export function provinceName(spaces: string[], anchor: string): string {
  const list = spaces.length ? spaces : [anchor];
  const pos = list.map(rc).filter((p) => p !== undefined);
  const row = pos.reduce((a, p) => a + p[0], 0) / Math.max(1, pos.length);
  const col = pos.reduce((a, p) => a + p[1], 0) / Math.max(1, pos.length);
  const syms = list.map(symbolAt).filter((s) => s !== undefined).map((s) => SYMBOL_NAME[s]);
  const kind = syms.length === 0 ? "empty" : syms.length <= 3 ? syms.join("-") : `${syms.length}-symbol`;
  return `the ${kind} province in the ${region(row, col)}`;
}
