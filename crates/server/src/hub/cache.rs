//! The directory's entries: every game a request touches is held here as
//! a [`LiveGame`] handle, rebuilt from the store by replay when it is not,
//! and evicted (least recently used first) when the cache is over its bound
//! and nobody holds it. A game's state ([`Cell`]) is owned by its actor
//! (`actor`), the game's only writer; the handle sends it commands. Frozen
//! copies go to watchers through a broadcast.
//!
//! Invariant: `Cell::instance` is always the state after `Cell::log`, and
//! the log is a prefix of (or equal to) the store's log.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use prost::Message;
use tokio::sync::{broadcast, mpsc};

use super::Hub;
use super::actor::{self, Command};
use super::clocks::ClockState;
use super::log::Log;
use super::settings::Settings;
use crate::codec::EncodedUpdate;
use crate::error::ServiceError;
use crate::proto;
use satrap_catalog::{ActionInput, ApplyError, GameInstance, GameKind};
use satrap_engine::Seat;
use satrap_store::{EntryKind, LoggedAction, SeatRecord};

/// The seats of a game as one version saw them (shared, never changed:
/// a seat change makes a new list).
pub(super) type Seats = Arc<Vec<SeatRecord>>;

/// A frozen copy of a game at one version with its clocks and seats,
/// shared with watchers.
pub(super) struct Version {
    pub inst: Box<dyn GameInstance>,
    pub clocks: ClockState,
    /// The seats when this version was sent (names, bots, the tokens a
    /// watch stream compares with the one it was opened with).
    pub seats: Seats,
    /// What watchers are sent of this version, built once per viewer (see
    /// [`Shared`]).
    pub shared: Shared,
    /// Unspecified for a new version; else why the current version is sent
    /// again (its seats changed, the game started, chat, an offer).
    pub cause: proto::UpdateCause,
    /// Cause `Chat`: the messages, each sent only to its readers.
    pub chat: Vec<proto::ChatMessage>,
    /// The offer the snapshot shows (see `GameSnapshot.offer`).
    pub offer: Option<proto::Offer>,
}

impl Version {
    /// A version that is built once per use (a replayed one, which replay
    /// changes in place, or a catch-up's copy): nothing is shared.
    pub fn new(inst: Box<dyn GameInstance>, clocks: ClockState, seats: Seats) -> Self {
        Version {
            inst,
            clocks,
            seats,
            shared: Shared::default(),
            cause: proto::UpdateCause::Unspecified,
            chat: Vec::new(),
            offer: None,
        }
    }

    /// The current version sent again because the game changed without a
    /// move (seats, the start): rare, so nothing is shared.
    pub fn again(
        inst: Box<dyn GameInstance>,
        clocks: ClockState,
        seats: Seats,
        cause: proto::UpdateCause,
    ) -> Frame {
        Arc::new(Version {
            cause,
            ..Version::new(inst, clocks, seats)
        })
    }

    /// A frozen version for the broadcast: every stream of one viewer gets
    /// the same update, built by the first stream that needs it.
    pub fn frame(inst: Box<dyn GameInstance>, clocks: ClockState, seats: Seats) -> Frame {
        let viewers = inst.players() + 1;
        Arc::new(Version {
            inst,
            clocks,
            seats,
            shared: Shared {
                full: (0..viewers).map(|_| OnceLock::new()).collect(),
                snapshots: (0..2 * viewers).map(|_| OnceLock::new()).collect(),
            },
            cause: proto::UpdateCause::Unspecified,
            chat: Vec::new(),
            offer: None,
        })
    }
}

/// Updates of one broadcast frame, built and encoded once per viewer and
/// written as they are to every stream of that viewer. Without it each of
/// 10,000 watch streams rendered and encoded the same view, text picture
/// and clocks again for one move (docs/performance.md, "Fan-out"). Slot 0
/// is the spectators', slot `s + 1` seat `s`'s; empty (the default) shares
/// nothing.
#[derive(Default)]
pub(super) struct Shared {
    /// Full updates (the default mode), encoded, by viewer slot.
    pub full: Box<[OnceLock<EncodedUpdate>]>,
    /// Snapshots for delta streams, by viewer slot, without and then with
    /// the text picture (each stream takes its own delta against them).
    pub snapshots: Box<[OnceLock<proto::GameSnapshot>]>,
}

impl std::ops::Deref for Version {
    type Target = dyn GameInstance;
    fn deref(&self) -> &Self::Target {
        self.inst.as_ref()
    }
}

