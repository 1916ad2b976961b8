// "My games": the games this browser created or took a seat in (myGames.ts),
// with a link to each (as the seat, where this browser holds one), whose
// turn it is, and finished ones marked. Statuses are asked of the server
// when the list is shown; a game the server no longer has is said so and
// can be forgotten.
import { useEffect, useState } from "preact/hooks";
import { asSeat, client, Code, isCode } from "./api";
import { GameStatus, type GameType } from "./gen/satrap/v1/service_pb";
import { forgetGame, myGameLink, myGames, rememberGame, type MyGame } from "./myGames";

/** Most statuses asked for at once when the list is shown. */
const ASK = 20;

/** "28 Nov, 09:51": the day and a 24-hour time (no "AM" to read as a code). */
const when = (ms: number) => new Date(ms).toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hour12: false });

type Status = "finished" | "your turn" | "running" | "waiting for players" | "gone" | "";

export function MyGamesList({ types }: { types: GameType[] }) {
  const [games, setGames] = useState<MyGame[]>(myGames);
  const [status, setStatus] = useState<Record<string, Status>>({});
  useEffect(() => {
    let live = true;
    for (const g of games.filter((x) => !x.finished).slice(0, ASK)) {
      client.getGame({ gameId: g.gameId }, asSeat(g.token)).then((r) => {
        const s = r.snapshot;
        if (!s || !live) return;
        const finished = s.status === GameStatus.FINISHED;
        if (finished) rememberGame({ gameId: g.gameId, gameType: g.gameType, finished });
        const mine = s.viewer !== undefined && s.toAct.includes(s.viewer);
        const st: Status = finished ? "finished" : s.status === GameStatus.WAITING ? "waiting for players" : mine ? "your turn" : "running";
        setStatus((old) => ({ ...old, [g.gameId]: st }));
      }, (e: unknown) => {
        if (live && isCode(e, Code.NotFound)) setStatus((old) => ({ ...old, [g.gameId]: "gone" }));
      });
    }
    return () => { live = false; };
  }, []);
  if (!games.length) return null;
  const typeName = (id: string) => types.find((t) => t.id === id)?.name ?? "A game";
  function forget(id: string) {
    forgetGame(id);
    setGames(myGames());
  }
  return (
    <section class="my-games panel" aria-label="My games">
      <h2>My games</h2>
      <p class="hint">The games this browser created or took a seat in; the links open your seat.</p>
      <ul>
        {games.map((g) => {
          const st = g.finished ? "finished" : status[g.gameId] ?? "";
          return (
            <li key={g.gameId} class={`my-game${st === "finished" ? " finished" : ""}`} data-game-id={g.gameId} data-status={st}>
              <a href={myGameLink(g)} class="my-game-link">{typeName(g.gameType)}</a>
              {g.name ? <> as {g.name}</> : g.token ? null : <> (watching)</>}
              {" · "}<span class="when">{when(g.at)}</span>
              {st && <> · <span class={`chip state ${st === "your turn" ? "mine" : ""}`}>{st === "gone" ? "no longer on the server" : st}</span></>}
              {st === "gone" && <> <button type="button" class="link forget" onClick={() => forget(g.gameId)}>Forget</button></>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
