// The players panel: colour, name (bots say their level), who is to act,
// a one-line summary per game, the clock, and the place once finished.
import type { GameSnapshot, SeatClock } from "../gen/satrap/v1/service_pb";
import type { GameUI } from "../boards/common";
import { botLabel } from "./words";

/** A clock's time left now: a running clock counts down to its deadline. */
export function timeLeft(c: SeatClock, now: number): number {
  if (c.running && c.deadlineMs > 0n) return Math.max(0, Number(c.deadlineMs) - now);
  return Number(c.remainingMs);
}

export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

const PLACE = ["1st", "2nd", "3rd", "4th"];

export function Seats({ snap, ui, now }: { snap: GameSnapshot; ui: GameUI; now: number }) {
  const clocks = snap.clocks;
  const hasClock = !!clocks?.seats.length;
  const finished = !!snap.outcome;
  return (
    <table class="seats">
      <caption class="sr">Players</caption>
      <thead>
        <tr>
          <th scope="col"><span class="sr">Colour</span></th>
          <th scope="col">Player</th>
          <th scope="col">Standing</th>
          {hasClock && <th scope="col">Clock</th>}
          {finished && <th scope="col">Place</th>}
        </tr>
      </thead>
      <tbody>
        {snap.seats.map((s) => {
          const result = snap.outcome?.results.find((r) => r.seat === s.seat);
          const toAct = snap.toAct.includes(s.seat) && !finished;
          const clock = clocks?.seats[s.seat];
          return (
            <tr key={s.seat} class={`${toAct ? "to-act" : ""}${s.seat === snap.viewer ? " me" : ""}`}>
              <td><span class="dot" style={{ background: ui.seatColour(snap, s.seat) }} /></td>
              <td>
                {toAct && <span class="turn-mark" aria-label="to play">▶ </span>}
                {s.open ? "open seat" : s.name}
                {s.seat === snap.viewer && <span class="you"> (you)</span>}
                {s.bot && <small class="bot"> · {botLabel(s.bot)}{s.resigned ? ", resigned" : ""}</small>}
              </td>
              <td>{ui.seatLine(snap, s.seat)}</td>
              {hasClock && (
                <td class={`clock${clock?.running ? " running" : ""}`} data-seat={s.seat}>
                  {s.open ? "open" : clock ? formatClock(timeLeft(clock, now)) : ""}
                </td>
              )}
              {finished && <td>{result ? PLACE[result.rank - 1] ?? `${result.rank}th` : ""}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
