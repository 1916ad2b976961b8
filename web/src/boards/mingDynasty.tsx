// Ming Dynasty: the six provinces with their three districts each (open
// areas, cloisters, princes, city houses while a city is scored), the
// borders with their transports, and the province spaces with the display.
// District positions are the board file's layout hints (DistrictState.x/y).
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  MingDynastyCard, MingDynastyColour, MingDynastyPhase, type MingDynastyView,
} from "../gen/satrap/v1/ming_dynasty_pb";
import { type BoardProps, type GameUI, Key, pickable, plural } from "./common";
import { CARD_NAME, districtName, mingDynastyWords } from "./mingDynastyWords";

// OY lifts the map to the top of the picture (the layout hints start at y 0.7).
const SX = 112, SY = 160, OX = 10, OY = -64;
const MAP_BOTTOM = 536;
const DW = 96, DH = 64;

const COLOUR: Record<number, string> = {
  [MingDynastyColour.RED]: "#d4372f", [MingDynastyColour.YELLOW]: "#e3b917",
  [MingDynastyColour.GREEN]: "#2f9a4a", [MingDynastyColour.BLUE]: "#2f62c8",
};
const TILE: Record<string, string> = {
  orange: "#f7cf9f", purple: "#d9c4ef", turquoise: "#b6e6e0", brown: "#dcc4a8", pink: "#f5c5d9", grey: "#d5d8dc",
};
const TRANSPORT: Record<number, string> = {
  [MingDynastyCard.HORSE]: "H", [MingDynastyCard.RICKSHAW]: "R", [MingDynastyCard.JUNK]: "J", [MingDynastyCard.DRAGON]: "D",
};

function view(snap: GameSnapshot): MingDynastyView | undefined {
  return snap.state.case === "mingDynasty" ? snap.state.value : undefined;
}
function seatColour(snap: GameSnapshot, seat: number): string {
  const c = view(snap)?.seats[seat]?.colour;
  return c ? COLOUR[c] : "#888";
}
/** Colours of the competitors of `open`/`houses`: the seats, then the neutral family. */
function competitorColours(v: MingDynastyView): string[] {
  const cs = v.seats.map((s) => COLOUR[s.colour]);
  if (v.neutralColour) cs.push(COLOUR[v.neutralColour]);
  return cs;
}

function at(x: number, y: number): [number, number] {
  return [OX + x * SX + 10, OY + y * SY + 10];
}

/** Dark text on the light (yellow) pieces, white on the others. */
const textOn = (fill: string) => (fill === COLOUR[MingDynastyColour.YELLOW] ? "#222" : "#fff");

function Pieces({ x, y, counts, colours, owners, where, size = 14 }: { x: number; y: number; counts: number[]; colours: string[]; owners: string[]; where: string; size?: number }) {
  const shown = counts.map((n, i) => ({ n, i })).filter((c) => c.n > 0);
  return (
    <g>
      {shown.map(({ n, i }, j) => (
        <g key={i}>
          <title>{`${plural(n, "piece")} of ${owners[i] ?? "a player"} ${where}`}</title>
          <rect x={x + j * (size + 5)} y={y} width={size} height={size} rx={2} fill={colours[i] ?? "#888"} stroke="#222" stroke-width={0.8} />
          <text x={x + j * (size + 5) + size / 2} y={y + size - 3} font-size={size - 4} text-anchor="middle" fill={textOn(colours[i] ?? "")} font-weight="bold">{n}</text>
        </g>
      ))}
    </g>
  );
}

