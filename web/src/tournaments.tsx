// Tournaments on the page, in players' words: the lobby's list
// (ListTournaments) and a tournament's own page at "/tournament/<id>": its
// entrants, each round's tables with links to watch them live or see their
// result, the standings with the format's tie-breaks, and Join / Leave for a
// player signed in with a player key (sent as `x-api-key`, as the queue
// does). The page follows the tournament with WatchTournament, so a round
// paired or a game finished shows at once. Built-in bots are named by their
// level, never by their engine ids; no id is shown.
import { useEffect, useState } from "preact/hooks";
import { createClient } from "@connectrpc/connect";
import { Code, explain, isCode, transport } from "./api";
import {
  TournamentFormat,
  TournamentService,
  TournamentStatus,
  TournamentTieBreak,
  type Tournament,
  type TournamentStanding,
  type TournamentTable,
} from "./gen/satrap/v1/tournament_pb";
import type { GameType } from "./gen/satrap/v1/service_pb";
import { link, navigate } from "./router";
import { playerKey, myPlayerId, rememberPlayerId } from "./player";
import { playerLabel } from "./page/words";
import { useGameTypes } from "./gameTypes";
import "./tournaments.css";

export const tournaments = createClient(TournamentService, transport);

/** The route of a tournament's page. */
export const TOURNAMENT = (id: string) => `/tournament/${encodeURIComponent(id)}`;

/** The player key as call options (none: anonymous). */
function asPlayer(signal?: AbortSignal) {
  const key = playerKey();
  return { headers: key ? { "x-api-key": key } : ({} as Record<string, string>), signal };
}

