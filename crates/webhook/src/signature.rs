//! The signature scheme: HMAC-SHA256 over `<timestamp>.<body>`.
//!
//! The timestamp is inside the signed text so that a captured request cannot
//! be replayed later under a fresh timestamp.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// What precedes the hex digest in the signature header; names the
/// algorithm so that another can be added without ambiguity.
const PREFIX: &str = "sha256=";

/// The HMAC over the signed text, ready for its final step.
fn mac(secret: &[u8], timestamp: &str, body: &[u8]) -> HmacSha256 {
    // HMAC takes keys of any length (long ones are hashed first), so this
    // constructor cannot fail; the Result is only the generic `KeyInit` API.
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC accepts keys of any length");
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The `satrap-signature` header value for `body` sent at `timestamp`:
/// `sha256=` and the lowercase hex HMAC-SHA256 of `<timestamp>.<body>`.
pub fn sign(secret: &[u8], timestamp: &str, body: &[u8]) -> String {
    let digest = mac(secret, timestamp, body).finalize().into_bytes();
    format!("{PREFIX}{}", hex::encode(digest))
}

/// What a receiver does to check a delivery: recompute the HMAC of
/// `<timestamp>.<body>` with the shared secret and compare it in constant
/// time with the `satrap-signature` header value. Returns true only if they
/// match; a header without the `sha256=` prefix or with bad hex is false.
///
/// `timestamp` is the `satrap-timestamp` header value as received, and
/// `body` the raw bytes, before any parsing.
pub fn verify(secret: &[u8], timestamp: &str, body: &[u8], signature_header: &str) -> bool {
    let Some(digest_hex) = signature_header.strip_prefix(PREFIX) else {
        return false;
    };
    let Ok(digest) = hex::decode(digest_hex) else {
        return false;
    };
    mac(secret, timestamp, body).verify_slice(&digest).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec-test";
    const TIMESTAMP: &str = "1700000000";
    const BODY: &[u8] = br#"{"event":"game.finished","game":"g1"}"#;
    /// Computed independently with
    /// `printf '%s' '1700000000.{"event":"game.finished","game":"g1"}' | openssl dgst -sha256 -hmac whsec-test`.
    const EXPECTED: &str =
        "sha256=c6f4b38ff55dfc8718d1a6d3156aaf2880e7bed3ec44ab5a303ff0f5ebc4c41d";

    #[test]
    fn signature_matches_an_independent_computation() {
        assert_eq!(sign(SECRET, TIMESTAMP, BODY), EXPECTED);
    }

    #[test]
    fn a_signature_verifies() {
        assert!(verify(SECRET, TIMESTAMP, BODY, EXPECTED));
        let upper = format!("sha256={}", EXPECTED[PREFIX.len()..].to_uppercase());
        assert!(verify(SECRET, TIMESTAMP, BODY, &upper), "hex case is free");
    }

    #[test]
    fn anything_changed_fails() {
        assert!(!verify(b"other secret", TIMESTAMP, BODY, EXPECTED));
        assert!(!verify(SECRET, "1700000001", BODY, EXPECTED));
        assert!(!verify(
            SECRET,
            TIMESTAMP,
            br#"{"event":"game.finished","game":"g2"}"#,
            EXPECTED
        ));
        let mut flipped = EXPECTED.to_owned();
        let last = if flipped.ends_with('0') { "1" } else { "0" };
        flipped.replace_range(flipped.len() - 1.., last);
        assert!(!verify(SECRET, TIMESTAMP, BODY, &flipped));
    }

    #[test]
    fn malformed_headers_fail() {
        let digest = &EXPECTED[PREFIX.len()..];
        assert!(!verify(SECRET, TIMESTAMP, BODY, digest), "prefix missing");
        assert!(!verify(SECRET, TIMESTAMP, BODY, &format!("sha1={digest}")));
        assert!(!verify(SECRET, TIMESTAMP, BODY, "sha256=zz"));
        assert!(!verify(SECRET, TIMESTAMP, BODY, "sha256="));
        assert!(
            !verify(SECRET, TIMESTAMP, BODY, &EXPECTED[..EXPECTED.len() - 2]),
            "truncated"
        );
        assert!(!verify(SECRET, TIMESTAMP, BODY, ""));
    }
}