function Board(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const colours = competitorColours(v);
  const owners = [...v.seats.map((s) => name(p.snap, s.seat)), "the neutral family"];
  const byId = new Map(v.districts.map((d) => [d.id, d]));
  const borders: { a: string; b: string; t: MingDynastyCard }[] = [];
  for (const d of v.districts) for (const n of d.neighbours) if (d.id < n.district) borders.push({ a: d.id, b: n.district, t: n.transport });
  return (
    <svg viewBox="0 0 700 680" class="board md" role="group" aria-label="Ming Dynasty board">
      <rect width={700} height={680} fill="#f4efe2" />
      {v.provinces.map((pr) => {
        const ds = pr.districts.map((id) => byId.get(id)).filter((d) => d !== undefined);
        const xs = ds.map((d) => at(d.x, d.y)[0]), ys = ds.map((d) => at(d.x, d.y)[1]);
        // The name sits on the outer edge of the map (top row: above, bottom
        // row: below), where no route crosses into another province.
        const top = Math.min(...ys) < 100;
        const x0 = Math.min(...xs) - DW / 2 - 8, y0 = Math.min(...ys) - DH / 2 - (top ? 22 : 8);
        const x1 = Math.max(...xs) + DW / 2 + 8, y1 = Math.max(...ys) + DH / 2 + (top ? 8 : 22);
        const city = v.city === pr.id;
        return (
          <g key={pr.id}>
            <rect x={x0} y={y0} width={x1 - x0} height={y1 - y0} rx={14} fill={TILE[pr.color] ?? "#eee"}
              stroke={city ? "#b00" : "#8a7a5a"} stroke-width={city ? 3 : 1.2} />
            <text x={x0 + 10} y={top ? y0 + 15 : y1 - 7} font-size={13} font-weight="bold" fill="#3b2f1a">{pr.space}. {pr.name}{city ? " — city being scored" : ""}</text>
          </g>
        );
      })}
      {borders.map(({ a, b, t }) => {
        const da = byId.get(a), db = byId.get(b);
        if (!da || !db) return null;
        const [x1, y1] = at(da.x, da.y), [x2, y2] = at(db.x, db.y);
        return (
          <g key={`${a}-${b}`}>
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="#7b6a48" stroke-width={2} stroke-dasharray="5 3" />
            <title>{`${CARD_NAME[t]} route between ${districtName(p.snap, a)} and ${districtName(p.snap, b)}: pay a ${CARD_NAME[t]} or a Dragon card`}</title>
            <circle cx={(x1 + x2) / 2} cy={(y1 + y2) / 2} r={8} fill="#fff" stroke="#7b6a48" />
            <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 + 4} font-size={10} text-anchor="middle" font-weight="bold">{TRANSPORT[t]}</text>
          </g>
        );
      })}
      {v.districts.map((d) => {
        const [cx, cy] = at(d.x, d.y);
        const x = cx - DW / 2, y = cy - DH / 2;
        return (
          <g key={d.id} {...pickable(p, `district:${d.id}`, "district", districtName(p.snap, d.id))}>
            <title>{`${districtName(p.snap, d.id)}${d.prince !== undefined ? `; ${name(p.snap, d.prince)}'s prince` : ""}${d.cloister !== undefined ? `; cloister: ${competitorName(p.snap, v, d.cloister)}` : "; empty cloister"}`}</title>
            <rect x={x} y={y} width={DW} height={DH} rx={8} fill="#fffaf0" stroke="#5b4a2a" stroke-width={1.2} />
            <g>
              <rect x={x + DW - 24} y={y + 4} width={18} height={18} rx={3} fill={d.cloister !== undefined ? colours[d.cloister] : "#fff"} stroke="#5b4a2a" />
              <text x={x + DW - 15} y={y + 17} font-size={10} text-anchor="middle" fill={d.cloister !== undefined ? "#fff" : "#999"}>⌂</text>
            </g>
            {d.prince !== undefined && (
              <text x={x + DW - 38} y={y + 19} font-size={17} fill={seatColour(p.snap, d.prince)} stroke="#222" stroke-width={0.5}>♛</text>
            )}
            <Pieces x={x + 6} y={y + 26} counts={d.open} colours={colours} owners={owners} where="in the open area" />
            {d.houses.some((n) => n > 0) && (
              <g>
                <text x={x + 6} y={y + 57} font-size={9} fill="#7a1a1a">city:</text>
                <Pieces x={x + 30} y={y + 47} counts={d.houses} colours={colours} owners={owners} where="in the city houses" size={12} />
              </g>
            )}
          </g>
        );
      })}
      <g transform={`translate(10,${MAP_BOTTOM + 14})`}>
        <text x={0} y={0} font-size={12} font-weight="bold">Province spaces (family members waiting) and the card display</text>
        {v.provinces.map((pr, i) => (
          <g key={pr.id} transform={`translate(${i * 114},8)`}>
            <g {...pickable(p, `space:${pr.space}`, "space", `${pr.name} space`)}>
              <title>{`The ${pr.name} province space: family members waiting to travel there; ${plural(pr.tileSupply, "tile")} of its colour left`}</title>
              <rect width={108} height={58} rx={6} fill={TILE[pr.color] ?? "#eee"} stroke="#5b4a2a" />
              <text x={6} y={14} font-size={11} font-weight="bold">{pr.space}. {pr.name}</text>
              <Pieces x={6} y={22} counts={pr.spacePieces} colours={colours} owners={owners} where="waiting on the space" />
              <text x={6} y={52} font-size={9} fill="#555">{plural(pr.tileSupply, "tile")} left</text>
            </g>
            <g transform="translate(0,64)" {...pickable(p, `slot:${pr.space}`, "slot", `${pr.display ? CARD_NAME[pr.display] : "empty"} card beside ${pr.name}`)}>
              <title>{pr.display ? `A ${CARD_NAME[pr.display]} card: take it with a family member on the ${pr.name} space` : "No card here"}</title>
              <rect width={108} height={48} rx={6} fill={pr.display ? "#fff" : "#eee"} stroke="#5b4a2a" />
              <text x={54} y={20} font-size={10} text-anchor="middle" fill="#555">card for {pr.name}</text>
              <text x={54} y={38} font-size={13} text-anchor="middle" font-weight="bold">{pr.display ? CARD_NAME[pr.display] : "—"}</text>
            </g>
          </g>
        ))}
      </g>
    </svg>
  );
}

