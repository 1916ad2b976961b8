//! Enforcing turn clocks. The game's actor (`task`) sleeps until the
//! earliest deadline of a client seat and then records the timeout here,
//! through the same version-guarded commit as a move: so whichever of
//! several replicas gets there first records it, once, and never after the
//! seat's move (that move would have made a new version, and the guard
//! refuses the stale timeout). A move that arrives after its seat's
//! deadline records the timeout instead (`Table::apply`), so the outcome
//! does not depend on how punctual the task is.
//!
//! Deadlines come from stored times (`clocks`): loading a game (at
//! start-up, or on a replica) starts its actor, which enforces whatever is
//! overdue at once.

use super::Table;
use super::moves::Committed;
use crate::error::ServiceError;
use crate::hub::BotQuota;
use crate::hub::cache::{Cell, Meta};
use crate::hub::clocks::ClockState;
use crate::hub::settings::Control;
use crate::proto::TimeoutPolicy;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;
use satrap_search::{self as bots, Bot};
use satrap_store::{EntryKind, LoggedAction, SeatRecord};

/// The client seat whose clock runs out first, and when.
fn next_due(cell: &Cell) -> Option<(Seat, u64)> {
    if cell.instance.is_over() || cell.clocks.started_at().is_none() {
        return None;
    }
    client_deadline(&cell.seats, &cell.clocks)
}

/// The earliest deadline among the seats clients play: bot seats answer
/// within their own decision cap, so no clock runs for them.
pub(in crate::hub) fn client_deadline(
    seats: &[SeatRecord],
    clocks: &ClockState,
) -> Option<(Seat, u64)> {
    clocks.next_deadline(|s| seats.get(s).is_some_and(|r| r.bot.is_empty() && !r.open))
}

/// The entry that records `seat`'s timeout under `policy`, applied to a
/// copy of the game.
fn timeout_entry(
    meta: &Meta,
    current: &dyn GameInstance,
    seat: Seat,
    policy: TimeoutPolicy,
    at_ms: u64,
) -> Result<(Box<dyn GameInstance>, LoggedAction), ServiceError> {
    let mut next = current.clone_box();
    let kind = match policy {
        TimeoutPolicy::Forfeit => {
            next.forfeit(seat);
            return Ok((
                next,
                LoggedAction {
                    seat: seat as u32,
                    notation: String::new(),
                    at_ms,
                    kind: EntryKind::TimeoutForfeit,
                },
            ));
        }
        TimeoutPolicy::BotTakesSeat => EntryKind::TimeoutBotTakesSeat,
        TimeoutPolicy::BotMoves | TimeoutPolicy::Unspecified => EntryKind::TimeoutBotMoves,
    };
    // The random bot answers at once; its generator is derived from the
    // seed like every bot move, so replay needs only the notation.
    let mut rng = bots::rng_for(meta.seed, current.version(), seat);
    let choice = bots::RandomBot
        .choose(current.position(), seat, &mut rng, bots::deadline())
        .ok_or_else(|| {
            ServiceError::Internal(format!("seat {seat} is to act but has no legal action"))
        })?;
    let notation = next
        .apply_legal(seat, choice)
        .map_err(|e| ServiceError::Internal(format!("timeout move for seat {seat}: {e}")))?;
    next.mark_timeout(seat, policy);
    Ok((
        next,
        LoggedAction {
            seat: seat as u32,
            notation,
            at_ms,
            kind,
        },
    ))
}

impl Table<'_> {
    /// Record every timeout due at `now` (the table is fresh). Returns the
    /// seats that timed out.
    pub async fn enforce_due(&mut self, now: u64) -> Result<Vec<Seat>, ServiceError> {
        let (hub, live) = (self.hub, self.live);
        let mut timed_out = Vec::new();
        if live.meta.settings.control == Control::None {
            return Ok(timed_out);
        }
        // Each pass records one timeout or catches up with another
        // replica; the bound only guards against a bug looping forever.
        for _ in 0..64 {
            let Some((seat, deadline)) = next_due(self.cell) else {
                break;
            };
            if deadline > now {
                break;
            }
            // A bot that would take the seat counts against the creator's
            // cap on live bot games: at the cap the seat forfeits instead.
            let mut policy = live.meta.settings.on_timeout;
            let quota = match policy {
                TimeoutPolicy::BotTakesSeat => match hub
                    .bot_quota_for(&live.meta.owner, &self.cell.seats.clone())
                    .await?
                {
                    BotQuota::Allowed(guard) => guard,
                    BotQuota::Refused(_) => {
                        policy = TimeoutPolicy::Forfeit;
                        None
                    }
                },
                _ => None,
            };
            let (next, entry) =
                timeout_entry(&live.meta, self.cell.instance.as_ref(), seat, policy, now)?;
            let committed = self.commit(next, entry, None).await?;
            drop(quota);
            match committed {
                Committed::Yes => {
                    tracing::info!(game_id = %live.meta.id, seat, deadline, "seat timed out");
                    timed_out.push(seat);
                }
                Committed::Conflict => {}
            }
        }
        Ok(timed_out)
    }
}
