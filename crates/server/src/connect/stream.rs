//! Connect server streams (WatchGame, FindMatch, WatchEvents): the request
//! is one enveloped message (`application/connect+json` or
//! `application/connect+proto`), the response HTTP 200 with one envelope
//! per message and a last one flagged end-of-stream that carries, in JSON
//! whatever the codec, the error if the stream failed and the trailers as
//! `metadata`. Each message is converted as it arrives: a watcher sees an
//! update as soon as a gRPC watcher would.

use std::convert::Infallible;

use bytes::{BufMut, Bytes, BytesMut};
use http::header::{CONTENT_TYPE, HeaderValue};
use http::{HeaderMap, Request, Response};
use http_body::Frame;
use http_body_util::{BodyExt, Full, StreamBody};
use prost_reflect::MethodDescriptor;
use tonic::Code;
use tonic::body::Body;
use tower::{Service, ServiceExt};

use super::forward;
use super::protocol::{Codec, ConnectError};

/// An envelope's flag: the message is compressed.
const COMPRESSED: u8 = 0x01;
/// An envelope's flag: the end-of-stream message.
const END_STREAM: u8 = 0x02;

/// The one request message of a server stream: the envelope's payload.
pub(super) fn request_message(body: &[u8]) -> Result<Bytes, ConnectError> {
    let invalid = |why: &str| ConnectError::new(Code::InvalidArgument, why.to_owned());
    if body.len() < 5 {
        return Err(invalid("the request is not an enveloped message"));
    }
    let flags = body[0];
    let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
    if flags & COMPRESSED != 0 {
        return Err(ConnectError::new(
            Code::Unimplemented,
            "compressed messages are not accepted: send them uncompressed",
        ));
    }
    if flags != 0 {
        return Err(invalid("the request envelope has unknown flags"));
    }
    if body.len() - 5 != len {
        return Err(invalid(
            "a server stream's request is exactly one enveloped message",
        ));
    }
    Ok(Bytes::copy_from_slice(&body[5..]))
}

/// One envelope: flags, length, payload.
fn envelope(flags: u8, payload: &[u8]) -> Bytes {
    let mut out = BytesMut::with_capacity(payload.len() + 5);
    out.put_u8(flags);
    out.put_u32(payload.len() as u32);
    out.put_slice(payload);
    out.freeze()
}

/// The end-of-stream envelope: the error, if any, and the trailers.
fn end_stream(error: Option<&ConnectError>, trailers: Option<&HeaderMap>) -> Bytes {
    let mut end = serde_json::Map::new();
    if let Some(error) = error {
        end.insert("error".into(), error.json());
    }
    let mut metadata = serde_json::Map::new();
    for (name, value) in trailers.into_iter().flatten() {
        let name = name.as_str();
        if name.starts_with("grpc-") {
            continue;
        }
        if let Ok(value) = value.to_str() {
            let values = metadata
                .entry(name.to_owned())
                .or_insert_with(|| serde_json::Value::Array(Vec::new()));
            if let serde_json::Value::Array(values) = values {
                values.push(value.into());
            }
        }
    }
    if !metadata.is_empty() {
        end.insert("metadata".into(), metadata.into());
    }
    envelope(
        END_STREAM,
        serde_json::Value::Object(end).to_string().as_bytes(),
    )
}

/// A stream's response: HTTP 200 in the stream's content type.
fn stream_response(codec: Codec, body: Body) -> Response<Body> {
    let mut response = Response::new(body);
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(codec.stream_type()));
    response
}

/// A stream that failed before its first message: only the end.
pub(super) fn failed(codec: Codec, error: &ConnectError) -> Response<Body> {
    stream_response(codec, Body::new(Full::new(end_stream(Some(error), None))))
}

/// One server stream through the gRPC routes: `message` is the request in
/// protobuf. The error is the inner service's own.
pub(super) async fn call<S, ResBody>(
    inner: S,
    method: &MethodDescriptor,
    codec: Codec,
    parts: http::request::Parts,
    message: &[u8],
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<ResBody>>,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let response = inner.oneshot(forward::grpc_request(parts, message)).await?;
    let (parts, body) = response.into_parts();
    let state = Converter {
        body: Body::new(body),
        headers: parts.headers,
        buffer: BytesMut::new(),
        output: method.output(),
        codec,
        done: false,
    };
    let frames = futures_util::stream::unfold(state, |mut state| async move {
        let data = state.next().await?;
        Some((Ok::<_, Infallible>(Frame::data(data)), state))
    });
    Ok(stream_response(codec, Body::new(StreamBody::new(frames))))
}

