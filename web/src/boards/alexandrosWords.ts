// Alexandros in player language: symbols and colours by name, places by
// where they lie on the map (alexandrosMap.ts), events as sentences.
import type { GameEvent, GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  AlexandrosEnding, AlexandrosMoveKind, AlexandrosSlot, AlexandrosStage, AlexandrosTakeFrom, AlexandrosWallColour,
  type AlexandrosCards, type AlexandrosView,
} from "../gen/satrap/v1/alexandros_pb";
import { SYMBOL_NAME, pointName, provinceName, spaceName } from "./alexandrosMap";
import { an, listWords, plural, type Namer, type Vocab } from "./common";

function view(snap: GameSnapshot): AlexandrosView | undefined {
  return snap.state.case === "alexandros" ? snap.state.value : undefined;
}

function province(snap: GameSnapshot, anchor: string): string {
  const pr = view(snap)?.provinces.find((p) => p.anchor === anchor);
  return provinceName(pr?.spaces ?? [], anchor);
}

/** "the face-up Lyre card" (", the left one" when both show the same symbol). */
function slotName(snap: GameSnapshot, s: AlexandrosSlot): string {
  const v = view(snap);
  const mine = s === AlexandrosSlot.ONE ? v?.displaySlot1 : v?.displaySlot2;
  const other = s === AlexandrosSlot.ONE ? v?.displaySlot2 : v?.displaySlot1;
  if (!mine) return s === AlexandrosSlot.ONE ? "the left face-up card" : "the right face-up card";
  return `the face-up ${SYMBOL_NAME[mine]} card${mine === other ? (s === AlexandrosSlot.ONE ? " on the left" : " on the right") : ""}`;
}
function sourceName(snap: GameSnapshot, s: AlexandrosTakeFrom): string {
  return s === AlexandrosTakeFrom.SLOT1 ? slotName(snap, AlexandrosSlot.ONE) : s === AlexandrosTakeFrom.SLOT2 ? slotName(snap, AlexandrosSlot.TWO) : "the top card of the draw pile";
}

export function cardsText(c: AlexandrosCards | undefined): string {
  if (!c) return "no cards";
  const parts = ([["Temple", c.temple], ["Amphora", c.amphora], ["Horse", c.horse], ["Lyre", c.lyre], ["Soldier", c.soldier]] as const)
    .filter(([, n]) => n > 0).map(([s, n]) => plural(n, `${s} card`));
  return parts.length ? listWords(parts) : "no cards";
}

function steps(a: LegalAction, snap: GameSnapshot): string[] {
  if (a.action?.game.case !== "alexandros") return ["Make this move"];
  const k = a.action.game.value.kind;
  switch (k.case) {
    case "alexCard": return [`Take ${slotName(snap, k.value.slot)}`, `Move Alexander towards ${an(SYMBOL_NAME[k.value.symbol])}`];
    case "alexHand": return [`Discard ${an(SYMBOL_NAME[k.value.symbol])} card from your hand to move Alexander towards ${an(SYMBOL_NAME[k.value.symbol])}`];
    case "alexIdle": return [`Take ${slotName(snap, k.value.slot)} without moving Alexander`];
    case "alexDest": return [`Send Alexander to ${pointName(k.value.point)}`];
    case "alexStep": return [`Walk Alexander to ${pointName(k.value.point)}`];
    case "takeCard": return [`Take ${sourceName(snap, k.value.source)}`];
    case "occupy": return [`Occupy ${province(snap, k.value.anchor)}`];
    case "takeOver": return [`Take over ${province(snap, k.value.anchor)}`];
    case "placeGuard": return [`Put a guard on ${spaceName(k.value.space)}`];
    case "confirmOccupation": return ["Confirm the occupation"];
    case "giveCard": return [`Hand over ${an(SYMBOL_NAME[k.value.symbol])} card`];
    case "levy": return [`Levy taxes with ${an(SYMBOL_NAME[k.value.symbol])} card`];
    case "takeBack": return [`Take back your guard from ${spaceName(k.value.space)}`];
    case "endTurn": return ["End your turn"];
    default: return ["Make this move"];
  }
}

