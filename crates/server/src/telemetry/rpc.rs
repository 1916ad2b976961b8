//! One tower layer around every gRPC call: it counts the call by method and
//! status code, times it, keeps `satrap_watch_streams` exact, and runs the
//! call inside an `rpc` tracing span (exported by [`super::otlp`]).
//!
//! Invariants:
//! - The `method` label comes from a bounded set: the methods of the
//!   services this binary serves, read from their descriptor sets. Any other
//!   path (a client can send any) is counted as `unknown`, so a client can
//!   never create new time series.
//! - Every call is recorded exactly once, when its response body ends or is
//!   dropped: a unary call when its trailers pass (or its trailers-only
//!   answer ends), a stream when it ends. A body dropped before its status
//!   was sent (the client cancelled, its deadline passed, the connection
//!   died) is recorded as `CANCELLED`.
//! - A WatchGame stream counts in `satrap_watch_streams` from its response
//!   headers until its body is dropped; hyper drops the body as soon as the
//!   client resets the stream or the connection closes, so a cancelled
//!   watch decrements at once, without waiting for the next move.
//!
//! The layer sits inside gRPC-Web translation, so browser calls are
//! counted under the same methods as native ones.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::OnceLock;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use prost::Message;
use tower::{Layer, Service};
use tracing::Instrument;

use super::{RPC_DURATION, RPC_REQUESTS, WATCH_STREAMS};

/// The label of a path that is not one of our methods.
const UNKNOWN: &str = "unknown";

/// One served gRPC method.
#[derive(Debug)]
pub struct Method {
    /// `package.Service`, e.g. `satrap.v1.GameService`.
    pub service: &'static str,
    /// The method's name, e.g. `CreateGame` (the `method` label).
    pub name: &'static str,
    /// `package.Service/Method` (the span's name).
    pub path: &'static str,
}

static UNKNOWN_METHOD: Method = Method {
    service: UNKNOWN,
    name: UNKNOWN,
    path: UNKNOWN,
};

/// Every method this binary serves, by request path (`/pkg.Svc/Method`).
/// Built once per process from the descriptor sets; the strings live as
/// long as the process (a bounded set, so leaking them once is fine).
fn methods() -> &'static HashMap<String, &'static Method> {
    static METHODS: OnceLock<HashMap<String, &'static Method>> = OnceLock::new();
    METHODS.get_or_init(|| {
        let sets: [&[u8]; 4] = [
            crate::proto::FILE_DESCRIPTOR_SET,
            tonic_health::pb::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
            tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
        ];
        let mut map = HashMap::new();
        for set in sets {
            let Ok(set) = prost_types::FileDescriptorSet::decode(set) else {
                continue;
            };
            for file in set.file {
                let package = file.package.unwrap_or_default();
                for service in file.service {
                    let service_name = match service.name.as_deref() {
                        Some(s) if package.is_empty() => s.to_owned(),
                        Some(s) => format!("{package}.{s}"),
                        None => continue,
                    };
                    let service_name: &'static str = leak(service_name);
                    for method in service.method {
                        let Some(name) = method.name else { continue };
                        let path = leak(format!("{service_name}/{name}"));
                        let method: &'static Method = Box::leak(Box::new(Method {
                            service: service_name,
                            name: leak(name),
                            path,
                        }));
                        map.insert(format!("/{path}"), method);
                    }
                }
            }
        }
        map
    })
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The method a request path names, or the `unknown` method.
pub fn method_of(path: &str) -> &'static Method {
    methods().get(path).copied().unwrap_or(&UNKNOWN_METHOD)
}

/// The tower layer (add it innermost, after gRPC-Web translation).
#[derive(Debug, Clone, Copy, Default)]
pub struct RpcTelemetryLayer;

impl<S> Layer<S> for RpcTelemetryLayer {
    type Service = RpcTelemetry<S>;

    fn layer(&self, inner: S) -> Self::Service {
        // Build the method table before the first call, not during it.
        let _ = methods();
        RpcTelemetry(inner)
    }
}

#[derive(Debug, Clone)]
pub struct RpcTelemetry<S>(S);

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ReqBody, ResBody> Service<http::Request<ReqBody>> for RpcTelemetry<S>
where
    S: Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    ResBody: HttpBody<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Self::Response, Self::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<ReqBody>) -> Self::Future {
        let method = method_of(req.uri().path());
        let span = tracing::info_span!(
            "rpc",
            otel.name = method.path,
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            rpc.system = "grpc",
            rpc.service = method.service,
            rpc.method = method.name,
            rpc.grpc.status_code = tracing::field::Empty,
            game_id = tracing::field::Empty,
        );
        continue_trace(&span, req.headers());
        let start = Instant::now();
        let future = {
            let _entered = span.enter();
            self.0.call(req)
        };
        Box::pin(async move {
            let response = future.instrument(span.clone()).await?;
            let (parts, body) = response.into_parts();
            // A trailers-only answer (an error before any message) carries
            // its status in the headers.
            let header_code = parts.headers.get("grpc-status").and_then(parse_code);
            let watch = (header_code.is_none()
                && method.service == "satrap.v1.GameService"
                && method.name == "WatchGame")
                .then(WatchStream::open);
            let call = Call {
                method,
                start,
                span,
                header_code,
                finished: false,
                _watch: watch,
            };
            let body = MeteredBody { inner: body, call };
            Ok(http::Response::from_parts(
                parts,
                tonic::body::Body::new(body),
            ))
        })
    }
}

