//! The feed of game events (WatchEvents, and the webhooks' source): the
//! store's events as the API shows them, one follower per process that
//! reads them once, and readers that each stream holds.
//!
//! How it costs what it does: the feed's part of the replica's follower
//! ([`Feed::follow`], run by the hub's one follower task beside the games'
//! notices: `hub::follow`) asks the store for new events only when the
//! store says a commit added some (`GameStore::feed_notices`: the commit itself
//! on SQLite and memory, a NOTIFY from any replica on PostgreSQL) and
//! broadcasts each batch once: whole to the streams that see every game,
//! and to each creator key's streams only the part about its own games,
//! on a channel of that key's, so a key's streams are not even woken by
//! other keys' events. Every stream filters what it gets in memory by its
//! [`Scope`]. An idle stream is a task parked on a channel: no store
//! query and no CPU between its events. A stream reads the store
//! itself only to catch up from the sequence it resumes at (one indexed
//! query per 100 events of its scope) or after falling a whole buffer
//! behind.
//!
//! Invariant: a reader returns the events of its scope in sequence order,
//! each once, and never skips one. The follower's batches cover the
//! sequence without gaps (each says the range it covers, and a key's
//! batch holds every event of that key in its range), a reader subscribes
//! and reads the follower's position in one step, catches up from the
//! store to that position and then takes the batches; a reader that fell
//! a whole backlog behind goes back to the store. The store numbers events in commit order without gaps
//! (see `satrap_store::rated`), so a client that resumes with the last
//! sequence it saw misses nothing, whichever replica it reaches.

use std::sync::Arc;
use std::time::Duration;

use prost::Message;
use tokio::sync::{broadcast, mpsc, watch as signal};
use tonic::Status;

use crate::error::ServiceError;
use crate::proto;
use satrap_store::{Event, EventKind, EventSeat, GameStore, StoreError, TournamentChange};

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
/// further behind catches up from the store. (Small in the unit tests, so
/// that they fall that far behind.)
const BACKLOG: usize = if cfg!(test) { 16 } else { 1024 };
/// A stream's buffer: a slow reader holds back only its own stream.
const BUFFER: usize = 64;

/// The feed's scopes are the callers' ([`Scope`]): the visibility rule,
/// and a key's feed holds its own games' events only.
pub use crate::access::Scope;

/// The owner the store's query can filter on.
fn owner_of(scope: &Scope) -> Option<&str> {
    match scope {
        Scope::Owner(o) => Some(o),
        Scope::All | Scope::Public => None,
    }
}

/// Whether `scope`'s feed holds `event`: the visibility rule for a private
/// game, and for a key only its own games.
pub fn holds(scope: &Scope, event: &Event) -> bool {
    match scope {
        Scope::Owner(o) => &event.owner == o,
        Scope::All | Scope::Public => scope.sees(event.private, &event.owner),
    }
}

/// Events `(after, upto]` of the whole feed, as one commit-ordered batch
/// (on a key's channel: that key's events of the range, all of them).
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
    /// Every event, for the scopes that see every game's.
    batches: broadcast::Sender<Arc<Batch>>,
    /// Each creator key's events, for that key's streams; a key's channel
    /// is dropped once none of its streams is left.
    owners: std::sync::Mutex<std::collections::HashMap<String, broadcast::Sender<Arc<Batch>>>>,
    shutdown: signal::Receiver<bool>,
}

impl Feed {
    pub fn new(store: Arc<dyn GameStore>, shutdown: signal::Receiver<bool>) -> Arc<Feed> {
        Arc::new(Feed {
            store,
            head: signal::Sender::new(None),
            batches: broadcast::channel(BACKLOG).0,
            owners: std::sync::Mutex::new(std::collections::HashMap::new()),
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

    /// Subscribe to the batches `scope` reads, with the follower's position
    /// at that moment (no batch received starts before it). Waits until
    /// the follower knows the store's head. `None` at shutdown.
    async fn subscribe(
        self: &Arc<Self>,
        scope: &Scope,
    ) -> Option<(broadcast::Receiver<Arc<Batch>>, u64)> {
        let mut head = self.head.subscribe();
        let mut shutdown = self.shutdown.clone();
        tokio::select! {
            known = head.wait_for(Option::is_some) => { known.ok()?; }
            _ = shutdown.wait_for(|stop| *stop) => return None,
        }
        // Under the head's lock: the follower sends batches only while
        // holding it for writing.
        let at = self.head.borrow();
        let rx = match scope {
            Scope::Owner(owner) => self
                .owners
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(owner.clone())
                .or_insert_with(|| broadcast::channel(BACKLOG).0)
                .subscribe(),
            Scope::All | Scope::Public => self.batches.subscribe(),
        };
        Some((rx, (*at)?))
    }

    /// The feed's part of the replica's follower: read what the store
    /// committed since the last look, broadcast it, wait for the next
    /// signal. Ends at shutdown. The hub's follower runs it (`hub::follow`),
    /// once per process; readers wait until it has read the store's head.
    pub async fn follow(&self) {
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
                self.publish(batch);
            });
            position = last;
            if !full {
                return Ok(position);
            }
        }
    }
}

