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
