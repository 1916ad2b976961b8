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
use super::actor::{Command, Watching};
use super::cache::{LiveGame, Meta, Version, corrupt, initial};
use super::log::{Entry, Log, Place};
use super::pool::{JobLost, Pool};
use super::table::Table;
use super::takeback::apply_after;
use super::view::{self, shared_snapshot, shared_update};
use crate::auth::{Caller, Who};
use crate::codec::EncodedUpdate;
use crate::delta;
use crate::error::ServiceError;
use crate::proto;
use satrap_engine::Seat;

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
    /// This encoder, leaving in its place one for the same viewer and mode
    /// that holds nothing (the catch-up moves the real one into its jobs).
    fn take(&mut self) -> Encoder {
        std::mem::replace(
            self,
            Encoder {
                viewer: self.viewer,
                mode: self.mode,
                held: None,
            },
        )
    }

    /// `v`'s update for this stream, encoded: a full update is encoded once
    /// per viewer for a broadcast frame (and shared); a delta is this
    /// stream's own.
    fn update(&mut self, meta: &Meta, v: &Version) -> Sent {
        if !self.mode.delta {
            return Ok(shared_update(meta, v, self.viewer));
        }
        let snapshot = shared_snapshot(meta, v, self.viewer, self.mode.text);
        let events = view::events(v, self.viewer);
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
        Ok(EncodedUpdate::new(&proto::GameUpdate {
            version: v.version(),
            events,
            snapshot: whole,
            delta,
            cause: v.cause as i32,
            chat: view::chat(v, self.viewer),
        }))
    }
}

/// What a watch stream sends: an encoded update, or the status that ends
/// the stream.
pub type Sent = Result<EncodedUpdate, Status>;

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
    /// Stream versions `from..` of the game as the caller sees them,
    /// encoded. The caller is identified, `from` checked and the broadcast
    /// subscribed in one command of the game's actor.
    pub async fn watch(
        &self,
        id: &str,
        who: impl Into<Who>,
        from: u64,
        mode: WatchMode,
    ) -> Result<mpsc::Receiver<Sent>, ServiceError> {
        let who = who.into();
        let live = self.live(id).await?;
        if live.watchers.fetch_add(1, Ordering::AcqRel) >= self.limits.max_watchers_per_game {
            live.watchers.fetch_sub(1, Ordering::AcqRel);
            return Err(ServiceError::ResourceExhausted(format!(
                "this game already has {} watchers",
                self.limits.max_watchers_per_game
            )));
        }
        let slot = WatcherSlot(live.clone());
        let (caller, watching) = self
            .ask(&live, |answer| Command::Watch { who, from, answer })
            .await?;
        let (tx, rx) = mpsc::channel(STREAM_BUFFER);
        let shutdown = self.shutdown.clone();
        let gone = live.gone.subscribe();
        let encoder = Encoder {
            viewer: caller.seat(),
            mode,
            held: None,
        };
        let replays = self.replays.clone();
        tokio::spawn(watch_loop(
            slot, encoder, from, watching, tx, shutdown, gone, replays,
        ));
        Ok(rx)
    }
}

impl Table<'_> {
    /// A watch stream's start (see [`Hub::watch`]): who the caller is, and
    /// the game now with the broadcast subscribed from here on.
    pub async fn watching(
        &mut self,
        who: &Who,
        from: u64,
    ) -> Result<(Caller, Watching), ServiceError> {
        self.fresh().await?;
        let caller = self.identify(who)?;
        let current = self.cell.instance.version();
        if from > current.saturating_add(1) {
            return Err(ServiceError::InvalidArgument(format!(
                "from_version {from} is beyond the next version {} (the game is at version {current}; resume from the last version seen + 1)",
                current + 1
            )));
        }
        let updates = self.live.updates.subscribe();
        Ok((
            caller,
            Watching {
                current: Version {
                    offer: self.offer_now(false),
                    ..Version::new(
                        self.cell.instance.clone_box(),
                        self.cell.clocks.clone(),
                        self.cell.seats.clone(),
                    )
                },
                log: self.cell.log.clone(),
                updates,
            },
        ))
    }
}

