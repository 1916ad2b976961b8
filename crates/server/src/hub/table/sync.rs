//! Catching up with other replicas. With a shared store (PostgreSQL) another
//! replica may have moved since this one cached a game: every command first
//! compares the cached version and seat revision with the store's head and
//! replays what is new, and the follower (`follow`) tells the game's actor
//! to do the same when a NOTIFY names a cached game, so watch streams here
//! see every move.
//!
//! Work another replica's change made due (a bot turn, a clock) is done by
//! whichever replica holds the game's lease (see `task`), normally the one
//! that made the change; this one takes it over only once that lease has
//! expired (the other replica died). So bots think once, and the version
//! guard records each move once anyway.

use super::Table;
use crate::error::ServiceError;
use crate::hub::cache::{Frame, Version, corrupt};
use crate::hub::log::Entry;
use crate::hub::takeback::apply_after;

impl Table<'_> {
    /// Bring the cached game up to the store's version when the store is
    /// shared (a no-op for a store only this process writes).
    pub async fn fresh(&mut self) -> Result<(), ServiceError> {
        if self.hub.store.shared() {
            self.sync(false).await?;
        }
        Ok(())
    }

    /// Catch up with the store when it is shared (or when `force`d after a
    /// lost race): new seats, then each new action applied and broadcast.
    pub async fn sync(&mut self, force: bool) -> Result<(), ServiceError> {
        let hub = self.hub;
        let store = &hub.store;
        if !force && !store.shared() {
            return Ok(());
        }
        let live = self.live;
        let id = &live.meta.id;
        let Some(head) = store.head(id).await? else {
            hub.forget(id);
            return Err(ServiceError::game_not_found(id));
        };
        if head.seat_revision != self.cell.seat_revision {
            self.cell.seats = std::sync::Arc::new(store.seats(id).await?);
            self.cell.seat_revision = head.seat_revision;
            // A join on another replica may have started the game.
            let started = self.note_start().await?;
            self.announce(started);
        }
        let version = self.cell.instance.version();
        if head.version > version {
            for action in store.actions_since(id, version).await? {
                let cell = &mut *self.cell;
                let started = cell.clocks.started_at();
                let log = &cell.log;
                let prior = || -> Box<dyn Iterator<Item = Entry<'_>> + '_> { Box::new(log.iter()) };
                let entry = Entry::of(&action);
                apply_after(
                    &live.meta,
                    started,
                    prior,
                    &entry,
                    &mut cell.instance,
                    &mut cell.clocks,
                )
                .map_err(corrupt(id))?;
                cell.log.push(&action, cell.instance.as_ref());
                if live.updates.receiver_count() > 0 {
                    let frame: Frame = Version::frame(
                        cell.instance.clone_box(),
                        cell.clocks.clone(),
                        cell.seats.clone(),
                    );
                    let _ = live.updates.send(frame);
                }
            }
        }
        // Work the change made due is done here only with the game's
        // lease (the actor looks after this command): normally the replica
        // that made the change holds it.
        Ok(())
    }
}
