//! Draining: a replica that stops hands its work to the others at once.
//!
//! At shutdown every game actor stops its background work (the shutdown
//! signal; commands are still answered while connections drain), and the
//! games whose leases this replica holds would wait for those leases to
//! expire (`--bot-takeover-delay`) before another replica's scanner claims
//! them. So once no actor has work (none renews a lease after that), the
//! replica releases every lease it holds in one statement; the games keep
//! their due times, and the next scan of any other replica claims the due
//! ones. Then the store is flushed.

use std::sync::Arc;
use std::time::Duration;

use super::Hub;

/// Counts one game actor with work until dropped.
pub(super) struct TaskCount(Arc<tokio::sync::watch::Sender<usize>>);

impl Drop for TaskCount {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n = n.saturating_sub(1));
    }
}

/// What a drain did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drained {
    /// Game actors still at work when the drain gave up waiting (0 when
    /// they all stopped in time).
    pub tasks_left: usize,
    /// Game leases handed back.
    pub leases_released: u64,
}

impl Hub {
    /// A game actor has work: counted until the returned guard is dropped.
    pub(super) fn task_started(&self) -> TaskCount {
        self.tasks.send_modify(|n| *n += 1);
        TaskCount(self.tasks.clone())
    }

    /// After the shutdown signal: wait (at most `within`) for every game
    /// actor to stop its work, then hand back every game lease this replica holds
    /// and flush the store. Store failures are logged: the leases then
    /// expire by themselves.
    pub async fn drain(&self, within: Duration) -> Drained {
        let mut tasks = self.tasks.subscribe();
        let stopped = tokio::time::timeout(within, tasks.wait_for(|n| *n == 0))
            .await
            .is_ok();
        let tasks_left = if stopped { 0 } else { *tasks.borrow() };
        if tasks_left > 0 {
            tracing::warn!(
                tasks = tasks_left,
                "drain: game actors still at work; releasing their leases anyway"
            );
        }
        let leases_released = match self.store.release_leases(&self.replica).await {
            Ok(n) => n,
            Err(e) => {
                tracing::warn!(error = %e, "drain: could not hand the game leases back; they expire by themselves");
                0
            }
        };
        if let Err(e) = self.store.flush().await {
            tracing::warn!(error = %e, "drain: flushing the store failed");
        }
        Drained {
            tasks_left,
            leases_released,
        }
    }
}
