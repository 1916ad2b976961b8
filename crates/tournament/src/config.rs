//! What a tournament is: its format, how many entrants sit at a table, and
//! how an entrant's table position maps to the game's seats.

use serde::{Deserialize, Serialize};

use crate::TournamentError;

/// The format, with what only that format needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// A fixed number of rounds, each paired from the standings so far.
    Swiss {
        /// How many rounds are played (at least 1).
        rounds: u32,
    },
    /// Every entrant meets every other; the schedule is fixed at the start
    /// by the entrant count and table size alone.
    RoundRobin,
    /// A time window in which an entrant is paired again as soon as its game
    /// ends. Times are milliseconds on the caller's clock (the server's).
    Arena {
        /// No table is paired before this.
        start_ms: u64,
        /// No table is paired from this on; games already paired finish and
        /// count.
        end_ms: u64,
    },
}

/// A tournament's shape. Checked by [`Config::check`] when a tournament is
/// made, so the pairing code can rely on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The format.
    pub format: Format,
    /// Entrants at one table: 2, 3 or 4.
    pub table_size: u8,
    /// Game seats one entrant holds: 1, or 2 for King of Siam's four-player
    /// team game, where an entrant is a team of two and a table is two
    /// teams (see [`Config::seats`]).
    pub seats_per_entrant: u8,
}

impl Config {
    /// A one-seat-per-entrant tournament.
    pub fn new(format: Format, table_size: u8) -> Self {
        Self {
            format,
            table_size,
            seats_per_entrant: 1,
        }
    }

    /// King of Siam's four-player team game: two teams of two at a table.
    pub fn teams(format: Format) -> Self {
        Self {
            format,
            table_size: 2,
            seats_per_entrant: 2,
        }
    }

    /// Refuses a shape no game has or a format that cannot run.
    pub fn check(&self) -> Result<(), TournamentError> {
        let bad = |why: &'static str| Err(TournamentError::InvalidConfig(why));
        if !(2..=4).contains(&self.table_size) {
            return bad("table_size must be 2, 3 or 4");
        }
        match self.seats_per_entrant {
            1 => {}
            2 if self.table_size == 2 => {}
            2 => return bad("teams of two play two teams to a table (table_size 2)"),
            _ => return bad("seats_per_entrant must be 1 or 2"),
        }
        match self.format {
            Format::Swiss { rounds: 0 } => bad("a Swiss needs at least one round"),
            Format::Arena { start_ms, end_ms } if end_ms <= start_ms => {
                bad("an arena must end after it starts")
            }
            _ => Ok(()),
        }
    }

    /// Seats in the game for the entrant at table `position` (0 moves
    /// first). One seat each: the position itself. Teams of two: positions
    /// 0 and 1 hold seats {0, 2} and {1, 3}, King of Siam's partnerships.
    pub fn seats(&self, position: usize) -> Vec<usize> {
        (0..usize::from(self.seats_per_entrant))
            .map(|i| position + i * usize::from(self.table_size))
            .collect()
    }

    /// The table position holding game seat `seat` (a team's two seats
    /// map to its one position).
    pub fn position(&self, seat: usize) -> usize {
        seat % usize::from(self.table_size)
    }

    /// Players the game is created for.
    pub fn players(&self) -> usize {
        usize::from(self.table_size) * usize::from(self.seats_per_entrant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_sit_as_king_of_siam_partnerships() {
        let c = Config::teams(Format::RoundRobin);
        assert_eq!(c.check(), Ok(()));
        assert_eq!(c.players(), 4);
        assert_eq!(c.seats(0), [0, 2]);
        assert_eq!(c.seats(1), [1, 3]);
        assert_eq!((c.position(0), c.position(3)), (0, 1));
        let solo = Config::new(Format::RoundRobin, 3);
        assert_eq!(solo.seats(2), [2]);
        assert_eq!(solo.players(), 3);
    }

    #[test]
    fn shapes_no_game_has_are_refused() {
        let swiss = |rounds| Format::Swiss { rounds };
        for bad in [
            Config::new(swiss(3), 1),
            Config::new(swiss(3), 5),
            Config::new(swiss(0), 2),
            Config::new(
                Format::Arena {
                    start_ms: 10,
                    end_ms: 10,
                },
                2,
            ),
            Config {
                format: swiss(3),
                table_size: 3,
                seats_per_entrant: 2,
            },
            Config {
                format: swiss(3),
                table_size: 2,
                seats_per_entrant: 3,
            },
        ] {
            assert!(
                matches!(bad.check(), Err(TournamentError::InvalidConfig(_))),
                "{bad:?}"
            );
        }
    }
}
