//! The Connect protocol on the gRPC port, for every GameService and
//! AdminService call:
//! - unary calls: `POST /satrap.v1.GameService/GetGame` with a JSON body
//!   (`Content-Type: application/json`, the proto3 JSON mapping) or a
//!   binary one (`application/proto`); the answer is the response message,
//!   or an error as `{"code": "not_found", "message": "..."}` with the HTTP
//!   status the Connect specification gives the code (`unary`);
//! - the same as `GET` for the methods without side effects (`get`);
//! - server streams (WatchGame, FindMatch, WatchEvents) in Connect's
//!   enveloped format, `application/connect+json` or
//!   `application/connect+proto` (`stream`).
//!
//! How: this layer turns such a request into the gRPC request it stands
//! for (the JSON transcoded by the descriptors the server embeds for
//! reflection, the message framed, `connect-timeout-ms` as `grpc-timeout`;
//! `forward`), hands it to the same routes, handlers, access checks,
//! limits and telemetry as every gRPC call, and turns the gRPC answer
//! back. gRPC (`application/grpc*`) and gRPC-Web (`application/grpc-web*`)
//! pass through unchanged; a POST to a method path in any other content
//! type gets 415 with a one-line body naming the ones spoken.
//!
//! Why an adapter of our own rather than a Connect crate: the official
//! Rust implementation brings its own message types (not prost), and
//! `connectrpc-axum` says it is not production-ready; in front of the
//! tonic services, one set of handlers serves all three protocols. It is
//! held to the protocol by clients nobody here wrote (`.ci/connect.sh`).

mod forward;
mod get;
mod protocol;
mod stream;
mod unary;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};

use bytes::Bytes;
use http::header::{ALLOW, CONTENT_TYPE, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full, Limited};
use prost_reflect::{DescriptorPool, MethodDescriptor};
use tonic::Code;
use tonic::body::Body;
use tower::{Layer, Service};

use protocol::{Codec, ConnectError};

/// Why the descriptors could not be read (a build that embeds a broken
/// descriptor set: start-up refuses).
#[derive(Debug, Clone, thiserror::Error)]
#[error("the embedded protobuf descriptors: {0}")]
pub struct DescriptorsError(String);

/// Whether `path` has the shape of a method's (`/package.Service/Method`):
/// the requests this layer (and the page's `GET` handler before it) leave
/// to the RPC routes.
pub fn is_rpc_path(path: &str) -> bool {
    let Some((service, method)) = path.strip_prefix('/').and_then(|p| p.split_once('/')) else {
        return false;
    };
    service.contains('.') && !method.is_empty() && !method.contains('/')
}

/// Serves the Connect protocol (see the module docs).
#[derive(Clone)]
pub struct ConnectLayer {
    shared: Arc<Shared>,
}

struct Shared {
    pool: DescriptorPool,
    /// Largest request message read (`--max-message-bytes`).
    max_bytes: usize,
}

impl ConnectLayer {
    /// For the descriptors this binary serves; requests up to `max_bytes`.
    ///
    /// The descriptors are decoded once per process, not once per server:
    /// the set carries every comment of the protos (reflection shows
    /// them), and a process that starts many servers (the tests start
    /// hundreds) decoded it for each. The pool is shared, not copied
    /// (`DescriptorPool` is a handle).
    pub fn served(max_bytes: usize) -> Result<Self, DescriptorsError> {
        static SERVED: OnceLock<Result<DescriptorPool, DescriptorsError>> = OnceLock::new();
        let pool = SERVED
            .get_or_init(|| {
                DescriptorPool::decode(crate::proto::FILE_DESCRIPTOR_SET)
                    .map_err(|e| DescriptorsError(e.to_string()))
            })
            .clone()?;
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

/// What a request is, by its method, path and content type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// Not Connect: gRPC, gRPC-Web, a preflight, another path.
    Pass,
    Unary(Codec),
    Stream(Codec),
    Get,
    /// A POST to a method in a content type nobody here speaks.
    Unsupported,
}

fn content_type(req: &Request<Body>) -> String {
    req.headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

fn route(req: &Request<Body>) -> Route {
    if !is_rpc_path(req.uri().path()) {
        return Route::Pass;
    }
    match *req.method() {
        Method::GET => Route::Get,
        Method::POST => {
            let mime = content_type(req);
            if mime.starts_with("application/grpc") {
                Route::Pass
            } else if let Some(codec) = mime
                .strip_prefix("application/connect+")
                .and_then(Codec::named)
            {
                Route::Stream(codec)
            } else if let Some(codec) = mime.strip_prefix("application/").and_then(Codec::named) {
                Route::Unary(codec)
            } else {
                Route::Unsupported
            }
        }
        _ => Route::Pass,
    }
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
        let route = route(&req);
        if route == Route::Pass {
            let future = self.inner.call(req);
            return Box::pin(async move { future.await.map(|r| r.map(Body::new)) });
        }
        // The ready service for this call; a fresh clone stays behind.
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let shared = self.shared.clone();
        Box::pin(async move {
            match route {
                Route::Pass => unreachable!("passed through above"),
                Route::Unsupported => Ok(protocol::unsupported(&content_type(&req), None)),
                Route::Unary(codec) => post_unary(inner, &shared, codec, req).await,
                Route::Stream(codec) => post_stream(inner, &shared, codec, req).await,
                Route::Get => get(inner, &shared, req).await,
            }
        })
    }
}

/// The method a path names (`/package.Service/Method`).
fn find_method(pool: &DescriptorPool, path: &str) -> Result<MethodDescriptor, ConnectError> {
    let unknown = || ConnectError::new(Code::Unimplemented, "no such method");
    let (service, name) = path
        .strip_prefix('/')
        .and_then(|p| p.split_once('/'))
        .ok_or_else(unknown)?;
    pool.get_service_by_name(service)
        .and_then(|s| s.methods().find(|m| m.name() == name))
        .ok_or_else(unknown)
}

/// The request body, at most `max` bytes.
async fn read_body(body: Body, max: usize) -> Result<Bytes, ConnectError> {
    match Limited::new(body, max).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(_) => Err(ConnectError::new(
            Code::ResourceExhausted,
            format!(
                "the request body is larger than {} bytes (--max-message-bytes) or could not be read",
                max.saturating_sub(5)
            ),
        )),
    }
}

