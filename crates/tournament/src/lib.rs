//! Tournaments: Swiss, round-robin and arena, for two to four entrants a
//! table, as one plain value the server stores and drives.
//!
//! Pure: no I/O, no async, no clock and no randomness. Times come in as
//! arguments, and every pairing is a function of the state and the round
//! number, so two replicas computing the same round agree, and a round can
//! never be paired twice ([`Tournament::pair_next_round`] refuses a round
//! already paired with [`TournamentError::AlreadyPaired`]). The state is
//! serde-serialisable so the server can keep it in its store and replace
//! it by a version-guarded write.
//!
//! # Formats
//!
//! - **Swiss** ([`swiss`]): a fixed number of rounds, each paired from the
//!   standings: by score without repeats where possible, rotating byes
//!   scored as a win, tables of 3 or 4 formed from the standings.
//! - **Round-robin** ([`round_robin`]): a schedule fixed at the start in
//!   which every entrant meets every other: the circle method for two,
//!   a greedy covering schedule with equal sit-outs for 3 or 4.
//! - **Arena** ([`arena`]): a time window in which an entrant is paired
//!   again as soon as its game ends.
//!
//! Every format scores a table by pairwise results ([`table`]): placement
//! points `n−1 … 0` at a table of `n`, shared places averaged, kept in
//! half-points. Standings and tie-breaks: [`standings`].
//!
//! # Withdrawals and no-shows
//!
//! [`Tournament::withdraw`] forfeits the entrant's games in play and every
//! later one (a round-robin table that still names it is created with it
//! forfeited), and the entrant is never paired again; a table where only
//! one entrant is left playing finishes at once, so no round waits for a
//! withdrawn entrant. A no-show is the server's clock's business: its
//! timeout is recorded here with [`Tournament::record_forfeit`]. A
//! forfeited position places last and scores nothing.
//!
//! # King of Siam's four-player team game: teams, not rotating partners
//!
//! An entrant is a fixed team of two ([`Config::teams`]) and a table is two
//! teams, seated as the game's partnerships (seats 0 and 2 against 1 and
//! 3, [`Config::seats`]). Why teams: King of Siam's four-player game is a
//! partnership game, played and rated by team (the rating crate rates
//! teams); with fixed teams a result belongs to the pair that earned it,
//! the tournament is exactly a two-player one (same pairing, byes,
//! Buchholz and Sonneborn-Berger, same guarantees), and nobody's standing
//! depends on which partner the draw gave them, which rotating partners
//! would add to every result.

pub mod arena;
mod config;
mod error;
mod history;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod table;
mod tournament;

pub use config::{Config, Format};
pub use error::TournamentError;
pub use standings::{Standing, TieBreak, tie_breaks};
pub use table::{HalfPoints, Table};
pub use tournament::{Entrant, EntrantId, Round, Tournament};