pub(super) type Frame = Arc<Version>;

/// Immutable facts of a game.
pub(super) struct Meta {
    pub id: String,
    pub kind: &'static GameKind,
    pub players: usize,
    pub seed: u64,
    pub options: proto::GameOptions,
    /// A private game: spectators need the spectator token.
    pub private: bool,
    /// SHA-256 of the spectator token of a private game.
    pub spectator_hash: Option<[u8; 32]>,
    /// Clock and lobby settings chosen at creation.
    pub settings: Settings,
    pub created_at_ms: u64,
    /// Who created the game (`key:NAME` or `peer:IP`): quotas count
    /// against it.
    pub owner: String,
    /// A rated game: its end changes its players' ratings.
    pub rated: bool,
}

#[cfg(test)]
impl Meta {
    /// A public casual game of `kind` with default options and no clock.
    pub fn for_tests(kind: &'static GameKind, players: usize, seed: u64) -> Self {
        Meta {
            id: "test".into(),
            kind,
            players,
            seed,
            options: proto::GameOptions::default(),
            private: false,
            spectator_hash: None,
            settings: super::settings::Settings::NONE,
            created_at_ms: 0,
            owner: String::new(),
            rated: false,
        }
    }
}

/// The game's state, owned by its actor: only the actor reads or writes
/// it (see `actor`), so nothing here is locked.
pub(super) struct Cell {
    pub instance: Box<dyn GameInstance>,
    /// The clocks after `log` (and whether the game has started).
    pub clocks: ClockState,
    pub log: Log,
    /// The seats as the store has them at `seat_revision`.
    pub seats: Seats,
    /// The store's seat revision that `seats` reflects.
    pub seat_revision: u64,
    /// The bot fill was refused (the creator is at its cap on live bot
    /// games): the open seats stay open for players.
    pub fill_refused: bool,
    /// On a shared store: the due time the store holds may be stale (a
    /// creation, a seat change, a claimed lease), so the actor settles it
    /// even if no work is due here.
    pub settle: bool,
    /// The game's chat and offers as folded so far (see `talk`).
    pub talk: super::talk::state::TalkState,
}

/// What a game's actor and its handles share: the facts, the broadcast to
/// watchers and the end of the game's life. Everything here is immutable
/// or a channel; the one published fact (`finished`) has one writer.
pub(super) struct Game {
    pub meta: Meta,
    pub updates: Updates,
    /// Turns `true` when the game is deleted (DeleteGame, retention, or
    /// gone from a shared store): its watch streams end.
    pub gone: tokio::sync::watch::Sender<bool>,
    /// The game is over, as its actor last committed or caught up (read by
    /// the metrics' census without asking every actor; never turns back).
    pub finished: AtomicBool,
}

/// A handle on one live game: the directory holds one, and so does every
/// call in flight and every watch stream. The game's actor lives as long
/// as some handle does (and holds one itself only while it has work: see
/// `actor`), so an idle game nobody holds can be evicted, which stops its
/// actor.
pub(super) struct LiveGame {
    pub game: Arc<Game>,
    /// The directory this game is in (a parked game's next command starts
    /// its actor there).
    pub(super) hub: std::sync::Weak<Hub>,
    /// The actor's mailbox, or the game's state while it is parked.
    pub(super) mailbox: Mutex<Mailbox>,
    pub watchers: AtomicUsize,
    /// Tick of the last request that used the game (cache eviction order).
    pub last_used: AtomicU64,
}

impl std::ops::Deref for LiveGame {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.game
    }
}

/// Where a game's commands go.
pub(super) enum Mailbox {
    /// To its running actor (commands are boxed: an idle game's channel
    /// is then a few hundred bytes).
    Open(mpsc::Sender<Box<Command>>),
    /// Its actor parked the game: idle, nothing due, so its task ended
    /// and its state waits here; the next command starts an actor with it.
    /// (A parked game costs its state, not a task and a channel.)
    Parked(Parked),
}

/// A parked game's state.
pub(super) enum Parked {
    /// A game not over: all of it.
    Cell(Box<Cell>),
    /// A finished game: its log and seats, not the game itself, which
    /// never changes again and which the log rebuilds (replayed from the
    /// seed it gives back the same game and clocks: `Log::replay`) when a
    /// command next wakes it. Most cached games are finished ones, and
    /// their state was the largest part of them.
    Finished(Box<Asleep>),
}

