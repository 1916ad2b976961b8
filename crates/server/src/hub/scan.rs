//! Finding the games that have work, for their actors (`task`).
//!
//! - One process on its store (SQLite, memory): at start-up every stored
//!   game in progress with a bot seat or a clock, and every waiting game,
//!   is loaded, which starts its actor (a crash or restart may have stopped
//!   bots mid-turn, and timeouts fell due while the server was down).
//! - Several replicas on one store (PostgreSQL): a scanner on each replica
//!   claims the games whose stored due time has come and whose lease is
//!   free or expired (see `satrap_store::work`), loads them and tells
//!   their actors, every quarter of the lease length (at most every half
//!   second, so the games a draining replica hands back are claimed
//!   within that; see `drain`). So a dead replica's
//!   games are picked up within `--bot-takeover-delay` of its last renewal,
//!   whether or not any other replica has them loaded, whatever the cache
//!   size; and no replica loads games another one drives.

use std::sync::Arc;
use std::time::Duration;

use super::Hub;
use super::actor::Command;
use satrap_store::{Cursor, GameStatus, ListQuery, PrivateGames, now_ms};

/// Games claimed per scan (the next scan claims more).
const CLAIM_BATCH: usize = 64;

impl Hub {
    /// Wake the games' actors: at start-up on a store only this process
    /// writes; by the lease scanner, until shutdown, on a shared one.
    pub async fn find_work(self: Arc<Self>) {
        if self.store.shared() {
            self.claim_work().await;
            return;
        }
        for status in [GameStatus::InProgress, GameStatus::Waiting] {
            self.clone().resume_games(status).await;
        }
    }

    /// The lease scanner of a shared store.
    async fn claim_work(self: Arc<Self>) {
        let mut shutdown = self.shutdown.clone();
        let every =
            (self.lease_length() / 4).clamp(Duration::from_millis(50), Duration::from_millis(500));
        // Whether the last scan failed (the store is down).
        let mut failing = false;
        loop {
            let now = now_ms();
            let until = now + self.lease_length().as_millis() as u64;
            let claimed = match self
                .store
                .claim_due(&self.lease_for(now, until), CLAIM_BATCH)
                .await
            {
                Ok(ids) => {
                    if std::mem::replace(&mut failing, false) {
                        tracing::info!("claiming due games works again");
                    }
                    ids
                }
                Err(e) => {
                    // Once per outage, not every few hundred milliseconds:
                    // readiness and the store's metrics show it meanwhile.
                    if !std::mem::replace(&mut failing, true) {
                        tracing::warn!(error = %e, "claiming due games failed; retrying quietly until it works");
                    }
                    Vec::new()
                }
            };
            let full = claimed.len() == CLAIM_BATCH;
            for id in claimed {
                match self.live(&id).await {
                    Ok(live) => {
                        // This replica holds the lease now: the actor does
                        // the work, or settles the due time.
                        live.tell(Command::Settle);
                    }
                    Err(e) => {
                        tracing::warn!(game_id = %id, error = %e, "loading a claimed game failed")
                    }
                }
            }
            if full {
                continue;
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = shutdown.changed() => return,
            }
            if *shutdown.borrow() {
                return;
            }
        }
    }

    /// At start-up on a store only this process writes: load every game
    /// of `status` that may have work.
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
                    // Abandoned games may have work too.
                    active_since_ms: None,
                    limit: 200,
                    private: PrivateGames::All,
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
