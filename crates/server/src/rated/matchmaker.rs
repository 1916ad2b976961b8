//! Matchmaking: FindMatch queues a player in the store, and every
//! replica's matcher groups the waiting players into games.
//!
//! The queue lives in the store, so every replica sees one queue. A
//! player's stream holds the seat token its game will get (only its hash
//! is queued) and reports its place; its ticket is held under this
//! replica's lease by the replica's one ticket holder ([`tickets`](super::tickets),
//! which also tells the stream where its ticket stands); the matcher
//! (a loop on every replica) reads the queue, groups tickets with
//! `satrap_rating::matching` and creates each game with
//! `GameStore::create_match`, which takes all of a game's tickets or none:
//! two replicas matching at once never put a ticket in two games.
//!
//! Invariants:
//! - a ticket is owned by the replica whose stream follows it, under a
//!   lease (the store's `Lease`, as for the games a replica drives),
//!   renewed while the stream lives; one not renewed for [`TICKET_LEASE`]
//!   (its stream or its replica is gone) is never matched, and is dropped
//!   by the next matcher;
//! - a match is delivered or undone: a matched ticket not renewed for
//!   [`DELIVERY`] was never handed to its player (its replica died between
//!   the match and the delivery), and any replica's matcher aborts that
//!   game, unrated, so no game waits for a player who never got its seat;
//! - a player whose stream is gone when its match is found resigns the
//!   seat at once (a bot plays it), so no game waits for someone who left;
//! - a player's new FindMatch replaces its waiting ticket (the old stream
//!   ends with ABORTED), so a player whose replica died queues again at
//!   once on any other.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use prost::Message;
use rand::seq::SliceRandom;
use tokio::sync::mpsc;
use tonic::Status;

use crate::access::{Principal, players};
use crate::auth::{self, Caller, Who};
use crate::echo::Echo;
use crate::error::ServiceError;
use crate::hub::{Hub, find_kind};
use crate::logs::Every;
use crate::proto;
use satrap_rating::matching::{self, Waiting};
use satrap_search as bots;
use satrap_store::{MatchSeat, Ticket, TicketState, now_ms};

use super::tickets::Following;
pub use super::tickets::TICKET_LEASE;

/// How often a queued stream reports its place.
const REPORT: Duration = Duration::from_secs(1);
/// How often the matcher looks at the queue.
const MATCH_EVERY: Duration = Duration::from_millis(500);
/// A matched ticket not renewed for this long was never delivered: its
/// game is aborted (the stream that holds a ticket renews it when it sees
/// the match, and takes it off the queue once delivered).
pub const DELIVERY: Duration = Duration::from_secs(3);
/// Who the feed says aborted a match that was not delivered.
pub const UNDELIVERED_BY: &str = "matchmaker";
/// The longest wait a player may choose before bots fill the seats.
const MAX_FILL_WAIT_S: u32 = 3600;
/// The bot that fills seats when the request names none.
pub const DEFAULT_BOT: &str = "mcts";

/// Who may be matched together, as one key: the game type, the player
/// count, rated or casual and the time control. The matcher reads the
/// game's settings back from it.
#[derive(Debug, Clone, PartialEq)]
struct Pool {
    game_type: String,
    players: usize,
    rated: bool,
    time_control: Option<proto::TimeControl>,
}

impl Pool {
    fn key(&self) -> String {
        let control = self
            .time_control
            .as_ref()
            .map(|t| hex::encode(t.encode_to_vec()))
            .unwrap_or_default();
        let kind = if self.rated { "rated" } else { "casual" };
        format!("{}|{}|{kind}|{control}", self.game_type, self.players)
    }

    fn parse(key: &str) -> Option<Pool> {
        let mut parts = key.split('|');
        let game_type = parts.next()?.to_owned();
        let players = parts.next()?.parse().ok()?;
        let rated = match parts.next()? {
            "rated" => true,
            "casual" => false,
            _ => return None,
        };
        let time_control = match parts.next()? {
            "" => None,
            h => Some(proto::TimeControl::decode(hex::decode(h).ok()?.as_slice()).ok()?),
        };
        Some(Pool {
            game_type,
            players,
            rated,
            time_control,
        })
    }

