// Alexandros: the triangle map of docs/rules/alexandros-board.json (its map
// rows give each space's symbol; the geometry formulas are the file's own),
// with walls, Alexander, guards and provinces from the view.
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  AlexandrosColour, AlexandrosSlot, AlexandrosStage, AlexandrosSymbol, AlexandrosTakeFrom,
  AlexandrosWallColour, type AlexandrosCards, type AlexandrosView,
} from "../gen/satrap/v1/alexandros_pb";
import { map_rows } from "../../../docs/rules/alexandros-board.json";
import { type BoardProps, type GameUI, pickable, titleCase } from "./common";

const S = 46; // one side of a triangle, in pixels
const H = (S * Math.sqrt(3)) / 2;
const OX = 30, OY = 20;

/** Point vY_X -> screen (the board file: x = (X-1)/2, y = Y*sqrt(3)/2). */
function pt(id: string): [number, number] {
  const m = /^v(\d+)_(\d+)$/.exec(id);
  if (!m) return [0, 0];
  const y = Number(m[1]), x = Number(m[2]);
  return [OX + ((x - 1) / 2) * S + S / 2, OY + y * H];
}

/** The corners of space rRcC (apex up iff col - row is even). */
function corners(id: string): string[] {
  const m = /^r(\d+)c(\d+)$/.exec(id);
  if (!m) return [];
  const r = Number(m[1]), c = Number(m[2]);
  return (c - r) % 2 === 0
    ? [`v${r}_${c + 1}`, `v${r + 1}_${c}`, `v${r + 1}_${c + 2}`]
    : [`v${r}_${c}`, `v${r}_${c + 2}`, `v${r + 1}_${c + 1}`];
}

const SPACES: { id: string; ch: string }[] = [];
map_rows.forEach((row: string, r: number) =>
  [...row].forEach((ch, c) => { if (ch !== ".") SPACES.push({ id: `r${r}c${c}`, ch }); }));

const SYMBOL_OF: Record<string, AlexandrosSymbol> = {
  T: AlexandrosSymbol.TEMPLE, A: AlexandrosSymbol.AMPHORA, H: AlexandrosSymbol.HORSE,
  L: AlexandrosSymbol.LYRE, S: AlexandrosSymbol.SOLDIER,
};
const SYMBOL_COLOUR: Record<number, string> = {
  [AlexandrosSymbol.TEMPLE]: "#7b4bb3", [AlexandrosSymbol.AMPHORA]: "#3f9a3f",
  [AlexandrosSymbol.HORSE]: "#d8b21c", [AlexandrosSymbol.LYRE]: "#cc3a35", [AlexandrosSymbol.SOLDIER]: "#58b4e0",
};
const COLOUR: Record<number, string> = {
  [AlexandrosColour.RED]: "#d8332b", [AlexandrosColour.YELLOW]: "#e9c21b",
  [AlexandrosColour.BLUE]: "#2f62c8", [AlexandrosColour.GREEN]: "#2f9a4a",
};
const TINT: Record<number, string> = {
  [AlexandrosColour.RED]: "#f4b9b3", [AlexandrosColour.YELLOW]: "#f7e9a3",
  [AlexandrosColour.BLUE]: "#b9cbf1", [AlexandrosColour.GREEN]: "#b7e2c2",
};
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

