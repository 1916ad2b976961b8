//! Why a call on a tournament was refused. A refused call changes nothing.

/// A refused call; the state is as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("invalid tournament: {0}")]
    InvalidConfig(&'static str),
    #[error("{got} entrants, a table needs {needed}")]
    TooFewEntrants { got: usize, needed: usize },
    /// The guard that keeps a round from being paired twice.
    #[error("round {round} is already paired")]
    AlreadyPaired { round: u32 },
    #[error("round {asked} cannot be paired: the next round is {next}")]
    NotNextRound { asked: u32, next: u32 },
    #[error("round {round} still has games in play")]
    RoundUnfinished { round: u32 },
    #[error("all {rounds} rounds are paired")]
    NoMoreRounds { rounds: u32 },
    #[error("this call is not for a tournament of this format")]
    WrongFormat,
    #[error("the arena opens at {start_ms} ms")]
    NotOpen { start_ms: u64 },
    #[error("no table {0}")]
    UnknownTable(usize),
    #[error("table {0} is already finished")]
    TableFinished(usize),
    #[error("table {table}'s game has {seats} seats, {got} placings given")]
    WrongPlacings {
        table: usize,
        seats: usize,
        got: usize,
    },
    #[error("table {table}'s game has no seat {seat}")]
    NoSuchSeat { table: usize, seat: usize },
    #[error("no entrant {0}")]
    UnknownEntrant(u32),
    #[error("entrant {0} has already withdrawn")]
    AlreadyWithdrawn(u32),
}
