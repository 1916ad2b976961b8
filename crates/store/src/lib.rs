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
mod memory;
pub mod observed;
mod postgres;
pub mod rated;
mod sqlite;
pub mod tls;
mod url;
pub mod work;

pub use deadline::Deadlines;
pub use memory::MemoryStore;
pub use postgres::{PROBE_EVERY, PostgresStore};
pub use rated::{
    Event, EventKind, EventSeat, GameEnd, MatchSeat, NewEvent, PlayerRating, RatedEnd, RatedSeat,
    RatingChange, Ticket, TicketState, Undelivered,
};
pub use satrap_rating::{Placing, Rating};
pub use sqlite::SqliteStore;
pub use url::{Location, OpenError, open, open_with, redact};
pub use work::Lease;

use async_trait::async_trait;
use tokio::sync::{broadcast, watch};

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

/// The bot a seat gets when its clock runs out under the "bot takes the
/// seat" policy (the same as after Resign).
pub const TIMEOUT_SEAT_BOT: &str = "random";

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
    /// `status` is the game's status after these actions; `due_at_ms` when
    /// the game next needs the server after them (see [`work`]), recorded
    /// in the same commit. With `end` (the last of these actions ended the
    /// game), the same commit records the feed's event and, for a rated
    /// game, its players' new ratings (see [`rated`]).
    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        status: GameStatus,
        due_at_ms: Option<u64>,
        end: Option<&GameEnd>,
    ) -> Result<(), StoreError>;
    /// The actions after the first `from` (versions `from + 1 ..`).
    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError>;
    /// The current version and seat revision, or `None` if the game is gone.
    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError>;
    /// The seats as stored now.
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError>;
    /// Seat `seat` resigns: from now on `bot` plays it.
    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError>;
    /// Take an open seat of a waiting game: `seat`, or the first open one
    /// whose invite matches `invite_hash` (seats without an invite match
    /// any). A seat with an invite needs its hash; the invite is used up.
    /// The last open seat taken starts the game (status in progress,
    /// `started_at_ms = now_ms`). Atomic: of two joins racing for the last
    /// seat exactly one wins. Bumps the seat revision.
    async fn join(
        &self,
        id: &str,
        seat: Option<usize>,
        taker: &JoinSeat,
        now_ms: u64,
    ) -> Result<Joined, LobbyError>;
    /// Give seat `seat` back while the game is waiting (open again, no
    /// invite, no token). Bumps the seat revision.
    ///
    /// Only while the seat's token hash is still `holder`: else
    /// `TokenChanged` (another replica rotated it, or the seat was left and
    /// taken again), and nothing changes.
    async fn leave(&self, id: &str, seat: usize, holder: [u8; 32]) -> Result<(), LobbyError>;
    /// Fill every open seat of a waiting game with `bot` and start it at
    /// `now_ms`; `Ok(false)` if the game is no longer waiting.
    async fn fill_open_seats(&self, id: &str, bot: &str, now_ms: u64) -> Result<bool, StoreError>;
    /// When the game started (`None` while waiting).
    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError>;
    /// Games newest first, filtered and paged.
    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError>;
    /// Delete the games retention no longer keeps; returns their ids.
    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError>;
    /// Replace seat `seat`'s token hash (a rotated or reissued token) and
    /// bump the seat revision, so every replica's next request sees it
    /// (`NotFound` for an unknown game or seat). With `replacing`, only
    /// while the seat's hash is still that one (a seat rotating its own
    /// token): else `TokenChanged` and nothing changes, so of two replicas
    /// rotating one seat at once only one succeeds.
    async fn set_token(
        &self,
        id: &str,
        seat: usize,
        hash: [u8; 32],
        replacing: Option<[u8; 32]>,
    ) -> Result<(), StoreError>;
    /// Delete one game and its log (an administrator's DeleteGame); `false`
    /// if it did not exist. Replicas sharing the store are notified.
    async fn delete(&self, id: &str) -> Result<bool, StoreError>;
    /// How many games of `owner` are in progress with a bot seat (the cap
    /// on live bot games).
    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError>;
    /// The backend's name (`sqlite`, `postgres`, `memory`), for metrics
    /// labels.
    fn kind(&self) -> &'static str {
        "custom"
    }
    /// Other processes may write to this store (several replicas): caches
    /// must check `head` before trusting their copy.
    fn shared(&self) -> bool {
        false
    }
    /// Moves committed by any process, when the backend can tell.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }
    /// `Some(reason)` while the store cannot serve (the server then reports
    /// the game service NOT_SERVING): for good once it has become unusable
    /// (a SQLite file removed), or until its database answers again (an
    /// unreachable PostgreSQL server); `None` for backends that cannot tell.
    fn faults(&self) -> Option<watch::Receiver<Option<String>>> {
        None
    }
    // ---- Rated play (see [`rated`]) ----

    /// The standings of `player_ids` in `game_type`, in the order asked
    /// (`PlayerRating::new` for a player without a rated game).
    async fn ratings(
        &self,
        game_type: &str,
        player_ids: &[String],
    ) -> Result<Vec<PlayerRating>, StoreError>;
    /// The players of `game_type` by displayed rating (highest first, then
    /// by player id), skipping `offset`, at most `limit`.
    async fn leaderboard(
        &self,
        game_type: &str,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError>;
    /// The feed's events after sequence `after`, oldest first, at most
    /// `limit`; only games owned by `owner` when given.
    async fn events_after(
        &self,
        after: u64,
        owner: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Event>, StoreError>;
    /// The sequence number of the last event committed (0: none yet).
    async fn feed_head(&self) -> Result<u64, StoreError>;
    /// A signal that changes whenever a commit may have added events to
    /// the feed (on PostgreSQL, a NOTIFY from whichever replica committed;
    /// a reconnected listener changes it too), so one follower per process
    /// reads new events only when there are some. `None`: the backend
    /// cannot tell, and the follower polls.
    fn feed_notices(&self) -> Option<watch::Receiver<u64>> {
        None
    }
    /// Queue `ticket` (seen now). A player (non-empty `player_id`) has at
    /// most one waiting ticket: a new one replaces it (the old ticket is
    /// then `Gone`, so the stream that held it ends), which is how a player
    /// whose replica died queues again at once anywhere. A matched ticket
    /// is not replaced.
    async fn enqueue(&self, ticket: &Ticket, now_ms: u64) -> Result<(), StoreError>;
    /// Where ticket `id` stands; renews its lease (marks it seen at
    /// `now_ms`: a ticket is held by the stream that heartbeats it, see
    /// `queue`).
    async fn ticket(&self, id: &str, now_ms: u64) -> Result<TicketState, StoreError>;
    /// Remove ticket `id` (its player left the queue, or took its match).
    async fn dequeue(&self, id: &str) -> Result<(), StoreError>;
    /// The waiting tickets of every pool, longest waiting first, after
    /// dropping the waiting tickets last seen before `unseen_before_ms`
    /// (their lease lapsed: the stream or its replica is gone).
    async fn queue(&self, unseen_before_ms: u64) -> Result<Vec<Ticket>, StoreError>;
    /// The matched tickets last seen before `unseen_before_ms`: matches
    /// whose player's stream never took its seat (its replica died between
    /// the match and the delivery). Their games are to be undone.
    async fn undelivered(&self, unseen_before_ms: u64) -> Result<Vec<Undelivered>, StoreError>;
    /// Create the game `record` for the tickets of `seats`, each taking its
    /// seat, atomically: only if every ticket is still waiting and was seen
    /// since `unseen_before_ms` (else `Ok(false)` and nothing changes), so
    /// no ticket is matched twice, whichever replica matches.
    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        unseen_before_ms: u64,
    ) -> Result<bool, StoreError>;
    /// Take or renew the lease of the named feed reader (`lease.owner`
    /// until `lease.until_ms`): its position (the last sequence it
    /// delivered) while held, `None` while another owner's lease is live.
    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError>;
    /// Record that the named reader delivered everything up to `to`; only
    /// while `owner` holds its lease (`false` otherwise, nothing changes).
    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError>;

    /// Work that survives its replica (see [`work`]): the games whose due
    /// time has come and whose lease is free or expired, now leased to
    /// `lease.owner`; at most `limit`, earliest due first. A store only
    /// one process writes has no leases: nothing to claim.
    async fn claim_due(&self, lease: &Lease<'_>, limit: usize) -> Result<Vec<String>, StoreError> {
        let _ = (lease, limit);
        Ok(Vec::new())
    }
    /// Take or renew game `id`'s lease: `true` if `lease.owner` holds it
    /// until `lease.until_ms` now, `false` if another owner's lease is
    /// live. Always `true` for a store only one process writes.
    async fn lease(&self, id: &str, lease: &Lease<'_>) -> Result<bool, StoreError> {
        let _ = (id, lease);
        Ok(true)
    }
    /// Record when game `id` next needs the server (`None`: nothing due
    /// until a move or a seat change) and release `lease.owner`'s lease,
    /// only if the game is still at `at` (version and seat revision) and no
    /// other owner holds a live lease: a move or seat change made since
    /// has recorded its own due time. `false` if nothing was settled.
    async fn settle(
        &self,
        id: &str,
        lease: &Lease<'_>,
        at: Head,
        due_at_ms: Option<u64>,
    ) -> Result<bool, StoreError> {
        let _ = (id, lease, at, due_at_ms);
        Ok(true)
    }
    /// Release every game lease `owner` holds, keeping each game's due
    /// time, so that another replica claims the due ones at its next scan
    /// rather than after the leases expire (a replica that drains). The
    /// number of leases released; 0 for a store only one process writes.
    async fn release_leases(&self, owner: &str) -> Result<u64, StoreError> {
        let _ = owner;
        Ok(0)
    }
    /// Before the process exits: make every commit durable in the store's
    /// own file (SQLite: the write-ahead log checkpointed into the
    /// database). Nothing to do for the others.
    async fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
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

/// The player id of a built-in bot: every seat it plays is this player.
pub fn bot_player_id(bot: &str) -> String {
    format!("bot:{bot}")
}

/// The display name of a seat a bot took because nobody joined.
pub(crate) fn bot_seat_name(bot: &str) -> String {
    format!("{bot} bot")
}
