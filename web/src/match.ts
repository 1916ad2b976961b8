// Finding a game through the server's queue (FindMatch): the stream tells
// the place in the queue about once a second, then the game and this
// browser's seat. Closing the stream leaves the queue, so Cancel, leaving
// the lobby or closing the tab all take the player out of it. Once matched
// the page goes into the game exactly as a seat link does: the seat's token
// rides in the URL fragment, so a reload resumes the seat.
import { useEffect, useRef, useState } from "preact/hooks";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { client, Code, ConnectError, explain } from "./api";
import type { FindMatchRequestSchema, MatchUpdate } from "./gen/satrap/v1/service_pb";
import { navigate } from "./router";
import { rememberPlayerId } from "./player";

export type MatchRequest = MessageInitShape<typeof FindMatchRequestSchema>;

export type QueueState =
  | { phase: "idle" }
  /** Asked to join; the server has not told the place yet. */
  | { phase: "joining" }
  | { phase: "queued"; position: number; waiting: number; waitedMs: number }
  | { phase: "found" }
  | { phase: "failed"; error: string };

/** Why the queue refused or dropped the player, in words, with what to do. */
export function queueError(e: unknown, withKey: boolean): string {
  if (e instanceof ConnectError) {
    switch (e.code) {
      case Code.FailedPrecondition:
        return withKey
          ? "This server cannot rate games (it has no player keys): clear the key to play a casual game."
          : "A rated game needs a player key: ask the server's operator for one, or play a casual game without it.";
      case Code.Unauthenticated:
        // A server with API keys queues only players with a key.
        return withKey
          ? "The server does not know this player key: check it, or ask the server's operator for a new one."
          : "This server finds games only for players with a player key: ask the server's operator for one.";
      case Code.PermissionDenied:
        return "This key may not play: ask the server's operator for a player key, or clear it to play a casual game.";
      case Code.Aborted:
        // A newer request of the same player (another tab or window) took
        // this one's place in the queue.
        return "You started waiting for a game in another tab or window: this one stopped waiting.";
      case Code.AlreadyExists:
        return "You are already waiting for a game (in another tab or window): cancel that one first.";
      case Code.InvalidArgument:
        return e.rawMessage ? `The server cannot queue that: ${e.rawMessage}` : "The server cannot queue that.";
    }
  }
  return explain(e);
}

/** The seat link of a found game (the token in the fragment, never sent in a URL). */
export function seatPath(gameId: string, token: string): string {
  return `/game/${encodeURIComponent(gameId)}#token=${encodeURIComponent(token)}`;
}

export function useMatchQueue() {
  const [state, setState] = useState<QueueState>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);

  function cancel() {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: "idle" });
  }
  // Leaving the page leaves the queue.
  useEffect(() => () => abort.current?.abort(), []);

  async function start(req: MatchRequest, key: string) {
    abort.current?.abort();
    const mine = new AbortController();
    abort.current = mine;
    setState({ phase: "joining" });
    // The player key goes where satrap reads API keys (`x-api-key`).
    const headers: Record<string, string> = key ? { "x-api-key": key } : {};
    try {
      const stream = client.findMatch(req, { headers, signal: mine.signal });
      for await (const u of stream as AsyncIterable<MatchUpdate>) {
        // Cancelled: an update already on its way changes nothing.
        if (mine.signal.aborted) return;
        if (u.update.case === "queued") {
          const q = u.update.value;
          setState({ phase: "queued", position: q.position, waiting: q.waiting, waitedMs: Number(q.waitedMs) });
        } else if (u.update.case === "found") {
          const f = u.update.value;
          const seat = f.seat;
          if (!seat?.token) throw new Error("The server found a game but sent no seat for it; try again.");
          if (f.rated) rememberPlayerId(f.snapshot?.seats[seat.seat]?.playerId ?? "");
          abort.current = null;
          setState({ phase: "found" });
          navigate(seatPath(f.gameId, seat.token));
          return;
        }
      }
      if (!mine.signal.aborted) setState({ phase: "failed", error: "The queue closed before a game was found; try again." });
    } catch (e) {
      if (mine.signal.aborted) return;
      setState({ phase: "failed", error: queueError(e, !!key) });
    } finally {
      if (abort.current === mine) abort.current = null;
    }
  }

  return { state, start, cancel };
}
