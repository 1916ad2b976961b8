//! A table: one live game as its actor holds it, and the only way to read
//! or change it. The hub finds a game (its directory: the cache, creation,
//! listings) and sends its actor a command (`actor`); the actor runs it
//! here, as the game's only writer, from start to end:
//!
//! 1. (the actor takes the command: nothing else touches the game until
//!    it is done);
//! 2. catch up with a shared store (`sync`: moves and seat changes other
//!    replicas committed);
//! 3. identify the caller from the seats as they are now
//!    ([`Table::identify`]) — so a token rotated or a seat left a moment
//!    ago cannot act;
//! 4. act and commit: a move (`moves`), a resignation (below), a join or
//!    leave (`lobby`), an abort or a new token (`admin`), a timeout
//!    (`timeouts`); a change reaches the store before the cache, and the
//!    watchers only after both;
//! 5. the actor looks at the game's work again (`task`) once the command
//!    is done: a change that made work due is done without being asked.
//!
//! One command and, on PostgreSQL, one head query per call: identifying the
//! caller needs no second look.

mod admin;
mod lobby;
mod moves;
mod sync;
mod talk;
mod timeouts;

use super::cache::{Cell, Game, Meta};
use super::view;
use super::{BotCap, BotQuota, Hub};
use crate::access;
use crate::auth::{Caller, Who};
use crate::error::ServiceError;
use crate::proto;

pub(super) use lobby::open_seat;
pub(super) use moves::Committed;
pub use moves::Reply;
pub(super) use timeouts::client_deadline;

/// One live game as its actor holds it: the game's only writer.
pub(super) struct Table<'a> {
    pub hub: &'a Hub,
    pub live: &'a Game,
    pub cell: &'a mut Cell,
}

impl Table<'_> {
    /// Who `who` is, read from the seats as they are now (the actor runs
    /// one command at a time, and the seats are fresh).
    pub fn identify(&self, who: &Who) -> Result<Caller, ServiceError> {
        match who {
            Who::Known(caller) => Ok(*caller),
            Who::Presented { token, admin } => {
                identify(&self.live.meta, &self.cell.seats, token.as_deref(), *admin)
            }
        }
    }

    /// The caller's seat, or `refusal` for a spectator.
    fn seat_of(&self, who: &Who, refusal: &'static str) -> Result<usize, ServiceError> {
        match self.identify(who)? {
            Caller::Seat(seat) => Ok(seat),
            Caller::Spectator => Err(ServiceError::PermissionDenied(refusal)),
        }
    }

    /// The game as `seat` (or a spectator) sees it now.
    pub fn snapshot(&self, seat: Option<usize>) -> proto::GameSnapshot {
        view::current(&self.live.meta, self.cell, seat)
    }

    /// On a shared store, have the actor settle the due time the store
    /// holds even if no work is due here (after a change that recorded
    /// "due now": a creation, a seat change).
    pub fn kick_to_settle(&mut self) {
        self.cell.settle = true;
    }

    /// The snapshot as the caller sees it and, when asked, its observation
    /// tensor and legal-action mask, both at the same version (GetGame).
    pub async fn get(
        &mut self,
        who: &Who,
        observe: bool,
    ) -> Result<(proto::GameSnapshot, Option<proto::Observation>), ServiceError> {
        self.fresh().await?;
        let seat = self.identify(who)?.seat();
        Ok((
            self.snapshot(seat),
            observe.then(|| self.cell.instance.observation(seat)),
        ))
    }

    /// The caller's legal actions and, when asked, its observation tensor
    /// and legal-action mask at the same version (ListLegalActions).
    pub async fn legal(
        &mut self,
        who: &Who,
        observe: bool,
    ) -> Result<proto::ListLegalActionsResponse, ServiceError> {
        self.fresh().await?;
        let seat = self.identify(who)?.seat();
        let cell = &self.cell;
        let actions = match seat {
            Some(seat) if cell.clocks.started_at().is_some() => cell.instance.legal_actions(seat),
            _ => Vec::new(),
        };
        Ok(proto::ListLegalActionsResponse {
            version: cell.instance.version(),
            actions,
            observation: observe.then(|| cell.instance.observation(seat)),
        })
    }

    /// The caller's seat resigns: the built-in random bot plays it from now
    /// on (see `Resign` in service.proto); the game's actor moves for it if
    /// it is to act. The response is the game right after the resignation.
    pub async fn resign(&mut self, who: &Who) -> Result<proto::ResignResponse, ServiceError> {
        self.fresh().await?;
        let seat = self.seat_of(who, "spectators cannot resign: send a seat token")?;
        if self.cell.instance.is_over() {
            return Err(ServiceError::RuleViolation(
                "the game is over: there is nothing to resign".into(),
            ));
        }
        if self.cell.clocks.started_at().is_none() {
            return Err(ServiceError::RuleViolation(
                "the game has not started: use LeaveGame to give the seat back".into(),
            ));
        }
        let seats = self.cell.seats.clone();
        if !seats[seat].bot.is_empty() {
            return Err(ServiceError::RuleViolation(format!(
                "seat {seat} is already played by the {} bot",
                seats[seat].bot
            )));
        }
        // The bot that takes the seat over counts against the creator's
        // cap: at the cap the resignation is refused and changes nothing.
        let _quota = match self
            .hub
            .bot_quota_for(&self.live.meta.owner, &seats)
            .await?
        {
            BotQuota::Allowed(guard) => guard,
            BotQuota::Refused(BotCap { max, flag }) => {
                return Err(ServiceError::ResourceExhausted(format!(
                    "cannot resign now: a built-in bot would take the seat over, and this game's creator has reached its limit of {max} games in progress with bots ({flag}); play on, or let the clock decide"
                )));
            }
        };
        let id = &self.live.meta.id;
        self.hub.store.resign(id, seat, crate::bots::KEEPER).await?;
        self.reload_seats().await?;
        self.announce(false);
        tracing::info!(game_id = %id, seat, "seat resigned");
        let snapshot = self.snapshot(Some(seat));
        self.kick_to_settle();
        Ok(proto::ResignResponse {
            snapshot: Some(snapshot),
            events: Vec::new(),
        })
    }
}

/// The caller that `token` (and an admin key) makes of a request on the
/// game `meta`, from its seats as they are now (see `access::identify`).
pub(super) fn identify(
    meta: &Meta,
    seats: &[satrap_store::SeatRecord],
    token: Option<&str>,
    admin: bool,
) -> Result<Caller, ServiceError> {
    let game = access::Visibility {
        id: &meta.id,
        private: meta.private,
        spectator_hash: meta.spectator_hash.as_ref(),
    };
    access::identify(token, seats, game, admin)
}
