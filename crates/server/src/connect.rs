//! The Connect protocol's unary calls on the gRPC port: a backend or a
//! browser calls `POST /satrap.v1.GameService/GetGame` with a JSON body
//! (`Content-Type: application/json`, the proto3 JSON mapping) or a binary
//! one (`application/proto`), and gets the response message as the body,
//! or an error as `{"code": "not_found", "message": "..."}` with the HTTP
//! status the Connect specification gives the code.
//!
//! How: this layer turns such a request into the gRPC request it stands
//! for (the JSON transcoded by the descriptors the server embeds for
//! reflection, the message framed, `connect-timeout-ms` as
//! `grpc-timeout`), hands it to the same routes, handlers, access checks,
//! status mapping and telemetry as every gRPC call, and turns the gRPC
//! answer back. Every other request passes through unchanged (gRPC is
//! `application/grpc*`, gRPC-Web `application/grpc-web*`).
//!
//! Streaming methods (WatchGame, WatchEvents, FindMatch) are not served
//! over Connect: they answer `unimplemented`; use gRPC or gRPC-Web.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::{BufMut, Bytes, BytesMut};
use http::header::{CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full, Limited};
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, MethodDescriptor};
use tonic::Code;
use tonic::body::Body;
use tower::{Layer, Service, ServiceExt};

/// Longest part of a decoding error quoted back (it may name client input).
const MAX_DETAIL_CHARS: usize = 120;

/// The two codecs of Connect's unary calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Codec {
    Json,
    Proto,
}

impl Codec {
    fn of(req: &Request<Body>) -> Option<Codec> {
        if req.method() != Method::POST {
            return None;
        }
        let value = req.headers().get(CONTENT_TYPE)?.to_str().ok()?;
        let mime = value.split(';').next().unwrap_or("").trim();
        if mime.eq_ignore_ascii_case("application/json") {
            Some(Codec::Json)
        } else if mime.eq_ignore_ascii_case("application/proto") {
            Some(Codec::Proto)
        } else {
            None
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Codec::Json => "application/json",
            Codec::Proto => "application/proto",
        }
    }
}

/// Why the descriptors could not be read (a build that embeds a broken
/// descriptor set: start-up refuses).
#[derive(Debug, thiserror::Error)]
#[error("the embedded protobuf descriptors: {0}")]
pub struct DescriptorsError(String);

/// Serves Connect unary calls (see the module docs).
#[derive(Clone)]
pub struct ConnectLayer {
    shared: Arc<Shared>,
}

struct Shared {
    pool: DescriptorPool,
    /// Largest request body read (`--max-message-bytes`).
    max_bytes: usize,
}

impl ConnectLayer {
    /// From the descriptor sets the server embeds; requests up to
    /// `max_bytes`.
    pub fn new(sets: &[&[u8]], max_bytes: usize) -> Result<Self, DescriptorsError> {
        let mut pool = DescriptorPool::new();
        for set in sets {
            pool.decode_file_descriptor_set(*set)
                .map_err(|e| DescriptorsError(e.to_string()))?;
        }
        Ok(Self {
            shared: Arc::new(Shared { pool, max_bytes }),
        })
    }
}

impl<S> Layer<S> for ConnectLayer {
    type Service = Connect<S>;

    fn layer(&self, inner: S) -> Connect<S> {
        Connect {
            inner,
            shared: self.shared.clone(),
        }
    }
}

/// The service made by [`ConnectLayer`].
#[derive(Clone)]
pub struct Connect<S> {
    inner: S,
    shared: Arc<Shared>,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ResBody> Service<Request<Body>> for Connect<S>
where
    S: Service<Request<Body>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Response<Body>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<Body>) -> Self::Future {
        let Some(codec) = Codec::of(&req) else {
            let future = self.inner.call(req);
            return Box::pin(async move { future.await.map(|r| r.map(Body::new)) });
        };
        // The ready service for this call; a fresh clone stays behind.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let shared = self.shared.clone();
        Box::pin(async move {
            match unary(inner, &shared, codec, req).await {
                Ok(Ok(response)) => Ok(response),
                Ok(Err(error)) => Ok(error.response()),
                Err(e) => Err(e),
            }
        })
    }
}

/// A Connect error: its code and message.
struct ConnectError {
    code: Code,
    message: String,
}

