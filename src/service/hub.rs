//! The hub owns the live games: it loads them from the store (replaying their
//! logs), serialises the moves of each game, persists every action before
//! acknowledging it, lets built-in bots move, and fans updates out to
//! watchers. It knows no game by name: everything goes through
//! [`GameInstance`] and the registry.
//!
//! Live games are a cache of the store, bounded by `Limits::max_cached_games`
//! (idle games are evicted and rebuilt by replay when next needed). When the
//! store is shared with other replicas, every request first checks the
//! store's head of the game and catches up on moves made elsewhere; a move
//! that loses a race is retried on the new state when the client sent no
//! `expected_version`, else refused with ABORTED.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use prost::Message;
use tokio::sync::{broadcast, mpsc, watch};
use tonic::Status;

use super::auth::{self, Caller};
use super::error::ServiceError;
use crate::bots;
use crate::engine::Seat;
use crate::games::{self, ActionInput, GameInstance, GameKind};
use crate::proto;
use crate::store::{
    Cursor, Expiry, GameRecord, GameStatus, GameStore, ListQuery, LoggedAction, Notice, SeatRecord,
    StoreError, now_ms,
};

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
    /// Most games kept live in memory; idle ones beyond are evicted.
    pub max_cached_games: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_watchers_per_game: 256,
            max_notation_len: 256,
            max_name_len: 64,
            max_bot_moves: 100_000,
            max_cached_games: 10_000,
        }
    }
}

/// A frozen copy of a game at one version, shared with watchers.
type Frame = Arc<dyn GameInstance>;

/// Immutable facts of a game.
struct Meta {
    id: String,
    kind: &'static GameKind,
    players: usize,
    seed: u64,
    options: proto::GameOptions,
}

/// The mutable part, behind an async mutex that serialises a game's moves.
struct Cell {
    instance: Box<dyn GameInstance>,
    log: Vec<LoggedAction>,
    /// The store's seat revision that `LiveGame::seats` reflects.
    seat_revision: u64,
}

struct LiveGame {
    meta: Meta,
    /// Changed only by a resignation; read without the cell's lock (tokens,
    /// snapshots for watchers).
    seats: RwLock<Arc<Vec<SeatRecord>>>,
    cell: tokio::sync::Mutex<Cell>,
    updates: broadcast::Sender<Frame>,
    watchers: AtomicUsize,
    /// Tick of the last request that used the game (cache eviction order).
    last_used: AtomicU64,
}

