//! ListGames (public facts of stored games, newest first, keyset-paged,
//! abandoned games left out unless asked for) and
//! retention (deleting what the retention flags no longer keep, from the
//! store and the cache). Neither needs a live game.

use super::Hub;
use super::settings::{Control, Settings};
use super::view::seat_infos;
use crate::access::Scope;
use crate::echo::Echo;
use crate::error::ServiceError;
use crate::proto;
use satrap_store::{Cursor, Expiry, GameStatus, ListQuery};

/// The call its page tokens are bound to (see `crate::paging`).
const TOKENS: &str = "games";

impl Hub {
    /// Stored games, newest first, filtered and paged.
    pub async fn list_games(
        &self,
        req: proto::ListGamesRequest,
    ) -> Result<proto::ListGamesResponse, ServiceError> {
        self.list_games_as(req, &Scope::Public).await
    }

    /// ListGames as a caller of `scope` sees it (the visibility rule: a
    /// private game is listed for administrators and its creator's key).
    pub async fn list_games_as(
        &self,
        req: proto::ListGamesRequest,
        scope: &Scope,
    ) -> Result<proto::ListGamesResponse, ServiceError> {
        if !req.game_type.is_empty() {
            super::find_kind(&req.game_type)?;
        }
        let status = match proto::GameStatus::try_from(req.status) {
            Ok(proto::GameStatus::Unspecified) => None,
            Ok(proto::GameStatus::InProgress) => Some(GameStatus::InProgress),
            Ok(proto::GameStatus::Finished) => Some(GameStatus::Finished),
            Ok(proto::GameStatus::Waiting) => Some(GameStatus::Waiting),
            Err(_) => {
                return Err(ServiceError::InvalidArgument(format!(
                    "unknown status {}",
                    req.status
                )));
            }
        };
        let page = crate::paging::page_size(req.page_size);
        let after = if req.page_token.is_empty() {
            None
        } else {
            Some(parse_page_token(&req.page_token)?)
        };
        // The rule for abandoned games: unfinished, no move since this time.
        let active_since_ms = self
            .limits
            .abandoned_after
            .map(|d| satrap_store::now_ms().saturating_sub(d.as_millis() as u64));
        let mut found = self
            .store
            .list(&ListQuery {
                game_type: (!req.game_type.is_empty()).then_some(req.game_type),
                status,
                after,
                open_seats: req.open_seats,
                active_since_ms: active_since_ms.filter(|_| !req.include_abandoned),
                limit: page + 1,
                private: scope.private_games(),
            })
            .await?;
        let more = found.len() > page;
        found.truncate(page);
        let next_page_token = match found.last() {
            Some(last) if more => {
                crate::paging::token(TOKENS, &format!("{}.{}", last.created_at_ms, last.id))
            }
            _ => String::new(),
        };
        Ok(proto::ListGamesResponse {
            games: found
                .into_iter()
                .map(|g| proto::GameSummary {
                    time_control: Settings::decode(&g.settings)
                        .ok()
                        .filter(|s| s.control != Control::None)
                        .map(|s| s.control.to_proto()),
                    seats: seat_infos(&g.seats),
                    game_id: g.id,
                    game_type: g.game_type,
                    status: match g.status {
                        GameStatus::InProgress => proto::GameStatus::InProgress,
                        GameStatus::Finished => proto::GameStatus::Finished,
                        GameStatus::Waiting => proto::GameStatus::Waiting,
                    } as i32,
                    version: g.version,
                    created_at_ms: g.created_at_ms,
                    updated_at_ms: g.updated_at_ms,
                    abandoned: g.status != GameStatus::Finished
                        && active_since_ms.is_some_and(|t| g.updated_at_ms < t),
                    private: g.private,
                    rated: g.rated,
                })
                .collect(),
            next_page_token,
        })
    }

    /// Delete what retention no longer keeps, from the store and the cache.
    pub async fn expire(&self, expiry: Expiry) -> Result<usize, ServiceError> {
        let gone = self.store.expire(expiry).await?;
        for id in &gone {
            self.forget(id);
        }
        if !gone.is_empty() {
            tracing::info!(games = gone.len(), "retention expired games");
        }
        Ok(gone.len())
    }
}

/// `ListGames` page tokens are `<created_at_ms>.<game id>` of the last game
/// of the previous page.
fn parse_page_token(token: &str) -> Result<Cursor, ServiceError> {
    let position = crate::paging::position(TOKENS, token)?;
    let bad = || ServiceError::InvalidArgument(format!("invalid page_token {}", Echo(token)));
    let (ms, id) = position.split_once('.').ok_or_else(bad)?;
    Ok(Cursor {
        created_at_ms: ms.parse().map_err(|_| bad())?,
        id: id.to_owned(),
    })
}
