// Territories: the grid of face-up territory cards (5x4 at the start, growing
// by EXPAND), the buildings on its intersections drawn as the chess pieces
// the rules use for them, the growth cells, the bank and both players.
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  TerritoriesBuilding, TerritoriesSuit, type TerritoriesResources, type TerritoriesView,
} from "../gen/satrap/v1/territories_pb";
import { type BoardProps, type GameUI, Key, pickable, plural } from "./common";
import { BUILDING_NAME, SUIT_NAME, cardLabel, cellName, pointName, resourcesText, territoriesWords } from "./territoriesWords";

const CW = 100, CH = 76, M = 30;

const SUIT: Record<number, { sym: string; colour: string; letter: string }> = {
  [TerritoriesSuit.HEARTS]: { sym: "♥", colour: "#c8202a", letter: "H" },
  [TerritoriesSuit.SPADES]: { sym: "♠", colour: "#1d1d1d", letter: "S" },
  [TerritoriesSuit.CLUBS]: { sym: "♣", colour: "#1f7a3a", letter: "C" },
  [TerritoriesSuit.DIAMONDS]: { sym: "♦", colour: "#a8500f", letter: "D" },
};
const PIECE: Record<number, [string, string]> = {
  [TerritoriesBuilding.TOWN]: ["♙", "♟"], [TerritoriesBuilding.FORT]: ["♖", "♜"],
  [TerritoriesBuilding.BARRACKS]: ["♘", "♞"], [TerritoriesBuilding.TEMPLE]: ["♗", "♝"],
  [TerritoriesBuilding.PALACE]: ["♕", "♛"], [TerritoriesBuilding.CAPITAL]: ["♔", "♚"],
};
const SEAT_COLOUR = ["#f5f1e6", "#2a2a2a"];
const SUITS = [TerritoriesSuit.HEARTS, TerritoriesSuit.SPADES, TerritoriesSuit.CLUBS, TerritoriesSuit.DIAMONDS];

function view(snap: GameSnapshot): TerritoriesView | undefined {
  return snap.state.case === "territories" ? snap.state.value : undefined;
}
function amount(r: TerritoriesResources | undefined, s: TerritoriesSuit): number {
  if (!r) return 0;
  return [0, r.h, r.s, r.c, r.d][s] ?? 0;
}
function resText(r: TerritoriesResources | undefined): string {
  return SUITS.map((s) => `${amount(r, s)}${SUIT[s].sym}`).join(" ");
}

