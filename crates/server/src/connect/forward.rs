//! A Connect call as the gRPC request it stands for, and the gRPC status
//! of the answer: what the unary calls, the streams and GET share, so that
//! every Connect call reaches the same routes, handlers, access checks,
//! limits and telemetry as gRPC.

use bytes::{BufMut, Bytes, BytesMut};
use http::header::{CONTENT_TYPE, HeaderValue};
use http::{HeaderMap, Method, Request};
use http_body_util::Full;
use tonic::Code;
use tonic::body::Body;

use super::protocol::ConnectError;

/// Connect's own headers, which gRPC does not know (the rest, credentials
/// and tracing among them, pass as they are).
const CONNECT_HEADERS: [&str; 8] = [
    "connect-protocol-version",
    "connect-timeout-ms",
    "connect-content-encoding",
    "connect-accept-encoding",
    "content-length",
    "accept-encoding",
    "content-encoding",
    "accept",
];

/// The gRPC request carrying `message` (protobuf bytes) with the headers of
/// `parts`; `connect-timeout-ms` becomes `grpc-timeout`.
pub(super) fn grpc_request(mut parts: http::request::Parts, message: &[u8]) -> Request<Body> {
    let mut framed = BytesMut::with_capacity(message.len() + 5);
    framed.put_u8(0);
    framed.put_u32(message.len() as u32);
    framed.put_slice(message);
    let timeout = parts
        .headers
        .get("connect-timeout-ms")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    for name in CONNECT_HEADERS {
        parts.headers.remove(name);
    }
    parts
        .headers
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/grpc"));
    parts
        .headers
        .insert("te", HeaderValue::from_static("trailers"));
    if let Some(ms) = timeout {
        // gRPC allows at most 8 digits.
        let value = format!("{}m", ms.min(99_999_999));
        if let Ok(value) = HeaderValue::from_str(&value) {
            parts.headers.insert("grpc-timeout", value);
        }
    }
    // A GET's message came in its query; gRPC is a POST to the bare path.
    parts.method = Method::POST;
    if parts.uri.query().is_some() {
        if let Ok(uri) = parts.uri.path().parse() {
            parts.uri = uri;
        }
    }
    // What gRPC is, whatever the client spoke (Connect runs over HTTP/1.1
    // too; gRPC-Web's layer passes only HTTP/2 gRPC through unchanged).
    parts.version = http::Version::HTTP_2;
    Request::from_parts(parts, Body::new(Full::new(framed.freeze())))
}

/// The outcome a gRPC answer reports in `grpc-status` (its trailers, or
/// its headers for a trailers-only answer): `Ok(())` or the error with its
/// (percent-decoded) message. No status at all is an `unknown` error.
pub(super) fn status(
    trailers: Option<&HeaderMap>,
    headers: &HeaderMap,
) -> Result<(), ConnectError> {
    let get = |name: &str| {
        trailers
            .and_then(|t| t.get(name))
            .or_else(|| headers.get(name))
            .and_then(|v| v.to_str().ok())
    };
    let Some(code) = get("grpc-status")
        .and_then(|c| c.trim().parse::<i32>().ok())
        .map(Code::from_i32)
    else {
        return Err(ConnectError::new(
            Code::Unknown,
            "the call was answered without a status",
        ));
    };
    if code == Code::Ok {
        return Ok(());
    }
    let message = get("grpc-message")
        .map(|m| {
            percent_encoding::percent_decode_str(m)
                .decode_utf8_lossy()
                .into_owned()
        })
        .unwrap_or_default();
    Err(ConnectError::new(code, message))
}

/// One gRPC frame's message, when `data` begins with a whole one: the
/// message and the bytes it took. A compressed frame is an error (no
/// compression is asked for).
pub(super) fn frame(data: &[u8]) -> Option<Result<(Bytes, usize), ConnectError>> {
    if data.len() < 5 {
        return None;
    }
    let len = u32::from_be_bytes([data[1], data[2], data[3], data[4]]) as usize;
    if data.len() < 5 + len {
        return None;
    }
    if data[0] != 0 {
        return Some(Err(ConnectError::new(
            Code::Internal,
            "the answer is not an uncompressed message",
        )));
    }
    Some(Ok((Bytes::copy_from_slice(&data[5..5 + len]), 5 + len)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grpc_request_is_a_framed_post_with_the_timeout() {
        let request = Request::get("/satrap.v1.GameService/GetGame?connect=v1&message=x")
            .header("connect-timeout-ms", "1500")
            .header("connect-protocol-version", "1")
            .header("x-api-key", "k")
            .body(())
            .unwrap();
        let (parts, ()) = request.into_parts();
        let grpc = grpc_request(parts, b"abc");
        assert_eq!(grpc.method(), Method::POST);
        assert_eq!(grpc.uri().path(), "/satrap.v1.GameService/GetGame");
        assert_eq!(grpc.uri().query(), None);
        let headers = grpc.headers();
        assert_eq!(headers["grpc-timeout"], "1500m");
        assert_eq!(headers["content-type"], "application/grpc");
        assert_eq!(headers["x-api-key"], "k", "credentials pass");
        assert!(!headers.contains_key("connect-protocol-version"));
    }

    #[test]
    fn the_status_comes_from_trailers_or_headers() {
        let mut trailers = HeaderMap::new();
        trailers.insert("grpc-status", HeaderValue::from_static("5"));
        trailers.insert("grpc-message", HeaderValue::from_static("no%20game"));
        let e = status(Some(&trailers), &HeaderMap::new()).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (Code::NotFound, "no game"));
        let mut headers = HeaderMap::new();
        headers.insert("grpc-status", HeaderValue::from_static("0"));
        assert!(status(None, &headers).is_ok(), "trailers-only");
        let none = status(None, &HeaderMap::new()).unwrap_err();
        assert_eq!(none.code, Code::Unknown);
    }

    #[test]
    fn frames_are_read_whole_or_not_at_all() {
        assert!(frame(&[0, 0, 0, 0, 3, b'a']).is_none(), "partial");
        let (message, used) = frame(&[0, 0, 0, 0, 1, b'a', 0]).unwrap().unwrap();
        assert_eq!((&message[..], used), (&b"a"[..], 6));
        assert!(frame(&[1, 0, 0, 0, 0]).unwrap().is_err(), "compressed");
    }
}
