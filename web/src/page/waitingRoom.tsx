// A game waiting for players: its open seats to take (JoinGame puts the
// seat's token in the URL fragment), or leave again before the start.
import { useState } from "preact/hooks";
import { client, asSeat, explain } from "../api";
import type { GameSnapshot } from "../gen/satrap/v1/service_pb";

export function WaitingRoom({ gameId, snap, onError }: { gameId: string; snap: GameSnapshot; onError: (e: string) => void }) {
  const [joinName, setJoinName] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const me = snap.viewer;
  const openSeats = snap.seats.filter((s) => s.open);
  async function join(seat: number) {
    onError("");
    try {
      const r = await client.joinGame({ gameId, seat, name: joinName.trim(), inviteCode: inviteCode.trim() });
      // The seat's link: the token rides in the fragment, never in a URL the server sees.
      window.location.hash = `token=${encodeURIComponent(r.seat?.token ?? "")}`;
    } catch (e) { onError(explain(e)); }
  }
  async function leave() {
    const m = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
    if (!m) return;
    try {
      await client.leaveGame({ gameId }, asSeat(decodeURIComponent(m[1])));
      window.location.hash = "";
    } catch (e) { onError(explain(e)); }
  }
  return (
    <section class="lobby-wait card-box" role="status">
      <p>Waiting for players: {openSeats.length} open seat{openSeats.length === 1 ? "" : "s"}. The game starts when every seat is taken.</p>
      {me === undefined && openSeats.length > 0 && (
        <p class="join">
          <label>Your name <input name="join-name" maxLength={64} value={joinName} onInput={(e) => setJoinName((e.target as HTMLInputElement).value)} /></label>{" "}
          {openSeats.some((s) => s.inviteOnly) && <label>Invite code <input name="invite-code" value={inviteCode} onInput={(e) => setInviteCode((e.target as HTMLInputElement).value)} /></label>}{" "}
          {openSeats.map((s) => (
            <button key={s.seat} type="button" class="join-seat" data-seat={s.seat} onClick={() => join(s.seat)}>
              Take the {["first", "second", "third", "fourth"][s.seat] ?? "open"} seat{s.inviteOnly ? " (invite)" : ""}
            </button>
          ))}
        </p>
      )}
      {me !== undefined && <p>You have a seat. <button type="button" class="leave" onClick={leave}>Leave</button></p>}
    </section>
  );
}
