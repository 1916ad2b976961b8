//! Each live game is an actor: one task owns the game's state ([`Cell`])
//! and is its only writer. Calls send it a [`Command`] through the game's
//! handle and get their answer on a oneshot; what the game needs without a
//! caller (a bot's turn, a clock running out, the bot fill, settling its
//! lease on a shared store) is the same task's own timer, and a shared
//! store's catch-up is a command the follower sends (`follow`).
//!
//! So nothing is locked and no flag coordinates tasks: the state is this
//! task's local data. A command the actor has taken runs to its end
//! whatever its caller does (a caller that gives up only drops the
//! receiver of the answer), so no request can cancel half a write.
//!
//! Life: the actor is spawned when the game enters the directory and
//! stops when no handle is left (the directory evicted it and no call or
//! watcher holds it), or parks the game when it has had nothing to do for
//! `Limits::park_after`: its task ends and its state waits in the handle
//! (`cache::Mailbox::Parked`) until the next command starts a new actor
//! with it, so an idle game costs its state and not a task and a channel. While it has work it holds a handle itself, so a
//! game with a bot to move or a clock to enforce is never evicted, and is
//! counted for the drain (`drain`), which waits until no actor has work.
//!
//! The background work (`task`) follows the lease rules of a shared store:
//! work is done only with the game's lease; when nothing is due the game is
//! settled (its due time recorded, the lease given up).

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Weak};
use std::time::Duration;

use futures_util::FutureExt;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::Hub;
use super::cache::{Cell, Frame, Game, LiveGame, Mailbox, Parked, Version};
use super::drain::TaskCount;
use super::log::Log;
use super::pool::DecisionError;
use super::table::{Reply, Table};
use super::task::{RETRY_FIRST, Work};
use crate::auth::{Caller, Who};
use crate::error::ServiceError;
use crate::proto;
use satrap_catalog::ActionInput;
use satrap_engine::Seat;
use satrap_search::Bot;
use satrap_store::now_ms;

/// Commands queued per game before a caller waits to send.
pub(super) const MAILBOX: usize = 32;

/// The answer channel of a command.
pub(super) type Answer<T> = oneshot::Sender<Result<T, ServiceError>>;

/// An action as a command carries it (owned: the call that sent it may be
/// gone by the time it is applied).
pub(super) enum Action {
    Proto(proto::Action),
    Notation(String),
    Id(u32),
}

impl Action {
    pub fn of(input: ActionInput<'_>) -> Self {
        match input {
            ActionInput::Proto(a) => Action::Proto(a.clone()),
            ActionInput::Notation(n) => Action::Notation(n.to_owned()),
            ActionInput::Id(id) => Action::Id(id),
        }
    }

    fn input(&self) -> ActionInput<'_> {
        match self {
            Action::Proto(a) => ActionInput::Proto(a),
            Action::Notation(n) => ActionInput::Notation(n),
            Action::Id(id) => ActionInput::Id(*id),
        }
    }
}

/// What a watch stream starts from: the game now, its log (to replay
/// older versions from) and the broadcast of every later version,
/// subscribed in the same turn so no version falls in between.
pub(super) struct Watching {
    pub current: Version,
    pub log: Log,
    pub updates: broadcast::Receiver<Frame>,
}

/// What GetHistory replays.
pub(super) struct Record {
    pub log: Log,
    pub over: bool,
    pub started_at: Option<u64>,
    pub seats: super::cache::Seats,
}

