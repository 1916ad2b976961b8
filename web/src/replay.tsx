// A replay: every version of a game from the start, read with WatchGame
// from version 0 in UPDATE_MODE_DELTA (one whole snapshot, then only what
// changed), stepped through move by move or played back on the same board.
import { useEffect, useState } from "preact/hooks";
import { client, asSeat, explain } from "./api";
import { UpdateMode, type GameEvent, type GameSnapshot, type GameUpdate } from "./gen/satrap/v1/service_pb";
import { applyDelta } from "@satrap/client/web";
import { UIS, HOW_TO } from "./games";
import { useGameType } from "./gameTypes";
import { link } from "./router";
import { EventLog } from "./page/eventLog";
import { EndScreen } from "./page/endScreen";
import { Seats } from "./page/seats";
import { eventText } from "./page/words";
import { tokenFromHash } from "./game";
import { SnapshotJson } from "./page/snapshotJson";

interface Frame { snap: GameSnapshot; events: GameEvent[] }

const SPEEDS = [{ ms: 1500, label: "slow" }, { ms: 600, label: "normal" }, { ms: 150, label: "fast" }];

function useFrames(gameId: string, token: string | undefined) {
  const [frames, setFrames] = useState<Frame[]>([]);
  const [total, setTotal] = useState(0n);
  const [error, setError] = useState("");
  const [done, setDone] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    setFrames([]); setDone(false); setError("");
    (async () => {
      try {
        const g = await client.getGame({ gameId }, asSeat(token, abort.signal));
        const last = g.snapshot?.version ?? 0n;
        setTotal(last);
        const out: Frame[] = [];
        let held: GameSnapshot | undefined;
        const stream = client.watchGame({ gameId, fromVersion: 0n, mode: UpdateMode.DELTA }, asSeat(token, abort.signal));
        for await (const u of stream as AsyncIterable<GameUpdate>) {
          if (u.snapshot) held = u.snapshot;
          else if (u.delta && held) held = applyDelta(held, u.delta);
          if (!held) continue;
          out.push({ snap: held, events: u.events });
          if (out.length % 50 === 0) setFrames([...out]);
          if (u.version >= last) break;
        }
        abort.abort();
        setFrames(out);
        setDone(true);
      } catch (e) {
        if (!abort.signal.aborted) setError(explain(e));
      }
    })();
    return () => abort.abort();
  }, [gameId, token]);
  return { frames, total, error, done };
}

export function ReplayPage({ gameId }: { gameId: string }) {
  const token = tokenFromHash();
  const { frames, total, error, done } = useFrames(gameId, token);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const last = Math.max(0, frames.length - 1);
  const gameName = useGameType(frames[0]?.snap.gameType)?.name ?? "Game";

  useEffect(() => {
    if (!playing) return;
    if (at >= last) { setPlaying(false); return; }
    const t = setTimeout(() => setAt((i) => Math.min(i + 1, last)), SPEEDS[speed].ms);
    return () => clearTimeout(t);
  }, [playing, at, last, speed]);

  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === "INPUT") return;
      if (e.key === "ArrowRight") setAt((i) => Math.min(i + 1, last));
      if (e.key === "ArrowLeft") setAt((i) => Math.max(i - 1, 0));
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, [last]);

  if (error) return <main class="page"><p class="error" role="alert">{error}</p><p><a href="/" onClick={link}>Back to the lobby</a></p></main>;
  const frame = frames[Math.min(at, last)];
  const ui = frame ? UIS[frame.snap.gameType] : undefined;
  if (!frame || !ui) return <main class="page"><p role="status">Loading the replay…</p></main>;
  const snap = frame.snap;
  const shown = frames.slice(1, at + 1).flatMap((f) => f.events);
  const lines = frame.events.map((e) => eventText(ui, e, snap)).filter((t): t is string => !!t);
  const noop = { snap, clickable: new Set<string>(), picked: [], onPick: () => {} };
  return (
    <main class="page game replay" data-game-type={snap.gameType} data-version={String(snap.version)} data-step={at} data-steps={last} data-loaded={done ? "1" : "0"}>
      <header class="topbar">
        <a href="/" onClick={link} class="home">satrap</a>
        <h1>{gameName}: replay</h1>
        <a href={HOW_TO(snap.gameType)} onClick={link}>How to play</a>
        <a href={`/game/${encodeURIComponent(gameId)}`} onClick={link}>Back to the game</a>
      </header>
      <div class="layout">
        <div class="board-col">
          <ui.Board {...noop} />
        </div>
        <aside class="side">
          <section class="player-controls" aria-label="Replay controls">
            <p class="step-count" role="status">
              {at === 0 ? "The start" : `Move ${at} of ${last}`}{!done && ` (loading ${frames.length} of ${Number(total) + 1})`}
            </p>
            <div class="controls">
              <button type="button" class="first" onClick={() => setAt(0)} disabled={at === 0} >Start</button>
              <button type="button" class="prev" onClick={() => setAt(Math.max(0, at - 1))} disabled={at === 0}>◀ Back</button>
              <button type="button" class="play" onClick={() => { if (at >= last) setAt(0); setPlaying(!playing); }} >{playing ? "Pause" : "Play"}</button>
              <button type="button" class="next" onClick={() => setAt(Math.min(last, at + 1))} disabled={at >= last}>Next ▶</button>
              <button type="button" class="end" onClick={() => setAt(last)} disabled={at >= last} >End</button>
            </div>
            <label class="scrub">Move <input type="range" min={0} max={last} value={at} onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))} /></label>
            <label class="speed">Speed{" "}
              <select value={speed} onChange={(e) => setSpeed(Number((e.target as HTMLSelectElement).value))}>
                {SPEEDS.map((s, i) => <option key={i} value={i}>{s.label}</option>)}
              </select>
            </label>
            <div class="this-move" aria-live="polite" tabIndex={0} aria-label="This move">
              {at === 0 ? <p>The game is set up.</p> : lines.length ? lines.map((l, i) => <p key={i}>{l}</p>) : <p>A hidden move.</p>}
            </div>
          </section>
          {at === last && done && <EndScreen snap={snap} replay={false} />}
          <Seats snap={snap} ui={ui} now={Date.now()} />
          <EventLog events={shown} snap={snap} ui={ui} title="So far" />
          <details class="legend">
            <summary>Key to the board</summary>
            <ui.Legend snap={snap} />
          </details>
          <details class="more-info">
            <summary>Every player's cards and pieces</summary>
            <ui.Info {...noop} />
          </details>
          <details class="drawer">
            <summary>Details</summary>
            <SnapshotJson snap={snap} />
          </details>
        </aside>
      </div>
    </main>
  );
}
