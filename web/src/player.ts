// What this browser remembers about its player between visits, in
// localStorage: the name it plays under, the player key an operator gave it
// (only ever sent to the page's own server, with FindMatch as `x-api-key`), and
// the player id the server reported for it in a rated game, which marks the
// player's own row on the leaderboards. Storage may be refused (private
// windows, blocked cookies): then nothing is remembered and nothing fails.

const NAME_KEY = "satrap.name";
const PLAYER_KEY = "satrap.playerKey";
const PLAYER_ID = "satrap.playerId";

function read(key: string): string {
  try { return localStorage.getItem(key) ?? ""; } catch { return ""; }
}
function write(key: string, value: string) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch { /* not remembered */ }
}

/** The name this browser used last, else "Player 1". */
export const myName = (): string => read(NAME_KEY) || "Player 1";
export const rememberName = (name: string) => { if (name.trim()) write(NAME_KEY, name.trim()); };

/** The player key, or "" for none (casual play only). */
export const playerKey = (): string => read(PLAYER_KEY);
export const rememberPlayerKey = (key: string) => write(PLAYER_KEY, key.trim());

/** The player id the server gave this browser's player, or "" while unknown. */
export const myPlayerId = (): string => read(PLAYER_ID);
export const rememberPlayerId = (id: string) => { if (id) write(PLAYER_ID, id); };
