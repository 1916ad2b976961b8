// Following one game: GetGame and the recent history first, then WatchGame
// in UPDATE_MODE_DELTA (a whole snapshot first, then only what changed),
// rebuilt by the TypeScript client's `follow` (@satrap/client/web), and
// resumed from the version after the last one shown after every drop: the
// page counts the drops itself (one stream per `follow`), to show that it
// is reconnecting and to read a waiting game again before it resumes.
// While a game waits for players its seats change and it starts without a
// new version: the stream repeats the current version with a cause
// (GameUpdate.cause), so nothing is asked for on a timer. Those updates
// reach only open streams, so a stream (re)opened for a waiting game reads
// the game with GetGame first and starts at that version, whose update
// shows the seats as they are when the stream begins.
import { useEffect, useRef, useState } from "preact/hooks";
import { follow } from "@satrap/client/web";
import { client, satrap, asSeat, explain, isCode, Code } from "../api";
import { GameStatus, UpdateCause, type ChatMessage, type GameEvent, type GameSnapshot } from "../gen/satrap/v1/service_pb";

export type Conn = "connecting" | "live" | "reconnecting" | "finished";

const EVENTS_KEPT = 80;

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

export interface GameFeed {
  snap: GameSnapshot | null;
  events: GameEvent[];
  conn: Conn;
  fatal: string;
  /** The chat this viewer reads, oldest first (see page/table). */
  chat: ChatMessage[];
  /** Show events and a snapshot that came from elsewhere (a move's answer). */
  addEvents: (list: GameEvent[]) => void;
  showSnapshot: (s: GameSnapshot | undefined, again?: boolean) => void;
}

export function useGame(gameId: string, token: string | undefined): GameFeed {
  const [snap, setSnap] = useState<GameSnapshot | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [fatal, setFatal] = useState("");
  const [conn, setConn] = useState<Conn>("connecting");
  const [chat, setChat] = useState<ChatMessage[]>([]);
  // A message comes once, or again when it was deleted.
  const addChat = (list: ChatMessage[]) => setChat((old) => {
    const next = old.filter((m) => !list.some((n) => n.id === m.id));
    return [...next, ...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  });
  // The newest version shown and the versions whose events are listed.
  const seen = useRef({ last: -1n, status: GameStatus.UNSPECIFIED, events: new Set<bigint>(), finished: false });

  function addEvents(list: GameEvent[]) {
    const fresh = list.filter((e) => !seen.current.events.has(e.version));
    if (!fresh.length) return;
    for (const e of fresh) seen.current.events.add(e.version);
    setEvents((old) => [...old, ...fresh].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0)).slice(-EVENTS_KEPT));
  }
  // `again`: `s` is the version shown, newer than what is shown (its seats
  // changed or the game started, which make no new version).
  function showSnapshot(s: GameSnapshot | undefined, again = false) {
    if (!s || s.version < seen.current.last) return;
    // Otherwise the same version again is shown only when its status
    // changed (an answer that saw the start before the stream told it).
    if (s.version === seen.current.last && !again && s.status === seen.current.status) return;
    seen.current.last = s.version;
    seen.current.status = s.status;
    seen.current.finished = s.status === GameStatus.FINISHED;
    setSnap(s);
  }

  useEffect(() => {
    const abort = new AbortController();
    const signal = abort.signal;
    seen.current = { last: -1n, status: GameStatus.UNSPECIFIED, events: new Set(), finished: false };
    setSnap(null); setEvents([]); setFatal(""); setConn("connecting"); setChat([]);
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
            addEvents(h.entries.slice(-30).flatMap((e) => e.events));
            for (const e of h.entries) seen.current.events.add(e.version);
            addChat(h.chat);
            showSnapshot(g.snapshot);
          } else if (seen.current.status === GameStatus.WAITING) {
            // Seat changes and the start made while no stream was open
            // reach no stream: read them here.
            showSnapshot((await client.getGame({ gameId }, asSeat(token, signal))).snapshot, true);
          }
          if (seen.current.finished) { setConn("finished"); return; }
          // A waiting game is watched from the version shown: the stream's
          // first update repeats it as it is once the stream listens, so a
          // seat taken between GetGame and the stream is not lost either.
          const waiting = seen.current.status === GameStatus.WAITING;
          const from = resumeAtLast || waiting ? seen.current.last : seen.current.last + 1n;
          // One stream (no retries inside: a drop comes back here), each
          // update with its whole snapshot rebuilt from the deltas.
          const stream = follow(satrap, gameId, token, from, { maxRetries: 0, signal });
          setConn("live");
          let first = true;
          for await (const { update: u, snapshot } of stream) {
            attempt = 0;
            addEvents(u.events);
            if (u.chat.length) addChat(u.chat);
            if (u.version > 0n) seen.current.events.add(u.version);
            showSnapshot(snapshot, u.cause !== UpdateCause.UNSPECIFIED || (first && waiting));
            first = false;
          }
          if (seen.current.finished) { setConn("finished"); return; }
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

  return { snap, events, conn, fatal, chat, addEvents, showSnapshot };
}