/** A time of day, 24-hour (no "AM"/"PM": the page's words stay lower-case). */
function timeText(ms: bigint): string {
  return new Date(Number(ms)).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

const STATUS_WORDS: Record<number, string> = {
  [TournamentStatus.REGISTRATION]: "taking entries",
  [TournamentStatus.RUNNING]: "being played",
  [TournamentStatus.FINISHED]: "finished",
  [TournamentStatus.CANCELLED]: "called off (too few players)",
};

/** The format in words: "Swiss, 4 rounds", "everyone meets everyone", … */
export function formatWords(t: Tournament): string {
  const s = t.settings;
  const table = s?.teams ? "teams of two" : `${s?.playersPerTable ?? 2} at a table`;
  switch (s?.format) {
    case TournamentFormat.SWISS: return `Swiss, ${t.totalRounds} round${t.totalRounds === 1 ? "" : "s"}, ${table}`;
    case TournamentFormat.ROUND_ROBIN: return `everyone meets everyone, ${table}`;
    case TournamentFormat.ARENA: return `arena until ${timeText(t.endsAtMs)}, ${table}`;
    default: return table;
  }
}

/** Half-points as a player reads them: 3, 1½, ½. */
export function pointsText(half: number): string {
  const whole = Math.floor(half / 2);
  if (half % 2 === 0) return String(whole);
  return whole === 0 ? "½" : `${whole}½`;
}

const TIE_BREAK_WORDS: Record<number, string> = {
  [TournamentTieBreak.BUCHHOLZ]: "Opponents' points",
  [TournamentTieBreak.SONNEBORN_BERGER]: "Wins weighted",
  [TournamentTieBreak.VERSUS_TIED]: "Against the tied",
  [TournamentTieBreak.PLACINGS]: "Placings",
  [TournamentTieBreak.FEWER_GAMES]: "Games",
};

function tieBreakValue(b: TournamentTieBreak, s: TournamentStanding): string {
  switch (b) {
    case TournamentTieBreak.BUCHHOLZ: return pointsText(s.buchholz);
    // Quarter-points: shown as points.
    case TournamentTieBreak.SONNEBORN_BERGER: return String(s.sonnebornBerger / 4);
    case TournamentTieBreak.VERSUS_TIED: return pointsText(s.versusTied);
    case TournamentTieBreak.PLACINGS: return s.placings.join("–");
    case TournamentTieBreak.FEWER_GAMES: return String(s.games);
    default: return "";
  }
}

/** An entrant in words: its players, each bot by its level. */
function entrantName(t: Tournament, entrant: number): string {
  const e = t.entrants[entrant];
  if (!e) return `Player ${entrant + 1}`;
  const named = e.playerIds.map((p) => {
    const label = playerLabel(p, p.includes("/") ? p.split("/").slice(1).join("/") : "");
    // The same level entered more than once: told apart by its place in the list.
    return p.startsWith("bot:") ? `${label} ${entrant + 1}` : label;
  });
  return named.join(" and ");
}

const ORDINAL = ["1st", "2nd", "3rd", "4th"];

/** The lobby's list of tournaments, newest first. */
export function TournamentList({ types }: { types: GameType[] }) {
  const [list, setList] = useState<Tournament[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const abort = new AbortController();
    tournaments.listTournaments({ pageSize: 20 }, asPlayer(abort.signal))
      .then((r) => { setList(r.tournaments); setError(""); })
      .catch((e) => { if (!abort.signal.aborted) setError(explain(e)); });
    return () => abort.abort();
  }, []);
  const name = (id: string) => types.find((t) => t.id === id)?.name ?? id;
  if (!error && list && !list.length) return null;
  return (
    <section class="tournaments panel" aria-label="Tournaments">
      <h2>Tournaments</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {!list && !error && <p role="status">Loading…</p>}
      {list && list.length > 0 && (
        <ul class="tournament-list">
          {list.map((t) => (
            <li key={t.tournamentId} data-status={t.status}>
              <a class="tournament-link" href={TOURNAMENT(t.tournamentId)} onClick={link}>{t.settings?.name || "A tournament"}</a>
              {" · "}{name(t.settings?.gameType ?? "")}, {formatWords(t)}
              {" · "}{t.entrants.length} player{t.entrants.length === 1 ? "" : "s"}
              {" · "}<span class="status">{STATUS_WORDS[t.status] ?? ""}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A table of a round in words: its players (with their places once it is
 *  decided) and a link to its game. */
function TableRow({ t, table, me }: { t: Tournament; table: TournamentTable; me: number | undefined }) {
  const decided = table.places.length > 0;
  const live = !!table.gameId && !decided;
  const players = table.entrants.map((e, i) => {
    const gone = table.forfeited[i] ? " (forfeited)" : "";
    const place = decided ? ` ${ORDINAL[table.places[i]] ?? ""}` : "";
    return `${entrantName(t, e)}${e === me ? " (you)" : ""}${place}${gone}`;
  });
  return (
    <li class={`table${live ? " live" : ""}`} data-players={table.entrants.length} data-live={live ? "1" : "0"}>
      <span class="players">{players.join(", ")}</span>
      {table.gameId && (
        <>
          {" · "}
          <a class={live ? "watch-table" : "table-result"} href={`/game/${encodeURIComponent(table.gameId)}`} onClick={link}>
            {live ? "Watch live" : "Result"}
          </a>
          {live && me !== undefined && table.entrants.includes(me) && <PlayButton t={t} gameId={table.gameId} />}
        </>
      )}
      {!table.gameId && !decided && " · starting…"}
    </li>
  );
}

/** "Play your game": a fresh seat link for this player's seat at the table. */
function PlayButton({ t, gameId }: { t: Tournament; gameId: string }) {
  const [error, setError] = useState("");
  async function play() {
    try {
      const r = await tournaments.takeTournamentSeat({ tournamentId: t.tournamentId, gameId }, asPlayer());
      if (r.seat?.token) navigate(`/game/${encodeURIComponent(gameId)}#token=${encodeURIComponent(r.seat.token)}`);
    } catch (e) {
      setError(explain(e));
    }
  }
  return <> · <button type="button" class="play-table primary" onClick={play}>Play your game</button>{error && <span class="error" role="alert"> {error}</span>}</>;
}

/** A tournament's page, followed live. */
export function TournamentPage({ id }: { id: string }) {
  const { types } = useGameTypes();
  const [t, setT] = useState<Tournament | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState("");
  const key = playerKey();
  const [meId, setMeId] = useState(myPlayerId());

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      let after = 0n;
      // Followed until it is over; a dropped stream is opened again.
      for (let failures = 0; !abort.signal.aborted && failures < 20; ) {
        try {
          for await (const u of tournaments.watchTournament({ tournamentId: id, afterVersion: after }, asPlayer(abort.signal))) {
            if (u.tournament) { setT(u.tournament); after = u.tournament.version; setError(""); }
            failures = 0;
          }
          return;
        } catch (e) {
          if (abort.signal.aborted) return;
          if (isCode(e, Code.NotFound)) { setError("No such tournament."); return; }
          failures++;
          await new Promise((r) => setTimeout(r, 500 * failures));
        }
      }
    })();
    return () => abort.abort();
  }, [id]);

  useEffect(() => {
    document.title = `${t?.settings?.name || "Tournament"} · satrap`;
    return () => { document.title = "satrap"; };
  }, [t?.settings?.name]);

  if (error) return <main class="page"><p class="error" role="alert">{error}</p><p><a href="/" onClick={link}>Back to the lobby</a></p></main>;
  if (!t) return <main class="page"><p role="status">Loading…</p></main>;

  const mine = t.entrants.find((e) => !e.withdrawn && meId && e.playerIds.includes(meId));
  const me = mine?.entrant;
  const open = t.status === TournamentStatus.REGISTRATION;
  const running = t.status === TournamentStatus.RUNNING;
  const gameName = types?.find((g) => g.id === t.settings?.gameType)?.name ?? "";

  async function join() {
    setBusy(true);
    try {
      const r = await tournaments.joinTournament({ tournamentId: id }, asPlayer());
      const pid = r.entrant?.playerIds[0] ?? "";
      rememberPlayerId(pid);
      setMeId(pid);
      setActionError("");
    } catch (e) {
      alertError(e);
    } finally {
      setBusy(false);
    }
  }
  async function leave() {
    setBusy(true);
    try {
      await tournaments.leaveTournament({ tournamentId: id }, asPlayer());
    } catch (e) {
      alertError(e);
    } finally {
      setBusy(false);
    }
  }
  function alertError(e: unknown) { setActionError(explain(e)); }

  return (
    <main class="page tournament" data-status={t.status} data-rounds={t.rounds.length}>
      <p class="crumbs"><a href="/" onClick={link}>← Lobby</a></p>
      <h1>{t.settings?.name || "A tournament"}</h1>
      <p class="info">
        {gameName}, {formatWords(t)} · <span class="status">{STATUS_WORDS[t.status] ?? ""}</span>
        {open && t.settings && <> · starts at {timeText(t.settings.startAtMs)}</>}
        {t.settings?.rated ? " · rated" : ""}
      </p>
      {key && (open || (running && mine)) && (
        <p class="entry">
          {!mine && open && <button type="button" class="join-tournament primary" disabled={busy} onClick={join}>Join</button>}
          {mine && <>You are in. <button type="button" class="leave-tournament" disabled={busy} onClick={leave}>{open ? "Leave" : "Withdraw"}</button></>}
        </p>
      )}
      {!key && open && <p class="entry hint">Sign in with a player key in the lobby to join.</p>}
      {actionError && <p class="error" role="alert">{actionError}</p>}

      <section class="entrants" aria-label="Players">
        <h2>Players</h2>
        {t.entrants.length ? (
          <ol>
            {t.entrants.map((e) => (
              <li key={e.entrant} class={e.entrant === me ? "me" : ""}>
                {entrantName(t, e.entrant)}{e.entrant === me ? " (you)" : ""}{e.withdrawn ? " (withdrew)" : ""}
              </li>
            ))}
          </ol>
        ) : <p>Nobody has joined yet.</p>}
      </section>

      {t.rounds.length > 0 && (
        <section class="rounds" aria-label="Rounds">
          <h2>Rounds</h2>
          {[...t.rounds].reverse().map((r) => (
            <div class="round" key={r.number} data-round={r.number}>
              <h3>Round {r.number}</h3>
              <ul class="tables">
                {r.tables.map((table, i) => <TableRow key={i} t={t} table={table} me={me} />)}
              </ul>
              {r.byes.length > 0 && <p class="byes">Free win (nobody left to play): {r.byes.map((e) => entrantName(t, e)).join(", ")}</p>}
              {r.sitOuts.length > 0 && <p class="byes">Sitting out: {r.sitOuts.map((e) => entrantName(t, e)).join(", ")}</p>}
            </div>
          ))}
        </section>
      )}

      {t.standings.length > 0 && (
        <section class="standings" aria-label="Standings">
          <h2>Standings</h2>
          <div class="table-wrap">
            <table class="board-table">
              <thead>
                <tr>
                  <th scope="col">Place</th><th scope="col">Player</th><th scope="col">Points</th><th scope="col">Games</th>
                  {t.tieBreaks.map((b) => <th scope="col" key={b}>{TIE_BREAK_WORDS[b] ?? ""}</th>)}
                </tr>
              </thead>
              <tbody>
                {t.standings.map((s) => (
                  <tr key={s.entrant} class={s.entrant === me ? "me" : ""}>
                    <td>{s.rank}</td>
                    <td>{entrantName(t, s.entrant)}{s.withdrawn ? " (withdrew)" : ""}</td>
                    <td>{pointsText(s.points)}</td>
                    <td>{s.games}</td>
                    {t.tieBreaks.map((b) => <td key={b}>{tieBreakValue(b, s)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="explain">A win is 1 point, a draw ½; at a table of more, each player scores against each other by who placed higher. Ties are broken by the columns after Games, left to right.</p>
        </section>
      )}
    </main>
  );
}
