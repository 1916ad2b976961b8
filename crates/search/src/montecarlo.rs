//! A flat Monte Carlo bot: tries each legal action, finishes the game many
//! times with random play, and keeps the action whose games it won most.
//! Only offered for perfect-information games (it looks at the whole state).

use std::time::Instant;

use super::{Bot, Position};
use satrap_engine::{GameRng, Seat};

/// Spends `playouts` random games per decision, spread over the candidates.
pub struct MonteCarloBot {
    pub playouts: usize,
    /// Cap on the length of one random game (a safety net).
    pub max_actions: usize,
}

impl Bot for MonteCarloBot {
    fn name(&self) -> &'static str {
        "montecarlo"
    }

    fn supports(&self, perfect_information: bool) -> bool {
        perfect_information
    }

    fn choose(
        &self,
        game: &dyn Position,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> Option<usize> {
        let n = game.legal_count(seat);
        if n <= 1 {
            return (n == 1).then_some(0);
        }
        // With more candidates than budget, evaluate a random sample of them.
        let mut candidates: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut candidates);
        let per = (self.playouts / n).max(2);
        candidates.truncate((self.playouts / per).max(1));
        let mut best = (f64::MIN, candidates[0]);
        for &index in &candidates {
            if Instant::now() >= deadline {
                break;
            }
            let Some(after) = game.after(seat, index) else {
                continue;
            };
            let total: f64 = (0..per)
                .filter_map(|_| after.rollout(rng, self.max_actions))
                .map(|scores| scores.get(seat).copied().unwrap_or(0.0))
                .sum();
            let mean = total / per as f64;
            if mean > best.0 {
                best = (mean, index);
            }
        }
        Some(best.1)
    }

    fn iterations(&self, _game: &dyn Position) -> Option<u32> {
        u32::try_from(self.playouts).ok()
    }
}
