//! The `mcts` bots: information-set MCTS (see [`super::ismcts`]) at three
//! budgets. Offered for every game: they search worlds sampled from their
//! own seat's view, so hidden information stays hidden.

use std::time::Instant;

use super::Bot;
use super::ismcts::Budget;
use crate::engine::{GameRng, Seat};
use crate::games::GameInstance;

/// Information-set MCTS with a fixed iteration budget.
pub struct MctsBot {
    pub name: &'static str,
    pub budget: Budget,
}

impl MctsBot {
    /// The exploration constant of every level (results lie in `[0, 1]`).
    pub const EXPLORATION: f64 = 0.7;

    /// A level with this many iterations per decision.
    pub const fn with_iterations(name: &'static str, iterations: u32) -> Self {
        Self {
            name,
            budget: Budget {
                iterations,
                exploration: Self::EXPLORATION,
                max_playout: 20_000,
            },
        }
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &'static str {
        self.name
    }

    fn supports(&self, _perfect_information: bool) -> bool {
        true
    }

    fn choose(
        &self,
        game: &dyn GameInstance,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> Option<usize> {
        match game.legal_count(seat) {
            0 => None,
            1 => Some(0),
            _ => game.search(seat, &self.budget, rng, deadline).0,
        }
    }
}
