// A rematch from the end screen: a new game of the same type with the same
// seats' kinds (the same people by name, the same bot levels), the same
// options, clock and privacy. A seat's own page goes straight to its seat
// in the new game; the other people's links are listed to pass on. Rated
// games have no rematch here: the queue pairs rated games.
import { useState } from "preact/hooks";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { client, explain } from "../api";
import type { CreateGameRequestSchema, CreateGameResponse, GameSnapshot } from "../gen/satrap/v1/service_pb";
import { useServerInfo } from "../serverInfo";
import { rememberGame } from "../myGames";

/** The CreateGame request that plays `snap`'s game again. */
export function rematchRequest(snap: GameSnapshot): MessageInitShape<typeof CreateGameRequestSchema> {
  const req: MessageInitShape<typeof CreateGameRequestSchema> = {
    gameType: snap.gameType,
    // A resigned seat was a person's (a bot took it over); an open seat
    // nobody took is open again.
    seats: snap.seats.map((s) => (s.open ? { open: true } : { name: s.name, bot: s.resigned ? "" : s.bot })),
    private: snap.private,
  };
  if (snap.clocks?.timeControl) {
    req.timeControl = snap.clocks.timeControl;
    req.onTimeout = snap.clocks.onTimeout;
  }
  // The option the lobby sets (Alexandros' turn limit, in its view); options
  // only the API sets (a start player, colours) are not in the snapshot.
  const v = snap.state;
  if (v.case === "alexandros") req.options = { game: { case: "alexandros", value: { turnLimit: v.value.turnLimit } } };
  return req;
}

const seatLink = (gameId: string, token: string) => `/game/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`;

export function Rematch({ snap }: { snap: GameSnapshot }) {
  const allow = useServerInfo();
  const [made, setMade] = useState<CreateGameResponse | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  if (snap.rated || !allow.create) return null;
  async function rematch() {
    setBusy(true);
    setError("");
    try {
      const r = await client.createGame(rematchRequest(snap));
      const mine = snap.viewer !== undefined ? r.seats.find((s) => s.seat === snap.viewer && s.token) : undefined;
      const kept = mine ?? r.seats.find((s) => s.token);
      rememberGame({ gameId: r.gameId, gameType: snap.gameType, token: kept?.token, name: kept?.name });
      setMade(r);
      // The same seat in the new game (a new page: the game's stream and state start afresh).
      if (mine) window.location.assign(seatLink(r.gameId, mine.token));
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }
  const others = made ? made.seats.filter((s) => s.token && s.seat !== snap.viewer) : [];
  return (
    <div class="rematch">
      <button type="button" class="rematch-button primary" disabled={busy || !!made} onClick={rematch}>Rematch</button>
      <span class="hint"> A new game with the same players, bots and options.</span>
      {error && <p class="error" role="alert">{error}</p>}
      {made && others.length > 0 && (
        <ul class="rematch-links">
          {others.map((s) => <li key={s.seat}><a href={seatLink(made.gameId, s.token)} class="seat-link">Play as {s.name}</a> (pass this link on)</li>)}
        </ul>
      )}
      {made && <p><a href={`/game/${encodeURIComponent(made.gameId)}`} class="rematch-watch">Watch the new game</a></p>}
    </div>
  );
}
