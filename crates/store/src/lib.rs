//! Where games live: a creation record plus the action log of each game.
//!
//! The state is never stored; it is rebuilt by replaying the log from the
//! seed (replay is cheap and exact, see `engine::Game`). Appending is guarded
//! by the version so that two writers can never both record move N.
//!
//! Three backends share one contract: [`MemoryStore`] (tests, throwaway
//! servers), [`SqliteStore`] (the embedded default) and [`PostgresStore`]
//! (several replicas on one database, with LISTEN/NOTIFY so that every
//! replica learns of every move).

/// The behaviour every backend must have (feature `contract`).
#[cfg(any(test, feature = "contract"))]
pub mod contract;
mod crash;
mod deadline;
pub mod layer;
mod memory;
pub mod observed;
mod postgres;
pub mod rated;
mod roles;
mod sqlite;
pub mod tls;
pub mod tournaments;
mod url;
pub mod work;

pub use deadline::Deadlines;
pub use memory::MemoryStore;
pub use postgres::{PROBE_EVERY, PostgresStore};
pub use rated::{
    Event, EventKind, EventSeat, GameEnd, MatchSeat, NewEvent, PlayerRating, RatedEnd, RatedSeat,
    RatingChange, Ticket, TicketState, TournamentChange, Undelivered,
};
pub use roles::{GameLog, GameStore, Leases, Lobby, RatedPlay, Talk, Tokens, Tournaments};
pub use satrap_rating::{Placing, Rating};
pub use sqlite::SqliteStore;
pub use tournaments::{
    TournamentNotice, TournamentQuery, TournamentRecord, TournamentSave, TournamentStatus,
};
pub use url::{Location, OpenError, open, open_with, redact};
pub use work::Lease;

/// For the forwarding that `forward!` writes in other crates.
#[doc(hidden)]
pub use async_trait::async_trait as __async_trait;
#[doc(hidden)]
pub use tokio as __tokio;

/// One seat of a stored game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatRecord {
    pub name: String,
    /// Built-in bot playing the seat; empty for a client.
    pub bot: String,
    /// SHA-256 of the seat's token; `None` for bot seats (no token exists).
    pub token_hash: Option<[u8; 32]>,
    /// The client resigned and `bot` has played the seat since.
    pub resigned: bool,
    /// Nobody has the seat yet (a lobby seat, see `GameStore::join`).
    pub open: bool,
    /// SHA-256 of the open seat's single-use invite code, if it needs one.
    pub invite_hash: Option<[u8; 32]>,
    /// Who plays the seat, for ratings: empty for an anonymous client,
    /// `bot:NAME` for a built-in bot.
    pub player_id: String,
}

/// Everything needed to rebuild a game's initial state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub id: String,
    pub game_type: String,
    pub seats: Vec<SeatRecord>,
    /// Encoded `satrap.v1.GameOptions` as chosen at creation.
    pub options: Vec<u8>,
    pub seed: u64,
    /// Milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// The clock and lobby settings chosen at creation, encoded by the
    /// service (`service::hub::settings`); empty for none.
    pub settings: Vec<u8>,
    /// When version 0 became playable: the creation time, or when the last
    /// open seat was taken; `None` while seats are open.
    pub started_at_ms: Option<u64>,
    /// Who may see the game and who created it.
    pub access: AccessRecord,
    /// A rated game: its end changes its players' ratings.
    pub rated: bool,
}

/// Who may see a game and whose quota it counts against.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccessRecord {
    /// Left out of ListGames; spectators need the spectator token.
    pub private: bool,
    /// SHA-256 of the spectator token (private games only): like seat
    /// tokens, the token itself is never stored.
    pub spectator_hash: Option<[u8; 32]>,
    /// The API key name (or the peer address when no keys are configured)
    /// that created the game: the live-bot-game cap counts per owner.
    pub owner: String,
}