/// Everything a game is asked to do. Every command that reads or changes
/// the game first catches up with a shared store and identifies the caller
/// from the seats as they are then.
pub(super) enum Command {
    /// Who the presented credentials make of the caller.
    Identify { who: Who, answer: Answer<Caller> },
    /// The snapshot, and the observation when asked (GetGame).
    Get {
        who: Who,
        observe: bool,
        answer: Answer<(proto::GameSnapshot, Option<proto::Observation>)>,
    },
    /// The caller's legal actions (ListLegalActions).
    Legal {
        who: Who,
        observe: bool,
        answer: Answer<proto::ListLegalActionsResponse>,
    },
    Apply {
        who: Who,
        expected_version: Option<u64>,
        action: Action,
        reply: Reply,
        answer: Answer<proto::ApplyActionResponse>,
    },
    Resign {
        who: Who,
        answer: Answer<proto::ResignResponse>,
    },
    Join {
        who: Who,
        request: proto::JoinGameRequest,
        answer: Answer<proto::JoinGameResponse>,
    },
    Leave {
        who: Who,
        answer: Answer<proto::LeaveGameResponse>,
    },
    Abort {
        by: String,
        answer: Answer<proto::GameSnapshot>,
    },
    /// A seat's own new token (RotateSeatToken).
    Rotate {
        who: Who,
        answer: Answer<proto::SeatCredential>,
    },
    /// An administrator's new token for a seat.
    Reissue {
        seat: Seat,
        answer: Answer<proto::SeatCredential>,
    },
    /// Open a watch stream from version `from`.
    Watch {
        who: Who,
        from: u64,
        answer: Answer<(Caller, Watching)>,
    },
    /// The game now and its log, for a watch stream that fell behind.
    Current { answer: Answer<(Version, Log)> },
    /// The log to replay for GetHistory.
    History {
        who: Who,
        answer: Answer<(Caller, Record)>,
    },
    /// Another replica committed (the store's notice): catch up, unless
    /// the game is at `version` already (0: look anyway).
    Sync { version: u64 },
    /// This replica holds the game's lease now (the scanner claimed it):
    /// do the due work, or settle the due time.
    Settle,
    /// The heap bytes of the game's log (the scale bench).
    LogBytes { answer: oneshot::Sender<usize> },
    /// SendChatMessage (`rate_key`: whom a spectator's messages count
    /// against).
    Chat {
        who: Who,
        channel: i32,
        text: String,
        rate_key: String,
        answer: Answer<proto::ChatMessage>,
    },
    MakeOffer {
        who: Who,
        kind: i32,
        answer: Answer<proto::MakeOfferResponse>,
    },
    AnswerOffer {
        who: Who,
        offer_id: u64,
        accept: bool,
        answer: Answer<proto::AnswerOfferResponse>,
    },
    /// AdminService.DeleteChatMessage.
    DeleteChat { message_id: u64, answer: Answer<()> },
    /// AdminService.MuteChat.
    Mute {
        seat: u32,
        muted: bool,
        answer: Answer<()>,
    },
    /// Another replica added to the game's talk (the store's notice).
    SyncTalk,
}

/// A bot's decision in progress on the bot pool.
struct Thinking {
    version: u64,
    seat: Seat,
    bot: &'static dyn Bot,
    decision: Pin<Box<dyn Future<Output = Result<usize, DecisionError>> + Send>>,
}

/// What woke the actor.
enum Event {
    Command(Option<Box<Command>>),
    Shutdown,
    Decided(Result<usize, DecisionError>),
    Due,
    Idle,
}

/// One game's owner.
pub(super) struct Actor {
    pub hub: Arc<Hub>,
    pub game: Arc<Game>,
    /// Its own handle, taken while it has work (see [`Actor::hold`]).
    me: Weak<LiveGame>,
    pub cell: Cell,
    /// Held while the game has work: keeps the game in the directory and
    /// counts it for the drain.
    busy: Option<(Arc<LiveGame>, TaskCount)>,
    /// Until when this replica holds the game's lease (shared stores).
    pub leased_until: u64,
    /// The wait before the next attempt after a store failure.
    pub retry: Duration,
    /// No background work before this time (ms since the epoch).
    pub retry_at: u64,
    /// Bot moves played in a row without a call in between.
    pub played: usize,
    thinking: Option<Thinking>,
    /// Another replica drives the game, or a failure will not pass by
    /// retrying: no background work until a command or a notice.
    pub resting: bool,
    /// The server is shutting down: no more background work (commands are
    /// still answered while connections drain).
    stopping: bool,
}

