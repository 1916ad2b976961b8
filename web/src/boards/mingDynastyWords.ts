// Ming Dynasty in player language: districts as "north-west Shandong",
// province spaces and display cards by their province, cards by name.
import type { GameEvent, GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  MingDynastyCard, MingDynastyPhase, MingDynastyScoreReason, MingDynastyStage, type MingDynastyView,
} from "../gen/satrap/v1/ming_dynasty_pb";
import { listWords, plural, type Namer, type Vocab } from "./common";

export const CARD_NAME: Record<number, string> = {
  [MingDynastyCard.HORSE]: "Horse", [MingDynastyCard.RICKSHAW]: "Rickshaw", [MingDynastyCard.JUNK]: "Junk", [MingDynastyCard.DRAGON]: "Dragon",
};
const PHASE_NAME: Record<number, string> = {
  [MingDynastyPhase.PLACE_PRINCES]: "placing the princes",
  [MingDynastyPhase.PLACE_FAMILY]: "placing family members",
  [MingDynastyPhase.PLACE_NEUTRAL]: "placing neutral pieces",
  [MingDynastyPhase.TAKE_CARDS]: "taking cards",
  [MingDynastyPhase.TRAVEL]: "travelling",
  [MingDynastyPhase.SCORING]: "scoring the cities",
  [MingDynastyPhase.SELECT_RETURNS]: "secret return choice",
  [MingDynastyPhase.CHOOSE_RETURNS]: "returning pieces",
};
const REASON: Record<number, string> = {
  [MingDynastyScoreReason.SIX_COLOUR_SET]: "a set of six tile colours",
  [MingDynastyScoreReason.CITY_PIECES]: "pieces left in a city",
  [MingDynastyScoreReason.CLOISTERS]: "cloister pieces",
  [MingDynastyScoreReason.FIVE_COLOUR_SETS]: "sets of five tile colours",
  [MingDynastyScoreReason.LEFTOVER_TILES]: "leftover tiles",
};

function view(snap: GameSnapshot): MingDynastyView | undefined {
  return snap.state.case === "mingDynasty" ? snap.state.value : undefined;
}

/** "north-west Shandong". */
export function districtName(snap: GameSnapshot, id: string): string {
  const v = view(snap);
  const d = v?.districts.find((x) => x.id === id);
  const pr = v?.provinces.find((p) => p.id === d?.province);
  return d && pr ? `${d.part} ${pr.name}` : "a district";
}
function provinceById(snap: GameSnapshot, id: string): string {
  return view(snap)?.provinces.find((p) => p.id === id)?.name ?? "a province";
}
/** The province whose space (and display slot) has this number. */
export function spaceProvince(snap: GameSnapshot, space: number): string {
  return view(snap)?.provinces.find((p) => p.space === space)?.name ?? "a province";
}
function displayCard(snap: GameSnapshot, slot: number): string {
  const c = view(snap)?.provinces.find((p) => p.space === slot)?.display;
  return c ? CARD_NAME[c] : "card";
}
const who = (name: Namer, seat: number | undefined, neutral: boolean) => (neutral || seat === undefined ? "The neutral family" : name(seat));

function steps(a: LegalAction, snap: GameSnapshot): string[] {
  if (a.action?.game.case !== "mingDynasty") return ["Make this move"];
  const k = a.action.game.value.kind;
  switch (k.case) {
    case "placePrince": return [`Put your prince in ${districtName(snap, k.value.district)}`];
    case "placeOnSpace": return [`Put a family member on the ${spaceProvince(snap, k.value.space)} space`];
    case "neutralPlace": return [`Put a neutral piece in ${districtName(snap, k.value.district)}`];
    case "takeDisplay": return [`Take the ${displayCard(snap, k.value.slot)} card beside ${spaceProvince(snap, k.value.slot)}`];
    case "takeDragon": return [`Take a Dragon card (one of your pieces on the ${spaceProvince(snap, k.value.space)} space leaves the game)`];
    case "moveStep": return [`Travel to ${districtName(snap, k.value.district)}`, `Pay with a ${CARD_NAME[k.value.card]} card`];
    case "stay": return ["Stay where you are", `Discard a ${CARD_NAME[k.value.card]} card`];
    case "deploy": {
      const n = k.value.count;
      if (n === 0) return ["Deploy no pieces"];
      if (n === 1) return ["Deploy 1 piece", k.value.cloister ? "Into the cloister" : "Into the open area"];
      return [`Deploy ${plural(n, "piece")}`, k.value.cloister ? "One of them into the cloister" : "All into the open area"];
    }
    case "pass": return ["Pass for the rest of this phase"];
    case "selectReturn": return [`Secretly choose return cards ${listWords(k.value.cards.map(String))}`];
    case "chooseReturns":
      return [`Return pieces to ${listWords(k.value.returns.map((r) => `${districtName(snap, r.district)} (${r.count})`))}`];
    default: return ["Make this move"];
  }
}