    /// The CreateGame request of a game of this pool, with `seats`.
    fn request(&self, seats: Vec<proto::SeatRequest>) -> proto::CreateGameRequest {
        proto::CreateGameRequest {
            game_type: self.game_type.clone(),
            seats,
            rated: self.rated,
            time_control: self.time_control,
            ..proto::CreateGameRequest::default()
        }
    }
}

/// The time control a pool is keyed by: "no clock", however it is said
/// (unset, an empty message, `none`), is one pool.
fn clock(asked: Option<proto::TimeControl>) -> Option<proto::TimeControl> {
    use proto::time_control::Kind;
    asked.filter(|t| !matches!(t.kind, None | Some(Kind::None(_))))
}

/// A FindMatch request checked: the ticket to queue and the token its
/// seat will have.
struct Queued {
    ticket: Ticket,
    token: String,
    rated: bool,
}

/// Check a FindMatch request and the caller's identity.
async fn admit(
    hub: &Hub,
    principal: Option<&Principal>,
    keys_configured: bool,
    req: &proto::FindMatchRequest,
) -> Result<Queued, ServiceError> {
    let kind = find_kind(&req.game_type)?;
    let players = req.players as usize;
    if !(kind.min_players..=kind.max_players).contains(&players) {
        return Err(ServiceError::InvalidArgument(format!(
            "{} is played by {} to {} players, not {}",
            kind.name, kind.min_players, kind.max_players, req.players
        )));
    }
    let bot = match req.bot.as_str() {
        "" => DEFAULT_BOT,
        b => b,
    };
    if !bots::find(bot).is_some_and(|b| b.supports(kind.perfect_information)) {
        return Err(ServiceError::InvalidArgument(format!(
            "no bot {} for {} (available: {})",
            Echo(bot),
            kind.name,
            bots::names_for(kind.perfect_information).join(", ")
        )));
    }
    let fill_after = match req.bot_fill_after_seconds {
        None | Some(0) => None,
        Some(s) if s <= MAX_FILL_WAIT_S => Some(u64::from(s) * 1000),
        Some(s) => {
            return Err(ServiceError::InvalidArgument(format!(
                "bot_fill_after_seconds is at most {MAX_FILL_WAIT_S}, not {s}"
            )));
        }
    };
    if req.name.chars().count() > hub.limits().max_name_len {
        return Err(ServiceError::InvalidArgument(format!(
            "name longer than {} characters",
            hub.limits().max_name_len
        )));
    }
    if req.rated && !keys_configured {
        return Err(ServiceError::RuleViolation(
            "this server has no API keys, so it cannot tell players apart: rated play needs a player key (or a creator key naming its user); queue with rated false for a casual game".into(),
        ));
    }
    let player_id = players::resolve(principal, &req.player_id)?;
    if req.rated && player_id.is_empty() {
        return Err(ServiceError::RuleViolation(
            "a rated game needs a player: use a player key, or a creator key with player_id".into(),
        ));
    }
    let pool = Pool {
        game_type: kind.id.to_owned(),
        players,
        rated: req.rated,
        time_control: clock(req.time_control),
    };
    // The game the pool would create must be one CreateGame accepts (its
    // time control above all), so the matcher never fails on it.
    let probe = (0..players)
        .map(|_| proto::SeatRequest {
            bot: bot.to_owned(),
            ..proto::SeatRequest::default()
        })
        .collect();
    hub.check_request(pool.request(probe))?;
    let display = match req.rated {
        true => hub
            .store()
            .ratings(kind.id, std::slice::from_ref(&player_id))
            .await?
            .first()
            .map_or(0.0, |r| r.rating.display()),
        false => 0.0,
    };
    let name = match (req.name.trim(), player_id.is_empty()) {
        ("", true) => "Player".to_owned(),
        ("", false) => player_id.clone(),
        (n, _) => n.to_owned(),
    };
    let token = auth::new_token()?;
    Ok(Queued {
        ticket: Ticket {
            id: uuid::Uuid::new_v4().to_string(),
            pool: pool.key(),
            player_id,
            name,
            token_hash: auth::hash_token(&token),
            display,
            owner: principal.map(|p| p.owner.clone()).unwrap_or_default(),
            bot_fill_after_ms: fill_after,
            bot: bot.to_owned(),
            queued_at_ms: now_ms(),
        },
        token,
        rated: req.rated,
    })
}

