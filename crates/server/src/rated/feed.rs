//! The feed of game events (WatchEvents, and the webhooks' source): the
//! store's events as the API shows them, one follower per process that
//! reads them once, and readers that each stream holds.
//!
//! How it costs what it does: the [`Feed`]'s follower (one task, started
//! by the first reader) asks the store for new events only when the store
//! says a commit added some (`GameStore::feed_notices`: the commit itself
//! on SQLite and memory, a NOTIFY from any replica on PostgreSQL) and
//! broadcasts each batch once; every open stream filters the batches in
//! memory by its [`Scope`]. An idle stream is a task parked on a channel:
//! no store query and no CPU between events. A stream reads the store
//! itself only to catch up from the sequence it resumes at (one indexed
//! query per 100 events of its scope) or after falling a whole buffer
//! behind.
//!
//! Invariant: a reader returns the events of its scope in sequence order,
//! each once, and never skips one. The follower's batches cover the
//! sequence without gaps (each says the range it covers), a reader
//! subscribes and reads the follower's position in one step, catches up
//! from the store to that position and then takes the batches; a batch
//! that does not start where the reader is (it fell behind) sends it back
//! to the store. The store numbers events in commit order without gaps
//! (see `satrap_store::rated`), so a client that resumes with the last
//! sequence it saw misses nothing, whichever replica it reaches.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use prost::Message;
use tokio::sync::{broadcast, mpsc, watch as signal};
use tonic::Status;

use crate::error::ServiceError;
use crate::proto;
use satrap_store::{Event, EventKind, EventSeat, GameStore, StoreError};

use super::ratings;

/// How often the follower looks at the store when the backend cannot
/// signal commits (a custom store).
pub const POLL: Duration = Duration::from_millis(250);
/// How often the follower looks anyway when it is signalled: a safety net
/// for a notification lost in transit, not the feed's latency.
const SAFETY: Duration = Duration::from_secs(5);
/// Events read from the store at once.
const BATCH: usize = 100;
/// Batches the follower keeps for readers that are behind; a reader
/// further behind catches up from the store.
const BACKLOG: usize = 1024;
/// A stream's buffer: a slow reader holds back only its own stream.
const BUFFER: usize = 64;

/// Whose events a caller sees: the one visibility rule for private games,
/// as the feed applies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// Every game's (an admin key; the operator's webhooks).
    All,
    /// The games a creator key made, private ones included.
    Owner(String),
    /// Every public game's (a caller on a server without keys): a private
    /// game's events reach only its owner and administrators.
    Public,
}

impl Scope {
    /// The owner the store's query can filter on.
    fn owner(&self) -> Option<&str> {
        match self {
            Scope::Owner(o) => Some(o),
            Scope::All | Scope::Public => None,
        }
    }

    /// Whether this scope sees `event`.
    pub fn sees(&self, event: &Event) -> bool {
        match self {
            Scope::All => true,
            Scope::Owner(o) => &event.owner == o,
            Scope::Public => !event.private,
        }
    }
}

/// Events `(after, upto]` of the whole feed, as one commit-ordered batch.
#[derive(Debug)]
pub struct Batch {
    after: u64,
    upto: u64,
    events: Vec<Arc<Event>>,
}

/// The feed of one process: its follower's position and the batches it
/// broadcasts.
pub struct Feed {
    store: Arc<dyn GameStore>,
    /// The last sequence the follower has broadcast (`None` until it has
    /// read the store's head). Batches are sent while this is being
    /// changed, under its lock, so [`Feed::subscribe`] sees both at once.
    head: signal::Sender<Option<u64>>,
    batches: broadcast::Sender<Arc<Batch>>,
    started: AtomicBool,
    shutdown: signal::Receiver<bool>,
}

impl Feed {
    pub fn new(store: Arc<dyn GameStore>, shutdown: signal::Receiver<bool>) -> Arc<Feed> {
        Arc::new(Feed {
            store,
            head: signal::Sender::new(None),
            batches: broadcast::channel(BACKLOG).0,
            started: AtomicBool::new(false),
            shutdown,
        })
    }

