//! Who may call what: API keys and their roles ([`keys`]),
//! quotas per caller ([`quota`]), guests on a keyed server ([`guests`]),
//! and who may see a private game: by its tokens on calls on one game
//! ([`identify`]), by the caller's key on calls about many ([`Scope`]:
//! ListGames, WatchEvents and the webhooks).
//!
//! Invariants:
//! - with a keys file, CreateGame, ListGames and the AdminService calls
//!   need a valid `x-api-key` (UNAUTHENTICATED without one, PERMISSION_DENIED
//!   when its role is too small); calls on one game are authorised by seat
//!   and spectator tokens only, so players never need a key;
//! - with `--guests` too, CreateGame without a creator key (no key, or a
//!   player key) creates a casual game as a guest, counted per address; an
//!   invalid key is still UNAUTHENTICATED;
//! - without a keys file the server is open (local development);
//! - a private game answers a caller without a seat token, its spectator
//!   token or an admin key exactly as an unknown game id does (NOT_FOUND,
//!   same message), so its existence is not revealed.

pub mod guests;
pub mod keys;
pub mod players;
pub mod quota;

use std::net::SocketAddr;

use subtle::ConstantTimeEq;
use tonic::metadata::MetadataMap;

use super::auth::{self, Caller};
use super::error::ServiceError;
pub use guests::{GuestConfig, Guests};
pub use keys::{KeyRing, KeysFileError, Role};
pub use quota::{QuotaConfig, Quotas};
use satrap_store::SeatRecord;

/// The metadata key that carries an API key.
pub const API_KEY_HEADER: &str = "x-api-key";

/// Who is calling, for CreateGame, ListGames and admin calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    /// The identity quotas count against and games record as their
    /// creator: `key:NAME`, or `peer:IP` when no keys are configured.
    pub owner: String,
    /// The key's name; empty on an open server.
    pub key: String,
    /// The key's role; `None` on an open server (no keys file) and for a
    /// guest.
    pub role: Option<Role>,
    /// A guest on a keyed server (`--guests`): casual games only, owner
    /// `guest:IP`.
    pub guest: bool,
}

impl Principal {
    pub fn is_admin(&self) -> bool {
        self.role == Some(Role::Admin)
    }

    /// The games this caller may see among many: the visibility rule.
    pub fn scope(&self) -> Scope {
        match self.role {
            Some(Role::Admin) => Scope::All,
            Some(_) => Scope::Owner(self.owner.clone()),
            None => Scope::Public,
        }
    }
}

/// Whose private games a caller sees on calls about many games: the one
/// visibility rule, applied by every read path that lists games or their
/// events. A private game is seen by administrators and by the key that
/// created it; a public one by anyone; a call on one game goes by its
/// tokens instead ([`identify`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// Every game (an admin key; the operator's webhooks).
    All,
    /// A key's own games, private ones included, beside the public ones.
    Owner(String),
    /// The public games (a caller on a server without keys).
    Public,
}

impl Scope {
    /// Whether this caller may see a game of `owner`, private or not.
    pub fn sees(&self, private: bool, owner: &str) -> bool {
        self.private_games().shows(private, owner)
    }

    /// The private games a store query lists for this caller.
    pub fn private_games(&self) -> satrap_store::PrivateGames {
        match self {
            Scope::All => satrap_store::PrivateGames::All,
            Scope::Owner(o) => satrap_store::PrivateGames::OwnedBy(o.clone()),
            Scope::Public => satrap_store::PrivateGames::Hidden,
        }
    }
}

/// The keys and quotas of one server.
pub struct Access {
    keys: Option<KeyRing>,
    pub quotas: Quotas,
    /// `--guests` on a keyed server.
    guests: Option<Guests>,
}

impl Access {
    /// No keys, no quotas: everyone may do everything.
    pub fn open() -> Access {
        Access::new(None, QuotaConfig::default())
    }

