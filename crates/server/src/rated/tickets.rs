//! The matchmaking tickets this replica holds, under the store's leases.
//!
//! A FindMatch stream's ticket belongs to the replica that follows it the
//! way a game belongs to the replica that drives it: under a
//! [`Lease`](satrap_store::Lease) in the replica's name. One task per
//! replica, the holder, owns every such lease: each [`HOLD_EVERY`] it
//! renews all of them and reads where each ticket stands with one store
//! call ([`GameStore::hold_tickets`](satrap_store::GameStore::hold_tickets)),
//! and tells each stream on its own watch channel. The streams never
//! touch the store to learn of their match; their number does not change
//! the store's load.
//!
//! Invariants:
//! - the holder is the only task that renews a ticket's lease, and it
//!   renews only the tickets of live streams: a stream that ends drops its
//!   receiver, the holder lets its ticket go, and if the stream could not
//!   dequeue it, the lease lapses after [`TICKET_LEASE`] like a dead
//!   replica's;
//! - a ticket the store says is gone is let go at once (its stream is
//!   told and ends).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use crate::logs::Every;
use satrap_store::{GameStore, Lease, StoreError, Ticket, TicketState, now_ms};

/// How often the holder renews its tickets and reads their state.
pub const HOLD_EVERY: Duration = Duration::from_millis(300);
/// A ticket's lease: one not renewed for this long (its stream or its
/// replica is gone) is never matched, and is dropped.
pub const TICKET_LEASE: Duration = Duration::from_secs(2);

/// Where a followed ticket stands: `None` until the holder first looks.
pub type Following = watch::Receiver<Option<TicketState>>;

/// A ticket handed to the holder, with the channel its stream reads.
struct Held {
    id: String,
    state: watch::Sender<Option<TicketState>>,
}

/// This replica's tickets (see the module docs). The holder task starts
/// with the first ticket and ends once its handle is dropped and no
/// ticket is left.
pub struct Tickets {
    store: Arc<dyn GameStore>,
    replica: String,
    holder: OnceLock<mpsc::UnboundedSender<Held>>,
}

/// A store failure while holding tickets logs this at most once per
/// `logs::EVERY`.
static CANNOT_HOLD: Every = Every::new();

impl Tickets {
    pub fn new(store: Arc<dyn GameStore>, replica: String) -> Self {
        Self {
            store,
            replica,
            holder: OnceLock::new(),
        }
    }

    /// The lease this replica takes on its tickets at `now_ms`.
    fn lease(replica: &str, now_ms: u64) -> Lease<'_> {
        Lease {
            owner: replica,
            now_ms,
            until_ms: now_ms + TICKET_LEASE.as_millis() as u64,
        }
    }

    /// Queue `ticket` under this replica's lease, and follow it.
    pub async fn enqueue(&self, ticket: &Ticket) -> Result<Following, StoreError> {
        self.store
            .enqueue(ticket, &Self::lease(&self.replica, now_ms()))
            .await?;
        let (state, following) = watch::channel(None);
        let held = Held {
            id: ticket.id.clone(),
            state,
        };
        // The holder ends only once this handle is gone, so it is there
        // unless it panicked; the lease then lapses and the ticket goes.
        if self.holder().send(held).is_err() {
            return Err(StoreError::Backend(
                "this replica's ticket holder stopped".into(),
            ));
        }
        Ok(following)
    }

    /// Where ticket `id` stands now, renewing its lease: for the one look
    /// a stream takes as it leaves (its match may have come since the
    /// holder's last look).
    pub async fn look(&self, id: &str) -> Result<TicketState, StoreError> {
        let states = self
            .store
            .hold_tickets(&[id.to_owned()], &Self::lease(&self.replica, now_ms()))
            .await?;
        Ok(states.into_iter().next().unwrap_or(TicketState::Gone))
    }

    fn holder(&self) -> &mpsc::UnboundedSender<Held> {
        self.holder.get_or_init(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(hold(self.store.clone(), self.replica.clone(), rx));
            tx
        })
    }
}

