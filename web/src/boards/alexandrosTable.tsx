// Alexandros beside the map: the face-up cards and the draw pile (HTML, so
// they stay big enough to read and tap on a phone, where the map is
// scaled down), and where the game stands by the rules' own measure of its
// end: 100 points, or the black walls running out (AX-36). The engine's
// turn limit (D-21) is a safeguard, named only when a game set a shorter
// one or comes close to it.
import { AlexandrosStage, AlexandrosSymbol, type AlexandrosView } from "../gen/satrap/v1/alexandros_pb";
import { END, SYMBOL_COLOUR, SYMBOL_NAME } from "./alexandrosMap";
import { type BoardProps, pickable, plural } from "./common";

/** The engine's default turn limit: a safeguard no real game reaches. */
const SAFEGUARD = 500;
/** Name the turn limit when this few turns are left. */
const NEAR = 10;

function Card({ s, label, props }: { s: AlexandrosSymbol; label: string; props: object }) {
  return (
    <div {...props} style={{ borderColor: s ? SYMBOL_COLOUR[s] : "#999", boxShadow: `inset 0 7px 0 ${s ? SYMBOL_COLOUR[s] : "#ddd"}` }}
      title={s ? `Face-up ${SYMBOL_NAME[s]} card: take it to move Alexander towards a ${SYMBOL_NAME[s]} space` : "No card here"}>
      <b>{label}</b>
      <span>{s ? SYMBOL_NAME[s] : "empty"}</span>
    </div>
  );
}

/** "Turn 12", and what ends the game, in words. */
export function turnWords(v: AlexandrosView): { turn: string; end: string } {
  if (v.stage === AlexandrosStage.OVER) return { turn: `Over after ${plural(v.turn, "turn")}`, end: "" };
  const limit = v.turnLimit < SAFEGUARD || v.turnLimit - v.turn <= NEAR ? `, or after turn ${v.turnLimit}` : "";
  const walls = v.finalTurn
    ? "This is the final turn: the black walls ran out"
    : `The game ends when a player reaches ${END.score} points or the black walls run out (${v.blackLeft} of ${END.blackWalls} left)${limit}`;
  return { turn: `Turn ${v.turn + 1}`, end: walls };
}

export function AlexandrosTable(p: BoardProps) {
  const v = p.snap.state.case === "alexandros" ? p.snap.state.value : undefined;
  if (!v) return null;
  const { turn, end } = turnWords(v);
  const occupied = v.provinces.filter((x) => x.owner !== undefined).length;
  return (
    <div class="ax-table">
      <div class="ax-cards">
        <Card s={v.displaySlot1} label="Face-up 1" props={pickable(p, "slot:1", "ax-card")} />
        <Card s={v.displaySlot2} label="Face-up 2" props={pickable(p, "slot:2", "ax-card")} />
        <div {...pickable(p, "deck", "ax-card deck")} title="The draw pile: take its top card without seeing it">
          <b>Draw pile</b>
          <span>{plural(v.drawCount, "card")}</span>
        </div>
      </div>
      <div class="ax-status">
        <p class="ax-turn"><b>{turn}</b>{v.stage !== AlexandrosStage.OVER && <> · {v.actionsUsed} of 2 actions done{v.levied ? " · taxes levied" : ""}</>}</p>
        {end && <p class="ax-end">{end}.</p>}
        <p>{plural(v.provinces.length, "province")}, {occupied} occupied · discard pile: {plural(v.discard.length, "card")}{v.finalTurn ? ` · ${plural(v.redLeft, "red wall")} left` : ""}</p>
      </div>
    </div>
  );
}
