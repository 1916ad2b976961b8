/**
 * An example bot: plays every seat of a new game of each type the server
 * hosts, for every player count, with random legal actions until the game
 * ends (node dist/examples/random_bot.js [host:port]).
 */
import { RandomBot } from "../index.js";
import { connect } from "../node.js";

const client = connect(process.argv[2] ?? "127.0.0.1:50051");
for (const type of await client.gameTypes()) {
  for (let n = type.minPlayers; n <= type.maxPlayers; n++) {
    const created = await client.create(type.id, Array.from({ length: n }, (_, i) => `bot${i}`));
    const seats = await Promise.all(created.seats.map((s) => client.join(created.gameId, s.token)));
    const finals = await Promise.all(seats.map((seat) => new RandomBot().play(seat)));
    console.log(`${type.id} ${n}p: version ${finals[0].version}, ${finals[0].outcome?.summary}`);
  }
}
