// Words shared by every game's page: bot levels, seat names, endings,
// timeouts. Each game's own words are in boards/<game>Words.ts.
import type { GameEvent, GameSnapshot, Outcome } from "../gen/satrap/v1/service_pb";
import { TimeoutPolicy } from "../gen/satrap/v1/service_pb";
import type { GameUI, Namer } from "../boards/common";
import { listWords, plural } from "../boards/common";

const BOT_LABEL: Record<string, string> = {
  random: "random",
  montecarlo: "casual",
  "mcts-easy": "easy",
  mcts: "medium",
  "mcts-hard": "hard",
};

/** A bot in words: "hard bot". */
export function botLabel(bot: string): string {
  return `${BOT_LABEL[bot] ?? bot.replace(/[-_]/g, " ")} bot`;
}

/** A player on a leaderboard in words: a built-in bot ("bot:mcts-hard")
 *  by its level ("Hard bot"), never its engine id; anyone else by the name
 *  of their last rated game, else their player id. */
export function playerLabel(playerId: string, name: string): string {
  if (playerId.startsWith("bot:")) {
    const label = botLabel(playerId.slice(4));
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return name || playerId;
}

/** Names of a snapshot's seats; an unnamed seat is "Player N" (1-based). */
export function namer(snap: Pick<GameSnapshot, "seats">): Namer {
  return (seat: number) => snap.seats[seat]?.name || `Player ${seat + 1}`;
}

const ENDING: Record<string, string> = {
  british: "The British took their fourth province",
  normal: "All eight provinces were decided",
  hundred_points: "A player reached 100 points",
  walls: "The walls ran out",
  turn_limit: "The turn limit was reached",
  points: "A player reached 15 points",
  homeless: "A player had no building for two turns",
  final_scoring: "The sixth round was scored",
  aborted: "An administrator stopped the game",
};

/** How a game ended, in a sentence with the players' names. */
export function endingText(o: Outcome, name: Namer): string {
  if (o.agreed) return o.draw ? "The players agreed to a draw" : "The players agreed to cancel the game";
  if (o.ending === "timeout") {
    const losers = o.results.filter((r) => !o.winners.includes(r.seat)).map((r) => name(r.seat));
    return `${listWords(losers) || "A player"} ran out of time`;
  }
  return ENDING[o.ending] ?? "The game is over";
}

/** What a game's final score counts, by how it ended; `unit` names it
 *  where the game says more (King of Siam's "Lao follower"). */
export function scoreText(o: Outcome, score: bigint, unit?: string): string {
  const n = Number(score);
  if (unit) return plural(n, unit);
  if (o.ending === "british") return plural(n, "complete set");
  if (o.ending === "normal") return plural(n, "follower", "followers") + " of the ruling faction";
  return plural(n, "point");
}

/** "Ann wins", "Ann and Bob win", "A draw". */
export function winnersText(o: Outcome, name: Namer): string {
  if (o.draw || !o.winners.length) return "It is a draw";
  return `${listWords(o.winners.map(name))} win${o.winners.length === 1 ? "s" : ""}`;
}

const TIMEOUT: Record<number, string> = {
  [TimeoutPolicy.BOT_MOVES]: "a bot makes that move",
  [TimeoutPolicy.BOT_TAKES_SEAT]: "a bot takes over the seat",
  [TimeoutPolicy.FORFEIT]: "they forfeit the game",
};

/** One event as a sentence, or null when not worth a line. */
export function eventText(ui: GameUI, e: GameEvent, snap: GameSnapshot): string | null {
  const name = namer(snap);
  if (e.event.case === "timedOut") {
    return `${name(e.event.value.seat)} ran out of time: ${TIMEOUT[e.event.value.policy] ?? "the game goes on"}.`;
  }
  return ui.words.event(e, snap, name);
}