/// What a log entry records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A seat's action.
    #[default]
    Move,
    /// The seat's clock ran out; the notation is the bot's move for it.
    TimeoutBotMoves,
    /// The same, and the bot keeps the seat: the store marks the seat
    /// resigned in the same commit (bot `RESIGNED_SEAT_BOT`).
    TimeoutBotTakesSeat,
    /// The seat's clock ran out and it forfeits; no notation.
    TimeoutForfeit,
}

impl EntryKind {
    pub(crate) fn code(self) -> i64 {
        match self {
            Self::Move => 0,
            Self::TimeoutBotMoves => 1,
            Self::TimeoutBotTakesSeat => 2,
            Self::TimeoutForfeit => 3,
        }
    }

    pub(crate) fn from_code(code: i64) -> Result<Self, StoreError> {
        match code {
            0 => Ok(Self::Move),
            1 => Ok(Self::TimeoutBotMoves),
            2 => Ok(Self::TimeoutBotTakesSeat),
            3 => Ok(Self::TimeoutForfeit),
            other => Err(StoreError::Backend(format!(
                "unknown stored entry kind {other}"
            ))),
        }
    }
}

/// What an append records beside its actions. The server decides each
/// part; the store records them in the actions' commit.
#[derive(Debug, Clone, Copy)]
pub struct Commit<'a> {
    /// The game's status after these actions.
    pub status: GameStatus,
    /// When the game next needs the server after them (see
    /// [`work`](crate::work)); `None`: not until a move or a seat change.
    pub due_at_ms: Option<u64>,
    /// The last of these actions ended the game: the same commit records
    /// the feed's event and, for a rated game, its players' new ratings
    /// (see [`rated`](crate::rated)).
    pub end: Option<&'a GameEnd>,
    /// The bot that keeps a seat whose clock ran out under the "bot takes
    /// the seat" policy (an [`EntryKind::TimeoutBotTakesSeat`] among the
    /// actions).
    pub seat_bot: &'a str,
}

impl<'a> Commit<'a> {
    /// A commit that leaves the game at `status`, with nothing due and no
    /// end; `seat_bot` as [`Commit::seat_bot`].
    pub fn new(status: GameStatus, seat_bot: &'a str) -> Self {
        Self {
            status,
            due_at_ms: None,
            end: None,
            seat_bot,
        }
    }
}

/// One applied action: who, and its canonical notation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoggedAction {
    pub seat: u32,
    pub notation: String,
    /// When it was committed (milliseconds since the epoch), chosen by the
    /// writer: the clocks are computed from these times.
    pub at_ms: u64,
    pub kind: EntryKind,
}

/// A stored game: its record and its whole action log (version = log length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    pub record: GameRecord,
    pub actions: Vec<LoggedAction>,
}

/// Whether a stored game has ended (kept beside the log so that listing and
/// retention need no replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    InProgress,
    Finished,
    /// Seats are open; nobody can act yet.
    Waiting,
}

impl GameStatus {
    pub(crate) fn code(self) -> i64 {
        match self {
            Self::InProgress => 1,
            Self::Finished => 2,
            Self::Waiting => 3,
        }
    }

    pub(crate) fn from_code(code: i64) -> Result<Self, StoreError> {
        match code {
            1 => Ok(Self::InProgress),
            2 => Ok(Self::Finished),
            3 => Ok(Self::Waiting),
            other => Err(StoreError::Backend(format!(
                "unknown stored status {other}"
            ))),
        }
    }
}

/// What a cache must compare to know whether its copy of a game is current:
/// another replica may have appended moves or changed a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    /// Number of actions in the log.
    pub version: u64,
    /// Bumped whenever a seat changes (a resignation, a join or leave, a
    /// timeout that gives the seat to a bot).
    pub seat_revision: u64,
}

/// A seat taken with `GameStore::join`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Joined {
    pub seat: usize,
    /// Set when this join took the last open seat (the game started).
    pub started_at_ms: Option<u64>,
}

