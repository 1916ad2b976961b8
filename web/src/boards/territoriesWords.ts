// Territories in player language: suits are resources (Hearts, Spades,
// Clubs, Diamonds), buildings by name, a corner by the cards around it
// ("the corner of 5♥, 8♠ and J♣"), a cell by its card.
import type { GameEvent, GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  TerritoriesAbility, TerritoriesBuilding, TerritoriesEnding, TerritoriesStep, TerritoriesSuit,
  type TerritoriesCard, type TerritoriesResources, type TerritoriesView,
} from "../gen/satrap/v1/territories_pb";
import { listWords, plural, type Namer, type Vocab } from "./common";

/** One resource of a suit: "a Heart", "3 Hearts". */
export const SUIT_NAME: Record<number, string> = {
  [TerritoriesSuit.HEARTS]: "Heart", [TerritoriesSuit.SPADES]: "Spade",
  [TerritoriesSuit.CLUBS]: "Club", [TerritoriesSuit.DIAMONDS]: "Diamond",
};
export const SUIT_SYMBOL: Record<number, string> = {
  [TerritoriesSuit.HEARTS]: "♥", [TerritoriesSuit.SPADES]: "♠", [TerritoriesSuit.CLUBS]: "♣", [TerritoriesSuit.DIAMONDS]: "♦",
};
export const BUILDING_NAME: Record<number, string> = {
  [TerritoriesBuilding.TOWN]: "Town", [TerritoriesBuilding.FORT]: "Fort", [TerritoriesBuilding.BARRACKS]: "Barracks",
  [TerritoriesBuilding.TEMPLE]: "Temple", [TerritoriesBuilding.PALACE]: "Palace", [TerritoriesBuilding.CAPITAL]: "Capital",
};
const ABILITY_NAME: Record<number, string> = {
  [TerritoriesAbility.SWAP]: "Swap", [TerritoriesAbility.DESTROY]: "Destroy",
  [TerritoriesAbility.CONVERT]: "Convert", [TerritoriesAbility.EXPAND]: "Expand",
};

function view(snap: GameSnapshot): TerritoriesView | undefined {
  return snap.state.case === "territories" ? snap.state.value : undefined;
}

/** "5♥", "J♣", "Q♦". */
export function cardLabel(c: TerritoriesCard | undefined): string {
  if (!c) return "a card";
  const n = c.number === 11 ? "J" : c.number === 12 ? "Q" : String(c.number);
  return `${n}${SUIT_SYMBOL[c.suit] ?? ""}`;
}

/** "2 Hearts and 1 Club", "nothing". */
export function resourcesText(r: TerritoriesResources | undefined): string {
  if (!r) return "nothing";
  const parts = ([[r.h, "Heart"], [r.s, "Spade"], [r.c, "Club"], [r.d, "Diamond"]] as const).filter(([n]) => n > 0).map(([n, s]) => plural(n, s));
  return parts.length ? listWords(parts) : "nothing";
}

function cardAt(v: TerritoriesView | undefined, c: number, r: number): TerritoriesCard | undefined {
  return v?.grid.find((g) => g.cell?.c === c && g.cell?.r === r)?.card;
}

/** "the corner of 5♥, 8♠ and J♣": the cards around an intersection. */
export function pointName(snap: GameSnapshot, p: { x: number; y: number } | undefined): string {
  if (!p) return "a corner";
  const v = view(snap);
  const around = [[p.x - 1, p.y - 1], [p.x, p.y - 1], [p.x - 1, p.y], [p.x, p.y]]
    .map(([c, r]) => cardAt(v, c, r)).filter((c) => c !== undefined).map(cardLabel);
  return around.length ? `the corner of ${listWords(around)}` : "a corner";
}

/** "the 6♦ territory", or for an empty growth cell "a new space beside 5♥". */
export function cellName(snap: GameSnapshot, cell: { c: number; r: number } | undefined): string {
  if (!cell) return "a space";
  const v = view(snap);
  const card = cardAt(v, cell.c, cell.r);
  if (card) return `the ${cardLabel(card)} territory`;
  const next = [[cell.c - 1, cell.r], [cell.c + 1, cell.r], [cell.c, cell.r - 1], [cell.c, cell.r + 1]]
    .map(([c, r]) => cardAt(v, c, r)).filter((c) => c !== undefined).map(cardLabel);
  const side = cell.c < Math.min(...(v?.grid.map((g) => g.cell?.c ?? 0) ?? [0])) ? "left"
    : cell.c > Math.max(...(v?.grid.map((g) => g.cell?.c ?? 0) ?? [0])) ? "right"
    : cell.r < Math.min(...(v?.grid.map((g) => g.cell?.r ?? 0) ?? [0])) ? "top" : "bottom";
  return `a new space on the ${side} beside ${listWords(next)}`;
}

