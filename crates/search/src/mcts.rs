//! The `mcts` bots: information-set MCTS (see [`super::ismcts`]) at three
//! budgets. Offered for every game: they search worlds sampled from their
//! own seat's view, so hidden information stays hidden.

use std::time::Instant;

use super::ismcts::Budget;
use super::{Bot, Position};
use satrap_engine::{GameRng, SearchTuning, Seat};

/// Information-set MCTS with a fixed iteration budget.
pub struct MctsBot {
    pub name: &'static str,
    /// The budget; for a level, replaced per game by [`MctsBot::budget_for`].
    pub budget: Budget,
    /// Multiplies the per-game iteration count of the default level
    /// (`mcts-easy` 1/5, `mcts` 1, `mcts-hard` 4); `None`: exactly
    /// `budget.iterations` in every game (tests, custom bots).
    pub scale: Option<f64>,
}

impl MctsBot {
    /// The exploration constant of a bot with a fixed budget (results lie
    /// in `[0, 1]`); the levels take their game's
    /// ([`SearchTuning::exploration`]).
    pub const EXPLORATION: f64 = SearchTuning::DEFAULT.exploration;

    /// A bot with exactly this many iterations per decision in every game.
    pub const fn with_iterations(name: &'static str, iterations: u32) -> Self {
        Self {
            name,
            budget: Budget {
                iterations,
                exploration: Self::EXPLORATION,
                max_playout: 20_000,
                horizon: 0,
                bias: 0.0,
                max_moves: 0,
            },
            scale: None,
        }
    }

    /// A level: `scale` times the game's default-level iterations
    /// ([`SearchTuning::iterations`]), with the game's exploration and
    /// horizon. Levels above the default also take the game's
    /// [`SearchTuning::strong_scale`].
    pub const fn level(name: &'static str, scale: f64) -> Self {
        let mut bot = Self::with_iterations(name, SearchTuning::DEFAULT.iterations);
        bot.scale = Some(scale);
        bot
    }

    /// The budget of one decision in `game`.
    pub fn budget_for(&self, game: &dyn Position) -> Budget {
        let mut budget = self.budget;
        if let Some(scale) = self.scale {
            let tuning = game.tuning();
            let scale = if scale > 1.0 {
                scale * tuning.strong_scale
            } else {
                scale
            };
            budget.iterations = ((f64::from(tuning.iterations) * scale).round() as u32).max(1);
            budget.exploration = tuning.exploration;
            budget.horizon = tuning.horizon;
            budget.bias = tuning.bias;
            budget.max_moves = tuning.max_moves;
        }
        budget
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
        game: &dyn Position,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> Option<usize> {
        match game.legal_count(seat) {
            0 => None,
            1 => Some(0),
            _ => game.search(seat, &self.budget_for(game), rng, deadline).0,
        }
    }

    fn iterations(&self, game: &dyn Position) -> Option<u32> {
        Some(self.budget_for(game).iterations)
    }
}