const name = (snap: GameSnapshot, seat: number) => snap.seats[seat]?.name ?? "a player";
const COLOUR_NAME: Record<number, string> = {
  [MingDynastyColour.RED]: "red", [MingDynastyColour.YELLOW]: "yellow", [MingDynastyColour.GREEN]: "green", [MingDynastyColour.BLUE]: "blue",
};
/** A competitor of `open`/`houses`/`cloister`: a seat, or the neutral family after them. */
function competitorName(snap: GameSnapshot, v: MingDynastyView, i: number): string {
  return i < v.seats.length ? name(snap, i) : "the neutral family";
}
const PHASE: Record<number, string> = {
  [MingDynastyPhase.PLACE_PRINCES]: "Placing the princes", [MingDynastyPhase.PLACE_FAMILY]: "Phase 1: placing family members",
  [MingDynastyPhase.PLACE_NEUTRAL]: "Phase 1: neutral pieces", [MingDynastyPhase.TAKE_CARDS]: "Phase 2: taking cards",
  [MingDynastyPhase.TRAVEL]: "Phase 3: travelling", [MingDynastyPhase.SELECT_RETURNS]: "Phase 4: scoring a city",
  [MingDynastyPhase.CHOOSE_RETURNS]: "Phase 4: scoring a city", [MingDynastyPhase.OVER]: "Game over",
};

function cardList(hand: { card: MingDynastyCard; count: number }[]) {
  return hand.filter((c) => c.count > 0);
}