/// The holder: takes new tickets as they come, and each [`HOLD_EVERY`]
/// (or at once when new tickets came) renews and reads them all.
async fn hold(store: Arc<dyn GameStore>, replica: String, mut new: mpsc::UnboundedReceiver<Held>) {
    let mut held: Vec<Held> = Vec::new();
    let mut open = true;
    let mut tick = tokio::time::interval(HOLD_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            came = new.recv(), if open => match came {
                Some(first) => {
                    // Take every ticket that came meanwhile, then look at
                    // once: a new stream learns its place without waiting
                    // a period, and a burst of them costs one store call.
                    held.push(first);
                    while let Ok(more) = new.try_recv() {
                        held.push(more);
                    }
                    tick.reset();
                }
                None => open = false,
            },
            _ = tick.tick() => {}
        }
        held.retain(|h| !h.state.is_closed());
        if held.is_empty() {
            if !open {
                return;
            }
            continue;
        }
        let ids: Vec<String> = held.iter().map(|h| h.id.clone()).collect();
        match store
            .hold_tickets(&ids, &Tickets::lease(&replica, now_ms()))
            .await
        {
            Ok(states) => {
                for (h, state) in held.iter().zip(states) {
                    h.state.send_replace(Some(state));
                }
                held.retain(|h| !matches!(*h.state.borrow(), Some(TicketState::Gone)));
            }
            Err(e) => {
                if let Some(held_back) = CANNOT_HOLD.allow() {
                    tracing::warn!(error = %e, held_back, "matchmaking: cannot renew this replica's tickets, retrying");
                }
            }
        }
    }
}

/// Tickets for the rated modules' tests.
#[cfg(test)]
pub(super) mod fixtures {
    use satrap_store::{Ticket, now_ms};

    /// Ticket `t{n}` of `player` in `pool`, queued now (later the higher
    /// `n`), filled by the random bot.
    pub fn ticket(n: u8, player: &str, pool: String) -> Ticket {
        Ticket {
            id: format!("t{n}"),
            pool,
            player_id: player.into(),
            name: format!("P{n}"),
            token_hash: [n; 32],
            display: 0.0,
            owner: "peer:test".into(),
            bot_fill_after_ms: None,
            bot: "random".into(),
            queued_at_ms: now_ms() + u64::from(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satrap_store::MemoryStore;

    fn ticket(n: u8, player: &str) -> Ticket {
        fixtures::ticket(n, player, "king_of_siam|2|casual|".into())
    }

    async fn next(following: &mut Following) -> TicketState {
        tokio::time::timeout(Duration::from_secs(5), following.wait_for(Option::is_some))
            .await
            .expect("the holder looked within 5 s")
            .expect("the holder is running")
            .clone()
            .expect("a state")
    }

    /// Every stream learns its place from the one holder, and a ticket
    /// whose stream ended is no longer renewed: its lease lapses and the
    /// queue drops it, while the others stay held.
    #[tokio::test]
    async fn the_holder_renews_live_streams_tickets_only() {
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(10));
        let tickets = Tickets::new(store.clone(), "replica-a".into());
        let mut ann = tickets.enqueue(&ticket(1, "ann")).await.expect("ann");
        let mut bob = tickets.enqueue(&ticket(2, "bob")).await.expect("bob");
        assert_eq!(
            next(&mut ann).await,
            TicketState::Queued {
                position: 1,
                waiting: 2
            }
        );
        assert_eq!(
            next(&mut bob).await,
            TicketState::Queued {
                position: 2,
                waiting: 2
            }
        );
        drop(ann);
        let dropped_at = now_ms();
        // Two more looks, each a period after the drop, renew bob's lease
        // past ann's: just after ann's lease ends, only bob's is held.
        bob.borrow_and_update();
        bob.changed().await.expect("holder");
        bob.changed().await.expect("holder");
        let later = dropped_at + TICKET_LEASE.as_millis() as u64 + 1;
        let queue = store.queue(later).await.expect("queue");
        let ids: Vec<&str> = queue.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["t2"]);
    }

    /// A ticket replaced by its player's newer one is gone: its stream is
    /// told so and the holder lets it go.
    #[tokio::test]
    async fn a_replaced_ticket_is_told_gone() {
        let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(10));
        let tickets = Tickets::new(store.clone(), "replica-a".into());
        let mut first = tickets.enqueue(&ticket(1, "ann")).await.expect("first");
        assert!(matches!(next(&mut first).await, TicketState::Queued { .. }));
        let _second = tickets.enqueue(&ticket(2, "ann")).await.expect("second");
        let gone = tokio::time::timeout(
            Duration::from_secs(5),
            first.wait_for(|s| *s == Some(TicketState::Gone)),
        )
        .await
        .expect("told within 5 s");
        assert!(gone.is_ok(), "the holder told the replaced ticket's stream");
    }
}
