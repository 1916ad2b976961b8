//! The talk's limits, from the flags: a message's length, messages per
//! minute per caller (a seat, or a spectator's address or key), and how
//! long an offer waits. The rate is counted in memory per process (each
//! replica on its own), like CreateGame's.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::TalkError;

/// The talk's limits (`--chat-max-chars`, `--chat-rate`, `--chat-burst`,
/// `--offer-expiry-seconds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TalkLimits {
    pub max_chars: usize,
    /// Messages per minute per caller; 0: unlimited.
    pub per_minute: u32,
    pub burst: u32,
    pub offer_expiry: Duration,
}

impl Default for TalkLimits {
    fn default() -> Self {
        TalkLimits {
            max_chars: 500,
            per_minute: 20,
            burst: 5,
            offer_expiry: Duration::from_secs(60),
        }
    }
}

/// The chat's rate limiter, keyed by caller.
pub struct ChatRate {
    limiter: Option<DefaultKeyedRateLimiter<String>>,
    per_minute: u32,
}

impl ChatRate {
    pub fn new(limits: &TalkLimits) -> Self {
        let limiter = NonZeroU32::new(limits.per_minute).map(|rate| {
            let burst = NonZeroU32::new(limits.burst).unwrap_or(NonZeroU32::MIN);
            RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst))
        });
        ChatRate {
            limiter,
            per_minute: limits.per_minute,
        }
    }

    /// Count one message of `caller`, or refuse it.
    pub fn check(&self, caller: &str) -> Result<(), TalkError> {
        match &self.limiter {
            Some(l) if l.check_key(&caller.to_owned()).is_err() => Err(TalkError::TooFast {
                per_minute: self.per_minute,
            }),
            _ => Ok(()),
        }
    }
}

/// Whether `text` may be sent: not only spaces, at most `max` characters.
pub fn check_text(text: &str, max: usize) -> Result<(), TalkError> {
    if text.trim().is_empty() {
        return Err(TalkError::Empty);
    }
    let len = text.chars().count();
    if len > max {
        return Err(TalkError::TooLong { len, max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_checked_by_characters_and_never_blank() {
        assert_eq!(check_text("  \n", 10), Err(TalkError::Empty));
        assert_eq!(check_text("ééé", 3), Ok(()));
        assert_eq!(
            check_text("éééé", 3),
            Err(TalkError::TooLong { len: 4, max: 3 })
        );
    }

    #[test]
    fn the_rate_allows_a_burst_per_caller_then_refuses() {
        let rate = ChatRate::new(&TalkLimits {
            per_minute: 1,
            burst: 2,
            ..TalkLimits::default()
        });
        assert!(rate.check("a").is_ok() && rate.check("a").is_ok());
        assert_eq!(rate.check("a"), Err(TalkError::TooFast { per_minute: 1 }));
        assert!(rate.check("b").is_ok(), "another caller has its own");
        let open = ChatRate::new(&TalkLimits {
            per_minute: 0,
            ..TalkLimits::default()
        });
        assert!((0..100).all(|_| open.check("a").is_ok()));
    }
}
