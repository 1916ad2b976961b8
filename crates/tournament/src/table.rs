//! One table: who sits where, who forfeited, and how they placed; and the
//! points a placing is worth.
//!
//! # Points
//!
//! Every format scores a table the same way, by pairwise results: a seat
//! earns, against each other seat at its table, a win (2 half-points) if it
//! placed ahead, a draw (1) if it shared the place, nothing if it placed
//! behind. So a two-player game is scored as in chess (1, ½, 0), and a table
//! of `n` gives placement points `n-1, n-2, …, 0` with shared places
//! averaged (a 4-player table: 3, 2, 1, 0). Points are kept in half-points,
//! whole numbers, so every replica adds them up exactly alike. A seat that
//! forfeited scores nothing, whatever its place.

use serde::{Deserialize, Serialize};

use crate::EntrantId;

/// Points in halves: 2 is one win.
pub type HalfPoints = u32;

/// One game of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The round (Swiss, round-robin) or pairing wave (arena), from 1.
    pub round: u32,
    /// The entrants by table position; position 0 moves first.
    pub entrants: Vec<EntrantId>,
    /// Positions that forfeited (withdrawal, no-show): placed last, score
    /// nothing.
    pub forfeited: Vec<bool>,
    /// Each position's place once finished: 0 is first, equal numbers share
    /// a place, forfeited positions share the last place.
    pub places: Option<Vec<u8>>,
}

impl Table {
    pub(crate) fn new(round: u32, entrants: Vec<EntrantId>) -> Self {
        let forfeited = vec![false; entrants.len()];
        Self {
            round,
            entrants,
            forfeited,
            places: None,
        }
    }

    /// Whether the table's result is in.
    pub fn finished(&self) -> bool {
        self.places.is_some()
    }

    /// Where `entrant` sits, if it sits here.
    pub fn position(&self, entrant: EntrantId) -> Option<usize> {
        self.entrants.iter().position(|&e| e == entrant)
    }

    /// Finishes the table with the game's placings (one per position, lower
    /// is better; any numbers, only their order counts). Forfeited positions
    /// go behind every other whatever the game said.
    pub(crate) fn finish(&mut self, raw: &[u8]) {
        let playing = |i: usize| !self.forfeited[i];
        let live = (0..raw.len()).filter(|&i| playing(i)).count();
        let places = (0..raw.len())
            .map(|i| {
                let place = if playing(i) {
                    (0..raw.len())
                        .filter(|&j| playing(j) && raw[j] < raw[i])
                        .count()
                } else {
                    live
                };
                u8::try_from(place).unwrap_or(u8::MAX)
            })
            .collect();
        self.places = Some(places);
    }

    /// Marks `position` forfeited. With at most one position left playing
    /// the table is decided and finishes at once (the last one standing
    /// wins), so a withdrawal never leaves a two-player table waiting.
    pub(crate) fn forfeit(&mut self, position: usize) {
        self.forfeited[position] = true;
        if self.forfeited.iter().filter(|f| !**f).count() <= 1 {
            self.finish(&vec![0; self.entrants.len()]);
        }
    }

    /// What position `a` scored against position `b`, in half-points (2 a
    /// win, 1 a draw, 0 a loss); `None` until finished.
    pub fn versus(&self, a: usize, b: usize) -> Option<HalfPoints> {
        let places = self.places.as_ref()?;
        Some(if self.forfeited[a] {
            0
        } else {
            match places[a].cmp(&places[b]) {
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 0,
            }
        })
    }

    /// Position `a`'s points at this table; `None` until finished.
    pub fn points(&self, a: usize) -> Option<HalfPoints> {
        (0..self.entrants.len())
            .filter(|&b| b != a)
            .map(|b| self.versus(a, b))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: u32) -> Table {
        Table::new(1, (0..n).map(EntrantId).collect())
    }

    #[test]
    fn placement_points_are_pairwise_results() {
        let mut t = table(4);
        t.finish(&[3, 1, 1, 7]);
        assert_eq!(t.places.as_deref(), Some(&[2, 0, 0, 3][..]));
        // Shared first: 2 + 2 + 1 = 5 half-points each, the average of 3 and 2.
        let points: Vec<_> = (0..4).map(|p| t.points(p).unwrap()).collect();
        assert_eq!(points, [2, 5, 5, 0]);
        let mut chess = table(2);
        chess.finish(&[0, 0]);
        assert_eq!((chess.points(0), chess.points(1)), (Some(1), Some(1)));
    }

    #[test]
    fn a_forfeit_places_last_and_scores_nothing() {
        let mut t = table(3);
        t.forfeit(0);
        assert!(!t.finished(), "two still play");
        // The game ended with the forfeited seat (played by a bot) first.
        t.finish(&[0, 2, 1]);
        assert_eq!(t.places.as_deref(), Some(&[2, 1, 0][..]));
        assert_eq!(t.points(0), Some(0));
        assert_eq!(t.points(2), Some(4));
    }

    #[test]
    fn the_last_one_standing_wins_at_once() {
        let mut t = table(2);
        t.forfeit(1);
        assert!(t.finished());
        assert_eq!((t.points(0), t.points(1)), (Some(2), Some(0)));
        let mut both = table(2);
        both.forfeit(0);
        both.forfeit(1);
        assert_eq!((both.points(0), both.points(1)), (Some(0), Some(0)));
    }
}
