//! What can go wrong with a webhook, and whether trying again can help.

/// How many characters of a refused URL an error repeats: enough to
/// recognise it, not enough to spill a long token in its query.
const URL_SHOWN: usize = 64;

/// Why a webhook could not be set up or an event was not delivered.
#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    /// The configured URL cannot be posted to.
    #[error("webhook url {shown:?} is not usable: {reason}")]
    BadUrl {
        /// The start of the URL (at most 64 characters, `…` if cut).
        shown: String,
        reason: &'static str,
    },
    /// A setting other than the URL makes delivery impossible.
    #[error("webhook is misconfigured: {reason}")]
    BadConfig { reason: &'static str },
    /// The HTTP client could not be set up (its TLS library refused the
    /// default protocol versions).
    #[error("the webhook's HTTP client could not be set up")]
    Client(#[source] rustls::Error),
    /// The event id cannot be sent as a header value.
    #[error("event id {shown:?} cannot be sent: it must be non-empty visible ASCII")]
    BadEventId { shown: String },
    /// The receiver answered, but not with a 2xx status.
    #[error("the receiver refused the event with status {status}")]
    Refused { status: u16 },
    /// No answer: the connection could not be made or broke off. The cause
    /// names the address at most, never the URL's path or query (which may
    /// hold a token that logs should not show).
    #[error("the event could not be sent to the receiver")]
    Transport(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The receiver did not answer within the configured timeout.
    #[error("the receiver did not answer in time")]
    Timeout,
    /// The stop signal came before the receiver acknowledged the event.
    #[error("delivery stopped before the receiver acknowledged the event")]
    Stopped,
}

impl WebhookError {
    /// Whether another attempt may succeed: true for the receiver's
    /// failures, false for the sender's own configuration and for a stop.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            Self::Refused { .. } | Self::Transport(_) | Self::Timeout
        )
    }

    pub(crate) fn bad_url(url: &str, reason: &'static str) -> Self {
        Self::BadUrl {
            shown: shorten(url),
            reason,
        }
    }

    pub(crate) fn bad_event_id(id: &str) -> Self {
        Self::BadEventId { shown: shorten(id) }
    }
}

/// The first [`URL_SHOWN`] characters of `text`, with `…` if cut.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(URL_SHOWN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_whole() {
        assert_eq!(shorten("http://x"), "http://x");
        let exactly = "a".repeat(URL_SHOWN);
        assert_eq!(shorten(&exactly), exactly);
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let long = "é".repeat(100);
        let shown = shorten(&long);
        assert_eq!(shown.chars().count(), URL_SHOWN + 1);
        assert!(shown.ends_with('…'));
    }

    #[test]
    fn only_the_receivers_failures_are_retried() {
        assert!(WebhookError::Refused { status: 500 }.is_retryable());
        assert!(WebhookError::Timeout.is_retryable());
        assert!(!WebhookError::Stopped.is_retryable());
        assert!(!WebhookError::bad_url("ftp://x", "no").is_retryable());
        assert!(!WebhookError::bad_event_id("a\nb").is_retryable());
    }
}
