// One game: the board with the action bar and your hand beside it, the
// players, the events in words, legends, and the end screen. A seat's token
// is in the URL fragment; without one the page is a spectator's. The
// engine's ids and versions appear only in the closed "Details" drawer.
import { useEffect, useMemo, useState } from "preact/hooks";
import { Code } from "@connectrpc/connect";
import { client, asSeat, explain, isCode } from "./api";
import { GameStatus, type LegalAction } from "./gen/satrap/v1/service_pb";
import { candidates, clickable, emptyChoice, movesOf, nextWords, type Choice } from "./moves";
import { UIS, HOW_TO, LEADERBOARD } from "./games";
import { rulesPage, useGameType } from "./gameTypes";
import { link } from "./router";
import { useGame } from "./page/useGame";
import { ActionBar } from "./page/actionBar";
import { Seats } from "./page/seats";
import { EventLog } from "./page/eventLog";
import { EndScreen } from "./page/endScreen";
import { WaitingRoom } from "./page/waitingRoom";
import { namer } from "./page/words";
import { SnapshotJson } from "./page/snapshotJson";
import { TablePanel } from "./page/table";
import { listWords } from "./boards/common";
import { rememberPlayerId } from "./player";
import { rememberGame } from "./myGames";

/** The seat token from the URL fragment (`#token=...`): never sent to the server in a URL. */
export function tokenFromHash(): string | undefined {
  const m = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  return m ? decodeURIComponent(m[1]) : undefined;
}

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

const CONN_WORDS = { connecting: "connecting…", live: "live", reconnecting: "reconnecting…", finished: "finished" };

