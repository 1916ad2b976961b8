//! The store by role: one trait per job, so that a feature names the part
//! of the store it uses, and [`GameStore`] is all of them.
//!
//! Why: one trait of 38 methods for five jobs made every wrapper repeat
//! every signature. A backend implements each role; a wrapper is a
//! [`Layer`](crate::layer::Layer), which forwards every role from the one
//! list of methods in `layer`.

use async_trait::async_trait;
use tokio::sync::{broadcast, watch};

use crate::{
    Commit, Event, Expiry, GameRecord, GameSummary, Head, JoinSeat, Joined, Lease, ListQuery,
    LobbyError, LoggedAction, MatchSeat, NewTalk, Notice, PlayerRating, SeatBot, SeatRecord,
    StoreError, StoredGame, TalkEntry, Ticket, TicketState, TournamentNotice, TournamentQuery,
    TournamentRecord, TournamentSave, Undelivered,
};

/// The log: games, their actions, and what the store as a whole is (its
/// kind, whether replicas share it, its notices and faults).
///
/// Implementations must make `append` atomic and durable before returning
/// `Ok`: the service acknowledges a move only then.
#[async_trait]
pub trait GameLog: Send + Sync + 'static {
    /// Record a new game (with an empty log).
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError>;
    /// The game and its whole log, or `None` if unknown.
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Append `actions` as versions `version + 1 ..`, but only if the stored
    /// log has exactly `version` entries (else `Conflict`, nothing written),
    /// with what `commit` says in the same commit: the game's status after
    /// them, its next due time, its end, and the bot of a seat a timeout
    /// gave away.
    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        commit: &Commit<'_>,
    ) -> Result<(), StoreError>;
    /// The actions after the first `from` (versions `from + 1 ..`).
    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError>;
    /// The current version and seat revision, or `None` if the game is gone.
    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError>;
    /// Games newest first, filtered and paged.
    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError>;
    /// Delete the games retention no longer keeps; returns their ids.
    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError>;
    /// Delete one game and its log (an administrator's DeleteGame); `false`
    /// if it did not exist. Replicas sharing the store are notified.
    async fn delete(&self, id: &str) -> Result<bool, StoreError>;
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
    /// Before the process exits: make every commit durable in the store's
    /// own file (SQLite: the write-ahead log checkpointed into the
    /// database). Nothing to do for the others.
    async fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The lobby and the seats: who plays each seat, joining and leaving a
/// waiting game, resigning to a bot, bots filling a lobby.
#[async_trait]
pub trait Lobby: Send + Sync + 'static {
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
    async fn fill_open_seats(
        &self,
        id: &str,
        bot: &SeatBot,
        now_ms: u64,
    ) -> Result<bool, StoreError>;
    /// When the game started (`None` while waiting).
    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError>;
    /// How many games of `owner` are in progress with a bot seat (the cap
    /// on live bot games).
    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError>;
}

/// Seat tokens: only their hashes are stored, and a rotation is guarded so
/// that of two replicas rotating one seat at once only one succeeds.
#[async_trait]
pub trait Tokens: Send + Sync + 'static {
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
}

/// Rated play (see [`rated`](crate::rated)): ratings, the leaderboard, the
/// feed of game events and the matchmaking queue.
#[async_trait]
pub trait RatedPlay: Send + Sync + 'static {
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
    /// Queue `ticket`, held under `lease` (see [`Lease`]: a ticket is
    /// owned by the replica whose stream follows it, like a game it
    /// drives). A player (non-empty `player_id`) has at most one waiting
    /// ticket: a new one replaces it (the old ticket is then `Gone`, so
    /// the stream that held it ends), which is how a player whose replica
    /// died queues again at once anywhere. A matched ticket is not
    /// replaced.
    async fn enqueue(&self, ticket: &Ticket, lease: &Lease<'_>) -> Result<(), StoreError>;
    /// Renew `lease` on each ticket of `ids` still queued (held by
    /// `lease.owner`, or whose lease has ended) and say where each stands,
    /// in the order given (`Gone` for one no longer queued). A replica
    /// holds all its tickets with one call per lease period.
    async fn hold_tickets(
        &self,
        ids: &[String],
        lease: &Lease<'_>,
    ) -> Result<Vec<TicketState>, StoreError>;
    /// Remove ticket `id` (its player left the queue, or took its match).
    async fn dequeue(&self, id: &str) -> Result<(), StoreError>;
    /// The waiting tickets of every pool, longest waiting first, after
    /// dropping the waiting tickets whose lease ended before `now_ms`
    /// (their stream or its replica is gone).
    async fn queue(&self, now_ms: u64) -> Result<Vec<Ticket>, StoreError>;
    /// The matched tickets whose lease ended before `now_ms`: matches
    /// whose player's stream never took its seat (its replica died between
    /// the match and the delivery). Their games are to be undone.
    async fn undelivered(&self, now_ms: u64) -> Result<Vec<Undelivered>, StoreError>;
    /// Create the game `record` for the tickets of `seats`, each taking its
    /// seat, atomically: only if every ticket is still waiting and its
    /// lease is live at `now_ms` (else `Ok(false)` and nothing changes), so
    /// no ticket is matched twice, whichever replica matches.
    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        now_ms: u64,
    ) -> Result<bool, StoreError>;
}

