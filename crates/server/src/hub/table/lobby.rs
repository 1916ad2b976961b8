//! The lobby: games created with open seats wait (no version is playable,
//! no clock runs) until JoinGame has filled every open seat, or until the
//! creation's `bot_fill` wait has passed and bots take the rest. LeaveGame
//! gives a seat back before the start.
//!
//! Every change goes through the store first (`GameStore::join`, `leave`,
//! `fill_open_seats`, each atomic, so two joins racing for the last seat
//! cannot both win, even on two replicas) and then into the cached seats,
//! with the seat revision other replicas compare. The start time is
//! stored, so the clocks of a game that started by a join are the same on
//! every replica and after a restart; the fill deadline is the creation
//! time plus the stored wait, so a restart or another replica fills on
//! time too.

use subtle::ConstantTimeEq;

use super::Table;
use crate::auth::{self, Who};
use crate::error::ServiceError;
use crate::hub::BotQuota;
use crate::hub::cache::{Meta, Version};
use crate::proto;
use satrap_store::{JoinSeat, SeatRecord, now_ms};

/// The stored record of an open seat at creation, and its invite code if
/// asked for.
pub(in crate::hub) fn open_seat(
    i: usize,
    request: &proto::SeatRequest,
    with_invite: bool,
    invites: &mut Vec<proto::Invite>,
) -> Result<SeatRecord, ServiceError> {
    if !request.name.is_empty() || !request.bot.is_empty() {
        return Err(ServiceError::InvalidArgument(format!(
            "seat {i}: an open seat has no name and no bot (the player who joins names it)"
        )));
    }
    let invite_hash = if with_invite {
        let code = auth::new_token()?;
        let hash = auth::hash_token(&code);
        invites.push(proto::Invite {
            seat: i as u32,
            code,
        });
        Some(hash)
    } else {
        None
    };
    Ok(SeatRecord {
        open: true,
        invite_hash,
        ..SeatRecord::default()
    })
}

