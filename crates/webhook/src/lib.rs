//! Webhooks: a game server's events delivered to an HTTP endpoint as signed
//! JSON POSTs, retried until the receiver acknowledges them.
//!
//! # For receivers
//!
//! Each delivery is one `POST` to the configured URL with a JSON body and
//! these headers:
//!
//! | header | value |
//! | --- | --- |
//! | `content-type` | `application/json` |
//! | `satrap-event-id` | the event's id, the same on every attempt |
//! | `satrap-timestamp` | when this attempt was signed, in Unix seconds |
//! | `satrap-signature` | `sha256=` and the lowercase hex HMAC-SHA256 of `<timestamp>.<body>` |
//!
//! **Check the signature** before trusting the body: compute HMAC-SHA256
//! with the shared secret as the key over the `satrap-timestamp` value, a
//! `.`, and the raw body bytes exactly as received (before any JSON parsing),
//! then compare the hex digest with the part of `satrap-signature` after
//! `sha256=` in constant time. [`verify`] does exactly this. Every attempt is
//! signed afresh with its own timestamp, so a receiver may also refuse
//! timestamps far from its own clock (five minutes is usual) to limit
//! replays of a captured request.
//!
//! **Answer with any 2xx status** once the event is safely stored. Anything
//! else (another status, a dropped connection, no answer within the timeout,
//! ten seconds by default) counts as not delivered, and the same event is
//! sent again after a pause that starts at one second and doubles up to a
//! minute, until it is acknowledged. Redirects are not followed: a 3xx is a
//! refusal like any other.
//!
//! **Drop repeats by `satrap-event-id`.** An event may arrive more than once
//! even when the receiver answered 2xx: the answer can be lost on the way
//! back, or the server can stop between receiving the answer and recording
//! it. The id is the idempotency key: store it with the event and ignore an
//! id seen before (still answering 2xx, so the sender stops).
//!
//! # For the server
//!
//! [`Webhook::post`] makes one attempt; [`Webhook::deliver`] retries it with
//! backoff until the receiver acknowledges or a stop signal (shutdown)
//! arrives. Recording which events were acknowledged is the caller's job.

mod backoff;
mod config;
mod error;
mod sender;
mod signature;
mod transport;

pub use config::WebhookConfig;
pub use error::WebhookError;
pub use sender::{EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, Webhook};
pub use signature::{sign, verify};
