// "Play rated" in the lobby: a game of the chosen type with people from the
// server's queue, computer players filling the seats still empty after a
// wait the player chooses. On a server with keys the player has signed in
// with a player key (signin.tsx) and the game is rated and counts on the
// leaderboard; on a server without keys it is a casual game. While waiting the panel shows the place in the queue and
// the time waited; Cancel leaves the queue.
import { useState } from "preact/hooks";
import type { GameType } from "./gen/satrap/v1/service_pb";
import { LEADERBOARD } from "./games";
import { link } from "./router";
import { botLabel } from "./page/words";
import { myName, rememberName } from "./player";
import { useMatchQueue, type QueueState } from "./match";

const DEFAULT_FILL_SECONDS = "20";

/** The bot that fills empty seats by default: the medium one where offered. */
function defaultFiller(t: GameType): string {
  return t.bots.includes("mcts") ? "mcts" : t.bots[0] ?? "";
}

function waited(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** `playerKey`: the signed-in player's key, "" for casual play. */
export function PlayRated({ type, playerKey: key }: { type: GameType; playerKey: string }) {
  const [players, setPlayers] = useState(Math.max(type.minPlayers, Math.min(3, type.maxPlayers)));
  const [name, setName] = useState(myName);
  const [fillAfter, setFillAfter] = useState(DEFAULT_FILL_SECONDS);
  const [bot, setBot] = useState(defaultFiller(type));
  const { state, start, cancel } = useMatchQueue();
  const busy = state.phase === "joining" || state.phase === "queued" || state.phase === "found";

  function submit(e: Event) {
    e.preventDefault();
    rememberName(name);
    const seconds = Math.max(0, Math.round(Number(fillAfter) || 0));
    void start({
      gameType: type.id,
      players,
      rated: !!key,
      name: name.trim(),
      botFillAfterSeconds: seconds > 0 ? seconds : undefined,
      bot,
    }, key);
  }

  return (
    <form class="rated panel" onSubmit={submit} data-phase={state.phase}>
      <h2>Play {type.name} with people from the queue</h2>
      <p class="hint">{key
        ? "Rated: the game counts on the leaderboard, under your player key."
        : "Casual: this server does not rate games."}</p>
      <div class="field">
        <label for="rated-players">Players</label>
        <select id="rated-players" name="rated-players" value={players} disabled={busy}
          onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
          {Array.from({ length: type.maxPlayers - type.minPlayers + 1 }, (_, i) => type.minPlayers + i).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
      <div class="field">
        <label for="rated-name">Your name</label>
        <input id="rated-name" name="rated-name" maxLength={64} value={name} disabled={busy} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </div>
      <div class="field">
        <label for="fill-after">Computer players take the empty seats after</label>
        <input id="fill-after" name="fill-after" type="number" min={0} value={fillAfter} disabled={busy}
          aria-describedby="fill-after-hint" onInput={(e) => setFillAfter((e.target as HTMLInputElement).value)} /> s
        <span id="fill-after-hint" class="hint">0: wait for people only.</span>
      </div>
      {type.bots.length > 0 && (
        <div class="field">
          <label for="filler">Computer players</label>
          <select id="filler" name="filler" value={bot} disabled={busy} onChange={(e) => setBot((e.target as HTMLSelectElement).value)}>
            {type.bots.map((b) => <option key={b} value={b}>{botLabel(b)}</option>)}
          </select>
        </div>
      )}
      <QueueStatus state={state} rated={!!key} />
      <p>
        {/* Two elements, not one patched: a click on Cancel must not turn
            into a submit once the button under it is the other one. */}
        {busy
          ? <button key="cancel" type="button" class="cancel-queue" onClick={(e) => { e.preventDefault(); cancel(); }} disabled={state.phase === "found"}>Cancel</button>
          : <button key="find" type="submit" class="find-match primary">{key ? "Find a rated game" : "Find a casual game"}</button>}{" "}
        <a href={LEADERBOARD(type.id)} onClick={link} class="leaderboard-link">{type.name} leaderboard</a>
      </p>
    </form>
  );
}

function QueueStatus({ state, rated }: { state: QueueState; rated: boolean }) {
  switch (state.phase) {
    case "idle":
      return null;
    case "joining":
      return <p class="queue" role="status">Joining the queue…</p>;
    case "queued":
      return (
        <p class="queue" role="status">
          Waiting for a {rated ? "rated" : "casual"} game: <b class="queue-place">{ordinal(state.position)}</b> in the queue
          {state.waiting > 1 ? ` of ${state.waiting} players` : ""}, waited <span class="queue-waited">{waited(state.waitedMs)}</span>.
        </p>
      );
    case "found":
      return <p class="queue" role="status">Game found: taking your seat…</p>;
    case "failed":
      return <p class="error" role="alert">{state.error}</p>;
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
}
