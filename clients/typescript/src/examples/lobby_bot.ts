/**
 * A bot for a lobby game with a clock, against a keyed server over TLS:
 *
 *   SATRAP_ADDRESS=https://games.example.com:443 SATRAP_API_KEY=... \
 *     node dist/examples/lobby_bot.js [ca.pem]
 */
import { Bot, TimeoutPolicy, type GameSnapshot, type LegalAction } from "../index.js";
import { connect } from "../node.js";

class Greedy extends Bot {
  choose(_snapshot: GameSnapshot, legal: LegalAction[]) {
    return legal.find((a) => a.notation.startsWith("TAKE")) ?? legal[0];
  }
}

const client = connect(process.env.SATRAP_ADDRESS ?? "127.0.0.1:50051", {
  apiKey: process.env.SATRAP_API_KEY,
  caFile: process.argv[2] ?? process.env.SATRAP_CA_FILE, // else Node's default roots
});
// Join a waiting King of Siam game, or open one: a seat for us, the other
// filled with the mcts-easy bot after 2 s; 10 s per move, and a move that
// comes too late is played by the random bot.
const waiting = (await client.listGames({ gameType: "king_of_siam", openSeats: true })).games;
const gameId =
  waiting[0]?.gameId ??
  (
    await client.createGame("king_of_siam", [{ open: true }, { open: true }], {
      timeControl: { kind: { case: "perMoveMs", value: 10_000n } },
      onTimeout: TimeoutPolicy.BOT_MOVES,
      botFill: { afterMs: 2_000n, bot: "mcts-easy" },
    })
  ).gameId;
const seat = await client.takeSeat(gameId, "greedy");
console.log(`game ${gameId}: seat ${seat.seat}, waiting for the start`);
const final = await new Greedy().play(seat, { startTimeoutMs: 60_000 });
console.log(`version ${final.version}: ${final.outcome?.summary}`);
