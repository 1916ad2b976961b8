//! Seat tokens: 256 random bits each, handed out once, stored only as SHA-256
//! hashes and compared in constant time.

use rand::TryRngCore;
use rand::rngs::OsRng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tonic::metadata::MetadataMap;

use super::error::ServiceError;
use satrap_engine::Seat;
use satrap_store::SeatRecord;

/// Who is calling, as far as one game is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Spectator,
    Seat(Seat),
}

impl Caller {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Caller::Spectator => None,
            Caller::Seat(s) => Some(s),
        }
    }
}

/// Who a call that changes a game acts as. A request's credentials are
/// resolved to a [`Caller`] only in the game's actor, after the game is
/// brought up to date, by the same call that then acts: a token rotated, or
/// a seat left, a moment before can no longer act, rotate, leave or resign
/// (identifying first and locking later let a stale token through).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// The request's bearer token (none: a spectator) and whether it
    /// carries a valid admin key (which may see private games).
    Presented { token: Option<String>, admin: bool },
    /// An in-process caller that is already known (tests, benches).
    Known(Caller),
}

impl From<Caller> for Who {
    fn from(caller: Caller) -> Who {
        Who::Known(caller)
    }
}

/// The bearer token of the request, if any. A present but malformed
/// `authorization` header is an error (UNAUTHENTICATED, saying the form it
/// must take), not a spectator.
pub fn bearer(metadata: &MetadataMap) -> Result<Option<String>, ServiceError> {
    let Some(value) = metadata.get("authorization") else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| ServiceError::MalformedAuthorization)?;
    let (scheme, token) = value
        .trim()
        .split_once(' ')
        .ok_or(ServiceError::MalformedAuthorization)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(ServiceError::MalformedAuthorization);
    }
    Ok(Some(token.trim().to_owned()))
}

/// A fresh token (64 hex digits = 256 bits from the OS).
pub fn new_token() -> Result<String, ServiceError> {
    let mut bytes = [0u8; 32];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| ServiceError::Internal(format!("OS random source: {e}")))?;
    Ok(hex::encode(bytes))
}

pub fn hash_token(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Resolve a token to a seat of the game. Every seat is compared (in constant
/// time) so timing does not tell which seat, if any, matched.
pub fn identify(token: Option<&str>, seats: &[SeatRecord]) -> Result<Caller, ServiceError> {
    let Some(token) = token else {
        return Ok(Caller::Spectator);
    };
    let presented = hash_token(token);
    let mut found = None;
    for (i, seat) in seats.iter().enumerate() {
        if let Some(hash) = &seat.token_hash {
            if bool::from(hash.ct_eq(&presented)) {
                found = Some(i);
            }
        }
    }
    found.map(Caller::Seat).ok_or(ServiceError::BadToken)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(token: Option<&str>) -> SeatRecord {
        SeatRecord {
            name: "x".into(),
            bot: String::new(),
            token_hash: token.map(hash_token),
            resigned: false,
            ..SeatRecord::default()
        }
    }

    #[test]
    fn tokens_are_long_and_distinct() -> Result<(), ServiceError> {
        let a = new_token()?;
        let b = new_token()?;
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        Ok(())
    }

    #[test]
    fn identify_seats() -> Result<(), ServiceError> {
        let seats = [seat(Some("aa")), seat(None), seat(Some("cc"))];
        assert_eq!(identify(None, &seats)?, Caller::Spectator);
        assert_eq!(identify(Some("cc"), &seats)?, Caller::Seat(2));
        assert!(matches!(
            identify(Some("bb"), &seats),
            Err(ServiceError::BadToken)
        ));
        assert!(matches!(
            identify(Some(""), &seats),
            Err(ServiceError::BadToken)
        ));
        Ok(())
    }

    #[test]
    fn bearer_header_forms() {
        let with = |v: &'static str| {
            let mut m = MetadataMap::new();
            m.insert(
                "authorization",
                tonic::metadata::MetadataValue::from_static(v),
            );
            bearer(&m).ok()
        };
        assert_eq!(bearer(&MetadataMap::new()).ok(), Some(None));
        assert_eq!(with("Bearer abc"), Some(Some("abc".into())));
        assert_eq!(with("bearer  abc "), Some(Some("abc".into())));
        assert_eq!(with("Basic abc"), None);
        assert_eq!(with("Bearer"), None);
        // A bare token (no scheme) says what form is expected.
        let mut m = MetadataMap::new();
        m.insert(
            "authorization",
            tonic::metadata::MetadataValue::from_static("0123abcd"),
        );
        let err = bearer(&m).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("Bearer <token>"), "{err}");
    }
}
