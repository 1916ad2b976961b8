//! Built-in bots as players: the server's decisions about how a bot sits
//! at a table, in one place. The store records what it is given (see
//! `satrap_store::SeatBot`); the search crate knows the bots only by their
//! engine names.
//!
//! - A bot is one player wherever it plays: `bot:NAME`, so its rating
//!   follows it from game to game.
//! - People see a bot by its level ("Medium bot"), never by its engine
//!   name; a seat a bot fills adds the seat's place at the table ("Medium
//!   bot 3", counted from 1: players' words, never the API's "seat 2"),
//!   so two bots of one level at one table can be told apart. The leaderboard shows the level
//!   alone, the name a bot is rated under.
//! - A seat whose player resigned, or whose clock ran out under the "bot
//!   takes the seat" policy, is kept by the random bot.

use satrap_store::{SeatBot, SeatRecord};

/// The bot that keeps a seat after Resign or a seat-taking timeout.
pub const KEEPER: &str = "random";

/// The player a built-in bot is, in every seat it plays.
pub fn player_id(bot: &str) -> String {
    format!("bot:{bot}")
}

/// A bot's level in players' words ("medium"); an unknown bot by its name.
fn level(bot: &str) -> &str {
    match bot {
        "random" => "random",
        "montecarlo" => "casual",
        "mcts-easy" => "easy",
        "mcts" => "medium",
        "mcts-hard" => "hard",
        other => other,
    }
}

/// The name a bot is rated and listed under: "Medium bot".
pub fn player_name(bot: &str) -> String {
    let level = level(bot);
    let mut chars = level.chars();
    match chars.next() {
        Some(first) => format!("{}{} bot", first.to_uppercase(), chars.as_str()),
        None => "Bot".to_owned(),
    }
}

/// The name of seat `seat` (0-based) a bot fills: "Medium bot 3".
pub fn seat_name(bot: &str, seat: usize) -> String {
    format!("{} {}", player_name(bot), seat + 1)
}

/// A bot filling the open seats of a table of `seats`, as the store
/// records it: each seat it takes named by [`seat_name`].
pub fn filling(bot: &str, seats: usize) -> SeatBot {
    SeatBot {
        bot: bot.to_owned(),
        player_id: player_id(bot),
        names: (0..seats).map(|seat| seat_name(bot, seat)).collect(),
    }
}

/// The name a seat's player is rated under: a bot's level for a bot's own
/// seat (so the leaderboard names it as every game does), else the seat's
/// name.
pub fn rated_name(seat: &SeatRecord) -> String {
    match !seat.bot.is_empty() && seat.player_id == player_id(&seat.bot) {
        true => player_name(&seat.bot),
        false => seat.name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_bot_has_a_level_in_players_words() {
        for bot in satrap_search::names() {
            let name = player_name(bot);
            assert!(
                !name.contains("mcts") && !name.contains("montecarlo"),
                "{bot} is shown as {name:?}"
            );
        }
        assert_eq!(player_name("mcts-hard"), "Hard bot");
        assert_eq!(seat_name("mcts", 2), "Medium bot 3");
    }

    #[test]
    fn a_bot_is_rated_by_its_level_and_a_resigned_player_by_its_name() {
        let bot_seat = SeatRecord {
            name: seat_name("mcts", 1),
            bot: "mcts".into(),
            player_id: player_id("mcts"),
            ..SeatRecord::default()
        };
        assert_eq!(rated_name(&bot_seat), "Medium bot");
        let resigned = SeatRecord {
            name: "Ann".into(),
            bot: KEEPER.into(),
            player_id: "player:ann".into(),
            resigned: true,
            ..SeatRecord::default()
        };
        assert_eq!(rated_name(&resigned), "Ann");
    }
}