impl Parked {
    /// Park `cell`: a finished game without its state.
    pub fn of(cell: Cell) -> Self {
        if !cell.instance.is_over() {
            return Parked::Cell(Box::new(cell));
        }
        Parked::Finished(Box::new(Asleep {
            started_at: cell.clocks.started_at(),
            log: cell.log,
            seats: cell.seats,
            seat_revision: cell.seat_revision,
        }))
    }

    /// The state again, rebuilt by replay for a finished game.
    pub fn wake(self, meta: &Meta) -> Result<Cell, ServiceError> {
        match self {
            Parked::Cell(cell) => Ok(*cell),
            Parked::Finished(asleep) => {
                let Asleep {
                    started_at,
                    log,
                    seats,
                    seat_revision,
                } = *asleep;
                let (instance, clocks) = log.replay(meta, started_at, &seats, |_| true)?;
                Ok(Cell {
                    instance,
                    clocks,
                    log,
                    seats,
                    seat_revision,
                    fill_refused: false,
                    settle: false,
                    talk: Default::default(),
                })
            }
        }
    }

    /// The heap bytes of its log.
    pub fn log_bytes(&self) -> usize {
        match self {
            Parked::Cell(cell) => cell.log.heap_bytes(),
            Parked::Finished(asleep) => asleep.log.heap_bytes(),
        }
    }
}

/// What rebuilds a finished game (see [`Parked::Finished`]).
pub(super) struct Asleep {
    started_at: Option<u64>,
    log: Log,
    seats: Seats,
    seat_revision: u64,
}

/// Frames a watcher may fall behind before it catches up by replay.
pub(super) const UPDATE_CAPACITY: usize = 64;

/// A game's broadcast of new versions to its watchers, there only while
/// someone watches. Most cached games have no watcher, and a broadcast
/// channel costs its ring of slots even unused (about 2.5 KB), and keeps
/// the last frames it sent (whole game states) until they are overwritten:
/// so the channel is made by the first watcher and dropped once the game
/// is over or nobody watches any more (watchers still receive what was
/// sent before; a later watcher makes a new one). Only the actor sends and
/// subscribes, so no frame falls between a subscription and its catch-up.
#[derive(Default)]
pub(super) struct Updates(Mutex<Option<broadcast::Sender<Frame>>>);

impl Updates {
    /// Send `frame` to every watcher; `Err` (with the frame) if none.
    pub fn send(&self, frame: Frame) -> Result<usize, broadcast::error::SendError<Frame>> {
        let mut channel = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let Some(tx) = channel.as_ref() else {
            return Err(broadcast::error::SendError(frame));
        };
        let over = frame.is_over();
        let sent = tx.send(frame);
        if over || sent.is_err() {
            *channel = None;
        }
        sent
    }

    /// How many watchers would receive a frame sent now (0 without a
    /// channel): the move path makes a frame only when this is not 0.
    pub fn receiver_count(&self) -> usize {
        let channel = self.0.lock().unwrap_or_else(|p| p.into_inner());
        channel
            .as_ref()
            .map_or(0, broadcast::Sender::receiver_count)
    }

    /// A receiver of every frame sent from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Frame> {
        let mut channel = self.0.lock().unwrap_or_else(|p| p.into_inner());
        channel
            .get_or_insert_with(|| broadcast::channel(UPDATE_CAPACITY).0)
            .subscribe()
    }
}

impl Hub {
    /// Put a game in the directory with its actor (or return the handle
    /// already there: then this copy is dropped, actor unstarted) and evict
    /// idle games beyond the bound.
    pub(super) fn insert(&self, meta: Meta, cell: Cell) -> Arc<LiveGame> {
        let game = Arc::new(Game {
            meta,
            updates: Updates::default(),
            gone: tokio::sync::watch::channel(false).0,
            finished: AtomicBool::new(cell.instance.is_over()),
        });
        let (commands, mailbox) = mpsc::channel(actor::MAILBOX);
        let live = Arc::new(LiveGame {
            game: game.clone(),
            hub: self.me.clone(),
            mailbox: Mutex::new(Mailbox::Open(commands)),
            watchers: AtomicUsize::new(0),
            last_used: AtomicU64::new(self.tick()),
        });
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(there) = games.get(&game.meta.id) {
            return there.clone();
        }
        games.insert(game.meta.id.clone(), live.clone());
        if games.len() > self.limits.max_cached_games {
            evict_idle(&mut games, self.limits.max_cached_games);
        }
        drop(games);
        match self.me.upgrade() {
            Some(hub) => actor::spawn(hub, game, Arc::downgrade(&live), cell, mailbox),
            // The hub is going away: the handle answers nothing (its
            // commands fail as the game being unavailable).
            None => drop(mailbox),
        }
        live
    }

