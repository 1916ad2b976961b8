//! GetRatings and ListLeaderboard: players' standings as the store keeps
//! them.

use crate::echo::Echo;
use crate::error::ServiceError;
use crate::hub::find_kind;
use crate::paging;
use crate::proto;
use satrap_store::{GameStore, PlayerRating};

/// Most players one GetRatings may ask for.
pub const MAX_PLAYERS: usize = 100;

/// A standing as the API shows it (`place` 0: not on a leaderboard page).
pub fn to_proto(r: &PlayerRating, place: u32) -> proto::PlayerRating {
    proto::PlayerRating {
        player_id: r.player_id.clone(),
        game_type: r.game_type.clone(),
        rating: r.rating.rating,
        uncertainty: r.rating.uncertainty,
        display: r.rating.display(),
        games: r.games,
        wins: r.wins,
        last_change: r.last_change,
        updated_at_ms: r.updated_at_ms,
        name: r.name.clone(),
        place,
    }
}

pub async fn get_ratings(
    store: &dyn GameStore,
    req: proto::GetRatingsRequest,
) -> Result<proto::GetRatingsResponse, ServiceError> {
    find_kind(&req.game_type)?;
    if req.player_ids.is_empty() || req.player_ids.len() > MAX_PLAYERS {
        return Err(ServiceError::InvalidArgument(format!(
            "ask for 1 to {MAX_PLAYERS} player ids, not {}",
            req.player_ids.len()
        )));
    }
    if let Some(long) = req.player_ids.iter().find(|p| p.chars().count() > 200) {
        return Err(ServiceError::InvalidArgument(format!(
            "player id {} is longer than any player's",
            Echo(long)
        )));
    }
    let found = store.ratings(&req.game_type, &req.player_ids).await?;
    Ok(proto::GetRatingsResponse {
        ratings: found.iter().map(|r| to_proto(r, 0)).collect(),
    })
}

pub async fn leaderboard(
    store: &dyn GameStore,
    req: proto::ListLeaderboardRequest,
) -> Result<proto::ListLeaderboardResponse, ServiceError> {
    find_kind(&req.game_type)?;
    let page = paging::page_size(req.page_size);
    // The token holds the place the next page starts after, bound to this
    // game type's leaderboard.
    let call = format!("leaderboard/{}", req.game_type);
    let offset: u64 = match req.page_token.as_str() {
        "" => 0,
        t => paging::position(&call, t)?.parse().map_err(|_| {
            ServiceError::InvalidArgument(format!(
                "page_token {} is not one this server gave",
                Echo(t)
            ))
        })?,
    };
    let mut found = store.leaderboard(&req.game_type, offset, page + 1).await?;
    let more = found.len() > page;
    found.truncate(page);
    let ratings = found
        .iter()
        .enumerate()
        .map(|(i, r)| to_proto(r, (offset + i as u64 + 1).min(u32::MAX.into()) as u32))
        .collect();
    Ok(proto::ListLeaderboardResponse {
        ratings,
        next_page_token: match more {
            true => paging::token(&call, &(offset + page as u64).to_string()),
            false => String::new(),
        },
    })
}