function event(e: GameEvent, snap: GameSnapshot, name: Namer): string | null {
  if (e.event.case !== "mingDynasty") return null;
  const k = e.event.value.kind;
  const d = (id: string) => districtName(snap, id);
  switch (k.case) {
    case "princePlaced": return `${name(k.value.seat)} puts their prince in ${d(k.value.district)}.`;
    case "phaseStarted": return `Round ${k.value.round}: ${PHASE_NAME[k.value.phase] ?? "next phase"}.`;
    case "familyPlaced": return `${name(k.value.seat)} puts a family member on the ${spaceProvince(snap, k.value.space)} space.`;
    case "neutralPlaced": return `${name(k.value.seat)} puts a neutral piece in ${d(k.value.district)}.`;
    case "slotRefilled": return k.value.card ? `A ${CARD_NAME[k.value.card]} card is laid out beside ${spaceProvince(snap, k.value.slot)}.` : null;
    case "reshuffled": return `The discard pile is shuffled into a new supply of ${plural(k.value.cards, "card")}.`;
    case "displayTaken": return `${name(k.value.seat)} takes the ${CARD_NAME[k.value.card]} card beside ${spaceProvince(snap, k.value.slot)}.`;
    case "dragonTaken": return `${name(k.value.seat)} takes a Dragon card; one of their pieces on the ${spaceProvince(snap, k.value.space)} space leaves the game.`;
    case "stepped": return `${name(k.value.seat)}'s prince travels from ${d(k.value.from)} to ${d(k.value.to)} by ${CARD_NAME[k.value.card]}.`;
    case "stayed": return `${name(k.value.seat)}'s prince stays, discarding a ${CARD_NAME[k.value.card]} card.`;
    case "deployed": {
      const v = k.value;
      if (!v.count) return `${name(v.seat)} deploys no pieces in ${d(v.district)}.`;
      const out = v.ousted !== undefined ? `, pushing out ${name(v.ousted)}'s piece` : "";
      if (v.cloister && v.count === 1) return `${name(v.seat)} deploys a piece into the cloister of ${d(v.district)}${out}.`;
      const cl = v.cloister ? `, one into the cloister${out}` : "";
      return `${name(v.seat)} deploys ${plural(v.count, "piece")} in ${d(v.district)}${cl}.`;
    }
    case "passed": return `${name(k.value.seat)} passes.`;
    case "movedToCity": return `${who(name, k.value.seat, k.value.neutral)} moves ${plural(k.value.count, "piece")} into the city houses of ${d(k.value.district)}.`;
    case "tileTaken":
      return k.value.taken ? `${name(k.value.seat)} takes a ${provinceById(snap, k.value.province)} tile.` : `No ${provinceById(snap, k.value.province)} tile is left for ${name(k.value.seat)}.`;
    case "setExchanged": return `${name(k.value.seat)} exchanges a set of six tile colours.`;
    case "returnCommitted": return `${name(k.value.seat)} has secretly chosen return cards for ${provinceById(snap, k.value.province)}.`;
    case "returnsRevealed":
      return `Return cards for ${provinceById(snap, k.value.province)}: ${listWords(k.value.choices.map((c) => `${name(c.seat)} returns ${plural(c.returns, "piece")}`))}.`;
    case "piecesReturned": return `${name(k.value.seat)} returns ${plural(k.value.count, "piece")} to ${d(k.value.district)}.`;
    case "piecesBoxed": return `${who(name, k.value.seat, k.value.neutral)} loses ${plural(k.value.count, "piece")} left in the city of ${provinceById(snap, k.value.province)}.`;
    case "scored": return `${name(k.value.seat)} scores ${plural(k.value.points, "point")} for ${REASON[k.value.reason] ?? "scoring"}.`;
    case "roundStarted": return `Round ${k.value.round} begins; ${name(k.value.startPlayer)} starts.`;
    case "gameEnded": return `The game is over: ${listWords(k.value.winners.map(name))} win${k.value.winners.length === 1 ? "s" : ""}.`;
    default: return null;
  }
}

function prompt(snap: GameSnapshot): string {
  const v = view(snap);
  switch (v?.phase) {
    case MingDynastyPhase.PLACE_PRINCES: return "Put your prince in a district.";
    case MingDynastyPhase.PLACE_FAMILY: return "Put a family member on a province space.";
    case MingDynastyPhase.PLACE_NEUTRAL: return "Put a neutral piece in a district.";
    case MingDynastyPhase.TAKE_CARDS: return "Take a card from the display (a piece of yours on that province space is needed) or a Dragon.";
    case MingDynastyPhase.TRAVEL:
      return v.stage === MingDynastyStage.START ? "Travel with your prince (pay the border's card), stay, or pass."
        : v.stage === MingDynastyStage.MOVING ? "Travel on, or deploy pieces here." : "Deploy pieces here.";
    case MingDynastyPhase.SELECT_RETURNS: return "Secretly choose return cards: their sum is how many of your pieces leave the city.";
    case MingDynastyPhase.CHOOSE_RETURNS: return "Choose where your returning pieces go.";
    default: return "Your move.";
  }
}

export const mingDynastyWords: Vocab = { steps, event, prompt };
