//! One cap on request headers for both transports. Native gRPC (HTTP/2)
//! refuses a header list over [`MAX_HEADER_BYTES`] in hyper itself; HTTP/1
//! (gRPC-Web, the page) has no such setting, and accepted 200 kB of
//! headers. This layer measures every request's headers the way HTTP/2
//! does (name + value + 32 bytes each, RFC 9113 §6.5.2) and refuses larger
//! ones before anything else sees them: RESOURCE_EXHAUSTED for gRPC and
//! gRPC-Web calls, 431 for anything else.

use std::pin::Pin;
use std::task::{Context, Poll};

use http::{HeaderValue, Request, Response, StatusCode};
use tonic::body::Body;
use tower::{Layer, Service};

/// The cap (the same as the HTTP/2 listener's `max_header_list_size`).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The size of `headers` as HTTP/2 counts it.
pub fn header_list_size(headers: &http::HeaderMap) -> usize {
    headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 32)
        .sum()
}

#[derive(Debug, Clone, Copy, Default)]
pub struct HeaderCapLayer;

impl<S> Layer<S> for HeaderCapLayer {
    type Service = HeaderCap<S>;

    fn layer(&self, inner: S) -> HeaderCap<S> {
        HeaderCap(inner)
    }
}

#[derive(Debug, Clone)]
pub struct HeaderCap<S>(S);

impl<S, B> Service<Request<B>> for HeaderCap<S>
where
    S: Service<Request<B>, Response = Response<Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        if header_list_size(req.headers()) <= MAX_HEADER_BYTES {
            return Box::pin(self.0.call(req));
        }
        let grpc = req
            .headers()
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .filter(|ct| ct.starts_with("application/grpc"))
            .map(|ct| {
                HeaderValue::from_str(ct).unwrap_or(HeaderValue::from_static("application/grpc"))
            });
        Box::pin(std::future::ready(Ok(refuse(grpc))))
    }
}

/// The answer to a request whose headers are too large.
fn refuse(grpc_content_type: Option<HeaderValue>) -> Response<Body> {
    let mut response = Response::new(Body::empty());
    match grpc_content_type {
        Some(content_type) => {
            let headers = response.headers_mut();
            headers.insert(http::header::CONTENT_TYPE, content_type);
            headers.insert("grpc-status", HeaderValue::from_static("8"));
            headers.insert(
                "grpc-message",
                HeaderValue::from_static("request%20headers%20exceed%2016%20KiB"),
            );
        }
        None => *response.status_mut() = StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_headers_as_http2_does() {
        let mut headers = http::HeaderMap::new();
        headers.insert("a", HeaderValue::from_static("bc"));
        assert_eq!(header_list_size(&headers), 1 + 2 + 32);
        headers.insert(
            "x-big",
            HeaderValue::from_str(&"x".repeat(MAX_HEADER_BYTES)).expect("ASCII"),
        );
        assert!(header_list_size(&headers) > MAX_HEADER_BYTES);
    }

    #[test]
    fn grpc_calls_get_resource_exhausted_and_pages_431() {
        let grpc = refuse(Some(HeaderValue::from_static("application/grpc-web+proto")));
        assert_eq!(grpc.status(), StatusCode::OK);
        assert_eq!(grpc.headers()["grpc-status"], "8");
        assert_eq!(
            refuse(None).status(),
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE
        );
    }
}