/// FindMatch: queue the caller and follow its ticket until it is matched.
pub async fn find_match(
    hub: Arc<Hub>,
    principal: Option<Principal>,
    keys_configured: bool,
    req: proto::FindMatchRequest,
) -> Result<mpsc::Receiver<Result<proto::MatchUpdate, Status>>, ServiceError> {
    let queued = admit(&hub, principal.as_ref(), keys_configured, &req).await?;
    let following = hub.tickets().enqueue(&queued.ticket).await?;
    tracing::info!(ticket = %queued.ticket.id, pool = %queued.ticket.pool, "queued for a match");
    let (tx, rx) = mpsc::channel(4);
    tokio::spawn(follow(hub, queued, following, tx));
    Ok(rx)
}

/// The stream of one ticket: its place while it waits, then its game.
/// It learns where its ticket stands from this replica's ticket holder
/// and never reads the store for it.
async fn follow(
    hub: Arc<Hub>,
    queued: Queued,
    mut following: Following,
    tx: mpsc::Sender<Result<proto::MatchUpdate, Status>>,
) {
    let mut last_report: Option<Instant> = None;
    let mut shutdown = hub.shutdown_signal();
    loop {
        tokio::select! {
            changed = following.changed() => {
                if changed.is_err() {
                    let _ = tx.send(Err(Status::unavailable("this replica stopped holding its queue; queue again"))).await;
                    return;
                }
            }
            _ = tx.closed() => return leave(&hub, &queued).await,
            _ = shutdown.changed() => {
                let _ = hub.store().dequeue(&queued.ticket.id).await;
                let _ = tx.send(Err(Status::unavailable("the server is shutting down; queue again"))).await;
                return;
            }
        }
        let state = following.borrow_and_update().clone();
        match state {
            Some(TicketState::Queued { position, waiting })
                if last_report.is_none_or(|t| t.elapsed() >= REPORT) =>
            {
                let waited_ms = now_ms().saturating_sub(queued.ticket.queued_at_ms);
                let update = proto::MatchUpdate {
                    update: Some(proto::match_update::Update::Queued(proto::MatchQueued {
                        position,
                        waiting,
                        waited_ms,
                        window: matching::window(waited_ms),
                    })),
                };
                if tx.send(Ok(update)).await.is_err() {
                    return leave(&hub, &queued).await;
                }
                last_report = Some(Instant::now());
            }
            Some(TicketState::Matched { game_id, seat }) => {
                return deliver(&hub, &queued, &game_id, seat, &tx).await;
            }
            Some(TicketState::Gone) => {
                let _ = tx
                    .send(Err(Status::aborted(
                        "this request left the queue: a newer FindMatch of the same player replaced it, or its lease lapsed while the store did not answer",
                    )))
                    .await;
                return;
            }
            // Not looked at yet, or placed again within REPORT.
            None | Some(TicketState::Queued { .. }) => {}
        }
    }
}

/// The client left the queue: drop its ticket, and if it was matched in
/// the meantime, resign its seat so the game goes on without it.
async fn leave(hub: &Hub, queued: &Queued) {
    if let Ok(TicketState::Matched { game_id, seat }) = hub.tickets().look(&queued.ticket.id).await
    {
        resign(hub, queued, &game_id, seat).await;
    }
    if let Err(e) = hub.store().dequeue(&queued.ticket.id).await {
        tracing::debug!(error = %e, "leaving the queue");
    }
}

async fn resign(hub: &Hub, queued: &Queued, game_id: &str, seat: u32) {
    let who = Who::Presented {
        token: Some(queued.token.clone()),
        admin: false,
    };
    match hub.resign(game_id, who).await {
        Ok(_) => tracing::info!(
            game_id,
            seat,
            "matched player left before the match reached it: seat resigned"
        ),
        Err(e) => tracing::warn!(game_id, seat, error = %e, "cannot resign a left player's seat"),
    }
}

