// King of Siam in player language: cards, factions and provinces by their
// names, the steps of a card play as phrases, every event as a sentence.
import type { GameEvent, GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  KingOfSiamCard, KingOfSiamController, KingOfSiamEnding, KingOfSiamFaction, KingOfSiamProvince, KingOfSiamStep,
  type KingOfSiamView,
} from "../gen/satrap/v1/king_of_siam_pb";
import { listWords, plural, type Namer, type Vocab } from "./common";

export const FACTION_NAME: Record<number, string> = {
  [KingOfSiamFaction.RAMA]: "Rama", [KingOfSiamFaction.LAO]: "Lao", [KingOfSiamFaction.MALAY]: "Malay",
};
export const CARD_NAME: Record<number, string> = {
  [KingOfSiamCard.RAMA]: "Rama", [KingOfSiamCard.LAO]: "Lao", [KingOfSiamCard.MALAY]: "Malay",
  [KingOfSiamCard.KHON_THAI]: "Khon Thai", [KingOfSiamCard.ONE_VS_ONE]: "1 vs 1",
  [KingOfSiamCard.TWO_VS_ONE]: "2 vs 1", [KingOfSiamCard.KING]: "King",
};
/** What each card does, for tooltips and the how-to-play page. */
export const CARD_HELP: Record<number, string> = {
  [KingOfSiamCard.RAMA]: "Place 2 Rama followers from the pool in a province next to a Rama home or Rama-controlled province",
  [KingOfSiamCard.LAO]: "Place 2 Lao followers from the pool in a province next to a Lao home or Lao-controlled province",
  [KingOfSiamCard.MALAY]: "Place 2 Malay followers from the pool in a province next to a Malay home or Malay-controlled province",
  [KingOfSiamCard.KHON_THAI]: "Place one follower of each faction from the pool in any undecided provinces",
  [KingOfSiamCard.ONE_VS_ONE]: "Swap one follower with one follower of a neighbouring province",
  [KingOfSiamCard.TWO_VS_ONE]: "Send two followers to a neighbouring province and bring one back",
  [KingOfSiamCard.KING]: "Swap the order of two undecided provinces and put your King marker on one of them",
};
const CONTROLLER_NAME: Record<number, string> = {
  [KingOfSiamController.RAMA]: "Rama", [KingOfSiamController.LAO]: "Lao",
  [KingOfSiamController.MALAY]: "Malay", [KingOfSiamController.BRITISH]: "British",
};
const PROVINCE_NAME: Record<number, string> = {
  [KingOfSiamProvince.CHIANG_MAI]: "Chiang Mai", [KingOfSiamProvince.NAN]: "Nan", [KingOfSiamProvince.SUKOTHAI]: "Sukothai",
  [KingOfSiamProvince.KORAT]: "Korat", [KingOfSiamProvince.BANGKOK]: "Bangkok", [KingOfSiamProvince.CHANTHABURI]: "Chanthaburi",
  [KingOfSiamProvince.NAKHON]: "Nakhon Si Thammarat", [KingOfSiamProvince.PATTANI]: "Pattani",
};

function view(snap: GameSnapshot): KingOfSiamView | undefined {
  return snap.state.case === "kingOfSiam" ? snap.state.value : undefined;
}

/** A province's display name (the view's, else the board's). */
export function provinceName(snap: GameSnapshot, p: KingOfSiamProvince): string {
  return view(snap)?.provinces.find((x) => x.province === p)?.name ?? PROVINCE_NAME[p] ?? "a province";
}

function followers(factions: KingOfSiamFaction[]): string {
  const counts = new Map<number, number>();
  for (const f of factions) counts.set(f, (counts.get(f) ?? 0) + 1);
  return listWords([...counts].map(([f, n]) => (n === 1 ? `a ${FACTION_NAME[f]}` : `${n} ${FACTION_NAME[f]}`)));
}

