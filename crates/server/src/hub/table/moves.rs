//! The move path: a client's action is applied to a clone of the game,
//! appended to the store guarded by the version, and only then made the
//! game's state and broadcast. A refused or failed request changes nothing.
//! The request returns as soon as its own move is durable; bots whose turn
//! follows are played by the game's actor on its own (see `task`), and
//! their moves reach clients through WatchGame.

use super::Table;
use crate::auth::Who;
use crate::bots;
use crate::error::ServiceError;
use crate::hub::cache::{Cell, Frame, Version};
use crate::hub::ending;
use crate::hub::task::next_work;
use crate::hub::view;
use crate::proto;
use satrap_catalog::{ActionInput, GameInstance};
use satrap_engine::Seat;
use satrap_store::{Commit, EntryKind, GameStatus, LoggedAction, StoreError, now_ms};

/// Whether a commit reached the store.
pub(in crate::hub) enum Committed {
    Yes,
    /// Another writer appended first; nothing changed here (the cache has
    /// caught up with the store since).
    Conflict,
}

/// Retries of a move that keeps losing races to other replicas.
pub(super) const MAX_RACES: usize = 8;

/// What an ApplyAction response carries besides the events and progress
/// (ApplyActionRequest's `no_text` and `lean`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reply {
    /// The snapshot with its text picture (the default).
    #[default]
    Snapshot,
    /// The snapshot without the text picture.
    NoText,
    /// No snapshot.
    Lean,
}

impl Reply {
    /// The reply a request asks for (`lean` wins over `no_text`).
    pub fn of(request: &proto::ApplyActionRequest) -> Self {
        if request.lean {
            Reply::Lean
        } else if request.no_text {
            Reply::NoText
        } else {
            Reply::Snapshot
        }
    }
}