/// Compressed bodies are not read: `unimplemented`, as the specification
/// asks for an encoding the server does not support.
fn compressed(req: &Request<Body>) -> Option<ConnectError> {
    let encoding = req.headers().get(http::header::CONTENT_ENCODING)?;
    let encoding = encoding.to_str().unwrap_or("?").trim();
    (!encoding.eq_ignore_ascii_case("identity")).then(|| {
        ConnectError::new(
            Code::Unimplemented,
            format!(
                "content-encoding {:?} is not accepted: send the body uncompressed",
                protocol::bounded(encoding)
            ),
        )
    })
}

/// A server stream's method (client streams are not served at all).
fn is_stream(method: &MethodDescriptor) -> bool {
    method.is_server_streaming() || method.is_client_streaming()
}

async fn post_unary<S, ResBody>(
    inner: S,
    shared: &Shared,
    codec: Codec,
    req: Request<Body>,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<ResBody>>,
    ResBody: http_body::Body<Data = Bytes>,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let method = match find_method(&shared.pool, req.uri().path()) {
        Ok(m) => m,
        Err(e) => return Ok(e.response()),
    };
    if is_stream(&method) {
        let why = format!(
            "{} is a stream: send application/connect+json or application/connect+proto",
            method.name()
        );
        return Ok(protocol::unsupported(&content_type(&req), Some(&why)));
    }
    if let Some(e) = compressed(&req) {
        return Ok(e.response());
    }
    let (parts, body) = req.into_parts();
    let message = match read_body(body, shared.max_bytes).await {
        Ok(body) => codec.decode(&method.input(), body),
        Err(e) => Err(e),
    };
    match message {
        Ok(message) => unary::call(inner, &method, codec, parts, &message).await,
        Err(e) => Ok(e.response()),
    }
}

async fn post_stream<S, ResBody>(
    inner: S,
    shared: &Shared,
    codec: Codec,
    req: Request<Body>,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<ResBody>>,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let method = match find_method(&shared.pool, req.uri().path()) {
        Ok(m) => m,
        Err(e) => return Ok(stream::failed(codec, &e)),
    };
    if !method.is_server_streaming() || method.is_client_streaming() {
        let why = format!(
            "{} is unary: send application/json or application/proto",
            method.name()
        );
        return Ok(protocol::unsupported(&content_type(&req), Some(&why)));
    }
    let (parts, body) = req.into_parts();
    let message = match read_body(body, shared.max_bytes.saturating_add(5)).await {
        Ok(body) => stream::request_message(&body)
            .and_then(|message| codec.decode(&method.input(), message)),
        Err(e) => Err(e),
    };
    match message {
        Ok(message) => stream::call(inner, &method, codec, parts, &message).await,
        Err(e) => Ok(stream::failed(codec, &e)),
    }
}

async fn get<S, ResBody>(
    inner: S,
    shared: &Shared,
    req: Request<Body>,
) -> Result<Response<Body>, S::Error>
where
    S: Service<Request<Body>, Response = Response<ResBody>>,
    ResBody: http_body::Body<Data = Bytes>,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let method = match find_method(&shared.pool, req.uri().path()) {
        Ok(m) => m,
        Err(e) => return Ok(e.response()),
    };
    if is_stream(&method) || !get::allowed(&method) {
        return Ok(not_get(&method));
    }
    let query = req.uri().query().unwrap_or("").to_owned();
    let (parts, _) = req.into_parts();
    let message = get::request(&query)
        .and_then(|(codec, message)| Ok((codec, codec.decode(&method.input(), message)?)));
    match message {
        Ok((codec, message)) => unary::call(inner, &method, codec, parts, &message).await,
        Err(e) => Ok(e.response()),
    }
}

/// 405 for a GET of a method with side effects (or a stream), one line.
fn not_get(method: &MethodDescriptor) -> Response<Body> {
    let line = format!(
        "{} has side effects or is a stream: call it with POST\n",
        method.name()
    );
    let mut response = Response::new(Body::new(Full::new(Bytes::from(line))));
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    let headers = response.headers_mut();
    headers.insert(ALLOW, HeaderValue::from_static("POST"));
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

#[cfg(test)]
mod tests;
