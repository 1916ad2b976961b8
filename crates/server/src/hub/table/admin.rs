//! Administration of one game (AdminService) and token rotation: abort the
//! game, give a seat a new token. (Deleting a game is the hub's: it leaves
//! the directory.)
//!
//! Invariants: an abort is a log entry committed through the same
//! version-guarded path as a move (so it is recorded once, replays, and
//! reaches watchers as the final update); a new token is stored before it
//! is returned, and bumps the seat revision, which every replica compares
//! before it identifies a caller, so the old token fails at once everywhere.

use super::Table;
use super::moves::{Committed, MAX_RACES, too_fast};
use crate::auth::{self, Who};
use crate::error::ServiceError;
use crate::hub::aborted::{Aborted, abort_entry};
use crate::proto;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;

impl Table<'_> {
    /// End the game now with no winner (see `aborted`). The snapshot is
    /// the aborted game as a spectator sees it.
    pub async fn abort(&mut self, by: &str) -> Result<proto::GameSnapshot, ServiceError> {
        self.fresh().await?;
        // A lost race has caught the table up with the store (`commit`).
        for _ in 0..MAX_RACES {
            if self.cell.instance.is_over() {
                return Err(ServiceError::RuleViolation(
                    "the game is already over: there is nothing to abort".into(),
                ));
            }
            let next: Box<dyn GameInstance> =
                Box::new(Aborted::new(self.cell.instance.clone_box()));
            if let Committed::Conflict = self.commit(next, abort_entry(), Some(by)).await? {
                continue;
            }
            tracing::info!(game_id = %self.live.meta.id, version = self.cell.instance.version(), "game aborted");
            return Ok(self.snapshot(None));
        }
        Err(too_fast(&self.live.meta.id))
    }

    /// The caller's seat gets a new token (RotateSeatToken). The caller is
    /// identified by the game's actor, one command at a time, so of N rotations with one token
    /// exactly one succeeds: the others find the token already replaced.
    pub async fn rotate_token(&mut self, who: &Who) -> Result<proto::SeatCredential, ServiceError> {
        self.fresh().await?;
        let seat = self.seat_of(
            who,
            "only a seat can rotate its token: send the current seat token",
        )?;
        self.replace_token(seat, true).await
    }

    /// An administrator's new token for `seat` (ReissueSeatToken).
    pub async fn reissue(&mut self, seat: Seat) -> Result<proto::SeatCredential, ServiceError> {
        self.fresh().await?;
        self.replace_token(seat, false).await
    }

    /// Store a new token for `seat`; `replacing`: only if the seat still has
    /// the token it had when the caller was identified (a rotation), so a
    /// rotation on another replica in between makes this one fail. Bot
    /// seats and open seats (no token) are refused.
    pub async fn replace_token(
        &mut self,
        seat: Seat,
        replacing: bool,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let id = self.live.meta.id.as_str();
        let seats = self.cell.seats.clone();
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
        self.hub
            .store
            .set_token(id, seat, auth::hash_token(&token), replacing)
            .await?;
        self.reload_seats().await?;
        tracing::info!(game_id = %id, seat, "seat token replaced");
        Ok(proto::SeatCredential {
            seat: seat as u32,
            name: record.name.clone(),
            token,
            ..Default::default()
        })
    }
}
