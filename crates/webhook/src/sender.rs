//! Sending events: one signed attempt, and the retry loop around it.

use std::error::Error as StdError;
use std::fmt;
use std::future::Future;
use std::pin::pin;
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http::header::{CONTENT_TYPE, HeaderValue, USER_AGENT};
use http::{Request, Uri};
use http_body_util::Full;
use hyper_util::client::proxy::matcher::Matcher;

use crate::backoff::Backoff;
use crate::config::WebhookConfig;
use crate::error::WebhookError;
use crate::signature::sign;
use crate::transport::Transport;

/// The header carrying the event's id, the receiver's idempotency key.
pub const EVENT_ID_HEADER: &str = "satrap-event-id";
/// The header carrying the Unix time (seconds) at which an attempt was signed.
pub const TIMESTAMP_HEADER: &str = "satrap-timestamp";
/// The header carrying `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`.
pub const SIGNATURE_HEADER: &str = "satrap-signature";

/// One webhook endpoint: where to post, the signing secret, and an HTTP
/// client whose connections are reused between events.
///
/// Cheap to share behind an `Arc`; all methods take `&self`. The client
/// follows no redirects (a signed body goes only where it was configured to
/// go) and honours the usual `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY`/`NO_PROXY`
/// variables, through the proxy's `CONNECT` tunnel. `https` URLs are
/// checked against the system's root certificates.
pub struct Webhook {
    url: Uri,
    secret: Vec<u8>,
    transport: Transport,
    first_retry: std::time::Duration,
    max_retry: std::time::Duration,
}

impl fmt::Debug for Webhook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Webhook")
            .field("url", &format_args!("{}", self.url))
            .field("secret", &format_args!("<{} bytes>", self.secret.len()))
            .field("proxied", &self.transport.proxied())
            .finish_non_exhaustive()
    }
}

impl Webhook {
    /// Checks the configuration and builds the HTTP client.
    ///
    /// The URL must be `http` or `https` with a host; the secret must not be
    /// empty (an empty key would let anyone sign); the timeout and the first
    /// pause must be above zero, and the longest pause at least the first.
    pub fn new(config: WebhookConfig) -> Result<Self, WebhookError> {
        Self::with_proxies(config, &Matcher::from_env())
    }

    /// [`new`](Self::new) with the proxies given rather than read from the
    /// environment (the tests set their own).
    fn with_proxies(config: WebhookConfig, proxies: &Matcher) -> Result<Self, WebhookError> {
        let url = parse_url(&config.url)?;
        if config.secret.is_empty() {
            return Err(WebhookError::BadConfig {
                reason: "the signing secret is empty",
            });
        }
        if config.timeout.is_zero() {
            return Err(WebhookError::BadConfig {
                reason: "the timeout is zero",
            });
        }
        if config.first_retry.is_zero() {
            return Err(WebhookError::BadConfig {
                reason: "the first retry pause is zero",
            });
        }
        if config.max_retry < config.first_retry {
            return Err(WebhookError::BadConfig {
                reason: "the longest retry pause is shorter than the first",
            });
        }
        let transport = Transport::new(&url, proxies, config.timeout)?;
        Ok(Self {
            url,
            secret: config.secret,
            transport,
            first_retry: config.first_retry,
            max_retry: config.max_retry,
        })
    }

    /// One attempt: POSTs `body` (JSON) signed with a fresh timestamp, with
    /// the headers described in the crate docs. Ok only for a 2xx answer.
    pub async fn post(&self, id: &str, body: &[u8]) -> Result<(), WebhookError> {
        let event_id = event_id_header(id)?;
        let timestamp = unix_now().to_string();
        let signature = sign(&self.secret, &timestamp, body);
        let request = Request::post(self.url.clone())
            .header(CONTENT_TYPE, HeaderValue::from_static("application/json"))
            .header(
                USER_AGENT,
                HeaderValue::from_static(concat!("satrap-webhook/", env!("CARGO_PKG_VERSION"))),
            )
            .header(EVENT_ID_HEADER, event_id)
            .header(TIMESTAMP_HEADER, timestamp)
            .header(SIGNATURE_HEADER, signature)
            .body(Full::new(Bytes::copy_from_slice(body)))
            .map_err(|error| WebhookError::Transport(Box::new(error)))?;
        let status = self.transport.send(request).await?;
        if status.is_success() {
            Ok(())
        } else {
            Err(WebhookError::Refused {
                status: status.as_u16(),
            })
        }
    }

    /// Retries [`post`](Self::post) until the receiver acknowledges the
    /// event, pausing between attempts from the first retry pause, doubling
    /// up to the longest (each pause up to a tenth shorter at random).
    ///
    /// Returns `Err(Stopped)` as soon as `stop` resolves, even in the middle
    /// of an attempt (the receiver may then have the event anyway, which is
    /// why it drops repeats by id). Returns at once, without retrying, for
    /// an error no retry can fix (an unusable event id). Each failed attempt
    /// is logged once at `warn`.
    pub async fn deliver(
        &self,
        id: &str,
        body: &[u8],
        stop: impl Future<Output = ()>,
    ) -> Result<(), WebhookError> {
        let mut stop = pin!(stop);
        let mut backoff = Backoff::new(self.first_retry, self.max_retry);
        let mut attempt: u64 = 0;
        loop {
            attempt += 1;
            let error = tokio::select! {
                biased;
                () = &mut stop => return Err(WebhookError::Stopped),
                result = self.post(id, body) => match result {
                    Ok(()) => return Ok(()),
                    Err(error) if !error.is_retryable() => return Err(error),
                    Err(error) => error,
                },
            };
            let pause = backoff.next_pause();
            tracing::warn!(
                event_id = id,
                attempt,
                retry_in = ?pause,
                error = %Chain(&error),
                "webhook delivery failed; will retry"
            );
            tokio::select! {
                biased;
                () = &mut stop => return Err(WebhookError::Stopped),
                () = tokio::time::sleep(pause) => {}
            }
        }
    }
}

