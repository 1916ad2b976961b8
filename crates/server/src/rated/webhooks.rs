//! Webhooks (`--webhook-url`, `--webhook-secret`): every event of the feed
//! POSTed to the backend, signed, retried until acknowledged (the sending
//! and signing are `satrap-webhook`'s).
//!
//! Invariants:
//! - events go out one at a time in sequence order, and the next only once
//!   the previous was acknowledged: nothing is skipped;
//! - the position (the last acknowledged sequence) is kept in the store,
//!   so a restart resumes after it;
//! - with several replicas exactly one delivers at a time: the reader
//!   holds a lease on its position in the store (`--webhook-lease`) and
//!   renews it while it works, and a replica that finds the lease lost
//!   stops at once; a replica that stops hands it back;
//! - delivery is at least once. An event is sent again when the receiver's
//!   2xx is not recorded: the process dies (or stops) between the answer
//!   and the store's record of it, the store refuses that record (it is
//!   unreachable, or the lease lapsed meanwhile and another replica took
//!   it), or the receiver answered after the sender gave up waiting. Its id
//!   (`evt-SEQUENCE`) lets the receiver drop the repeat.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch as signal;

use satrap_store::{GameStore, Lease, StoreError, now_ms};
use satrap_webhook::{Webhook, WebhookError};

use super::feed::{self, Feed, Scope};

/// The feed reader's name in the store.
pub const READER: &str = "webhook";

/// What delivers the webhooks of one process.
pub struct Deliverer {
    pub store: Arc<dyn GameStore>,
    pub feed: Arc<Feed>,
    pub webhook: Webhook,
    /// This process's name in the store's lease.
    pub replica: String,
    /// How long a lease lasts (`--webhook-lease`); renewed every third of
    /// it, and a replica without it tries again every fifth.
    pub lease: Duration,
}

impl Deliverer {
    fn renew_every(&self) -> Duration {
        self.lease / 3
    }

    fn lease(&self) -> Lease<'_> {
        let now = now_ms();
        Lease {
            owner: &self.replica,
            now_ms: now,
            until_ms: now + self.lease.as_millis() as u64,
        }
    }
}

/// Deliver the feed until `shutdown`.
pub async fn run(d: Deliverer, mut shutdown: signal::Receiver<bool>) {
    while !*shutdown.borrow() {
        match deliver_while_leased(&d, &mut shutdown).await {
            Ok(()) => {}
            Err(e) => tracing::warn!(error = %e, "webhooks: store unavailable, retrying"),
        }
        tokio::select! {
            _ = tokio::time::sleep(d.lease / 5) => {}
            _ = shutdown.changed() => {}
        }
    }
    // Hand the lease back (expiring now), so that the next process to
    // start, or another replica, delivers at once rather than after it.
    let now = now_ms();
    let release = Lease {
        owner: &d.replica,
        now_ms: now,
        until_ms: now,
    };
    if let Err(e) = d.store.cursor(READER, &release).await {
        tracing::debug!(error = %e, "webhooks: could not hand the lease back");
    }
}

/// While this replica holds the lease: deliver every event after the
/// stored position, recording each once acknowledged. Returns when the
/// lease is held by another replica, or at shutdown.
async fn deliver_while_leased(
    d: &Deliverer,
    shutdown: &mut signal::Receiver<bool>,
) -> Result<(), StoreError> {
    let store = d.store.as_ref();
    let Some(mut position) = store.cursor(READER, &d.lease()).await? else {
        return Ok(());
    };
    let mut reader = d.feed.reader(Scope::All, position);
    let mut renewed = tokio::time::Instant::now();
    loop {
        // Wait for events, renewing the lease while idle (the reader is
        // cancel-safe: a renewal loses nothing).
        let events = tokio::select! {
            got = reader.next() => got,
            _ = tokio::time::sleep(d.renew_every()) => Ok(Some(Vec::new())),
        };
        let events = match events {
            Ok(Some(events)) => events,
            Ok(None) => return Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, "webhooks: cannot read the feed");
                return Ok(());
            }
        };
        if events.is_empty() || renewed.elapsed() >= d.renew_every() {
            if store.cursor(READER, &d.lease()).await? != Some(position) {
                return Ok(());
            }
            renewed = tokio::time::Instant::now();
        }
        for event in events {
            let body = feed::to_json(&feed::to_proto(&event)).to_string();
            let id = feed::event_id(event.sequence);
            loop {
                let stop = async {
                    tokio::select! {
                        _ = tokio::time::sleep(d.renew_every()) => {}
                        _ = shutdown.changed() => {}
                    }
                };
                match d.webhook.deliver(&id, body.as_bytes(), stop).await {
                    Ok(()) => break,
                    Err(WebhookError::Stopped) if *shutdown.borrow() => return Ok(()),
                    Err(WebhookError::Stopped) => {
                        // Still failing after a while: keep the lease, or
                        // give the event up to whoever holds it now.
                        if store.cursor(READER, &d.lease()).await? != Some(position) {
                            return Ok(());
                        }
                        renewed = tokio::time::Instant::now();
                    }
                    Err(e) => {
                        // Not retryable (an id the client refuses): cannot
                        // happen with our ids; skip nothing, try later.
                        tracing::error!(error = %e, event = %id, "webhooks: cannot send");
                        return Ok(());
                    }
                }
            }
            if !store
                .advance_cursor(READER, &d.replica, event.sequence)
                .await?
            {
                return Ok(());
            }
            position = event.sequence;
        }
    }
}