impl Table<'_> {
    /// Apply the caller's action and persist it. Returns once the move is
    /// durable, shaped as `reply` asks.
    pub async fn apply(
        &mut self,
        who: &Who,
        expected_version: Option<u64>,
        input: ActionInput<'_>,
        reply: Reply,
    ) -> Result<proto::ApplyActionResponse, ServiceError> {
        self.fresh().await?;
        let live = self.live;
        // Timeouts of this seat recorded after what the client saw (its
        // expected version, or else the game when the request arrived) make
        // the move late.
        let mut seen = expected_version.map(|v| v as usize);
        // Only a lost race with another replica loops: each pass starts from
        // the store's newest version (a lost race catches up in `commit`).
        for _ in 0..MAX_RACES {
            // Identified here, in the game's actor and after the seats are
            // fresh: a token rotated a moment ago cannot move.
            let seat = self.seat_of(who, "spectators cannot act: send a seat token")?;
            let seen = *seen.get_or_insert(self.cell.log.len());
            if self.cell.clocks.started_at().is_none() {
                return Err(not_started());
            }
            // A move that comes after its seat's deadline is too late: the
            // timeout is recorded instead (here, or by another replica).
            let now = now_ms();
            if self.enforce_due(now).await?.contains(&seat)
                || timed_out_since(self.cell, seen, seat)
            {
                return Err(ServiceError::RuleViolation(format!(
                    "seat {seat} ran out of time: the timeout was recorded (the game is at version {})",
                    self.cell.instance.version()
                )));
            }
            let version = self.cell.instance.version();
            if let Some(expected) = expected_version {
                if expected != version {
                    return Err(ServiceError::version_mismatch(
                        &live.meta.id,
                        expected,
                        version,
                    ));
                }
            }
            if !self.cell.seats[seat].bot.is_empty() {
                return Err(ServiceError::PermissionDenied(
                    "this seat is played by a built-in bot",
                ));
            }
            let mut next = self.cell.instance.clone_box();
            let notation = next.apply(seat, input)?;
            let events = next.last_events(Some(seat));
            let action = LoggedAction {
                seat: seat as u32,
                notation,
                at_ms: now,
                kind: EntryKind::Move,
            };
            if let Committed::Conflict = self.commit(next, action, None).await? {
                continue;
            }
            let snapshot = match reply {
                Reply::Snapshot => {
                    Some(view::current_with(&live.meta, self.cell, Some(seat), true))
                }
                Reply::NoText => Some(view::current_with(&live.meta, self.cell, Some(seat), false)),
                Reply::Lean => None,
            };
            let progress = view::progress(self.cell.instance.as_ref());
            return Ok(proto::ApplyActionResponse {
                snapshot,
                events,
                progress: Some(progress),
            });
        }
        Err(too_fast(&live.meta.id))
    }

    /// Persist one action, then make it the game's current state and tell
    /// the watchers. Nothing changes if the store refuses; a lost race
    /// (another replica appended first) catches up with the store and
    /// reports `Conflict`.
    /// `aborted_by`: the admin key of an abort (its end is recorded as
    /// one, never rated).
    pub async fn commit(
        &mut self,
        next: Box<dyn GameInstance>,
        mut action: LoggedAction,
        aborted_by: Option<&str>,
    ) -> Result<Committed, ServiceError> {
        let (hub, live) = (self.hub, self.live);
        let cell = &mut *self.cell;
        let version = cell.instance.version();
        // Entry times never go back (clocks of different machines differ a
        // little): the clocks are computed from them.
        action.at_ms = action.at_ms.max(cell.clocks.at());
        let status = if next.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::InProgress
        };
        let mut clocks = cell.clocks.clone();
        clocks.advance(
            &next.to_act(),
            action.seat as Seat,
            action.at_ms,
            action.kind,
        );
        // When the game needs the server next, recorded with the move on a
        // shared store: a replica that dies after this commit leaves its
        // work findable. (A store one process writes keeps no due times.)
        let due = match hub.store.shared() {
            true => next_work(&live.meta, &cell.seats, next.as_ref(), &clocks).map(|(at, _)| at),
            false => None,
        };
        let end = match status {
            GameStatus::Finished => {
                ending::game_end(&live.meta, &cell.seats, next.as_ref(), aborted_by)
            }
            _ => None,
        };
        match hub
            .store
            .append(
                &live.meta.id,
                version,
                std::slice::from_ref(&action),
                &Commit {
                    status,
                    due_at_ms: due,
                    end: end.as_ref(),
                    seat_bot: bots::KEEPER,
                },
            )
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict { .. }) => {
                self.sync(true).await?;
                return Ok(Committed::Conflict);
            }
            Err(e) => return Err(e.into()),
        }
        if action.kind == EntryKind::TimeoutBotTakesSeat {
            // The store gave the seat to the bot in the same commit.
            let mut seats = cell.seats.as_ref().clone();
            if let Some(s) = seats.get_mut(action.seat as usize) {
                s.bot = bots::KEEPER.to_owned();
                s.resigned = true;
            }
            cell.seats = std::sync::Arc::new(seats);
            cell.seat_revision += 1;
        }
        cell.log.push(&action, next.as_ref());
        // A frozen copy for the watchers only when there are any: watchers
        // subscribe through the actor (`Command::Watch`), so one that
        // subscribes after this check catches up with this version.
        if live.updates.receiver_count() > 0 {
            let frame: Frame = Version::frame(next.clone_box(), clocks.clone(), cell.seats.clone());
            let _ = live.updates.send(frame);
        }
        cell.instance = next;
        cell.clocks = clocks;
        Ok(Committed::Yes)
    }
}

/// Whether a timeout of `seat` was recorded after the first `seen` entries.
fn timed_out_since(cell: &Cell, seen: usize, seat: Seat) -> bool {
    cell.log
        .iter()
        .skip(seen)
        .any(|a| a.kind != EntryKind::Move && a.seat as Seat == seat)
}

/// The error for a call that lost `MAX_RACES` races with other replicas.
pub(super) fn too_fast(id: &str) -> ServiceError {
    ServiceError::Unavailable(format!(
        "game {} is changing too fast; try again",
        crate::echo::Echo(id)
    ))
}

/// The error for acting in a game whose seats are still open.
fn not_started() -> ServiceError {
    ServiceError::RuleViolation(
        "the game has not started: seats are still open (see JoinGame)".into(),
    )
}