    pub fn new(keys: Option<KeyRing>, quotas: QuotaConfig) -> Access {
        Access {
            keys,
            quotas: Quotas::new(quotas),
            guests: None,
        }
    }

    /// Let guests create casual games (`--guests`). Only a keyed server
    /// has guests: an open one lets everyone create already.
    pub fn with_guests(mut self, config: GuestConfig) -> Access {
        if self.keys.is_some() {
            self.guests = Some(Guests::new(config));
        }
        self
    }

    /// The guests' settings, when guests are on.
    pub fn guests(&self) -> Option<&Guests> {
        self.guests.as_ref()
    }

    /// The caller of CreateGame: a key of role creator or admin, or, with
    /// guests on, a guest (no key, or a player key); else as
    /// [`Access::require`] with role creator.
    pub fn creator(
        &self,
        metadata: &MetadataMap,
        peer: Option<SocketAddr>,
    ) -> Result<Principal, ServiceError> {
        let (Some(keys), Some(_)) = (&self.keys, &self.guests) else {
            return self.require(metadata, peer, Role::Creator);
        };
        let entry = match presented_key(metadata)? {
            Some(key) => Some(
                keys.find(key)
                    .ok_or(ServiceError::ApiKey("the x-api-key is not a valid API key"))?,
            ),
            None => None,
        };
        Ok(match entry {
            Some(entry) if entry.role >= Role::Creator => keyed(entry),
            _ => Principal {
                owner: Guests::owner(peer),
                key: String::new(),
                role: None,
                guest: true,
            },
        })
    }

    pub fn keys_configured(&self) -> bool {
        self.keys.is_some()
    }

    /// The caller of a call that needs `role` when keys are configured.
    pub fn require(
        &self,
        metadata: &MetadataMap,
        peer: Option<SocketAddr>,
        role: Role,
    ) -> Result<Principal, ServiceError> {
        let Some(keys) = &self.keys else {
            let owner = match peer {
                Some(addr) => format!("peer:{}", addr.ip()),
                None => "peer:unknown".to_owned(),
            };
            return Ok(Principal {
                owner,
                key: String::new(),
                role: None,
                guest: false,
            });
        };
        let presented = presented_key(metadata)?.ok_or(ServiceError::ApiKey(
            "this call needs an API key: send metadata x-api-key: <key>",
        ))?;
        let entry = keys
            .find(presented)
            .ok_or(ServiceError::ApiKey("the x-api-key is not a valid API key"))?;
        if entry.role < role {
            return Err(ServiceError::PermissionDenied(match role {
                Role::Admin => "this call needs an API key of role admin",
                Role::Creator => "this call needs an API key of role creator or admin",
                Role::Player => "this call needs an API key",
            }));
        }
        Ok(keyed(entry))
    }

    /// The caller when a key is optional (JoinGame): the key's principal
    /// when one is presented (an invalid one is refused), else `None`.
    pub fn optional(
        &self,
        metadata: &MetadataMap,
        peer: Option<SocketAddr>,
    ) -> Result<Option<Principal>, ServiceError> {
        if self.keys.is_none() || presented_key(metadata)?.is_none() {
            return Ok(None);
        }
        self.require(metadata, peer, Role::Player).map(Some)
    }

    /// Whom a call counts against when it needs no key (watch streams):
    /// `key:NAME` for a valid key, else `peer:IP` (the same owners as
    /// [`Access::require`]).
    pub fn owner(&self, metadata: &MetadataMap, peer: Option<SocketAddr>) -> String {
        if let (Some(keys), Ok(Some(key))) = (&self.keys, presented_key(metadata)) {
            if let Some(entry) = keys.find(key) {
                return format!("key:{}", entry.name);
            }
        }
        match peer {
            Some(addr) => format!("peer:{}", addr.ip()),
            None => "peer:unknown".to_owned(),
        }
    }

