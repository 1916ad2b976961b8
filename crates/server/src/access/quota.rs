//! Quotas per caller (an API key's name, or the peer address when no keys
//! are configured): a CreateGame rate limit (`governor`'s GCRA, a
//! per-minute rate with a burst) and caps on open watch streams. (The cap
//! on a creator's live games with bots is the hub's: a game gets bots in
//! several ways besides CreateGame, see `Hub::bot_quota`.)
//!
//! Bot compute as a whole is bounded elsewhere: every bot decision runs on
//! the hub's fixed, low-priority pool (`hub::pool`), so bot games can slow
//! each other but never requests or health checks.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ServiceError;

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
    /// Open WatchGame streams per caller, across all games; `None`:
    /// unlimited.
    pub max_watch_streams: Option<usize>,
    /// Open WatchGame streams in all, whoever calls; `None`: unlimited.
    pub max_watch_streams_total: Option<usize>,
}

/// A keyed CreateGame rate: `per_minute` with a burst of `burst`, per
/// caller.
pub(super) struct CreateRate {
    limiter: DefaultKeyedRateLimiter<String>,
    per_minute: u32,
    burst: u32,
}

impl CreateRate {
    /// The rate, or `None` for unlimited (no rate, or 0); the burst
    /// defaults to the rate.
    pub(super) fn new(per_minute: Option<u32>, burst: Option<u32>) -> Option<CreateRate> {
        let rate = NonZeroU32::new(per_minute?)?;
        let burst = burst.and_then(NonZeroU32::new).unwrap_or(rate);
        Some(CreateRate {
            limiter: RateLimiter::keyed(Quota::per_minute(rate).allow_burst(burst)),
            per_minute: rate.get(),
            burst: burst.get(),
        })
    }

    /// Take one call from `owner`'s budget, or say when to retry; `who`
    /// and `flags` name the limit in the message.
    pub(super) fn check(&self, owner: &str, who: &str, flags: &str) -> Result<(), ServiceError> {
        if self.limiter.len() > FORGET_IDLE_AFTER {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&owner.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.limiter.clock().now());
            ServiceError::ResourceExhausted(format!(
                "CreateGame rate limit reached: {} per minute with a burst of {} per {who} ({flags}); retry in {:.1} s",
                self.per_minute,
                self.burst,
                wait.as_secs_f64().max(0.1)
            ))
        })
    }

    /// (per minute, burst), for GetServerInfo.
    pub(super) fn limits(&self) -> (u32, u32) {
        (self.per_minute, self.burst)
    }
}

/// The quota state of one server.
pub struct Quotas {
    create: Option<CreateRate>,
    /// Open watch streams, per caller and in all.
    watching: Arc<WatchCounts>,
}

/// Open watch streams per caller, and the caps.
struct WatchCounts {
    per_caller: Option<usize>,
    total: Option<usize>,
    /// (streams per caller, streams in all); a caller with none is removed,
    /// so the map holds only callers with open streams.
    open: Mutex<(HashMap<String, usize>, usize)>,
}

/// One open watch stream, counted against its caller until dropped (when
/// the stream ends, however it ends).
pub struct WatchTicket {
    counts: Arc<WatchCounts>,
    owner: String,
}

impl Drop for WatchTicket {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|p| p.into_inner());
        let (per_caller, total) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(n) = per_caller.get_mut(&self.owner) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                per_caller.remove(&self.owner);
            }
        }
    }
}

impl Quotas {
    pub fn new(config: QuotaConfig) -> Quotas {
        Quotas {
            create: CreateRate::new(config.create_per_minute, config.create_burst),
            watching: Arc::new(WatchCounts {
                per_caller: config.max_watch_streams,
                total: config.max_watch_streams_total,
                open: Mutex::new((HashMap::new(), 0)),
            }),
        }
    }

    /// Count one more watch stream of `owner`, or refuse it
    /// (RESOURCE_EXHAUSTED) at `--max-watch-streams` for the caller or
    /// `--max-watch-streams-total` for the server.
    pub fn open_watch_stream(&self, owner: &str) -> Result<WatchTicket, ServiceError> {
        let counts = &self.watching;
        let mut open = counts.open.lock().unwrap_or_else(|p| p.into_inner());
        let (per_caller, total) = &mut *open;
        if counts.total.is_some_and(|max| *total >= max) {
            return Err(ServiceError::ResourceExhausted(format!(
                "the server has {total} watch streams open, its limit (--max-watch-streams-total); try again later"
            )));
        }
        let mine = per_caller.get(owner).copied().unwrap_or(0);
        if let Some(max) = counts.per_caller.filter(|max| mine >= *max) {
            return Err(ServiceError::ResourceExhausted(format!(
                "this caller already has {max} watch streams open, its limit (--max-watch-streams; per API key, or per address without keys): close one first"
            )));
        }
        per_caller.insert(owner.to_owned(), mine + 1);
        *total += 1;
        Ok(WatchTicket {
            counts: counts.clone(),
            owner: owner.to_owned(),
        })
    }

    /// Take one CreateGame from `owner`'s rate, or say when to retry.
    pub fn check_create_rate(&self, owner: &str) -> Result<(), ServiceError> {
        match &self.create {
            Some(rate) => rate.check(owner, "caller", "--create-rate, --create-burst"),
            None => Ok(()),
        }
    }

    /// (`--create-rate`, `--create-burst`); (0, 0) when unlimited.
    pub fn create_limits(&self) -> (u32, u32) {
        self.create.as_ref().map_or((0, 0), CreateRate::limits)
    }

    /// `--max-watch-streams`; 0 when unlimited.
    pub fn max_watch_streams(&self) -> usize {
        self.watching.per_caller.unwrap_or(0)
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
            ..QuotaConfig::default()
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
    fn watch_streams_are_capped_per_caller_and_in_all() {
        let q = Quotas::new(QuotaConfig {
            max_watch_streams: Some(2),
            max_watch_streams_total: Some(3),
            ..QuotaConfig::default()
        });
        let a1 = q.open_watch_stream("peer:a").expect("first");
        let _a2 = q.open_watch_stream("peer:a").expect("second");
        let refused = q.open_watch_stream("peer:a").err().expect("third of a");
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert!(
            refused.to_string().contains("--max-watch-streams"),
            "{refused}"
        );
        let _b1 = q.open_watch_stream("peer:b").expect("b's first");
        let full = q.open_watch_stream("peer:c").err().expect("total reached");
        assert!(
            full.to_string().contains("--max-watch-streams-total"),
            "{full}"
        );
        // A closed stream gives its place back, to its caller and the total.
        drop(a1);
        let _a3 = q.open_watch_stream("peer:a").expect("a's place came back");
    }

    #[test]
    fn no_rate_means_no_limit() {
        let q = Quotas::new(QuotaConfig::default());
        for _ in 0..1000 {
            assert!(q.check_create_rate("peer:127.0.0.1").is_ok());
        }
    }
}
