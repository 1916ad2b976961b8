//! The hub is the directory of live games and the one way requests reach
//! them. It knows no game by name: everything goes through
//! [`GameInstance`](satrap_catalog::GameInstance) and the registry. Each
//! live game is an actor that owns its state; what is done to one game is
//! a command to its actor, run by its [`table`]; the hub finds, creates,
//! lists and forgets games:
//!
//! - [`cache`]: the directory (load by replay, LRU eviction of idle games)
//!   of handles on the games' actors;
//! - [`actor`]: one task per live game, the only writer of its state:
//!   commands in, answers out, its own timers;
//! - [`table`]: one game as its actor holds it — catching up with a shared
//!   store, identifying the caller, moves, resignations, the lobby
//!   (JoinGame, LeaveGame, bot fill), aborts, tokens, clock timeouts;
//! - [`task`]: the game's own work (bot turns, clocks, fill), with its
//!   lease on a shared store; [`scan`]: finding games whose work is due;
//! - [`follow`]: telling the actors at once when another replica commits;
//! - [`watch`]: watch streams (catch-up by replay, then live updates);
//! - [`listing`]: ListGames and retention; [`history`]: GetHistory;
//!   [`census`]: the counts behind the metrics;
//! - [`view`]: snapshots and updates as one viewer may see them;
//! - [`settings`], [`clocks`]: turn clocks (chosen at creation, computed
//!   from stored times);
//! - [`pool`]: the threads bots think on and catch-ups replay on.
//!
//! This file holds creation, and the entry point of every call on one game
//! (found here, sent to its actor).

mod aborted;
mod actor;
mod cache;
mod census;
mod clocks;
mod drain;
mod ending;
mod follow;
mod history;
mod listing;
mod log;
mod pool;
mod scan;
mod settings;
mod table;
mod takeback;
mod talk;
mod task;
#[cfg(test)]
mod tests;
mod view;
mod watch;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use prost::Message;
use tokio::sync::watch as signal;

use super::auth::{self, Caller, Who};
use super::echo::Echo;
use super::error::ServiceError;
use crate::proto;
use satrap_catalog::{self as games, ActionInput, GameKind};
use satrap_engine::Seat;
use satrap_search as bots;
use satrap_store::{AccessRecord, GameRecord, GameStore, SeatRecord, now_ms};

use actor::{Action, Answer, Command};
use cache::{Cell, LiveGame, Meta};
pub use census::Census;
pub use pool::BotPool;
pub use table::Reply;
pub use talk::TalkLimits;
pub use talk::offers::ABORT_MOVES_PER_SEAT;
pub use watch::WatchMode;

/// Limits that protect the server from a misbehaving client, and the bots'
/// compute budget.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Concurrent WatchGame streams per game.
    pub max_watchers_per_game: usize,
    /// Longest accepted notation, in bytes.
    pub max_notation_len: usize,
    /// Longest seat name, in characters.
    pub max_name_len: usize,
    /// Most bot moves a game's actor plays in a row (a safety net: every
    /// hosted game ends long before).
    pub max_bot_moves: usize,
    /// Most games kept live in memory; idle ones beyond are evicted.
    pub max_cached_games: usize,
    /// Threads that compute bot decisions (at most the cores).
    pub bot_threads: usize,
    /// Accept CreateGameRequest.seed (`--client-seeds`); refused with
    /// PERMISSION_DENIED when `false`.
    pub client_seeds: bool,
    /// Games in progress with a built-in bot per creator
    /// (`--max-live-bot-games`): checked whenever a game would get its
    /// first bot, however it gets it.
    pub max_live_bot_games: Option<u64>,
    /// Threads that replay catch-ups for watch streams (at most the cores):
    /// the budget all streams' replays share.
    pub replay_threads: usize,
    /// How long a replica that saw another replica's move waits before it
    /// plays a bot turn the other replica should be playing (it takes over
    /// only if the game has not moved by then: that replica died).
    pub bot_takeover_delay: Duration,
    /// How long a game's actor waits with nothing to do before it parks
    /// (its task ends, its state waits in the handle until the next
    /// command starts a new one: see `actor`).
    pub park_after: Duration,
    /// Chat and offers: message length and rate, offer expiry.
    pub talk: TalkLimits,
    /// The live-bot-game cap of a guest's games (`guest:IP`,
    /// `--guest-max-live-bot-games`), beside `max_live_bot_games`.
    pub guest_max_live_bot_games: Option<u64>,
    /// An unfinished game with no move for this long is abandoned and left
    /// out of ListGames unless asked for (`--abandoned-after`); `None`:
    /// never.
    pub abandoned_after: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_watchers_per_game: 256,
            max_notation_len: 256,
            max_name_len: 64,
            max_bot_moves: 100_000,
            max_cached_games: 10_000,
            bot_threads: pool::default_threads(),
            replay_threads: pool::default_replay_threads(),
            client_seeds: true,
            max_live_bot_games: None,
            bot_takeover_delay: Duration::from_secs(3),
            park_after: Duration::from_secs(10),
            talk: TalkLimits::default(),
            guest_max_live_bot_games: None,
            abandoned_after: None,
        }
    }
}

