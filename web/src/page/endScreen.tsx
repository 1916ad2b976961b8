// The end of a game: how it ended and how it was decided (decided.ts), the
// players in order with their scores, whether the game was rated (with its
// leaderboard), a rematch, and a replay of the whole game.
import type { GameSnapshot } from "../gen/satrap/v1/service_pb";
import { link } from "../router";
import { LEADERBOARD } from "../games";
import { useGameType } from "../gameTypes";
import { endingText, namer, scoreText, winnersText } from "./words";
import { decidedText, scoreUnit } from "./decided";
import { Rematch } from "./rematch";

export function EndScreen({ snap, replay = true, rematch = false }: { snap: GameSnapshot; replay?: boolean; rematch?: boolean }) {
  const gameName = useGameType(snap.gameType)?.name;
  const o = snap.outcome;
  if (!o) return null;
  const name = namer(snap);
  const results = [...o.results].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return (
    <section class="end-screen" role="status" aria-label="Game over">
      <h2>Game over: {winnersText(o, name)}</h2>
      <p class="ending">{endingText(o, name)}.</p>
      {decidedText(snap, name).map((line, i) => <p key={i} class="decided">{line}</p>)}
      <ol class="results">
        {results.map((r) => (
          <li key={r.seat} class={o.winners.includes(r.seat) ? "winner" : ""}>
            <span class="rank">{r.rank}.</span> {name(r.seat)}{snap.seats[r.seat]?.resigned ? " (resigned)" : ""}
            <span class="score">{scoreText(o, r.score, scoreUnit(snap))}</span>
          </li>
        ))}
      </ol>
      {snap.rated && (
        <p class="rated-note">
          This was a rated game: it counts on the <a class="leaderboard-link" href={LEADERBOARD(snap.gameType)} onClick={link}>{gameName ?? "game's"} leaderboard</a>.
        </p>
      )}
      {rematch && <Rematch snap={snap} />}
      {replay && <p><a class="button primary replay-link" href={`/game/${encodeURIComponent(snap.gameId)}/replay`} onClick={link}>Watch the replay</a></p>}
    </section>
  );
}
