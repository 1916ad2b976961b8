//! Bounds on how long a store call may wait for its database, and whether
//! the database is answering at all.
//!
//! Why: a database that stops answering (a frozen or partitioned PostgreSQL
//! server, a disk that no longer completes writes) used to hold every call
//! for as long as it lasted, and a move that waited 16 s was then answered
//! OK. Each call now answers within `Deadlines::statement`: on time with the
//! database's answer, or with [`StoreError::Unavailable`] (UNAVAILABLE, and
//! nothing acknowledged). [`Reachability`] is what health reports: it turns
//! to "unreachable" when a call or the background probe gets no answer, and
//! back when the probe gets one.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::StoreError;
use crate::layer::{Around, Call, CallError};

/// How long a store waits for its database (`--db-connect-timeout`,
/// `--db-statement-timeout`, `--db-pool-timeout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    /// Opening a new connection, TLS and authentication included.
    pub connect: Duration,
    /// One store call from start to answer, waiting for a pooled connection
    /// included; PostgreSQL also cancels a statement running longer
    /// (`statement_timeout`), so it stops holding locks nobody waits for.
    pub statement: Duration,
    /// Waiting for a pooled connection while all of them are busy.
    pub pool_wait: Duration,
}

impl Default for Deadlines {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(5),
            statement: Duration::from_secs(5),
            pool_wait: Duration::from_secs(2),
        }
    }
}

/// `call`, or [`StoreError::Unavailable`] if it has not answered within
/// `after` (the call is dropped: PostgreSQL's client rolls back an open
/// transaction, SQLite's writer skips an append nobody waits for). A write
/// already on its way to the database may still be recorded: the caller
/// must not treat it as refused either (see `GameStore::append`).
pub(crate) async fn within<T, E: From<StoreError>>(
    what: &'static str,
    after: Duration,
    call: impl Future<Output = Result<T, E>>,
) -> Result<T, E> {
    match tokio::time::timeout(after, call).await {
        Ok(answer) => answer,
        Err(_) => Err(StoreError::Unavailable { what, after }.into()),
    }
}

/// Whether the database answers, as a watch channel (`GameStore::faults`):
/// `Some(reason)` while it does not.
#[derive(Debug)]
pub(crate) struct Reachability {
    state: watch::Sender<Option<String>>,
}

impl Default for Reachability {
    fn default() -> Self {
        Self {
            state: watch::channel(None).0,
        }
    }
}

impl Reachability {
    /// The database did not answer; logged once per outage.
    /// Watchers hear of the change only (the first reason stays until the
    /// database answers), so health is not set again every second.
    pub fn unreachable(&self, reason: String) {
        let changed = self.state.send_if_modified(|state| {
            if state.is_some() {
                return false;
            }
            *state = Some(reason.clone());
            true
        });
        if changed {
            tracing::warn!(%reason, "the database is unreachable");
        }
    }

    /// The database answered; logged once per recovery.
    pub fn reachable(&self) {
        let mut was = None;
        self.state.send_if_modified(|state| {
            was = state.take();
            was.is_some()
        });
        if let Some(reason) = was {
            tracing::info!(was = %reason, "the database answers again");
        }
    }

    /// Note a call's outcome: a call that got no answer in time says the
    /// database is unreachable (an answer, even an error, is left to the
    /// probe: the database is there).
    pub fn note<T, E: CallError>(&self, outcome: &Result<T, E>) {
        if let Err(e) = outcome {
            if let Some(e @ StoreError::Unavailable { .. }) = e.store_error() {
                self.unreachable(e.to_string());
            }
        }
    }

    pub fn subscribe(&self) -> watch::Receiver<Option<String>> {
        self.state.subscribe()
    }
}

/// The hook that gives every call of a store (a [`Layer`](crate::layer::Layer)) the statement
/// deadline, and tells [`Reachability`] of a call that got no answer in
/// time (health NOT_SERVING until the probe gets an answer).
pub struct Bounded {
    pub(crate) statement: Duration,
    pub(crate) reach: Arc<Reachability>,
}

impl Bounded {
    /// `call` within the statement deadline, as `what`.
    pub(crate) async fn bound<T, E: CallError>(
        &self,
        what: &'static str,
        call: impl Future<Output = Result<T, E>>,
    ) -> Result<T, E> {
        let answer = within(what, self.statement, call).await;
        self.reach.note(&answer);
        answer
    }
}

impl Around for Bounded {
    fn around<T: Send, E: CallError>(
        &self,
        which: Call,
        call: impl Future<Output = Result<T, E>> + Send,
    ) -> impl Future<Output = Result<T, E>> + Send {
        self.bound(which.name(), call)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_call_without_an_answer_is_unavailable_after_the_bound() {
        let bound = Duration::from_millis(200);
        let start = std::time::Instant::now();
        let answer: Result<(), StoreError> = within(
            "append",
            bound,
            std::future::pending::<Result<(), StoreError>>(),
        )
        .await;
        let took = start.elapsed();
        assert_eq!(
            answer,
            Err(StoreError::Unavailable {
                what: "append",
                after: bound
            })
        );
        assert!(took >= bound && took < bound * 5, "answered after {took:?}");
        let text = answer.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(text.contains("append") && text.contains("200ms"), "{text}");
    }

    #[tokio::test]
    async fn an_answer_in_time_is_passed_through() {
        let answer = within("head", Duration::from_secs(5), async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            Err::<(), _>(StoreError::NotFound("g".into()))
        })
        .await;
        assert_eq!(answer, Err(StoreError::NotFound("g".into())));
    }

    #[tokio::test]
    async fn reachability_follows_calls_and_probes() {
        let reach = Reachability::default();
        let mut rx = reach.subscribe();
        assert_eq!(*rx.borrow_and_update(), None);
        // The database answered with an error: it is there.
        reach.note::<(), _>(&Err(StoreError::NotFound("g".into())));
        assert!(!rx.has_changed().unwrap_or(true));
        reach.note::<(), _>(&Err(StoreError::Unavailable {
            what: "append",
            after: Duration::from_secs(5),
        }));
        assert!(rx.borrow_and_update().is_some());
        // Still unreachable: no news for the watchers.
        reach.unreachable("probe: no answer".into());
        assert!(!rx.has_changed().unwrap_or(true));
        reach.reachable();
        assert_eq!(*rx.borrow_and_update(), None);
    }
}
