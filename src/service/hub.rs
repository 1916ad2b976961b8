//! The hub owns the live games: it loads them from the store (replaying their
//! logs), serialises the moves of each game, persists every action before
//! acknowledging it, lets built-in bots move, and fans updates out to
//! watchers. It knows no game by name: everything goes through
//! [`GameInstance`] and the registry.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use prost::Message;
use tokio::sync::{broadcast, mpsc, watch};
use tonic::Status;

use super::auth::{self, Caller};
use super::error::ServiceError;
use crate::bots;
use crate::engine::Seat;
use crate::games::{self, ActionInput, GameInstance, GameKind};
use crate::proto;
use crate::store::{GameRecord, GameStore, LoggedAction, SeatRecord};

/// Limits that protect the server from a misbehaving client.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Concurrent WatchGame streams per game.
    pub max_watchers_per_game: usize,
    /// Longest accepted notation, in bytes.
    pub max_notation_len: usize,
    /// Longest seat name, in characters.
    pub max_name_len: usize,
    /// Most bot moves played in a row after one request (a safety net: every
    /// hosted game ends long before).
    pub max_bot_moves: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_watchers_per_game: 256,
            max_notation_len: 256,
            max_name_len: 64,
            max_bot_moves: 100_000,
        }
    }
}

/// A frozen copy of a game at one version, shared with watchers.
type Frame = Arc<dyn GameInstance>;

/// Immutable facts of a game.
struct Meta {
    id: String,
    kind: &'static GameKind,
    seats: Vec<SeatRecord>,
    seed: u64,
    options: proto::GameOptions,
}

/// The mutable part, behind an async mutex that serialises a game's moves.
struct Cell {
    instance: Box<dyn GameInstance>,
    log: Vec<LoggedAction>,
}

struct LiveGame {
    meta: Meta,
    cell: tokio::sync::Mutex<Cell>,
    updates: broadcast::Sender<Frame>,
    watchers: AtomicUsize,
}

/// Decrements a game's watcher count when a watch stream ends.
struct WatcherSlot(Arc<LiveGame>);

impl Drop for WatcherSlot {
    fn drop(&mut self) {
        self.0.watchers.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What CreateGame returns.
pub struct Created {
    pub game_id: String,
    pub seats: Vec<proto::SeatCredential>,
    pub snapshot: proto::GameSnapshot,
}

pub struct Hub {
    store: Arc<dyn GameStore>,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    limits: Limits,
    shutdown: watch::Receiver<bool>,
    /// Bot decisions running at once are bounded by the cores, so searching
    /// bots cannot starve everything else.
    bot_slots: tokio::sync::Semaphore,
}

impl Hub {
    /// `shutdown` turning `true` ends every watch stream (graceful shutdown).
    pub fn new(store: Arc<dyn GameStore>, limits: Limits, shutdown: watch::Receiver<bool>) -> Self {
        Self {
            store,
            games: Mutex::new(HashMap::new()),
            limits,
            shutdown,
            bot_slots: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()),
            ),
        }
    }

    pub fn game_types(&self) -> Vec<proto::GameType> {
        games::registry().iter().map(|k| k.to_proto()).collect()
    }

