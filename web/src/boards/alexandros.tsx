// Alexandros: the triangle map of docs/rules/alexandros-board.json (its map
// rows give each space's symbol; the geometry formulas are the file's own),
// with walls, Alexander, guards and provinces from the view.
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  AlexandrosColour, AlexandrosSlot, AlexandrosSymbol, AlexandrosTakeFrom,
  AlexandrosWallColour, type AlexandrosCards, type AlexandrosView,
} from "../gen/satrap/v1/alexandros_pb";
import { MAP_H, MAP_W, SPACES, SYMBOL_COLOUR, SYMBOL_NAME, SYMBOL_OF, corners, outline, pointName, provinceName, pt, spaceName } from "./alexandrosMap";
import { AlexandrosTable } from "./alexandrosTable";
import { alexandrosWords } from "./alexandrosWords";
import { type BoardProps, type GameUI, Key, pickable, plural } from "./common";

const COLOUR: Record<number, string> = {
  [AlexandrosColour.RED]: "#d8332b", [AlexandrosColour.YELLOW]: "#e9c21b",
  [AlexandrosColour.BLUE]: "#2f62c8", [AlexandrosColour.GREEN]: "#2f9a4a",
};
const TINT: Record<number, string> = {
  [AlexandrosColour.RED]: "#f4b9b3", [AlexandrosColour.YELLOW]: "#f7e9a3",
  [AlexandrosColour.BLUE]: "#b9cbf1", [AlexandrosColour.GREEN]: "#b7e2c2",
};
/** Spaces of a province nobody occupies yet. */
const UNOCCUPIED = "#e2d3a8";
const SYMBOLS = [AlexandrosSymbol.TEMPLE, AlexandrosSymbol.AMPHORA, AlexandrosSymbol.HORSE, AlexandrosSymbol.LYRE, AlexandrosSymbol.SOLDIER];

function view(snap: GameSnapshot): AlexandrosView | undefined {
  return snap.state.case === "alexandros" ? snap.state.value : undefined;
}

function seatColour(snap: GameSnapshot, seat: number): string {
  const c = view(snap)?.seats[seat]?.colour;
  return c ? COLOUR[c] : "#888";
}

function count(c: AlexandrosCards | undefined, s: AlexandrosSymbol): number {
  if (!c) return 0;
  return [0, c.temple, c.amphora, c.horse, c.lyre, c.soldier][s] ?? 0;
}

