//! Guests on a keyed server (`serve --guests`): callers without a key of
//! role creator (no key at all, or a player key) may create casual games,
//! so a server that turned keys on for rated play can still let the public
//! play.
//!
//! A guest has no identity but its address, so everything about it is
//! counted per address: it owns its games as `guest:IP` (so the quotas of
//! every caller, `--create-rate` and `--max-live-bot-games`, count per
//! address too), and on top of them a guest address has its own CreateGame
//! rate (`--guest-create-rate`, `--guest-create-burst`) and a cap on its
//! games in progress with a built-in bot (`--guest-max-live-bot-games`).
//! Behind a proxy the address is the proxy's: every guest then shares one
//! budget.
//!
//! Invariants:
//! - a guest's game is casual, its seats anonymous (no player ids): a
//!   rated game needs a key, so guests never reach ratings;
//! - the bot-game cap is the hub's one live-bot-game check
//!   (`Hub::bot_quota`), made wherever a game gets its first bot (bot
//!   seats at creation, `bot_fill`, a resignation, a timeout) under one
//!   lock with the commit, so two games of one address cannot both pass
//!   it; this module only reports the cap.

use std::net::SocketAddr;

use super::quota::CreateRate;
use crate::error::ServiceError;
use crate::proto;

/// The guest settings (`--guest-create-rate`, `--guest-create-burst`,
/// `--guest-max-live-bot-games`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GuestConfig {
    /// A guest address's CreateGame calls per minute; `None`: unlimited.
    pub create_per_minute: Option<u32>,
    /// Calls allowed at once before the rate applies (default: the rate).
    pub create_burst: Option<u32>,
    /// A guest address's games in progress with a built-in bot; `None`:
    /// unlimited.
    pub max_live_bot_games: Option<u64>,
}

/// How a guest's owner begins (`guest:IP`).
const GUEST_PREFIX: &str = "guest:";

/// The guests of one server: their rate and their bot-game cap.
pub struct Guests {
    rate: Option<CreateRate>,
    /// Reported in GetServerInfo; the hub enforces it.
    max_live_bot_games: Option<u64>,
}

impl Guests {
    pub fn new(config: GuestConfig) -> Guests {
        Guests {
            rate: CreateRate::new(config.create_per_minute, config.create_burst),
            max_live_bot_games: config.max_live_bot_games.filter(|&n| n > 0),
        }
    }

    /// The owner a guest at `peer` creates games as.
    pub fn owner(peer: Option<SocketAddr>) -> String {
        match peer {
            Some(addr) => format!("{GUEST_PREFIX}{}", addr.ip()),
            None => format!("{GUEST_PREFIX}unknown"),
        }
    }

    /// Whether a game's owner is a guest (its bot-game cap is the guests'
    /// at every moment the game would get a bot, not only at creation).
    pub fn is_guest(owner: &str) -> bool {
        owner.starts_with(GUEST_PREFIX)
    }

    /// Let a guest's CreateGame through, or refuse it: a rated game
    /// (PERMISSION_DENIED), over the address's rate (RESOURCE_EXHAUSTED,
    /// the flag named). The bot-game cap is the hub's to check.
    pub fn admit(
        &self,
        owner: &str,
        request: &proto::CreateGameRequest,
    ) -> Result<(), ServiceError> {
        if request.rated {
            return Err(ServiceError::PermissionDenied(
                "guests play casual games only: a rated game needs an API key (a player key finds one with FindMatch)",
            ));
        }
        if let Some(rate) = &self.rate {
            rate.check(
                owner,
                "guest address",
                "--guest-create-rate, --guest-create-burst",
            )?;
        }
        Ok(())
    }

    /// (per minute, burst, live bot games) for GetServerInfo; 0: unlimited.
    pub fn limits(&self) -> (u32, u32, u64) {
        let (rate, burst) = self.rate.as_ref().map_or((0, 0), CreateRate::limits);
        (rate, burst, self.max_live_bot_games.unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(bot: &str, rated: bool) -> proto::CreateGameRequest {
        proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: vec![
                proto::SeatRequest {
                    name: "me".into(),
                    ..Default::default()
                },
                proto::SeatRequest {
                    name: "them".into(),
                    bot: bot.into(),
                    ..Default::default()
                },
            ],
            rated,
            ..Default::default()
        }
    }

    #[test]
    fn a_guest_is_refused_rated_games_and_counted_per_address() {
        let guests = Guests::new(GuestConfig {
            create_per_minute: Some(2),
            create_burst: Some(2),
            max_live_bot_games: None,
        });
        let rated = guests.admit("guest:10.0.0.1", &request("", true));
        assert_eq!(
            rated.err().map(|e| e.code()),
            Some(tonic::Code::PermissionDenied)
        );
        for _ in 0..2 {
            assert!(guests.admit("guest:10.0.0.1", &request("", false)).is_ok());
        }
        let over = guests
            .admit("guest:10.0.0.1", &request("", false))
            .expect_err("over the burst");
        assert_eq!(over.code(), tonic::Code::ResourceExhausted);
        assert!(over.to_string().contains("--guest-create-rate"), "{over}");
        // Another address has its own budget.
        assert!(guests.admit("guest:10.0.0.2", &request("", false)).is_ok());
        assert_eq!(guests.limits(), (2, 2, 0));
        assert_eq!(
            Guests::owner("10.1.2.3:99".parse().ok()),
            "guest:10.1.2.3".to_owned()
        );
    }
}