/// A game checked and built, not yet stored (see `Hub::plan`).
struct Planned {
    record: GameRecord,
    meta: Meta,
    instance: Box<dyn games::GameInstance>,
    credentials: Vec<proto::SeatCredential>,
    spectator_token: String,
    invites: Vec<proto::Invite>,
}

/// What CreateGame returns.
pub struct Created {
    pub game_id: String,
    pub seats: Vec<proto::SeatCredential>,
    pub snapshot: proto::GameSnapshot,
    /// A private game's spectator token; empty for a public game.
    pub spectator_token: String,
    /// One invite code per open seat, when asked for.
    pub invites: Vec<proto::Invite>,
}

pub struct Hub {
    /// This hub, for the actors it spawns (one per live game).
    me: Weak<Hub>,
    store: Arc<dyn GameStore>,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    /// Source of `LiveGame::last_used` ticks.
    clock: AtomicU64,
    limits: Limits,
    shutdown: signal::Receiver<bool>,
    /// Where bot decisions are computed.
    pool: BotPool,
    /// Where watch streams' catch-ups are replayed (see `watch`).
    replays: Arc<pool::Pool>,
    /// Held while a creator's live bot games are counted and a bot added
    /// (see [`Hub::bot_quota`]). The only lock a game's change takes, and
    /// no game lock exists to order it against: a game is its actor's.
    bot_quota: tokio::sync::Mutex<()>,
    /// This replica's id, the owner of the leases it takes on a shared
    /// store (see `task`).
    replica: String,
    /// The feed of game events, followed once for every stream and the
    /// webhooks of this process.
    feed: Arc<crate::rated::feed::Feed>,
    /// The matchmaking tickets this replica's FindMatch streams hold,
    /// under its leases.
    tickets: crate::rated::tickets::Tickets,
    /// Game actors with work now (see `actor`; a drain waits for none).
    tasks: Arc<signal::Sender<usize>>,
    /// Tournaments made or saved by any replica, as the follower got them
    /// from the store (see `follow`): their drivers and watchers wake on it.
    tournaments: tokio::sync::broadcast::Sender<satrap_store::TournamentNotice>,
    /// Chat messages per caller (`--chat-rate`).
    chat_rate: talk::limits::ChatRate,
}

/// Tournament notices a slow driver or watcher may fall behind by (then
/// it reads its tournament again).
const TOURNAMENT_BACKLOG: usize = 256;

/// The answer of [`Hub::bot_quota`].
enum BotQuota<'a> {
    /// Go ahead (holding the guard, when there is a cap, until committed).
    Allowed(Option<tokio::sync::MutexGuard<'a, ()>>),
    /// The creator is at the cap.
    Refused(BotCap),
}

/// A live-bot-game cap: how many, and the flag that set it.
#[derive(Debug, Clone, Copy)]
struct BotCap {
    max: u64,
    flag: &'static str,
}

/// The error for a creator at its live-bot-game cap.
fn bot_games_exhausted(cap: BotCap) -> ServiceError {
    let BotCap { max, flag } = cap;
    ServiceError::ResourceExhausted(format!(
        "live bot game limit reached: at most {max} games in progress with built-in bots per creator ({flag}); finish or abort one first"
    ))
}

