//! Connect's unary calls on the gRPC port, through the real server over
//! plain HTTP/1.1: JSON and binary protobuf bodies, the same handlers as
//! gRPC (a game made over Connect is played over gRPC), errors as
//! `{"code", "message"}` with the specification's HTTP statuses, and
//! streaming methods refused.

use crate::common;

use common::TestServer;
use common::http::post;
use prost::Message as _;
use satrap_server::proto;
use serde_json::Value;

const GAME: &str = "/satrap.v1.GameService";

fn json(answer: &common::http::Answer) -> Value {
    serde_json::from_slice(&answer.body)
        .unwrap_or_else(|e| panic!("JSON body ({e}): {}", answer.text()))
}

#[tokio::test]
async fn unary_json_calls_reach_the_same_service_as_grpc() {
    let server = TestServer::start().await;
    let types = post(
        server.addr,
        &format!("{GAME}/ListGameTypes"),
        "application/json",
        &[("Connect-Protocol-Version", "1")],
        b"{}",
    )
    .await;
    assert!(types.status.starts_with("HTTP/1.1 200"), "{}", types.status);
    assert_eq!(types.header("content-type"), "application/json");
    assert_eq!(json(&types)["gameTypes"].as_array().map(Vec::len), Some(4));

    // A game created over Connect (JSON names, proto3 JSON mapping) ...
    let created = post(
        server.addr,
        &format!("{GAME}/CreateGame"),
        "application/json",
        &[],
        br#"{"gameType": "king_of_siam", "seats": [{}, {}], "seed": "7"}"#,
    )
    .await;
    assert!(
        created.status.starts_with("HTTP/1.1 200"),
        "{}",
        created.text()
    );
    let created = json(&created);
    let id = created["gameId"].as_str().expect("gameId").to_owned();
    let token = created["seats"][0]["token"].as_str().expect("a seat token");
    assert!(!token.is_empty());
    // ... is the game gRPC sees.
    let mut client = server.client().await;
    let snap = common::snapshot(&mut client, &id, None).await;
    assert_eq!(snap.game_type, "king_of_siam");

    // The same call as binary protobuf.
    let request = proto::GetGameRequest {
        game_id: id.clone(),
        ..Default::default()
    }
    .encode_to_vec();
    let got = post(
        server.addr,
        &format!("{GAME}/GetGame"),
        "application/proto",
        &[],
        &request,
    )
    .await;
    assert!(got.status.starts_with("HTTP/1.1 200"), "{}", got.status);
    assert_eq!(got.header("content-type"), "application/proto");
    let decoded = proto::GetGameResponse::decode(got.body.as_slice()).expect("a GetGameResponse");
    assert_eq!(decoded.snapshot.expect("snapshot").game_id, id);
    server.shutdown().await;
}

#[tokio::test]
async fn errors_are_connect_errors_with_their_http_status() {
    let server = TestServer::start().await;
    let cases: [(&str, &[u8], &str, &str); 4] = [
        // A game that does not exist: the handler's NOT_FOUND.
        (
            "GetGame",
            br#"{"gameId": "no-such-game"}"#,
            "404",
            "not_found",
        ),
        // Not JSON of the request's message.
        ("GetGame", b"{\"gameId\": ", "400", "invalid_argument"),
        // A method that does not exist.
        ("NoSuchMethod", b"{}", "501", "unimplemented"),
        // A streaming method: gRPC or gRPC-Web only.
        ("WatchGame", br#"{"gameId": "x"}"#, "501", "unimplemented"),
    ];
    for (method, body, status, code) in cases {
        let answer = post(
            server.addr,
            &format!("{GAME}/{method}"),
            "application/json",
            &[],
            body,
        )
        .await;
        assert!(
            answer.status.starts_with(&format!("HTTP/1.1 {status}")),
            "{method}: {} {}",
            answer.status,
            answer.text()
        );
        let error = json(&answer);
        assert_eq!(error["code"], code, "{method}: {error}");
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{error}"
        );
    }
    // A long unknown field is not echoed back whole.
    let long = format!("{{\"{}\": 1}}", "x".repeat(5_000));
    let answer = post(
        server.addr,
        &format!("{GAME}/GetGame"),
        "application/json",
        &[],
        long.as_bytes(),
    )
    .await;
    assert!(
        answer.status.starts_with("HTTP/1.1 400"),
        "{}",
        answer.status
    );
    assert!(answer.body.len() < 600, "{}", answer.body.len());
    server.shutdown().await;
}
