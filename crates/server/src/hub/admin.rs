//! Administration (AdminService) and token rotation: abort a game, delete
//! it, give a seat a new token.
//!
//! Invariants: an abort is a log entry committed through the same
//! version-guarded path as a move (so it is recorded once, replays, and
//! reaches watchers as the final update); a new token is stored before it
//! is returned, and bumps the seat revision, which every replica compares
//! before it identifies a caller, so the old token fails at once everywhere.

use std::sync::Arc;

use super::Hub;
use super::aborted::{Aborted, abort_entry};
use super::cache::{Cell, LiveGame};
use super::moves::{Committed, MAX_RACES};
use super::view;
use crate::auth::{self, Caller, Who};
use crate::echo::Echo;
use crate::error::ServiceError;
use crate::proto;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;

impl Hub {
    /// End game `id` now with no winner (see `aborted`). The snapshot is
    /// the aborted game as a spectator sees it.
    pub async fn abort(&self, id: &str) -> Result<proto::GameSnapshot, ServiceError> {
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        for _ in 0..MAX_RACES {
            self.fresh(&live, &mut cell).await?;
            if cell.instance.is_over() {
                return Err(ServiceError::RuleViolation(
                    "the game is already over: there is nothing to abort".into(),
                ));
            }
            let next: Box<dyn GameInstance> = Box::new(Aborted::new(cell.instance.clone_box()));
            if let Committed::Conflict = self.commit(&live, &mut cell, next, abort_entry()).await? {
                continue;
            }
            tracing::info!(game_id = %id, version = cell.instance.version(), "game aborted");
            return Ok(view::current(&live, &cell, None));
        }
        Err(ServiceError::Unavailable(format!(
            "game {} is changing too fast; try again",
            Echo(id)
        )))
    }

    /// Delete game `id` from the store and the cache; its watch streams end
    /// with NOT_FOUND (other replicas' through the store's notices).
    pub async fn delete(&self, id: &str) -> Result<(), ServiceError> {
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument("game_id is empty".into()));
        }
        let deleted = self.store.delete(id).await?;
        self.forget(id);
        if !deleted {
            return Err(ServiceError::game_not_found(id));
        }
        tracing::info!(game_id = %id, "game deleted");
        Ok(())
    }

    /// Give seat `seat` of game `id` a new token and return it; the old
    /// token stops working. Bot seats and open seats (no token) are refused.
    /// (An administrator's reissue: see [`Hub::rotate_token`] for a seat's
    /// own rotation.)
    pub async fn new_seat_token(
        &self,
        id: &str,
        seat: Seat,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        self.fresh(&live, &mut cell).await?;
        self.replace_token(&live, &mut cell, seat, false).await
    }

    /// The caller's seat gets a new token (RotateSeatToken). The caller is
    /// identified under the game's lock, so of N rotations with one token
    /// exactly one succeeds: the others find the token already replaced.
    pub async fn rotate_token(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let live = self.live(id).await?;
        let mut cell = live.cell.lock().await;
        self.fresh(&live, &mut cell).await?;
        let Caller::Seat(seat) = self.identify_locked(&live, &who.into())? else {
            return Err(ServiceError::PermissionDenied(
                "only a seat can rotate its token: send the current seat token",
            ));
        };
        self.replace_token(&live, &mut cell, seat, true).await
    }

    /// Store a new token for `seat`; `replacing`: only if the seat still has
    /// the token it had when the caller was identified (a rotation), so a
    /// rotation on another replica in between makes this one fail.
    async fn replace_token(
        &self,
        live: &Arc<LiveGame>,
        cell: &mut Cell,
        seat: Seat,
        replacing: bool,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let id = live.meta.id.as_str();
        let seats = live.seats();
        let Some(record) = seats.get(seat) else {
            return Err(ServiceError::InvalidArgument(format!(
                "seat {seat} does not exist: the game has {} seats",
                seats.len()
            )));
        };
        if record.open {
            return Err(ServiceError::RuleViolation(format!(
                "seat {seat} is open and has no token yet: a player takes it with JoinGame"
            )));
        }
        if record.token_hash.is_none() {
            return Err(ServiceError::RuleViolation(format!(
                "seat {seat} was created for the {} bot and has no token",
                record.bot
            )));
        }
        let replacing = if replacing { record.token_hash } else { None };
        let token = auth::new_token()?;
        self.store
            .set_token(id, seat, auth::hash_token(&token), replacing)
            .await?;
        self.reload_seats(live, cell).await?;
        tracing::info!(game_id = %id, seat, "seat token replaced");
        Ok(proto::SeatCredential {
            seat: seat as u32,
            name: record.name.clone(),
            token,
            ..Default::default()
        })
    }
}