/// Send the match to the client (or resign the seat if it left).
async fn deliver(
    hub: &Hub,
    queued: &Queued,
    game_id: &str,
    seat: u32,
    tx: &mpsc::Sender<Result<proto::MatchUpdate, Status>>,
) {
    let snapshot = hub.get(game_id, Caller::Seat(seat as usize)).await;
    let found = snapshot.map(|snapshot| proto::MatchUpdate {
        update: Some(proto::match_update::Update::Found(proto::MatchFound {
            game_id: game_id.to_owned(),
            seat: Some(proto::SeatCredential {
                seat,
                name: queued.ticket.name.clone(),
                token: queued.token.clone(),
                open: false,
            }),
            rated: queued.rated,
            snapshot: Some(snapshot),
        })),
    });
    let sent = match found {
        Ok(update) => tx.send(Ok(update)).await.is_ok(),
        Err(e) => {
            let _ = tx.send(Err(e.into())).await;
            false
        }
    };
    if !sent {
        resign(hub, queued, game_id, seat).await;
    }
    if let Err(e) = hub.store().dequeue(&queued.ticket.id).await {
        tracing::debug!(error = %e, "taking a ticket off the queue");
    }
}

/// Matching that cannot go on logs this at most once per `logs::EVERY`.
static CANNOT_MATCH: Every = Every::new();
static CANNOT_CREATE: Every = Every::new();
static CANNOT_UNDO: Every = Every::new();

/// The matcher: until shutdown, every `MATCH_EVERY`, undo the matches
/// that were not delivered, then group the waiting tickets into games and
/// create them.
pub async fn run(hub: Arc<Hub>) {
    let mut shutdown = hub.shutdown_signal();
    while !*shutdown.borrow() {
        undo_undelivered(&hub).await;
        if let Err(e) = match_once(&hub).await
            && let Some(held) = CANNOT_MATCH.allow()
        {
            tracing::warn!(error = %e, held_back = held, "matchmaking: store unavailable, retrying");
        }
        tokio::select! {
            _ = tokio::time::sleep(MATCH_EVERY) => {}
            _ = shutdown.changed() => {}
        }
    }
}

/// Abort, unrated, every game of a match whose ticket was never delivered
/// (its stream's replica died in between), then drop the ticket. Any
/// replica may do it; of two at once one aborts and the other finds the
/// game over. Returns how many games were aborted.
pub async fn undo_undelivered(hub: &Hub) -> usize {
    // A lease ends TICKET_LEASE after its last renewal: past DELIVERY
    // means ended more than the difference ago.
    let grace = DELIVERY.saturating_sub(TICKET_LEASE).as_millis() as u64;
    undo_lapsed_before(hub, now_ms().saturating_sub(grace)).await
}

/// [`undo_undelivered`] for the matched tickets whose lease ended before
/// `before`.
async fn undo_lapsed_before(hub: &Hub, before: u64) -> usize {
    let undelivered = match hub.store().undelivered(before).await {
        Ok(u) => u,
        Err(e) => {
            if let Some(held) = CANNOT_UNDO.allow() {
                tracing::warn!(error = %e, held_back = held, "matchmaking: cannot read undelivered matches");
            }
            return 0;
        }
    };
    let mut aborted = 0;
    for u in undelivered {
        match hub.abort(&u.game_id, UNDELIVERED_BY).await {
            Ok(_) => {
                aborted += 1;
                tracing::info!(game_id = %u.game_id, seat = u.seat, "a match never reached its player: aborted, unrated");
            }
            // Already over (another replica undid it first), or gone.
            Err(e) => {
                tracing::debug!(game_id = %u.game_id, error = %e, "undoing an undelivered match")
            }
        }
        if let Err(e) = hub.store().dequeue(&u.ticket).await
            && let Some(held) = CANNOT_UNDO.allow()
        {
            tracing::warn!(error = %e, held_back = held, "matchmaking: cannot drop an undelivered ticket");
        }
    }
    aborted
}

