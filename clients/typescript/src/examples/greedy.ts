// The TypeScript bot of docs/bots-guide.md; test/readme.test.mjs checks the
// guide shows this code from `class Greedy` on, and runs it.
import { Bot, type GameSnapshot, type LegalAction } from "../index.js";
import { connect } from "../node.js";

class Greedy extends Bot {
  choose(_snapshot: GameSnapshot, legal: LegalAction[]) {
    return legal.find((a) => a.notation.startsWith("TAKE")) ?? legal[0];
  }
}

const client = connect(process.argv[2] ?? "127.0.0.1:50051");
const created = await client.create("king_of_siam", ["me", { name: "bot", bot: "mcts" }]);
const seat = await client.seat(created.gameId, created.seats[0].token);
const final = await new Greedy().play(seat);
console.log(final.outcome?.summary);