function Board(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const growthShown = v.growthCells.filter((c) => p.clickable.has(`cell:${c.c},${c.r}`));
  const cells = [...v.grid.map((g) => g.cell), ...growthShown].filter((c) => c !== undefined);
  const minC = Math.min(...cells.map((c) => c.c)), maxC = Math.max(...cells.map((c) => c.c));
  const minR = Math.min(...cells.map((c) => c.r)), maxR = Math.max(...cells.map((c) => c.r));
  const X = (x: number) => M + (x - minC) * CW;
  const Y = (y: number) => M + (y - minR) * CH;
  const width = (maxC - minC + 1) * CW + 2 * M, height = (maxR - minR + 1) * CH + 2 * M + 60;
  const buildings = new Map(v.buildings.map((b) => [`${b.at?.x},${b.at?.y}`, b]));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} class="board tr" role="group" aria-label="Territories board">
      <rect width={width} height={height} fill="#e7efe6" />
      {v.grid.map((g) => {
        const c = g.cell!;
        const s = SUIT[g.card?.suit ?? 0];
        return (
          <g key={`${c.c},${c.r}`} {...pickable(p, `cell:${c.c},${c.r}`, "cell", cellName(p.snap, c))}>
            <title>{`Territory ${cardLabel(g.card)}: buildings on its corners produce ${SUIT_NAME[g.card?.suit ?? 0] ?? ""}s when ${g.card?.number} is rolled`}</title>
            <rect x={X(c.c) + 3} y={Y(c.r) + 3} width={CW - 6} height={CH - 6} rx={7} fill="#fffef8" stroke="#7d8a7a" />
            <text x={X(c.c) + CW / 2} y={Y(c.r) + CH / 2 + 10} font-size={28} text-anchor="middle" fill={s?.colour} font-weight="bold">{cardLabel(g.card)}</text>
          </g>
        );
      })}
      {growthShown.map((c) => (
        <g key={`g${c.c},${c.r}`} {...pickable(p, `cell:${c.c},${c.r}`, "cell growth", cellName(p.snap, c))}>
          <title>{cellName(p.snap, c)}</title>
          <rect x={X(c.c) + 3} y={Y(c.r) + 3} width={CW - 6} height={CH - 6} rx={7} fill="#fff" fill-opacity={0.4} stroke="#4a7" stroke-dasharray="6 4" stroke-width={2} />
          <text x={X(c.c) + CW / 2} y={Y(c.r) + CH / 2 + 5} font-size={12} text-anchor="middle" fill="#4a7">expand here</text>
        </g>
      ))}
      {v.intersections.map((pt) => {
        const key = `pt:${pt.x},${pt.y}`;
        const b = buildings.get(`${pt.x},${pt.y}`);
        const x = X(pt.x), y = Y(pt.y);
        return (
          <g key={key} {...pickable(p, key, "point", pointName(p.snap, pt))}>
            <title>{b ? `${p.snap.seats[b.owner]?.name ?? ""}'s ${BUILDING_NAME[b.building]} (${b.owner === 0 ? "white" : "black"}) at ${pointName(p.snap, pt)}` : pointName(p.snap, pt)}</title>
            {b ? (
              <g>
                <circle cx={x} cy={y} r={15} fill={b.owner === 0 ? "#fff" : "#333"} stroke={b.owner === 0 ? "#333" : "#000"} stroke-width={1.5} />
                <text x={x} y={y + 8} font-size={22} text-anchor="middle" fill={b.owner === 0 ? "#222" : "#fff"}>{PIECE[b.building]?.[b.owner === 0 ? 0 : 1]}</text>
              </g>
            ) : (
              <circle cx={x} cy={y} r={p.clickable.has(key) ? 8 : 3.5} fill={p.clickable.has(key) ? "#ffe680" : "#7d8a7a"} stroke={p.clickable.has(key) ? "#b8860b" : "none"} stroke-width={2} />
            )}
          </g>
        );
      })}
      <g transform={`translate(${M},${height - 44})`}>
        <text x={0} y={0} font-size={13}>
          {v.turn ? `Turn ${v.turn}` : `Setup: town ${v.setupStep} of 4`}
          {v.lastRoll.length ? ` · last roll ${v.lastRoll.join("+")} = ${v.lastRoll.reduce((a, b) => a + b, 0)}` : ""}
        </text>
        <text x={0} y={20} font-size={13}>Bank {resText(v.bank)} · {plural(v.drawPileSize, "territory card")} to draw</text>
      </g>
    </svg>
  );
}

const name = (snap: GameSnapshot, seat: number) => snap.seats[seat]?.name ?? "a player";

function supplyText(pl: TerritoriesView["players"][number]): string {
  const u = pl.supply;
  if (!u) return "";
  return ([[u.town, "Town"], [u.fort, "Fort"], [u.barracks, "Barracks"], [u.temple, "Temple"], [u.palace, "Palace"], [u.capital, "Capital"]] as const)
    .filter(([n]) => n > 0).map(([n, b]) => (b === "Barracks" ? `${n} Barracks` : plural(n, b))).join(", ");
}