    pub async fn create(&self, req: proto::CreateGameRequest) -> Result<Created, ServiceError> {
        let kind = games::find(&req.game_type).ok_or_else(|| {
            ServiceError::InvalidArgument(format!("unknown game type {:?}", req.game_type))
        })?;
        let players = req.seats.len();
        if !(kind.min_players..=kind.max_players).contains(&players) {
            return Err(ServiceError::InvalidArgument(format!(
                "{} is played by {} to {} players, {} seats requested",
                kind.name, kind.min_players, kind.max_players, players
            )));
        }
        let seed = match req.seed {
            Some(s) => s,
            None => random_seed()?,
        };
        let instance = kind.create(req.options.as_ref(), players, seed)?;
        let options = instance.options();

        let mut seats = Vec::with_capacity(players);
        let mut credentials = Vec::with_capacity(players);
        for (i, s) in req.seats.iter().enumerate() {
            if s.name.chars().count() > self.limits.max_name_len {
                return Err(ServiceError::InvalidArgument(format!(
                    "seat {i}: name longer than {} characters",
                    self.limits.max_name_len
                )));
            }
            let name = if s.name.trim().is_empty() {
                format!("Player {}", i + 1)
            } else {
                s.name.clone()
            };
            let token = if s.bot.is_empty() {
                Some(auth::new_token()?)
            } else if bots::find(&s.bot).is_some_and(|b| b.supports(kind.perfect_information)) {
                None
            } else {
                return Err(ServiceError::InvalidArgument(format!(
                    "seat {i}: no bot {:?} for {} (available: {})",
                    s.bot,
                    kind.name,
                    bots::names_for(kind.perfect_information).join(", ")
                )));
            };
            seats.push(SeatRecord {
                name: name.clone(),
                bot: s.bot.clone(),
                token_hash: token.as_deref().map(auth::hash_token),
            });
            credentials.push(proto::SeatCredential {
                seat: i as u32,
                name,
                token: token.unwrap_or_default(),
            });
        }

        let id = uuid::Uuid::new_v4().to_string();
        let record = GameRecord {
            id: id.clone(),
            game_type: kind.id.to_owned(),
            seats: seats.clone(),
            options: options.encode_to_vec(),
            seed,
            created_at_ms: now_ms(),
        };
        self.store.create(&record).await?;
        let live = self.insert(
            Meta {
                id: id.clone(),
                kind,
                seats,
                seed,
                options,
            },
            instance,
            Vec::new(),
        );
        tracing::info!(game_id = %id, game_type = kind.id, players, "game created");

        let mut cell = live.cell.lock().await;
        self.run_bots(&live, &mut cell, None, &mut Vec::new())
            .await?;
        let snapshot = snapshot(&live.meta, cell.instance.as_ref(), None);
        Ok(Created {
            game_id: id,
            seats: credentials,
            snapshot,
        })
    }

    /// The caller of a request on game `id`, from its bearer token.
    pub async fn caller(&self, id: &str, token: Option<&str>) -> Result<Caller, ServiceError> {
        let live = self.live(id).await?;
        auth::identify(token, &live.meta.seats)
    }

    pub async fn get(&self, id: &str, caller: Caller) -> Result<proto::GameSnapshot, ServiceError> {
        let live = self.live(id).await?;
        let cell = live.cell.lock().await;
        Ok(snapshot(&live.meta, cell.instance.as_ref(), caller.seat()))
    }