/// Start the actor of a game that just entered the directory.
pub(super) fn spawn(
    hub: Arc<Hub>,
    game: Arc<Game>,
    me: Weak<LiveGame>,
    cell: Cell,
    mailbox: mpsc::Receiver<Box<Command>>,
) {
    let mut actor = Actor {
        hub,
        game,
        me,
        cell,
        busy: None,
        leased_until: 0,
        retry: RETRY_FIRST,
        retry_at: 0,
        played: 0,
        thinking: None,
        resting: false,
        stopping: false,
    };
    // Held from the start if it has work: the directory may evict before
    // the task first runs.
    let busy = actor.next_wake(now_ms()).is_some();
    actor.hold(busy);
    tokio::spawn(actor.run(mailbox));
}

impl Actor {
    async fn run(mut self, mut mailbox: mpsc::Receiver<Box<Command>>) {
        let mut shutdown = self.hub.shutdown_signal();
        self.stopping = *shutdown.borrow();
        loop {
            self.game.finished.store(
                self.cell.instance.is_over(),
                std::sync::atomic::Ordering::Release,
            );
            let now = now_ms();
            let wake = self.next_wake(now);
            self.hold(wake.is_some() || self.thinking.is_some());
            // Nothing to do for a while: the actor parks the game.
            let idle = wake.is_none() && self.thinking.is_none();
            let park_after = self.hub.limits.park_after;
            let event = {
                let due = async {
                    match wake {
                        Some(at) => {
                            tokio::time::sleep(Duration::from_millis(at.saturating_sub(now))).await
                        }
                        None => std::future::pending().await,
                    }
                };
                let decided = async {
                    match self.thinking.as_mut() {
                        Some(t) => t.decision.as_mut().await,
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    command = mailbox.recv() => Event::Command(command),
                    _ = shutdown.changed(), if !self.stopping => Event::Shutdown,
                    decided = decided => Event::Decided(decided),
                    () = due => Event::Due,
                    () = tokio::time::sleep(park_after), if idle => Event::Idle,
                }
            };
            match event {
                Event::Command(None) => break,
                Event::Command(Some(command)) => {
                    if !self.take(*command).await {
                        break;
                    }
                }
                Event::Idle => {
                    let Some(me) = self.me.upgrade() else { break };
                    let left = {
                        let mut slot = me.mailbox.lock().unwrap_or_else(|p| p.into_inner());
                        // Closed first, so no sender can slip a command in
                        // between; one that finds it closed tries again
                        // and starts a new actor (`LiveGame::ask`).
                        mailbox.close();
                        let mut left = Vec::new();
                        while let Ok(command) = mailbox.try_recv() {
                            left.push(command);
                        }
                        if left.is_empty() {
                            *slot = Mailbox::Parked(Parked::of(self.cell));
                            return;
                        }
                        // Commands arrived meanwhile: not idle after all.
                        let (tx, rx) = mpsc::channel(MAILBOX);
                        *slot = Mailbox::Open(tx);
                        mailbox = rx;
                        left
                    };
                    for command in left {
                        if !self.take(*command).await {
                            return;
                        }
                    }
                }
                Event::Shutdown => {
                    self.stopping = true;
                    self.thinking = None;
                }
                Event::Decided(decided) => {
                    if let Some(thinking) = self.thinking.take() {
                        Box::pin(self.decided(thinking, decided)).await;
                    }
                }
                Event::Due => Box::pin(self.step()).await,
            }
        }
    }

    /// Run one command; `false` if it panicked. Boxed: an idle actor's
    /// future stays small (the largest command's state lives only while it
    /// runs). A command that panics (a bug) leaves the state in doubt: the
    /// actor stops, its caller gets UNAVAILABLE, and the directory loads
    /// the game again by replay.
    async fn take(&mut self, command: Command) -> bool {
        self.resting = false;
        self.played = 0;
        let handled = std::panic::AssertUnwindSafe(Box::pin(self.handle(command)))
            .catch_unwind()
            .await;
        if handled.is_err() {
            tracing::error!(game_id = %self.game.meta.id, "a command panicked: the game is reloaded from the store");
        }
        handled.is_ok()
    }

    /// When the background work wants the actor next (ms since the
    /// epoch), or `None`.
    fn next_wake(&self, now: u64) -> Option<u64> {
        if self.stopping || self.resting || self.thinking.is_some() {
            return None;
        }
        let due = self.work().map(|(at, _)| at);
        let settle = self.hub.store.shared()
            && (self.cell.settle || self.leased_until > 0)
            && due.is_none_or(|at| at > now);
        let at = if settle { Some(now) } else { due };
        at.map(|at| at.max(self.retry_at))
    }

    /// Hold a handle on the game (and count it for the drain) while it has
    /// work; let go once it has none.
    fn hold(&mut self, busy: bool) {
        if busy == self.busy.is_some() {
            return;
        }
        self.busy = match busy {
            true => self
                .me
                .upgrade()
                .map(|handle| (handle, self.hub.task_started())),
            false => None,
        };
    }

    /// The game as a table: the one way it is read or changed.
    pub fn table(&mut self) -> Table<'_> {
        Table {
            hub: &self.hub,
            live: &self.game,
            cell: &mut self.cell,
        }
    }

