//! Watch streams. A stream first catches up (versions `from..=current`,
//! older ones rebuilt by replay) and then follows the game's broadcast of
//! new versions; a watcher that lags behind the broadcast catches up by
//! replay again, so it never misses a version.
//!
//! A stream is the response body's own: the HTTP/2 stream's task polls it
//! (no task of its own), so one version wakes one task per watcher.
//!
//! The resume contract: `from_version` may be at most current + 1. A client
//! whose stream dropped after version `v` asks for `v + 1`, which waits for
//! the next move if there is none yet.

use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use futures_util::{Stream, stream};
use tokio::sync::{broadcast, watch as signal};
use tonic::Status;

use super::Hub;
use super::actor::{Command, Watching};
use super::cache::{Frame, LiveGame, Meta, Version, corrupt, initial};
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

/// A watch stream: the updates of [`Hub::watch`], in order. It is the
/// response body's own stream: the HTTP/2 stream's task polls it, so a new
/// version wakes one task per watcher (no task and channel of its own in
/// between), and a watcher that stops reading stops being polled.
pub type WatchStream = Pin<Box<dyn Stream<Item = Sent> + Send>>;

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
    ) -> Result<WatchStream, ServiceError> {
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
        let Watching {
            current,
            log,
            updates,
        } = watching;
        let viewer = caller.seat();
        let mut follow = Follow {
            // The token the stream was opened with: once it is rotated or
            // reissued, the stream sends nothing more for that seat.
            token: seat_token(&current.seats, viewer),
            enc: Encoder {
                viewer,
                mode,
                held: None,
            },
            slot,
            next: 0,
            updates,
            stop: Box::pin(stopped(self.shutdown.clone(), live.gone.subscribe())),
            replays: self.replays.clone(),
            pending: VecDeque::new(),
            catching: None,
            ended: false,
        };
        follow.catch_up(from, current, log);
        Ok(Box::pin(stream::unfold(follow, |mut f| async move {
            let sent = f.next().await?;
            Some((sent, f))
        })))
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

/// One watch stream's state: where its watcher is, what is ready to send,
/// and what it follows (the game's broadcast, the server's shutdown, the
/// game's deletion).
struct Follow {
    slot: WatcherSlot,
    enc: Encoder,
    token: Option<[u8; 32]>,
    /// The next version the watcher has not seen.
    next: u64,
    updates: broadcast::Receiver<Frame>,
    /// Completes when the server shuts down or the game is deleted: made
    /// once per stream and kept, so a new version does not register and
    /// unregister every stream with the server's shutdown signal (one
    /// list of waiters for every stream of the server) again.
    stop: Pin<Box<dyn Future<Output = Stop> + Send>>,
    replays: Arc<Pool>,
    /// Updates made and not yet sent (at most one replay job's batch).
    pending: VecDeque<Sent>,
    /// A catch-up by replay in progress.
    catching: Option<Catching>,
    /// Nothing follows `pending`: the game is over, or an error ends the
    /// stream.
    ended: bool,
}

/// A catch-up by replay: the cursor (which ends with its `current`
/// version) and the stream's encoder, moved into each replay job and back.
struct Catching {
    cursor: Cursor,
    enc: Encoder,
}

/// What woke a stream that had nothing to send.
enum Woken {
    Frame(Result<Frame, broadcast::error::RecvError>),
    Stop(Stop),
}

/// Why a stream stops before the game is over.
enum Stop {
    Shutdown,
    Deleted,
}

/// Completes when the server shuts down or the game is deleted.
async fn stopped(mut shutdown: signal::Receiver<bool>, mut gone: signal::Receiver<bool>) -> Stop {
    tokio::select! {
        _ = shutdown.changed() => Stop::Shutdown,
        true = deleted(&mut gone) => Stop::Deleted,
    }
}

impl Follow {
    /// The stream's next update; `None` when it is done (the game is over,
    /// an error was sent, the broadcast closed).
    async fn next(&mut self) -> Option<Sent> {
        loop {
            if let Some(sent) = self.pending.pop_front() {
                if sent.is_err() {
                    // An error is the stream's last message.
                    self.end();
                }
                return Some(sent);
            }
            if self.ended {
                return None;
            }
            if let Some(catching) = self.catching.take() {
                self.replay(catching).await;
                continue;
            }
            let woken = tokio::select! {
                received = self.updates.recv() => Woken::Frame(received),
                stop = &mut self.stop => Woken::Stop(stop),
            };
            match woken {
                Woken::Frame(Ok(frame)) => self.frame(&frame).await,
                Woken::Frame(Err(broadcast::error::RecvError::Lagged(_))) => self.resume().await,
                Woken::Frame(Err(broadcast::error::RecvError::Closed)) => self.ended = true,
                Woken::Stop(Stop::Shutdown) => {
                    self.fail(Status::unavailable("server is shutting down"));
                }
                // The game was deleted: end with the NOT_FOUND any later call gets.
                Woken::Stop(Stop::Deleted) => {
                    let status = ServiceError::game_not_found(&self.slot.0.meta.id).into();
                    self.fail(status);
                }
            }
        }
    }

    /// A broadcast frame: queued for the watcher if it is the next
    /// version, or the current one again (seats changed, the game
    /// started, chat) and the watcher is there already.
    async fn frame(&mut self, frame: &Frame) {
        let v = frame.version();
        let again = frame.cause != proto::UpdateCause::Unspecified;
        if again && v + 1 == self.next {
            if self.token != seat_token(&frame.seats, self.enc.viewer) {
                return self.fail(ServiceError::BadToken.into());
            }
            // Chat goes only to those who read it.
            if frame.cause == proto::UpdateCause::Chat
                && view::chat(frame, self.enc.viewer).is_empty()
            {
                return;
            }
            let sent = self.enc.update(&self.slot.0.meta, frame);
            return self.pending.push_back(sent);
        }
        if v < self.next {
            return;
        }
        if v > self.next {
            // Missed versions (cannot normally happen): replay them.
            return self.resume().await;
        }
        if self.token != seat_token(&frame.seats, self.enc.viewer) {
            return self.fail(ServiceError::BadToken.into());
        }
        let sent = self.enc.update(&self.slot.0.meta, frame);
        self.pending.push_back(sent);
        if frame.is_over() {
            self.ended = true;
        }
        self.next = v + 1;
    }

    /// [`Follow::catch_up`] from the game as its actor has it now (a
    /// stream that fell behind the broadcast).
    async fn resume(&mut self) {
        match self.slot.0.ask(|answer| Command::Current { answer }).await {
            Ok((current, log)) => self.catch_up(self.next, current, log),
            Err(e) => self.fail(e.into()),
        }
    }

    /// Make versions `from..=current` the stream's next updates: the
    /// current one at once if that is all, older ones by replay (see
    /// [`Follow::replay`]).
    fn catch_up(&mut self, from: u64, current: Version, log: Log) {
        let end = current.version();
        let over = current.is_over();
        if from >= end {
            // Nothing to replay (the usual case: a watcher from the
            // current version, or resuming at the next one).
            if from == end {
                let sent = self.enc.update(&self.slot.0.meta, &current);
                self.pending.push_back(sent);
            }
            return self.caught_up(end, over);
        }
        let cursor = Cursor {
            live: self.slot.0.clone(),
            at: None,
            place: Place::default(),
            log,
            next: from,
            current,
            finished: false,
        };
        self.catching = Some(Catching {
            cursor,
            enc: self.enc.take(),
        });
    }

    /// The watcher has (or is about to have) version `end`.
    fn caught_up(&mut self, end: u64, over: bool) {
        if over {
            self.ended = true;
        } else {
            self.next = end + 1;
        }
    }

    /// One replay job of a catch-up: its updates become the stream's next
    /// ones.
    ///
    /// The replay is lazy: the [`Cursor`] (one game being replayed and its
    /// place in a copy of the log) produces at most [`JOB_VERSIONS`]
    /// updates a job, in short jobs on the hub's low-priority replay pool,
    /// and the next job runs only once the stream has sent them. So a
    /// stream's memory is one batch plus a cursor however long the game,
    /// an unread stream (not polled) stops costing work, and replays never
    /// run on the threads that answer requests and health checks.
    async fn replay(&mut self, mut catching: Catching) {
        let job = self.replays.run(move || {
            let batch = catching.cursor.next_batch(&mut catching.enc, JOB_VERSIONS);
            (catching, batch)
        });
        match job.await {
            Ok((catching, batch)) => {
                let failed = batch.iter().any(Result::is_err);
                self.pending.extend(batch);
                if failed {
                    self.ended = true;
                } else if catching.cursor.finished {
                    let current = &catching.cursor.current;
                    let (end, over) = (current.version(), current.is_over());
                    self.enc = catching.enc;
                    self.caught_up(end, over);
                } else {
                    self.catching = Some(catching);
                }
            }
            Err(lost) => self.fail(match lost {
                JobLost::Gone => Status::unavailable("server is shutting down"),
                JobLost::Panicked => Status::internal("replaying the game failed"),
            }),
        }
    }

    /// End the stream with `status` after what is queued before it.
    fn fail(&mut self, status: Status) {
        self.pending.push_back(Err(status));
        self.ended = true;
    }

    /// Nothing more is sent.
    fn end(&mut self) {
        self.pending.clear();
        self.catching = None;
        self.ended = true;
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

/// Most versions one replay job makes, and most log entries it applies:
/// a job is a few milliseconds of work, so one long catch-up never holds a
/// replay thread for long.
const JOB_VERSIONS: usize = 32;
const JOB_ENTRIES: usize = 512;

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
