// The games this browser created or took a seat in, remembered in
// localStorage so that "My games" can list them with their links: a seat's
// link carries its token (in the fragment, never sent in a URL), so the
// list is as private as the browser. At most LIMIT games, newest first;
// storage may be refused (private windows): then nothing is remembered and
// nothing fails.

const KEY = "satrap.myGames";
const LIMIT = 50;

export interface MyGame {
  gameId: string;
  gameType: string;
  /** The seat's token, when this browser holds a seat. */
  token?: string;
  /** The name played under. */
  name?: string;
  /** When it was first remembered, milliseconds since the epoch. */
  at: number;
  /** The game was seen finished. */
  finished?: boolean;
}

export function myGames(): MyGame[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((g): g is MyGame => typeof g?.gameId === "string" && typeof g?.gameType === "string") : [];
  } catch {
    return [];
  }
}

function save(list: MyGame[]) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, LIMIT))); } catch { /* not remembered */ }
}

/** Remember a game (or update what is known of it), keeping its place. */
export function rememberGame(g: Omit<MyGame, "at">) {
  const list = myGames();
  const old = list.find((x) => x.gameId === g.gameId);
  if (old) {
    const merged = { ...old, ...Object.fromEntries(Object.entries(g).filter(([, v]) => v !== undefined)) };
    if (JSON.stringify(merged) === JSON.stringify(old)) return;
    save(list.map((x) => (x === old ? merged : x)));
  } else {
    save([{ ...g, at: Date.now() }, ...list]);
  }
}

/** Forget a game (it is gone from the server, or the player asked). */
export function forgetGame(gameId: string) {
  save(myGames().filter((g) => g.gameId !== gameId));
}

/** The game's page, as this browser's seat when it holds one. */
export function myGameLink(g: MyGame): string {
  return `/game/${encodeURIComponent(g.gameId)}${g.token ? `#token=${encodeURIComponent(g.token)}` : ""}`;
}
