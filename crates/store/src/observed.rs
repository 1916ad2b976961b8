//! A store seen from above: every call is forwarded to the backend, and the
//! calls an [`Observer`] asks about are reported with how long they took.
//!
//! Why: the store is below the server and must not know about metrics (it
//! used to call the telemetry module from each backend's append). The
//! server wraps whatever store it opened in an `Observed` whose observer
//! times the commits; tests wrap one whose observer counts calls (a move
//! must cost one head query on a shared store, not two).

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tokio::sync::{broadcast, watch};

use super::{
    Event, Expiry, GameEnd, GameRecord, GameStatus, GameStore, GameSummary, Head, JoinSeat, Joined,
    Lease, ListQuery, LobbyError, LoggedAction, MatchSeat, Notice, PlayerRating, SeatRecord,
    StoreError, StoredGame, Ticket, TicketState, Undelivered,
};

/// The calls an observer is told about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// A commit of moves (`append`), from the call to its durable end.
    Append,
    /// The version and seat revision (`head`): a replica's freshness check.
    Head,
    /// The moves since a version (`actions_since`): catching up.
    ActionsSince,
    /// A whole game (`load`): a cache miss.
    Load,
}

/// Told about each observed call when it ends, whatever its outcome.
pub trait Observer: Send + Sync + 'static {
    fn observed(&self, call: Call, took: Duration);
}

/// `inner` with `observer` told about its calls (see the module docs).
pub struct Observed<O> {
    inner: Arc<dyn GameStore>,
    observer: O,
}

impl<O: Observer> Observed<O> {
    pub fn new(inner: Arc<dyn GameStore>, observer: O) -> Self {
        Self { inner, observer }
    }

    /// The observer (tests read their counts from it).
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Run `f`, then tell the observer how long it took.
    async fn timed<T>(&self, call: Call, f: impl Future<Output = T>) -> T {
        let start = Instant::now();
        let out = f.await;
        self.observer.observed(call, start.elapsed());
        out
    }
}

#[async_trait]
impl<O: Observer> GameStore for Observed<O> {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        self.inner.create(record).await
    }
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.timed(Call::Load, self.inner.load(id)).await
    }
    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        status: GameStatus,
        due_at_ms: Option<u64>,
        end: Option<&GameEnd>,
    ) -> Result<(), StoreError> {
        self.timed(
            Call::Append,
            self.inner
                .append(id, version, actions, status, due_at_ms, end),
        )
        .await
    }
    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
        self.timed(Call::ActionsSince, self.inner.actions_since(id, from))
            .await
    }
    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError> {
        self.timed(Call::Head, self.inner.head(id)).await
    }
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        self.inner.seats(id).await
    }
    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError> {
        self.inner.resign(id, seat, bot).await
    }
    async fn join(
        &self,
        id: &str,
        seat: Option<usize>,
        taker: &JoinSeat,
        now_ms: u64,
    ) -> Result<Joined, LobbyError> {
        self.inner.join(id, seat, taker, now_ms).await
    }
    async fn leave(&self, id: &str, seat: usize, holder: [u8; 32]) -> Result<(), LobbyError> {
        self.inner.leave(id, seat, holder).await
    }
    async fn fill_open_seats(&self, id: &str, bot: &str, now_ms: u64) -> Result<bool, StoreError> {
        self.inner.fill_open_seats(id, bot, now_ms).await
    }
    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError> {
        self.inner.started_at(id).await
    }
    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        self.inner.list(query).await
    }
    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError> {
        self.inner.expire(expiry).await
    }
    async fn set_token(
        &self,
        id: &str,
        seat: usize,
        hash: [u8; 32],
        replacing: Option<[u8; 32]>,
    ) -> Result<(), StoreError> {
        self.inner.set_token(id, seat, hash, replacing).await
    }
    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        self.inner.delete(id).await
    }
    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError> {
        self.inner.live_bot_games(owner).await
    }
    async fn ratings(
        &self,
        game_type: &str,
        player_ids: &[String],
    ) -> Result<Vec<PlayerRating>, StoreError> {
        self.inner.ratings(game_type, player_ids).await
    }
    async fn leaderboard(
        &self,
        game_type: &str,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        self.inner.leaderboard(game_type, offset, limit).await
    }
    async fn events_after(
        &self,
        after: u64,
        owner: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Event>, StoreError> {
        self.inner.events_after(after, owner, limit).await
    }
    async fn feed_head(&self) -> Result<u64, StoreError> {
        self.inner.feed_head().await
    }
    fn feed_notices(&self) -> Option<watch::Receiver<u64>> {
        self.inner.feed_notices()
    }
    async fn enqueue(&self, ticket: &Ticket, now_ms: u64) -> Result<(), StoreError> {
        self.inner.enqueue(ticket, now_ms).await
    }
    async fn ticket(&self, id: &str, now_ms: u64) -> Result<TicketState, StoreError> {
        self.inner.ticket(id, now_ms).await
    }
    async fn dequeue(&self, id: &str) -> Result<(), StoreError> {
        self.inner.dequeue(id).await
    }
    async fn queue(&self, unseen_before_ms: u64) -> Result<Vec<Ticket>, StoreError> {
        self.inner.queue(unseen_before_ms).await
    }
    async fn undelivered(&self, unseen_before_ms: u64) -> Result<Vec<Undelivered>, StoreError> {
        self.inner.undelivered(unseen_before_ms).await
    }
    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        unseen_before_ms: u64,
    ) -> Result<bool, StoreError> {
        self.inner
            .create_match(record, seats, unseen_before_ms)
            .await
    }
    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError> {
        self.inner.cursor(name, lease).await
    }
    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError> {
        self.inner.advance_cursor(name, owner, to).await
    }
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }
    fn shared(&self) -> bool {
        self.inner.shared()
    }
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        self.inner.notices()
    }
    fn faults(&self) -> Option<watch::Receiver<Option<String>>> {
        self.inner.faults()
    }
    async fn claim_due(&self, lease: &Lease<'_>, limit: usize) -> Result<Vec<String>, StoreError> {
        self.inner.claim_due(lease, limit).await
    }
    async fn lease(&self, id: &str, lease: &Lease<'_>) -> Result<bool, StoreError> {
        self.inner.lease(id, lease).await
    }
    async fn settle(
        &self,
        id: &str,
        lease: &Lease<'_>,
        at: Head,
        due_at_ms: Option<u64>,
    ) -> Result<bool, StoreError> {
        self.inner.settle(id, lease, at, due_at_ms).await
    }
    async fn release_leases(&self, owner: &str) -> Result<u64, StoreError> {
        self.inner.release_leases(owner).await
    }
    async fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush().await
    }
}
