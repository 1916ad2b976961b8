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
//!   holds a lease on its position in the store and renews it while it
//!   works, and a replica that finds the lease lost stops at once. An event
//!   repeats only if the process stops between the receiver's answer and
//!   the store's record of it; its id (`evt-SEQUENCE`) lets the receiver
//!   drop the repeat.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch as signal;

use satrap_store::{GameStore, Lease, now_ms};
use satrap_webhook::{Webhook, WebhookError};

use super::feed::{self, Scope};

/// The feed reader's name in the store.
pub const READER: &str = "webhook";
/// How long a lease lasts, and how often it is renewed while an event is
/// being retried (well inside it).
const LEASE: Duration = Duration::from_secs(60);
const RENEW: Duration = Duration::from_secs(20);
/// How long a replica without the lease waits before trying again.
const IDLE: Duration = Duration::from_secs(2);

/// Deliver the feed to `webhook` until `shutdown`; `replica` names this
/// process in the store's lease.
pub async fn run(
    store: Arc<dyn GameStore>,
    webhook: Webhook,
    replica: String,
    mut shutdown: signal::Receiver<bool>,
) {
    while !*shutdown.borrow() {
        match deliver_while_leased(store.as_ref(), &webhook, &replica, &mut shutdown).await {
            Ok(()) => {}
            Err(e) => tracing::warn!(error = %e, "webhooks: store unavailable, retrying"),
        }
        tokio::select! {
            _ = tokio::time::sleep(IDLE) => {}
            _ = shutdown.changed() => {}
        }
    }
}

fn lease(owner: &str) -> Lease<'_> {
    let now = now_ms();
    Lease {
        owner,
        now_ms: now,
        until_ms: now + LEASE.as_millis() as u64,
    }
}

/// While this replica holds the lease: deliver every event after the
/// stored position, recording each once acknowledged. Returns when the
/// lease is held by another replica, or at shutdown.
async fn deliver_while_leased(
    store: &dyn GameStore,
    webhook: &Webhook,
    replica: &str,
    shutdown: &mut signal::Receiver<bool>,
) -> Result<(), satrap_store::StoreError> {
    let Some(mut position) = store.cursor(READER, &lease(replica)).await? else {
        return Ok(());
    };
    let mut renewed = tokio::time::Instant::now();
    loop {
        // Wait for events, renewing the lease while idle.
        let events = tokio::select! {
            got = feed::next_events(store, &Scope::All, position, shutdown) => got,
            _ = tokio::time::sleep(RENEW) => Ok(Some(Vec::new())),
        };
        let events = match events {
            Ok(Some(events)) => events,
            Ok(None) => return Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, "webhooks: cannot read the feed");
                return Ok(());
            }
        };
        if events.is_empty() || renewed.elapsed() >= RENEW {
            if store.cursor(READER, &lease(replica)).await? != Some(position) {
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
                        _ = tokio::time::sleep(RENEW) => {}
                        _ = shutdown.changed() => {}
                    }
                };
                match webhook.deliver(&id, body.as_bytes(), stop).await {
                    Ok(()) => break,
                    Err(WebhookError::Stopped) if *shutdown.borrow() => return Ok(()),
                    Err(WebhookError::Stopped) => {
                        // Still failing after a while: keep the lease, or
                        // give the event up to whoever holds it now.
                        if store.cursor(READER, &lease(replica)).await? != Some(position) {
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
            if !store.advance_cursor(READER, replica, event.sequence).await? {
                return Ok(());
            }
            position = event.sequence;
        }
    }
}
