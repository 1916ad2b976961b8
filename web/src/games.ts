// The board module of each game type id, and the routes of a game's
// how-to-play page and leaderboard. The games' names, descriptions and rules
// files come from the server (gameTypes.ts), so a new game needs one line
// here and no other list (its written how-to-play page in howto.tsx is
// optional: without one the page shows the server's description).
import type { GameUI } from "./boards/common";
import { kingOfSiam } from "./boards/kingOfSiam";
import { alexandros } from "./boards/alexandros";
import { mingDynasty } from "./boards/mingDynasty";
import { territories } from "./boards/territories";

export const UIS: Record<string, GameUI> = {
  king_of_siam: kingOfSiam,
  alexandros,
  ming_dynasty: mingDynasty,
  territories,
};

/** The how-to-play page of a game. */
export const HOW_TO = (gameType: string) => `/how-to-play/${gameType}`;

/** The leaderboard of a game's rated play. */
export const LEADERBOARD = (gameType: string) => `/leaderboard/${gameType}`;
