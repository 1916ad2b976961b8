//! A table: one live game, locked, and the only way to change it. The hub
//! finds a game (its directory: the cache, creation, listings); everything
//! done to one game is done here, with the game's lock held from start to
//! end:
//!
//! 1. lock the game ([`Hub::table`]);
//! 2. catch up with a shared store (`sync`: moves and seat changes other
//!    replicas committed);
//! 3. identify the caller from the seats as they are now
//!    ([`Table::identify`]) — so a token rotated or a seat left a moment
//!    ago cannot act;
//! 4. act and commit: a move (`moves`), a resignation (below), a join or
//!    leave (`lobby`), an abort or a new token (`admin`), a timeout
//!    (`timeouts`); a change reaches the store before the cache, and the
//!    watchers only after both;
//! 5. kick the game's task (`task`) if the change made work due.
//!
//! One lock and, on PostgreSQL, one head query per call: identifying the
//! caller needs no second look.

mod admin;
mod lobby;
mod moves;
mod sync;
mod timeouts;

use std::sync::Arc;

use tokio::sync::MutexGuard;

use super::cache::{Cell, LiveGame};
use super::view;
use super::{BotQuota, Hub};
use crate::access;
use crate::auth::{Caller, Who};
use crate::error::ServiceError;
use crate::proto;

pub(super) use lobby::{may_join_private, open_seat};
pub(super) use moves::Committed;
pub use moves::Reply;
pub(super) use timeouts::client_deadline;

/// One live game with its lock held: the game's only writer.
pub(super) struct Table<'a> {
    pub hub: &'a Hub,
    pub live: &'a Arc<LiveGame>,
    pub cell: MutexGuard<'a, Cell>,
}

impl Hub {
    /// `live` locked and caught up with the store: the start of every call
    /// that reads or changes one game.
    pub(super) async fn table<'a>(
        &'a self,
        live: &'a Arc<LiveGame>,
    ) -> Result<Table<'a>, ServiceError> {
        let mut table = self.lock_table(live).await;
        table.fresh().await?;
        Ok(table)
    }

    /// `live` locked as cached, without a look at the store (the game's
    /// task and the store's notices decide when to catch up).
    pub(super) async fn lock_table<'a>(&'a self, live: &'a Arc<LiveGame>) -> Table<'a> {
        Table {
            hub: self,
            live,
            cell: live.cell.lock().await,
        }
    }
}

impl Table<'_> {
    /// Who `who` is, read from the seats as they are now (this table's
    /// lock is held and the seats are fresh).
    pub fn identify(&self, who: &Who) -> Result<Caller, ServiceError> {
        match who {
            Who::Known(caller) => Ok(*caller),
            Who::Presented { token, admin } => identify(self.live, token.as_deref(), *admin),
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
        view::current(self.live, &self.cell, seat)
    }

    /// Start or wake the game's task if the game has work now.
    pub fn kick(&self) {
        self.hub.kick(self.live, &self.cell);
    }

    /// [`Table::kick`], and on a shared store wake the task even without
    /// work, to settle the due time the store holds.
    pub fn kick_to_settle(&self) {
        self.hub.kick_to_settle(self.live, &self.cell);
    }

    /// The caller's seat resigns: the built-in random bot plays it from now
    /// on (see `Resign` in service.proto); the game's task moves for it if
    /// it is to act. The response is the game right after the resignation.
    pub async fn resign(&mut self, who: &Who) -> Result<proto::ResignResponse, ServiceError> {
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
        let seats = self.live.seats();
        if !seats[seat].bot.is_empty() {
            return Err(ServiceError::RuleViolation(format!(
                "seat {seat} is already played by the {} bot",
                seats[seat].bot
            )));
        }
        // The bot that takes the seat over counts against the creator's
        // cap: at the cap the resignation is refused and changes nothing.
        let _quota = match self.hub.bot_quota_for(self.live).await? {
            BotQuota::Allowed(guard) => guard,
            BotQuota::Refused(max) => {
                return Err(ServiceError::ResourceExhausted(format!(
                    "cannot resign now: a built-in bot would take the seat over, and this game's creator has reached its limit of {max} games in progress with bots (--max-live-bot-games); play on, or let the clock decide"
                )));
            }
        };
        let id = &self.live.meta.id;
        self.hub.store.resign(id, seat, RESIGNED_SEAT_BOT).await?;
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

/// The caller that `token` (and an admin key) makes of a request on
/// `live`, from its seats as they are now (see `access::identify`).
pub(super) fn identify(
    live: &LiveGame,
    token: Option<&str>,
    admin: bool,
) -> Result<Caller, ServiceError> {
    let game = access::Visibility {
        id: &live.meta.id,
        private: live.meta.private,
        spectator_hash: live.meta.spectator_hash.as_ref(),
    };
    access::identify(token, &live.seats(), game, admin)
}

/// The bot that plays a resigned seat.
const RESIGNED_SEAT_BOT: &str = "random";