impl Hub {
    /// `shutdown` turning `true` ends every watch stream and the games' background work
    /// (graceful shutdown).
    pub fn new(
        store: Arc<dyn GameStore>,
        limits: Limits,
        shutdown: signal::Receiver<bool>,
    ) -> Arc<Self> {
        let pool = BotPool::new(limits.bot_threads);
        let replays = Arc::new(pool::Pool::named(limits.replay_threads, "replay"));
        let feed = crate::rated::feed::Feed::new(store.clone(), shutdown.clone());
        let replica = uuid::Uuid::new_v4().to_string();
        let tickets = crate::rated::tickets::Tickets::new(store.clone(), replica.clone());
        let chat_rate = talk::limits::ChatRate::new(&limits.talk);
        Arc::new_cyclic(|me| Self {
            me: me.clone(),
            feed,
            tickets,
            store,
            games: Mutex::new(HashMap::new()),
            clock: AtomicU64::new(0),
            limits,
            shutdown,
            pool,
            replays,
            bot_quota: tokio::sync::Mutex::new(()),
            replica,
            tasks: Arc::new(signal::channel(0).0),
            tournaments: tokio::sync::broadcast::channel(TOURNAMENT_BACKLOG).0,
            chat_rate,
        })
    }

    /// Tournaments made or saved from now on, by any replica (a `Resync`
    /// when some may have been missed: read again what is followed).
    pub fn tournament_changes(
        &self,
    ) -> tokio::sync::broadcast::Receiver<satrap_store::TournamentNotice> {
        self.tournaments.subscribe()
    }

    /// The store the games live in (rated play reads ratings, the queue
    /// and the feed from it).
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// The feed of game events (WatchEvents, webhooks).
    pub fn feed(&self) -> &Arc<crate::rated::feed::Feed> {
        &self.feed
    }

    /// The matchmaking tickets this replica holds.
    pub fn tickets(&self) -> &crate::rated::tickets::Tickets {
        &self.tickets
    }

