//! Watch streams. A stream first catches up (versions `from..=current`,
//! older ones rebuilt by replay) and then follows the game's broadcast of
//! new versions; a watcher that lags behind the broadcast catches up by
//! replay again, so it never misses a version.
//!
//! The resume contract: `from_version` may be at most current + 1. A client
//! whose stream dropped after version `v` asks for `v + 1`, which waits for
//! the next move if there is none yet.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use tokio::sync::{broadcast, mpsc, watch as signal};
use tonic::Status;

use super::Hub;
use super::cache::{Frame, LiveGame, Version, initial, replay};
use super::view::{shared_snapshot, shared_update};
use crate::engine::Seat;
use crate::proto;
use crate::service::auth::Caller;
use crate::service::delta;
use crate::service::error::ServiceError;

/// What a watch stream sends for each version (WatchGameRequest's mode and
/// text flag).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WatchMode {
    /// Deltas after the first update instead of a full snapshot each time.
    pub delta: bool,
    /// With deltas: the text picture too (full snapshots always have it).
    pub text: bool,
}

impl WatchMode {
    /// The mode a request asks for.
    pub fn of(request: &proto::WatchGameRequest) -> Self {
        WatchMode {
            delta: request.mode() == proto::UpdateMode::Delta,
            text: request.text,
        }
    }
}

/// One stream's viewer and mode, and (with deltas) the snapshot its watcher
/// holds: each delta is taken against it. A new stream starts with none,
/// so its first update is whole (the resume contract gives a full snapshot
/// again by reopening the stream).
struct Encoder {
    viewer: Option<Seat>,
    mode: WatchMode,
    held: Option<proto::GameSnapshot>,
}

impl Encoder {
    fn update(&mut self, live: &LiveGame, v: &Version) -> Result<proto::GameUpdate, Status> {
        if !self.mode.delta {
            return Ok(shared_update(live, v, self.viewer));
        }
        let snapshot = shared_snapshot(live, v, self.viewer, self.mode.text);
        let events = v.last_events(self.viewer);
        let (whole, delta) = match &self.held {
            None => (Some(snapshot.clone()), None),
            Some(held) => (
                None,
                Some(delta::diff(held, &snapshot).map_err(|e| {
                    Status::internal(format!("could not make an update's delta: {e}"))
                })?),
            ),
        };
        self.held = Some(snapshot);
        Ok(proto::GameUpdate {
            version: v.version(),
            events,
            snapshot: whole,
            delta,
        })
    }
}

/// Updates buffered per watcher before the stream applies backpressure.
const STREAM_BUFFER: usize = 32;

/// Decrements a game's watcher count when a watch stream ends.
struct WatcherSlot(Arc<LiveGame>);

