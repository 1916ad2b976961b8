//! Requests over `--max-message-bytes` are refused by tonic before any
//! handler runs, with OUT_OF_RANGE; satrap documents RESOURCE_EXHAUSTED for
//! a server limit (the gRPC convention for size limits). This layer turns
//! the one into the other. satrap's handlers never answer OUT_OF_RANGE, so
//! nothing else is changed.

use std::task::{Context, Poll};

use futures_util::TryFutureExt;
use http::HeaderValue;
use tower::{Layer, Service};

/// `grpc-status` of OUT_OF_RANGE and RESOURCE_EXHAUSTED.
const OUT_OF_RANGE: &str = "11";
const RESOURCE_EXHAUSTED: &str = "8";

#[derive(Debug, Clone, Copy, Default)]
pub struct OversizeLayer;

impl<S> Layer<S> for OversizeLayer {
    type Service = Oversize<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Oversize(inner)
    }
}

#[derive(Debug, Clone)]
pub struct Oversize<S>(S);

type Remap<B> = fn(http::Response<B>) -> http::Response<B>;

impl<S, Req, B> Service<Req> for Oversize<S>
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
    if headers
        .get("grpc-status")
        .is_some_and(|v| v == OUT_OF_RANGE)
    {
        headers.insert("grpc-status", HeaderValue::from_static(RESOURCE_EXHAUSTED));
    }
    response
}
