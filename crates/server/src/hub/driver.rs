//! Built-in bots as their own driver. A game with a bot to act gets one
//! server-owned task that plays bot turns until a client seat must act or
//! the game ends. No client request waits for it and no cancelled request
//! can stop it: a request only *kicks* the driver after its own move is
//! durable.
//!
//! The driver thinks without holding the game's lock (on the bot pool, see
//! `pool`), then plays the move through the same version-guarded commit as
//! a client move, and only if the game has not moved meanwhile (else it
//! thinks again on the new position). On a shared store the guard records
//! each bot move once, whichever replica plays it.
//!
//! Invariant: `LiveGame::driving` is true while a driver task exists for the
//! game; it is set by `kick_bots` and cleared by the driver, both with the
//! game's cell locked. So a move that makes a bot due either finds the
//! driver running (it will look at the new state) or starts one: no bot turn
//! is ever left waiting.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::Hub;
use super::cache::{Cell, LiveGame};
use super::moves::Committed;
use crate::error::ServiceError;
use satrap_engine::Seat;
use satrap_search::{self as bots, Bot};
use satrap_store::{Cursor, EntryKind, GameStatus, ListQuery, LoggedAction, now_ms};

/// Backoff between attempts after a store failure, doubling up to the cap.
const RETRY_FIRST: Duration = Duration::from_millis(50);
const RETRY_CAP: Duration = Duration::from_secs(5);

/// The bot seat that must act now, if any.
fn bot_to_act(live: &LiveGame, cell: &Cell) -> Option<(Seat, &'static dyn Bot)> {
    if cell.instance.is_over() || cell.clocks.started_at().is_none() {
        return None;
    }
    let seats = live.seats();
    cell.instance.to_act().into_iter().find_map(|s| {
        seats
            .get(s)
            .and_then(|r| bots::find(&r.bot))
            .map(|b| (s, b))
    })
}

/// How a driver run ended early.
enum Stop {
    /// The game is gone from the store.
    Gone,
    /// Shutting down.
    Shutdown,
    /// A failure that retrying will not mend (a bug or damaged data).
    Fatal(ServiceError),
}

impl Hub {
    /// Start the game's bot driver if a bot is to act and none runs. Call it
    /// with the game's cell locked (the `cell` argument), after anything that
    /// may have made a bot due.
    pub(super) fn kick_bots(&self, live: &Arc<LiveGame>, cell: &Cell) {
        if bot_to_act(live, cell).is_none() || live.driving.swap(true, Ordering::AcqRel) {
            return;
        }
        match self.me.upgrade() {
            Some(hub) => {
                tokio::spawn(hub.drive(live.clone()));
            }
            None => live.driving.store(false, Ordering::Release),
        }
    }

    /// Another replica made a bot due: it plays that turn. Take it over only
    /// if the game is still at `version` after the takeover delay.
    pub(super) fn kick_bots_later(&self, live: &Arc<LiveGame>, version: u64) {
        let Some(hub) = self.me.upgrade() else {
            return;
        };
        let live = live.clone();
        tokio::spawn(async move {
            tokio::time::sleep(hub.limits.bot_takeover_delay).await;
            let mut cell = live.cell.lock().await;
            if cell.instance.version() != version || bot_to_act(&live, &cell).is_none() {
                return;
            }
            // The store may be ahead of us (a missed notice): look first.
            if hub.sync(&live, &mut cell, true).await.is_ok() && cell.instance.version() == version
            {
                hub.kick_bots(&live, &cell);
            }
        });
    }

    /// The driver task: play bot turns until none is due.
    async fn drive(self: Arc<Self>, live: Arc<LiveGame>) {
        let Err(stop) = self.drive_until_done(&live).await else {
            return; // `driving` was cleared with the lock held
        };
        let cell = live.cell.lock().await;
        live.driving.store(false, Ordering::Release);
        drop(cell);
        match stop {
            Stop::Shutdown => {}
            Stop::Gone => tracing::info!(game_id = %live.meta.id, "bot driver: game deleted"),
            Stop::Fatal(e) => {
                tracing::error!(game_id = %live.meta.id, error = %e, "bot driver stopped");
            }
        }
    }

