//! Catching up with other replicas. With a shared store (PostgreSQL) another
//! replica may have moved since this one cached a game: every request first
//! compares the cached version and seat revision with the store's head and
//! replays what is new, and a background task does the same when a NOTIFY
//! names a cached game, so watch streams here see every move.
//!
//! Work another replica's change made due (a bot turn, a clock) is done by
//! whichever replica holds the game's lease (see `task`), normally the one
//! that made the change; this one takes it over only once that lease has
//! expired (the other replica died). So bots think once, and the version
//! guard records each move once anyway.

use std::sync::Arc;

use tokio::sync::broadcast;

use super::Hub;
use super::cache::{Cell, Frame, LiveGame, Version, apply_entry, corrupt};
use crate::error::ServiceError;
use satrap_store::Notice;

impl Hub {
    /// Bring the cached game up to the store's version when the store is
    /// shared (a no-op for a store only this process writes).
    pub(super) async fn fresh(
        &self,
        live: &Arc<LiveGame>,
        cell: &mut Cell,
    ) -> Result<(), ServiceError> {
        if self.store.shared() {
            self.sync(live, cell, false).await?;
        }
        Ok(())
    }

    /// Catch up with the store when it is shared (or when `force`d after a
    /// lost race): new seats, then each new action applied and broadcast.
    pub(super) async fn sync(
        &self,
        live: &Arc<LiveGame>,
        cell: &mut Cell,
        force: bool,
    ) -> Result<(), ServiceError> {
        if !force && !self.store.shared() {
            return Ok(());
        }
        let id = &live.meta.id;
        let Some(head) = self.store.head(id).await? else {
            self.forget(id);
            return Err(ServiceError::game_not_found(id));
        };
        let mut changed = false;
        if head.seat_revision != cell.seat_revision {
            live.set_seats(self.store.seats(id).await?);
            cell.seat_revision = head.seat_revision;
            // A join on another replica may have started the game.
            let started = self.note_start(live, cell).await?;
            self.announce(live, cell, started);
            changed = true;
        }
        let version = cell.instance.version();
        if head.version > version {
            for action in self.store.actions_since(id, version).await? {
                let cell = &mut *cell;
                apply_entry(&mut cell.instance, &mut cell.clocks, &action).map_err(corrupt(id))?;
                cell.log.push(&action, cell.instance.as_ref());
                let frame: Frame = Version::frame(cell.instance.clone_box(), cell.clocks.clone());
                let _ = live.updates.send(frame);
            }
            changed = true;
        }
        if changed {
            // Work the change made due is done here only with the game's
            // lease: normally the replica that made the change holds it.
            self.kick(live, cell);
        }
        Ok(())
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
                    .cached(&id)
                    .map(|live| (live, version))
                    .into_iter()
                    .collect(),
                Ok(Notice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => self
                    .all_cached()
                    .into_iter()
                    .map(|live| (live, 0))
                    .collect(),
                Err(broadcast::error::RecvError::Closed) => return,
            };
            for (live, version) in stale {
                let mut cell = live.cell.lock().await;
                // Our own commits come back too: nothing to do for those.
                if version != 0 && cell.instance.version() >= version {
                    continue;
                }
                match self.sync(&live, &mut cell, true).await {
                    Ok(()) => {}
                    // Deleted on another replica (DeleteGame, retention):
                    // `sync` forgot it and its watch streams ended.
                    Err(ServiceError::GameNotFound(_)) => {
                        tracing::info!(game_id = %live.meta.id, "game deleted elsewhere")
                    }
                    Err(e) => {
                        tracing::warn!(game_id = %live.meta.id, error = %e, "catching up failed")
                    }
                }
            }
        }
    }
}