/// One look at the queue: every game that can start now is created.
/// Returns how many were.
pub async fn match_once(hub: &Hub) -> Result<usize, ServiceError> {
    let now = now_ms();
    let tickets = hub.store().queue(now).await?;
    let mut pools: BTreeMap<&str, Vec<&Ticket>> = BTreeMap::new();
    for t in &tickets {
        pools.entry(t.pool.as_str()).or_default().push(t);
    }
    let mut created = 0;
    for (key, waiting) in pools {
        let Some(pool) = Pool::parse(key) else {
            if let Some(held) = CANNOT_MATCH.allow() {
                tracing::warn!(pool = %Echo(key), held_back = held, "matchmaking: a queue this server cannot read");
            }
            continue;
        };
        let queue: Vec<Waiting> = waiting
            .iter()
            .map(|t| Waiting {
                display: t.display,
                waited_ms: now.saturating_sub(t.queued_at_ms),
                bot_fill_after_ms: t.bot_fill_after_ms,
            })
            .collect();
        for group in matching::find_groups(&queue, pool.players) {
            let members: Vec<&Ticket> = group
                .members
                .iter()
                .filter_map(|&i| waiting.get(i).copied())
                .collect();
            match start(hub, &pool, &members, group.bots, now).await {
                Ok(true) => created += 1,
                Ok(false) => {}
                Err(e) => {
                    // Every ticket waiting for a bot fill at its key's
                    // --max-live-bot-games would say this each turn.
                    if let Some(held) = CANNOT_CREATE.allow() {
                        tracing::warn!(error = %e, pool = %key, held_back = held, "matchmaking: cannot create a match");
                    }
                }
            }
        }
    }
    Ok(created)
}

