//! The replica's follower: the one task that listens to what the store
//! pushes and fans it out, so no game, stream or feature polls the store
//! for changes on its own.
//!
//! - **Games** (a shared store: PostgreSQL NOTIFY): when another replica
//!   commits to a game cached here, the follower tells the game's actor
//!   (`Command::Sync`), which catches up at once (`Table::sync`), so watch
//!   streams here see every move. It never waits on one game.
//! - **The feed** (every store: the commit itself on SQLite and memory, a
//!   NOTIFY on PostgreSQL): its part reads the new events once and
//!   broadcasts them to every WatchEvents stream and the webhooks
//!   ([`Feed::follow`](crate::rated::feed::Feed::follow)).
//! - **Tournaments** (every store: an in-process broadcast on SQLite and
//!   memory, a NOTIFY on PostgreSQL): each tournament made or saved, by
//!   any replica, is passed on to [`Hub::tournament_changes`], where the
//!   tournament's driver and its WatchTournament streams wait for it.
//!
//! - **A table's talk** (chat, offers: `Notice::Talk`): the game's actor
//!   is told (`Command::SyncTalk`) and reads what is new, so a message or
//!   an offer made on another replica reaches the watchers here.
//!
//! A new kind of pushed change is one more part here, run beside these in
//! the same task.

use std::sync::Arc;

use tokio::sync::broadcast;

use super::Hub;
use super::actor::Command;
use super::cache::LiveGame;
use satrap_store::{Notice, TournamentNotice};

impl Hub {
    /// Follow what the store pushes, every part in this one task (the
    /// feed's part ends at shutdown, the games' when the store stops).
    pub async fn follow_store(self: Arc<Self>) {
        let games = self.follow_games();
        let feed = self.feed.follow();
        let tournaments = self.follow_tournaments();
        tokio::join!(games, feed, tournaments);
    }

    /// The tournaments' part: every tournament saved, passed on to this
    /// replica's drivers and watchers; a gap (a notice missed) becomes a
    /// `Resync`. Ends at shutdown (drivers and watchers end then too).
    async fn follow_tournaments(&self) {
        let Some(mut notices) = self.store.tournament_notices() else {
            return;
        };
        let mut shutdown = self.shutdown.clone();
        loop {
            let notice = tokio::select! {
                notice = notices.recv() => notice,
                _ = shutdown.wait_for(|stop| *stop) => return,
            };
            let notice = match notice {
                Ok(notice) => notice,
                Err(broadcast::error::RecvError::Lagged(_)) => TournamentNotice::Resync,
                Err(broadcast::error::RecvError::Closed) => return,
            };
            let _ = self.tournaments.send(notice);
        }
    }

    /// The games' part: moves other replicas commit (PostgreSQL NOTIFY),
    /// told to the actors of the games cached here. Ends at once on a store
    /// only this process writes (nothing to follow).
    async fn follow_games(&self) {
        let Some(mut notices) = self.store.notices() else {
            return;
        };
        loop {
            // Not ended by the shutdown: a draining replica's games still
            // catch up with the moves others make while it hands them back.
            let notice = notices.recv().await;
            // (game, version it reached); version 0 means "check anyway".
            let stale: Vec<(Arc<LiveGame>, u64)> = match notice {
                // A table's talk (chat, an offer): its actor reads it.
                Ok(Notice::Talk { id, .. }) => {
                    if let Some(live) = self.cached(&id) {
                        live.tell(Command::SyncTalk);
                    }
                    continue;
                }
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
                live.tell(Command::Sync { version });
                if version == 0 {
                    // Talk notices may have been missed too.
                    live.tell(Command::SyncTalk);
                }
            }
        }
    }
}
