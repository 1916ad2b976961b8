//! Who plays a seat, for ratings: player ids.
//!
//! Ratings are only as good as the identities behind them, so an id is
//! never taken from a client as it is:
//! - a `player` key plays as its own name (`NAME`), and may not name
//!   anyone else;
//! - a `creator` or `admin` key (a backend) names its own users, each kept
//!   in the key's namespace (`KEY/ID`), so two backends cannot rate each
//!   other's users;
//! - built-in bots are the players `bot:NAME`;
//! - without a key (an open server, or no key sent) a seat is anonymous
//!   (empty id) and its games cannot be rated.

use super::{Principal, Role};
use crate::echo::Echo;
use crate::error::ServiceError;

/// The longest id a backend may give one of its users.
pub const MAX_PLAYER_ID: usize = 64;

/// The player a seat request names, as stored. `asserted` is what the
/// request sent (`SeatRequest.player_id` and the like).
pub fn resolve(principal: Option<&Principal>, asserted: &str) -> Result<String, ServiceError> {
    let Some(principal) = principal.filter(|p| p.role.is_some()) else {
        return match asserted.is_empty() {
            true => Ok(String::new()),
            false => Err(ServiceError::PermissionDenied(
                "player_id needs an API key: a creator key names its own users, a player key plays as itself",
            )),
        };
    };
    match principal.role {
        Some(Role::Player) if asserted.is_empty() || asserted == principal.key => {
            Ok(principal.key.clone())
        }
        Some(Role::Player) => Err(ServiceError::PermissionDenied(
            "a player key plays as itself: leave player_id empty",
        )),
        _ if asserted.is_empty() => Ok(String::new()),
        _ => {
            check(asserted)?;
            Ok(format!("{}/{asserted}", principal.key))
        }
    }
}

/// A backend's id for one of its users: 1 to 64 characters of letters,
/// digits and `-_.@:`.
fn check(id: &str) -> Result<(), ServiceError> {
    let fits = id.chars().count() <= MAX_PLAYER_ID
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.@:".contains(c));
    match fits {
        true => Ok(()),
        false => Err(ServiceError::InvalidArgument(format!(
            "player_id {} must be 1 to {MAX_PLAYER_ID} letters, digits or -_.@:",
            Echo(id)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str, role: Role) -> Principal {
        Principal {
            owner: format!("key:{name}"),
            key: name.into(),
            role: Some(role),
            guest: false,
        }
    }

    #[test]
    fn ids_come_from_keys_never_from_clients_alone() {
        let player = key("ann", Role::Player);
        assert_eq!(resolve(Some(&player), "").ok().as_deref(), Some("ann"));
        assert_eq!(resolve(Some(&player), "ann").ok().as_deref(), Some("ann"));
        assert!(resolve(Some(&player), "bob").is_err());
        let backend = key("site", Role::Creator);
        assert_eq!(
            resolve(Some(&backend), "u1").ok().as_deref(),
            Some("site/u1")
        );
        assert_eq!(resolve(Some(&backend), "").ok().as_deref(), Some(""));
        assert!(resolve(Some(&backend), "a/b").is_err());
        assert!(resolve(Some(&backend), &"x".repeat(65)).is_err());
        assert_eq!(resolve(None, "").ok().as_deref(), Some(""));
        assert!(resolve(None, "ann").is_err());
        let open = Principal {
            owner: "peer:1.2.3.4".into(),
            key: String::new(),
            role: None,
            guest: false,
        };
        assert!(resolve(Some(&open), "ann").is_err());
    }
}