    /// A reader of `scope`'s events after sequence `after`.
    pub fn reader(self: &Arc<Self>, scope: Scope, after: u64) -> Reader {
        Reader {
            feed: self.clone(),
            scope,
            position: after,
            live: None,
            shutdown: self.shutdown.clone(),
        }
    }

    /// Subscribe to the batches, with the follower's position at that
    /// moment (the first batch received starts there). Starts the follower
    /// if nobody has; waits until it knows the store's head. `None` at
    /// shutdown.
    async fn subscribe(self: &Arc<Self>) -> Option<(broadcast::Receiver<Arc<Batch>>, u64)> {
        if !self.started.swap(true, Ordering::AcqRel) {
            tokio::spawn(self.clone().follow());
        }
        let mut head = self.head.subscribe();
        let mut shutdown = self.shutdown.clone();
        tokio::select! {
            known = head.wait_for(Option::is_some) => { known.ok()?; }
            _ = shutdown.wait_for(|stop| *stop) => return None,
        }
        let at = self.head.borrow();
        let rx = self.batches.subscribe();
        Some((rx, (*at)?))
    }

    /// The follower: read what the store committed since the last look,
    /// broadcast it, wait for the next signal. Ends at shutdown.
    async fn follow(self: Arc<Self>) {
        let mut shutdown = self.shutdown.clone();
        let mut notices = self.store.feed_notices();
        let mut position = loop {
            match self.store.feed_head().await {
                Ok(head) => break head,
                Err(e) => tracing::debug!(error = %e, "feed: reading the head, retrying"),
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                _ = shutdown.wait_for(|stop| *stop) => return,
            }
        };
        self.head.send_replace(Some(position));
        loop {
            if let Some(n) = notices.as_mut() {
                n.borrow_and_update();
            }
            match self.read_after(position).await {
                Ok(reached) => position = reached,
                Err(e) => {
                    tracing::debug!(error = %e, "feed: store unavailable, retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = shutdown.wait_for(|stop| *stop) => return,
                    }
                    continue;
                }
            }
            let wait = if notices.is_some() { SAFETY } else { POLL };
            let signalled = async {
                match notices.as_mut() {
                    Some(n) => {
                        if n.changed().await.is_err() {
                            std::future::pending::<()>().await;
                        }
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = signalled => {}
                _ = tokio::time::sleep(wait) => {}
                _ = shutdown.wait_for(|stop| *stop) => return,
            }
        }
    }

    /// Broadcast every event after `position`; returns the new position.
    async fn read_after(&self, mut position: u64) -> Result<u64, StoreError> {
        loop {
            let events = self.store.events_after(position, None, BATCH).await?;
            let Some(last) = events.last().map(|e| e.sequence) else {
                return Ok(position);
            };
            let full = events.len() == BATCH;
            let batch = Arc::new(Batch {
                after: position,
                upto: last,
                events: events.into_iter().map(Arc::new).collect(),
            });
            self.head.send_modify(|head| {
                *head = Some(last);
                // No receiver is fine: nobody is watching.
                let _ = self.batches.send(batch);
            });
            position = last;
            if !full {
                return Ok(position);
            }
        }
    }
}

/// One stream's place in the feed: its scope, and the sequence up to which
/// it has returned every event of that scope.
pub struct Reader {
    feed: Arc<Feed>,
    scope: Scope,
    position: u64,
    /// The batches, and the follower's position when subscribed (read
    /// from the store up to there first); `None`: to subscribe again.
    live: Option<(broadcast::Receiver<Arc<Batch>>, u64)>,
    shutdown: signal::Receiver<bool>,
}

impl Reader {
    /// The next events of the scope (at least one), waiting for them;
    /// `None` at shutdown. Cancel-safe: dropped while waiting, it loses
    /// nothing (the position moves only when events are returned).
    pub async fn next(&mut self) -> Result<Option<Vec<Arc<Event>>>, ServiceError> {
        loop {
            if *self.shutdown.borrow() {
                return Ok(None);
            }
            let Some((live, caught_up_to)) = self.live.as_mut() else {
                match self.feed.subscribe().await {
                    Some(sub) => self.live = Some(sub),
                    None => return Ok(None),
                }
                continue;
            };
            if self.position < *caught_up_to {
                let target = *caught_up_to;
                let events = self.catch_up(target).await?;
                if !events.is_empty() {
                    return Ok(Some(events));
                }
                continue;
            }
            let batch = tokio::select! {
                got = live.recv() => got,
                _ = self.shutdown.wait_for(|stop| *stop) => return Ok(None),
            };
            match batch {
                Ok(batch) if batch.after > self.position => {
                    // A gap before this batch (it cannot happen while the
                    // follower's batches are contiguous; if it did): read
                    // it all, this batch included, from the store.
                    *caught_up_to = batch.upto;
                    continue;
                }
                Ok(batch) => {
                    let events: Vec<Arc<Event>> = batch
                        .events
                        .iter()
                        .filter(|e| e.sequence > self.position && self.scope.sees(e))
                        .cloned()
                        .collect();
                    self.position = self.position.max(batch.upto);
                    if !events.is_empty() {
                        return Ok(Some(events));
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => self.live = None,
                Err(broadcast::error::RecvError::Closed) => return Ok(None),
            }
        }
    }

    /// Read the scope's events after the position from the store, up to
    /// `target` (the batches take over from there).
    async fn catch_up(&mut self, target: u64) -> Result<Vec<Arc<Event>>, ServiceError> {
        let store = &self.feed.store;
        let got = loop {
            match store
                .events_after(self.position, self.scope.owner(), BATCH)
                .await
            {
                Ok(got) => break got,
                Err(e @ (StoreError::Backend(_) | StoreError::Unavailable { .. })) => {
                    tracing::debug!(error = %e, "feed: store unavailable, retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = self.shutdown.wait_for(|stop| *stop) => return Ok(Vec::new()),
                    }
                }
                Err(e) => return Err(e.into()),
            }
        };
        let reached_end = got.len() < BATCH || got.last().is_some_and(|e| e.sequence >= target);
        let mut position = self.position;
        let mut events = Vec::new();
        for e in got.into_iter().take_while(|e| e.sequence <= target) {
            position = e.sequence;
            if self.scope.sees(&e) {
                events.push(Arc::new(e));
            }
        }
        self.position = if reached_end {
            position.max(target)
        } else {
            position
        };
        Ok(events)
    }
}

fn seats(seats: &[EventSeat]) -> Vec<proto::SeatInfo> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| proto::SeatInfo {
            seat: i as u32,
            name: s.name.clone(),
            bot: s.bot.clone(),
            open: s.open,
            player_id: s.player_id.clone(),
            ..proto::SeatInfo::default()
        })
        .collect()
}

/// An event as the API shows it.
pub fn to_proto(e: &Event) -> proto::FeedEvent {
    use proto::feed_event::Event as E;
    let event = match &e.kind {
        EventKind::Created { seats: s, rated } => E::Created(proto::GameCreated {
            seats: seats(s),
            rated: *rated,
        }),
        EventKind::Started { seats: s } => E::Started(proto::GameStarted { seats: seats(s) }),
        EventKind::Finished {
            outcome,
            rated,
            changes,
        } => E::Finished(proto::GameFinished {
            // Written by this server from a valid Outcome; a damaged one
            // shows as an empty outcome rather than ending the feed.
            outcome: proto::Outcome::decode(outcome.as_slice()).ok(),
            rated: *rated,
            rating_changes: changes
                .iter()
                .map(|c| proto::RatingChange {
                    seat: c.seat,
                    player_id: c.after.player_id.clone(),
                    before: Some(ratings::to_proto(&c.before, 0)),
                    after: Some(ratings::to_proto(&c.after, 0)),
                })
                .collect(),
        }),
        EventKind::Aborted { by } => E::Aborted(proto::GameAborted { by: by.clone() }),
        EventKind::Deleted => E::Deleted(proto::GameDeleted {}),
    };
    proto::FeedEvent {
        sequence: e.sequence,
        at_ms: e.at_ms,
        game_id: e.game_id.clone(),
        game_type: e.game_type.clone(),
        owner: e.owner.clone(),
        event: Some(event),
    }
}

/// WatchEvents: the events after `after` for `scope`, then new ones as
/// they are committed, until the client leaves or the server stops.
pub fn watch(
    feed: &Arc<Feed>,
    scope: Scope,
    after: u64,
) -> mpsc::Receiver<Result<proto::FeedEvent, Status>> {
    let (tx, rx) = mpsc::channel(BUFFER);
    let mut reader = feed.reader(scope, after);
    tokio::spawn(async move {
        loop {
            let events = tokio::select! {
                got = reader.next() => got,
                _ = tx.closed() => return,
            };
            match events {
                Ok(Some(events)) => {
                    for e in &events {
                        if tx.send(Ok(to_proto(e))).await.is_err() {
                            return;
                        }
                    }
                }
                Ok(None) => {
                    let _ = tx
                        .send(Err(Status::unavailable(
                            "the server is shutting down; resume from the last sequence seen",
                        )))
                        .await;
                    return;
                }
                Err(e) => {
                    let _ = tx.send(Err(e.into())).await;
                    return;
                }
            }
        }
    });
    rx
}

/// A feed event as a webhook's JSON body: the protobuf JSON mapping's
/// shape with the proto's field names (`game_id`, `rating_changes`), and
/// `id`, the delivery's idempotency key.
pub fn to_json(e: &proto::FeedEvent) -> serde_json::Value {
    use proto::feed_event::Event as E;
    use serde_json::json;
    let seat_list = |seats: &[proto::SeatInfo]| -> Vec<serde_json::Value> {
        seats
            .iter()
            .map(|s| json!({"seat": s.seat, "name": s.name, "bot": s.bot, "player_id": s.player_id, "open": s.open}))
            .collect()
    };
    let rating = |r: &Option<proto::PlayerRating>| {
        r.as_ref().map(|r| {
            json!({"rating": r.rating, "uncertainty": r.uncertainty, "display": r.display,
                   "games": r.games, "wins": r.wins})
        })
    };
    let (kind, detail) = match &e.event {
        Some(E::Created(c)) => (
            "created",
            json!({"seats": seat_list(&c.seats), "rated": c.rated}),
        ),
        Some(E::Started(s)) => ("started", json!({"seats": seat_list(&s.seats)})),
        Some(E::Finished(f)) => (
            "finished",
            json!({
                "rated": f.rated,
                "outcome": f.outcome.as_ref().map(|o| json!({
                    "winners": o.winners, "draw": o.draw, "ending": o.ending, "summary": o.summary,
                    "results": o.results.iter().map(|r| json!({"seat": r.seat, "rank": r.rank, "score": r.score})).collect::<Vec<_>>(),
                })),
                "rating_changes": f.rating_changes.iter().map(|c| json!({
                    "seat": c.seat, "player_id": c.player_id,
                    "before": rating(&c.before), "after": rating(&c.after),
                })).collect::<Vec<_>>(),
            }),
        ),
        Some(E::Aborted(a)) => ("aborted", json!({"by": a.by})),
        Some(E::Deleted(_)) => ("deleted", json!({})),
        None => ("unknown", json!({})),
    };
    json!({
        "id": event_id(e.sequence),
        "sequence": e.sequence,
        "at_ms": e.at_ms,
        "game_id": e.game_id,
        "game_type": e.game_type,
        "owner": e.owner,
        "kind": kind,
        kind: detail,
    })
}

/// The idempotency key of the event with `sequence` (the
/// `satrap-event-id` header and the body's `id`).
pub fn event_id(sequence: u64) -> String {
    format!("evt-{sequence}")
}