    /// Whether the request carries a valid admin key (admins may look at
    /// private games without their spectator token). Never an error: calls
    /// on one game do not need a key.
    pub fn admin_key(&self, metadata: &MetadataMap) -> bool {
        let (Some(keys), Ok(Some(key))) = (&self.keys, presented_key(metadata)) else {
            return false;
        };
        keys.find(key).is_some_and(|e| e.role == Role::Admin)
    }
}

/// The principal of a valid key.
fn keyed(entry: &keys::KeyEntry) -> Principal {
    Principal {
        owner: format!("key:{}", entry.name),
        key: entry.name.clone(),
        role: Some(entry.role),
        guest: false,
    }
}

/// The `x-api-key` value, if any.
fn presented_key(metadata: &MetadataMap) -> Result<Option<&str>, ServiceError> {
    let Some(value) = metadata.get(API_KEY_HEADER) else {
        return Ok(None);
    };
    let text = value
        .to_str()
        .map_err(|_| ServiceError::ApiKey("the x-api-key metadata is not printable text"))?;
    Ok(Some(text.trim()))
}

/// The secrets that decide who may see one game.
#[derive(Debug, Clone, Copy)]
pub struct Visibility<'a> {
    /// The game's id (for its NOT_FOUND).
    pub id: &'a str,
    pub private: bool,
    pub spectator_hash: Option<&'a [u8; 32]>,
}

