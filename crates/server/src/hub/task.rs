//! The game's own task: everything a game needs from the server without a
//! client asking (a built-in bot's turn, a turn clock running out, the bot
//! fill of a waiting game) is done by one server-owned task per game, woken
//! by one signal. No client request waits for it and no cancelled request
//! can stop it: a request only *kicks* the task after its own change is
//! durable.
//!
//! Each pass, with the game's lock: catch up with the store, find the
//! earliest work ([`next_work`]); do it if it is due (a bot thinks without
//! the lock, on the bot pool, and commits only if the game has not moved),
//! sleep until it is due otherwise, and end when there is none.
//!
//! On a store several replicas share, the task works only while it holds
//! the game's lease (see `satrap_store::work`): it takes or renews it
//! before each piece of work, and gives it up with the next due time
//! (`settle`) when it sleeps or ends. A game another replica drives is left
//! to it; if that replica dies, its lease expires and any replica's
//! scanner (`claim_work`) claims the game, loads it and kicks its task.
//!
//! Invariant: `LiveGame::running` is true while the task exists; it is set
//! by a kick and cleared by the task, both with the game's cell locked. So a
//! change that makes work due either finds the task running (the kick wakes
//! it) or starts one: no work is ever left waiting.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::Hub;
use super::cache::{Cell, LiveGame, Meta};
use super::clocks::ClockState;
use super::table::{Committed, Table, client_deadline};
use crate::error::ServiceError;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;
use satrap_search::{self as bots, Bot};
use satrap_store::{EntryKind, Head, Lease, LoggedAction, SeatRecord, now_ms};

/// Backoff between attempts after a store failure, doubling up to the cap.
const RETRY_FIRST: Duration = Duration::from_millis(50);
const RETRY_CAP: Duration = Duration::from_secs(5);

/// What a game needs from the server next.
#[derive(Clone, Copy)]
pub(super) enum Work {
    /// A built-in bot is to act.
    Bot(Seat, &'static dyn Bot),
    /// A client seat's clock runs out.
    Clock,
    /// A waiting game's open seats are filled with bots.
    Fill,
}

/// The earliest work of a game with these seats, state and clocks, and
/// when it is due (ms since the epoch; 0: now).
pub(super) fn next_work(
    meta: &Meta,
    seats: &[SeatRecord],
    instance: &dyn GameInstance,
    clocks: &ClockState,
) -> Option<(u64, Work)> {
    if instance.is_over() {
        return None;
    }
    if clocks.started_at().is_none() {
        let (after, _) = meta.settings.bot_fill?;
        return Some((meta.created_at_ms.saturating_add(after), Work::Fill));
    }
    let bot = instance.to_act().into_iter().find_map(|s| {
        seats
            .get(s)
            .and_then(|r| bots::find(&r.bot))
            .map(|b| (s, b))
    });
    if let Some((seat, bot)) = bot {
        return Some((0, Work::Bot(seat, bot)));
    }
    client_deadline(seats, clocks).map(|(_, deadline)| (deadline, Work::Clock))
}

/// [`next_work`] of the game as cached (a refused bot fill is not tried
/// again).
fn cached_work(live: &LiveGame, cell: &Cell) -> Option<(u64, Work)> {
    next_work(
        &live.meta,
        &live.seats(),
        cell.instance.as_ref(),
        &cell.clocks,
    )
    .filter(|(_, work)| !(matches!(work, Work::Fill) && live.fill_refused.load(Ordering::Acquire)))
}

/// How a task ended early.
enum Stop {
    /// The game is gone from the store.
    Gone,
    /// Shutting down.
    Shutdown,
    /// A failure that retrying will not mend (a bug or damaged data).
    Fatal(ServiceError),
}

impl Hub {
    /// Start (or wake) the game's task if it has work. Call with the game's
    /// cell locked (the `cell` argument), after anything that may have made
    /// work due.
    pub(super) fn kick(&self, live: &Arc<LiveGame>, cell: &Cell) {
        if cached_work(live, cell).is_some() {
            self.start_task(live);
        }
    }

    /// [`Hub::kick`], and on a shared store start the task even without
    /// work: after a change that recorded "due now" in the store (creation,
    /// a seat change) or a claimed lease, the task settles the real due
    /// time.
    pub(super) fn kick_to_settle(&self, live: &Arc<LiveGame>, cell: &Cell) {
        if self.store.shared() {
            self.start_task(live);
        } else {
            self.kick(live, cell);
        }
    }