    /// Forget a cached game (deleted from the store); its watch streams
    /// end.
    pub(super) fn forget(&self, id: &str) {
        let removed = self
            .games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(id);
        if let Some(live) = removed {
            live.gone.send_replace(true);
        }
    }

    /// The cached game, if it is cached.
    pub(super) fn cached(&self, id: &str) -> Option<Arc<LiveGame>> {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    /// How many cached games are parked (no actor running: see
    /// `actor`), for the scale bench.
    pub fn parked_games(&self) -> usize {
        self.all_cached()
            .iter()
            .filter(|live| {
                let slot = live.mailbox.lock().unwrap_or_else(|p| p.into_inner());
                matches!(&*slot, Mailbox::Parked(_))
            })
            .count()
    }

    /// Every cached game.
    pub(super) fn all_cached(&self) -> Vec<Arc<LiveGame>> {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect()
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// The live game, loaded from the store and rebuilt by replay if needed.
    /// A game loaded with work due (after a crash or restart) has its actor
    /// do it at once.
    pub(super) async fn live(&self, id: &str) -> Result<Arc<LiveGame>, ServiceError> {
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument("game_id is empty".into()));
        }
        if id.len() > MAX_GAME_ID_LEN {
            // No stored id is this long: do not ask the store.
            return Err(ServiceError::game_not_found(id));
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
            .ok_or_else(|| ServiceError::game_not_found(id))?;
        let record = stored.record;
        let kind = satrap_catalog::find(&record.game_type).ok_or_else(|| {
            ServiceError::DataLoss(format!(
                "stored game {id} has unknown type {}",
                record.game_type
            ))
        })?;
        let options = proto::GameOptions::decode(record.options.as_slice())
            .map_err(|e| ServiceError::DataLoss(format!("stored options of {id}: {e}")))?;
        let settings = Settings::decode(&record.settings)
            .map_err(|e| ServiceError::DataLoss(format!("stored settings of {id}: {e}")))?;
        let meta = Meta {
            id: record.id,
            kind,
            players: record.seats.len(),
            seed: record.seed,
            options,
            private: record.access.private,
            spectator_hash: record.access.spectator_hash,
            settings,
            created_at_ms: record.created_at_ms,
            owner: record.access.owner,
            rated: record.rated,
        };
        let (log, instance, clocks) = Log::load(&meta, record.started_at_ms, &stored.actions)?;
        // After a restart whatever is due now is done at once (the actor
        // looks as it starts); on a shared store only with the game's
        // lease (another replica may drive it).
        let cell = Cell::new(
            instance,
            clocks,
            log,
            record.seats,
            head.map_or(0, |h| h.seat_revision),
        );
        Ok(self.insert(meta, cell))
    }
}

impl Cell {
    pub fn new(
        instance: Box<dyn GameInstance>,
        clocks: ClockState,
        log: Log,
        seats: Vec<SeatRecord>,
        seat_revision: u64,
    ) -> Self {
        Cell {
            instance,
            clocks,
            log,
            seats: Arc::new(seats),
            seat_revision,
            fill_refused: false,
            settle: false,
            talk: Default::default(),
        }
    }
}

/// Game ids are UUIDs (36 characters); anything much longer is unknown.
const MAX_GAME_ID_LEN: usize = 128;

/// Drop the least recently used games that nobody holds (no request in
/// flight, no watcher, no actor with work) until the cache is 10% under `max`.
/// They stay in the store and are rebuilt by replay when next asked for.
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

/// A stored game that no longer replays: its data is damaged.
pub(super) fn corrupt<E: std::fmt::Display>(id: &str) -> impl Fn(E) -> ServiceError + '_ {
    move |e| ServiceError::DataLoss(format!("stored game {id} does not replay: {e}"))
}