#[allow(clippy::too_many_arguments)]
async fn watch_loop(
    slot: WatcherSlot,
    mut enc: Encoder,
    from: u64,
    watching: Watching,
    tx: mpsc::Sender<Sent>,
    mut shutdown: signal::Receiver<bool>,
    mut gone: signal::Receiver<bool>,
    replays: Arc<Pool>,
) {
    let live = &slot.0;
    let viewer = enc.viewer;
    let Watching {
        current,
        log,
        mut updates,
    } = watching;
    // The token the stream was opened with: once it is rotated or
    // reissued, the stream sends nothing more for that seat.
    let token = seat_token(&current.seats, viewer);
    // `next` is the next version the watcher has not seen.
    let mut next = match catch_up(live, &mut enc, from, (current, log), &tx, &replays).await {
        Some(n) => n,
        None => return,
    };
    loop {
        tokio::select! {
            received = updates.recv() => match received {
                Ok(frame) => {
                    let v = frame.version();
                    // The current version again (seats changed, the game
                    // started): sent if the watcher is there already.
                    let again = frame.cause != proto::UpdateCause::Unspecified;
                    if again && v + 1 == next {
                        if token != seat_token(&frame.seats, viewer) {
                            let _ = tx.send(Err(ServiceError::BadToken.into())).await;
                            return;
                        }
                        // Chat goes only to those who read it.
                        if frame.cause == proto::UpdateCause::Chat
                            && view::chat(&frame, viewer).is_empty()
                        {
                            continue;
                        }
                        if tx.send(enc.update(&live.meta, &frame)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    if v < next {
                        continue;
                    }
                    if v > next {
                        // Missed versions (cannot normally happen): replay them.
                        match resume(live, &mut enc, next, &tx, &replays).await { Some(n) => next = n, None => return }
                        continue;
                    }
                    if token != seat_token(&frame.seats, viewer) {
                        let _ = tx.send(Err(ServiceError::BadToken.into())).await;
                        return;
                    }
                    if tx.send(enc.update(&live.meta, &frame)).await.is_err() || frame.is_over() {
                        return;
                    }
                    next = v + 1;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    match resume(live, &mut enc, next, &tx, &replays).await { Some(n) => next = n, None => return }
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

/// [`catch_up`] from the game as its actor has it now (a stream that fell
/// behind the broadcast).
async fn resume(
    live: &Arc<LiveGame>,
    enc: &mut Encoder,
    from: u64,
    tx: &mpsc::Sender<Sent>,
    replays: &Pool,
) -> Option<u64> {
    match live.ask(|answer| Command::Current { answer }).await {
        Ok(now) => catch_up(live, enc, from, now, tx, replays).await,
        Err(e) => {
            let _ = tx.send(Err(e.into())).await;
            None
        }
    }
}

/// The token hash of the viewer's seat in `seats` (`None` for
/// spectators).
fn seat_token(seats: &[satrap_store::SeatRecord], viewer: Option<Seat>) -> Option<[u8; 32]> {
    viewer.and_then(|s| seats.get(s).and_then(|r| r.token_hash))
}

/// Completes with `true` once the game is deleted.
async fn deleted(gone: &mut signal::Receiver<bool>) -> bool {
    gone.wait_for(|g| *g).await.is_ok()
}

/// Most versions one replay job sends (and at most what the stream's
/// buffer has room for), and most log entries it applies: a job is a few
/// milliseconds of work, so one long catch-up never holds a replay thread
/// for long, and a stream that is not read stops being replayed.
const JOB_VERSIONS: usize = STREAM_BUFFER;
const JOB_ENTRIES: usize = 512;

/// Send versions `from..=current`, older ones rebuilt by replay. Returns
/// the next version to wait for, or `None` when the stream is done (game
/// over, the watcher left, or an error was sent).
///
/// The replay is lazy: a [`Cursor`] (one game being replayed and its place
/// in a copy of the log) produces only as many updates as the stream has
/// room for, in short jobs on the hub's low-priority replay pool. So a
/// stream's memory is its buffer plus a cursor however long the game, an
/// unread stream stops costing work once its buffer is full, and replays
/// never run on the threads that answer requests and health checks.
async fn catch_up(
    live: &Arc<LiveGame>,
    enc: &mut Encoder,
    from: u64,
    (current, log): (Version, Log),
    tx: &mpsc::Sender<Sent>,
    replays: &Pool,
) -> Option<u64> {
    let end = current.version();
    let over = current.is_over();
    if from >= end {
        // Nothing to replay (the usual case: a watcher from the current
        // version, or resuming at the next one): answer here.
        if from == end && tx.send(enc.update(&live.meta, &current)).await.is_err() {
            return None;
        }
        return (!over).then_some(end + 1);
    }
    let mut cursor = Cursor {
        live: live.clone(),
        at: None,
        place: Place::default(),
        log,
        next: from,
        current,
        finished: false,
    };
    let mut job_enc = enc.take();
    while !cursor.finished {
        // Wait for room in the stream before doing any work for it.
        let Ok(permit) = tx.reserve().await else {
            return None;
        };
        let room = (tx.capacity() + 1).min(JOB_VERSIONS);
        let job = replays.run(move || {
            let batch = cursor.next_batch(&mut job_enc, room);
            (cursor, job_enc, batch)
        });
        let batch;
        (cursor, job_enc, batch) = match job.await {
            Ok(done) => done,
            Err(lost) => {
                drop(permit);
                let status = match lost {
                    JobLost::Gone => Status::unavailable("server is shutting down"),
                    JobLost::Panicked => Status::internal("replaying the game failed"),
                };
                let _ = tx.send(Err(status)).await;
                return None;
            }
        };
        let mut batch = batch.into_iter();
        let Some(first) = batch.next() else {
            continue;
        };
        let failed = first.is_err();
        permit.send(first);
        if failed {
            return None;
        }
        for u in batch {
            let failed = u.is_err();
            // Room was reserved above, and only this task sends.
            if tx.try_send(u).is_err() || failed {
                return None;
            }
        }
    }
    *enc = job_enc;
    (!over).then_some(end + 1)
}

/// A catch-up in progress: the game replayed up to some version, the log
/// (a copy: action ids, a few bytes a move) and the live version the
/// catch-up ends with.
struct Cursor {
    live: Arc<LiveGame>,
    /// The replayed game; `None` before the first job (version 0 is built
    /// there, off the request threads too).
    at: Option<Version>,
    /// Where `at` is in the log (the entries applied to it).
    place: Place,
    log: Log,
    /// The next version to send.
    next: u64,
    /// The version the catch-up ends with, sent as it is live.
    current: Version,
    finished: bool,
}

impl Cursor {
    /// Up to `room` updates in order, applying at most [`JOB_ENTRIES`] log
    /// entries. An error is the batch's last update (and ends the stream).
    fn next_batch(&mut self, enc: &mut Encoder, room: usize) -> Vec<Sent> {
        let mut out = Vec::new();
        let end = self.current.version();
        let v = match &mut self.at {
            Some(v) => v,
            None => match initial(&self.live.meta, self.current.clocks.started_at()) {
                Ok((inst, clocks)) => {
                    let seats = self.current.seats.clone();
                    self.at.insert(Version::new(inst, clocks, seats))
                }
                Err(e) => {
                    self.finished = true;
                    return vec![Err(e.into())];
                }
            },
        };
        let mut steps = 0;
        while out.len() < room && steps < JOB_ENTRIES {
            if self.next >= end {
                out.push(enc.update(&self.live.meta, &self.current));
                self.finished = true;
                break;
            }
            if v.version() == self.next {
                out.push(enc.update(&self.live.meta, v));
                self.next += 1;
                continue;
            }
            let read = self.place.read();
            let (log, meta) = (&self.log, &self.live.meta);
            let started = self.current.clocks.started_at();
            let replayed = log
                .read(&mut self.place)
                .ok_or_else(|| format!("the log ends at {read} entries"))
                .and_then(|entry| {
                    let prior = || -> Box<dyn Iterator<Item = Entry<'_>> + '_> {
                        Box::new(log.iter().take(read))
                    };
                    apply_after(meta, started, prior, &entry, &mut v.inst, &mut v.clocks)
                });
            if let Err(e) = replayed {
                out.push(Err(corrupt(&self.live.meta.id)(e).into()));
                self.finished = true;
                break;
            }
            steps += 1;
        }
        out
    }
}