function steps(a: LegalAction, snap: GameSnapshot): string[] {
  if (a.action?.game.case !== "territories") return ["Make this move"];
  const k = a.action.game.value.kind;
  const pt = (p?: { x: number; y: number }) => pointName(snap, p);
  switch (k.case) {
    case "placeSetup": return [`Place a starting Town at ${pt(k.value.at)}`];
    case "roll": return ["Roll the dice"];
    case "discard":
      return k.value.item.case === "card" ? [`Discard the ${cardLabel(k.value.item.value)} territory card`]
        : k.value.item.case === "suit" ? [`Discard a ${SUIT_NAME[k.value.item.value]}`] : ["Discard"];
    case "takeFree": return [`Take a free ${SUIT_NAME[k.value.suit]}`];
    case "pay": return [`Pay a ${SUIT_NAME[k.value.suit]}`];
    case "respondTrade": return [k.value.accept ? "Accept the offer" : "Decline the offer"];
    case "buildTown": return ["Build a Town", `At ${pt(k.value.at)}`];
    case "upgrade": return [`Upgrade a Town to a ${BUILDING_NAME[k.value.to]}`, `The Town at ${pt(k.value.at)}`];
    case "buildCapital": return ["Build your Capital", `Replacing your building at ${pt(k.value.at)}`];
    case "bankTrade":
      return [`Trade 4 ${SUIT_NAME[k.value.give]}s with the bank`, k.value.territory ? "For a territory card" : `For a ${SUIT_NAME[k.value.get]}`];
    case "tradeGive": return ["Offer a trade to your opponent", `You give a ${SUIT_NAME[k.value.suit]}`];
    case "tradeGet": return ["Offer a trade to your opponent", `You ask for a ${SUIT_NAME[k.value.suit]}`];
    case "proposeTrade": return ["Offer a trade to your opponent", "Propose this offer"];
    case "swap": return ["Swap a territory with a card in your hand", `Swap ${cellName(snap, k.value.cell)}`, `For your ${cardLabel(k.value.card)}`];
    case "expand": return ["Expand the map with a card from your hand", `Lay your ${cardLabel(k.value.card)}`, `On ${cellName(snap, k.value.cell)}`];
    case "destroy": return ["Attack a Town (Destroy)", `The Town at ${pt(k.value.target)}`];
    case "convert":
      return ["Take over a building (Convert)", `The building at ${pt(k.value.target)}`, `From your building at ${pt(k.value.source)}`, `As a ${BUILDING_NAME[k.value.asBuilding]}`];
    case "endTurn": return ["End your turn"];
    default: return ["Make this move"];
  }
}