/// A caller that sends W3C `traceparent` (and `tracestate`) gets the call's
/// span in its own trace (a gateway or a backend that traces its calls).
/// Without an OpenTelemetry layer installed this does nothing.
fn continue_trace(span: &tracing::Span, headers: &http::HeaderMap) {
    use opentelemetry::propagation::TextMapPropagator;
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    if !headers.contains_key("traceparent") {
        return;
    }
    let parent = opentelemetry_sdk::propagation::TraceContextPropagator::new()
        .extract(&HeaderExtractor(headers));
    let _ = span.set_parent(parent);
}

struct HeaderExtractor<'a>(&'a http::HeaderMap);

impl opentelemetry::propagation::Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

/// Whether a server span with this status failed, by OpenTelemetry's gRPC
/// conventions: a client's mistake (NOT_FOUND, INVALID_ARGUMENT, ...) is
/// the server working as it should.
fn server_error(code: i32) -> bool {
    matches!(code, 2 | 4 | 12 | 13 | 14 | 15)
}

fn parse_code(value: &http::HeaderValue) -> Option<i32> {
    value.to_str().ok()?.trim().parse().ok()
}

/// The canonical name of a gRPC status code (the `code` label).
pub fn code_name(code: i32) -> &'static str {
    match code {
        0 => "OK",
        1 => "CANCELLED",
        2 => "UNKNOWN",
        3 => "INVALID_ARGUMENT",
        4 => "DEADLINE_EXCEEDED",
        5 => "NOT_FOUND",
        6 => "ALREADY_EXISTS",
        7 => "PERMISSION_DENIED",
        8 => "RESOURCE_EXHAUSTED",
        9 => "FAILED_PRECONDITION",
        10 => "ABORTED",
        11 => "OUT_OF_RANGE",
        12 => "UNIMPLEMENTED",
        13 => "INTERNAL",
        14 => "UNAVAILABLE",
        15 => "DATA_LOSS",
        16 => "UNAUTHENTICATED",
        _ => "UNKNOWN",
    }
}

/// Counts one open WatchGame stream while it lives.
struct WatchStream;

impl WatchStream {
    fn open() -> Self {
        metrics::gauge!(WATCH_STREAMS).increment(1.0);
        WatchStream
    }
}

impl Drop for WatchStream {
    fn drop(&mut self) {
        metrics::gauge!(WATCH_STREAMS).decrement(1.0);
    }
}

/// One call being answered; records itself once (see the module invariants).
struct Call {
    method: &'static Method,
    start: Instant,
    span: tracing::Span,
    header_code: Option<i32>,
    finished: bool,
    _watch: Option<WatchStream>,
}

impl Call {
    fn finish(&mut self, code: i32) {
        if self.finished {
            return;
        }
        self.finished = true;
        let name = code_name(code);
        let method = self.method.name;
        metrics::counter!(RPC_REQUESTS, "method" => method, "code" => name).increment(1);
        metrics::histogram!(RPC_DURATION, "method" => method)
            .record(self.start.elapsed().as_secs_f64());
        self.span.record("rpc.grpc.status_code", code);
        if server_error(code) {
            self.span.record("otel.status_code", "ERROR");
        }
    }
}

impl Drop for Call {
    fn drop(&mut self) {
        // Dropped before a status was sent: the client went away.
        self.finish(self.header_code.unwrap_or(1));
    }
}

pin_project_lite::pin_project! {
    /// A response body that records its call when its status passes.
    struct MeteredBody<B> {
        #[pin]
        inner: B,
        call: Call,
    }
}

impl<B> HttpBody for MeteredBody<B>
where
    B: HttpBody<Data = Bytes>,
{
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.project();
        let frame = ready!(this.inner.poll_frame(cx));
        match &frame {
            Some(Ok(frame)) => {
                if let Some(trailers) = frame.trailers_ref() {
                    // A status-less end is not valid gRPC: UNKNOWN.
                    let code = trailers.get("grpc-status").and_then(parse_code);
                    this.call.finish(code.unwrap_or(2));
                }
            }
            Some(Err(_)) => this.call.finish(2),
            None => {
                let code = this.call.header_code.unwrap_or(2);
                this.call.finish(code);
            }
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_service_method_has_its_own_label() {
        let m = method_of("/satrap.v1.GameService/CreateGame");
        assert_eq!(m.name, "CreateGame");
        assert_eq!(m.service, "satrap.v1.GameService");
        assert_eq!(m.path, "satrap.v1.GameService/CreateGame");
        assert_eq!(method_of("/grpc.health.v1.Health/Check").name, "Check");
        assert_eq!(
            method_of("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo").name,
            "ServerReflectionInfo"
        );
    }

    #[test]
    fn a_client_chosen_path_gets_the_one_unknown_label() {
        for path in [
            "/satrap.v1.GameService/NoSuchMethod",
            "/x",
            "/",
            "/satrap.v1.GameService/CreateGame/extra",
        ] {
            assert_eq!(method_of(path).name, UNKNOWN, "{path}");
        }
    }

    #[test]
    fn status_codes_have_their_canonical_names() {
        assert_eq!(code_name(0), "OK");
        assert_eq!(code_name(5), "NOT_FOUND");
        assert_eq!(code_name(16), "UNAUTHENTICATED");
        assert_eq!(code_name(99), "UNKNOWN");
    }
}