    /// Run one command and answer it (a caller that gave up gets nothing).
    async fn handle(&mut self, command: Command) {
        if !self.cell.talk.loaded {
            // A game loaded by replay reads its talk once, before its
            // first command (its pending offer, its mutes).
            if let Err(e) = self.table().talk_sync().await {
                tracing::debug!(game_id = %self.game.meta.id, error = %e, "talk not read yet");
            }
        }
        match command {
            Command::Chat {
                who,
                channel,
                text,
                rate_key,
                answer,
            } => {
                let sent = self
                    .table()
                    .send_chat(&who, channel, &text, &rate_key)
                    .await;
                let _ = answer.send(sent);
            }
            Command::MakeOffer { who, kind, answer } => {
                let _ = answer.send(self.table().make_offer(&who, kind).await);
            }
            Command::AnswerOffer {
                who,
                offer_id,
                accept,
                answer,
            } => {
                let answered = self.table().answer_offer(&who, offer_id, accept).await;
                let _ = answer.send(answered);
            }
            Command::DeleteChat { message_id, answer } => {
                let _ = answer.send(self.table().delete_chat(message_id).await);
            }
            Command::Mute {
                seat,
                muted,
                answer,
            } => {
                let _ = answer.send(self.table().mute(seat, muted).await);
            }
            Command::SyncTalk => {
                if let Err(e) = self.table().talk_sync().await {
                    tracing::debug!(game_id = %self.game.meta.id, error = %e, "talk sync failed");
                }
            }
            Command::Identify { who, answer } => {
                let mut t = self.table();
                // Only a token depends on the seats: without one no round
                // trip to the store.
                let fresh = match who {
                    Who::Presented { token: None, .. } => Ok(()),
                    _ => t.fresh().await,
                };
                let _ = answer.send(fresh.and_then(|()| t.identify(&who)));
            }
            Command::Get {
                who,
                observe,
                answer,
            } => {
                let _ = answer.send(self.table().get(&who, observe).await);
            }
            Command::Legal {
                who,
                observe,
                answer,
            } => {
                let _ = answer.send(self.table().legal(&who, observe).await);
            }
            Command::Apply {
                who,
                expected_version,
                action,
                reply,
                answer,
            } => {
                let applied = self
                    .table()
                    .apply(&who, expected_version, action.input(), reply)
                    .await;
                let _ = answer.send(applied);
            }
            Command::Resign { who, answer } => {
                let _ = answer.send(self.table().resign(&who).await);
            }
            Command::Join {
                who,
                request,
                answer,
            } => {
                let _ = answer.send(self.table().join(&who, &request).await);
            }
            Command::Leave { who, answer } => {
                let _ = answer.send(self.table().leave(&who).await);
            }
            Command::Abort { by, answer } => {
                let _ = answer.send(self.table().abort(&by).await);
            }
            Command::Rotate { who, answer } => {
                let _ = answer.send(self.table().rotate_token(&who).await);
            }
            Command::Reissue { seat, answer } => {
                let _ = answer.send(self.table().reissue(seat).await);
            }
            Command::Watch { who, from, answer } => {
                let _ = answer.send(self.table().watching(&who, from).await);
            }
            Command::Current { answer } => {
                let _ = answer.send(Ok(self.current()));
            }
            Command::History { who, answer } => {
                let mut t = self.table();
                let r = match t.fresh().await.and_then(|()| t.identify(&who)) {
                    Ok(caller) => Ok((
                        caller,
                        Record {
                            log: t.cell.log.clone(),
                            over: t.cell.instance.is_over(),
                            started_at: t.cell.clocks.started_at(),
                            seats: t.cell.seats.clone(),
                        },
                    )),
                    Err(e) => Err(e),
                };
                let _ = answer.send(r);
            }
            Command::Sync { version } => {
                // Our own commits come back too: nothing to do for those.
                if version != 0 && self.cell.instance.version() >= version {
                    return;
                }
                let id = self.game.meta.id.clone();
                match self.table().sync(true).await {
                    Ok(()) => {}
                    // Deleted on another replica (DeleteGame, retention):
                    // `sync` forgot it and its watch streams ended.
                    Err(ServiceError::GameNotFound(_)) => {
                        tracing::info!(game_id = %id, "game deleted elsewhere")
                    }
                    Err(e) => tracing::warn!(game_id = %id, error = %e, "catching up failed"),
                }
            }
            Command::Settle => self.cell.settle = true,
            Command::LogBytes { answer } => {
                let _ = answer.send(self.cell.log.heap_bytes());
            }
        }
    }

