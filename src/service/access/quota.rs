//! Quotas per caller (an API key's name, or the peer address when no keys
//! are configured): a CreateGame rate limit (`governor`'s GCRA, a
//! per-minute rate with a burst) and a cap on the caller's live games with
//! bot seats (bots cost CPU for as long as their games run).
//!
//! Bot compute as a whole is bounded elsewhere: every bot decision runs on
//! the hub's fixed, low-priority pool (`hub::pool`), so bot games can slow
//! each other but never requests or health checks.

use std::num::NonZeroU32;

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::service::error::ServiceError;

/// Rate limiter states kept before idle callers are forgotten (each is a
/// few dozen bytes; callers identified by address can be many).
const FORGET_IDLE_AFTER: usize = 10_000;

/// The quota settings (`--create-rate`, `--create-burst`,
/// `--max-live-bot-games`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QuotaConfig {
    /// CreateGame calls per minute and caller; `None`: unlimited.
    pub create_per_minute: Option<u32>,
    /// Calls allowed at once before the rate applies (default: the rate).
    pub create_burst: Option<u32>,
    /// Games in progress with a bot seat per caller; `None`: unlimited.
    pub max_live_bot_games: Option<u64>,
}

struct CreateRate {
    limiter: DefaultKeyedRateLimiter<String>,
    per_minute: u32,
    burst: u32,
}

/// The quota state of one server.
pub struct Quotas {
    create: Option<CreateRate>,
    max_live_bot_games: Option<u64>,
    /// Serialises "count live bot games, then create" in this process, so
    /// concurrent requests of one caller cannot both pass the cap. (Across
    /// replicas the cap can be passed by at most one game per other replica
    /// creating at the same instant.)
    creating: tokio::sync::Mutex<()>,
}

impl Quotas {
    pub fn new(config: QuotaConfig) -> Quotas {
        let create = config
            .create_per_minute
            .and_then(NonZeroU32::new)
            .map(|rate| {
                let burst = config
                    .create_burst
                    .and_then(NonZeroU32::new)
                    .unwrap_or(rate);
                CreateRate {
                    limiter: RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst)),
                    per_minute: rate.get(),
                    burst: burst.get(),
                }
            });
        Quotas {
            create,
            max_live_bot_games: config.max_live_bot_games,
            creating: tokio::sync::Mutex::new(()),
        }
    }

    /// Take one CreateGame from `owner`'s rate, or say when to retry.
    pub fn check_create_rate(&self, owner: &str) -> Result<(), ServiceError> {
        let Some(rate) = &self.create else {
            return Ok(());
        };
        if rate.limiter.len() > FORGET_IDLE_AFTER {
            rate.limiter.retain_recent();
        }
        rate.limiter.check_key(&owner.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(rate.limiter.clock().now());
            ServiceError::ResourceExhausted(format!(
                "CreateGame rate limit reached: {} per minute with a burst of {} per caller (--create-rate, --create-burst); retry in {:.1} s",
                rate.per_minute,
                rate.burst,
                wait.as_secs_f64().max(0.1)
            ))
        })
    }

    /// The live-bot-game cap, if one is set.
    pub fn max_live_bot_games(&self) -> Option<u64> {
        self.max_live_bot_games
    }

    /// Held while one caller's live bot games are counted and a game is
    /// created.
    pub async fn creating(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.creating.lock().await
    }

    /// The error for a caller at its live-bot-game cap.
    pub fn bot_games_exhausted(max: u64) -> ServiceError {
        ServiceError::ResourceExhausted(format!(
            "live bot game limit reached: at most {max} games in progress with bot seats per caller (--max-live-bot-games); finish or abort one first"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_is_per_caller_and_names_the_limit() {
        let q = Quotas::new(QuotaConfig {
            create_per_minute: Some(2),
            create_burst: Some(3),
            max_live_bot_games: None,
        });
        for _ in 0..3 {
            assert!(q.check_create_rate("key:a").is_ok());
        }
        let refused = q.check_create_rate("key:a").expect_err("over the burst");
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        let text = refused.to_string();
        assert!(
            text.contains("2 per minute") && text.contains("burst of 3"),
            "{text}"
        );
        // Another caller has its own budget.
        assert!(q.check_create_rate("key:b").is_ok());
    }

    #[test]
    fn no_rate_means_no_limit() {
        let q = Quotas::new(QuotaConfig::default());
        for _ in 0..1000 {
            assert!(q.check_create_rate("peer:127.0.0.1").is_ok());
        }
        assert_eq!(q.max_live_bot_games(), None);
    }
}