function SymbolCard({ x, y, s, label, props }: { x: number; y: number; s: AlexandrosSymbol; label: string; props?: object }) {
  return (
    <g transform={`translate(${x},${y})`} {...props}>
      <rect width={86} height={52} rx={6} fill={s ? SYMBOL_COLOUR[s] : "#ddd"} stroke="#333" />
      <text x={43} y={22} font-size={11} text-anchor="middle" fill="#fff" font-weight="bold">{label}</text>
      <text x={43} y={40} font-size={12} text-anchor="middle" fill="#fff">{s ? titleCase(AlexandrosSymbol[s]) : "empty"}</text>
    </g>
  );
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
    <svg viewBox="0 0 660 540" class="board ax" role="img" aria-label="Alexandros board">
      <rect width={660} height={540} fill="#bcd7ea" />
      {SPACES.map(({ id, ch }) => {
        const pr = provinceOf.get(id);
        const owner = pr?.owner;
        const fill = owner !== undefined ? TINT[v.seats[owner]?.colour ?? 0] : "#f3e9cf";
        const key = p.clickable.has(`space:${id}`) ? `space:${id}` : `prov:${pr?.anchor ?? id}`;
        const poly = corners(id).map((c) => pt(c).join(",")).join(" ");
        const cs = corners(id).map(pt);
        const cx = (cs[0][0] + cs[1][0] + cs[2][0]) / 3, cy = (cs[0][1] + cs[1][1] + cs[2][1]) / 3;
        const sym = SYMBOL_OF[ch];
        const guard = guards.get(id);
        return (
          <g key={id} {...pickable(p, key, "space")}>
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
      {v.walls.map((w) => {
        const [a, b] = w.side.split("|");
        const [x1, y1] = pt(a), [x2, y2] = pt(b);
        return <line key={w.side} x1={x1} y1={y1} x2={x2} y2={y2} stroke={w.colour === AlexandrosWallColour.RED ? "#c21d1d" : "#1b1b1b"} stroke-width={3.5} stroke-linecap="round" />;
      })}
      {dest && (() => { const [dx, dy] = pt(dest); return <circle cx={dx} cy={dy} r={9} fill="none" stroke="#b8860b" stroke-width={3} stroke-dasharray="3 2" />; })()}
      <g class="alexander">
        <circle cx={ax} cy={ay} r={11} fill="#f2c230" stroke="#5a3d00" stroke-width={2} />
        <text x={ax} y={ay + 4.5} font-size={13} text-anchor="middle" font-weight="bold" fill="#5a3d00">A</text>
      </g>
      {[...points].map((id) => {
        const [x, y] = pt(id);
        return (
          <g key={id} {...pickable(p, `pt:${id}`, "point")}>
            <circle cx={x} cy={y} r={8} fill="#fff" fill-opacity={0.6} stroke="#b8860b" stroke-width={2.5} />
          </g>
        );
      })}
      <g transform="translate(20,450)">
        <SymbolCard x={0} y={0} s={v.displaySlot1} label="Slot 1" props={pickable(p, "slot:1", "slot")} />
        <SymbolCard x={96} y={0} s={v.displaySlot2} label="Slot 2" props={pickable(p, "slot:2", "slot")} />
        <g transform="translate(192,0)" {...pickable(p, "deck", "deck")}>
          <rect width={86} height={52} rx={6} fill="#6b5a3e" stroke="#333" />
          <text x={43} y={22} font-size={11} text-anchor="middle" fill="#fff" font-weight="bold">Draw pile</text>
          <text x={43} y={40} font-size={12} text-anchor="middle" fill="#fff">{v.drawCount} cards</text>
        </g>
        <text x={296} y={14} font-size={12}>
          {v.stage === AlexandrosStage.OVER ? `Over after ${v.turn} turns` : `Turn ${v.turn + 1} of at most ${v.turnLimit} · ${titleCase(AlexandrosStage[v.stage])}`}
        </text>
        <text x={296} y={32} font-size={12}>Walls left: {v.blackLeft} black, {v.redLeft} red{v.finalTurn ? " · final turn" : ""}</text>
        <text x={296} y={50} font-size={12}>Discard pile: {v.discard.length} · actions used {v.actionsUsed}/2{v.levied ? " · levied" : ""}</text>
        <text x={296} y={68} font-size={12}>{v.provinces.length} provinces, {v.provinces.filter((x) => x.owner !== undefined).length} occupied</text>
      </g>
    </svg>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const me = p.snap.viewer;
  const pr = v.progress;
  return (
    <div class="info">
      {pr && (pr.symbol || pr.anchor) ? (
        <p>
          In progress: {pr.symbol ? `Alexander moves for ${titleCase(AlexandrosSymbol[pr.symbol])}` : ""}
          {pr.anchor ? ` province ${pr.anchor}${pr.formerOwner !== undefined ? ` (taken from seat ${pr.formerOwner})` : ""}` : ""}
          {pr.chosen.length ? `, guards on ${pr.chosen.join(", ")}` : ""}
          {pr.owed ? `, ${pr.owed} cards still to hand over` : ""}
        </p>
      ) : null}
      <div class="hands">
        {v.seats.map((s) => (
          <div key={s.seat} class={`hand${s.seat === me ? " own" : ""}`}>
            <b style={{ color: COLOUR[s.colour] }}>Seat {s.seat} ({titleCase(AlexandrosColour[s.colour])})</b>{" "}
            {s.score} points · {s.supply} guards in supply · tax now {s.tax} · {s.handCount} cards
            {s.hand && (
              <div class="cards">
                {SYMBOLS.filter((sym) => count(s.hand, sym) > 0).map((sym) => {
                  const key = `hand:${AlexandrosSymbol[sym]}`;
                  return (
                    <span key={sym} {...(s.seat === me ? pickable(p, key, "card") : { class: "card" })} style={{ borderColor: SYMBOL_COLOUR[sym] }}>
                      {titleCase(AlexandrosSymbol[sym])} ×{count(s.hand, sym)}
                    </span>
                  );
                })}
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
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
  return s ? <>{s.score} points · {s.handCount} cards</> : null;
}

export const alexandros: GameUI = { Board, Info, keysOf, seatLine, seatColour };