    pub async fn legal_actions(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::ListLegalActionsResponse, ServiceError> {
        let live = self.live(id).await?;
        let cell = live.cell.lock().await;
        let actions = match caller.seat() {
            Some(seat) => cell.instance.legal_actions(seat),
            None => Vec::new(),
        };
        Ok(proto::ListLegalActionsResponse {
            version: cell.instance.version(),
            actions,
        })
    }

    /// Apply the caller's action, persist it, then let bots move.
    pub async fn apply(
        &self,
        id: &str,
        caller: Caller,
        expected_version: Option<u64>,
        input: ActionInput<'_>,
    ) -> Result<proto::ApplyActionResponse, ServiceError> {
        let Caller::Seat(seat) = caller else {
            return Err(ServiceError::PermissionDenied(
                "spectators cannot act: send a seat token",
            ));
        };
        if let ActionInput::Notation(text) = input {
            if text.len() > self.limits.max_notation_len {
                return Err(ServiceError::InvalidArgument(format!(
                    "notation longer than {} bytes",
                    self.limits.max_notation_len
                )));
            }
        }
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        let version = cell.instance.version();
        if let Some(expected) = expected_version {
            if expected != version {
                return Err(ServiceError::VersionMismatch {
                    id: id.to_owned(),
                    expected,
                    actual: version,
                });
            }
        }
        if !live.meta.seats[seat].bot.is_empty() {
            return Err(ServiceError::PermissionDenied(
                "this seat is played by a built-in bot",
            ));
        }
        let mut next = cell.instance.clone_box();
        let notation = next.apply(seat, input)?;
        let mut events = next.last_events(Some(seat));
        self.commit(
            &live,
            &mut cell,
            next,
            LoggedAction {
                seat: seat as u32,
                notation,
            },
        )
        .await?;
        self.run_bots(&live, &mut cell, Some(seat), &mut events)
            .await?;
        Ok(proto::ApplyActionResponse {
            snapshot: Some(snapshot(&live.meta, cell.instance.as_ref(), Some(seat))),
            events,
        })
    }

    /// Stream versions `from..` of the game as `caller` sees them.
    pub async fn watch(
        &self,
        id: &str,
        caller: Caller,
        from: u64,
    ) -> Result<mpsc::Receiver<Result<proto::GameUpdate, Status>>, ServiceError> {
        let live = self.live(id).await?;
        let current = live.cell.lock().await.instance.version();
        if from > current {
            return Err(ServiceError::InvalidArgument(format!(
                "from_version {from} is beyond the current version {current}"
            )));
        }
        if live.watchers.fetch_add(1, Ordering::AcqRel) >= self.limits.max_watchers_per_game {
            live.watchers.fetch_sub(1, Ordering::AcqRel);
            return Err(ServiceError::ResourceExhausted(format!(
                "game {id} already has {} watchers",
                self.limits.max_watchers_per_game
            )));
        }
        let slot = WatcherSlot(live.clone());
        // Subscribe before catching up so no version falls in between.
        let updates = live.updates.subscribe();
        let (tx, rx) = mpsc::channel(32);
        let shutdown = self.shutdown.clone();
        tokio::spawn(watch_loop(slot, caller.seat(), from, updates, tx, shutdown));
        Ok(rx)
    }

    pub async fn history(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::GetHistoryResponse, ServiceError> {
        let live = self.live(id).await?;
        let (log, over) = {
            let cell = live.cell.lock().await;
            (cell.log.clone(), cell.instance.is_over())
        };
        let viewer = caller.seat();
        let mut entries = Vec::with_capacity(log.len());
        replay(&live.meta, &log, |inst| {
            if let Some(e) = inst.last_entry(viewer, over) {
                entries.push(e);
            }
            true
        })?;
        Ok(proto::GetHistoryResponse {
            game_id: live.meta.id.clone(),
            game_type: live.meta.kind.id.to_owned(),
            seats: seat_infos(&live.meta),
            options: Some(live.meta.options.clone()),
            entries,
            seed: over.then_some(live.meta.seed),
            status: status(over) as i32,
            version: log.len() as u64,
        })
    }

    /// Persist one action, then make it the game's current state and tell
    /// the watchers. Nothing changes if the store refuses.
    async fn commit(
        &self,
        live: &LiveGame,
        cell: &mut Cell,
        next: Box<dyn GameInstance>,
        action: LoggedAction,
    ) -> Result<(), ServiceError> {
        let version = cell.instance.version();
        self.store
            .append(&live.meta.id, version, std::slice::from_ref(&action))
            .await?;
        cell.log.push(action);
        let frame: Frame = Arc::from(next.clone_box());
        cell.instance = next;
        // No receivers is fine: nobody is watching.
        let _ = live.updates.send(frame);
        Ok(())
    }

    /// Let built-in bots move while one of them is to act. Their events are
    /// appended to `events` as `viewer` sees them.
    async fn run_bots(
        &self,
        live: &LiveGame,
        cell: &mut Cell,
        viewer: Option<Seat>,
        events: &mut Vec<proto::GameEvent>,
    ) -> Result<(), ServiceError> {
        for _ in 0..self.limits.max_bot_moves {
            let to_act = cell.instance.to_act();
            let Some((seat, bot)) = to_act
                .iter()
                .find_map(|s| bots::find(&live.meta.seats[*s].bot).map(|b| (*s, b)))
            else {
                return Ok(());
            };
            let mut rng = bots::rng_for(live.meta.seed, cell.instance.version(), seat);
            // Bots may search for a while: keep that off the async workers.
            let _slot = self
                .bot_slots
                .acquire()
                .await
                .map_err(|_| ServiceError::Internal("bot slots closed".into()))?;
            let position = cell.instance.clone_box();
            let choice =
                tokio::task::spawn_blocking(move || bot.choose(position.as_ref(), seat, &mut rng))
                    .await
                    .map_err(|e| ServiceError::Internal(format!("bot {} failed: {e}", bot.name())))?
                    .ok_or_else(|| {
                        ServiceError::Internal(format!(
                            "bot {} found no legal action for seat {seat}",
                            bot.name()
                        ))
                    })?;
            let mut next = cell.instance.clone_box();
            let notation = next.apply_legal(seat, choice).map_err(|e| {
                ServiceError::Internal(format!("bot {} chose an illegal action: {e}", bot.name()))
            })?;
            events.extend(next.last_events(viewer));
            self.commit(
                live,
                cell,
                next,
                LoggedAction {
                    seat: seat as u32,
                    notation,
                },
            )
            .await?;
        }
        Err(ServiceError::Internal(
            "bots did not finish within the move limit".into(),
        ))
    }

    fn insert(
        &self,
        meta: Meta,
        instance: Box<dyn GameInstance>,
        log: Vec<LoggedAction>,
    ) -> Arc<LiveGame> {
        let (updates, _) = broadcast::channel(64);
        let live = Arc::new(LiveGame {
            meta,
            cell: tokio::sync::Mutex::new(Cell { instance, log }),
            updates,
            watchers: AtomicUsize::new(0),
        });
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        games.entry(live.meta.id.clone()).or_insert(live).clone()
    }

    /// The live game, loaded from the store and rebuilt by replay if needed.
    async fn live(&self, id: &str) -> Result<Arc<LiveGame>, ServiceError> {
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument("game_id is empty".into()));
        }
        if let Some(g) = self.games.lock().unwrap_or_else(|p| p.into_inner()).get(id) {
            return Ok(g.clone());
        }
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ServiceError::GameNotFound(id.to_owned()))?;
        let record = stored.record;
        let kind = games::find(&record.game_type).ok_or_else(|| {
            ServiceError::Internal(format!(
                "stored game {id} has unknown type {}",
                record.game_type
            ))
        })?;
        let options = proto::GameOptions::decode(record.options.as_slice())
            .map_err(|e| ServiceError::Internal(format!("stored options of {id}: {e}")))?;
        let meta = Meta {
            id: record.id,
            kind,
            seats: record.seats,
            seed: record.seed,
            options,
        };
        let instance = replay(&meta, &stored.actions, |_| true)?;
        Ok(self.insert(meta, instance, stored.actions))
    }
}