    /// This replica's id (the owner of the leases it takes).
    pub fn replica(&self) -> &str {
        &self.replica
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Turns `true` when the server shuts down (streams and loops end).
    pub fn shutdown_signal(&self) -> signal::Receiver<bool> {
        self.shutdown.clone()
    }

    /// Whether CreateGame would accept `req` (nothing is created).
    pub fn check_request(&self, req: proto::CreateGameRequest) -> Result<(), ServiceError> {
        self.plan(req, "").map(|_| ())
    }

    pub fn game_types(&self) -> Vec<proto::GameType> {
        games::registry().iter().map(|k| k.to_proto()).collect()
    }

    /// Create a game. The snapshot is the game as created (version 0, as a
    /// spectator sees it): bots to act start moving in the game's actor
    /// once the game is stored, and their moves reach WatchGame.
    pub async fn create(&self, req: proto::CreateGameRequest) -> Result<Created, ServiceError> {
        self.create_for(req, "").await
    }

    /// Create a game on behalf of `owner` (an API key's name or a peer
    /// address: quotas count per owner).
    pub async fn create_for(
        &self,
        req: proto::CreateGameRequest,
        owner: &str,
    ) -> Result<Created, ServiceError> {
        let planned = self.plan(req, owner)?;
        self.install(planned, None)
            .await?
            .ok_or_else(|| ServiceError::Internal("a new game's id was taken".into()))
    }

    /// Create a game under id `id` (a tournament table's, derived from the
    /// table, so that an owner that died between making the game and
    /// saving the tournament is followed by one that finds the game
    /// instead of making another). `Ok(None)`: a game of that id exists
    /// already, nothing was created.
    pub async fn create_as(
        &self,
        req: proto::CreateGameRequest,
        owner: &str,
        id: &str,
    ) -> Result<Option<Created>, ServiceError> {
        let mut planned = self.plan(req, owner)?;
        id.clone_into(&mut planned.record.id);
        id.clone_into(&mut planned.meta.id);
        self.install(planned, None).await
    }

    /// Create the game of a match (see `rated::matchmaker`): `req` as for
    /// CreateGame, every client seat taking the token hash of its ticket,
    /// stored only if every ticket of `seats` is still waiting under a
    /// lease live at `now_ms` (`None` otherwise: another replica matched
    /// one of them first, or its holder is gone).
    pub async fn create_matched(
        &self,
        req: proto::CreateGameRequest,
        owner: &str,
        hashes: &[(usize, [u8; 32])],
        seats: &[satrap_store::MatchSeat],
        now_ms: u64,
    ) -> Result<Option<String>, ServiceError> {
        let mut planned = self.plan(req, owner)?;
        // The queued clients hold their tokens: the seats take their hashes
        // (the tokens `plan` drew are never returned).
        for (seat, hash) in hashes {
            if let Some(s) = planned.record.seats.get_mut(*seat) {
                s.token_hash = Some(*hash);
            }
        }
        Ok(self
            .install(planned, Some((seats, now_ms)))
            .await?
            .map(|c| c.game_id))
    }

    /// Everything a new game is, checked, before it is stored.
    fn plan(&self, req: proto::CreateGameRequest, owner: &str) -> Result<Planned, ServiceError> {
        let kind = find_kind(&req.game_type)?;
        let players = req.seats.len();
        if !(kind.min_players..=kind.max_players).contains(&players) {
            return Err(ServiceError::InvalidArgument(format!(
                "{} is played by {} to {} players, {} seats requested",
                kind.name, kind.min_players, kind.max_players, players
            )));
        }
        let seed = match req.seed {
            Some(_) if req.rated => {
                return Err(ServiceError::InvalidArgument(
                    "a rated game draws its own seed: leave seed unset".into(),
                ));
            }
            Some(_) if !self.limits.client_seeds => {
                return Err(ServiceError::PermissionDenied(
                    "this server does not accept client-chosen seeds (--client-seeds false): leave seed unset",
                ));
            }
            Some(s) => s,
            None => random_seed()?,
        };
        let instance = kind.create(req.options.as_ref(), players, seed)?;
        let options = instance.options();
        let (settings, stored_settings) =
            settings::Settings::from_request(&req, kind.perfect_information)?;
        let mut invites = Vec::new();

        let mut seats = Vec::with_capacity(players);
        let mut credentials = Vec::with_capacity(players);
        for (i, s) in req.seats.iter().enumerate() {
            if s.name.chars().count() > self.limits.max_name_len {
                return Err(ServiceError::InvalidArgument(format!(
                    "seat {i}: name longer than {} characters",
                    self.limits.max_name_len
                )));
            }
            if s.open {
                let seat = table::open_seat(i, s, req.invite_codes, &mut invites)?;
                seats.push(seat);
                credentials.push(proto::SeatCredential {
                    seat: i as u32,
                    open: true,
                    ..proto::SeatCredential::default()
                });
                continue;
            }
            let name = match (s.name.trim().is_empty(), s.bot.is_empty()) {
                (false, _) => s.name.clone(),
                (true, true) => format!("Player {}", i + 1),
                (true, false) => crate::bots::seat_name(&s.bot, i),
            };
            let token = if s.bot.is_empty() {
                Some(auth::new_token()?)
            } else if bots::find(&s.bot).is_some_and(|b| b.supports(kind.perfect_information)) {
                None
            } else {
                return Err(ServiceError::InvalidArgument(format!(
                    "seat {i}: no bot {} for {} (available: {})",
                    Echo(&s.bot),
                    kind.name,
                    bots::names_for(kind.perfect_information).join(", ")
                )));
            };
            let player_id = match s.bot.is_empty() {
                true => s.player_id.clone(),
                false => crate::bots::player_id(&s.bot),
            };
            if req.rated && player_id.is_empty() {
                return Err(ServiceError::InvalidArgument(format!(
                    "seat {i}: a rated game needs a player in every seat (player_id)"
                )));
            }
            seats.push(SeatRecord {
                name: name.clone(),
                bot: s.bot.clone(),
                token_hash: token.as_deref().map(auth::hash_token),
                player_id,
                ..SeatRecord::default()
            });
            credentials.push(proto::SeatCredential {
                seat: i as u32,
                name,
                token: token.unwrap_or_default(),
                open: false,
            });
        }
        if req.rated && seats.iter().any(|s| s.open) {
            return Err(ServiceError::InvalidArgument(
                "a rated game has no open seats: queue with FindMatch instead".into(),
            ));
        }
        // One visibility rule: a rated game's players and result go on the
        // public leaderboard and ratings, so a rated game is never private.
        if req.rated && req.private {
            return Err(ServiceError::InvalidArgument(
                "a rated game is public (its players and result are on the leaderboard): leave private unset, or play it unrated".into(),
            ));
        }
        // A player holds at most one seat of a rated game (else one user
        // could take several seats against a bot and farm points); the
        // built-in bots may fill several seats of one level.
        if req.rated {
            for (i, s) in seats.iter().enumerate() {
                if s.bot.is_empty()
                    && seats[..i]
                        .iter()
                        .any(|o| o.bot.is_empty() && o.player_id == s.player_id)
                {
                    return Err(ServiceError::InvalidArgument(format!(
                        "seat {i}: a player holds at most one seat of a rated game"
                    )));
                }
            }
        }
        if req.invite_codes && invites.is_empty() {
            return Err(ServiceError::InvalidArgument(
                "invite_codes needs at least one open seat".into(),
            ));
        }
        if settings.bot_fill.is_some() && !seats.iter().any(|s| s.open) {
            return Err(ServiceError::InvalidArgument(
                "bot_fill needs at least one open seat".into(),
            ));
        }

        let spectator_token = if req.private {
            auth::new_token()?
        } else {
            String::new()
        };
        let spectator_hash = req.private.then(|| auth::hash_token(&spectator_token));
        let id = uuid::Uuid::new_v4().to_string();
        let created_at_ms = now_ms();
        // A game with open seats starts when the last one is taken.
        let started_at_ms = (!seats.iter().any(|s| s.open)).then_some(created_at_ms);
        let record = GameRecord {
            access: AccessRecord {
                private: req.private,
                spectator_hash,
                owner: owner.to_owned(),
            },
            id: id.clone(),
            game_type: kind.id.to_owned(),
            seats,
            options: options.encode_to_vec(),
            seed,
            created_at_ms,
            settings: stored_settings,
            started_at_ms,
            rated: req.rated,
        };
        let meta = Meta {
            id: id.clone(),
            kind,
            players,
            seed,
            options,
            settings,
            created_at_ms,
            private: req.private,
            spectator_hash,
            owner: owner.to_owned(),
            rated: req.rated,
        };
        Ok(Planned {
            record,
            meta,
            instance,
            credentials,
            spectator_token,
            invites,
        })
    }

    /// Store a planned game (as a match when `matched`) and make it live.
    /// `Ok(None)`: the match was refused (a ticket was taken meanwhile), or
    /// the game's id is taken.
    async fn install(
        &self,
        planned: Planned,
        matched: Option<(&[satrap_store::MatchSeat], u64)>,
    ) -> Result<Option<Created>, ServiceError> {
        let Planned {
            record,
            meta,
            instance,
            credentials,
            spectator_token,
            invites,
        } = planned;
        let (id, owner, players) = (record.id.clone(), record.access.owner.clone(), meta.players);
        let (settings, started_at_ms, kind, private) =
            (meta.settings, record.started_at_ms, meta.kind, meta.private);
        let seats = record.seats.clone();
        // A game created with bot seats counts against its creator's cap on
        // live bot games; the check and the creation happen under one lock.
        let _quota = match seats.iter().any(|s| !s.bot.is_empty()) {
            true => match self.bot_quota(&owner).await? {
                BotQuota::Allowed(guard) => guard,
                BotQuota::Refused(cap) => return Err(bot_games_exhausted(cap)),
            },
            false => None,
        };
        match matched {
            None => match self.store.create(&record).await {
                Ok(()) => {}
                Err(satrap_store::StoreError::AlreadyExists(_)) => return Ok(None),
                Err(e) => return Err(e.into()),
            },
            Some((tickets, now_ms)) => {
                if !self.store.create_match(&record, tickets, now_ms).await? {
                    return Ok(None);
                }
            }
        }
        let mut clocks = clocks::ClockState::new(settings.control, players);
        if let Some(at) = started_at_ms {
            clocks.start(at, &instance.to_act());
        }
        let mut cell = Cell::new(instance, clocks, Default::default(), seats, 0);
        // Stored as due now (a shared store): the actor settles it.
        cell.settle = true;
        let snapshot = view::current(&meta, &cell, None);
        self.insert(meta, cell);
        tracing::info!(game_id = %id, game_type = kind.id, players, private, rated = record.rated, "game created");
        Ok(Some(Created {
            game_id: id,
            seats: credentials,
            snapshot,
            spectator_token,
            invites,
        }))
    }

    /// The caller of a request on game `id`, from its bearer token.
    pub async fn caller(&self, id: &str, token: Option<&str>) -> Result<Caller, ServiceError> {
        self.caller_as(id, token, false).await
    }

    /// The caller of a request on game `id`; `admin`: the request carries
    /// a valid admin key (which may look at private games). With a shared
    /// store the seats are checked against the store first, so a token
    /// rotated on another replica stops working here at once.
    ///
    /// The reads and changes of a game take [`Who`] and identify the
    /// caller in the same command instead (one round trip).
    pub async fn caller_as(
        &self,
        id: &str,
        token: Option<&str>,
        admin: bool,
    ) -> Result<Caller, ServiceError> {
        let who = Who::Presented {
            token: token.map(str::to_owned),
            admin,
        };
        self.command(id, |answer| Command::Identify { who, answer })
            .await
    }

    /// Send game `id`'s actor a command and wait for its answer.
    async fn command<T>(
        &self,
        id: &str,
        command: impl FnOnce(Answer<T>) -> Command,
    ) -> Result<T, ServiceError> {
        let live = self.live(id).await?;
        self.ask(&live, command).await
    }

    /// Send `live`'s actor a command and wait for its answer. An actor
    /// that stopped (it failed) leaves the directory, so the next call
    /// loads the game again.
    async fn ask<T>(
        &self,
        live: &Arc<LiveGame>,
        command: impl FnOnce(Answer<T>) -> Command,
    ) -> Result<T, ServiceError> {
        let answered = live.ask(command).await;
        if live.is_stopped() {
            let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
            if games
                .get(&live.meta.id)
                .is_some_and(|g| Arc::ptr_eq(g, live))
            {
                games.remove(&live.meta.id);
            }
        }
        answered
    }

    /// Whether a game of `owner` may get its first built-in bot now
    /// (`--max-live-bot-games`; a guest's game also `--guest-max-live-bot-games`).
    /// Every way a game gets one asks here: bot seats at creation,
    /// `bot_fill`, a resignation, the bot-takes-seat timeout policy. Hold
    /// the guard until the change is committed, so that two games of one
    /// creator cannot both pass the cap.
    async fn bot_quota(&self, owner: &str) -> Result<BotQuota<'_>, ServiceError> {
        let general = self.limits.max_live_bot_games.map(|max| BotCap {
            max,
            flag: "--max-live-bot-games",
        });
        // A guest's games answer to both caps: the lower one binds.
        let guest = match crate::access::Guests::is_guest(owner) {
            true => self.limits.guest_max_live_bot_games.map(|max| BotCap {
                max,
                flag: "--guest-max-live-bot-games",
            }),
            false => None,
        };
        let Some(cap) = general.into_iter().chain(guest).min_by_key(|c| c.max) else {
            return Ok(BotQuota::Allowed(None));
        };
        let guard = self.bot_quota.lock().await;
        if self.store.live_bot_games(owner).await? >= cap.max {
            return Ok(BotQuota::Refused(cap));
        }
        Ok(BotQuota::Allowed(Some(guard)))
    }