/// The game at version 0 with its clocks (started at `started_at`, if it
/// has started).
pub(super) fn initial(
    meta: &Meta,
    started_at: Option<u64>,
) -> Result<(Box<dyn GameInstance>, ClockState), ServiceError> {
    let inst = meta
        .kind
        .create(Some(&meta.options), meta.players, meta.seed)
        .map_err(corrupt(&meta.id))?;
    let mut clocks = ClockState::new(meta.settings.control, meta.players);
    if let Some(at) = started_at {
        clocks.start(at, &inst.to_act());
    }
    Ok((inst, clocks))
}

/// The policy a timeout entry applied.
pub(super) fn timeout_policy(kind: EntryKind) -> Option<proto::TimeoutPolicy> {
    match kind {
        EntryKind::Move => None,
        EntryKind::TimeoutBotMoves => Some(proto::TimeoutPolicy::BotMoves),
        EntryKind::TimeoutBotTakesSeat => Some(proto::TimeoutPolicy::BotTakesSeat),
        EntryKind::TimeoutForfeit => Some(proto::TimeoutPolicy::Forfeit),
    }
}

/// Apply one stored entry (a move, a timeout with the bot's move or a
/// forfeit, or an abort) to the game and its clocks: the one way entries
/// are replayed.
pub(super) fn apply_entry(
    inst: &mut Box<dyn GameInstance>,
    clocks: &mut ClockState,
    a: &LoggedAction,
) -> Result<(), ApplyError> {
    let seat = a.seat as Seat;
    match timeout_policy(a.kind) {
        // An administrator's abort (`aborted`): every clock stops with it.
        _ if super::aborted::is_abort(a) => super::aborted::apply_logged(inst, a)?,
        Some(proto::TimeoutPolicy::Forfeit) => inst.forfeit(seat),
        policy => {
            inst.apply(seat, ActionInput::Notation(&a.notation))?;
            if let Some(p) = policy {
                inst.mark_timeout(seat, p);
            }
        }
    }
    clocks.advance(&inst.to_act(), seat, a.at_ms, a.kind);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::settings::Control;

    /// King of Siam (3 players) after `moves` first-legal moves, or at its
    /// end if it ends sooner.
    fn frame(moves: usize) -> Frame {
        let kind = satrap_catalog::find("king_of_siam").expect("registered");
        let mut inst = kind.create(None, 3, 7).expect("created");
        for _ in 0..moves {
            let Some(&seat) = inst.to_act().first() else {
                break;
            };
            inst.apply_legal(seat, 0).expect("legal");
        }
        Version::frame(inst, ClockState::new(Control::None, 3), Seats::default())
    }

    fn has_channel(u: &Updates) -> bool {
        u.0.lock().map(|c| c.is_some()).unwrap_or(false)
    }

    #[test]
    fn an_unwatched_game_has_no_channel() {
        let updates = Updates::default();
        assert!(updates.send(frame(1)).is_err(), "nobody to send to");
        assert!(!has_channel(&updates));
    }

    #[test]
    fn watchers_get_every_frame_and_the_channel_goes_when_they_do() {
        let updates = Updates::default();
        let mut a = updates.subscribe();
        let mut b = updates.subscribe();
        assert!(has_channel(&updates));
        assert_eq!(updates.send(frame(1)).ok(), Some(2));
        assert_eq!(a.try_recv().map(|f| f.version()).ok(), Some(1));
        assert_eq!(b.try_recv().map(|f| f.version()).ok(), Some(1));
        drop((a, b));
        // The next move finds nobody: the channel and its frames are freed.
        assert!(updates.send(frame(2)).is_err());
        assert!(!has_channel(&updates));
        // A new watcher gets a new channel.
        let mut c = updates.subscribe();
        assert_eq!(updates.send(frame(3)).ok(), Some(1));
        assert_eq!(c.try_recv().map(|f| f.version()).ok(), Some(3));
    }

    #[test]
    fn the_last_frame_reaches_watchers_and_then_the_channel_is_dropped() {
        let updates = Updates::default();
        let mut rx = updates.subscribe();
        let last = frame(10_000);
        assert!(last.is_over(), "the game ended");
        let version = last.version();
        assert_eq!(updates.send(frame(1)).ok(), Some(1));
        assert_eq!(updates.send(last).ok(), Some(1));
        assert!(!has_channel(&updates));
        assert_eq!(rx.try_recv().map(|f| f.version()).ok(), Some(1));
        assert_eq!(rx.try_recv().map(|f| f.version()).ok(), Some(version));
        assert!(matches!(
            rx.try_recv(),
            Err(broadcast::error::TryRecvError::Closed)
        ));
    }
}