fn corrupt<E: std::fmt::Display>(id: &str) -> impl Fn(E) -> ServiceError + '_ {
    move |e| ServiceError::Internal(format!("stored game {id} does not replay: {e}"))
}

/// Rebuild a game from its seed, calling `each` after every action (with the
/// instance at that version) until it returns `false`; returns the instance
/// where replay stopped.
fn replay(
    meta: &Meta,
    log: &[LoggedAction],
    mut each: impl FnMut(&dyn GameInstance) -> bool,
) -> Result<Box<dyn GameInstance>, ServiceError> {
    let mut inst = meta
        .kind
        .create(Some(&meta.options), meta.seats.len(), meta.seed)
        .map_err(corrupt(&meta.id))?;
    for a in log {
        inst.apply(a.seat as Seat, ActionInput::Notation(&a.notation))
            .map_err(corrupt(&meta.id))?;
        if !each(inst.as_ref()) {
            break;
        }
    }
    Ok(inst)
}

async fn watch_loop(
    slot: WatcherSlot,
    viewer: Option<Seat>,
    from: u64,
    mut updates: broadcast::Receiver<Frame>,
    tx: mpsc::Sender<Result<proto::GameUpdate, Status>>,
    mut shutdown: watch::Receiver<bool>,
) {
    let live = &slot.0;
    // `next` is the next version the watcher has not seen.
    let mut next = match catch_up(live, viewer, from, &tx).await {
        Some(n) => n,
        None => return,
    };
    loop {
        tokio::select! {
            received = updates.recv() => match received {
                Ok(frame) => {
                    let v = frame.version();
                    if v < next {
                        continue;
                    }
                    if v > next {
                        // Missed versions (cannot normally happen): replay them.
                        match catch_up(live, viewer, next, &tx).await { Some(n) => next = n, None => return }
                        continue;
                    }
                    if tx.send(Ok(update(&live.meta, frame.as_ref(), viewer))).await.is_err() || frame.is_over() {
                        return;
                    }
                    next = v + 1;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    match catch_up(live, viewer, next, &tx).await { Some(n) => next = n, None => return }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = tx.closed() => return,
            _ = shutdown.changed() => {
                let _ = tx.send(Err(Status::unavailable("server is shutting down"))).await;
                return;
            }
        }
    }
}

/// Send versions `from..=current` (replaying older ones). Returns the next
/// version to wait for, or `None` when the stream is done (game over, the
/// watcher left, or an error was sent).
async fn catch_up(
    live: &LiveGame,
    viewer: Option<Seat>,
    from: u64,
    tx: &mpsc::Sender<Result<proto::GameUpdate, Status>>,
) -> Option<u64> {
    let (current, log) = {
        let cell = live.cell.lock().await;
        (cell.instance.clone_box(), cell.log.clone())
    };
    let mut pending = Vec::new();
    if from == 0 {
        match live.meta.kind.create(
            Some(&live.meta.options),
            live.meta.seats.len(),
            live.meta.seed,
        ) {
            Ok(initial) => pending.push(update(&live.meta, initial.as_ref(), viewer)),
            Err(e) => {
                let _ = tx
                    .send(Err(ServiceError::Internal(e.to_string()).into()))
                    .await;
                return None;
            }
        }
    }
    let end = current.version();
    if from < end {
        let result = replay(&live.meta, &log, |inst| {
            let v = inst.version();
            if v >= from && v < end {
                pending.push(update(&live.meta, inst, viewer));
            }
            v + 1 < end
        });
        if let Err(e) = result {
            let _ = tx.send(Err(e.into())).await;
            return None;
        }
    }
    if end >= from && !(from == 0 && end == 0) {
        pending.push(update(&live.meta, current.as_ref(), viewer));
    }
    for u in pending {
        if tx.send(Ok(u)).await.is_err() {
            return None;
        }
    }
    if current.is_over() {
        None
    } else {
        Some(end + 1)
    }
}

fn update(meta: &Meta, inst: &dyn GameInstance, viewer: Option<Seat>) -> proto::GameUpdate {
    proto::GameUpdate {
        version: inst.version(),
        events: inst.last_events(viewer),
        snapshot: Some(snapshot(meta, inst, viewer)),
    }
}

fn snapshot(meta: &Meta, inst: &dyn GameInstance, viewer: Option<Seat>) -> proto::GameSnapshot {
    let outcome = inst.outcome();
    proto::GameSnapshot {
        game_id: meta.id.clone(),
        game_type: meta.kind.id.to_owned(),
        version: inst.version(),
        status: status(outcome.is_some()) as i32,
        to_act: inst.to_act().into_iter().map(|s| s as u32).collect(),
        viewer: viewer.map(|s| s as u32),
        state: Some(inst.view(viewer)),
        outcome,
        text: inst.text(viewer),
        seats: seat_infos(meta),
    }
}

fn seat_infos(meta: &Meta) -> Vec<proto::SeatInfo> {
    meta.seats
        .iter()
        .enumerate()
        .map(|(i, s)| proto::SeatInfo {
            seat: i as u32,
            name: s.name.clone(),
            bot: s.bot.clone(),
        })
        .collect()
}

fn status(over: bool) -> proto::GameStatus {
    if over {
        proto::GameStatus::Finished
    } else {
        proto::GameStatus::InProgress
    }
}

fn random_seed() -> Result<u64, ServiceError> {
    use rand::TryRngCore;
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| ServiceError::Internal(format!("OS random source: {e}")))
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
