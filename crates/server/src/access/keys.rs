//! API keys for backends (`--api-keys-file`): who may create and list games,
//! and who may administer them.
//!
//! The file holds one key per line, `NAME ROLE SHA256-HEX`, with `#`
//! comments and blank lines allowed; `satrap api-key NAME ROLE` makes a key
//! and prints its line. Only the SHA-256 of each key is stored, never the
//! key. A fast hash is right here, unlike for passwords: keys are 256 random
//! bits, so no dictionary or brute force can invert the hash whatever its
//! speed, and a slow hash (argon2, bcrypt) would only cost CPU on every
//! request.
//!
//! Lookup is a hash-map probe on the SHA-256 of the presented key. Its
//! timing can at most reveal something about the *hash* of a guess, which
//! does not help find a key (that would need a preimage), so no
//! constant-time scan over all keys is needed.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// What a key may do. Ordered: `Admin` may do everything `Creator` may,
/// and `Creator` everything `Player` may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// One person or bot: FindMatch (rated as the player the key names),
    /// the ratings and the leaderboard.
    Player,
    /// CreateGame and ListGames.
    Creator,
    /// Also the AdminService calls, and private games in ListGames.
    Admin,
}

impl Role {
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "player" => Some(Role::Player),
            "creator" => Some(Role::Creator),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Creator => "creator",
            Role::Admin => "admin",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One configured key (its hash is the map's key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyEntry {
    pub name: String,
    pub role: Role,
}

/// Why a keys file was refused (start-up stops with this message).
#[derive(Debug, thiserror::Error)]
pub enum KeysFileError {
    #[error("cannot read the API keys file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("API keys file {path}, line {line}: {reason}")]
    Line {
        path: PathBuf,
        line: usize,
        reason: String,
    },
    #[error("API keys file {0} has no keys (every call would be refused)")]
    Empty(PathBuf),
}

/// The longest key name accepted (names appear in logs and messages).
pub const MAX_NAME_LEN: usize = 64;

/// Whether `name` is a valid key name: 1 to 64 of `A-Z a-z 0-9 _ . -`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// The configured keys, by the SHA-256 of the key.
#[derive(Debug, Clone, Default)]
pub struct KeyRing {
    by_hash: HashMap<[u8; 32], KeyEntry>,
}

impl KeyRing {
    /// Read and check a keys file.
    pub fn load(path: &Path) -> Result<KeyRing, KeysFileError> {
        let text = std::fs::read_to_string(path).map_err(|source| KeysFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        let ring = Self::parse(&text).map_err(|(line, reason)| KeysFileError::Line {
            path: path.to_owned(),
            line,
            reason,
        })?;
        if ring.by_hash.is_empty() {
            return Err(KeysFileError::Empty(path.to_owned()));
        }
        Ok(ring)
    }

    /// Parse a keys file's text; an error names the (1-based) line.
    pub fn parse(text: &str) -> Result<KeyRing, (usize, String)> {
        let mut by_hash = HashMap::new();
        let mut names = HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let fields: Vec<&str> = content.split_whitespace().collect();
            let [name, role, hash] = fields[..] else {
                return Err((
                    line,
                    format!(
                        "expected NAME ROLE SHA256-HEX (3 fields), found {}",
                        fields.len()
                    ),
                ));
            };
            if !valid_name(name) {
                return Err((
                    line,
                    format!("invalid key name (1 to {MAX_NAME_LEN} of A-Z a-z 0-9 _ . -)"),
                ));
            }
            let role = Role::parse(role)
                .ok_or_else(|| (line, "the role must be `creator` or `admin`".to_owned()))?;
            let hash = parse_hash(hash).ok_or_else(|| {
                (
                    line,
                    "the hash must be 64 hex digits (the SHA-256 of the key; `satrap api-key` prints it)"
                        .to_owned(),
                )
            })?;
            if let Some(first) = names.insert(name.to_owned(), line) {
                return Err((
                    line,
                    format!("key name {name} already used on line {first}"),
                ));
            }
            let entry = KeyEntry {
                name: name.to_owned(),
                role,
            };
            if by_hash.insert(hash, entry).is_some() {
                return Err((line, "the same key hash appears twice".to_owned()));
            }
        }
        Ok(KeyRing { by_hash })
    }

