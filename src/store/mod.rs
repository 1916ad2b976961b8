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

pub mod contract;
mod memory;
mod postgres;
mod sqlite;
pub mod tls;
mod url;

pub use memory::MemoryStore;
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;
pub use url::{Location, OpenError, open, redact};

use async_trait::async_trait;
use tokio::sync::{broadcast, watch};

/// One seat of a stored game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    pub name: String,
    /// Built-in bot playing the seat; empty for a client.
    pub bot: String,
    /// SHA-256 of the seat's token; `None` for bot seats (no token exists).
    pub token_hash: Option<[u8; 32]>,
    /// The client resigned and `bot` has played the seat since.
    pub resigned: bool,
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
    /// Who may see the game and who created it.
    pub access: AccessRecord,
}

/// Who may see a game and whose quota it counts against (issue 12).
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

/// One applied action: who, and its canonical notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedAction {
    pub seat: u32,
    pub notation: String,
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
}

impl GameStatus {
    pub(crate) fn code(self) -> i64 {
        match self {
            Self::InProgress => 1,
            Self::Finished => 2,
        }
    }

    pub(crate) fn from_code(code: i64) -> Result<Self, StoreError> {
        match code {
            1 => Ok(Self::InProgress),
            2 => Ok(Self::Finished),
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
    /// Bumped whenever a seat changes (a resignation).
    pub seat_revision: u64,
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
    /// At most this many games (the caller asks for one more than a page to
    /// know whether another page follows).
    pub limit: usize,
    /// Leave private games out (ListGames for anyone but an administrator).
    pub hide_private: bool,
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
            GameStatus::InProgress => self.idle_before_ms,
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
}

/// Persistence of games. Implementations must make `append` atomic and
/// durable before returning `Ok`: the service acknowledges a move only then.
#[async_trait]
pub trait GameStore: Send + Sync + 'static {
    /// Record a new game (with an empty log).
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError>;
    /// The game and its whole log, or `None` if unknown.
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Append `actions` as versions `version + 1 ..`, but only if the stored
    /// log has exactly `version` entries (else `Conflict`, nothing written).
    /// `status` is the game's status after these actions.
    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        status: GameStatus,
    ) -> Result<(), StoreError>;
    /// The actions after the first `from` (versions `from + 1 ..`).
    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError>;
    /// The current version and seat revision, or `None` if the game is gone.
    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError>;
    /// The seats as stored now.
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError>;
    /// Seat `seat` resigns: from now on `bot` plays it.
    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError>;
    /// Games newest first, filtered and paged.
    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError>;
    /// Delete the games retention no longer keeps; returns their ids.
    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError>;
    /// Replace seat `seat`'s token hash (a rotated or reissued token) and
    /// bump the seat revision, so every replica's next request sees it
    /// (`NotFound` for an unknown game or seat).
    async fn set_token(&self, id: &str, seat: usize, hash: [u8; 32]) -> Result<(), StoreError>;
    /// Delete one game and its log (an administrator's DeleteGame); `false`
    /// if it did not exist. Replicas sharing the store are notified.
    async fn delete(&self, id: &str) -> Result<bool, StoreError>;
    /// How many games of `owner` are in progress with a bot seat (the cap
    /// on live bot games).
    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError>;
    /// Other processes may write to this store (several replicas): caches
    /// must check `head` before trusting their copy.
    fn shared(&self) -> bool {
        false
    }
    /// Moves committed by any process, when the backend can tell.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }
    /// Turns `Some(reason)` once the store has become unusable (the server
    /// then reports NOT_SERVING); `None` for backends that cannot tell.
    fn faults(&self) -> Option<watch::Receiver<Option<String>>> {
        None
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
