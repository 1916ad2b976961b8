//! A Connect unary call (a POST, or a GET for the calls without side
//! effects): the gRPC answer collected and sent back as the response
//! message, or as Connect's error with its HTTP status.

use bytes::Bytes;
use http::header::{CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use http::{Request, Response};
use http_body_util::{BodyExt, Full};
use prost_reflect::MethodDescriptor;
use tonic::Code;
use tonic::body::Body;
use tower::{Service, ServiceExt};

use super::forward;
use super::protocol::{Codec, ConnectError};

/// One unary call through the gRPC routes: `message` is the request in
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
    ResBody: http_body::Body<Data = Bytes>,
    ResBody::Error: Into<tonic::codegen::StdError>,
{
    let response = inner.oneshot(forward::grpc_request(parts, message)).await?;
    Ok(answer(method, codec, response)
        .await
        .unwrap_or_else(|e| e.response()))
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
    forward::status(collected.trailers(), &parts.headers)?;
    let data = collected.to_bytes();
    let message = match forward::frame(&data) {
        Some(Ok((message, used))) if used == data.len() => message,
        Some(Err(e)) => return Err(e),
        _ => {
            return Err(ConnectError::new(
                Code::Internal,
                "the answer is not one message",
            ));
        }
    };
    let body = codec.encode(&method.output(), message)?;
    let mut response = Response::new(Body::new(Full::new(body.clone())));
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(codec.unary_type()));
    headers.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    Ok(response)
}
