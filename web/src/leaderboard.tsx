// The leaderboard of one game: its players by their displayed rating, best
// first, a page at a time (ListLeaderboard), with this browser's player
// marked when the page knows who that is (the player id the server gave it
// in a rated game). Built-in bots are named by their level, never by their
// engine ids.
import { useEffect, useState } from "preact/hooks";
import { client, explain } from "./api";
import type { PlayerRating } from "./gen/satrap/v1/service_pb";
import { HOW_TO, LEADERBOARD } from "./games";
import { useGameTypes } from "./gameTypes";
import { link } from "./router";
import { myPlayerId } from "./player";
import { playerLabel } from "./page/words";

const PAGE_SIZE = 20;

/** A rating as shown: one decimal, the minus sign a real one. */
export function ratingText(x: number): string {
  return x.toFixed(1).replace("-", "−");
}

/** How the displayed rating moved with the player's last rated game. */
function changeText(r: PlayerRating): string {
  if (r.games === 0n) return "–";
  const x = Math.round(r.lastChange * 10) / 10;
  return x > 0 ? `+${x.toFixed(1)}` : x < 0 ? ratingText(x) : "±0.0";
}

export function LeaderboardPage({ gameType }: { gameType: string }) {
  const { types, error: typesError } = useGameTypes();
  const gameName = types?.find((t) => t.id === gameType)?.name;
  // The page tokens of the pages before this one, and this page's.
  const [tokens, setTokens] = useState<string[]>([""]);
  const [rows, setRows] = useState<PlayerRating[] | null>(null);
  const [next, setNext] = useState("");
  const [mine, setMine] = useState<PlayerRating | null>(null);
  const [error, setError] = useState("");
  const me = myPlayerId();
  const pageToken = tokens[tokens.length - 1];

  useEffect(() => {
    document.title = `${gameName ?? "Leaderboard"} leaderboard · satrap`;
    return () => { document.title = "satrap"; };
  }, [gameName]);

  useEffect(() => {
    if (!gameName) return;
    const abort = new AbortController();
    setRows(null);
    client.listLeaderboard({ gameType, pageSize: PAGE_SIZE, pageToken }, { signal: abort.signal })
      .then((r) => { setRows(r.ratings); setNext(r.nextPageToken); setError(""); })
      .catch((e) => { if (!abort.signal.aborted) setError(explain(e)); });
    return () => abort.abort();
  }, [gameType, gameName, pageToken]);

  // The player's own rating, wherever they stand.
  useEffect(() => {
    setMine(null);
    if (!gameName || !me) return;
    const abort = new AbortController();
    client.getRatings({ gameType, playerIds: [me] }, { signal: abort.signal })
      .then((r) => setMine(r.ratings[0] ?? null))
      .catch(() => { /* the board itself says what went wrong */ });
    return () => abort.abort();
  }, [gameType, gameName, me]);

  if (typesError) return <main class="page"><p class="error" role="alert">{typesError}</p><p><a href="/" onClick={link}>Back to the lobby</a></p></main>;
  if (!types) return <main class="page"><p role="status">Loading…</p></main>;
  if (!gameName) return <main class="page"><p class="error" role="alert">No such game.</p><p><a href="/" onClick={link}>Back to the lobby</a></p></main>;

  const pageNo = tokens.length;
  return (
    <main class="page leaderboard" data-game-type={gameType} data-loaded={rows ? "1" : "0"}>
      <p class="crumbs"><a href="/" onClick={link}>← Lobby</a> · <a href={HOW_TO(gameType)} onClick={link}>How to play {gameName}</a></p>
      <h1>{gameName} leaderboard</h1>
      <nav class="other-boards" aria-label="Other leaderboards">
        {types.filter((t) => t.id !== gameType).map((t) => (
          <a key={t.id} href={LEADERBOARD(t.id)} onClick={link}>{t.name}</a>
        ))}
      </nav>
      <p class="explain">
        Only rated games count. A player's rating starts at 0 and rises with wins; it is cautious,
        so it also rises as more games make it certain.
      </p>
      {mine && (
        <p class="my-rating">
          Your rating: <b>{ratingText(mine.display)}</b> after {String(mine.games)} rated game{mine.games === 1n ? "" : "s"}
          {mine.games > 0n ? `, ${String(mine.wins)} won` : ""}.
        </p>
      )}
      {error && <p class="error" role="alert">{error}</p>}
      <div class="table-wrap">
        <table class="board-table">
          <caption class="sr">{gameName} players by rating, page {pageNo}</caption>
          <thead>
            <tr>
              <th scope="col">Place</th><th scope="col">Player</th><th scope="col">Rating</th>
              <th scope="col">Games</th><th scope="col">Wins</th><th scope="col">Last change</th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((r) => {
              const own = !!me && r.playerId === me;
              return (
                <tr key={r.playerId} class={own ? "me" : ""} aria-current={own ? "true" : undefined} data-player={own ? "me" : undefined}>
                  <td>{r.place}</td>
                  <td>{playerLabel(r.playerId, r.name)}{own && <span class="you"> (you)</span>}</td>
                  <td>{ratingText(r.display)}</td>
                  <td>{String(r.games)}</td>
                  <td>{String(r.wins)}</td>
                  <td class="change">{changeText(r)}</td>
                </tr>
              );
            })}
            {rows && !rows.length && <tr><td colSpan={6}>No rated {gameName} games yet.</td></tr>}
            {!rows && !error && <tr><td colSpan={6}>Loading…</td></tr>}
          </tbody>
        </table>
      </div>
      <p class="pager">
        <button type="button" class="prev-page" disabled={pageNo === 1} onClick={() => setTokens(tokens.slice(0, -1))}>Previous page</button>{" "}
        <span>Page {pageNo}</span>{" "}
        <button type="button" class="next-page" disabled={!next} onClick={() => setTokens([...tokens, next])}>Next page</button>
      </p>
    </main>
  );
}
