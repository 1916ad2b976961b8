//! The result of a finished game, in a shape common to every game.

use super::Seat;

/// How a seat finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatResult {
    pub seat: Seat,
    /// 1 = best; seats equal on every ranking key share a rank.
    pub rank: u32,
    /// The game's main score for this seat (sets, followers, points...).
    pub score: i64,
}

/// Winners, ranking and scores once a game is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Winning seats (several when a victory is shared or a team wins).
    pub winners: Vec<Seat>,
    /// True when nobody wins (e.g. a team draw).
    pub draw: bool,
    /// One entry per seat, in seat order.
    pub results: Vec<SeatResult>,
    /// Short machine-friendly name of how the game ended (e.g. `british`).
    pub ending: String,
    /// One line for humans: who won and why.
    pub summary: String,
}

impl Outcome {
    /// Score of each seat for search: winners share 1, a draw gives everyone
    /// 0.5 / n, and losers get a little for a better rank (so a search still
    /// prefers second place to last).
    pub fn search_scores(&self, players: usize) -> Vec<f64> {
        let o = self;
        let mut scores = vec![0.0; players];
        for r in &o.results {
            if r.seat < players {
                scores[r.seat] = 0.1 * (players as f64 - r.rank as f64) / players as f64;
            }
        }
        if o.draw {
            scores.iter_mut().for_each(|s| *s += 0.5 / players as f64);
        } else if !o.winners.is_empty() {
            let share = 1.0 / o.winners.len() as f64;
            for w in &o.winners {
                if *w < players {
                    scores[*w] += share;
                }
            }
        }
        scores
    }
}
