// What the server allows (GetServerInfo), asked once per page load: the
// lobby offers only what the server would accept, instead of offering
// everything and explaining the refusal afterwards. Who may create games,
// whether rated play is on (the server has keys, so its queue needs a
// player key) and the limits a visitor runs into. A server that cannot say
// (an older one) is taken as an open one: everything offered, casual play.
import { useEffect, useState } from "preact/hooks";
import { client } from "./api";
import { CreatePolicy, type GetServerInfoResponse } from "./gen/satrap/v1/service_pb";

/** What the page may offer. */
export interface Allowed {
  /** The answer arrived (or the server could not give one). */
  loaded: boolean;
  /** "New game" works for this browser (anyone may create, or guests may). */
  create: boolean;
  /** New games are a guest's: casual only, limited per address. */
  guest: boolean;
  /** The server rates games: its queue needs a player key. */
  rated: boolean;
  /** A guest's games in progress with computer players at once (0: no limit). */
  guestBotGames: number;
}

const LOADING: Allowed = { loaded: false, create: false, guest: false, rated: false, guestBotGames: 0 };

/** What `info` lets a browser without a creator key do; `null`: an open server. */
export function allowed(info: GetServerInfoResponse | null): Allowed {
  if (!info) return { loaded: true, create: true, guest: false, rated: false, guestBotGames: 0 };
  return {
    loaded: true,
    create: info.create === CreatePolicy.ANYONE || info.create === CreatePolicy.GUESTS,
    guest: info.create === CreatePolicy.GUESTS,
    rated: info.ratedPlay,
    guestBotGames: Number(info.limits?.guestMaxLiveBotGames ?? 0n),
  };
}

let asked: Promise<Allowed> | null = null;

/** The server's answer, asked once per page load and shared by every view. */
export function useServerInfo(): Allowed {
  const [got, setGot] = useState<Allowed>(LOADING);
  useEffect(() => {
    asked ??= client.getServerInfo({}).then(allowed, () => allowed(null));
    let live = true;
    void asked.then((a) => { if (live) setGot(a); });
    return () => { live = false; };
  }, []);
  return got;
}