function steps(a: LegalAction, snap: GameSnapshot): string[] {
  if (a.action?.game.case !== "kingOfSiam") return ["Make this move"];
  const k = a.action.game.value.kind;
  const prov = (p: KingOfSiamProvince) => provinceName(snap, p);
  const cp = view(snap)?.cardPlay;
  switch (k.case) {
    case "pass": return ["Pass"];
    case "play": return [`Play the ${CARD_NAME[k.value.card]} card`];
    case "place": {
      const faction = cp?.stepFaction ? FACTION_NAME[cp.stepFaction] : cp ? FACTION_NAME[cp.card] : undefined;
      return [`Place ${faction ? `${faction} ` : ""}followers in ${prov(k.value.province)}`];
    }
    case "exchange1v1":
      return [
        `Exchange between ${prov(k.value.provinceA)} and ${prov(k.value.provinceB)}`,
        `${FACTION_NAME[k.value.factionA]} from ${prov(k.value.provinceA)} for ${FACTION_NAME[k.value.factionB]} from ${prov(k.value.provinceB)}`,
      ];
    case "exchange2v1":
      return [
        `Send two from ${prov(k.value.twoSide)} to ${prov(k.value.oneSide)}`,
        `Send ${followers(k.value.sent)}, bring back a ${FACTION_NAME[k.value.returned]}`,
      ];
    case "king":
      return [`Swap ${prov(k.value.tileLow)} and ${prov(k.value.tileHigh)}`, `King marker on ${prov(k.value.marker)}`];
    case "take": return [`Take from ${prov(k.value.province)}`, `Take a ${FACTION_NAME[k.value.faction]} follower`];
    default: return ["Make this move"];
  }
}

function event(e: GameEvent, snap: GameSnapshot, name: Namer): string | null {
  if (e.event.case !== "kingOfSiam") return null;
  const k = e.event.value.kind;
  const prov = (p: KingOfSiamProvince) => provinceName(snap, p);
  switch (k.case) {
    case "cardPlayed": return `${name(k.value.seat)} plays the ${CARD_NAME[k.value.card]} card${k.value.lastCard ? " (their last card)" : ""}.`;
    case "placed": return `${name(k.value.seat)} places ${plural(k.value.count, `${FACTION_NAME[k.value.faction]} follower`)} in ${prov(k.value.province)}.`;
    case "effectSkipped":
      return k.value.faction
        ? `No ${FACTION_NAME[k.value.faction]} follower is left in the pool for ${name(k.value.seat)}'s ${CARD_NAME[k.value.card]} card.`
        : `${name(k.value.seat)}'s ${CARD_NAME[k.value.card]} card has nothing to do.`;
    case "exchanged":
      return `${name(k.value.seat)} sends ${followers(k.value.sent)} from ${prov(k.value.fromProvince)} to ${prov(k.value.toProvince)} and brings back a ${FACTION_NAME[k.value.returned]}.`;
    case "tilesSwapped":
      return `${name(k.value.seat)} swaps the order of ${prov(k.value.tileLow)} and ${prov(k.value.tileHigh)} and puts their King marker on ${prov(k.value.marker)}.`;
    case "followerTaken": return `${name(k.value.seat)} takes a ${FACTION_NAME[k.value.faction]} follower from ${prov(k.value.province)} into their court.`;
    case "takeSkipped": return `${name(k.value.seat)} finds no follower on the board to take.`;
    case "passed": return k.value.automatic ? `${name(k.value.seat)} has no cards left and passes.` : `${name(k.value.seat)} passes.`;
    case "struggleResolved":
      return k.value.controller === KingOfSiamController.BRITISH
        ? `The British take ${prov(k.value.province)} after a tie (${k.value.british} of 4 British provinces).`
        : `${prov(k.value.province)} is decided: the ${CONTROLLER_NAME[k.value.controller]} faction takes control.`;
    case "gameEnded": {
      const how = k.value.ending === KingOfSiamEnding.BRITISH ? "The British took a fourth province" : "All eight provinces are decided";
      if (k.value.draw) return `${how}: the game is a draw.`;
      return `${how}: ${listWords(k.value.winners.map(name))} win${k.value.winners.length === 1 ? "s" : ""}.`;
    }
    default: return null;
  }
}

function prompt(snap: GameSnapshot): string {
  const v = view(snap);
  const cp = v?.cardPlay;
  if (!cp) return "Play a card from your hand, or pass.";
  const card = CARD_NAME[cp.card];
  switch (cp.nextStep) {
    case KingOfSiamStep.PLACE_FACTION_CARD: return `${card} card: choose a province for the ${FACTION_NAME[cp.card] ?? ""} followers.`;
    case KingOfSiamStep.PLACE_KHON_THAI: return `Khon Thai: choose a province for the ${FACTION_NAME[cp.stepFaction]} follower.`;
    case KingOfSiamStep.EXCHANGE_1V1: return "1 vs 1: choose two neighbouring provinces and the followers to swap.";
    case KingOfSiamStep.EXCHANGE_2V1: return "2 vs 1: choose where two followers go and which one comes back.";
    case KingOfSiamStep.KING: return "King: choose two provinces to swap and where your King marker goes.";
    case KingOfSiamStep.TAKE: return "Take one follower from the board into your court.";
    default: return "Your move.";
  }
}

export const kingOfSiamWords: Vocab = { steps, event, prompt };