/// Why a join or leave was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LobbyError {
    #[error("the game has started: no seat is open")]
    Started,
    #[error("seat {0} is not open")]
    SeatTaken(usize),
    #[error("the game has no seat {0}")]
    NoSuchSeat(usize),
    #[error("seat {0} needs its invite code (or the code is wrong or used)")]
    BadInvite(usize),
    #[error(
        "no open seat can be taken with this request (its invite code is missing, wrong or used)"
    )]
    NoneOpen,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One line of `ListGames`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: String,
    pub game_type: String,
    pub status: GameStatus,
    pub version: u64,
    pub seats: Vec<SeatRecord>,
    pub created_at_ms: u64,
    pub updated_at_ms: u64,
    /// A private game (listed only for administrators).
    pub private: bool,
    /// As in `GameRecord::settings`.
    pub settings: Vec<u8>,
    /// A rated game.
    pub rated: bool,
}

/// Where a page of `ListGames` starts: just after this game in the order
/// newest first (`created_at_ms` descending, then `id` descending).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub created_at_ms: u64,
    pub id: String,
}

/// A `ListGames` query.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub game_type: Option<String>,
    pub status: Option<GameStatus>,
    pub after: Option<Cursor>,
    /// Only games with an open seat.
    pub open_seats: bool,
    /// Leave out unfinished games whose last move (or seat change) was
    /// recorded before this time, in milliseconds since the Unix epoch:
    /// the server's rule for abandoned games.
    pub active_since_ms: Option<u64>,
    /// At most this many games (the caller asks for one more than a page to
    /// know whether another page follows).
    pub limit: usize,
    /// Which private games to list (the server's visibility rule decides).
    pub private: PrivateGames,
}

/// A time in milliseconds as SQL's signed 64-bit integer (later times than
/// it can hold are its largest).
pub(crate) fn sql_ms(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Which private games a listing shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum PrivateGames {
    /// Every one (an administrator; the server's own scans).
    #[default]
    All,
    /// Only those created by this owner (`GameRecord::access.owner`).
    OwnedBy(String),
    /// None.
    Hidden,
}

impl PrivateGames {
    /// Whether a game of `owner`, private or not, is listed.
    pub fn shows(&self, private: bool, owner: &str) -> bool {
        match self {
            _ if !private => true,
            PrivateGames::All => true,
            PrivateGames::OwnedBy(o) => o == owner,
            PrivateGames::Hidden => false,
        }
    }

    /// As SQL parameters: (every private game, else only this owner's).
    pub(crate) fn sql(&self) -> (bool, Option<&str>) {
        match self {
            PrivateGames::All => (true, None),
            PrivateGames::OwnedBy(o) => (false, Some(o)),
            PrivateGames::Hidden => (false, None),
        }
    }
}

/// Which games retention removes (times in milliseconds since the epoch).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Expiry {
    /// Finished games whose last move is older than this.
    pub finished_before_ms: Option<u64>,
    /// Games still in progress with no move since this: abandoned.
    pub idle_before_ms: Option<u64>,
}

impl Expiry {
    /// Does retention remove a game with this status, last changed then?
    pub fn expires(&self, status: GameStatus, updated_at_ms: u64) -> bool {
        let before = match status {
            GameStatus::Finished => self.finished_before_ms,
            GameStatus::InProgress | GameStatus::Waiting => self.idle_before_ms,
        };
        before.is_some_and(|b| updated_at_ms < b)
    }
}

/// A move committed by any process sharing the store (PostgreSQL NOTIFY).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Game `id` changed; it now has `version` actions.
    Changed { id: String, version: u64 },
    /// Notices may have been missed (the listener reconnected): every cached
    /// game must be checked.
    Resync,
    /// Game `id`'s talk (chat, offers) has `seq` entries now.
    Talk { id: String, seq: u64 },
}