    fn start_task(&self, live: &Arc<LiveGame>) {
        // A running task looks again (a stored permit if it is busy now).
        live.wake.notify_one();
        if live.running.swap(true, Ordering::AcqRel) {
            return;
        }
        match self.me.upgrade() {
            Some(hub) => {
                let counted = hub.task_started();
                let live = live.clone();
                tokio::spawn(async move {
                    let _counted = counted;
                    hub.run(live).await;
                });
            }
            None => live.running.store(false, Ordering::Release),
        }
    }

    /// The task: work until none is left.
    async fn run(self: Arc<Self>, live: Arc<LiveGame>) {
        let Err(stop) = self.run_until_idle(&live).await else {
            return; // `running` was cleared with the lock held
        };
        let cell = live.cell.lock().await;
        live.running.store(false, Ordering::Release);
        drop(cell);
        match stop {
            Stop::Shutdown => {}
            Stop::Gone => tracing::info!(game_id = %live.meta.id, "game task: game deleted"),
            Stop::Fatal(e) => {
                tracing::error!(game_id = %live.meta.id, error = %e, "game task stopped");
            }
        }
    }

    /// The task's loop. On `Ok` nothing is left to do here and `running`
    /// has been cleared under the game's lock; on `Err` the caller clears
    /// it.
    async fn run_until_idle(&self, live: &Arc<LiveGame>) -> Result<(), Stop> {
        let mut shutdown = self.shutdown.clone();
        let mut retry = RETRY_FIRST;
        let mut played = 0usize;
        // Until when this replica holds the game's lease (shared stores).
        let mut leased_until = 0u64;
        loop {
            if *shutdown.borrow() {
                return Err(Stop::Shutdown);
            }
            let mut table = self.lock_table(live).await;
            if let Err(e) = table.fresh().await {
                drop(table);
                self.pause_after(live, e, &mut retry, &mut shutdown).await?;
                continue;
            }
            let now = now_ms();
            let work = cached_work(live, &table.cell);
            let due = work.map(|(at, _)| at);
            if due.is_none_or(|at| at > now) {
                // Nothing to do now: hand the game back with its due time.
                let head = Head {
                    version: table.cell.instance.version(),
                    seat_revision: table.cell.seat_revision,
                };
                match self.settle(live, head, due, now).await {
                    Ok(true) => leased_until = 0,
                    Ok(false) => {
                        // The game changed since (look again), or another
                        // replica holds a live lease (leave it the game).
                        if moved_since(&mut table, head).await {
                            continue;
                        }
                        live.running.store(false, Ordering::Release);
                        return Ok(());
                    }
                    Err(e) => {
                        drop(table);
                        self.pause_after(live, e, &mut retry, &mut shutdown).await?;
                        continue;
                    }
                }
                let Some(at) = due else {
                    // Cleared with the lock held: a kick after this starts
                    // a new task.
                    live.running.store(false, Ordering::Release);
                    return Ok(());
                };
                drop(table);
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_millis(at - now)) => {}
                    _ = live.wake.notified() => {}
                    _ = shutdown.changed() => return Err(Stop::Shutdown),
                }
                continue;
            }
            // Work is due: only with the game's lease.
            if self.store.shared()
                && leased_until < now + self.lease_length().as_millis() as u64 / 2
            {
                let until = now + self.lease_length().as_millis() as u64;
                let lease = self.lease_for(now, until);
                match self.store.lease(&live.meta.id, &lease).await {
                    Ok(true) => leased_until = until,
                    Ok(false) => {
                        // Another replica drives this game; should it die,
                        // its lease expires and a scanner claims the game.
                        live.running.store(false, Ordering::Release);
                        return Ok(());
                    }
                    Err(e) => {
                        drop(table);
                        self.pause_after(live, e.into(), &mut retry, &mut shutdown)
                            .await?;
                        continue;
                    }
                }
            }
            let result = match work.map(|(_, w)| w) {
                Some(Work::Bot(seat, bot)) => {
                    if played >= self.limits.max_bot_moves {
                        return Err(Stop::Fatal(ServiceError::Internal(format!(
                            "bots played {played} moves in a row without finishing"
                        ))));
                    }
                    let version = table.cell.instance.version();
                    let position = table.cell.instance.clone_box();
                    drop(table);
                    self.bot_turn(live, seat, bot, version, position, &mut shutdown)
                        .await
                        .inspect(|c| played += usize::from(matches!(c, Committed::Yes)))
                        .map(|_| ())
                }
                Some(Work::Clock) => table.enforce_due(now_ms()).await.map(|_| ()),
                Some(Work::Fill) => table.fill().await,
                None => Ok(()),
            };
            match result {
                Ok(()) => retry = RETRY_FIRST,
                Err(e) => self.pause_after(live, e, &mut retry, &mut shutdown).await?,
            }
        }
    }

    /// One bot turn: think without the lock on the bot pool, then play the
    /// move, unless the game moved meanwhile (then the next pass thinks
    /// again on the new position).
    async fn bot_turn(
        &self,
        live: &Arc<LiveGame>,
        seat: Seat,
        bot: &'static dyn Bot,
        version: u64,
        position: Box<dyn GameInstance>,
        shutdown: &mut tokio::sync::watch::Receiver<bool>,
    ) -> Result<Committed, ServiceError> {
        let rng = bots::rng_for(live.meta.seed, version, seat);
        let choice = tokio::select! {
            c = self.pool.decide(bot, position, seat, rng) => c,
            _ = shutdown.changed() => return Ok(Committed::Conflict),
        };
        let choice = choice.map_err(|e| ServiceError::Internal(e.to_string()))?;
        let mut table = self.lock_table(live).await;
        if table.cell.instance.version() != version {
            return Ok(Committed::Conflict);
        }
        let mut next = table.cell.instance.clone_box();
        let notation = next.apply_legal(seat, choice).map_err(|e| {
            ServiceError::Internal(format!("bot {} chose an illegal action: {e}", bot.name()))
        })?;
        let action = LoggedAction {
            seat: seat as u32,
            notation,
            at_ms: now_ms(),
            kind: EntryKind::Move,
        };
        table.commit(next, action, None).await
    }

    /// Record the game's next due time and give up this replica's lease
    /// (shared stores; always settled otherwise).
    async fn settle(
        &self,
        live: &LiveGame,
        head: Head,
        due: Option<u64>,
        now: u64,
    ) -> Result<bool, ServiceError> {
        if !self.store.shared() {
            return Ok(true);
        }
        let lease = self.lease_for(now, now);
        Ok(self.store.settle(&live.meta.id, &lease, head, due).await?)
    }

    /// A lease of this replica's from `now` until `until`.
    pub(super) fn lease_for(&self, now: u64, until: u64) -> Lease<'_> {
        Lease {
            owner: &self.replica,
            now_ms: now,
            until_ms: until,
        }
    }

    /// How long a lease lasts: a replica that dies holding one leaves its
    /// games for that long (`--bot-takeover-delay`).
    pub(super) fn lease_length(&self) -> Duration {
        self.limits
            .bot_takeover_delay
            .max(Duration::from_millis(100))
    }

    /// After a failed step: stop if the game is gone or the failure will
    /// not pass, else wait (doubling) and let the loop try again.
    async fn pause_after(
        &self,
        live: &LiveGame,
        error: ServiceError,
        retry: &mut Duration,
        shutdown: &mut tokio::sync::watch::Receiver<bool>,
    ) -> Result<(), Stop> {
        match error {
            ServiceError::GameNotFound(_) => return Err(Stop::Gone),
            ServiceError::Unavailable(_) | ServiceError::VersionMismatch { .. } => {}
            other => return Err(Stop::Fatal(other)),
        }
        tracing::warn!(game_id = %live.meta.id, error = %error, retry_in = ?*retry, "game task: store failed, retrying");
        tokio::select! {
            _ = tokio::time::sleep(*retry) => {}
            _ = shutdown.changed() => return Err(Stop::Shutdown),
        }
        *retry = (*retry * 2).min(RETRY_CAP);
        Ok(())
    }
}

/// Whether the stored game is no longer at `head` (after catching up).
async fn moved_since(table: &mut Table<'_>, head: Head) -> bool {
    match table.sync(true).await {
        Ok(()) => {
            table.cell.instance.version() != head.version
                || table.cell.seat_revision != head.seat_revision
        }
        // Gone or unreachable: the next pass finds out which.
        Err(_) => true,
    }
}
