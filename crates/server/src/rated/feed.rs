//! The feed of game events (WatchEvents, and the webhooks' source): the
//! store's events as the API shows them, and a stream that follows them.
//!
//! Invariant: a stream sends events in sequence order, each once, and
//! never skips one: it asks the store for the events after the last one it
//! sent, and the store numbers events in commit order without gaps (see
//! `satrap_store::rated`). So a client that resumes with the last sequence
//! it saw misses nothing, whichever replica it reaches.

use std::time::Duration;

use prost::Message;
use tokio::sync::{mpsc, watch as signal};
use tonic::Status;

use crate::error::ServiceError;
use crate::proto;
use satrap_store::{Event, EventKind, EventSeat, GameStore, StoreError};

use super::ratings;

/// How often an idle stream asks the store for new events: the feed's
/// latency. Events come from every replica, so a local wake-up would not
/// be enough; a cheap indexed query a few times a second is.
pub const POLL: Duration = Duration::from_millis(250);
/// Events read from the store at once.
const BATCH: usize = 100;
/// A stream's buffer: a slow reader holds back only its own stream.
const BUFFER: usize = 64;

/// Whose events a caller sees: an admin (or anyone on an open server)
/// every game's, a creator key its own games'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    Owner(String),
}

impl Scope {
    fn owner(&self) -> Option<&str> {
        match self {
            Scope::All => None,
            Scope::Owner(o) => Some(o),
        }
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

/// The next events after `after` for `scope`, waiting (polling the store)
/// until there is at least one or `shutdown` turns true (then `None`).
/// A transient store failure is retried; one that is not ends with it.
pub async fn next_events(
    store: &dyn GameStore,
    scope: &Scope,
    after: u64,
    shutdown: &mut signal::Receiver<bool>,
) -> Result<Option<Vec<Event>>, ServiceError> {
    loop {
        if *shutdown.borrow() {
            return Ok(None);
        }
        let wait = match store.events_after(after, scope.owner(), BATCH).await {
            Ok(events) if !events.is_empty() => return Ok(Some(events)),
            Ok(_) => POLL,
            Err(e @ (StoreError::Backend(_) | StoreError::Unavailable { .. })) => {
                tracing::debug!(error = %e, "feed: store unavailable, retrying");
                Duration::from_secs(1)
            }
            Err(e) => return Err(e.into()),
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = shutdown.changed() => {}
        }
    }
}

/// WatchEvents: the events after `after` for `scope`, then new ones as
/// they are committed, until the client leaves or the server stops.
pub fn watch(
    store: std::sync::Arc<dyn GameStore>,
    scope: Scope,
    mut after: u64,
    mut shutdown: signal::Receiver<bool>,
) -> mpsc::Receiver<Result<proto::FeedEvent, Status>> {
    let (tx, rx) = mpsc::channel(BUFFER);
    tokio::spawn(async move {
        loop {
            let events = tokio::select! {
                got = next_events(store.as_ref(), &scope, after, &mut shutdown) => got,
                _ = tx.closed() => return,
            };
            match events {
                Ok(Some(events)) => {
                    for e in &events {
                        if tx.send(Ok(to_proto(e))).await.is_err() {
                            return;
                        }
                        after = e.sequence;
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
        Some(E::Created(c)) => ("created", json!({"seats": seat_list(&c.seats), "rated": c.rated})),
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