/// Work and leases (see [`work`](crate::work)): what a replica owns for a
/// while (a game it drives, a feed reader's cursor), renewed while owned,
/// handed back on drain, taken over once it lapses.
#[async_trait]
pub trait Leases: Send + Sync + 'static {
    /// Work that survives its replica (see [`work`](crate::work)): the games whose due
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
    /// Take or renew the lease of the named feed reader (`lease.owner`
    /// until `lease.until_ms`): its position (the last sequence it
    /// delivered) while held, `None` while another owner's lease is live.
    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError>;
    /// Record that the named reader delivered everything up to `to`; only
    /// while `owner` holds its lease (`false` otherwise, nothing changes).
    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError>;
}

/// Tournaments (see [`tournaments`](crate::tournaments)): made, read,
/// listed, and saved only over the version read, so a round is never
/// paired twice whichever replica pairs it. Who drives a running
/// tournament is a lease of the [`Leases`] role (a named cursor).
#[async_trait]
pub trait Tournaments: Send + Sync + 'static {
    /// Record a new tournament at `record.version`
    /// (`AlreadyExists` for a taken id).
    async fn create_tournament(&self, record: &TournamentRecord) -> Result<(), StoreError>;
    /// The tournament, or `None` if unknown.
    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError>;
    /// Tournaments newest first (creation time, then id, descending),
    /// filtered and paged.
    async fn list_tournaments(
        &self,
        query: &TournamentQuery,
    ) -> Result<Vec<TournamentRecord>, StoreError>;
    /// Replace the state and status, only if the stored version is still
    /// `version` (else `Conflict`, nothing written; `NotFound` if unknown);
    /// the stored version becomes `version + 1`.
    async fn save_tournament(
        &self,
        id: &str,
        version: u64,
        save: &TournamentSave<'_>,
    ) -> Result<(), StoreError>;
    /// Tournaments made or saved by any process sharing the store, when
    /// the backend can tell (the server's follower fans them out).
    fn tournament_notices(&self) -> Option<broadcast::Receiver<TournamentNotice>> {
        None
    }
}

/// A game's talk: chat messages, their deletions and mutes, offers and
/// their answers, kept beside the log (never in it: they change no
/// version) and deleted with the game.
#[async_trait]
pub trait Talk: Send + Sync + 'static {
    /// Record `talk` as game `id`'s next entry and return its number
    /// (`NotFound` for an unknown game, or a `redact` naming no entry),
    /// atomically with its `redact`. Durable before it returns; replicas
    /// sharing the store are notified (`Notice::Talk`).
    async fn add_talk(&self, id: &str, talk: &NewTalk<'_>) -> Result<u64, StoreError>;
    /// Game `id`'s entries after number `after`, in order (`NotFound` for
    /// an unknown game).
    async fn talk_since(&self, id: &str, after: u64) -> Result<Vec<TalkEntry>, StoreError>;
}

/// A whole store: every role. Implemented for anything that has them all,
/// so a backend implements the roles and `Arc<dyn GameStore>` is what the
/// server holds.
pub trait GameStore: GameLog + Lobby + Tokens + RatedPlay + Leases + Tournaments + Talk {}

impl<T: GameLog + Lobby + Tokens + RatedPlay + Leases + Tournaments + Talk + ?Sized> GameStore
    for T
{
}