function Hand(p: BoardProps) {
  const v = view(p.snap);
  const me = p.snap.viewer;
  const s = me !== undefined ? v?.seats[me] : undefined;
  if (!v || !s) return null;
  return (
    <div class="hand own">
      <b>Your cards</b> · {plural(s.score, "point")} · {plural(s.supply, "piece")} in supply{s.toPlace ? ` (${s.toPlace} to place)` : ""}
      <div class="cards">
        {cardList(s.hand).map((c) => (
          <span key={c.card} {...pickable(p, `hand:${MingDynastyCard[c.card]}`, "card", `${CARD_NAME[c.card]} card`)} title={c.card === MingDynastyCard.DRAGON ? "Dragon: pays for any route" : `${CARD_NAME[c.card]}: pays for a ${CARD_NAME[c.card]} route`}>
            {CARD_NAME[c.card]} ×{c.count}
          </span>
        ))}
        {!s.handSize && <span class="played">no cards</span>}
        {s.returnCards.length > 0 && <span class="played">return cards chosen: {s.returnCards.join(" + ")}</span>}
      </div>
    </div>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  return (
    <div class="info">
      <p>
        Round {v.round} of 6 · {PHASE[v.phase] ?? ""}{v.steps ? ` · ${plural(v.steps, "step")} travelled` : ""} · {plural(v.movementSupply, "card")} face down,{" "}
        {plural(v.dragonSupply, "Dragon")} left
        {v.neutralColour ? ` · neutral family (${COLOUR_NAME[v.neutralColour]}): ${v.neutralSupply} in supply` : ""}
      </p>
      <div class="hands">
        {v.seats.map((s) => (
          <div key={s.seat} class="hand">
            <span class="dot" style={{ background: COLOUR[s.colour] }} /> <b>{name(p.snap, s.seat)}</b> ({COLOUR_NAME[s.colour]}) · {plural(s.score, "point")} · {plural(s.supply, "piece")} in supply · {s.boxed} out of the game
            · tiles {s.tiles.reduce((a, b) => a + b, 0)}
            {s.prince ? ` · prince in ${districtName(p.snap, s.prince)}` : ""}{s.passed ? " · passed" : ""}{s.committed ? " · has chosen" : ""}
            <div class="cards">
              {cardList(s.hand).map((c) => <span key={c.card} class="card">{CARD_NAME[c.card]} ×{c.count}</span>)}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Legend({ snap }: { snap: GameSnapshot }) {
  const v = view(snap);
  const colours = v ? competitorColours(v) : [];
  return (
    <ul class="legend-list">
      <Key label="Family members in a district's open area (colour: whose; number: how many)"><rect x={4} y={4} width={16} height={16} rx={2} fill={colours[0] ?? "#d4372f"} stroke="#222" /><text x={12} y={17} font-size={11} text-anchor="middle" fill="#fff" font-weight="bold">2</text></Key>
      <Key label="A district's cloister (filled: a player's piece in it)"><rect x={3} y={3} width={18} height={18} rx={3} fill="#fff" stroke="#5b4a2a" /><text x={12} y={16} font-size={11} text-anchor="middle" fill="#999">⌂</text></Key>
      <Key label="A player's prince, in the player's colour"><text x={2} y={20} font-size={20} fill={colours[1] ?? "#e3b917"} stroke="#222" stroke-width={0.5}>♛</text></Key>
      <Key label="Routes between districts: H Horse, R Rickshaw, J Junk; pay that card or a Dragon to travel"><circle cx={12} cy={12} r={9} fill="#fff" stroke="#7b6a48" /><text x={12} y={16} font-size={11} text-anchor="middle" font-weight="bold">H</text></Key>
      <Key label="City houses (while a city is scored)"><text x={1} y={16} font-size={10} fill="#7a1a1a">city</text></Key>
      <Key label="Highlighted: you can click it now"><rect x={2} y={4} width={20} height={16} rx={3} fill="#fff" stroke="#e0a800" stroke-width={3} /></Key>
    </ul>
  );
}

function keysOf(a: LegalAction): string[] {
  if (a.action?.game.case !== "mingDynasty") return [];
  const k = a.action.game.value.kind;
  switch (k.case) {
    case "placePrince": return [`district:${k.value.district}`];
    case "neutralPlace": return [`district:${k.value.district}`];
    case "moveStep": return [`district:${k.value.district}`, `hand:${MingDynastyCard[k.value.card]}`];
    case "stay": return [`hand:${MingDynastyCard[k.value.card]}`];
    case "placeOnSpace": return [`space:${k.value.space}`];
    case "takeDragon": return [`space:${k.value.space}`];
    case "takeDisplay": return [`slot:${k.value.slot}`];
    default: return [];
  }
}

function seatLine(snap: GameSnapshot, seat: number) {
  const s = view(snap)?.seats[seat];
  return s ? <>{plural(s.score, "point")} · {plural(s.handSize, "card")}</> : null;
}

export const mingDynasty: GameUI = { Board, Info, Hand, Legend, keysOf, seatLine, seatColour, words: mingDynastyWords };