impl LiveGame {
    fn seats(&self) -> Arc<Vec<SeatRecord>> {
        self.seats.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn set_seats(&self, seats: Vec<SeatRecord>) {
        *self.seats.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(seats);
    }
}

/// Whether a commit reached the store.
enum Committed {
    Yes,
    /// Another writer appended first; nothing changed here.
    Conflict,
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
    /// Source of `LiveGame::last_used` ticks.
    clock: AtomicU64,
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
            clock: AtomicU64::new(0),
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
                resigned: false,
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
                players,
                seed,
                options,
            },
            seats,
            instance,
            Vec::new(),
            0,
        );
        tracing::info!(game_id = %id, game_type = kind.id, players, "game created");

        let mut cell = live.cell.lock().await;
        self.run_bots(&live, &mut cell, None, &mut Vec::new())
            .await?;
        let snapshot = snapshot(&live, cell.instance.as_ref(), None);
        Ok(Created {
            game_id: id,
            seats: credentials,
            snapshot,
        })
    }

    /// The caller of a request on game `id`, from its bearer token.
    pub async fn caller(&self, id: &str, token: Option<&str>) -> Result<Caller, ServiceError> {
        let live = self.live(id).await?;
        auth::identify(token, &live.seats())
    }

    pub async fn get(&self, id: &str, caller: Caller) -> Result<proto::GameSnapshot, ServiceError> {
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        self.fresh(&live, &mut cell).await?;
        Ok(snapshot(&live, cell.instance.as_ref(), caller.seat()))
    }

    pub async fn legal_actions(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::ListLegalActionsResponse, ServiceError> {
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        self.fresh(&live, &mut cell).await?;
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
        // Only a lost race with another replica loops: each pass starts from
        // the store's newest version.
        for _ in 0..MAX_RACES {
            self.fresh(&live, &mut cell).await?;
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
            if !live.seats()[seat].bot.is_empty() {
                return Err(ServiceError::PermissionDenied(
                    "this seat is played by a built-in bot",
                ));
            }
            let mut next = cell.instance.clone_box();
            let notation = next.apply(seat, input)?;
            let mut events = next.last_events(Some(seat));
            let action = LoggedAction {
                seat: seat as u32,
                notation,
            };
            if let Committed::Conflict = self.commit(&live, &mut cell, next, action).await? {
                continue;
            }
            self.run_bots(&live, &mut cell, Some(seat), &mut events)
                .await?;
            return Ok(proto::ApplyActionResponse {
                snapshot: Some(snapshot(&live, cell.instance.as_ref(), Some(seat))),
                events,
            });
        }
        Err(ServiceError::Unavailable(format!(
            "game {id} is changing too fast; try again"
        )))
    }

    /// The caller's seat resigns: the built-in random bot plays it from now
    /// on (see `Resign` in service.proto), and moves at once if it is to act.
    pub async fn resign(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::ResignResponse, ServiceError> {
        let Caller::Seat(seat) = caller else {
            return Err(ServiceError::PermissionDenied(
                "spectators cannot resign: send a seat token",
            ));
        };
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        self.fresh(&live, &mut cell).await?;
        if cell.instance.is_over() {
            return Err(ServiceError::RuleViolation(
                "the game is over: there is nothing to resign".into(),
            ));
        }
        let seats = live.seats();
        if !seats[seat].bot.is_empty() {
            return Err(ServiceError::RuleViolation(format!(
                "seat {seat} is already played by the {} bot",
                seats[seat].bot
            )));
        }
        self.store.resign(id, seat, RESIGNED_SEAT_BOT).await?;
        // Read the seats back: another replica may have changed one too.
        let head = self
            .store
            .head(id)
            .await?
            .ok_or_else(|| ServiceError::GameNotFound(id.to_owned()))?;
        live.set_seats(self.store.seats(id).await?);
        cell.seat_revision = head.seat_revision;
        tracing::info!(game_id = %id, seat, "seat resigned");
        let mut events = Vec::new();
        self.run_bots(&live, &mut cell, Some(seat), &mut events)
            .await?;
        Ok(proto::ResignResponse {
            snapshot: Some(snapshot(&live, cell.instance.as_ref(), Some(seat))),
            events,
        })
    }

    /// Stored games, newest first, filtered and paged.
    pub async fn list_games(
        &self,
        req: proto::ListGamesRequest,
    ) -> Result<proto::ListGamesResponse, ServiceError> {
        if !req.game_type.is_empty() && games::find(&req.game_type).is_none() {
            return Err(ServiceError::InvalidArgument(format!(
                "unknown game type {:?}",
                req.game_type
            )));
        }
        let status = match proto::GameStatus::try_from(req.status) {
            Ok(proto::GameStatus::Unspecified) => None,
            Ok(proto::GameStatus::InProgress) => Some(GameStatus::InProgress),
            Ok(proto::GameStatus::Finished) => Some(GameStatus::Finished),
            Err(_) => {
                return Err(ServiceError::InvalidArgument(format!(
                    "unknown status {}",
                    req.status
                )));
            }
        };
        let page = match req.page_size {
            0 => DEFAULT_PAGE,
            n => (n as usize).min(MAX_PAGE),
        };
        let after = if req.page_token.is_empty() {
            None
        } else {
            Some(parse_page_token(&req.page_token)?)
        };
        let mut found = self
            .store
            .list(&ListQuery {
                game_type: (!req.game_type.is_empty()).then_some(req.game_type),
                status,
                after,
                limit: page + 1,
            })
            .await?;
        let more = found.len() > page;
        found.truncate(page);
        let next_page_token = match found.last() {
            Some(last) if more => format!("{}.{}", last.created_at_ms, last.id),
            _ => String::new(),
        };
        Ok(proto::ListGamesResponse {
            games: found
                .into_iter()
                .map(|g| proto::GameSummary {
                    seats: seat_infos(&g.seats),
                    game_id: g.id,
                    game_type: g.game_type,
                    status: match g.status {
                        GameStatus::InProgress => proto::GameStatus::InProgress,
                        GameStatus::Finished => proto::GameStatus::Finished,
                    } as i32,
                    version: g.version,
                    created_at_ms: g.created_at_ms,
                    updated_at_ms: g.updated_at_ms,
                })
                .collect(),
            next_page_token,
        })
    }

    /// Delete what retention no longer keeps, from the store and the cache.
    pub async fn expire(&self, expiry: Expiry) -> Result<usize, ServiceError> {
        let gone = self.store.expire(expiry).await?;
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        for id in &gone {
            games.remove(id);
        }
        if !gone.is_empty() {
            tracing::info!(games = gone.len(), "retention expired games");
        }
        Ok(gone.len())
    }

    /// Follow the moves other replicas commit (PostgreSQL NOTIFY), so that
    /// watchers here see them at once. Runs until the store stops.
    pub async fn follow_store(self: Arc<Self>) {
        let Some(mut notices) = self.store.notices() else {
            return;
        };
        loop {
            // (game, version it reached); version 0 means "check anyway".
            let stale: Vec<(Arc<LiveGame>, u64)> = match notices.recv().await {
                Ok(Notice::Changed { id, version }) => self
                    .games
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get(&id)
                    .map(|live| (live.clone(), version))
                    .into_iter()
                    .collect(),
                Ok(Notice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => self
                    .games
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .values()
                    .map(|live| (live.clone(), 0))
                    .collect(),
                Err(broadcast::error::RecvError::Closed) => return,
            };
            for (live, version) in stale {
                let mut cell = live.cell.lock().await;
                // Our own commits come back too: nothing to do for those.
                if version != 0 && cell.instance.version() >= version {
                    continue;
                }
                if let Err(e) = self.sync(&live, &mut cell, true).await {
                    tracing::warn!(game_id = %live.meta.id, error = %e, "catching up failed");
                }
            }
        }
    }

    /// Stream versions `from..` of the game as `caller` sees them.
    pub async fn watch(
        &self,
        id: &str,
        caller: Caller,
        from: u64,
    ) -> Result<mpsc::Receiver<Result<proto::GameUpdate, Status>>, ServiceError> {
        let live = self.live(id).await?;
        let current = {
            let mut cell = live.cell.lock().await;
            self.fresh(&live, &mut cell).await?;
            cell.instance.version()
        };
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
            let mut cell = live.cell.lock().await;
            self.fresh(&live, &mut cell).await?;
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
            seats: seat_infos(&live.seats()),
            options: Some(live.meta.options.clone()),
            entries,
            seed: over.then_some(live.meta.seed),
            status: status(over) as i32,
            version: log.len() as u64,
        })
    }

    /// Persist one action, then make it the game's current state and tell
    /// the watchers. Nothing changes if the store refuses; a lost race
    /// (another replica appended first) catches up with the store and
    /// reports `Conflict`.
    async fn commit(
        &self,
        live: &LiveGame,
        cell: &mut Cell,
        next: Box<dyn GameInstance>,
        action: LoggedAction,
    ) -> Result<Committed, ServiceError> {
        let version = cell.instance.version();
        let status = if next.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::InProgress
        };
        match self
            .store
            .append(
                &live.meta.id,
                version,
                std::slice::from_ref(&action),
                status,
            )
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict { .. }) => {
                self.sync(live, cell, true).await?;
                return Ok(Committed::Conflict);
            }
            Err(e) => return Err(e.into()),
        }
        cell.log.push(action);
        let frame: Frame = Arc::from(next.clone_box());
        cell.instance = next;
        // No receivers is fine: nobody is watching.
        let _ = live.updates.send(frame);
        Ok(Committed::Yes)
    }

    /// Bring the cached game up to the store's version (moves and
    /// resignations made by other replicas) and let bots finish any turn
    /// they own (after a crash, or a move made elsewhere).
    async fn fresh(&self, live: &LiveGame, cell: &mut Cell) -> Result<(), ServiceError> {
        if self.store.shared() {
            self.sync(live, cell, false).await?;
            self.run_bots(live, cell, None, &mut Vec::new()).await?;
        }
        Ok(())
    }

    /// Catch up with the store when it is shared (or when `force`d after a
    /// lost race): new seats, then each new action applied and broadcast.
    async fn sync(
        &self,
        live: &LiveGame,
        cell: &mut Cell,
        force: bool,
    ) -> Result<(), ServiceError> {
        if !force && !self.store.shared() {
            return Ok(());
        }
        let id = &live.meta.id;
        let Some(head) = self.store.head(id).await? else {
            self.games
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(id);
            return Err(ServiceError::GameNotFound(id.clone()));
        };
        if head.seat_revision != cell.seat_revision {
            live.set_seats(self.store.seats(id).await?);
            cell.seat_revision = head.seat_revision;
        }
        let version = cell.instance.version();
        if head.version > version {
            for action in self.store.actions_since(id, version).await? {
                cell.instance
                    .apply(action.seat as Seat, ActionInput::Notation(&action.notation))
                    .map_err(corrupt(id))?;
                cell.log.push(action);
                let frame: Frame = Arc::from(cell.instance.clone_box());
                let _ = live.updates.send(frame);
            }
        }
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
            let seats = live.seats();
            let Some((seat, bot)) = to_act
                .iter()
                .find_map(|s| bots::find(&seats[*s].bot).map(|b| (*s, b)))
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
            let choice = tokio::task::spawn_blocking(move || {
                bot.choose(position.as_ref(), seat, &mut rng, bots::deadline())
            })
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
            let bot_events = next.last_events(viewer);
            let action = LoggedAction {
                seat: seat as u32,
                notation,
            };
            // A lost race means another replica moved (maybe this very bot
            // move): look again at who is to act now.
            if let Committed::Yes = self.commit(live, cell, next, action).await? {
                events.extend(bot_events);
            }
        }
        Err(ServiceError::Internal(
            "bots did not finish within the move limit".into(),
        ))
    }

    fn insert(
        &self,
        meta: Meta,
        seats: Vec<SeatRecord>,
        instance: Box<dyn GameInstance>,
        log: Vec<LoggedAction>,
        seat_revision: u64,
    ) -> Arc<LiveGame> {
        let (updates, _) = broadcast::channel(64);
        let live = Arc::new(LiveGame {
            meta,
            seats: RwLock::new(Arc::new(seats)),
            cell: tokio::sync::Mutex::new(Cell {
                instance,
                log,
                seat_revision,
            }),
            updates,
            watchers: AtomicUsize::new(0),
            last_used: AtomicU64::new(self.tick()),
        });
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        let live = games.entry(live.meta.id.clone()).or_insert(live).clone();
        if games.len() > self.limits.max_cached_games {
            evict_idle(&mut games, self.limits.max_cached_games);
        }
        live
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// The live game, loaded from the store and rebuilt by replay if needed.
    async fn live(&self, id: &str) -> Result<Arc<LiveGame>, ServiceError> {
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument("game_id is empty".into()));
        }
        if let Some(g) = self.games.lock().unwrap_or_else(|p| p.into_inner()).get(id) {
            g.last_used.store(self.tick(), Ordering::Relaxed);
            return Ok(g.clone());
        }
        let head = self.store.head(id).await?;
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
            players: record.seats.len(),
            seed: record.seed,
            options,
        };
        let instance = replay(&meta, &stored.actions, |_| true)?;
        let live = self.insert(
            meta,
            record.seats,
            instance,
            stored.actions,
            head.map_or(0, |h| h.seat_revision),
        );
        // A crash may have stopped bots in the middle of their turns.
        let mut cell = live.cell.lock().await;
        self.run_bots(&live, &mut cell, None, &mut Vec::new())
            .await?;
        drop(cell);
        Ok(live)
    }
}