    /// A copy of the game now, with its log.
    fn current(&self) -> (Version, Log) {
        (
            Version::new(
                self.cell.instance.clone_box(),
                self.cell.clocks.clone(),
                self.cell.seats.clone(),
            ),
            self.cell.log.clone(),
        )
    }

    /// The earliest work the game has (see `task::next_work`); a refused
    /// bot fill is not tried again.
    pub fn work(&self) -> Option<(u64, Work)> {
        super::task::next_work(
            &self.game.meta,
            &self.cell.seats,
            self.cell.instance.as_ref(),
            &self.cell.clocks,
        )
        .filter(|(_, work)| !(matches!(work, Work::Fill) && self.cell.fill_refused))
    }

    /// Start a bot's decision on the bot pool; the actor goes on answering
    /// commands while it thinks.
    pub fn think(&mut self, seat: Seat, bot: &'static dyn Bot) {
        let version = self.cell.instance.version();
        let position = self.cell.instance.clone_box();
        let rng = satrap_search::rng_for(self.game.meta.seed, version, seat);
        let hub = self.hub.clone();
        let decision = Box::pin(async move { hub.pool.decide(bot, position, seat, rng).await });
        self.thinking = Some(Thinking {
            version,
            seat,
            bot,
            decision,
        });
    }

    /// A bot decided: play its move, unless the game moved meanwhile (then
    /// the next turn thinks again on the new position).
    async fn decided(&mut self, thinking: Thinking, decided: Result<usize, DecisionError>) {
        let Thinking {
            version, seat, bot, ..
        } = thinking;
        let played = match decided {
            Err(e) => Err(ServiceError::Internal(e.to_string())),
            Ok(_) if self.cell.instance.version() != version => return,
            Ok(choice) => self.table().bot_move(seat, bot, choice).await,
        };
        match played {
            Ok(committed) => {
                self.retry = RETRY_FIRST;
                self.played += usize::from(committed);
            }
            Err(e) => self.failed(e),
        }
    }
}