impl ConnectError {
    fn new(code: Code, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// The error response: the code's HTTP status, the JSON body.
    fn response(&self) -> Response<Body> {
        let body = serde_json::json!({
            "code": code_name(self.code),
            "message": self.message,
        })
        .to_string();
        let mut response = Response::new(Body::new(Full::new(Bytes::from(body))));
        *response.status_mut() = http_status(self.code);
        response
            .headers_mut()
            .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

/// One Connect unary call through the gRPC routes. The outer `Err` is the
/// inner service's own error; the inner one, a Connect error to send.
async fn unary<S, ResBody>(
    inner: S,
    shared: &Shared,
    codec: Codec,
    req: Request<Body>,
) -> Result<Result<Response<Body>, ConnectError>, S::Error>
where
    S: Service<Request<Body>, Response = Response<ResBody>>,
    ResBody: http_body::Body<Data = Bytes>,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let method = match find_method(&shared.pool, req.uri().path()) {
        Ok(m) => m,
        Err(e) => return Ok(Err(e)),
    };
    let (mut parts, body) = req.into_parts();
    let body = match Limited::new(body, shared.max_bytes).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => {
            return Ok(Err(ConnectError::new(
                Code::ResourceExhausted,
                format!(
                    "the request body is larger than {} bytes (--max-message-bytes) or could not be read",
                    shared.max_bytes
                ),
            )));
        }
    };
    let message = match codec {
        Codec::Proto => body,
        Codec::Json => match from_json(&method, &body) {
            Ok(bytes) => bytes,
            Err(e) => return Ok(Err(e)),
        },
    };
    let mut framed = BytesMut::with_capacity(message.len() + 5);
    framed.put_u8(0);
    framed.put_u32(message.len() as u32);
    framed.put_slice(&message);
    let timeout = parts
        .headers
        .get("connect-timeout-ms")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    for name in [
        "connect-protocol-version",
        "connect-timeout-ms",
        "content-length",
        "accept-encoding",
        "content-encoding",
    ] {
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
    // What gRPC is, whatever the client spoke (Connect runs over HTTP/1.1
    // too; gRPC-Web's layer passes only HTTP/2 gRPC through unchanged).
    parts.version = http::Version::HTTP_2;
    let grpc = Request::from_parts(parts, Body::new(Full::new(framed.freeze())));
    let response = inner.oneshot(grpc).await?;
    Ok(answer(&method, codec, response).await)
}

/// The method a path names (`/package.Service/Method`), unary only.
fn find_method(pool: &DescriptorPool, path: &str) -> Result<MethodDescriptor, ConnectError> {
    let unknown = || ConnectError::new(Code::Unimplemented, "no such method");
    let (service, name) = path
        .strip_prefix('/')
        .and_then(|p| p.split_once('/'))
        .ok_or_else(unknown)?;
    let method = pool
        .get_service_by_name(service)
        .and_then(|s| s.methods().find(|m| m.name() == name))
        .ok_or_else(unknown)?;
    if method.is_client_streaming() || method.is_server_streaming() {
        return Err(ConnectError::new(
            Code::Unimplemented,
            format!(
                "{} is a streaming method: only unary calls are served over Connect; use gRPC or gRPC-Web",
                method.name()
            ),
        ));
    }
    Ok(method)
}

/// The JSON request as the protobuf message of the method's input.
fn from_json(method: &MethodDescriptor, body: &[u8]) -> Result<Bytes, ConnectError> {
    // An empty body is the empty message, as Connect clients send it.
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    let mut json = serde_json::Deserializer::from_slice(body);
    let message = DynamicMessage::deserialize(method.input(), &mut json)
        .and_then(|m| json.end().map(|()| m))
        .map_err(|e| {
            ConnectError::new(
                Code::InvalidArgument,
                format!(
                    "the body is not a {} in JSON: {}",
                    method.input().full_name(),
                    bounded(&e.to_string())
                ),
            )
        })?;
    Ok(Bytes::from(message.encode_to_vec()))
}

/// At most [`MAX_DETAIL_CHARS`] of `text`, with a marker when cut.
fn bounded(text: &str) -> String {
    let mut out: String = text.chars().take(MAX_DETAIL_CHARS).collect();
    if text.chars().count() > MAX_DETAIL_CHARS {
        out.push_str("...");
    }
    out
}

/// The gRPC answer as a Connect one.
async fn answer<ResBody>(
    method: &MethodDescriptor,
    codec: Codec,
    response: Response<ResBody>,
) -> Result<Response<Body>, ConnectError>
where
    ResBody: http_body::Body<Data = Bytes>,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let (parts, body) = response.into_parts();
    let collected = body.collect().await.map_err(|e| {
        let e: tonic::codegen::StdError = e.into();
        ConnectError::new(Code::Internal, format!("reading the answer: {e}"))
    })?;
    let trailers = collected.trailers().cloned().unwrap_or_default();
    let data = collected.to_bytes();
    let status = |name: &str| {
        trailers
            .get(name)
            .or_else(|| parts.headers.get(name))
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let Some(code) = status("grpc-status")
        .and_then(|c| c.parse::<i32>().ok())
        .map(Code::from_i32)
    else {
        return Err(ConnectError::new(
            Code::Unknown,
            format!(
                "the call was answered without a status (HTTP {})",
                parts.status
            ),
        ));
    };
    if code != Code::Ok {
        let message = status("grpc-message")
            .map(|m| {
                percent_encoding::percent_decode_str(&m)
                    .decode_utf8_lossy()
                    .into_owned()
            })
            .unwrap_or_default();
        return Err(ConnectError::new(code, message));
    }
    if data.len() < 5 || data[0] != 0 {
        return Err(ConnectError::new(
            Code::Internal,
            "the answer is not one uncompressed message",
        ));
    }
    let message = data.slice(5..);
    let body = match codec {
        Codec::Proto => message,
        Codec::Json => {
            let decoded = DynamicMessage::decode(method.output(), message)
                .map_err(|e| ConnectError::new(Code::Internal, format!("the answer: {e}")))?;
            let mut out = Vec::new();
            let mut json = serde_json::Serializer::new(&mut out);
            decoded
                .serialize_with_options(&mut json, &prost_reflect::SerializeOptions::new())
                .map_err(|e| ConnectError::new(Code::Internal, format!("the answer: {e}")))?;
            Bytes::from(out)
        }
    };
    let mut response = Response::new(Body::new(Full::new(body.clone())));
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(codec.content_type()));
    headers.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    Ok(response)
}

/// Connect's name of a code.
fn code_name(code: Code) -> &'static str {
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

/// The HTTP status the Connect specification gives a code.
fn http_status(code: Code) -> StatusCode {
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