    /// [`Hub::bot_quota`] for a game of `owner` that exists with `seats`:
    /// one that already has a bot seat is counted already and may get more.
    async fn bot_quota_for(
        &self,
        owner: &str,
        seats: &[SeatRecord],
    ) -> Result<BotQuota<'_>, ServiceError> {
        if seats.iter().any(|s| !s.bot.is_empty()) {
            return Ok(BotQuota::Allowed(None));
        }
        self.bot_quota(owner).await
    }

    pub async fn get(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::GameSnapshot, ServiceError> {
        Ok(self.get_observed(id, who, false).await?.0)
    }

    /// The snapshot and, when asked, the caller's observation tensor and
    /// legal-action mask, both at the same version; the caller is
    /// identified in the same command.
    pub async fn get_observed(
        &self,
        id: &str,
        who: impl Into<Who>,
        observe: bool,
    ) -> Result<(proto::GameSnapshot, Option<proto::Observation>), ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Get {
            who,
            observe,
            answer,
        })
        .await
    }

    pub async fn legal_actions(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::ListLegalActionsResponse, ServiceError> {
        self.legal_actions_observed(id, who, false).await
    }

    /// The caller's legal actions and, when asked, its observation tensor
    /// and legal-action mask at the same version.
    pub async fn legal_actions_observed(
        &self,
        id: &str,
        who: impl Into<Who>,
        observe: bool,
    ) -> Result<proto::ListLegalActionsResponse, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Legal {
            who,
            observe,
            answer,
        })
        .await
    }

    /// Apply the caller's action and persist it. Returns once the move is
    /// durable; the snapshot is the game right after it.
    pub async fn apply(
        &self,
        id: &str,
        caller: impl Into<Who>,
        expected_version: Option<u64>,
        input: ActionInput<'_>,
    ) -> Result<proto::ApplyActionResponse, ServiceError> {
        self.apply_with(id, caller, expected_version, input, Reply::Snapshot)
            .await
    }

    /// [`Hub::apply`] with the response shaped as `reply` asks.
    pub async fn apply_with(
        &self,
        id: &str,
        who: impl Into<Who>,
        expected_version: Option<u64>,
        input: ActionInput<'_>,
        reply: Reply,
    ) -> Result<proto::ApplyActionResponse, ServiceError> {
        if let ActionInput::Notation(text) = input {
            if text.len() > self.limits.max_notation_len {
                return Err(ServiceError::InvalidArgument(format!(
                    "notation longer than {} bytes",
                    self.limits.max_notation_len
                )));
            }
        }
        let (who, action) = (who.into(), Action::of(input));
        self.command(id, |answer| Command::Apply {
            who,
            expected_version,
            action,
            reply,
            answer,
        })
        .await
    }

    /// The caller's seat resigns (see [`table::Table::resign`]).
    pub async fn resign(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::ResignResponse, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Resign { who, answer })
            .await
    }

    /// Take an open seat (JoinGame).
    pub async fn join(
        &self,
        req: proto::JoinGameRequest,
    ) -> Result<proto::JoinGameResponse, ServiceError> {
        let anyone = Who::Presented {
            token: None,
            admin: false,
        };
        self.join_as(req, anyone).await
    }

    /// JoinGame with the request's credentials: a private game is joined
    /// only by a caller that presents its spectator token, a seat token,
    /// an invite code of one of its open seats, or an admin key; anyone
    /// else gets the NOT_FOUND an unknown id gets.
    pub async fn join_as(
        &self,
        req: proto::JoinGameRequest,
        who: Who,
    ) -> Result<proto::JoinGameResponse, ServiceError> {
        if req.name.chars().count() > self.limits.max_name_len {
            return Err(ServiceError::InvalidArgument(format!(
                "name longer than {} characters",
                self.limits.max_name_len
            )));
        }
        let id = req.game_id.clone();
        self.command(&id, |answer| Command::Join {
            who,
            request: req,
            answer,
        })
        .await
    }

    /// Give the caller's seat back before the start (LeaveGame).
    pub async fn leave(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::LeaveGameResponse, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Leave { who, answer })
            .await
    }

    /// End game `id` now with no winner (AbortGame); `by`: the admin key
    /// (for the feed). The snapshot is the aborted game as a spectator
    /// sees it.
    pub async fn abort(&self, id: &str, by: &str) -> Result<proto::GameSnapshot, ServiceError> {
        let by = by.to_owned();
        self.command(id, |answer| Command::Abort { by, answer })
            .await
    }

    /// Delete game `id` from the store and the directory; its watch streams
    /// end with NOT_FOUND (other replicas' through the store's notices).
    pub async fn delete(&self, id: &str) -> Result<(), ServiceError> {
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument("game_id is empty".into()));
        }
        let deleted = self.store.delete(id).await?;
        self.forget(id);
        if !deleted {
            return Err(ServiceError::game_not_found(id));
        }
        tracing::info!(game_id = %id, "game deleted");
        Ok(())
    }

    /// Give seat `seat` of game `id` a new token and return it; the old
    /// token stops working (an administrator's reissue: see
    /// [`Hub::rotate_token`] for a seat's own rotation).
    pub async fn new_seat_token(
        &self,
        id: &str,
        seat: Seat,
    ) -> Result<proto::SeatCredential, ServiceError> {
        self.command(id, |answer| Command::Reissue { seat, answer })
            .await
    }

    /// The caller's seat gets a new token (RotateSeatToken).
    pub async fn rotate_token(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let who = who.into();
        self.command(id, |answer| Command::Rotate { who, answer })
            .await
    }
}

/// The registered game type `id`; the error lists the valid ids.
/// The hosted game type `id`, or the error that lists the hosted ones.
pub(crate) fn find_kind(id: &str) -> Result<&'static GameKind, ServiceError> {
    games::find(id).ok_or_else(|| {
        let known: Vec<&str> = games::registry().iter().map(|k| k.id).collect();
        ServiceError::InvalidArgument(format!(
            "unknown game type {} (hosted: {})",
            Echo(id),
            known.join(", ")
        ))
    })
}

fn random_seed() -> Result<u64, ServiceError> {
    use rand::TryRngCore;
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| ServiceError::Internal(format!("OS random source: {e}")))
}