/// The URL, if it is one a webhook can post to.
fn parse_url(text: &str) -> Result<Uri, WebhookError> {
    // The scheme first, so that another scheme is named as such even
    // where the rest would not parse as an HTTP URL (`file:///…`).
    let Some((scheme, _)) = text.split_once("://") else {
        return Err(WebhookError::bad_url(text, "it is not a URL"));
    };
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return Err(WebhookError::bad_url(
            text,
            "only http and https URLs are allowed",
        ));
    }
    let url: Uri = text
        .parse()
        .map_err(|_| WebhookError::bad_url(text, "it is not a URL"))?;
    if url.host().is_none_or(str::is_empty) {
        return Err(WebhookError::bad_url(text, "it names no host"));
    }
    Ok(url)
}

/// The event id as a header value: non-empty visible ASCII, since a
/// receiver must be able to store and compare it byte for byte.
fn event_id_header(id: &str) -> Result<HeaderValue, WebhookError> {
    let visible = !id.is_empty() && id.bytes().all(|b| b.is_ascii_graphic());
    match HeaderValue::from_str(id) {
        Ok(value) if visible => Ok(value),
        _ => Err(WebhookError::bad_event_id(id)),
    }
}

/// Seconds since the Unix epoch; 0 on a clock set before it (the receiver
/// will then refuse the timestamp, and the event is retried).
fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// An error and its causes, joined by `: `, for one log line.
struct Chain<'a>(&'a dyn StdError);

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(cause) = source {
            write!(f, ": {cause}")?;
            source = cause.source();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn config(url: &str) -> WebhookConfig {
        WebhookConfig::new(url, "secret")
    }

    #[test]
    fn http_and_https_urls_are_accepted() {
        for url in [
            "https://hooks.example.org/satrap?token=abc",
            "http://127.0.0.1:8080/hook",
            "HTTPS://EXAMPLE.ORG",
        ] {
            assert!(Webhook::new(config(url)).is_ok(), "{url}");
        }
    }

    #[test]
    fn other_schemes_are_refused_with_a_clear_message() {
        for url in [
            "ftp://example.org/hook",
            "file:///etc/passwd",
            "ws://example.org",
        ] {
            let error = Webhook::new(config(url)).unwrap_err();
            assert!(
                matches!(error, WebhookError::BadUrl { reason, .. } if reason.contains("http and https")),
                "{url}: {error}"
            );
            assert!(error.to_string().contains(url), "{error}");
        }
    }

    #[test]
    fn non_urls_are_refused() {
        for url in [
            "",
            "example.org/hook",
            "not a url",
            "http://",
            "http://exa mple.org/",
        ] {
            let error = Webhook::new(config(url)).unwrap_err();
            assert!(
                matches!(error, WebhookError::BadUrl { .. }),
                "{url}: {error}"
            );
        }
    }

    #[test]
    fn a_refused_url_is_shown_only_in_part() {
        let token = "T".repeat(200);
        let url = format!("ftp://example.org/hook?token={token}");
        let message = Webhook::new(config(&url)).unwrap_err().to_string();
        assert!(message.contains(&url[..64]), "{message}");
        assert!(!message.contains(&url[..65]), "{message}");
        assert!(message.contains('…'), "{message}");
    }

    #[test]
    fn unusable_settings_are_refused() {
        let url = "https://example.org/hook";
        let cases = [
            WebhookConfig::new(url, Vec::new()),
            WebhookConfig {
                timeout: Duration::ZERO,
                ..config(url)
            },
            WebhookConfig {
                first_retry: Duration::ZERO,
                ..config(url)
            },
            WebhookConfig {
                first_retry: Duration::from_secs(2),
                max_retry: Duration::from_secs(1),
                ..config(url)
            },
        ];
        for case in cases {
            let error = Webhook::new(case.clone()).unwrap_err();
            assert!(
                matches!(error, WebhookError::BadConfig { .. }),
                "{case:?}: {error}"
            );
        }
    }

    #[test]
    fn event_ids_must_be_visible_ascii() {
        assert!(event_id_header("evt_01HZX-42:game.finished").is_ok());
        for bad in ["", "two words", "line\nbreak", "tab\there", "caf\u{e9}"] {
            assert!(
                matches!(event_id_header(bad), Err(WebhookError::BadEventId { .. })),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn debug_does_not_show_the_secret() {
        let webhook = Webhook::new(WebhookConfig::new("https://example.org", "hunter2")).unwrap();
        let shown = format!("{webhook:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn the_clock_reads_after_2020() {
        assert!(unix_now() > 1_577_836_800);
    }
}
