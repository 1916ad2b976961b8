//! Paging, one rule for every List call (ListGames, ListLeaderboard):
//!
//! - `page_size` 0 asks for [`DEFAULT_PAGE`]; a size over [`MAX_PAGE`] is
//!   served as [`MAX_PAGE`] (never refused: a client asking for "all"
//!   gets full pages and a `next_page_token`);
//! - a page token is opaque: what the server needs to find the next page,
//!   bound to the call (and, for the leaderboard, the game type) that gave
//!   it and checked on the way back. A token the server did not give
//!   (made up, altered, from another call) is INVALID_ARGUMENT and never
//!   read as a position.

use sha2::{Digest, Sha256};

use crate::echo::Echo;
use crate::error::ServiceError;

/// The page served when the request leaves `page_size` at 0.
pub const DEFAULT_PAGE: usize = 20;
/// The largest page served; a larger `page_size` gets this many.
pub const MAX_PAGE: usize = 100;

/// The page size a request gets.
pub fn page_size(asked: u32) -> usize {
    match asked {
        0 => DEFAULT_PAGE,
        n => (n as usize).min(MAX_PAGE),
    }
}

/// The check bytes of a token's `position` for `call`.
fn check(call: &str, position: &str) -> String {
    let digest = Sha256::digest(format!("satrap page token\n{call}\n{position}").as_bytes());
    hex::encode(&digest[..8])
}

/// The token for the page after `position` of `call` (e.g.
/// `leaderboard/king_of_siam`).
pub fn token(call: &str, position: &str) -> String {
    format!(
        "{}.{}",
        hex::encode(position.as_bytes()),
        check(call, position)
    )
}

/// The position a token of `call` holds; INVALID_ARGUMENT for any string
/// [`token`] did not make for `call`.
pub fn position(call: &str, token: &str) -> Result<String, ServiceError> {
    let bad = || {
        ServiceError::InvalidArgument(format!(
            "page_token {} is not one this server gave for this list; start again without one",
            Echo(token)
        ))
    };
    let (body, sum) = token.split_once('.').ok_or_else(bad)?;
    let position = hex::decode(body)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or_else(bad)?;
    // Hex decoding accepts upper case too: only the exact token counts.
    if sum != check(call, &position) || body != hex::encode(position.as_bytes()) {
        return Err(bad());
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_for_its_call_only() {
        let t = token("leaderboard/king_of_siam", "40");
        assert_eq!(
            position("leaderboard/king_of_siam", &t).ok(),
            Some("40".into())
        );
        assert!(position("leaderboard/territories", &t).is_err());
        assert!(position("games", &t).is_err());
    }

    #[test]
    fn made_up_and_altered_tokens_are_refused() {
        let t = token("games", "1700000000000.abc");
        for bad in [
            "+1".to_owned(),
            "+0".to_owned(),
            "1".to_owned(),
            "garbage".to_owned(),
            String::new(),
            t.to_uppercase(),
            format!("{t}0"),
            t.replacen('3', "4", 1),
        ] {
            assert!(position("games", &bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sizes_over_the_maximum_are_served_as_the_maximum() {
        assert_eq!(page_size(0), DEFAULT_PAGE);
        assert_eq!(page_size(7), 7);
        assert_eq!(page_size(MAX_PAGE as u32), MAX_PAGE);
        assert_eq!(page_size(u32::MAX), MAX_PAGE);
    }
}
