//! The owner of one tournament on this replica: a task, spawned when this
//! replica takes the tournament's lease (a named lease of the store's
//! `Leases` role, `tournament/ID`), that alone moves the tournament on
//! (`drive`'s steps) until it is over, the lease is lost or the server
//! shuts down.
//!
//! It steps when something may have changed, and sleeps otherwise:
//! - a save of the tournament by anyone (a join, a withdrawal, another
//!   replica), told by the directory (`Command::Saved`) from the replica's
//!   follower; a save it made itself (the version it already has) is not
//!   read again;
//! - one of its games ending (the feed);
//! - its own next deadline (the start, an arena's end);
//! - the lease's renewal, every third of the lease's period, which also
//!   catches up with a wake that was missed.
//!
//! The lease is written only at that period, not at every step: a replica
//! that stops renewing (killed) lets another take over once it lapses,
//! and every step is a version-guarded save, so even a step made just
//! after a lapse cannot pair a round twice.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use satrap_store::{Lease, now_ms};

use super::drive::Step;
use super::{Tournaments, lease_name};
use crate::access::Scope;
use crate::error::ServiceError;

/// What the owner is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Command {
    /// The tournament was saved and is now at `version` (0: it may have
    /// been, read it again).
    Saved { version: u64 },
}

/// Commands waiting for an owner busy with a step: one pending wake is as
/// good as many.
pub(super) const COMMANDS: usize = 4;

/// How soon a step that failed (the store unreachable) is tried again.
const RETRY: Duration = Duration::from_secs(1);

impl Tournaments {
    /// Own tournament `id` (its lease just taken) until it is over, the
    /// lease is lost or the server shuts down; then hand the lease back.
    pub(super) async fn own(self: Arc<Self>, id: String, mut commands: mpsc::Receiver<Command>) {
        let mut shutdown = self.hub.shutdown_signal();
        let head = self.hub.store().feed_head().await.unwrap_or(0);
        let mut feed = self.hub.feed().reader(Scope::All, head);
        let period = self.config.lease / 3;
        let mut renew_at = Instant::now() + period;
        // The version last stepped on, the games whose end wakes a step,
        // and when time alone does.
        let mut seen = 0;
        let mut games = HashSet::new();
        let mut wake_at: Option<Instant> = None;
        let mut due = true;
        loop {
            if *shutdown.borrow() {
                break;
            }
            if Instant::now() >= renew_at {
                if !self.renew(&id).await {
                    break;
                }
                renew_at = Instant::now() + period;
                due = true;
            }
            if due {
                due = false;
                wake_at = None;
                match self.step(&id).await {
                    Ok(Step::Changed) | Err(ServiceError::VersionMismatch { .. }) => {
                        due = true;
                        continue;
                    }
                    Ok(Step::Over) => break,
                    Ok(Step::Idle {
                        version,
                        games: now,
                        wake_at: at,
                    }) => {
                        seen = version;
                        games = now.into_iter().collect();
                        wake_at = at.map(instant_at);
                    }
                    Err(e) => {
                        tracing::warn!(tournament = %id, error = %e, "tournament step failed");
                        wake_at = Some(Instant::now() + RETRY);
                    }
                }
            }
            let until = wake_at.map_or(renew_at, |w| w.min(renew_at));
            tokio::select! {
                _ = tokio::time::sleep_until(until) => {
                    due = wake_at.is_some_and(|w| w <= Instant::now());
                }
                command = commands.recv() => match command {
                    Some(Command::Saved { version }) => due = version == 0 || version > seen,
                    None => break,
                },
                events = feed.next() => match events {
                    Ok(Some(events)) => due = events.iter().any(|e| games.contains(&e.game_id)),
                    Ok(None) => break,
                    Err(_) => due = true,
                },
                _ = shutdown.changed() => {}
            }
        }
        self.release(&id).await;
    }

    /// Take or renew the lease; `false` if another replica holds it.
    pub(super) async fn renew(&self, id: &str) -> bool {
        let now = now_ms();
        let lease = Lease {
            owner: self.hub.replica(),
            now_ms: now,
            until_ms: now + self.config.lease.as_millis() as u64,
        };
        matches!(
            self.hub.store().cursor(&lease_name(id), &lease).await,
            Ok(Some(_))
        )
    }

    /// Hand the lease back (the task ended: over, shut down or lost).
    async fn release(&self, id: &str) {
        let lease = Lease {
            owner: self.hub.replica(),
            now_ms: now_ms(),
            until_ms: 0,
        };
        let _ = self.hub.store().cursor(&lease_name(id), &lease).await;
        if let Ok(mut owners) = self.owners.lock() {
            owners.remove(id);
        }
    }
}

/// The instant of `at_ms` (ms since the epoch; now if past).
fn instant_at(at_ms: u64) -> Instant {
    Instant::now() + Duration::from_millis(at_ms.saturating_sub(now_ms()))
}
