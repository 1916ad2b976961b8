//! Status codes for requests that tonic refuses before any handler runs,
//! as the docs/api.md's table promises them:
//!
//! - over `--max-message-bytes`: tonic says OUT_OF_RANGE; satrap documents
//!   RESOURCE_EXHAUSTED for a server limit (the gRPC convention for size
//!   limits);
//! - a body that is not a well-formed request (a truncated frame, a
//!   compressed flag without `grpc-encoding`, bad base64 in gRPC-Web text,
//!   a message that does not decode, for the health and reflection services
//!   whose codec is not ours): tonic and tonic-web say INTERNAL, which
//!   satrap reserves for its own bugs; these are the client's, so
//!   INVALID_ARGUMENT. (gRPC's compression document asks INTERNAL for the
//!   compressed flag; a client that sends one without an encoding is still
//!   the one at fault, and INVALID_ARGUMENT tells it not to retry.)
//!
//! The layer sits inside gRPC-Web's translation, so both transports get the
//! same codes. Such refusals are trailers-only answers (the status in the
//! headers); satrap's handlers never answer OUT_OF_RANGE, nor INTERNAL
//! with these messages, so nothing else is changed.

use std::task::{Context, Poll};

use futures_util::TryFutureExt;
use http::HeaderValue;
use tower::{Layer, Service};

/// `grpc-status` of OUT_OF_RANGE, RESOURCE_EXHAUSTED, INTERNAL and
/// INVALID_ARGUMENT.
const OUT_OF_RANGE: &str = "11";
const RESOURCE_EXHAUSTED: &str = "8";
const INTERNAL: &str = "13";
const INVALID_ARGUMENT: &str = "3";

/// How tonic, tonic-web and prost begin the messages of a request body
/// they could not read.
const MALFORMED_REQUEST: [&str; 5] = [
    "Unexpected EOF decoding stream",
    "protocol error: received message with compressed-flag",
    "protocol error: received message with invalid compression flag",
    "tonic-web: ",
    "failed to decode Protobuf message",
];

#[derive(Debug, Clone, Copy, Default)]
pub struct StatusCodesLayer;

impl<S> Layer<S> for StatusCodesLayer {
    type Service = StatusCodes<S>;

    fn layer(&self, inner: S) -> Self::Service {
        StatusCodes(inner)
    }
}

#[derive(Debug, Clone)]
pub struct StatusCodes<S>(S);

type Remap<B> = fn(http::Response<B>) -> http::Response<B>;

impl<S, Req, B> Service<Req> for StatusCodes<S>
where
    S: Service<Req, Response = http::Response<B>>,
{
    type Response = http::Response<B>;
    type Error = S::Error;
    type Future = futures_util::future::MapOk<S::Future, Remap<B>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: Req) -> Self::Future {
        self.0.call(req).map_ok(remap::<B> as Remap<B>)
    }
}

/// A refused request's status is in the headers (a trailers-only answer).
fn remap<B>(mut response: http::Response<B>) -> http::Response<B> {
    let headers = response.headers_mut();
    let Some(status) = headers.get("grpc-status") else {
        return response;
    };
    if status == OUT_OF_RANGE {
        headers.insert("grpc-status", HeaderValue::from_static(RESOURCE_EXHAUSTED));
    } else if status == INTERNAL && malformed_request(headers.get("grpc-message")) {
        headers.insert("grpc-status", HeaderValue::from_static(INVALID_ARGUMENT));
    }
    response
}

/// Whether a (percent-encoded) `grpc-message` says the request body could
/// not be read.
fn malformed_request(message: Option<&HeaderValue>) -> bool {
    let Some(message) = message.and_then(|m| m.to_str().ok()) else {
        return false;
    };
    let text = percent_encoding::percent_decode_str(message).decode_utf8_lossy();
    MALFORMED_REQUEST.iter().any(|p| text.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: &'static str, message: &'static str) -> http::Response<()> {
        let mut r = http::Response::new(());
        r.headers_mut()
            .insert("grpc-status", HeaderValue::from_static(status));
        r.headers_mut()
            .insert("grpc-message", HeaderValue::from_static(message));
        r
    }

    fn code(r: &http::Response<()>) -> &str {
        r.headers()
            .get("grpc-status")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    #[test]
    fn unreadable_requests_are_invalid_argument() {
        for message in [
            "Unexpected%20EOF%20decoding%20stream.",
            "protocol%20error:%20received%20message%20with%20compressed-flag%20but%20no%20grpc-encoding%20was%20specified",
            "tonic-web:%20malformed%20base64%20request",
            "failed%20to%20decode%20Protobuf%20message:%20invalid%20wire%20type",
        ] {
            assert_eq!(
                code(&remap(answer(INTERNAL, message))),
                INVALID_ARGUMENT,
                "{message}"
            );
        }
    }

    #[test]
    fn other_codes_and_our_own_internal_errors_stay() {
        assert_eq!(
            code(&remap(answer(OUT_OF_RANGE, "too%20big"))),
            RESOURCE_EXHAUSTED
        );
        assert_eq!(
            code(&remap(answer(INTERNAL, "request%20task%20failed"))),
            INTERNAL
        );
        assert_eq!(code(&remap(answer("5", "not%20found"))), "5");
    }
}