impl Feed {
    /// Send `batch` whole to the streams of every game, and its part about
    /// each key's games to that key's streams (only to keys that have
    /// some: a key's streams wake for their own events only).
    fn publish(&self, batch: Arc<Batch>) {
        let mut owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
        owners.retain(|_, tx| tx.receiver_count() > 0);
        if !owners.is_empty() {
            let mut by_owner: std::collections::HashMap<&str, Vec<Arc<Event>>> =
                std::collections::HashMap::new();
            for e in &batch.events {
                if owners.contains_key(e.owner.as_str()) {
                    by_owner
                        .entry(e.owner.as_str())
                        .or_default()
                        .push(e.clone());
                }
            }
            for (owner, events) in by_owner {
                if let Some(tx) = owners.get(owner) {
                    let _ = tx.send(Arc::new(Batch {
                        after: batch.after,
                        upto: batch.upto,
                        events,
                    }));
                }
            }
        }
        // No receiver is fine: nobody is watching.
        let _ = self.batches.send(batch);
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
                match self.feed.subscribe(&self.scope).await {
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
            // A key's channel carries only batches with its events: the
            // ranges between them hold none of them, so only the whole
            // feed's batches are checked for a gap.
            let whole = !matches!(self.scope, Scope::Owner(_));
            match batch {
                Ok(batch) if whole && batch.after > self.position => {
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
                        .filter(|e| e.sequence > self.position && holds(&self.scope, e))
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
                .events_after(self.position, owner_of(&self.scope), BATCH)
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
            if holds(&self.scope, &e) {
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
        EventKind::Tournament { change, .. } => match change {
            TournamentChange::Started { entrants } => {
                E::TournamentStarted(proto::TournamentStarted {
                    entrants: *entrants,
                })
            }
            TournamentChange::RoundPaired { round } => {
                E::TournamentRoundPaired(proto::TournamentRoundPaired { round: *round })
            }
            TournamentChange::Finished { winners } => {
                E::TournamentFinished(proto::TournamentFinished {
                    winner_ids: winners.clone(),
                })
            }
            TournamentChange::Cancelled => E::TournamentCancelled(proto::TournamentCancelled {}),
        },
    };
    let tournament_id = match &e.kind {
        EventKind::Tournament { tournament_id, .. } => tournament_id.clone(),
        _ => String::new(),
    };
    proto::FeedEvent {
        sequence: e.sequence,
        at_ms: e.at_ms,
        game_id: e.game_id.clone(),
        game_type: e.game_type.clone(),
        owner: e.owner.clone(),
        tournament_id,
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
        Some(E::TournamentStarted(s)) => ("tournament_started", json!({"entrants": s.entrants})),
        Some(E::TournamentRoundPaired(p)) => ("tournament_round_paired", json!({"round": p.round})),
        Some(E::TournamentFinished(f)) => {
            ("tournament_finished", json!({"winner_ids": f.winner_ids}))
        }
        Some(E::TournamentCancelled(_)) => ("tournament_cancelled", json!({})),
        None => ("unknown", json!({})),
    };
    let mut body = json!({
        "id": event_id(e.sequence),
        "sequence": e.sequence,
        "at_ms": e.at_ms,
        "game_id": e.game_id,
        "game_type": e.game_type,
        "owner": e.owner,
        "kind": kind,
        kind: detail,
    });
    if !e.tournament_id.is_empty() {
        body["tournament_id"] = json!(e.tournament_id);
    }
    body
}

/// The idempotency key of the event with `sequence` (the
/// `satrap-event-id` header and the body's `id`).
pub fn event_id(sequence: u64) -> String {
    format!("evt-{sequence}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use satrap_store::MemoryStore;
    use satrap_store::contract::record;

    /// A game of `owner` (private or not): its created and started events.
    async fn game(store: &dyn GameStore, id: &str, owner: &str, private: bool) {
        let mut r = record(id, "king_of_siam", 1_000);
        r.access.owner = owner.into();
        r.access.private = private;
        store.create(&r).await.expect("create");
    }

    /// The game ids of the next `n` events `reader` returns (10 s at most).
    async fn next_ids(reader: &mut Reader, n: usize) -> Vec<String> {
        let mut ids = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), async {
            while ids.len() < n {
                let events = reader.next().await.expect("read").expect("not shut down");
                ids.extend(events.iter().map(|e| e.game_id.clone()));
            }
        })
        .await
        .unwrap_or_else(|_| panic!("only {ids:?}"));
        ids
    }

    fn twice(ids: &[&str]) -> Vec<String> {
        ids.iter()
            .flat_map(|i| [i.to_string(), i.to_string()])
            .collect()
    }

    /// Each scope gets exactly its events, in order, whether they were
    /// committed before the reader started (the store's catch-up) or after
    /// (the follower's batches); a key's reader gets its own and nothing of
    /// another key's.
    #[tokio::test]
    async fn every_scope_reads_its_events_once_in_order() {
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(100));
        let (_stop, shutdown) = signal::channel(false);
        let feed = Feed::new(store.clone(), shutdown);
        // The feed's part of the replica's follower (the hub runs it).
        tokio::spawn({
            let feed = feed.clone();
            async move { feed.follow().await }
        });
        game(store.as_ref(), "a1", "key:a", false).await;
        game(store.as_ref(), "b1", "key:b", true).await;
        let mut all = feed.reader(Scope::All, 0);
        let mut a = feed.reader(Scope::Owner("key:a".into()), 0);
        let mut b = feed.reader(Scope::Owner("key:b".into()), 0);
        let mut public = feed.reader(Scope::Public, 0);
        assert_eq!(next_ids(&mut all, 4).await, twice(&["a1", "b1"]));
        assert_eq!(next_ids(&mut a, 2).await, twice(&["a1"]));
        assert_eq!(next_ids(&mut b, 2).await, twice(&["b1"]));
        assert_eq!(next_ids(&mut public, 2).await, twice(&["a1"]));
        // Now live.
        for (id, owner, private) in [
            ("a2", "key:a", false),
            ("b2", "key:b", false),
            ("a3", "key:a", true),
        ] {
            game(store.as_ref(), id, owner, private).await;
        }
        assert_eq!(next_ids(&mut all, 6).await, twice(&["a2", "b2", "a3"]));
        assert_eq!(next_ids(&mut a, 4).await, twice(&["a2", "a3"]));
        assert_eq!(next_ids(&mut b, 2).await, twice(&["b2"]));
        assert_eq!(next_ids(&mut public, 4).await, twice(&["a2", "b2"]));
        // A reader resumed after the third event picks up from there.
        let mut resumed = feed.reader(Scope::All, 3);
        assert_eq!(
            next_ids(&mut resumed, 7).await,
            ["b1", "a2", "a2", "b2", "b2", "a3", "a3"]
        );
    }

    /// A reader that falls more than a backlog behind the follower goes
    /// back to the store and still misses and repeats nothing.
    #[tokio::test]
    async fn a_reader_a_whole_backlog_behind_catches_up_from_the_store() {
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(5_000));
        let (_stop, shutdown) = signal::channel(false);
        let feed = Feed::new(store.clone(), shutdown);
        // The feed's part of the replica's follower (the hub runs it).
        tokio::spawn({
            let feed = feed.clone();
            async move { feed.follow().await }
        });
        let mut slow = feed.reader(Scope::All, 0);
        let mut watcher = feed.reader(Scope::All, 0);
        // Subscribed (the follower knows the head) before the flood.
        game(store.as_ref(), "g0", "key:a", false).await;
        assert_eq!(next_ids(&mut slow, 2).await, twice(&["g0"]));
        // More events than the backlog holds, in batches of at most BATCH.
        let games = BACKLOG * BATCH;
        for i in 1..=games {
            game(store.as_ref(), &format!("g{i}"), "key:a", false).await;
            if i % 10 == 0 {
                tokio::task::yield_now().await;
            }
        }
        // Let the follower publish everything, one batch per wake.
        assert_eq!(
            next_ids(&mut watcher, 2 * (games + 1)).await.len(),
            2 * (games + 1)
        );
        let ids = next_ids(&mut slow, 2 * games).await;
        let expected: Vec<String> = (1..=games)
            .flat_map(|i| [format!("g{i}"), format!("g{i}")])
            .collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn scopes_see_what_the_visibility_rule_says() {
        let event = |owner: &str, private: bool| Event {
            sequence: 1,
            at_ms: 0,
            game_id: "g".into(),
            game_type: "king_of_siam".into(),
            owner: owner.into(),
            private,
            kind: EventKind::Deleted,
        };
        assert!(holds(&Scope::All, &event("key:a", true)));
        assert!(holds(&Scope::Owner("key:a".into()), &event("key:a", true)));
        assert!(!holds(
            &Scope::Owner("key:b".into()),
            &event("key:a", false)
        ));
        assert!(holds(&Scope::Public, &event("key:a", false)));
        assert!(!holds(&Scope::Public, &event("key:a", true)));
    }
}