    /// The entry of a presented key, if it is configured.
    pub fn find(&self, key: &str) -> Option<&KeyEntry> {
        self.by_hash.get(&hash_key(key))
    }

    pub fn len(&self) -> usize {
        self.by_hash.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_hash.is_empty()
    }
}

fn parse_hash(text: &str) -> Option<[u8; 32]> {
    let bytes = hex::decode(text).ok()?;
    <[u8; 32]>::try_from(bytes.as_slice()).ok()
}

pub fn hash_key(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

/// A new key and its keys-file line.
pub struct NewKey {
    /// Give this to the backend; it is shown once and never stored.
    pub key: String,
    /// Add this to the keys file.
    pub line: String,
}

/// Make a key: `satrap_` and 256 random bits in hex (the prefix lets secret
/// scanners and people recognise it).
pub fn generate(name: &str, role: Role) -> Result<NewKey, String> {
    if !valid_name(name) {
        return Err(format!(
            "invalid key name {name:?}: use 1 to {MAX_NAME_LEN} of A-Z a-z 0-9 _ . -"
        ));
    }
    let secret = crate::auth::new_token().map_err(|e| e.to_string())?;
    let key = format!("satrap_{secret}");
    let line = format!("{name} {role} {}", hex::encode(hash_key(&key)));
    Ok(NewKey { key, line })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_are_found_by_their_line() -> Result<(), String> {
        let a = generate("backend-1", Role::Creator)?;
        let b = generate("ops", Role::Admin)?;
        assert!(a.key.starts_with("satrap_") && a.key.len() == 7 + 64);
        assert_ne!(a.key, b.key);
        let file = format!("# keys\n\n{}\n  {}  # the operators\n", a.line, b.line);
        let ring = KeyRing::parse(&file).map_err(|(l, r)| format!("{l}: {r}"))?;
        assert_eq!(ring.len(), 2);
        assert_eq!(
            ring.find(&a.key),
            Some(&KeyEntry {
                name: "backend-1".into(),
                role: Role::Creator
            })
        );
        assert_eq!(ring.find(&b.key).map(|e| e.role), Some(Role::Admin));
        assert_eq!(ring.find("satrap_0000"), None);
        assert_eq!(ring.find(""), None);
        Ok(())
    }

    #[test]
    fn malformed_lines_are_named_by_number() {
        let hash = "ab".repeat(32);
        let cases = [
            (format!("a creator {hash}\nb creator"), 2, "3 fields"),
            (format!("\n\nb owner {hash}"), 3, "role"),
            ("c admin 1234".to_owned(), 1, "64 hex"),
            (format!("bad/name admin {hash}"), 1, "key name"),
            (
                format!("a creator {hash}\na admin {}", "cd".repeat(32)),
                2,
                "already used on line 1",
            ),
            (format!("a creator {hash}\nb admin {hash}"), 2, "twice"),
        ];
        for (text, line, needle) in cases {
            match KeyRing::parse(&text) {
                Err((l, reason)) => {
                    assert_eq!(l, line, "{text:?}: {reason}");
                    assert!(reason.contains(needle), "{text:?}: {reason}");
                }
                Ok(_) => panic!("{text:?} was accepted"),
            }
        }
    }

    #[test]
    fn roles_are_ordered() {
        assert!(Role::Admin > Role::Creator);
        assert!(Role::Creator > Role::Player);
        assert_eq!(Role::parse("player"), Some(Role::Player));
        assert_eq!(Role::parse("admin"), Some(Role::Admin));
        assert_eq!(Role::parse("Admin"), None);
    }

    #[test]
    fn a_file_without_keys_is_refused() {
        let path = std::env::temp_dir().join(format!("satrap-keys-empty-{}", std::process::id()));
        std::fs::write(&path, "# nothing yet\n").expect("write");
        let err = KeyRing::load(&path).expect_err("refused");
        let _ = std::fs::remove_file(&path);
        assert!(matches!(err, KeysFileError::Empty(_)), "{err}");
    }
}