impl Drop for WatcherSlot {
    fn drop(&mut self) {
        self.0.watchers.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Hub {
    /// Stream versions `from..` of the game as `caller` sees them.
    pub async fn watch(
        &self,
        id: &str,
        caller: Caller,
        from: u64,
        mode: WatchMode,
    ) -> Result<mpsc::Receiver<Result<proto::GameUpdate, Status>>, ServiceError> {
        let live = self.live(id).await?;
        let current = {
            let mut cell = live.cell.lock().await;
            self.fresh(&live, &mut cell).await?;
            cell.instance.version()
        };
        if from > current.saturating_add(1) {
            return Err(ServiceError::InvalidArgument(format!(
                "from_version {from} is beyond the next version {} (the game is at version {current}; resume from the last version seen + 1)",
                current + 1
            )));
        }
        if live.watchers.fetch_add(1, Ordering::AcqRel) >= self.limits.max_watchers_per_game {
            live.watchers.fetch_sub(1, Ordering::AcqRel);
            return Err(ServiceError::ResourceExhausted(format!(
                "this game already has {} watchers",
                self.limits.max_watchers_per_game
            )));
        }
        let slot = WatcherSlot(live.clone());
        // Subscribe before catching up so no version falls in between.
        let updates = live.updates.subscribe();
        let (tx, rx) = mpsc::channel(STREAM_BUFFER);
        let shutdown = self.shutdown.clone();
        let gone = live.gone.subscribe();
        let encoder = Encoder {
            viewer: caller.seat(),
            mode,
            held: None,
        };
        tokio::spawn(watch_loop(slot, encoder, from, updates, tx, shutdown, gone));
        Ok(rx)
    }
}

async fn watch_loop(
    slot: WatcherSlot,
    mut enc: Encoder,
    from: u64,
    mut updates: broadcast::Receiver<Frame>,
    tx: mpsc::Sender<Result<proto::GameUpdate, Status>>,
    mut shutdown: signal::Receiver<bool>,
    mut gone: signal::Receiver<bool>,
) {
    let live = &slot.0;
    let viewer = enc.viewer;
    // The token the stream was opened with: once it is rotated or
    // reissued, the stream sends nothing more for that seat.
    let token = seat_token(live, viewer);
    // `next` is the next version the watcher has not seen.
    let mut next = match catch_up(live, &mut enc, from, &tx).await {
        Some(n) => n,
        None => return,
    };
    loop {
        tokio::select! {
            received = updates.recv() => match received {
                Ok(frame) => {
                    let v = frame.version();
                    if v < next {
                        continue;
                    }
                    if v > next {
                        // Missed versions (cannot normally happen): replay them.
                        match catch_up(live, &mut enc, next, &tx).await { Some(n) => next = n, None => return }
                        continue;
                    }
                    if token != seat_token(live, viewer) {
                        let _ = tx.send(Err(ServiceError::BadToken.into())).await;
                        return;
                    }
                    if tx.send(enc.update(live, &frame)).await.is_err() || frame.is_over() {
                        return;
                    }
                    next = v + 1;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    match catch_up(live, &mut enc, next, &tx).await { Some(n) => next = n, None => return }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = tx.closed() => return,
            _ = shutdown.changed() => {
                let _ = tx.send(Err(Status::unavailable("server is shutting down"))).await;
                return;
            }
            // The game was deleted: end with the NOT_FOUND any later call gets.
            true = deleted(&mut gone) => {
                let _ = tx.send(Err(ServiceError::game_not_found(&live.meta.id).into())).await;
                return;
            }
        }
    }
}

/// The current token hash of the viewer's seat (`None` for spectators).
fn seat_token(live: &LiveGame, viewer: Option<Seat>) -> Option<[u8; 32]> {
    viewer.and_then(|s| live.seats().get(s).and_then(|r| r.token_hash))
}

/// Completes with `true` once the game is deleted.
async fn deleted(gone: &mut signal::Receiver<bool>) -> bool {
    gone.wait_for(|g| *g).await.is_ok()
}

/// Send versions `from..=current` (replaying older ones). Returns the next
/// version to wait for, or `None` when the stream is done (game over, the
/// watcher left, or an error was sent).
async fn catch_up(
    live: &LiveGame,
    enc: &mut Encoder,
    from: u64,
    tx: &mpsc::Sender<Result<proto::GameUpdate, Status>>,
) -> Option<u64> {
    let (current, log) = {
        let cell = live.cell.lock().await;
        (
            Version::new(cell.instance.clone_box(), cell.clocks.clone()),
            cell.log.clone(),
        )
    };
    let started_at = current.clocks.started_at();
    let mut pending = Vec::new();
    if from == 0 {
        match initial(&live.meta, started_at) {
            Ok((inst, clocks)) => pending.push(enc.update(live, &Version::new(inst, clocks))),
            Err(e) => {
                let _ = tx.send(Err(e.into())).await;
                return None;
            }
        }
    }
    let end = current.version();
    if from < end {
        let result = replay(&live.meta, started_at, &log, |v| {
            let version = v.version();
            if version >= from && version < end {
                pending.push(enc.update(live, v));
            }
            version + 1 < end
        });
        if let Err(e) = result {
            let _ = tx.send(Err(e.into())).await;
            return None;
        }
    }
    if end >= from && !(from == 0 && end == 0) {
        pending.push(enc.update(live, &current));
    }
    for u in pending {
        let failed = u.is_err();
        if tx.send(u).await.is_err() || failed {
            return None;
        }
    }
    if current.is_over() {
        None
    } else {
        Some(end + 1)
    }
}