function Board(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const provinceOf = new Map<string, (typeof v.provinces)[number]>();
  for (const pr of v.provinces) for (const s of pr.spaces) provinceOf.set(s, pr);
  const guards = new Map(v.guards.map((g) => [g.space, g.seat]));
  const chosen = new Set(v.progress?.chosen ?? []);
  const points = new Set<string>();
  for (const k of p.clickable) if (k.startsWith("pt:")) points.add(k.slice(3));
  const [ax, ay] = pt(v.alexander);
  const dest = v.progress?.destination;
  return (
    <div class="ax-board">
      <svg viewBox={`0 0 ${MAP_W} ${MAP_H}`} class="board ax" role="group" aria-label="Alexandros map">
        <rect width={MAP_W} height={MAP_H} fill="#bcd7ea" />
        {SPACES.map(({ id, ch }) => {
          const pr = provinceOf.get(id);
          const owner = pr?.owner;
          const fill = owner !== undefined ? TINT[v.seats[owner]?.colour ?? 0] : pr ? UNOCCUPIED : "#f3e9cf";
          const isSpace = p.clickable.has(`space:${id}`);
          const key = isSpace ? `space:${id}` : `prov:${pr?.anchor ?? id}`;
          const label = isSpace ? spaceName(id) : pr ? provinceName(pr.spaces, pr.anchor) : spaceName(id);
          const poly = corners(id).map((c) => pt(c).join(",")).join(" ");
          const cs = corners(id).map(pt);
          const cx = (cs[0][0] + cs[1][0] + cs[2][0]) / 3, cy = (cs[0][1] + cs[1][1] + cs[2][1]) / 3;
          const sym = SYMBOL_OF[ch];
          const guard = guards.get(id);
          return (
            <g key={id} {...pickable(p, key, "space", label)}>
              <title>{`${sym ? `${SYMBOL_NAME[sym]} space` : "Open space"}${owner !== undefined ? `, province of ${name(p.snap, owner)}` : pr ? ", in an unoccupied province" : ""}${guard !== undefined ? `; ${name(p.snap, guard)}'s guard` : ""}`}</title>
              <polygon points={poly} fill={fill} stroke="#d8cdb0" stroke-width={0.7} />
              {sym && <circle cx={cx} cy={cy} r={8} fill={SYMBOL_COLOUR[sym]} stroke={chosen.has(id) ? "#000" : "none"} stroke-width={2} />}
              {sym && <text x={cx} y={cy + 3.5} font-size={9} text-anchor="middle" fill="#fff" font-weight="bold">{ch}</text>}
              {guard !== undefined && (
                <g class="guard">
                  <path d={`M${cx - 7},${cy + 8} L${cx + 7},${cy + 8} L${cx + 4},${cy - 2} A5,5 0 1 0 ${cx - 4},${cy - 2} Z`} fill={seatColour(p.snap, guard)} stroke="#111" stroke-width={1.6} />
                </g>
              )}
            </g>
          );
        })}
        {v.provinces.map((pr) => (
          <path key={pr.anchor} class="province" d={outline(pr.spaces).map(([a, b]) => `M${pt(a).join(",")} L${pt(b).join(",")}`).join(" ")}
            fill="none" stroke={pr.owner !== undefined ? seatColour(p.snap, pr.owner) : "#8a7a55"} stroke-width={pr.owner !== undefined ? 3 : 2}
            stroke-dasharray={pr.owner !== undefined ? undefined : "5 3"} stroke-linecap="round" pointer-events="none" />
        ))}
        {v.walls.map((w) => {
          const [a, b] = w.side.split("|");
          const [x1, y1] = pt(a), [x2, y2] = pt(b);
          return (
            <line key={w.side} x1={x1} y1={y1} x2={x2} y2={y2} stroke={w.colour === AlexandrosWallColour.RED ? "#c21d1d" : "#1b1b1b"} stroke-width={3.5} stroke-linecap="round">
              <title>{w.colour === AlexandrosWallColour.RED ? "A red wall (built in the last turn)" : "A wall Alexander left behind"}</title>
            </line>
          );
        })}
        {dest && (() => { const [dx, dy] = pt(dest); return <circle cx={dx} cy={dy} r={9} fill="none" stroke="#b8860b" stroke-width={3} stroke-dasharray="3 2"><title>Where Alexander is heading</title></circle>; })()}
        <g class="alexander">
          <title>Alexander</title>
          <circle cx={ax} cy={ay} r={11} fill="#f2c230" stroke="#5a3d00" stroke-width={2} />
          <text x={ax} y={ay + 4.5} font-size={13} text-anchor="middle" font-weight="bold" fill="#5a3d00">A</text>
        </g>
        {[...points].map((id) => {
          const [x, y] = pt(id);
          return (
            <g key={id} {...pickable(p, `pt:${id}`, "point", pointName(id))}>
              <title>{pointName(id)}</title>
              <circle cx={x} cy={y} r={8} fill="#fff" fill-opacity={0.6} stroke="#b8860b" stroke-width={2.5} />
            </g>
          );
        })}
      </svg>
      <AlexandrosTable {...p} />
    </div>
  );
}

const name = (snap: GameSnapshot, seat: number) => snap.seats[seat]?.name ?? "a player";
const COLOUR_NAME: Record<number, string> = {
  [AlexandrosColour.RED]: "red", [AlexandrosColour.YELLOW]: "yellow", [AlexandrosColour.BLUE]: "blue", [AlexandrosColour.GREEN]: "green",
};

function Hand(p: BoardProps) {
  const v = view(p.snap);
  const me = p.snap.viewer;
  const s = me !== undefined ? v?.seats[me] : undefined;
  if (!v || !s) return null;
  return (
    <div class="hand own">
      <b>Your cards</b> · {plural(s.score, "point")} · {plural(s.supply, "guard")} in supply · tax now {s.tax}
      <div class="cards">
        {SYMBOLS.filter((sym) => count(s.hand, sym) > 0).map((sym) => (
          <span key={sym} {...pickable(p, `hand:${AlexandrosSymbol[sym]}`, "card", `${SYMBOL_NAME[sym]} card`)} style={{ borderColor: SYMBOL_COLOUR[sym] }} title={`${SYMBOL_NAME[sym]} cards in your hand`}>
            {SYMBOL_NAME[sym]} ×{count(s.hand, sym)}
          </span>
        ))}
        {!s.handCount && <span class="played">no cards</span>}
      </div>
    </div>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const pr = v.progress;
  const prov = pr?.anchor ? v.provinces.find((x) => x.anchor === pr.anchor) : undefined;
  return (
    <div class="info">
      {pr && (pr.symbol || pr.anchor) ? (
        <p>
          {pr.symbol ? `Alexander heads for a ${SYMBOL_NAME[pr.symbol]}. ` : ""}
          {pr.anchor ? `${pr.formerOwner !== undefined ? `Taking over from ${name(p.snap, pr.formerOwner)}` : "Occupying"} ${provinceName(prov?.spaces ?? [], pr.anchor)}` : ""}
          {pr.chosen.length ? `, guards on ${pr.chosen.map(spaceName).join(", ")}` : ""}
          {pr.owed ? `, ${plural(pr.owed, "card")} still to hand over` : ""}
        </p>
      ) : null}
      <div class="hands">
        {v.seats.map((s) => (
          <div key={s.seat} class="hand">
            <span class="dot" style={{ background: COLOUR[s.colour] }} /> <b>{name(p.snap, s.seat)}</b> ({COLOUR_NAME[s.colour]}) · {plural(s.score, "point")} · {plural(s.supply, "guard")} in supply · tax {s.tax} · {plural(s.handCount, "card")}
          </div>
        ))}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <ul class="legend-list">
      {SYMBOLS.map((sym) => (
        <Key key={sym} label={`${SYMBOL_NAME[sym]} space (letter ${Object.keys(SYMBOL_OF).find((k) => SYMBOL_OF[k] === sym)}) and ${SYMBOL_NAME[sym]} cards`}>
          <circle cx={12} cy={12} r={9} fill={SYMBOL_COLOUR[sym]} />
          <text x={12} y={16} font-size={10} text-anchor="middle" fill="#fff" font-weight="bold">{Object.keys(SYMBOL_OF).find((k) => SYMBOL_OF[k] === sym)}</text>
        </Key>
      ))}
      <Key label="Alexander"><circle cx={12} cy={12} r={9} fill="#f2c230" stroke="#5a3d00" stroke-width={2} /></Key>
      <Key label="A wall, built where Alexander walked (red walls: the last turn)"><line x1={2} y1={20} x2={22} y2={4} stroke="#1b1b1b" stroke-width={3.5} /></Key>
      <Key label="A province nobody occupies yet: a dashed outline"><path d="M3,20 L12,4 L21,20 Z" fill={UNOCCUPIED} stroke="#8a7a55" stroke-width={2} stroke-dasharray="5 3" /></Key>
      <Key label="An occupied province: tinted and outlined in its owner's colour"><path d="M3,20 L12,4 L21,20 Z" fill={TINT[AlexandrosColour.RED]} stroke={COLOUR[AlexandrosColour.RED]} stroke-width={3} /></Key>
      <Key label="A player's guard, in the player's colour"><path d="M5,20 L19,20 L16,10 A5,5 0 1 0 8,10 Z" fill={COLOUR[1]} stroke="#111" stroke-width={1.6} /></Key>
      <Key label="A corner you can send Alexander to"><circle cx={12} cy={12} r={8} fill="#fff" stroke="#b8860b" stroke-width={2.5} /></Key>
      <Key label="Highlighted: you can click it now"><polygon points="12,3 22,21 2,21" fill="#fff3b0" stroke="#e0a800" stroke-width={2.5} /></Key>
    </ul>
  );
}

function keysOf(a: LegalAction): string[] {
  if (a.action?.game.case !== "alexandros") return [];
  const k = a.action.game.value.kind;
  const slot = (s: AlexandrosSlot) => (s === AlexandrosSlot.ONE ? "slot:1" : "slot:2");
  const hand = (s: AlexandrosSymbol) => `hand:${AlexandrosSymbol[s]}`;
  switch (k.case) {
    case "alexCard": return [slot(k.value.slot)];
    case "alexIdle": return [slot(k.value.slot)];
    case "alexHand": return [hand(k.value.symbol)];
    case "alexDest": return [`pt:${k.value.point}`];
    case "alexStep": return [`pt:${k.value.point}`];
    case "takeCard":
      return [k.value.source === AlexandrosTakeFrom.SLOT1 ? "slot:1" : k.value.source === AlexandrosTakeFrom.SLOT2 ? "slot:2" : "deck"];
    case "occupy": return [`prov:${k.value.anchor}`];
    case "takeOver": return [`prov:${k.value.anchor}`];
    case "placeGuard": return [`space:${k.value.space}`];
    case "takeBack": return [`space:${k.value.space}`];
    case "giveCard": return [hand(k.value.symbol)];
    case "levy": return [hand(k.value.symbol)];
    default: return [];
  }
}

function seatLine(snap: GameSnapshot, seat: number) {
  const s = view(snap)?.seats[seat];
  return s ? <>{plural(s.score, "point")} · {plural(s.handCount, "card")}</> : null;
}

export const alexandros: GameUI = { Board, Info, Hand, Legend, keysOf, seatLine, seatColour, words: alexandrosWords };
