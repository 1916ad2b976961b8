// The lobby: the game types with their rules, creating a game with any mix
// of people, open seats and built-in bots (the bots each type offers come
// from ListGameTypes) and a turn clock, the seat links of a new game, and the
// stored games to watch, to join where seats are open, or to replay once
// finished; "Play rated" finds a game through the server's queue
// (rated.tsx), and each game links to its leaderboard. What is offered is
// what the server allows (serverInfo.ts): no "New game" on a server that
// creates games only for its operators' programs, and rated play only once
// the player signed in with a player key (signin.tsx).
import { useEffect, useState } from "preact/hooks";
import { client, Code, explain, isCode } from "./api";
import { GameStatus, TimeoutPolicy, type CreateGameResponse, type GameSummary, type GameType } from "./gen/satrap/v1/service_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CreateGameRequestSchema } from "./gen/satrap/v1/service_pb";
import { link } from "./router";
import { HOW_TO, LEADERBOARD } from "./games";
import { blurb, playersText, rulesPage, useGameTypes } from "./gameTypes";
import { PlayRated } from "./rated";
import { myName, playerKey, rememberName, rememberPlayerKey } from "./player";
import { useServerInfo, type Allowed } from "./serverInfo";
import { SignIn } from "./signin";
import { TournamentList } from "./tournaments";
import { botLabel } from "./page/words";
import { MyGamesList } from "./myGamesList";
import { rememberGame } from "./myGames";

const PERSON = "";
/** The seat is left open for anyone to join (not a bot name: bot names have no spaces). */
const OPEN = "open seat";

/** What a server with API keys and no guests answers a browser. */
const CLOSED_CREATE = "This server creates games only for its operators' programs: sign in with a player key to play rated.";

/** A refused creation in words: the guests' limits say what to do. */
function refusal(err: unknown, allow: Allowed): string {
  if (isCode(err, Code.Unauthenticated)) return CLOSED_CREATE;
  if (isCode(err, Code.ResourceExhausted) && err instanceof Error) {
    if (err.message.includes("--guest-max-live-bot-games")) {
      return `This server lets a visitor play at most ${allow.guestBotGames} games with computer players at a time: finish one first.`;
    }
    if (err.message.includes("rate")) return "New games were asked for too quickly: wait a minute and try again.";
  }
  return explain(err);
}

type ClockKind = "none" | "per-move" | "fischer";

interface SeatPlan { name: string; bot: string }

/** A fair first opponent: the medium search bot where offered, else the first. */
function defaultBot(t: GameType): string {
  return t.bots.includes("mcts-easy") ? "mcts-easy" : t.bots[0] ?? PERSON;
}

/** Copy a link; where the clipboard API is missing (a page not served from
 *  localhost or https), show it to be copied by hand. */
function copy(text: string) {
  if (navigator.clipboard) void navigator.clipboard.writeText(text).catch(() => window.prompt("Copy this link", text));
  else window.prompt("Copy this link", text);
}

function seatUrl(gameId: string, token: string): string {
  return `${window.location.origin}/game/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`;
}

