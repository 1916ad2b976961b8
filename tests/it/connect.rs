//! Connect's unary calls on the gRPC port, through the real server over
//! plain HTTP/1.1: JSON and binary protobuf bodies, the same handlers as
//! gRPC (a game made over Connect is played over gRPC), errors as
//! `{"code", "message"}` with the specification's HTTP statuses, GET for
//! the calls without side effects, server streams in Connect's envelopes,
//! and 415 for a content type that is not spoken.

use crate::common;

use common::TestServer;
use common::http::{http1, post};
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
    // What the server allows, by GET as any read: an open server.
    let info = http1(
        server.addr,
        "GET",
        &format!("{GAME}/GetServerInfo?connect=v1&encoding=json&message=%7B%7D"),
    )
    .await;
    assert!(info.status.starts_with("HTTP/1.1 200"), "{}", info.text());
    assert_eq!(json(&info)["create"], "CREATE_POLICY_ANYONE");

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
    let cases: [(&str, &[u8], &str, &str); 3] = [
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

/// (flags, payload) of every envelope of a Connect stream's body.
fn envelopes(mut body: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    while body.len() >= 5 {
        let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
        out.push((body[0], body[5..5 + len].to_vec()));
        body = &body[5 + len..];
    }
    assert!(body.is_empty(), "bytes after the last envelope");
    out
}

#[tokio::test]
async fn watch_game_streams_every_version_then_its_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = common::create(
        &mut client,
        "king_of_siam",
        common::bot_seats(2, "random"),
        Some(3),
    )
    .await;
    let end = common::wait_for_end(&mut client, &game.game_id).await;
    assert!(end.version > 0);
    let request = format!(r#"{{"gameId": "{}"}}"#, game.game_id);
    let mut framed = vec![0u8];
    framed.extend_from_slice(&(request.len() as u32).to_be_bytes());
    framed.extend_from_slice(request.as_bytes());
    // A finished game's stream ends after its last version (the deadline
    // only bounds the test).
    let answer = post(
        server.addr,
        &format!("{GAME}/WatchGame"),
        "application/connect+json",
        &[("Connect-Timeout-Ms", "1500")],
        &framed,
    )
    .await;
    assert!(
        answer.status.starts_with("HTTP/1.1 200"),
        "{}",
        answer.status
    );
    assert_eq!(answer.header("content-type"), "application/connect+json");
    let all = envelopes(&answer.body);
    let (last, updates) = all.split_last().expect("an end");
    assert_eq!(last.0, 0x02, "the last envelope ends the stream");
    let versions: Vec<u64> = updates
        .iter()
        .map(|(flags, m)| {
            assert_eq!(*flags, 0);
            let update: Value = serde_json::from_slice(m).expect("an update in JSON");
            // proto3 JSON: a uint64 is a string, and 0 is left out.
            update["version"]
                .as_str()
                .map_or(0, |v| v.parse().expect("a version"))
        })
        .collect();
    let expected: Vec<u64> = (0..=end.version).collect();
    assert_eq!(versions, expected, "every version once, in order");
    let last: Value = serde_json::from_slice(&last.1).expect("the end in JSON");
    assert!(last.get("error").is_none(), "a clean end: {last}");
    server.shutdown().await;
}

#[tokio::test]
async fn get_reads_and_415_refuses() {
    let server = TestServer::start().await;
    let types = http1(
        server.addr,
        "GET",
        &format!("{GAME}/ListGameTypes?connect=v1&encoding=json&message=%7B%7D"),
    )
    .await;
    assert!(types.status.starts_with("HTTP/1.1 200"), "{}", types.text());
    assert_eq!(json(&types)["gameTypes"].as_array().map(Vec::len), Some(4));
    let create = http1(
        server.addr,
        "GET",
        &format!("{GAME}/CreateGame?connect=v1&encoding=json&message=%7B%7D"),
    )
    .await;
    assert!(
        create.status.starts_with("HTTP/1.1 405"),
        "{}",
        create.status
    );
    // The page is still the page.
    let page = http1(server.addr, "GET", "/").await;
    assert!(page.status.starts_with("HTTP/1.1 200"), "{}", page.status);
    assert!(page.header("content-type").starts_with("text/html"));

    let refused = post(
        server.addr,
        &format!("{GAME}/ListGameTypes"),
        "text/plain",
        &[],
        b"{}",
    )
    .await;
    assert!(
        refused.status.starts_with("HTTP/1.1 415"),
        "{}",
        refused.status
    );
    assert_eq!(refused.text().lines().count(), 1, "{}", refused.text());
    server.shutdown().await;
}
