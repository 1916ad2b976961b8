// The board module of each game type id, the games' names, and where their
// how-to-play pages and full rules are.
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

export const GAME_NAMES: Record<string, string> = {
  king_of_siam: "King of Siam",
  alexandros: "Alexandros",
  ming_dynasty: "Ming Dynasty",
  territories: "Territories",
};

/** The lobby's short description of each game. */
export const BLURB: Record<string, string> = {
  king_of_siam: "Back the Rama, Lao or Malay factions as Siam's provinces fall one by one, and keep the British out.",
  alexandros: "Steer Alexander across the map; the walls he leaves behind make provinces for your guards to tax.",
  ming_dynasty: "Send your princes across six provinces, place your family in their cities and cloisters, and collect tiles.",
  territories: "Two players build towns on a grid of cards that produce resources when their number is rolled; first to 15 points.",
};

/** The how-to-play page of a game. */
export const HOW_TO = (gameType: string) => `/how-to-play/${gameType}`;

/** The page of a game's full rules (docs/rules/<name>.md, served by satrap). */
export const RULES_PAGE: Record<string, string> = {
  king_of_siam: "/rules/king-of-siam", alexandros: "/rules/alexandros", ming_dynasty: "/rules/ming-dynasty", territories: "/rules/territories",
};

/** The leaderboard of a game's rated play. */
export const LEADERBOARD = (gameType: string) => `/leaderboard/${gameType}`;
