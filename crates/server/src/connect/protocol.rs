//! The pieces of the Connect protocol every call shape shares: the codecs,
//! the error (its code names and HTTP statuses), transcoding between
//! the proto3 JSON mapping and protobuf, and the 415 for a content type
//! nobody here speaks.

use bytes::Bytes;
use http::header::{CONTENT_TYPE, HeaderValue};
use http::{Response, StatusCode};
use http_body_util::Full;
use prost::Message as _;
use prost_reflect::{DynamicMessage, MessageDescriptor};
use tonic::Code;
use tonic::body::Body;

/// Longest part of a decoding error quoted back (it may name client input).
const MAX_DETAIL_CHARS: usize = 120;

/// The two message codecs Connect speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Codec {
    Json,
    Proto,
}

impl Codec {
    /// `json` or `proto`: the codec's name in content types and in a GET's
    /// `encoding` parameter.
    pub(super) fn named(name: &str) -> Option<Codec> {
        if name.eq_ignore_ascii_case("json") {
            Some(Codec::Json)
        } else if name.eq_ignore_ascii_case("proto") {
            Some(Codec::Proto)
        } else {
            None
        }
    }

    /// The content type of a unary call's body.
    pub(super) fn unary_type(self) -> &'static str {
        match self {
            Codec::Json => "application/json",
            Codec::Proto => "application/proto",
        }
    }

    /// The content type of a stream's body.
    pub(super) fn stream_type(self) -> &'static str {
        match self {
            Codec::Json => "application/connect+json",
            Codec::Proto => "application/connect+proto",
        }
    }

    /// A request message in this codec as protobuf bytes.
    pub(super) fn decode(
        self,
        input: &MessageDescriptor,
        body: Bytes,
    ) -> Result<Bytes, ConnectError> {
        match self {
            Codec::Proto => Ok(body),
            Codec::Json => from_json(input, &body),
        }
    }

    /// A protobuf answer message in this codec.
    pub(super) fn encode(
        self,
        output: &MessageDescriptor,
        message: Bytes,
    ) -> Result<Bytes, ConnectError> {
        match self {
            Codec::Proto => Ok(message),
            Codec::Json => to_json(output, message),
        }
    }
}

/// A Connect error: its code and message.
#[derive(Debug)]
pub(super) struct ConnectError {
    pub(super) code: Code,
    pub(super) message: String,
}