/// The caller of a request on one game. Public games: as
/// [`auth::identify`]. Private games: a seat token is that seat; the
/// spectator token or an admin key is a spectator; anything else (no token,
/// a wrong one) is NOT_FOUND with the message an unknown id gets.
pub fn identify(
    token: Option<&str>,
    seats: &[SeatRecord],
    game: Visibility<'_>,
    admin: bool,
) -> Result<Caller, ServiceError> {
    if !game.private {
        return auth::identify(token, seats);
    }
    if let Some(token) = token {
        if let Ok(caller) = auth::identify(Some(token), seats) {
            return Ok(caller);
        }
        if game
            .spectator_hash
            .is_some_and(|h| bool::from(h.ct_eq(&auth::hash_token(token))))
        {
            return Ok(Caller::Spectator);
        }
    }
    if admin {
        return Ok(Caller::Spectator);
    }
    Err(ServiceError::game_not_found(game.id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::metadata::MetadataValue;

    fn seat(token: &str) -> SeatRecord {
        SeatRecord {
            name: "x".into(),
            bot: String::new(),
            token_hash: Some(auth::hash_token(token)),
            resigned: false,
            ..Default::default()
        }
    }

    #[test]
    fn private_games_answer_strangers_like_unknown_games() {
        let seats = [seat("s0"), seat("s1")];
        let spectator = auth::hash_token("watch");
        let game = Visibility {
            id: "g-1",
            private: true,
            spectator_hash: Some(&spectator),
        };
        assert_eq!(
            identify(Some("s1"), &seats, game, false).ok(),
            Some(Caller::Seat(1))
        );
        assert_eq!(
            identify(Some("watch"), &seats, game, false).ok(),
            Some(Caller::Spectator)
        );
        assert_eq!(
            identify(None, &seats, game, true).ok(),
            Some(Caller::Spectator)
        );
        let unknown = ServiceError::game_not_found("g-1").to_string();
        for token in [None, Some("wrong")] {
            let err = identify(token, &seats, game, false).expect_err("hidden");
            assert_eq!(err.code(), tonic::Code::NotFound);
            assert_eq!(err.to_string(), unknown);
        }
        // A public game keeps today's answers.
        let public = Visibility {
            private: false,
            spectator_hash: None,
            ..game
        };
        assert_eq!(
            identify(None, &seats, public, false).ok(),
            Some(Caller::Spectator)
        );
        assert!(matches!(
            identify(Some("wrong"), &seats, public, false),
            Err(ServiceError::BadToken)
        ));
    }

    fn with_key(key: &str) -> MetadataMap {
        let mut m = MetadataMap::new();
        if let Ok(v) = MetadataValue::try_from(key) {
            m.insert(API_KEY_HEADER, v);
        }
        m
    }

    #[test]
    fn keys_and_roles_decide_the_code() -> Result<(), String> {
        let creator = keys::generate("maker", Role::Creator)?;
        let admin = keys::generate("ops", Role::Admin)?;
        let ring = KeyRing::parse(&format!("{}\n{}\n", creator.line, admin.line))
            .map_err(|(l, r)| format!("{l}: {r}"))?;
        let access = Access::new(Some(ring), QuotaConfig::default());
        let code = |m: &MetadataMap, role| access.require(m, None, role).map_err(|e| e.code());
        assert_eq!(
            code(&MetadataMap::new(), Role::Creator).err(),
            Some(tonic::Code::Unauthenticated)
        );
        assert_eq!(
            code(&with_key("satrap_nope"), Role::Creator).err(),
            Some(tonic::Code::Unauthenticated)
        );
        assert_eq!(
            code(&with_key(&creator.key), Role::Creator)
                .ok()
                .map(|p| p.owner),
            Some("key:maker".to_owned())
        );
        assert_eq!(
            code(&with_key(&creator.key), Role::Admin).err(),
            Some(tonic::Code::PermissionDenied)
        );
        assert!(code(&with_key(&admin.key), Role::Admin).is_ok_and(|p| p.is_admin()));
        assert!(access.admin_key(&with_key(&admin.key)));
        assert!(!access.admin_key(&with_key(&creator.key)));
        Ok(())
    }

    #[test]
    fn with_guests_a_caller_without_a_creator_key_creates_as_its_address() -> Result<(), String> {
        let creator = keys::generate("maker", Role::Creator)?;
        let player = keys::generate("ann", Role::Player)?;
        let lines = format!("{}\n{}\n", creator.line, player.line);
        let ring = || KeyRing::parse(&lines).map_err(|(l, r)| format!("{l}: {r}"));
        let peer: Option<SocketAddr> = "10.1.2.3:4567".parse().ok();
        let guests =
            Access::new(Some(ring()?), QuotaConfig::default()).with_guests(GuestConfig::default());
        let who = |m: &MetadataMap| guests.creator(m, peer).map_err(|e| e.code());
        for metadata in [MetadataMap::new(), with_key(&player.key)] {
            let p = who(&metadata).map_err(|c| format!("{c:?}"))?;
            assert!(p.guest && p.role.is_none(), "{p:?}");
            assert_eq!(p.owner, "guest:10.1.2.3");
        }
        assert_eq!(
            who(&with_key(&creator.key))
                .ok()
                .map(|p| (p.owner, p.guest)),
            Some(("key:maker".to_owned(), false))
        );
        assert_eq!(
            who(&with_key("satrap_nope")).err(),
            Some(tonic::Code::Unauthenticated)
        );
        // Without --guests nothing changes.
        let keys_only = Access::new(Some(ring()?), QuotaConfig::default());
        assert_eq!(
            keys_only
                .creator(&MetadataMap::new(), peer)
                .err()
                .map(|e| e.code()),
            Some(tonic::Code::Unauthenticated)
        );
        assert!(keys_only.guests().is_none());
        // An open server has no guests: everyone creates already.
        assert!(
            Access::open()
                .with_guests(GuestConfig::default())
                .guests()
                .is_none()
        );
        Ok(())
    }

    #[test]
    fn an_open_server_counts_quotas_per_peer_address() {
        let access = Access::open();
        let peer: SocketAddr = "10.1.2.3:4567".parse().expect("addr");
        let p = access.require(&MetadataMap::new(), Some(peer), Role::Admin);
        assert_eq!(
            p.ok(),
            Some(Principal {
                owner: "peer:10.1.2.3".into(),
                key: String::new(),
                role: None,
                guest: false,
            })
        );
        assert!(!access.admin_key(&with_key("anything")));
    }
}
