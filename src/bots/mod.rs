//! Built-in bots: the server plays a seat itself when its `SeatRequest.bot`
//! names one. Bots see the game only through the seat's own legal actions,
//! so they work for every game without knowing its rules.

use crate::engine::{GameRng, Seat};
use crate::games::GameInstance;
use crate::proto;

/// A built-in player.
pub trait Bot: Send + Sync {
    /// The name clients use in `SeatRequest.bot`.
    fn name(&self) -> &'static str;
    /// Choose one of `seat`'s legal actions, or `None` if it has none.
    fn choose(
        &self,
        game: &dyn GameInstance,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<proto::Action>;
}

/// Picks uniformly among the legal actions.
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &self,
        game: &dyn GameInstance,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<proto::Action> {
        let mut legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = rng.index(legal.len());
        legal.swap_remove(i).action
    }
}

static BOTS: &[&dyn Bot] = &[&RandomBot];

/// Every built-in bot.
pub fn all() -> &'static [&'static dyn Bot] {
    BOTS
}

/// The bot with this name.
pub fn find(name: &str) -> Option<&'static dyn Bot> {
    BOTS.iter().copied().find(|b| b.name() == name)
}

/// Names of all built-in bots (for `GameType.bots`).
pub fn names() -> Vec<&'static str> {
    BOTS.iter().map(|b| b.name()).collect()
}

/// The generator a bot uses for the move that makes `version + 1`: derived
/// from the game's seed, so a game with bots replays identically.
pub fn rng_for(seed: u64, version: u64, seat: Seat) -> GameRng {
    GameRng::from_seed(
        seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 56) ^ 0xB07,
    )
}