function event(e: GameEvent, snap: GameSnapshot, name: Namer): string | null {
  if (e.event.case !== "territories") return null;
  const k = e.event.value.kind;
  const pt = (p?: { x: number; y: number }) => pointName(snap, p);
  switch (k.case) {
    case "setupTownPlaced": {
      const got = resourcesText(k.value.collected);
      return `${name(k.value.seat)} places a starting Town at ${pt(k.value.at)}${got !== "nothing" ? ` and collects ${got}` : ""}.`;
    }
    case "turnStarted": return `Turn ${k.value.turn}: ${name(k.value.seat)} to play.`;
    case "rolled": return `${name(k.value.seat)} rolls ${k.value.d1} and ${k.value.d2} (${k.value.d1 + k.value.d2}).`;
    case "produced": return `${name(k.value.seat)} receives ${resourcesText(k.value.gained)}.`;
    case "cardDrawn":
      return !k.value.drawn ? `No territory card is left for ${name(k.value.seat)}.`
        : k.value.card ? `${name(k.value.seat)} draws the ${cardLabel(k.value.card)} territory card.` : `${name(k.value.seat)} draws a territory card.`;
    case "discardReshuffled": return `The discarded territory cards are shuffled into a new draw pile (${plural(k.value.cards, "card")}).`;
    case "discarded":
      return k.value.card ? `${name(k.value.seat)} discards the ${cardLabel(k.value.card)} territory card.` : `${name(k.value.seat)} discards a ${SUIT_NAME[k.value.suit]}.`;
    case "freeTaken": return `${name(k.value.seat)} takes a free ${SUIT_NAME[k.value.suit]}.`;
    case "paid": return `${name(k.value.seat)} pays a ${SUIT_NAME[k.value.suit]}.`;
    case "freeChoicesLost": return `${name(k.value.seat)} loses ${plural(k.value.lost, "free choice")}: the bank is empty.`;
    case "built":
      return k.value.replaced
        ? `${name(k.value.seat)} replaces their ${BUILDING_NAME[k.value.replaced]} at ${pt(k.value.at)} with a ${BUILDING_NAME[k.value.building]}.`
        : `${name(k.value.seat)} builds a ${BUILDING_NAME[k.value.building]} at ${pt(k.value.at)}.`;
    case "bankTraded":
      return `${name(k.value.seat)} trades 4 ${SUIT_NAME[k.value.give]}s with the bank for ${k.value.get ? `a ${SUIT_NAME[k.value.get]}` : "a territory card"}.`;
    case "draftChanged": return null;
    case "tradeProposed":
      return `${name(k.value.seat)} offers ${resourcesText(k.value.give)} for ${resourcesText(k.value.get)}.`;
    case "tradeAnswered": return `${name(k.value.seat)} ${k.value.accepted ? "accepts" : "declines"} the offer.`;
    case "abilityActivated": return `${name(k.value.seat)} uses ${ABILITY_NAME[k.value.ability] ?? "an ability"}.`;
    case "priceRolled": return `The price die shows ${k.value.die}: ${name(k.value.seat)} must pay ${plural(k.value.die, "resource")}.`;
    case "lostEverything": return `${name(k.value.seat)} cannot pay and loses ${resourcesText(k.value.lost)}.`;
    case "opposedRoll": return `Attack ${k.value.attacker} against defence ${k.value.defender}: ${k.value.success ? "success" : "repelled"}.`;
    case "swapped": return `${name(k.value.seat)} swaps the ${cardLabel(k.value.taken)} territory for their ${cardLabel(k.value.placed)}.`;
    case "expanded": return `${name(k.value.seat)} lays the ${cardLabel(k.value.card)} territory at the edge of the map.`;
    case "destroyed": return `${name(k.value.seat)} destroys the Town at ${pt(k.value.at)}.`;
    case "converted": return `${name(k.value.seat)} takes over the ${BUILDING_NAME[k.value.fromBuilding]} at ${pt(k.value.at)}; it becomes their ${BUILDING_NAME[k.value.toBuilding]}.`;
    case "turnEnded": return k.value.homeless ? `${name(k.value.seat)} ends the turn without a building (${k.value.homeless} of 2).` : `${name(k.value.seat)} ends the turn.`;
    case "gameEnded": {
      const how = k.value.ending === TerritoriesEnding.POINTS ? "15 points reached"
        : k.value.ending === TerritoriesEnding.HOMELESS ? "a player had no building for two turns" : "the turn limit is reached";
      return k.value.winner !== undefined ? `The game is over (${how}): ${name(k.value.winner)} wins.` : `The game is over (${how}): a draw.`;
    }
    default: return null;
  }
}

function prompt(snap: GameSnapshot): string {
  const v = view(snap);
  switch (v?.step) {
    case TerritoriesStep.SETUP: return "Place a starting Town on a corner of the map.";
    case TerritoriesStep.ROLL: return "Roll the dice: every building next to a territory with that number produces.";
    case TerritoriesStep.MAIN: return "Build, trade, use a building's ability, or end your turn.";
    case TerritoriesStep.DISCARD: return `A 7 was rolled: discard ${plural(v.decision?.remaining ?? 1, "card")}.`;
    case TerritoriesStep.CHOOSE_TEMPLE: return `Your Temple gives a free choice: take ${plural(v.decision?.remaining ?? 1, "resource")}.`;
    case TerritoriesStep.PAY: return `Pay the price: ${plural(v.decision?.remaining ?? 1, "resource")} more.`;
    case TerritoriesStep.DRAFT: return "Build your offer: what you give and what you ask for, then propose it.";
    case TerritoriesStep.RESPOND: return `Your opponent offers ${resourcesText(v.offer?.give)} for your ${resourcesText(v.offer?.get)}: accept or decline.`;
    default: return "Your move.";
  }
}

export const territoriesWords: Vocab = { steps, event, prompt };