    /// The driver's loop. On `Ok` no bot is to act and `driving` has been
    /// cleared under the game's lock; on `Err` the caller clears it.
    async fn drive_until_done(&self, live: &Arc<LiveGame>) -> Result<(), Stop> {
        let mut shutdown = self.shutdown.clone();
        let mut retry = RETRY_FIRST;
        let mut played = 0usize;
        loop {
            if *shutdown.borrow() {
                return Err(Stop::Shutdown);
            }
            // 1. With the lock: catch up, find the bot to act, copy the game.
            let (seat, bot, version, position) = {
                let mut cell = live.cell.lock().await;
                match self.fresh(live, &mut cell).await {
                    Ok(()) => {}
                    Err(e) => {
                        drop(cell);
                        self.pause_after(live, e, &mut retry, &mut shutdown).await?;
                        continue;
                    }
                }
                let Some((seat, bot)) = bot_to_act(live, &cell) else {
                    // Cleared here, with the lock held: a kick after this
                    // starts a new driver.
                    live.driving.store(false, Ordering::Release);
                    return Ok(());
                };
                let version = cell.instance.version();
                (seat, bot, version, cell.instance.clone_box())
            };
            if played >= self.limits.max_bot_moves {
                return Err(Stop::Fatal(ServiceError::Internal(format!(
                    "bots played {played} moves in a row without finishing"
                ))));
            }
            // 2. Think without the lock, on the bot pool.
            let rng = bots::rng_for(live.meta.seed, version, seat);
            let choice = tokio::select! {
                c = self.pool.decide(bot, position, seat, rng) => c,
                _ = shutdown.changed() => return Err(Stop::Shutdown),
            };
            let choice = match choice {
                Ok(c) => c,
                Err(e) => return Err(Stop::Fatal(ServiceError::Internal(e.to_string()))),
            };
            // 3. With the lock again: play it, unless the game moved.
            let mut cell = live.cell.lock().await;
            if cell.instance.version() != version {
                continue;
            }
            let mut next = cell.instance.clone_box();
            let notation = next.apply_legal(seat, choice).map_err(|e| {
                Stop::Fatal(ServiceError::Internal(format!(
                    "bot {} chose an illegal action: {e}",
                    bot.name()
                )))
            })?;
            let action = LoggedAction {
                seat: seat as u32,
                notation,
                at_ms: now_ms(),
                kind: EntryKind::Move,
            };
            match self.commit(live, &mut cell, next, action).await {
                Ok(Committed::Yes) => {
                    played += 1;
                    retry = RETRY_FIRST;
                }
                // Another replica moved (maybe this very move): look again.
                Ok(Committed::Conflict) => {}
                Err(e) => {
                    drop(cell);
                    self.pause_after(live, e, &mut retry, &mut shutdown).await?;
                }
            }
        }
    }

    /// After a failed store call: stop if the game is gone or the failure
    /// will not pass, else wait (doubling) and let the loop try again.
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
        tracing::warn!(game_id = %live.meta.id, error = %error, retry_in = ?*retry, "bot driver: store failed, retrying");
        tokio::select! {
            _ = tokio::time::sleep(*retry) => {}
            _ = shutdown.changed() => return Err(Stop::Shutdown),
        }
        *retry = (*retry * 2).min(RETRY_CAP);
        Ok(())
    }

    /// At start-up: every stored game in progress with a bot seat or a
    /// clock, and every waiting game (which may fill with bots), is loaded,
    /// which starts its driver if a bot is to act (a crash or restart may
    /// have stopped bots in the middle of their turns) and enforces the
    /// timeouts that fell due while the server was down.
    pub async fn resume_bots(self: Arc<Self>) {
        for status in [GameStatus::InProgress, GameStatus::Waiting] {
            self.clone().resume_games(status).await;
        }
    }

    async fn resume_games(self: Arc<Self>, status: GameStatus) {
        let mut after: Option<Cursor> = None;
        let mut resumed = 0usize;
        loop {
            let page = match self
                .store
                .list(&ListQuery {
                    game_type: None,
                    status: Some(status),
                    after: after.clone(),
                    open_seats: false,
                    limit: 200,
                    hide_private: false,
                })
                .await
            {
                Ok(page) => page,
                Err(e) => {
                    tracing::warn!(error = %e, "resuming bots: listing games failed");
                    return;
                }
            };
            let Some(last) = page.last() else {
                break;
            };
            after = Some(Cursor {
                created_at_ms: last.created_at_ms,
                id: last.id.clone(),
            });
            for game in page
                .iter()
                .filter(|g| g.seats.iter().any(|s| !s.bot.is_empty()) || !g.settings.is_empty())
            {
                if *self.shutdown.borrow() {
                    return;
                }
                match self.live(&game.id).await {
                    Ok(_) => resumed += 1,
                    Err(e) => {
                        tracing::warn!(game_id = %game.id, error = %e, "resuming bots failed")
                    }
                }
            }
        }
        if resumed > 0 {
            tracing::info!(games = resumed, "bot games resumed");
        }
    }
}
