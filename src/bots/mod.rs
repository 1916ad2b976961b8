//! Built-in bots: the server plays a seat itself when its `SeatRequest.bot`
//! names one. Bots work through [`GameInstance`] only, so they play every
//! game without knowing its rules.

pub mod ismcts;
mod mcts;
mod montecarlo;

pub use mcts::MctsBot;
pub use montecarlo::MonteCarloBot;

use std::time::{Duration, Instant};

use crate::engine::{GameRng, Seat};
use crate::games::GameInstance;

/// A built-in player.
pub trait Bot: Send + Sync {
    /// The name clients use in `SeatRequest.bot`.
    fn name(&self) -> &'static str;
    /// Whether this bot may play a game of this kind. A bot that searches the
    /// whole state would cheat in a game with hidden information.
    fn supports(&self, perfect_information: bool) -> bool;
    /// The index of the chosen entry of `seat`'s legal action list, or `None`
    /// if it has none. A searching bot stops at `deadline` at the latest
    /// (its budget is in iterations; the deadline only caps slow machines).
    fn choose(
        &self,
        game: &dyn GameInstance,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> Option<usize>;
}

/// Picks uniformly among the legal actions.
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn supports(&self, _perfect_information: bool) -> bool {
        true
    }

    fn choose(
        &self,
        game: &dyn GameInstance,
        seat: Seat,
        rng: &mut GameRng,
        _deadline: Instant,
    ) -> Option<usize> {
        let n = game.legal_count(seat);
        (n > 0).then(|| rng.index(n))
    }
}

/// The wall-clock cap of one decision the service applies: a decision never
/// takes longer, whatever the bot's budget and the machine.
pub const DECISION_TIME_CAP: Duration = Duration::from_millis(200);

/// The deadline of a decision that starts now.
pub fn deadline() -> Instant {
    Instant::now() + DECISION_TIME_CAP
}

static BOTS: &[&dyn Bot] = &[
    &RandomBot,
    &MonteCarloBot {
        playouts: 240,
        max_actions: 5_000,
    },
    &MctsBot::level("mcts", 1.0),
    &MctsBot::level("mcts-easy", 0.2),
    &MctsBot::level("mcts-hard", 4.0),
];

/// Every built-in bot.
pub fn all() -> &'static [&'static dyn Bot] {
    BOTS
}

/// Every built-in bot's name.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|b| b.name()).collect()
}

/// The bot with this name.
pub fn find(name: &str) -> Option<&'static dyn Bot> {
    BOTS.iter().copied().find(|b| b.name() == name)
}

/// Names of the bots that may play a game (for `GameType.bots`).
pub fn names_for(perfect_information: bool) -> Vec<&'static str> {
    BOTS.iter()
        .filter(|b| b.supports(perfect_information))
        .map(|b| b.name())
        .collect()
}

/// The generator a bot uses for the move that makes `version + 1`: derived
/// from the game's seed, so a game with bots replays identically.
pub fn rng_for(seed: u64, version: u64, seat: Seat) -> GameRng {
    GameRng::from_seed(
        seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 56) ^ 0xB07,
    )
}
