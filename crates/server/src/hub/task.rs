//! The game's own work: everything a game needs from the server without a
//! client asking (a built-in bot's turn, a turn clock running out, the bot
//! fill of a waiting game) is done by the game's actor (`actor`) on its own
//! timer. No client request waits for it.
//!
//! Each step: catch up with the store, find the earliest work
//! ([`next_work`]); do it if it is due (a bot thinks on the bot pool while
//! the actor goes on answering commands, and its move is played only if
//! the game has not moved meanwhile); otherwise the actor sleeps until it
//! is due.
//!
//! On a store several replicas share, work is done only while this
//! replica holds the game's lease (see `satrap_store::work`): the actor
//! takes or renews it before each piece of work, and gives it up with the
//! next due time (`settle`) when nothing is due now. A game another
//! replica drives is left to it; if that replica dies, its lease expires
//! and any replica's scanner (`claim_work`) claims the game and tells its
//! actor (`Command::Settle`).

use std::time::Duration;

use super::Hub;
use super::actor::Actor;
use super::cache::Meta;
use super::clocks::ClockState;
use super::table::{Committed, Table, client_deadline};
use crate::error::ServiceError;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;
use satrap_search::{self as bots, Bot};
use satrap_store::{EntryKind, Head, Lease, LoggedAction, SeatRecord, now_ms};

/// Backoff between attempts after a store failure, doubling up to the cap.
pub(super) const RETRY_FIRST: Duration = Duration::from_millis(50);
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

impl Actor {
    /// One step of background work, when [`Actor::next_wake`] said so:
    /// catch up, then do the work that is due (only with the game's lease
    /// on a shared store), or settle the game when none is due now.
    pub(super) async fn step(&mut self) {
        let shared = self.hub.store.shared();
        if let Err(e) = self.table().fresh().await {
            self.failed(e);
            return;
        }
        let now = now_ms();
        let work = self.work();
        let due = work.map(|(at, _)| at);
        if due.is_none_or(|at| at > now) {
            if !shared {
                self.cell.settle = false;
                return;
            }
            // Nothing to do now: hand the game back with its due time.
            let head = Head {
                version: self.cell.instance.version(),
                seat_revision: self.cell.seat_revision,
            };
            match self.hub.settle(&self.game.meta.id, head, due, now).await {
                Ok(settled) => {
                    // Not settled: the game changed since (the next step
                    // looks again), or another replica holds a live lease
                    // (the game is left to it).
                    if !settled && moved_since(&mut self.table(), head).await {
                        return;
                    }
                    self.leased_until = 0;
                    self.cell.settle = false;
                    self.retry = RETRY_FIRST;
                }
                Err(e) => self.failed(e),
            }
            return;
        }
        // Work is due: only with the game's lease.
        let length = self.hub.lease_length().as_millis() as u64;
        if shared && self.leased_until < now + length / 2 {
            let until = now + length;
            let lease = self.hub.lease_for(now, until);
            match self.hub.store.lease(&self.game.meta.id, &lease).await {
                Ok(true) => self.leased_until = until,
                Ok(false) => {
                    // Another replica drives this game; should it die, its
                    // lease expires and a scanner claims the game.
                    self.leased_until = 0;
                    self.resting = true;
                    return;
                }
                Err(e) => {
                    self.failed(e.into());
                    return;
                }
            }
        }
        let result = match work.map(|(_, w)| w) {
            Some(Work::Bot(seat, bot)) => {
                if self.played >= self.hub.limits.max_bot_moves {
                    Err(ServiceError::Internal(format!(
                        "bots played {} moves in a row without finishing",
                        self.played
                    )))
                } else {
                    self.think(seat, bot);
                    Ok(())
                }
            }
            Some(Work::Clock) => self.table().enforce_due(now_ms()).await.map(|_| ()),
            Some(Work::Fill) => self.table().fill().await,
            None => Ok(()),
        };
        match result {
            Ok(()) => self.retry = RETRY_FIRST,
            Err(e) => self.failed(e),
        }
    }

    /// After a failed step: a gone game does nothing more; a passing
    /// failure is tried again after a wait (doubling); any other rests the
    /// game's background work until the next command.
    pub(super) fn failed(&mut self, error: ServiceError) {
        let id = &self.game.meta.id;
        match error {
            ServiceError::GameNotFound(_) => {
                tracing::info!(game_id = %id, "game deleted: its work ends");
                self.resting = true;
            }
            ServiceError::Unavailable(_) | ServiceError::VersionMismatch { .. } => {
                tracing::warn!(game_id = %id, error = %error, retry_in = ?self.retry, "game: store failed, retrying");
                self.retry_at = now_ms() + self.retry.as_millis() as u64;
                self.retry = (self.retry * 2).min(RETRY_CAP);
            }
            other => {
                tracing::error!(game_id = %id, error = %other, "game work stopped until the next call");
                self.resting = true;
            }
        }
    }
}

impl Table<'_> {
    /// Play a bot's chosen action (the actor checked that the game has not
    /// moved since it started thinking). `true` if it was recorded.
    pub(super) async fn bot_move(
        &mut self,
        seat: Seat,
        bot: &'static dyn Bot,
        choice: usize,
    ) -> Result<bool, ServiceError> {
        let mut next = self.cell.instance.clone_box();
        let notation = next.apply_legal(seat, choice).map_err(|e| {
            ServiceError::Internal(format!("bot {} chose an illegal action: {e}", bot.name()))
        })?;
        let action = LoggedAction {
            seat: seat as u32,
            notation,
            at_ms: now_ms(),
            kind: EntryKind::Move,
        };
        Ok(matches!(
            self.commit(next, action, None).await?,
            Committed::Yes
        ))
    }
}

impl Hub {
    /// Record the game's next due time and give up this replica's lease
    /// (shared stores; always settled otherwise).
    async fn settle(
        &self,
        id: &str,
        head: Head,
        due: Option<u64>,
        now: u64,
    ) -> Result<bool, ServiceError> {
        if !self.store.shared() {
            return Ok(true);
        }
        let lease = self.lease_for(now, now);
        Ok(self.store.settle(id, &lease, head, due).await?)
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
}

/// Whether the stored game is no longer at `head` (after catching up).
async fn moved_since(table: &mut Table<'_>, head: Head) -> bool {
    match table.sync(true).await {
        Ok(()) => {
            table.cell.instance.version() != head.version
                || table.cell.seat_revision != head.seat_revision
        }
        // Gone or unreachable: the next step finds out which.
        Err(_) => true,
    }
}
