//! Where games live: a creation record plus the action log of each game.
//!
//! The state is never stored; it is rebuilt by replaying the log from the
//! seed (replay is cheap and exact, see `engine::Game`). Appending is guarded
//! by the version so that two writers can never both record move N.

mod memory;

pub use memory::MemoryStore;

use async_trait::async_trait;

/// One seat of a stored game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRecord {
    pub name: String,
    /// Built-in bot playing the seat; empty for a client.
    pub bot: String,
    /// SHA-256 of the seat's token; `None` for bot seats (no token exists).
    pub token_hash: Option<[u8; 32]>,
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
    #[error("storage backend: {0}")]
    Backend(String),
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
    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
    ) -> Result<(), StoreError>;
}

/// Why a `--database` URL could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("unsupported database URL {0:?}: use memory://")]
    Unsupported(String),
}

/// Open the store named by a `--database` URL.
pub fn open(url: &str, max_games: usize) -> Result<std::sync::Arc<dyn GameStore>, OpenError> {
    match url {
        "memory://" | "memory:" | "memory" => Ok(std::sync::Arc::new(MemoryStore::new(max_games))),
        other => Err(OpenError::Unsupported(other.to_owned())),
    }
}
