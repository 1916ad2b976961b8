// Territories: the grid of face-up territory cards (5x4 at the start, growing
// by EXPAND), the buildings on its intersections drawn as the chess pieces
// the rules use for them, the growth cells, the bank and both players.
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  TerritoriesAbility, TerritoriesBuilding, TerritoriesStep, TerritoriesSuit,
  type TerritoriesCard, type TerritoriesResources, type TerritoriesView,
} from "../gen/satrap/v1/territories_pb";
import { type BoardProps, type GameUI, pickable, titleCase } from "./common";

const CW = 100, CH = 76, M = 30;

const SUIT: Record<number, { sym: string; colour: string; letter: string }> = {
  [TerritoriesSuit.HEARTS]: { sym: "♥", colour: "#c8202a", letter: "H" },
  [TerritoriesSuit.SPADES]: { sym: "♠", colour: "#1d1d1d", letter: "S" },
  [TerritoriesSuit.CLUBS]: { sym: "♣", colour: "#1f7a3a", letter: "C" },
  [TerritoriesSuit.DIAMONDS]: { sym: "♦", colour: "#d2691e", letter: "D" },
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
function cardLabel(c: TerritoriesCard | undefined): string {
  if (!c) return "?";
  const n = c.number === 11 ? "J" : c.number === 12 ? "Q" : String(c.number);
  return `${n}${SUIT[c.suit]?.sym ?? "?"}`;
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
    <svg viewBox={`0 0 ${width} ${height}`} class="board tr" role="img" aria-label="Territories board">
      <rect width={width} height={height} fill="#e7efe6" />
      {v.grid.map((g) => {
        const c = g.cell!;
        const s = SUIT[g.card?.suit ?? 0];
        return (
          <g key={`${c.c},${c.r}`} {...pickable(p, `cell:${c.c},${c.r}`, "cell")}>
            <rect x={X(c.c) + 3} y={Y(c.r) + 3} width={CW - 6} height={CH - 6} rx={7} fill="#fffef8" stroke="#7d8a7a" />
            <text x={X(c.c) + CW / 2} y={Y(c.r) + CH / 2 + 10} font-size={28} text-anchor="middle" fill={s?.colour} font-weight="bold">{cardLabel(g.card)}</text>
            <text x={X(c.c) + 9} y={Y(c.r) + 17} font-size={9} fill="#999">{c.c},{c.r}</text>
          </g>
        );
      })}
      {growthShown.map((c) => (
        <g key={`g${c.c},${c.r}`} {...pickable(p, `cell:${c.c},${c.r}`, "cell growth")}>
          <rect x={X(c.c) + 3} y={Y(c.r) + 3} width={CW - 6} height={CH - 6} rx={7} fill="#fff" fill-opacity={0.4} stroke="#4a7" stroke-dasharray="6 4" stroke-width={2} />
          <text x={X(c.c) + CW / 2} y={Y(c.r) + CH / 2 + 5} font-size={12} text-anchor="middle" fill="#4a7">expand here</text>
        </g>
      ))}
      {v.intersections.map((pt) => {
        const key = `pt:${pt.x},${pt.y}`;
        const b = buildings.get(`${pt.x},${pt.y}`);
        const x = X(pt.x), y = Y(pt.y);
        return (
          <g key={key} {...pickable(p, key, "point")}>
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
          Turn {v.turn}{v.setupStep ? ` · setup ${v.setupStep}/4` : ""} · {titleCase(TerritoriesStep[v.step])}
          {v.lastRoll.length ? ` · last roll ${v.lastRoll.join("+")} = ${v.lastRoll.reduce((a, b) => a + b, 0)}` : ""}
        </text>
        <text x={0} y={20} font-size={13}>Bank {resText(v.bank)} · draw pile {v.drawPileSize} · discards {v.discardPile.length}</text>
      </g>
    </svg>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const me = p.snap.viewer;
  return (
    <div class="info">
      {v.offer && (
        <p>{v.offer.proposed ? "Offer" : "Draft"}: seat {v.active} gives {resText(v.offer.give)} for {resText(v.offer.get)} ({v.offersMade} of 3 offers this turn)</p>
      )}
      {v.decision && v.decision.kind !== TerritoriesStep.UNSPECIFIED && (
        <p>Seat {v.decision.seat} must {titleCase(TerritoriesStep[v.decision.kind])}: {v.decision.remaining} more</p>
      )}
      {v.abilitiesUsed.length > 0 && <p>Used this turn: {v.abilitiesUsed.map((a) => titleCase(TerritoriesAbility[a])).join(", ")}</p>}
      <div class="hands">
        {v.players.map((pl) => (
          <div key={pl.seat} class={`hand${pl.seat === me ? " own" : ""}`}>
            <b>Seat {pl.seat} ({pl.seat === 0 ? "White" : "Black"}{pl.seat === v.p1 ? ", P1" : ""})</b> {pl.points} points · homeless {pl.homeless} ·
            supply {pl.supply ? `${pl.supply.town}♙ ${pl.supply.fort}♖ ${pl.supply.barracks}♘ ${pl.supply.temple}♗ ${pl.supply.palace}♕ ${pl.supply.capital}♔` : ""}
            <div class="cards">
              {SUITS.map((s) => {
                const key = `res:${TerritoriesSuit[s]}`;
                return (
                  <span key={s} {...(pl.seat === me ? pickable(p, key, "card res") : { class: "card res" })} style={{ color: SUIT[s].colour }}>
                    {amount(pl.resources, s)} {SUIT[s].sym}
                  </span>
                );
              })}
              {pl.handVisible
                ? pl.hand.map((c, i) => {
                    const key = `card:${c.name}`;
                    return (
                      <span key={i} {...(pl.seat === me ? pickable(p, key, "card") : { class: "card" })} style={{ color: SUIT[c.suit]?.colour }}>
                        {cardLabel(c)}
                      </span>
                    );
                  })
                : <span class="played">{pl.territoryCount} territory cards{pl.knownCards.length ? ` (known: ${pl.knownCards.map(cardLabel).join(", ")})` : ""}</span>}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

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
  return pl ? <>{pl.points} points · {resText(pl.resources)} · {pl.territoryCount} cards</> : null;
}

export const territories: GameUI = { Board, Info, keysOf, seatLine, seatColour: (_s, seat) => SEAT_COLOUR[seat] ?? "#888" };
