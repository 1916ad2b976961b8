//! Plain HTTP probes for load balancers and orchestrators that cannot
//! speak gRPC health, on the gRPC port:
//!
//! - `GET /healthz` (liveness): `200 ok` while the process runs;
//! - `GET /readyz` (readiness): `200 ready` while the game service is
//!   SERVING in gRPC health, `503` with a one-line reason otherwise (the
//!   store cannot serve, or the server is draining).
//!
//! Both answer `HEAD` too, with plain-text bodies and `no-store`. The layer
//! sits in front of the web page layer (whose page routes would otherwise
//! answer these paths with the lobby's HTML) and works with `--web false`.
//! Every other request passes through unchanged.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE};
use http::{Method, Request, Response, StatusCode};
use http_body_util::Full;
use tokio::sync::watch;
use tonic::body::Body;
use tower::{Layer, Service};

/// The liveness path.
pub const HEALTHZ: &str = "/healthz";
/// The readiness path.
pub const READYZ: &str = "/readyz";
/// Longest reason a `/readyz` body carries (in characters).
const MAX_REASON_CHARS: usize = 200;

/// Whether the game service may be sent work: `None` when ready, else why
/// not (the same state as the gRPC health service's game service entry).
pub type ReadyState = Option<String>;

/// Adds the probes in front of a service (see the module docs).
#[derive(Debug, Clone)]
pub struct ProbeLayer {
    ready: watch::Receiver<ReadyState>,
}

impl ProbeLayer {
    /// Probes answering from the readiness `ready` publishes.
    pub fn new(ready: watch::Receiver<ReadyState>) -> Self {
        Self { ready }
    }
}

impl<S> Layer<S> for ProbeLayer {
    type Service = Probes<S>;

    fn layer(&self, inner: S) -> Probes<S> {
        Probes {
            inner,
            ready: self.ready.clone(),
        }
    }
}

/// The service made by [`ProbeLayer`].
#[derive(Debug, Clone)]
pub struct Probes<S> {
    inner: S,
    ready: watch::Receiver<ReadyState>,
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for Probes<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
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

    fn call(&mut self, req: Request<ReqBody>) -> Self::Future {
        let method = req.method();
        if method == Method::GET || method == Method::HEAD {
            let head_only = method == Method::HEAD;
            let answer = match req.uri().path() {
                HEALTHZ => Some((StatusCode::OK, "ok\n".to_owned())),
                READYZ => Some(readiness(&self.ready.borrow())),
                _ => None,
            };
            if let Some((status, text)) = answer {
                return Box::pin(std::future::ready(Ok(plain(status, text, head_only))));
            }
        }
        let future = self.inner.call(req);
        Box::pin(async move { future.await.map(|r| r.map(Body::new)) })
    }
}

/// `/readyz`'s status and body for this state.
fn readiness(state: &ReadyState) -> (StatusCode, String) {
    match state {
        None => (StatusCode::OK, "ready\n".to_owned()),
        Some(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: {}\n", one_line(reason)),
        ),
    }
}

/// The reason on one line, at most [`MAX_REASON_CHARS`] characters.
fn one_line(reason: &str) -> String {
    let line: String = reason
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_REASON_CHARS)
        .collect();
    if reason.chars().count() > MAX_REASON_CHARS {
        format!("{line}...")
    } else {
        line
    }
}

fn plain(status: StatusCode, text: String, head_only: bool) -> Response<Body> {
    let len = text.len();
    let body = if head_only {
        Bytes::new()
    } else {
        Bytes::from(text)
    };
    let mut response = Response::new(Body::new(Full::new(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(CONTENT_LENGTH, http::HeaderValue::from(len));
    headers.insert(CACHE_CONTROL, http::HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    /// Stands for everything behind the probes: answers 418.
    use crate::web::tests::Teapot;

    async fn send(
        ready: &watch::Receiver<ReadyState>,
        method: Method,
        path: &str,
    ) -> (StatusCode, String) {
        let req = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .expect("request");
        let resp = ProbeLayer::new(ready.clone())
            .layer(Teapot)
            .oneshot(req)
            .await
            .expect("infallible");
        let (parts, body) = resp.into_parts();
        let bytes = body.collect().await.expect("body").to_bytes();
        (parts.status, String::from_utf8_lossy(&bytes).into_owned())
    }

    #[tokio::test]
    async fn readiness_follows_the_state_and_liveness_does_not() {
        let (tx, rx) = watch::channel(None);
        assert_eq!(
            send(&rx, Method::GET, READYZ).await,
            (StatusCode::OK, "ready\n".into())
        );
        tx.send_replace(Some("the database does not answer".into()));
        assert_eq!(
            send(&rx, Method::GET, READYZ).await,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the database does not answer\n".into()
            )
        );
        assert_eq!(
            send(&rx, Method::GET, HEALTHZ).await,
            (StatusCode::OK, "ok\n".into())
        );
        let (status, body) = send(&rx, Method::HEAD, READYZ).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body.is_empty());
    }

    #[tokio::test]
    async fn a_long_reason_is_one_bounded_line() {
        let (_tx, rx) = watch::channel(Some(format!("a\nb{}", "x".repeat(1000))));
        let (_, body) = send(&rx, Method::GET, READYZ).await;
        assert_eq!(body.lines().count(), 1, "{body}");
        assert!(body.len() < MAX_REASON_CHARS + 32, "{}", body.len());
    }

    #[tokio::test]
    async fn everything_else_passes_through() {
        let (_tx, rx) = watch::channel(None);
        for (method, path) in [
            (Method::GET, "/"),
            (Method::GET, "/healthz/x"),
            (Method::POST, HEALTHZ),
            (Method::POST, "/satrap.v1.GameService/GetGame"),
        ] {
            let (status, _) = send(&rx, method.clone(), path).await;
            assert_eq!(status, StatusCode::IM_A_TEAPOT, "{method} {path}");
        }
    }
}