impl LiveGame {
    /// The mailbox of the game's actor, starting one with the parked state
    /// if the game is parked; `None` when the directory is going away.
    fn sender(self: &Arc<Self>) -> Option<mpsc::Sender<Box<Command>>> {
        let mut slot = self.mailbox.lock().unwrap_or_else(|p| p.into_inner());
        if let Mailbox::Open(tx) = &*slot {
            return Some(tx.clone());
        }
        let hub = self.hub.upgrade()?;
        let (tx, mailbox) = mpsc::channel(MAILBOX);
        let Mailbox::Parked(parked) = std::mem::replace(&mut *slot, Mailbox::Open(tx.clone()))
        else {
            return Some(tx);
        };
        // Commands wait in the new mailbox while a finished game is
        // rebuilt, outside the lock.
        drop(slot);
        match parked.wake(&self.meta) {
            Ok(cell) => spawn(hub, self.game.clone(), Arc::downgrade(self), cell, mailbox),
            // Its log replayed when it was loaded: a bug. The mailbox
            // closes, so the directory loads the game from the store.
            Err(e) => {
                tracing::error!(game_id = %self.meta.id, error = %e, "a parked game did not wake")
            }
        }
        Some(tx)
    }

    /// Whether the game's actor stopped for good (a command panicked):
    /// the directory then loads the game again.
    pub(super) fn is_stopped(&self) -> bool {
        let slot = self.mailbox.lock().unwrap_or_else(|p| p.into_inner());
        matches!(&*slot, Mailbox::Open(tx) if tx.is_closed())
    }

    /// Send the game's actor a command and wait for its answer. The
    /// command runs to its end even if this caller goes away.
    pub(super) async fn ask<T>(
        self: &Arc<Self>,
        command: impl FnOnce(Answer<T>) -> Command,
    ) -> Result<T, ServiceError> {
        let (answer, answered) = oneshot::channel();
        let mut command = Box::new(command(answer));
        // Twice at most: a mailbox closed under this caller is the actor
        // parking (the second try starts a new one) or stopping for good.
        for _ in 0..2 {
            let Some(tx) = self.sender() else { break };
            match tx.send(command).await {
                Ok(()) => {
                    return answered
                        .await
                        .unwrap_or_else(|_| Err(stopped(&self.meta.id)));
                }
                Err(mpsc::error::SendError(back)) => command = back,
            }
        }
        Err(stopped(&self.meta.id))
    }

    /// Send the actor a command that has no answer, without waiting for
    /// room in its mailbox (the follower and the scanner must not wait on
    /// one busy game): a full mailbox gets it from a task of its own.
    pub(super) fn tell(self: &Arc<Self>, command: Command) {
        let mut command = Box::new(command);
        for _ in 0..2 {
            let Some(tx) = self.sender() else { return };
            match tx.try_send(command) {
                Ok(()) => return,
                Err(mpsc::error::TrySendError::Closed(back)) => command = back,
                Err(mpsc::error::TrySendError::Full(command)) => {
                    tokio::spawn(async move {
                        let _ = tx.send(command).await;
                    });
                    return;
                }
            }
        }
    }

    /// The heap bytes of the game's log, asked of its actor or read from
    /// its parked state (the scale bench's share of the log).
    pub(super) async fn log_bytes(self: &Arc<Self>) -> usize {
        {
            let slot = self.mailbox.lock().unwrap_or_else(|p| p.into_inner());
            if let Mailbox::Parked(parked) = &*slot {
                return parked.log_bytes();
            }
        }
        let (answer, answered) = oneshot::channel();
        self.tell(Command::LogBytes { answer });
        answered.await.unwrap_or(0)
    }
}

/// The error for a game whose actor has stopped (it failed, or the server
/// is going away): the directory loads the game again on the next call.
fn stopped(id: &str) -> ServiceError {
    ServiceError::Unavailable(format!(
        "game {} is being reloaded; try again",
        crate::echo::Echo(id)
    ))
}
