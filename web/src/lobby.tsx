// The lobby: the game types with their rules, creating a game with any mix
// of people, open seats and built-in bots (the bots each type offers come
// from ListGameTypes) and a turn clock, the seat links of a new game, and the
// stored games to watch or, where seats are open, to join.
import { useEffect, useState } from "preact/hooks";
import { client, explain } from "./api";
import { GameStatus, TimeoutPolicy, type CreateGameResponse, type GameSummary, type GameType } from "./gen/satrap/v1/service_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CreateGameRequestSchema } from "./gen/satrap/v1/service_pb";
import { link } from "./router";

const PERSON = "";
/** The seat is left open for anyone to join (not a bot name: bot names have no spaces). */
const OPEN = "open seat";

type ClockKind = "none" | "per-move" | "fischer";

interface SeatPlan { name: string; bot: string }

function rulesPage(t: GameType): string {
  return `/rules/${t.rules.split("/").pop() ?? ""}`;
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

export function Lobby() {
  const [types, setTypes] = useState<GameType[]>([]);
  const [error, setError] = useState("");
  const [typeId, setTypeId] = useState("");
  const [seats, setSeats] = useState<SeatPlan[]>([]);
  const [turnLimit, setTurnLimit] = useState("");
  const [seed, setSeed] = useState("");
  const [created, setCreated] = useState<CreateGameResponse | null>(null);
  const [creating, setCreating] = useState(false);
  const [clock, setClock] = useState<ClockKind>("none");
  const [clockSeconds, setClockSeconds] = useState("60");
  const [incrementSeconds, setIncrementSeconds] = useState("5");
  const [onTimeout, setOnTimeout] = useState<TimeoutPolicy>(TimeoutPolicy.BOT_MOVES);

  useEffect(() => {
    client.listGameTypes({}).then((r) => setTypes(r.gameTypes)).catch((e) => setError(explain(e)));
  }, []);

  const type = types.find((t) => t.id === typeId);

  function choose(t: GameType) {
    setTypeId(t.id);
    setCreated(null);
    const n = Math.max(t.minPlayers, Math.min(3, t.maxPlayers));
    setSeats(Array.from({ length: n }, (_, i) => (i === 0 ? { name: "You", bot: PERSON } : { name: `Bot ${i}`, bot: t.bots[0] ?? PERSON })));
  }

  function setCount(n: number) {
    if (!type) return;
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] ?? { name: `Bot ${i}`, bot: type.bots[0] ?? PERSON }));
  }

  async function create(e: Event) {
    e.preventDefault();
    if (!type) return;
    setCreating(true);
    setError("");
    try {
      const req: MessageInitShape<typeof CreateGameRequestSchema> = {
        gameType: type.id,
        seats: seats.map((s, i) => (s.bot === OPEN ? { open: true } : { name: s.name.trim() || `Seat ${i}`, bot: s.bot })),
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
      setCreated(await client.createGame(req));
    } catch (err) {
      setError(explain(err));
    } finally {
      setCreating(false);
    }
  }

  return (
    <div class="page lobby">
      <h1>satrap</h1>
      {error && <p class="error" role="alert">{error}</p>}
      <section class="types">
        {types.map((t) => (
          <div key={t.id} class={`type${t.id === typeId ? " chosen" : ""}`} data-type={t.id}>
            <h2>{t.name}</h2>
            <p class="players">{t.minPlayers === t.maxPlayers ? t.minPlayers : `${t.minPlayers}–${t.maxPlayers}`} players · bots: {t.bots.join(", ") || "none"}</p>
            <p class="desc">{t.description}</p>
            <p>
              <a href={rulesPage(t)} onClick={link}>Rules</a>{" "}
              <button class="new-game" onClick={() => choose(t)}>New game</button>
            </p>
          </div>
        ))}
      </section>

      {type && (
        <form class="create" onSubmit={create}>
          <h2>New {type.name} game</h2>
          <label>
            Players{" "}
            <select name="players" value={seats.length} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))}>
              {Array.from({ length: type.maxPlayers - type.minPlayers + 1 }, (_, i) => type.minPlayers + i).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </label>
          <ol class="seat-plan">
            {seats.map((s, i) => (
              <li key={i}>
                <input name={`name-${i}`} value={s.name} maxLength={64} aria-label={`Seat ${i} name`}
                  onInput={(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, name: (e.target as HTMLInputElement).value } : x)))} />
                <select name={`who-${i}`} value={s.bot} aria-label={`Seat ${i} player`}
                  onChange={(e) => setSeats(seats.map((x, j) => (j === i ? { ...x, bot: (e.target as HTMLSelectElement).value } : x)))}>
                  <option value={PERSON}>a person</option>
                  <option value={OPEN}>open: anyone may join</option>
                  {type.bots.map((b) => <option key={b} value={b}>bot: {b}</option>)}
                </select>
              </li>
            ))}
          </ol>
          {type.id === "alexandros" && (
            <label>Turn limit <input name="turn-limit" type="number" min={1} placeholder="500" value={turnLimit} onInput={(e) => setTurnLimit((e.target as HTMLInputElement).value)} /></label>
          )}
          <fieldset class="clock">
            <legend>Turn clock</legend>
            <select name="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value as ClockKind)}>
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
          <label>Seed <input name="seed" inputMode="numeric" pattern="[0-9]*" placeholder="random" value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} /></label>
          <button type="submit" class="create-game" disabled={creating}>Create game</button>
        </form>
      )}

      {created && (
        <section class="created" data-game-id={created.gameId}>
          <h2>Game {created.gameId} created</h2>
          <p>Each person opens their own seat link (the token after <code>#</code> is the seat's key; share it only with that player). Anyone can <a class="watch-link" href={`/game/${created.gameId}`} onClick={link}>watch</a>.</p>
          <ul>
            {created.seats.map((s) => (
              <li key={s.seat}>
                Seat {s.seat} ({s.name}):{" "}
                {s.token ? (
                  <>
                    <a class="seat-link" data-seat={s.seat} href={seatUrl(created.gameId, s.token)} target="_blank" rel="noopener">open seat</a>{" "}
                    <button type="button" onClick={() => copy(seatUrl(created.gameId, s.token))}>copy link</button>
                  </>
                ) : s.open ? (
                  <>open: <a class="join-link" data-seat={s.seat} href={`/game/${created.gameId}`} onClick={link}>join</a> (anyone with the game's link can take it)</>
                ) : <>played by the server</>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <GameList types={types} />
    </div>
  );
}

function GameList({ types }: { types: GameType[] }) {
  const [status, setStatus] = useState<GameStatus>(GameStatus.UNSPECIFIED);
  const [gameType, setGameType] = useState("");
  const [openSeats, setOpenSeats] = useState(false);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [next, setNext] = useState("");
  const [error, setError] = useState("");

  async function load(pageToken = "") {
    try {
      const r = await client.listGames({ gameType, status, pageSize: 20, pageToken, openSeats });
      setGames((old) => (pageToken ? [...old, ...r.games] : r.games));
      setNext(r.nextPageToken);
      setError("");
    } catch (e) {
      setError(explain(e));
    }
  }
  useEffect(() => { void load(); }, [status, gameType, openSeats]);
  const name = (id: string) => types.find((t) => t.id === id)?.name ?? id;

  return (
    <section class="games">
      <h2>Games</h2>
      <p>
        <select name="status" value={status} onChange={(e) => setStatus(Number((e.target as HTMLSelectElement).value))}>
          <option value={GameStatus.UNSPECIFIED}>all</option>
          <option value={GameStatus.IN_PROGRESS}>running</option>
          <option value={GameStatus.FINISHED}>finished</option>
          <option value={GameStatus.WAITING}>waiting for players</option>
        </select>{" "}
        <label><input type="checkbox" name="open-seats" checked={openSeats} onChange={(e) => setOpenSeats((e.target as HTMLInputElement).checked)} /> with open seats</label>{" "}
        <select name="type" value={gameType} onChange={(e) => setGameType((e.target as HTMLSelectElement).value)}>
          <option value="">every game</option>
          {types.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
        </select>{" "}
        <button onClick={() => load()}>refresh</button>
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      <table>
        <thead><tr><th>game</th><th>status</th><th>moves</th><th>seats</th><th>last move</th><th /></tr></thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.gameId} data-game-id={g.gameId}>
              <td>{name(g.gameType)}</td>
              <td>{g.status === GameStatus.FINISHED ? "finished" : g.status === GameStatus.WAITING ? "waiting for players" : "running"}</td>
              <td>{String(g.version)}</td>
              <td>{g.seats.map((s) => (s.open ? "open seat" : s.name + (s.bot ? ` (${s.bot})` : ""))).join(", ")}</td>
              <td>{new Date(Number(g.updatedAtMs)).toLocaleString()}</td>
              <td><a href={`/game/${g.gameId}`} onClick={link}>{g.seats.some((s) => s.open) ? "join or watch" : "watch"}</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && <button onClick={() => load(next)}>more</button>}
    </section>
  );
}
