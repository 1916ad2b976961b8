//! Following a shared store: when another replica commits to a game
//! cached here (PostgreSQL NOTIFY), the follower tells the game's actor
//! (`Command::Sync`), which catches up at once (`Table::sync`), so watch
//! streams here see every move. The follower never waits on a game.

use std::sync::Arc;

use tokio::sync::broadcast;

use super::Hub;
use super::actor::Command;
use super::cache::LiveGame;
use satrap_store::Notice;

impl Hub {
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
                live.tell(Command::Sync { version });
            }
        }
    }
}