/// Create the game of one group: its players in a random seat order, bots
/// in the rest. `false` if another replica took one of its tickets first.
async fn start(
    hub: &Hub,
    pool: &Pool,
    members: &[&Ticket],
    bots: usize,
    now: u64,
) -> Result<bool, ServiceError> {
    let Some(first) = members.first() else {
        return Ok(false);
    };
    let mut order: Vec<Option<&Ticket>> = members.iter().map(|t| Some(*t)).collect();
    order.extend((0..bots).map(|_| None));
    order.shuffle(&mut rand::rng());
    let mut seats = Vec::with_capacity(order.len());
    let mut hashes = Vec::new();
    let mut matched = Vec::new();
    for (i, t) in order.iter().enumerate() {
        match t {
            Some(t) => {
                seats.push(proto::SeatRequest {
                    name: t.name.clone(),
                    player_id: t.player_id.clone(),
                    ..proto::SeatRequest::default()
                });
                hashes.push((i, t.token_hash));
                matched.push(MatchSeat {
                    ticket: t.id.clone(),
                    seat: i as u32,
                });
            }
            None => seats.push(proto::SeatRequest {
                name: crate::bots::seat_name(&first.bot, i),
                bot: first.bot.clone(),
                ..proto::SeatRequest::default()
            }),
        }
    }
    let created = hub
        .create_matched(pool.request(seats), &first.owner, &hashes, &matched, now)
        .await?;
    if let Some(id) = &created {
        tracing::info!(game_id = %id, players = members.len(), bots, rated = pool.rated, "match created");
    }
    Ok(created.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Limits;
    use satrap_store::{EventKind, Lease, MemoryStore};
    use tokio::sync::watch;

    fn hub() -> (Arc<Hub>, watch::Sender<bool>) {
        let (stop, shutdown) = watch::channel(false);
        let store = Arc::new(MemoryStore::new(100));
        (Hub::new(store, Limits::default(), shutdown), stop)
    }

    /// A casual two-player King of Siam ticket.
    fn ticket(n: u8, player: &str) -> Ticket {
        let pool = Pool {
            game_type: "king_of_siam".into(),
            players: 2,
            rated: false,
            time_control: None,
        };
        super::super::tickets::fixtures::ticket(n, player, pool.key())
    }

    /// A test replica's lease on a ticket, taken at `at`.
    fn lease(at: u64) -> Lease<'static> {
        Lease {
            owner: "replica-test",
            now_ms: at,
            until_ms: at + TICKET_LEASE.as_millis() as u64,
        }
    }

    /// Where ticket `id` stands now (renewing its lease).
    async fn state(store: &Arc<dyn satrap_store::GameStore>, id: &str) -> TicketState {
        let states = store
            .hold_tickets(&[id.to_owned()], &lease(now_ms()))
            .await
            .expect("hold");
        states.into_iter().next().expect("one state")
    }

    /// The matcher never takes a ticket whose lease has lapsed (its
    /// holder stopped renewing it), and drops it.
    #[tokio::test]
    async fn a_lapsed_ticket_is_never_matched() {
        let (hub, _stop) = hub();
        let store = hub.store();
        let long_ago = now_ms() - 2 * TICKET_LEASE.as_millis() as u64;
        store
            .enqueue(&ticket(1, "ann"), &lease(long_ago))
            .await
            .expect("queue");
        store
            .enqueue(&ticket(2, "bob"), &lease(now_ms()))
            .await
            .expect("queue");
        assert_eq!(match_once(&hub).await.expect("match"), 0);
        assert_eq!(state(store, "t1").await, TicketState::Gone);
        assert!(matches!(
            state(store, "t2").await,
            TicketState::Queued { .. }
        ));
    }

    /// A match whose seats were never delivered (no stream took them) is
    /// aborted, unrated, with the feed saying the matchmaker did it, and
    /// its tickets dropped; a delivered one (its ticket taken off the queue
    /// by its stream) is left alone.
    #[tokio::test]
    async fn an_undelivered_match_is_aborted_and_a_delivered_one_is_not() {
        let (hub, _stop) = hub();
        let store = hub.store().clone();
        for (n, p) in [(1, "ann"), (2, "bob"), (3, "cat"), (4, "dan")] {
            store
                .enqueue(&ticket(n, p), &lease(now_ms()))
                .await
                .expect("queue");
        }
        assert_eq!(match_once(&hub).await.expect("match"), 2);
        let game_of = |state| match state {
            TicketState::Matched { game_id, .. } => game_id,
            other => panic!("not matched: {other:?}"),
        };
        let mut games = Vec::new();
        for t in ["t1", "t2", "t3", "t4"] {
            games.push(game_of(state(&store, t).await));
        }
        // t1's game is delivered: both its tickets were taken by streams.
        let delivered = games[0].clone();
        for (t, g) in ["t1", "t2", "t3", "t4"].iter().zip(&games) {
            if *g == delivered {
                store.dequeue(t).await.expect("delivered");
            }
        }
        let undelivered: Vec<&String> = games.iter().filter(|g| **g != delivered).collect();
        // Nothing is undone while the tickets' leases are live.
        assert_eq!(undo_lapsed_before(&hub, now_ms()).await, 0);
        // Past the leases: the undelivered game is aborted once.
        let lapsed = now_ms() + TICKET_LEASE.as_millis() as u64 + 1;
        assert_eq!(undo_lapsed_before(&hub, lapsed).await, 1);
        assert_eq!(undo_lapsed_before(&hub, lapsed).await, 0);
        let gone = hub
            .get(undelivered[0], Caller::Spectator)
            .await
            .expect("get");
        assert_eq!(gone.status, proto::GameStatus::Finished as i32);
        let playing = hub.get(&delivered, Caller::Spectator).await.expect("get");
        assert_eq!(playing.status, proto::GameStatus::InProgress as i32);
        for t in ["t1", "t2", "t3", "t4"] {
            assert_eq!(state(&store, t).await, TicketState::Gone);
        }
        let events = store.events_after(0, None, 100).await.expect("feed");
        let aborts: Vec<(&str, &str)> = events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Aborted { by } => Some((e.game_id.as_str(), by.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(aborts, [(undelivered[0].as_str(), UNDELIVERED_BY)]);
    }

    #[test]
    fn a_pool_key_reads_back_as_the_pool() {
        let pool = Pool {
            game_type: "king_of_siam".into(),
            players: 3,
            rated: true,
            time_control: clock(Some(proto::TimeControl {
                kind: Some(proto::time_control::Kind::PerMoveMs(10_000)),
            })),
        };
        assert_eq!(Pool::parse(&pool.key()), Some(pool.clone()));
        let casual = Pool {
            rated: false,
            time_control: None,
            ..pool
        };
        assert_eq!(Pool::parse(&casual.key()), Some(casual));
        assert_eq!(Pool::parse("x|y|rated|"), None);
    }

    #[test]
    fn no_clock_is_one_pool_however_it_is_asked_for() {
        let none = proto::TimeControl {
            kind: Some(proto::time_control::Kind::None(proto::NoClock {})),
        };
        assert_eq!(clock(Some(none)), None);
        assert_eq!(clock(Some(proto::TimeControl::default())), None);
        assert_eq!(clock(None), None);
    }
}
