// The board module of each game type id.
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