/// Turns the gRPC answer's frames into Connect envelopes as they come.
struct Converter {
    body: Body,
    /// The answer's headers (a trailers-only answer's status is there).
    headers: HeaderMap,
    /// Bytes of a gRPC frame not yet whole.
    buffer: BytesMut,
    output: prost_reflect::MessageDescriptor,
    codec: Codec,
    done: bool,
}

impl Converter {
    /// The next envelope to send; `None` after the end-of-stream one.
    async fn next(&mut self) -> Option<Bytes> {
        if self.done {
            return None;
        }
        loop {
            match forward::frame(&self.buffer) {
                Some(Ok((message, used))) => {
                    let _ = self.buffer.split_to(used);
                    return Some(match self.codec.encode(&self.output, message) {
                        Ok(payload) => envelope(0, &payload),
                        Err(e) => self.end(Some(e), None),
                    });
                }
                Some(Err(e)) => return Some(self.end(Some(e), None)),
                None => {}
            }
            match self.body.frame().await {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => self.buffer.extend_from_slice(&data),
                    Err(frame) => {
                        let trailers = frame.into_trailers().ok();
                        let error = self.outcome(trailers.as_ref());
                        return Some(self.end(error, trailers.as_ref()));
                    }
                },
                Some(Err(e)) => {
                    let error = ConnectError::new(
                        Code::Unavailable,
                        format!(
                            "the stream broke off: {}",
                            super::protocol::bounded(&e.to_string())
                        ),
                    );
                    return Some(self.end(Some(error), None));
                }
                None => {
                    let error = self.outcome(None);
                    return Some(self.end(error, None));
                }
            }
        }
    }

    /// The stream's error, from its trailers (or headers), if it failed.
    fn outcome(&self, trailers: Option<&HeaderMap>) -> Option<ConnectError> {
        if !self.buffer.is_empty() {
            return Some(ConnectError::new(
                Code::Internal,
                "the answer ended inside a message",
            ));
        }
        forward::status(trailers, &self.headers).err()
    }

    /// The last envelope.
    fn end(&mut self, error: Option<ConnectError>, trailers: Option<&HeaderMap>) -> Bytes {
        self.done = true;
        end_stream(error.as_ref(), trailers)
    }
}

/// The envelopes of a whole stream body: (flags, payload), for tests.
#[cfg(test)]
pub(super) fn envelopes(mut body: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    while body.len() >= 5 {
        let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
        out.push((body[0], body[5..5 + len].to_vec()));
        body = &body[5 + len..];
    }
    assert!(body.is_empty(), "bytes after the last envelope");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_is_exactly_one_uncompressed_envelope() {
        assert_eq!(&request_message(&envelope(0, b"abc")).unwrap()[..], b"abc");
        assert_eq!(request_message(&envelope(0, b"")).unwrap().len(), 0);
        let mut two = envelope(0, b"a").to_vec();
        two.extend_from_slice(&envelope(0, b"b"));
        for (body, code) in [
            (two, Code::InvalidArgument),
            (vec![0, 0, 0], Code::InvalidArgument),
            (envelope(COMPRESSED, b"x").to_vec(), Code::Unimplemented),
            (envelope(END_STREAM, b"{}").to_vec(), Code::InvalidArgument),
        ] {
            assert_eq!(request_message(&body).unwrap_err().code, code, "{body:?}");
        }
    }

    #[test]
    fn the_end_carries_the_error_and_the_trailers_in_json() {
        let mut trailers = HeaderMap::new();
        trailers.insert("grpc-status", HeaderValue::from_static("14"));
        trailers.insert("x-replica", HeaderValue::from_static("b"));
        let error = ConnectError::new(Code::Unavailable, "draining");
        let all = envelopes(&end_stream(Some(&error), Some(&trailers)));
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].0, END_STREAM);
        let end: serde_json::Value = serde_json::from_slice(&all[0].1).unwrap();
        assert_eq!(end["error"]["code"], "unavailable");
        assert_eq!(end["error"]["message"], "draining");
        assert_eq!(end["metadata"]["x-replica"][0], "b");
        assert!(end["metadata"].get("grpc-status").is_none());
        let ok: serde_json::Value =
            serde_json::from_slice(&envelopes(&end_stream(None, None))[0].1).unwrap();
        assert_eq!(ok, serde_json::json!({}), "success: an empty object");
    }
}