impl Table<'_> {
    /// Take an open seat (JoinGame). A private game is joined only by a
    /// caller that may see it ([`may_join_private`]); anyone else gets the
    /// NOT_FOUND an unknown id gets.
    pub async fn join(
        &mut self,
        who: &Who,
        req: &proto::JoinGameRequest,
    ) -> Result<proto::JoinGameResponse, ServiceError> {
        self.fresh().await?;
        let live = self.live;
        if live.meta.private
            && !may_join_private(&live.meta, &self.cell.seats, who, &req.invite_code)
        {
            return Err(ServiceError::game_not_found(&live.meta.id));
        }
        let seat = match req.seat {
            Some(s) if s as usize >= live.meta.players => {
                return Err(ServiceError::InvalidArgument(format!(
                    "the game has seats 0 to {}, not {s}",
                    live.meta.players - 1
                )));
            }
            s => s.map(|s| s as usize),
        };
        let token = auth::new_token()?;
        // The name is only known once the seat is: "Player N" by default,
        // so the store takes the name chosen for the seat it picks.
        let taker = |seat: usize| JoinSeat {
            name: if req.name.trim().is_empty() {
                format!("Player {}", seat + 1)
            } else {
                req.name.clone()
            },
            token_hash: auth::hash_token(&token),
            invite_hash: (!req.invite_code.is_empty()).then(|| auth::hash_token(&req.invite_code)),
            player_id: req.player_id.clone(),
        };
        let chosen = match seat {
            Some(s) => s,
            // Without a seat: the first the request may take, as the
            // store will choose it (the store decides; this only names it).
            None => satrap_store::choose_open_seat(&self.cell.seats, None, taker(0).invite_hash)
                .unwrap_or(0),
        };
        let joined = self
            .hub
            .store
            .join(&live.meta.id, seat, &taker(chosen), now_ms())
            .await;
        let joined = match joined {
            Ok(j) => j,
            Err(e) => {
                // Another replica may have changed the seats: look again
                // before the next request.
                let _ = self.refresh_seats().await;
                return Err(e.into());
            }
        };
        self.refresh_seats().await?;
        tracing::info!(game_id = %live.meta.id, seat = joined.seat, started = joined.started_at_ms.is_some(), "seat joined");
        let name = self.cell.seats[joined.seat].name.clone();
        Ok(proto::JoinGameResponse {
            seat: Some(proto::SeatCredential {
                seat: joined.seat as u32,
                name,
                token,
                open: false,
            }),
            snapshot: Some(self.snapshot(Some(joined.seat))),
        })
    }

    /// Give the caller's seat back before the start (LeaveGame).
    pub async fn leave(&mut self, who: &Who) -> Result<proto::LeaveGameResponse, ServiceError> {
        self.fresh().await?;
        // In the actor: a stale token never empties a seat another
        // player has just joined.
        let seat = self.seat_of(who, "spectators have no seat to leave: send a seat token")?;
        // The store leaves the seat only if its token is still the one the
        // caller was identified by (another replica may have changed it).
        let Some(holder) = self.cell.seats.get(seat).and_then(|s| s.token_hash) else {
            return Err(ServiceError::BadToken);
        };
        let id = &self.live.meta.id;
        let left = self.hub.store.leave(id, seat, holder).await;
        self.refresh_seats().await?;
        left?;
        tracing::info!(game_id = %id, seat, "seat left");
        Ok(proto::LeaveGameResponse {
            snapshot: Some(self.snapshot(None)),
        })
    }

    /// Read the seats (and the start, once there is one) back from the
    /// store; start the clocks, bots and timers if the game has started.
    pub async fn refresh_seats(&mut self) -> Result<(), ServiceError> {
        self.reload_seats().await?;
        let started = self.note_start().await?;
        self.announce(started);
        // The store recorded the change as due now: the task settles it.
        self.kick_to_settle();
        Ok(())
    }

    /// Tell the game's watchers that its seats changed without a move, or
    /// that it `started`: the current version again, with its cause.
    pub fn announce(&self, started: bool) {
        if self.live.updates.receiver_count() == 0 {
            return;
        }
        let cause = if started {
            proto::UpdateCause::Started
        } else {
            proto::UpdateCause::Seats
        };
        let frame = Version::again(
            self.cell.instance.clone_box(),
            self.cell.clocks.clone(),
            self.cell.seats.clone(),
            cause,
        );
        let _ = self.live.updates.send(frame);
    }

    /// Read the seats and their revision back from the store after a seat
    /// changed there (a join, a resignation, a new token): another replica
    /// may have changed one too, and tokens are checked against the
    /// revision (`Hub::caller_as`).
    pub async fn reload_seats(&mut self) -> Result<(), ServiceError> {
        let (store, id) = (&self.hub.store, &self.live.meta.id);
        let head = store
            .head(id)
            .await?
            .ok_or_else(|| ServiceError::game_not_found(id))?;
        self.cell.seats = std::sync::Arc::new(store.seats(id).await?);
        self.cell.seat_revision = head.seat_revision;
        Ok(())
    }

    /// If a waiting game has started in the store, start it here; `true`
    /// if it started just now.
    pub async fn note_start(&mut self) -> Result<bool, ServiceError> {
        if self.cell.clocks.started_at().is_some() {
            return Ok(false);
        }
        let Some(at) = self.hub.store.started_at(&self.live.meta.id).await? else {
            return Ok(false);
        };
        let cell = &mut *self.cell;
        cell.clocks.start(at, &cell.instance.to_act());
        tracing::info!(game_id = %self.live.meta.id, "game started");
        Ok(true)
    }

    /// Fill a waiting game's open seats with its `bot_fill` bot (the
    /// game's actor calls this once the wait is over; at once after a
    /// restart if it is over already).
    pub async fn fill(&mut self) -> Result<(), ServiceError> {
        let live = self.live;
        let Some((_, bot)) = live.meta.settings.bot_fill else {
            return Ok(());
        };
        if self.cell.clocks.started_at().is_some() {
            return Ok(());
        }
        // The fill's bots count against the creator's cap: refused, the
        // seats stay open for players (and the wait is not tried again).
        let hub = self.hub;
        let seats = self.cell.seats.clone();
        let _quota = match hub.bot_quota_for(&live.meta.owner, &seats).await? {
            BotQuota::Allowed(guard) => guard,
            BotQuota::Refused(cap) => {
                tracing::info!(game_id = %live.meta.id, bot, max_live_bot_games = cap.max, flag = cap.flag, "open seats left open: the creator is at its live-bot-game cap");
                self.cell.fill_refused = true;
                return Ok(());
            }
        };
        let filled = hub
            .store
            .fill_open_seats(
                &live.meta.id,
                &crate::bots::filling(bot, seats.len()),
                now_ms(),
            )
            .await?;
        self.refresh_seats().await?;
        if filled {
            tracing::info!(game_id = %live.meta.id, bot, "open seats filled with bots");
        }
        Ok(())
    }
}

/// Whether a JoinGame on private game `meta` presents one of its secrets:
/// whatever lets a caller see it at all (a seat token, the spectator token,
/// an admin key: `identify`), or an open seat's invite code (compared in
/// constant time).
fn may_join_private(meta: &Meta, seats: &[SeatRecord], who: &Who, invite_code: &str) -> bool {
    let Who::Presented { token, admin } = who else {
        return true;
    };
    if super::identify(meta, seats, token.as_deref(), *admin).is_ok() {
        return true;
    }
    let code = auth::hash_token(invite_code);
    !invite_code.is_empty()
        && seats
            .iter()
            .filter(|s| s.open)
            .filter_map(|s| s.invite_hash.as_ref())
            .any(|h| bool::from(h.ct_eq(&code)))
}