function Hand(p: BoardProps) {
  const v = view(p.snap);
  const me = p.snap.viewer;
  const pl = me !== undefined ? v?.players[me] : undefined;
  if (!v || !pl) return null;
  return (
    <div class="hand own">
      <b>Your resources and cards</b> · {plural(pl.points, "point")}
      <div class="cards">
        {SUITS.map((s) => (
          <span key={s} {...pickable(p, `res:${TerritoriesSuit[s]}`, "card res", `${SUIT_NAME[s]}s`)} style={{ color: SUIT[s].colour }} title={`${SUIT_NAME[s]}s: ${amount(pl.resources, s)} in hand`}>
            {amount(pl.resources, s)} {SUIT[s].sym}
          </span>
        ))}
        {pl.hand.map((c, i) => (
          <span key={i} {...pickable(p, `card:${c.name}`, "card", `${cardLabel(c)} territory card`)} style={{ color: SUIT[c.suit]?.colour }} title="A territory card in your hand">
            {cardLabel(c)}
          </span>
        ))}
      </div>
      <p class="supply">To build: {supplyText(pl) || "nothing left"}</p>
    </div>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  return (
    <div class="info">
      {v.offer && (
        <p>{v.offer.proposed ? "Offer" : "Offer being prepared"}: {name(p.snap, v.active)} gives {resourcesText(v.offer.give)} for {resourcesText(v.offer.get)} ({v.offersMade} of 3 offers this turn)</p>
      )}
      <div class="hands">
        {v.players.map((pl) => (
          <div key={pl.seat} class="hand">
            <b>{name(p.snap, pl.seat)}</b> ({pl.seat === 0 ? "white" : "black"}{pl.seat === v.p1 ? ", went first" : ""}) · {plural(pl.points, "point")} · {resourcesText(pl.resources)} ·{" "}
            {plural(pl.territoryCount, "territory card")}{pl.knownCards.length ? ` (known: ${pl.knownCards.map(cardLabel).join(", ")})` : ""}
            {pl.homeless ? ` · ${pl.homeless} turn${pl.homeless === 1 ? "" : "s"} without a building` : ""}
            <div class="played">To build: {supplyText(pl)}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <ul class="legend-list">
      {SUITS.map((s) => (
        <Key key={s} label={`${SUIT_NAME[s]}s (${SUIT[s].sym}): a territory that produces ${SUIT_NAME[s]}s when its number is rolled`}>
          <text x={12} y={18} font-size={18} text-anchor="middle" fill={SUIT[s].colour}>{SUIT[s].sym}</text>
        </Key>
      ))}
      {[TerritoriesBuilding.TOWN, TerritoriesBuilding.FORT, TerritoriesBuilding.BARRACKS, TerritoriesBuilding.TEMPLE, TerritoriesBuilding.PALACE, TerritoriesBuilding.CAPITAL].map((b) => (
        <Key key={b} label={`${BUILDING_NAME[b]}: ${BUILDING_HELP[b]}`}>
          <circle cx={12} cy={12} r={11} fill="#fff" stroke="#333" /><text x={12} y={19} font-size={17} text-anchor="middle" fill="#222">{PIECE[b][0]}</text>
        </Key>
      ))}
      <Key label="White pieces belong to the first player, black pieces to the second"><circle cx={12} cy={12} r={10} fill="#333" /><text x={12} y={18} font-size={15} text-anchor="middle" fill="#fff">{PIECE[1][1]}</text></Key>
      <Key label="Highlighted: you can click it now"><circle cx={12} cy={12} r={8} fill="#ffe680" stroke="#b8860b" stroke-width={2} /></Key>
    </ul>
  );
}

const BUILDING_HELP: Record<number, string> = {
  [TerritoriesBuilding.TOWN]: "1 point; costs one of each resource",
  [TerritoriesBuilding.FORT]: "upgraded Town (4 Diamonds); may Swap a territory",
  [TerritoriesBuilding.BARRACKS]: "upgraded Town (4 Clubs); may Destroy a Town",
  [TerritoriesBuilding.TEMPLE]: "upgraded Town (4 Hearts); may Convert; gives free choices",
  [TerritoriesBuilding.PALACE]: "upgraded Town (4 Spades); may Expand the map; produces double",
  [TerritoriesBuilding.CAPITAL]: "replaces a Fort, Barracks, Temple or Palace; all four abilities",
};

function keysOf(a: LegalAction): string[] {
  if (a.action?.game.case !== "territories") return [];
  const k = a.action.game.value.kind;
  const pt = (p?: { x: number; y: number }) => `pt:${p?.x},${p?.y}`;
  const cell = (c?: { c: number; r: number }) => `cell:${c?.c},${c?.r}`;
  const res = (s: TerritoriesSuit) => `res:${TerritoriesSuit[s]}`;
  switch (k.case) {
    case "placeSetup": case "buildTown": case "upgrade": case "buildCapital":
      return [pt(k.value.at)];
    case "destroy": return [pt(k.value.target)];
    case "convert": return [pt(k.value.source), pt(k.value.target)];
    case "swap": case "expand": return [cell(k.value.cell), `card:${k.value.card?.name}`];
    case "discard":
      return k.value.item.case === "card" ? [`card:${k.value.item.value.name}`] : k.value.item.case === "suit" ? [res(k.value.item.value)] : [];
    case "takeFree": case "pay": return [res(k.value.suit)];
    default: return [];
  }
}

function seatLine(snap: GameSnapshot, seat: number) {
  const pl = view(snap)?.players[seat];
  return pl ? <>{plural(pl.points, "point")} · {resText(pl.resources)} · {plural(pl.territoryCount, "card")}</> : null;
}

export const territories: GameUI = { Board, Info, Hand, Legend, keysOf, seatLine, seatColour: (_s, seat) => SEAT_COLOUR[seat] ?? "#888", words: territoriesWords };