/// Drop the least recently used games that nobody holds (no request in
/// flight, no watcher) until the cache is 10% under `max`. They stay in the
/// store and are rebuilt by replay when next asked for.
fn evict_idle(games: &mut HashMap<String, Arc<LiveGame>>, max: usize) {
    let target = max - max / 10;
    let mut idle: Vec<(u64, String)> = games
        .iter()
        .filter(|(_, g)| Arc::strong_count(g) == 1)
        .map(|(id, g)| (g.last_used.load(Ordering::Relaxed), id.clone()))
        .collect();
    idle.sort_unstable();
    let excess = games.len().saturating_sub(target);
    for (_, id) in idle.into_iter().take(excess) {
        games.remove(&id);
    }
}

/// `ListGames` page tokens are `<created_at_ms>.<game id>` of the last game
/// of the previous page.
fn parse_page_token(token: &str) -> Result<Cursor, ServiceError> {
    let bad = || ServiceError::InvalidArgument(format!("invalid page_token {token:?}"));
    let (ms, id) = token.split_once('.').ok_or_else(bad)?;
    Ok(Cursor {
        created_at_ms: ms.parse().map_err(|_| bad())?,
        id: id.to_owned(),
    })
}

/// Retries of a move that keeps losing races to other replicas.
const MAX_RACES: usize = 8;
/// The bot that plays a resigned seat.
const RESIGNED_SEAT_BOT: &str = "random";
/// `ListGames` page sizes.
const DEFAULT_PAGE: usize = 20;
const MAX_PAGE: usize = 100;

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
        .create(Some(&meta.options), meta.players, meta.seed)
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
                    if tx.send(Ok(update(live, frame.as_ref(), viewer))).await.is_err() || frame.is_over() {
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
        match live
            .meta
            .kind
            .create(Some(&live.meta.options), live.meta.players, live.meta.seed)
        {
            Ok(initial) => pending.push(update(live, initial.as_ref(), viewer)),
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
                pending.push(update(live, inst, viewer));
            }
            v + 1 < end
        });
        if let Err(e) = result {
            let _ = tx.send(Err(e.into())).await;
            return None;
        }
    }
    if end >= from && !(from == 0 && end == 0) {
        pending.push(update(live, current.as_ref(), viewer));
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

fn update(live: &LiveGame, inst: &dyn GameInstance, viewer: Option<Seat>) -> proto::GameUpdate {
    proto::GameUpdate {
        version: inst.version(),
        events: inst.last_events(viewer),
        snapshot: Some(snapshot(live, inst, viewer)),
    }
}

fn snapshot(live: &LiveGame, inst: &dyn GameInstance, viewer: Option<Seat>) -> proto::GameSnapshot {
    let outcome = inst.outcome();
    proto::GameSnapshot {
        game_id: live.meta.id.clone(),
        game_type: live.meta.kind.id.to_owned(),
        version: inst.version(),
        status: status(outcome.is_some()) as i32,
        to_act: inst.to_act().into_iter().map(|s| s as u32).collect(),
        viewer: viewer.map(|s| s as u32),
        state: Some(inst.view(viewer)),
        outcome,
        text: inst.text(viewer),
        seats: seat_infos(&live.seats()),
    }
}

fn seat_infos(seats: &[SeatRecord]) -> Vec<proto::SeatInfo> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| proto::SeatInfo {
            seat: i as u32,
            name: s.name.clone(),
            bot: s.bot.clone(),
            resigned: s.resigned,
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
