//! The layer against a stand-in for the gRPC routes: what reaches gRPC and
//! what the Connect client gets back, for every call shape.

use std::convert::Infallible;

use bytes::{BufMut, Bytes, BytesMut};
use http::{Request, Response, StatusCode};
use http_body::Frame;
use http_body_util::{BodyExt, Full, StreamBody};
use prost::Message as _;
use tonic::body::Body;
use tower::{Layer, ServiceExt};

use super::ConnectLayer;
use super::stream::envelopes;
use crate::proto;

const GAME: &str = "/satrap.v1.GameService";

fn framed(message: &[u8]) -> Bytes {
    let mut out = BytesMut::new();
    out.put_u8(0);
    out.put_u32(message.len() as u32);
    out.put_slice(message);
    out.freeze()
}

/// What the gRPC routes would answer: GetGame echoes the id (a trailers-only
/// NOT_FOUND for "missing"); WatchGame sends two updates cut into 3-byte
/// chunks and ends UNAVAILABLE with a trailer.
async fn grpc(req: Request<Body>) -> Result<Response<Body>, Infallible> {
    assert_eq!(req.method(), http::Method::POST);
    assert_eq!(req.headers()["content-type"], "application/grpc");
    let path = req.uri().path().to_owned();
    let body = req
        .into_body()
        .collect()
        .await
        .expect("the body")
        .to_bytes();
    let message = &body[5..];
    if path.ends_with("/GetGame") {
        let request = proto::GetGameRequest::decode(message).expect("a GetGameRequest");
        if request.game_id == "missing" {
            let response = Response::builder()
                .header("grpc-status", "5")
                .header("grpc-message", "no%20such%20game")
                .body(Body::empty())
                .expect("a response");
            return Ok(response);
        }
        let answer = proto::GetGameResponse {
            snapshot: Some(proto::GameSnapshot {
                game_id: request.game_id,
                ..Default::default()
            }),
            ..Default::default()
        };
        let mut trailers = http::HeaderMap::new();
        trailers.insert("grpc-status", "0".parse().expect("a header value"));
        let frames = vec![
            Frame::data(framed(&answer.encode_to_vec())),
            Frame::trailers(trailers),
        ];
        let body = StreamBody::new(futures_util::stream::iter(
            frames.into_iter().map(Ok::<_, Infallible>),
        ));
        return Ok(Response::new(Body::new(body)));
    }
    assert!(path.ends_with("/WatchGame"), "{path}");
    let request = proto::WatchGameRequest::decode(message).expect("a WatchGameRequest");
    let mut all = BytesMut::new();
    for version in [request.from_version, request.from_version + 1] {
        let update = proto::GameUpdate {
            version,
            ..Default::default()
        };
        all.put_slice(&framed(&update.encode_to_vec()));
    }
    let mut frames: Vec<_> = all
        .chunks(3)
        .map(|c| Frame::data(Bytes::copy_from_slice(c)))
        .collect();
    let mut trailers = http::HeaderMap::new();
    trailers.insert("grpc-status", http::HeaderValue::from_static("14"));
    trailers.insert("grpc-message", http::HeaderValue::from_static("draining"));
    trailers.insert("x-replica", http::HeaderValue::from_static("a"));
    frames.push(Frame::trailers(trailers));
    let body = StreamBody::new(futures_util::stream::iter(
        frames.into_iter().map(Ok::<_, Infallible>),
    ));
    Ok(Response::new(Body::new(body)))
}

async fn send(request: Request<Body>) -> (StatusCode, http::HeaderMap, Bytes) {
    let layer = ConnectLayer::served(1024).expect("the served descriptors");
    let service = layer.layer(tower::service_fn(grpc));
    let response = service
        .oneshot(request)
        .await
        .expect("the layer answers every request");
    let (parts, body) = response.into_parts();
    (
        parts.status,
        parts.headers,
        body.collect().await.unwrap().to_bytes(),
    )
}

fn post(path: &str, content_type: &str, body: impl Into<Bytes>) -> Request<Body> {
    Request::post(path)
        .header("content-type", content_type)
        .body(Body::new(Full::new(body.into())))
        .unwrap()
}

fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{e}: {bytes:?}"))
}