impl ConnectError {
    pub(super) fn new(code: Code, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// The error as Connect's JSON object.
    pub(super) fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "code": code_name(self.code),
            "message": self.message,
        })
    }

    /// The error as a unary response: the code's HTTP status, the JSON body.
    pub(super) fn response(&self) -> Response<Body> {
        let body = self.json().to_string();
        let mut response = Response::new(Body::new(Full::new(Bytes::from(body))));
        *response.status_mut() = http_status(self.code);
        response
            .headers_mut()
            .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

/// What every protocol served here sends: named in the 415's one line and
/// in its `Accept-Post` header.
const SPOKEN: &str = "application/json, application/proto, application/connect+json, application/connect+proto, application/grpc, application/grpc-web";

/// 415 with a one-line plain-text body: the content type `sent` is not one
/// this server speaks (for this method, when `why` says more).
pub(super) fn unsupported(sent: &str, why: Option<&str>) -> Response<Body> {
    let sent = if sent.is_empty() {
        "no content type".to_owned()
    } else {
        format!("content type {:?}", bounded(sent))
    };
    let line = match why {
        Some(why) => format!("unsupported {sent}: {why}\n"),
        None => format!("unsupported {sent}: send one of {SPOKEN}\n"),
    };
    let mut response = Response::new(Body::new(Full::new(Bytes::from(line))));
    *response.status_mut() = StatusCode::UNSUPPORTED_MEDIA_TYPE;
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert("accept-post", HeaderValue::from_static(SPOKEN));
    response
}

/// The JSON request as the protobuf message `input`.
fn from_json(input: &MessageDescriptor, body: &[u8]) -> Result<Bytes, ConnectError> {
    // An empty body is the empty message, as Connect clients send it.
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    let mut json = serde_json::Deserializer::from_slice(body);
    let message = DynamicMessage::deserialize(input.clone(), &mut json)
        .and_then(|m| json.end().map(|()| m))
        .map_err(|e| {
            ConnectError::new(
                Code::InvalidArgument,
                format!(
                    "the body is not a {} in JSON: {}",
                    input.full_name(),
                    bounded(&e.to_string())
                ),
            )
        })?;
    Ok(Bytes::from(message.encode_to_vec()))
}

/// The protobuf answer `message` (of type `output`) in the proto3 JSON
/// mapping.
fn to_json(output: &MessageDescriptor, message: Bytes) -> Result<Bytes, ConnectError> {
    let decoded = DynamicMessage::decode(output.clone(), message)
        .map_err(|e| ConnectError::new(Code::Internal, format!("the answer: {e}")))?;
    let mut out = Vec::new();
    let mut json = serde_json::Serializer::new(&mut out);
    decoded
        .serialize_with_options(&mut json, &prost_reflect::SerializeOptions::new())
        .map_err(|e| ConnectError::new(Code::Internal, format!("the answer: {e}")))?;
    Ok(Bytes::from(out))
}

/// At most [`MAX_DETAIL_CHARS`] of `text`, with a marker when cut.
pub(super) fn bounded(text: &str) -> String {
    let mut out: String = text.chars().take(MAX_DETAIL_CHARS).collect();
    if text.chars().count() > MAX_DETAIL_CHARS {
        out.push_str("...");
    }
    out
}

/// Connect's name of a code.
pub(super) fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "ok",
        Code::Cancelled => "canceled",
        Code::Unknown => "unknown",
        Code::InvalidArgument => "invalid_argument",
        Code::DeadlineExceeded => "deadline_exceeded",
        Code::NotFound => "not_found",
        Code::AlreadyExists => "already_exists",
        Code::PermissionDenied => "permission_denied",
        Code::ResourceExhausted => "resource_exhausted",
        Code::FailedPrecondition => "failed_precondition",
        Code::Aborted => "aborted",
        Code::OutOfRange => "out_of_range",
        Code::Unimplemented => "unimplemented",
        Code::Internal => "internal",
        Code::Unavailable => "unavailable",
        Code::DataLoss => "data_loss",
        Code::Unauthenticated => "unauthenticated",
    }
}

/// The HTTP status the Connect specification gives a code (unary calls;
/// a stream is always 200 and carries its error at its end).
pub(super) fn http_status(code: Code) -> StatusCode {
    match code {
        Code::Ok => StatusCode::OK,
        Code::Cancelled => StatusCode::from_u16(499).unwrap_or(StatusCode::BAD_REQUEST),
        Code::InvalidArgument | Code::FailedPrecondition | Code::OutOfRange => {
            StatusCode::BAD_REQUEST
        }
        Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::AlreadyExists | Code::Aborted => StatusCode::CONFLICT,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::Unimplemented => StatusCode::NOT_IMPLEMENTED,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
        Code::Unknown | Code::Internal | Code::DataLoss => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    #[test]
    fn every_code_has_the_specifications_name_and_status() {
        assert_eq!(code_name(Code::Cancelled), "canceled");
        assert_eq!(http_status(Code::Cancelled).as_u16(), 499);
        assert_eq!(http_status(Code::Unauthenticated), StatusCode::UNAUTHORIZED);
        assert_eq!(
            http_status(Code::ResourceExhausted),
            StatusCode::TOO_MANY_REQUESTS
        );
        assert_eq!(
            http_status(Code::Unavailable),
            StatusCode::SERVICE_UNAVAILABLE
        );
    }

    #[tokio::test]
    async fn an_unsupported_content_type_is_a_415_with_one_line() {
        let response = unsupported("text/plain", None);
        assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(response.headers().contains_key("accept-post"));
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let text = std::str::from_utf8(&body).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains("\"text/plain\""), "{text}");
        assert!(text.contains("application/connect+json"), "{text}");
    }

    #[test]
    fn long_details_are_cut() {
        let cut = bounded(&"x".repeat(500));
        assert_eq!(cut.chars().count(), MAX_DETAIL_CHARS + 3);
        assert!(cut.ends_with("..."));
    }
}
