// One game: the board, the seats with their clocks, the last events, and
// (for a seat whose token is in the URL fragment) the legal actions, chosen
// step by step. Updates arrive through WatchGame; a dropped stream is resumed
// from the version after the last one seen. While seats are open the page
// offers them (JoinGame) and asks for the game every second, because the
// start of a game makes no new version and so no update.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { client, asSeat, explain, isCode, Code } from "./api";
import { GameStatus, type GameEvent, type GameSnapshot, type LegalAction, type GameUpdate, type SeatClock } from "./gen/satrap/v1/service_pb";
import { candidates, clickable, emptyChoice, nextWords, type Choice } from "./moves";
import { UIS, GAME_NAMES } from "./games";
import { link } from "./router";

const EVENTS_KEPT = 60;

/** The seat token from the URL fragment (`#token=...`): never sent to the server in a URL. */
export function tokenFromHash(): string | undefined {
  const m = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  return m ? decodeURIComponent(m[1]) : undefined;
}

type Conn = "connecting" | "live" | "reconnecting" | "finished";

/** The token in the fragment, following later changes of it (a join sets it). */
function useHashToken(gameId: string): string | undefined {
  const [token, setToken] = useState(tokenFromHash);
  useEffect(() => {
    setToken(tokenFromHash());
    const on = () => setToken(tokenFromHash());
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, [gameId]);
  return token;
}

/** A clock's time left now: a running clock counts down to its deadline. */
function timeLeft(c: SeatClock, now: number): number {
  if (c.running && c.deadlineMs > 0n) return Math.max(0, Number(c.deadlineMs) - now);
  return Number(c.remainingMs);
}

function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

/** Milliseconds since the epoch, refreshed four times a second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

export function GamePage({ gameId }: { gameId: string }) {
  const token = useHashToken(gameId);
  const [snap, setSnap] = useState<GameSnapshot | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [legal, setLegal] = useState<{ version: bigint; actions: LegalAction[] } | null>(null);
  const [choice, setChoice] = useState<Choice>(emptyChoice);
  const [error, setError] = useState("");
  const [fatal, setFatal] = useState("");
  const [conn, setConn] = useState<Conn>("connecting");
  const [busy, setBusy] = useState(false);
  // Shared by the watch loop and the move path: the newest version shown and
  // the versions whose events are already listed.
  const seen = useRef({ last: -1n, status: GameStatus.UNSPECIFIED, events: new Set<bigint>(), finished: false });

  function addEvents(list: GameEvent[]) {
    const fresh = list.filter((e) => !seen.current.events.has(e.version));
    if (!fresh.length) return;
    for (const e of fresh) seen.current.events.add(e.version);
    setEvents((old) => [...old, ...fresh].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0)).slice(-EVENTS_KEPT));
  }
  function showSnapshot(s: GameSnapshot | undefined) {
    if (!s || s.version < seen.current.last) return;
    // The same version again only when its status changed (a waiting game
    // started, which makes no new version).
    if (s.version === seen.current.last && s.status === seen.current.status) return;
    seen.current.last = s.version;
    seen.current.status = s.status;
    seen.current.finished = s.status === GameStatus.FINISHED;
    setSnap(s);
  }
  function accept(u: GameUpdate) {
    // Versions 1.. carry the events that made them; mark even event-less ones seen.
    addEvents(u.events);
    if (u.version > 0n) seen.current.events.add(u.version);
    showSnapshot(u.snapshot);
  }

  // The watch loop: first the current state and the recent history, then the
  // stream, resumed after every drop.
  useEffect(() => {
    const abort = new AbortController();
    const signal = abort.signal;
    seen.current = { last: -1n, status: GameStatus.UNSPECIFIED, events: new Set(), finished: false };
    setSnap(null); setEvents([]); setFatal(""); setError(""); setConn("connecting");
    (async () => {
      let attempt = 0;
      // Until the server waits for the next move on from_version = current+1,
      // it refuses that with INVALID_ARGUMENT; then resume from the last seen
      // version (its update is a duplicate and skipped).
      let resumeAtLast = false;
      while (!signal.aborted) {
        try {
          if (seen.current.last < 0n) {
            const g = await client.getGame({ gameId }, asSeat(token, signal));
            const h = await client.getHistory({ gameId }, asSeat(token, signal));
            addEvents(h.entries.slice(-20).flatMap((e) => e.events));
            for (const e of h.entries) seen.current.events.add(e.version);
            showSnapshot(g.snapshot);
          }
          if (snapFinished()) { setConn("finished"); return; }
          const from = resumeAtLast ? seen.current.last : seen.current.last + 1n;
          const stream = client.watchGame({ gameId, fromVersion: from }, asSeat(token, signal));
          setConn("live");
          for await (const u of stream) {
            attempt = 0;
            accept(u);
          }
          if (snapFinished()) { setConn("finished"); return; }
        } catch (e) {
          if (signal.aborted) return;
          if (isCode(e, Code.NotFound) || isCode(e, Code.Unauthenticated)) { setFatal(explain(e)); return; }
          if (isCode(e, Code.InvalidArgument) && !resumeAtLast && seen.current.last >= 0n) { resumeAtLast = true; continue; }
          console.info("watch interrupted:", explain(e));
        }
        setConn("reconnecting");
        await sleep(Math.min(250 * 2 ** attempt, 4000), signal);
        attempt += 1;
      }
    })();
    return () => abort.abort();
  }, [gameId, token]);

  const snapRef = useRef<GameSnapshot | null>(null);
  snapRef.current = snap;

  // A waiting game starts without a new version: ask for it every second.
  const waiting = snap?.status === GameStatus.WAITING;
  useEffect(() => {
    if (!waiting) return;
    const abort = new AbortController();
    const t = setInterval(() => {
      client.getGame({ gameId }, asSeat(token, abort.signal)).then((g) => showSnapshot(g.snapshot)).catch(() => {});
    }, 1000);
    return () => { clearInterval(t); abort.abort(); };
  }, [waiting, gameId, token]);

  const [joinName, setJoinName] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  async function join(seat: number) {
    setError("");
    try {
      const r = await client.joinGame({ gameId, seat, name: joinName.trim(), inviteCode: inviteCode.trim() });
      // The seat's link: the token rides in the fragment, never in a URL the server sees.
      window.location.hash = `token=${encodeURIComponent(r.seat?.token ?? "")}`;
    } catch (e) { setError(explain(e)); }
  }
  async function leave() {
    if (!token) return;
    try {
      await client.leaveGame({ gameId }, asSeat(token));
      window.location.hash = "";
    } catch (e) { setError(explain(e)); }
  }

  const clocks = snap?.clocks;
  const now = useNow(!!clocks?.seats.some((c) => c.running));
  function snapFinished() {
    return seen.current.finished;
  }

  const me = snap?.viewer;
  // A resigned seat keeps its view but a bot plays it.
  const resigned = !!snap && me !== undefined && !!snap.seats[me]?.resigned;
  const myTurn = !!snap && me !== undefined && !resigned && snap.status === GameStatus.IN_PROGRESS && snap.toAct.includes(me);

  // Legal actions whenever it is this seat's turn at a new version.
  useEffect(() => {
    setChoice(emptyChoice);
    if (!snap || !myTurn || !token) { setLegal(null); return; }
    const abort = new AbortController();
    client.listLegalActions({ gameId }, asSeat(token, abort.signal))
      .then((r) => { if (r.version === snap.version) setLegal({ version: r.version, actions: r.actions }); })
      .catch((e) => { if (!abort.signal.aborted) setError(explain(e)); });
    return () => abort.abort();
  }, [snap?.version, myTurn, token]);

  const ui = snap ? UIS[snap.gameType] : undefined;
  const actions = legal && snap && legal.version === snap.version ? legal.actions : [];
  const keysOf = ui?.keysOf ?? (() => []);
  const cands = useMemo(() => candidates(actions, choice, keysOf), [actions, choice]);

  async function play(a: LegalAction) {
    if (!legal || !token) return;
    setBusy(true);
    setError("");
    try {
      const r = await client.applyAction(
        { gameId, expectedVersion: legal.version, move: { case: "action", value: a.action! } },
        asSeat(token),
      );
      addEvents(r.events);
      showSnapshot(r.snapshot);
    } catch (e) {
      setError(explain(e));
      // A stale list (ABORTED) or a refused move: ask again for this version.
      setLegal(null);
      if (token) {
        client.listLegalActions({ gameId }, asSeat(token)).then((r) => {
          if (snapRef.current && r.version === snapRef.current.version) setLegal({ version: r.version, actions: r.actions });
        }).catch(() => {});
      }
    } finally {
      setBusy(false);
      setChoice(emptyChoice);
    }
  }

  function narrow(next: Choice) {
    const left = candidates(actions, next, keysOf);
    if (left.length === 1) { void play(left[0]); return; }
    if (left.length === 0) return;
    setChoice(next);
  }
  const onPick = (key: string) => narrow({ ...choice, keys: [...choice.keys, key] });

  async function resign() {
    if (!token || !confirm("Resign this seat? A bot plays it to the end.")) return;
    try {
      const r = await client.resign({ gameId }, asSeat(token));
      addEvents(r.events);
      showSnapshot(r.snapshot);
    } catch (e) { setError(explain(e)); }
  }

  if (fatal) return <div class="page"><p class="error" role="alert">{fatal}</p><p><a href="/" onClick={link}>Back to the lobby</a></p></div>;
  if (!snap || !ui) return <div class="page"><p>Loading game {gameId}…</p></div>;

  const boardProps = {
    snap,
    clickable: myTurn && !busy ? clickable(cands, choice, keysOf) : new Set<string>(),
    picked: choice.keys,
    onPick,
  };
  const finished = snap.status === GameStatus.FINISHED;
  const openSeats = snap.seats.filter((s) => s.open);
  const next = nextWords(cands, choice);
  return (
    <div class="page game" data-game-type={snap.gameType} data-version={String(snap.version)} data-status={finished ? "finished" : waiting ? "waiting" : "running"}>
      <header>
        <a href="/" onClick={link}>satrap</a> · <b>{GAME_NAMES[snap.gameType] ?? snap.gameType}</b> · game <code>{gameId}</code> · version <span class="version">{String(snap.version)}</span>
        {" · "}<span class={`conn ${conn}`}>{conn}</span>
        {" · "}{me !== undefined ? <>you are <b>seat {me} ({snap.seats[me]?.name})</b></> : <>spectator</>}
      </header>
      {finished && snap.outcome && <p class="outcome" role="status">Game over: {snap.outcome.summary}</p>}
      {waiting && (
        <section class="lobby-wait" role="status">
          <p>Waiting for players: {openSeats.length} open seat{openSeats.length === 1 ? "" : "s"}. The game starts when every seat is taken.</p>
          {me === undefined && openSeats.length > 0 && (
            <p class="join">
              <input name="join-name" maxLength={64} placeholder="your name" value={joinName} onInput={(e) => setJoinName((e.target as HTMLInputElement).value)} />{" "}
              {openSeats.some((s) => s.inviteOnly) && <><input name="invite-code" placeholder="invite code" value={inviteCode} onInput={(e) => setInviteCode((e.target as HTMLInputElement).value)} />{" "}</>}
              {openSeats.map((s) => (
                <button key={s.seat} class="join-seat" data-seat={s.seat} onClick={() => join(s.seat)}>Take seat {s.seat}{s.inviteOnly ? " (invite)" : ""}</button>
              ))}
            </p>
          )}
          {me !== undefined && <p>You have seat {me}. <button class="leave" onClick={leave}>Leave</button></p>}
        </section>
      )}
      {error && <p class="error" role="alert">{error} <button onClick={() => setError("")}>dismiss</button></p>}
      <div class="layout">
        <div class="board-wrap">
          <ui.Board {...boardProps} />
          <ui.Info {...boardProps} />
        </div>
        <aside>
          <table class="seats">
            <tbody>
              {snap.seats.map((s) => {
                const result = snap.outcome?.results.find((r) => r.seat === s.seat);
                return (
                  <tr key={s.seat} class={`${snap.toAct.includes(s.seat) ? "to-act" : ""}${s.seat === me ? " me" : ""}`}>
                    <td><span class="dot" style={{ background: ui.seatColour(snap, s.seat) }} /></td>
                    <td>{snap.toAct.includes(s.seat) ? "▶ " : ""}{s.seat}. {s.name}{s.bot ? ` (${s.bot}${s.resigned ? ", resigned" : ""})` : ""}</td>
                    <td>{ui.seatLine(snap, s.seat)}</td>
                    <td class={`clock${clocks?.seats[s.seat]?.running ? " running" : ""}`} data-seat={s.seat}>
                      {s.open ? "open" : clocks?.seats[s.seat] ? formatClock(timeLeft(clocks.seats[s.seat], now)) : ""}
                    </td>
                    <td>{result ? `#${result.rank}` : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {resigned && <p class="waiting">You resigned; {snap.seats[me!]?.bot || "a bot"} plays this seat now.</p>}
          {me !== undefined && !finished && !resigned && !waiting && (
            <section class="moves" data-busy={busy ? "1" : "0"}>
              {!myTurn ? <p class="waiting">Waiting for {snap.toAct.map((s) => snap.seats[s]?.name ?? s).join(", ")}…</p>
                : !actions.length ? <p class="waiting">Loading your moves…</p>
                : (
                  <>
                    <p><b>Your move.</b> Click the highlighted board, or choose step by step:</p>
                    <div class="steps">
                      {choice.words.map((w, i) => <code key={i}>{w}</code>)}
                      {choice.keys.map((k) => <code key={k} class="key">{k}</code>)}
                      {(choice.words.length > 0 || choice.keys.length > 0) && <button class="cancel" onClick={() => setChoice(emptyChoice)}>start over</button>}
                    </div>
                    <div class="next">
                      {next.map((n) => (
                        <button key={n.word} class="word" disabled={busy} onClick={() => narrow({ ...choice, words: [...choice.words, n.word] })}>
                          {n.word}{n.count > 1 ? <small> ({n.count})</small> : null}
                        </button>
                      ))}
                    </div>
                    <details class="all">
                      <summary>All {actions.length} legal actions</summary>
                      <ul>
                        {actions.map((a) => <li key={a.notation}><button class="notation" disabled={busy} onClick={() => play(a)}>{a.notation}</button></li>)}
                      </ul>
                    </details>
                  </>
                )}
              <p><button class="resign" onClick={resign}>Resign</button></p>
            </section>
          )}
          <section class="events">
            <h3>Last events</h3>
            <ol>
              {events.slice().reverse().map((e, i) => (
                <li key={`${e.version}-${i}`}><span class="v">{String(e.version)}</span> {e.description}</li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}