export function GamePage({ gameId }: { gameId: string }) {
  const token = useHashToken(gameId);
  const { snap, events, conn, fatal, chat, addEvents, showSnapshot } = useGame(gameId, token);
  const [legal, setLegal] = useState<{ version: bigint; actions: LegalAction[] } | null>(null);
  const [choice, setChoice] = useState<Choice>(emptyChoice);
  const [pickedWords, setPickedWords] = useState<string[]>([]);
  const [preview, setPreview] = useState<string[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const now = useNow(!!snap?.clocks?.seats.some((c) => c.running));
  const me = snap?.viewer;
  // A resigned seat keeps its view but a bot plays it.
  const resigned = !!snap && me !== undefined && !!snap.seats[me]?.resigned;
  const myTurn = !!snap && me !== undefined && !resigned && snap.status === GameStatus.IN_PROGRESS && snap.toAct.includes(me);

  function reset() { setChoice(emptyChoice); setPickedWords([]); setPreview([]); }

  // Legal actions whenever it is this seat's turn at a new version.
  useEffect(() => {
    reset();
    if (!snap || !myTurn || !token) { setLegal(null); return; }
    const abort = new AbortController();
    client.listLegalActions({ gameId }, asSeat(token, abort.signal))
      .then((r) => { if (r.version === snap.version) setLegal({ version: r.version, actions: r.actions }); })
      .catch((e) => { if (!abort.signal.aborted) setError(explain(e)); });
    return () => abort.abort();
  }, [snap?.version, myTurn, token]);

  // The tab's title says whose turn it is, for a player in another tab.
  const typeInfo = useGameType(snap?.gameType);
  const gameName = typeInfo?.name ?? "Game";
  useEffect(() => {
    document.title = `${myTurn ? "Your turn · " : ""}${gameName} · satrap`;
    return () => { document.title = "satrap"; };
  }, [myTurn, gameName]);

  // A seat of a rated game tells this browser who its player is, so the
  // leaderboards can mark that player's row.
  const myPlayer = snap?.rated && me !== undefined ? snap.seats[me]?.playerId ?? "" : "";
  useEffect(() => { rememberPlayerId(myPlayer); }, [myPlayer]);
  // A seat's page puts its game in this browser's "My games".
  const seatName = snap && me !== undefined ? snap.seats[me]?.name : undefined;
  const over = snap?.status === GameStatus.FINISHED;
  useEffect(() => {
    if (snap && token && me !== undefined) rememberGame({ gameId, gameType: snap.gameType, token, name: seatName, finished: over || undefined });
  }, [gameId, token, me, seatName, over]);

  const ui = snap ? UIS[snap.gameType] : undefined;
  const actions = legal && snap && legal.version === snap.version ? legal.actions : [];
  const keysOf = ui?.keysOf ?? (() => []);
  const moves = useMemo(() => (ui && snap ? movesOf(actions, (a) => ui.words.steps(a, snap)) : []), [actions, ui]);
  const cands = useMemo(() => candidates(moves, choice, keysOf), [moves, choice]);

  async function play(a: LegalAction) {
    if (!legal || !token) return;
    setBusy(true);
    setError("");
    try {
      let version = legal.version;
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await client.applyAction({ gameId, expectedVersion: version, move: { case: "action", value: a.action! } }, asSeat(token));
          addEvents(r.events);
          showSnapshot(r.snapshot);
          return;
        } catch (e) {
          // Another seat moved first: in a phase where several seats act at
          // once (Ming Dynasty's returns), the others commit while this
          // player chooses. If the same move is still open to this seat,
          // it is what the player asked for: send it at the new version.
          if (attempt >= 3 || !isCode(e, Code.Aborted)) throw e;
          const now = await client.listLegalActions({ gameId }, asSeat(token));
          if (!now.actions.some((x) => x.actionId === a.actionId)) throw e;
          version = now.version;
        }
      }
    } catch (e) {
      setError(explain(e));
      // A stale list (ABORTED) or a refused move: ask again for this version.
      setLegal(null);
      client.listLegalActions({ gameId }, asSeat(token)).then((r) => {
        if (r.version === snap?.version) setLegal({ version: r.version, actions: r.actions });
      }).catch(() => {});
    } finally {
      setBusy(false);
      reset();
    }
  }

  function narrow(next: Choice, picked = pickedWords) {
    const left = candidates(moves, next, keysOf);
    if (left.length === 1) { void play(left[0].action); return; }
    if (left.length === 0) return;
    setChoice(next);
    setPickedWords(picked);
    setPreview([]);
  }
  const onPick = (key: string, label?: string) => narrow({ ...choice, keys: [...choice.keys, key] }, label ? [...pickedWords, label] : pickedWords);

  async function resign() {
    if (!token || !confirm("Resign? A bot plays your seat to the end.")) return;
    try {
      const r = await client.resign({ gameId }, asSeat(token));
      addEvents(r.events);
      showSnapshot(r.snapshot);
    } catch (e) { setError(explain(e)); }
  }

  if (fatal) return <main class="page"><p class="error" role="alert">{fatal}</p><p><a href="/" onClick={link}>Back to the lobby</a></p></main>;
  if (!snap || !ui) return <main class="page"><p role="status">Loading the game…</p></main>;

  const name = namer(snap);
  const finished = snap.status === GameStatus.FINISHED;
  const waiting = snap.status === GameStatus.WAITING;
  const boardProps = {
    snap,
    clickable: myTurn && !busy ? clickable(cands, choice, keysOf) : new Set<string>(),
    picked: choice.keys,
    onPick,
    preview,
  };
  const next = nextWords(cands, choice, keysOf);
  const others = snap.toAct.filter((s) => s !== me).map(name);
  const status = finished ? "Game over" : waiting ? "Waiting for players"
    : myTurn ? "Your turn" : others.length ? `${listWords(others)} to play` : "";
  const playing = me !== undefined && !finished && !resigned && !waiting;
  return (
    <main class="page game" data-game-type={snap.gameType} data-version={String(snap.version)}
      data-status={finished ? "finished" : waiting ? "waiting" : "running"}>
      <header class="topbar">
        <a href="/" onClick={link} class="home">satrap</a>
        <h1>{gameName}</h1>
        {snap.rated && <span class="chip rated-chip">Rated</span>}
        <a href={HOW_TO(snap.gameType)} onClick={link}>How to play</a>
        <a href={LEADERBOARD(snap.gameType)} onClick={link} class="leaderboard-link">Leaderboard</a>
        <span class={`status${myTurn ? " mine" : ""}`}>{status}</span>
        <span class={`conn ${conn}`} title="Connection to the server">{CONN_WORDS[conn]}</span>
        <span class="who">{me !== undefined ? <>You are <b>{name(me)}</b></> : "Watching"}</span>
      </header>
      {error && <p class="error" role="alert">{error} <button type="button" class="link" onClick={() => setError("")}>Dismiss</button></p>}
      {waiting && <WaitingRoom gameId={gameId} snap={snap} onError={setError} />}
      <div class="layout">
        <div class="board-col">
          <ui.Board {...boardProps} />
        </div>
        <aside class="side">
          {finished && <EndScreen snap={snap} rematch />}
          {playing && (
            <ActionBar
              prompt={ui.words.prompt(snap, name)}
              ready={myTurn && moves.length > 0}
              waitingFor={myTurn ? "Loading your moves…" : others.length ? `Waiting for ${listWords(others)}…` : "Waiting…"}
              choice={choice}
              pickedWords={pickedWords}
              next={next}
              moves={moves}
              busy={busy}
              onWord={(w) => narrow({ ...choice, words: [...choice.words, w] })}
              onReset={reset}
              onPreview={setPreview}
              onResign={resign}
            />
          )}
          {resigned && !finished && <p class="waiting">You resigned; a bot plays your seat now.</p>}
          <ui.Hand {...boardProps} />
          <Seats snap={snap} ui={ui} now={now} />
          {!waiting && <TablePanel gameId={gameId} snap={snap} token={token} chat={chat} onSnapshot={(s) => showSnapshot(s, true)} />}
          <EventLog events={events} snap={snap} ui={ui} />
          <details class="legend">
            <summary>Key to the board</summary>
            <ui.Legend snap={snap} />
          </details>
          <details class="more-info" open>
            <summary>Every player's cards and pieces</summary>
            <ui.Info {...boardProps} />
          </details>
          <details class="drawer">
            <summary>Details</summary>
            <dl>
              <dt>Game</dt><dd><code>{gameId}</code></dd>
              <dt>Version</dt><dd class="version">{String(snap.version)}</dd>
              {me !== undefined && <><dt>Your seat</dt><dd>{me}</dd></>}
              {rulesPage(typeInfo) && <><dt>Rules</dt><dd><a href={rulesPage(typeInfo)} onClick={link}>full rules</a></dd></>}
            </dl>
            {actions.length > 0 && (
              <>
                <p>Your legal moves in the engine's notation (what bots send):</p>
                <ul class="notation">{actions.map((a) => <li key={a.notation}><code>{a.notation}</code></li>)}</ul>
              </>
            )}
            <p>The last events as the engine says them:</p>
            <ul class="notation">{events.slice(-12).map((e, i) => <li key={i}><code>{String(e.version)}</code> {e.description}</li>)}</ul>
            <SnapshotJson snap={snap} />
          </details>
        </aside>
      </div>
    </main>
  );
}