/** "Four board games", from the number the server hosts. */
function gamesWords(n: number): string {
  const words = ["", "", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve"];
  return n < 2 ? "Board games" : `${words[n] ?? n} board games`;
}

export function Lobby() {
  const { types = [], error: typesError } = useGameTypes();
  const allow = useServerInfo();
  const [createError, setError] = useState("");
  const error = createError || typesError;
  const [typeId, setTypeId] = useState("");
  /** What the chosen game's panel is for: a new game, or the queue. */
  const [mode, setMode] = useState<"new" | "rated">("new");
  const [seats, setSeats] = useState<SeatPlan[]>([]);
  const [turnLimit, setTurnLimit] = useState("");
  const [seed, setSeed] = useState("");
  const [created, setCreated] = useState<CreateGameResponse | null>(null);
  const [creating, setCreating] = useState(false);
  const [clock, setClock] = useState<ClockKind>("none");
  const [clockSeconds, setClockSeconds] = useState("60");
  const [incrementSeconds, setIncrementSeconds] = useState("5");
  const [onTimeout, setOnTimeout] = useState<TimeoutPolicy>(TimeoutPolicy.BOT_MOVES);

  const type = types.find((t) => t.id === typeId);
  const [key, setKey] = useState(playerKey);
  /** Signing in or out; signing out closes the rated panel. */
  function signIn(k: string) {
    rememberPlayerKey(k);
    setKey(k);
    if (!k && mode === "rated") setTypeId("");
  }
  /** The queue: casual on a server without keys, rated with a player key. */
  const queue = allow.loaded && (!allow.rated || !!key);

  function choose(t: GameType) {
    setTypeId(t.id);
    setMode("new");
    setCreated(null);
    const n = Math.max(t.minPlayers, Math.min(3, t.maxPlayers));
    setSeats(Array.from({ length: n }, (_, i) => (i === 0 ? { name: myName(), bot: PERSON } : { name: `Bot ${i + 1}`, bot: defaultBot(t) })));
  }

  function setCount(n: number) {
    if (!type) return;
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] ?? { name: `Bot ${i + 1}`, bot: defaultBot(type) }));
  }

  async function create(e: Event) {
    e.preventDefault();
    if (!type) return;
    setCreating(true);
    setError("");
    try {
      const req: MessageInitShape<typeof CreateGameRequestSchema> = {
        gameType: type.id,
        seats: seats.map((s, i) => (s.bot === OPEN ? { open: true } : { name: s.name.trim() || `Player ${i + 1}`, bot: s.bot })),
      };
      const ms = (text: string) => BigInt(Math.max(1, Math.round(Number(text) * 1000)));
      if (clock === "per-move") req.timeControl = { kind: { case: "perMoveMs", value: ms(clockSeconds) } };
      if (clock === "fischer") {
        req.timeControl = { kind: { case: "fischer", value: { budgetMs: ms(clockSeconds), incrementMs: BigInt(Math.max(0, Math.round(Number(incrementSeconds) * 1000))) } } };
      }
      if (clock !== "none") req.onTimeout = onTimeout;
      if (seed.trim()) req.seed = BigInt(seed.trim());
      if (type.id === "alexandros" && turnLimit.trim()) {
        req.options = { game: { case: "alexandros", value: { turnLimit: Number(turnLimit) } } };
      }
      const first = seats.find((x) => x.bot === PERSON);
      if (first) rememberName(first.name);
      const made = await client.createGame(req);
      const mine = made.seats.find((x) => x.token);
      rememberGame({ gameId: made.gameId, gameType: type.id, token: mine?.token, name: mine?.name });
      setCreated(made);
    } catch (err) {
      // A server with API keys lets only its operators' programs create games.
      setError(refusal(err, allow));
    } finally {
      setCreating(false);
    }
  }

  return (
    // data-allowed: what the server allows is known (tests wait for it).
    <main class="page lobby" data-allowed={allow.loaded ? "1" : undefined}>
      <header class="hero">
        <h1>satrap</h1>
        <p>{gamesWords(types.length)} to play in the browser, against friends or built-in bots, or {allow.rated ? "rated" : "casual"} against anyone in the queue.</p>
        {allow.rated && <SignIn playerKey={key} onChange={signIn} />}
        {allow.loaded && !allow.create && !key && <p class="closed-create">{CLOSED_CREATE}</p>}
      </header>
      {error && <p class="error" role="alert">{error}</p>}
      <section class="types" aria-label="Games">
        {types.map((t) => (
          <article key={t.id} class={`type${t.id === typeId ? " chosen" : ""}`} data-type={t.id}>
            <h2>{t.name}</h2>
            <p class="players">{playersText(t)}</p>
            <p class="desc">{blurb(t)}</p>
            <p class="actions">
              {allow.create && <button type="button" class="new-game primary" onClick={() => choose(t)}>New game</button>}
              {queue && <button type="button" class="play-rated" onClick={() => { setTypeId(t.id); setMode("rated"); setCreated(null); }}>{allow.rated ? "Play rated" : "Find players"}</button>}
              <a href={HOW_TO(t.id)} onClick={link} class="howto-link">How to play</a>
              {rulesPage(t) && <a href={rulesPage(t)} onClick={link} class="rules-link">Full rules</a>}
              <a href={LEADERBOARD(t.id)} onClick={link} class="leaderboard-link">Leaderboard</a>
            </p>
            <p class="bots-offered" hidden>{t.bots.join(", ")}</p>
          </article>
        ))}
      </section>

      {type && mode === "rated" && queue && <PlayRated key={type.id} type={type} playerKey={allow.rated ? key : ""} />}

      {type && mode === "new" && allow.create && (
        <form class="create panel" onSubmit={create}>
          <h2>New {type.name} game</h2>
          {allow.guest && (
            <p class="guest-note">You play as a visitor: casual games only
              {allow.guestBotGames > 0 ? `, at most ${allow.guestBotGames} with computer players at a time` : ""}.</p>
          )}
          <div class="field">
            <label for="players">Players</label>
            <select id="players" name="players" value={seats.length} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))}>
              {Array.from({ length: type.maxPlayers - type.minPlayers + 1 }, (_, i) => type.minPlayers + i).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </div>
          <ol class="seat-plan">
            {seats.map((s, i) => (
              <li key={i}>
                <input name={`name-${i}`} value={s.name} maxLength={64} aria-label={`Player ${i + 1}: name`} disabled={s.bot === OPEN}
                  onInput={(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, name: (e.target as HTMLInputElement).value } : x)))} />
                <select name={`who-${i}`} value={s.bot} aria-label={`Player ${i + 1}: who plays`}
                  onChange={(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, bot: (e.target as HTMLSelectElement).value } : x)))}>
                  <option value={PERSON}>a person</option>
                  <option value={OPEN}>open: anyone may join</option>
                  {type.bots.map((b) => <option key={b} value={b}>{botLabel(b)}</option>)}
                </select>
              </li>
            ))}
          </ol>
          {type.id === "alexandros" && (
            <div class="field">
              <label for="turn-limit">Turn limit</label>
              <input id="turn-limit" name="turn-limit" type="number" min={1} placeholder="500" value={turnLimit} onInput={(e) => setTurnLimit((e.target as HTMLInputElement).value)} />
            </div>
          )}
          <fieldset class="clock">
            <legend>Turn clock</legend>
            <select name="clock" aria-label="Turn clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value as ClockKind)}>
              <option value="none">none</option>
              <option value="per-move">seconds per move</option>
              <option value="fischer">seconds per game + increment</option>
            </select>{" "}
            {clock !== "none" && (
              <>
                <input name="clock-seconds" type="number" min={1} value={clockSeconds} aria-label="seconds" onInput={(e) => setClockSeconds((e.target as HTMLInputElement).value)} /> s{" "}
                {clock === "fischer" && <>+ <input name="increment-seconds" type="number" min={0} value={incrementSeconds} aria-label="increment seconds" onInput={(e) => setIncrementSeconds((e.target as HTMLInputElement).value)} /> s per move{" "}</>}
                <select name="on-timeout" value={onTimeout} aria-label="when a clock runs out" onChange={(e) => setOnTimeout(Number((e.target as HTMLSelectElement).value))}>
                  <option value={TimeoutPolicy.BOT_MOVES}>out of time: a bot plays that move</option>
                  <option value={TimeoutPolicy.BOT_TAKES_SEAT}>out of time: a bot takes the seat</option>
                  <option value={TimeoutPolicy.FORFEIT}>out of time: the seat forfeits</option>
                </select>
              </>
            )}
          </fieldset>
          <details class="advanced">
            <summary>More options</summary>
            <div class="field">
              <label for="seed">Seed (the same seed deals the same game)</label>
              <input id="seed" name="seed" inputMode="numeric" pattern="[0-9]*" placeholder="random" value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} />
            </div>
          </details>
          <p><button type="submit" class="create-game primary" disabled={creating}>Create game</button></p>
        </form>
      )}

      {created && (
        <section class="created panel" data-game-id={created.gameId} aria-live="polite">
          <h2>Your game is ready</h2>
          <p>Each person opens their own link (it is that player's key: share it only with them). Anyone can <a class="watch-link" href={`/game/${created.gameId}`} onClick={link}>watch</a>.</p>
          <ul>
            {created.seats.map((s) => (
              <li key={s.seat}>
                <b>{s.open ? "Open seat" : s.name}</b>:{" "}
                {s.token ? (
                  <>
                    <a class="seat-link button primary" data-seat={s.seat} href={seatUrl(created.gameId, s.token)}>Play as {s.name}</a>{" "}
                    <button type="button" class="link" onClick={() => copy(seatUrl(created.gameId, s.token))}>copy link</button>
                  </>
                ) : s.open ? (
                  <>anyone with the game's link can <a class="join-link" data-seat={s.seat} href={`/game/${created.gameId}`} onClick={link}>take it</a></>
                ) : <>a bot</>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <TournamentList types={types} />
      <MyGamesList types={types} />
      <GameList types={types} />
    </main>
  );
}

function GameList({ types }: { types: GameType[] }) {
  const [status, setStatus] = useState<GameStatus>(GameStatus.UNSPECIFIED);
  const [gameType, setGameType] = useState("");
  const [openSeats, setOpenSeats] = useState(false);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [next, setNext] = useState("");
  const [error, setError] = useState("");
  /** The server lists games only to programs with an API key. */
  const [closed, setClosed] = useState(false);

  async function load(pageToken = "") {
    try {
      const r = await client.listGames({ gameType, status, pageSize: 20, pageToken, openSeats });
      setGames((old) => (pageToken ? [...old, ...r.games] : r.games));
      setNext(r.nextPageToken);
      setError("");
    } catch (e) {
      if (isCode(e, Code.Unauthenticated)) setClosed(true);
      else setError(explain(e));
    }
  }
  useEffect(() => { void load(); }, [status, gameType, openSeats]);
  const name = (id: string) => types.find((t) => t.id === id)?.name ?? id;
  if (closed) {
    return (
      <section class="games panel" aria-label="Games on this server">
        <h2>Games on this server</h2>
        <p class="closed-list">This server does not list its games publicly.</p>
      </section>
    );
  }

  return (
    <section class="games panel" aria-label="Games on this server">
      <h2>Games on this server</h2>
      <div class="filters">
        <label>Status{" "}
          <select name="status" value={status} onChange={(e) => setStatus(Number((e.target as HTMLSelectElement).value))}>
            <option value={GameStatus.UNSPECIFIED}>all</option>
            <option value={GameStatus.IN_PROGRESS}>running</option>
            <option value={GameStatus.FINISHED}>finished</option>
            <option value={GameStatus.WAITING}>waiting for players</option>
          </select>
        </label>
        <label><input type="checkbox" name="open-seats" checked={openSeats} onChange={(e) => setOpenSeats((e.target as HTMLInputElement).checked)} /> with open seats</label>
        <label>Game{" "}
          <select name="type" value={gameType} onChange={(e) => setGameType((e.target as HTMLSelectElement).value)}>
            <option value="">every game</option>
            {types.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => load()}>Refresh</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="table-wrap">
        <table>
          <thead><tr><th scope="col">Game</th><th scope="col">Players</th><th scope="col">Status</th><th scope="col">Moves</th><th scope="col">Last move</th><th scope="col"><span class="sr">Open</span></th></tr></thead>
          <tbody>
            {games.map((g) => {
              const finished = g.status === GameStatus.FINISHED;
              return (
                <tr key={g.gameId} data-game-id={g.gameId}>
                  <td>{name(g.gameType)}</td>
                  <td>{g.seats.map((s) => (s.open ? "open seat" : s.name + (s.bot ? ` (${botLabel(s.bot)})` : ""))).join(", ")}</td>
                  <td>{finished ? "finished" : g.status === GameStatus.WAITING ? "waiting for players" : "running"}{g.rated ? ", rated" : ""}</td>
                  <td>{String(g.version)}</td>
                  <td>{new Date(Number(g.updatedAtMs)).toLocaleString()}</td>
                  <td class="row-actions">
                    <a class="open-game" href={`/game/${g.gameId}`} onClick={link}>{g.seats.some((s) => s.open) ? "Join or watch" : finished ? "Result" : "Watch"}</a>
                    {finished && <> · <a class="replay-link" href={`/game/${g.gameId}/replay`} onClick={link}>Replay</a></>}
                  </td>
                </tr>
              );
            })}
            {!games.length && <tr><td colSpan={6}>No games yet.</td></tr>}
          </tbody>
        </table>
      </div>
      {next && <button type="button" onClick={() => load(next)}>More</button>}
    </section>
  );
}