/// One entry of a game's talk: what is said and offered at the table
/// beside the moves (see [`Talk`]). The body is the server's own encoding;
/// the store keeps it as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TalkEntry {
    /// 1, 2, ... in the order the store committed them, per game.
    pub seq: u64,
    /// When it was recorded (milliseconds since the epoch).
    pub at_ms: u64,
    pub body: Vec<u8>,
}

/// A talk entry to record, and (for a deletion) the earlier entry whose
/// body it replaces in the same commit.
#[derive(Debug, Clone, Copy)]
pub struct NewTalk<'a> {
    pub at_ms: u64,
    pub body: &'a [u8],
    /// `(seq, body)`: entry `seq`'s body becomes `body` (its text gone).
    pub redact: Option<(u64, &'a [u8])>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("game {0} not found")]
    NotFound(String),
    #[error("game {0} already exists")]
    AlreadyExists(String),
    /// Someone else appended first: the stored version is not the expected one.
    #[error("version conflict on game {id}: expected {expected}, stored {actual}")]
    Conflict {
        id: String,
        expected: u64,
        actual: u64,
    },
    #[error("store is full ({0} games)")]
    Full(usize),
    /// The seat's token is no longer the one the call was made with.
    #[error("seat {seat} of game {id} has another token now")]
    TokenChanged { id: String, seat: usize },
    /// A transient failure (connection lost, database busy): retry.
    #[error("storage backend: {0}")]
    Backend(String),
    /// The store can no longer keep what it is given (its file was removed
    /// or replaced): writes are refused until an operator restarts it.
    #[error("storage unusable: {0}")]
    Unusable(String),
    /// Stored data is damaged (a corrupt page).
    #[error("storage corrupt: {0}")]
    Corrupt(String),
    /// The database did not answer `what` within `after` (frozen,
    /// partitioned, overloaded): nothing was acknowledged, and a write may
    /// or may not have been recorded. Transient: retry (with the expected
    /// version, to learn which).
    #[error("the database did not answer ({what}) within {after:?}")]
    Unavailable {
        what: &'static str,
        after: std::time::Duration,
    },
}

/// Who takes a seat with `GameStore::join`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinSeat {
    pub name: String,
    /// As `SeatRecord::player_id`.
    pub player_id: String,
    pub token_hash: [u8; 32],
    /// Hash of the invite code offered, if any.
    pub invite_hash: Option<[u8; 32]>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The open seat a join takes (shared by every backend, so they agree):
/// the asked seat, or the first open seat the offered invite opens (a seat
/// without an invite is open to anyone).
pub fn choose_open_seat(
    seats: &[SeatRecord],
    seat: Option<usize>,
    invite: Option<[u8; 32]>,
) -> Result<usize, LobbyError> {
    let opens = |s: &SeatRecord| s.invite_hash.is_none() || s.invite_hash == invite;
    match seat {
        Some(i) => {
            let s = seats.get(i).ok_or(LobbyError::NoSuchSeat(i))?;
            if !s.open {
                Err(LobbyError::SeatTaken(i))
            } else if !opens(s) {
                Err(LobbyError::BadInvite(i))
            } else {
                Ok(i)
            }
        }
        None => seats
            .iter()
            .position(|s| s.open && invite.is_some() && s.invite_hash == invite)
            .or_else(|| seats.iter().position(|s| s.open && s.invite_hash.is_none()))
            .ok_or(if seats.iter().any(|s| s.open) {
                LobbyError::NoneOpen
            } else {
                LobbyError::Started
            }),
    }
}

/// A built-in bot as the seats it fills record it: which bot, the player
/// it is rated as, and the name each seat shows. The server decides them;
/// the store records them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatBot {
    pub bot: String,
    /// As `SeatRecord::player_id`.
    pub player_id: String,
    /// The name of each seat it may fill, by seat index.
    pub names: Vec<String>,
}

impl SeatBot {
    /// The name seat `seat` shows once this bot fills it.
    pub fn name_of(&self, seat: usize) -> String {
        self.names.get(seat).cloned().unwrap_or_default()
    }
}