#[tokio::test]
async fn unary_json_and_its_errors() {
    let (status, headers, body) = send(post(
        &format!("{GAME}/GetGame"),
        "application/json",
        r#"{"gameId": "g1"}"#,
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(json(&body)["snapshot"]["gameId"], "g1");

    let (status, _, body) = send(post(
        &format!("{GAME}/GetGame"),
        "application/json; charset=utf-8",
        r#"{"gameId": "missing"}"#,
    ))
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a trailers-only answer");
    let error = json(&body);
    assert_eq!(error["code"], "not_found");
    assert_eq!(error["message"], "no such game");
}

#[tokio::test]
async fn a_compressed_body_is_unimplemented() {
    let mut request = post(&format!("{GAME}/GetGame"), "application/json", "x");
    request
        .headers_mut()
        .insert("content-encoding", "gzip".parse().unwrap());
    let (status, _, body) = send(request).await;
    assert_eq!(status, StatusCode::NOT_IMPLEMENTED);
    assert_eq!(json(&body)["code"], "unimplemented");
}

#[tokio::test]
async fn get_serves_the_calls_without_side_effects() {
    let (status, headers, body) = send(get(&format!(
        "{GAME}/GetGame?connect=v1&encoding=json&message=%7B%22gameId%22%3A%22g2%22%7D"
    )))
    .await;
    assert_eq!(status, StatusCode::OK, "{body:?}");
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(json(&body)["snapshot"]["gameId"], "g2");

    // Binary, base64 without padding: field 1 = "g3".
    let request = proto::GetGameRequest {
        game_id: "g3".into(),
        ..Default::default()
    }
    .encode_to_vec();
    use base64::Engine as _;
    let encoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&request);
    let (status, headers, body) = send(get(&format!(
        "{GAME}/GetGame?connect=v1&encoding=proto&base64=1&message={encoded}"
    )))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/proto");
    let answer = proto::GetGameResponse::decode(body).unwrap();
    assert_eq!(answer.snapshot.unwrap().game_id, "g3");

    // A move, or a stream, is never made by GET.
    for method in ["ApplyAction", "CreateGame", "WatchGame"] {
        let (status, headers, body) = send(get(&format!(
            "{GAME}/{method}?encoding=json&message=%7B%7D"
        )))
        .await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(headers["allow"], "POST");
        assert_eq!(std::str::from_utf8(&body).unwrap().lines().count(), 1);
    }
    // A query that is not Connect's: a Connect error.
    let (status, _, body) = send(get(&format!("{GAME}/GetGame?message=x"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(json(&body)["code"], "invalid_argument");
}

#[tokio::test]
async fn a_json_stream_sends_each_update_and_ends_with_the_error() {
    let request = br#"{"gameId": "g", "fromVersion": "7"}"#;
    let (status, headers, body) = send(post(
        &format!("{GAME}/WatchGame"),
        "application/connect+json",
        framed(request),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/connect+json");
    let all = envelopes(&body);
    assert_eq!(all.len(), 3, "two updates and the end");
    assert_eq!(all[0].0, 0);
    assert_eq!(json(&all[0].1)["version"], "7");
    assert_eq!(json(&all[1].1)["version"], "8");
    assert_eq!(all[2].0, 0x02, "end of stream");
    let end = json(&all[2].1);
    assert_eq!(end["error"]["code"], "unavailable");
    assert_eq!(end["error"]["message"], "draining");
    assert_eq!(end["metadata"]["x-replica"][0], "a");
}

#[tokio::test]
async fn a_binary_stream_carries_the_messages_as_they_are() {
    let request = proto::WatchGameRequest {
        game_id: "g".into(),
        from_version: 3,
        ..Default::default()
    };
    let (status, headers, body) = send(post(
        &format!("{GAME}/WatchGame"),
        "application/connect+proto",
        framed(&request.encode_to_vec()),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/connect+proto");
    let all = envelopes(&body);
    let versions: Vec<u64> = all[..2]
        .iter()
        .map(|(_, m)| proto::GameUpdate::decode(m.as_slice()).unwrap().version)
        .collect();
    assert_eq!(versions, [3, 4]);
    assert_eq!(all[2].0, 0x02, "the end is JSON whatever the codec");
    assert_eq!(json(&all[2].1)["error"]["code"], "unavailable");
}

#[tokio::test]
async fn a_stream_that_cannot_start_is_only_its_end() {
    let (status, _, body) = send(post(
        &format!("{GAME}/WatchGame"),
        "application/connect+json",
        framed(b"{\"gameId\": "),
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "a stream's error is in its end");
    let all = envelopes(&body);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].0, 0x02);
    assert_eq!(json(&all[0].1)["error"]["code"], "invalid_argument");
}

#[tokio::test]
async fn content_types_that_do_not_fit_get_415() {
    for (method, content_type) in [
        ("GetGame", "text/plain"),
        ("GetGame", "application/x-www-form-urlencoded"),
        ("GetGame", "application/connect+json"),
        ("WatchGame", "application/json"),
        ("WatchGame", "application/xml"),
    ] {
        let (status, headers, body) =
            send(post(&format!("{GAME}/{method}"), content_type, "{}")).await;
        assert_eq!(
            status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{method} {content_type}"
        );
        assert!(headers.contains_key("accept-post"));
        let text = std::str::from_utf8(&body).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
    }
    let (status, _, _) = send(
        Request::post(format!("{GAME}/GetGame"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "no content type"
    );
}

#[test]
fn method_paths_are_told_from_page_paths() {
    assert!(super::is_rpc_path("/satrap.v1.GameService/GetGame"));
    assert!(super::is_rpc_path("/grpc.health.v1.Health/Check"));
    for page in [
        "/",
        "/index.html",
        "/assets/app.js",
        "/docs/rules/x.md",
        "/game/abc",
        "/a.b/c/d",
    ] {
        assert!(!super::is_rpc_path(page), "{page}");
    }
}
