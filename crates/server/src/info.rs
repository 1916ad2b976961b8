//! GetServerInfo's answer: what this server allows and the limits a client
//! runs into, from the flags it was started with. Computed once at
//! start-up (nothing in it changes while the server runs), so the call
//! costs no lock and no store query, and the page can ask before it offers
//! anything.

use crate::access::Access;
use crate::proto;
use crate::server::Config;

/// The answer for a server started with `config` and `access`.
pub fn describe(config: &Config, access: &Access) -> proto::GetServerInfoResponse {
    let keys = access.keys_configured();
    let guests = access.guests();
    let create = match (keys, guests.is_some()) {
        (false, _) => proto::CreatePolicy::Anyone,
        (true, true) => proto::CreatePolicy::Guests,
        (true, false) => proto::CreatePolicy::KeysOnly,
    };
    let (create_per_minute, create_burst) = access.quotas.create_limits();
    let (guest_create_per_minute, guest_create_burst, guest_max_live_bot_games) =
        guests.map_or((0, 0, 0), |g| g.limits());
    proto::GetServerInfoResponse {
        create: create as i32,
        rated_play: keys,
        guests: guests.is_some(),
        limits: Some(proto::ServerLimits {
            create_per_minute,
            create_burst,
            max_live_bot_games: config.max_live_bot_games.unwrap_or(0),
            guest_create_per_minute,
            guest_create_burst,
            guest_max_live_bot_games,
            max_watch_streams: saturate(access.quotas.max_watch_streams()),
            max_watchers_per_game: saturate(config.max_watchers_per_game),
            max_message_bytes: config.max_message_bytes as u64,
            client_seeds: config.client_seeds,
            chat_max_chars: saturate(config.chat_max_chars),
            chat_per_minute: config.chat_rate,
            chat_burst: config.chat_burst,
            offer_expiry_seconds: u32::try_from(config.offer_expiry_seconds).unwrap_or(u32::MAX),
            abort_moves_per_seat: crate::hub::ABORT_MOVES_PER_SEAT as u32,
        }),
        abandoned_after_ms: config.abandoned_after.as_millis() as u64,
    }
}

/// A count as the wire's u32 (a flag larger than that is unlimited in
/// practice).
fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::{GuestConfig, KeyRing, QuotaConfig, Role, keys};

    #[test]
    fn the_policy_follows_keys_and_guests() -> Result<(), String> {
        let config = Config::in_memory();
        let open = describe(&config, &Access::open());
        assert_eq!(open.create(), proto::CreatePolicy::Anyone);
        assert!(!open.rated_play && !open.guests);
        let line = keys::generate("maker", Role::Creator)?.line;
        let ring = || KeyRing::parse(&line).map_err(|(l, r)| format!("{l}: {r}"));
        let quotas = QuotaConfig {
            create_per_minute: Some(30),
            ..QuotaConfig::default()
        };
        let keyed = describe(&config, &Access::new(Some(ring()?), quotas));
        assert_eq!(keyed.create(), proto::CreatePolicy::KeysOnly);
        assert!(keyed.rated_play && !keyed.guests);
        let guests = GuestConfig {
            create_per_minute: Some(5),
            create_burst: None,
            max_live_bot_games: Some(2),
        };
        let with_guests = describe(
            &config,
            &Access::new(Some(ring()?), quotas).with_guests(guests),
        );
        assert_eq!(with_guests.create(), proto::CreatePolicy::Guests);
        assert!(with_guests.rated_play && with_guests.guests);
        let limits = with_guests.limits.ok_or("limits")?;
        assert_eq!(
            (
                limits.create_per_minute,
                limits.create_burst,
                limits.guest_create_per_minute,
                limits.guest_create_burst,
                limits.guest_max_live_bot_games,
                limits.max_message_bytes,
            ),
            (30, 30, 5, 5, 2, config.max_message_bytes as u64)
        );
        Ok(())
    }
}
