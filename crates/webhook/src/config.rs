//! Where events go and how patiently.

use std::fmt;
use std::time::Duration;

/// Settings of one webhook endpoint.
///
/// `Debug` leaves the secret out, so a config can be logged.
#[derive(Clone)]
pub struct WebhookConfig {
    /// The receiver's endpoint; `http` or `https` only.
    pub url: String,
    /// The key of the HMAC-SHA256 signature, shared with the receiver.
    pub secret: Vec<u8>,
    /// How long one attempt may take, connecting and answering included.
    pub timeout: Duration,
    /// The pause after the first failed attempt; it doubles after each
    /// further failure.
    pub first_retry: Duration,
    /// The longest pause between attempts.
    pub max_retry: Duration,
}

impl WebhookConfig {
    /// Default timeout of one attempt.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
    /// Default pause after the first failure.
    pub const DEFAULT_FIRST_RETRY: Duration = Duration::from_secs(1);
    /// Default longest pause between attempts.
    pub const DEFAULT_MAX_RETRY: Duration = Duration::from_secs(60);

    /// An endpoint with the defaults: a 10 s timeout per attempt and pauses
    /// from 1 s doubling to 60 s.
    pub fn new(url: impl Into<String>, secret: impl Into<Vec<u8>>) -> Self {
        Self {
            url: url.into(),
            secret: secret.into(),
            timeout: Self::DEFAULT_TIMEOUT,
            first_retry: Self::DEFAULT_FIRST_RETRY,
            max_retry: Self::DEFAULT_MAX_RETRY,
        }
    }
}

impl fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebhookConfig")
            .field("url", &self.url)
            .field("secret", &format_args!("<{} bytes>", self.secret.len()))
            .field("timeout", &self.timeout)
            .field("first_retry", &self.first_retry)
            .field("max_retry", &self.max_retry)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_has_the_documented_defaults() {
        let config = WebhookConfig::new("https://example.org/hook", "s3cret");
        assert_eq!(config.url, "https://example.org/hook");
        assert_eq!(config.secret, b"s3cret");
        assert_eq!(config.timeout, Duration::from_secs(10));
        assert_eq!(config.first_retry, Duration::from_secs(1));
        assert_eq!(config.max_retry, Duration::from_secs(60));
    }

    #[test]
    fn debug_does_not_show_the_secret() {
        let config = WebhookConfig::new("https://example.org/hook", "hunter2-secret");
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("<14 bytes>"), "{shown}");
    }
}