function event(e: GameEvent, snap: GameSnapshot, name: Namer): string | null {
  if (e.event.case !== "alexandros") return null;
  const k = e.event.value.kind;
  switch (k.case) {
    case "turnStarted": return `Turn ${k.value.turn}: ${name(k.value.seat)} to play.`;
    case "alexanderSkipped": return `Alexander cannot move this turn (${name(k.value.seat)}).`;
    case "alexanderCard": {
      const v = k.value;
      if (v.kind === AlexandrosMoveKind.SPECIAL) return `${name(v.seat)} discards ${an(SYMBOL_NAME[v.card])} card to move Alexander towards ${an(SYMBOL_NAME[v.symbol])}.`;
      const card = `the ${SYMBOL_NAME[v.card]} card`;
      if (!v.symbol) return `${name(v.seat)} takes ${card} without moving Alexander.`;
      if (v.kind === AlexandrosMoveKind.JOKER) return `${name(v.seat)} takes ${card} as a joker and moves Alexander towards ${an(SYMBOL_NAME[v.symbol])}.`;
      return `${name(v.seat)} takes ${card} and moves Alexander towards ${an(SYMBOL_NAME[v.symbol])}.`;
    }
    case "cardRevealed": { const t = an(SYMBOL_NAME[k.value.symbol] ?? "new"); return `${t[0].toUpperCase()}${t.slice(1)} card is turned face up.`; }
    case "reshuffled": return `The discard pile is shuffled into a new draw pile of ${plural(k.value.cards, "card")}.`;
    case "destinationChosen": return `${name(k.value.seat)} sends Alexander to ${pointName(k.value.point)}.`;
    case "alexanderStepped":
      return k.value.wall
        ? `Alexander walks on and leaves a ${k.value.wall === AlexandrosWallColour.RED ? "red" : "black"} wall behind him.`
        : "Alexander walks on along an existing wall.";
    case "finalTurn": return `The black walls have run out: this is the last turn (${name(k.value.seat)}).`;
    case "alexanderArrived": return `Alexander arrives; the map now has ${plural(k.value.provinces, "province")}.`;
    case "cardTaken":
      if (k.value.source === AlexandrosTakeFrom.DECK) {
        return k.value.symbol ? `${name(k.value.seat)} draws ${an(SYMBOL_NAME[k.value.symbol])} card.` : `${name(k.value.seat)} draws a card.`;
      }
      return `${name(k.value.seat)} takes the face-up ${SYMBOL_NAME[k.value.symbol] ?? ""} card.`;
    case "occupationStarted":
      return k.value.formerOwner !== undefined
        ? `${name(k.value.seat)} attacks ${province(snap, k.value.anchor)}, held by ${name(k.value.formerOwner)}.`
        : `${name(k.value.seat)} sets out to occupy ${province(snap, k.value.anchor)}.`;
    case "guardChosen": return `${name(k.value.seat)} picks ${spaceName(k.value.space)} for a guard.`;
    case "guardsRemoved": return `${name(k.value.owner)} loses ${plural(k.value.spaces.length, "guard")}; they go back to the supply.`;
    case "occupied":
      return k.value.formerOwner !== undefined
        ? `${name(k.value.seat)} takes over ${province(snap, k.value.anchor)} from ${name(k.value.formerOwner)} with ${plural(k.value.guards.length, "guard")}, paying ${cardsText(k.value.paid)}.`
        : `${name(k.value.seat)} occupies ${province(snap, k.value.anchor)} with ${plural(k.value.guards.length, "guard")}, paying ${cardsText(k.value.paid)}.`;
    case "cardGiven": return `${name(k.value.seat)} hands ${an(SYMBOL_NAME[k.value.symbol])} card to ${name(k.value.to)}.`;
    case "cardsDiscarded": {
      const what = cardsText(k.value.cards);
      return what === "no cards" ? null : `${name(k.value.seat)} discards ${what}.`;
    }
    case "levied": return `${name(k.value.seat)} levies taxes with ${an(SYMBOL_NAME[k.value.symbol])} card.`;
    case "scored": return k.value.points ? `${name(k.value.seat)} collects ${plural(k.value.points, "point")} (now ${k.value.total}).` : null;
    case "guardTakenBack": return `${name(k.value.seat)} takes back the guard from ${spaceName(k.value.space)}.`;
    case "turnEnded": return `${name(k.value.seat)} ends the turn.`;
    case "gameEnded": {
      const how = k.value.ending === AlexandrosEnding.HUNDRED_POINTS ? "Someone reached 100 points"
        : k.value.ending === AlexandrosEnding.WALLS ? "The walls have run out" : "The turn limit is reached";
      return `${how}: ${listWords(k.value.winners.map(name))} win${k.value.winners.length === 1 ? "s" : ""}.`;
    }
    default: return null;
  }
}

function prompt(snap: GameSnapshot): string {
  const v = view(snap);
  switch (v?.stage) {
    case AlexandrosStage.ALEX_SOURCE: return "Move Alexander: take a face-up card (or discard a hand card) for the symbol he heads for.";
    case AlexandrosStage.ALEX_DESTINATION: return "Choose the corner Alexander walks to (highlighted on the map).";
    case AlexandrosStage.ALEX_ROUTE: return "Walk Alexander one side at a time; each side he walks gets a wall.";
    case AlexandrosStage.ACTIONS: return `Up to two actions (${v.actionsUsed} used): take a card, occupy or take over a province, levy taxes, take back a guard, or end your turn.`;
    case AlexandrosStage.OCCUPYING: return "Choose the spaces for your guards, then confirm.";
    case AlexandrosStage.COMPENSATING: return "Hand the paid cards over to the former owner.";
    default: return "Your move.";
  }
}

export const alexandrosWords: Vocab = { steps, event, prompt };
