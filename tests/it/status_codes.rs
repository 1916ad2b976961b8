//! The status-code table of docs/api.md and service.proto, row by row, with
//! the inputs that once got the wrong code: oversized client values (the
//! error message must stay short, the code the documented one), bodies that
//! do not decode, requests over the size limit, a token without "Bearer".
//! Storage rows (UNAVAILABLE, DATA_LOSS) are in tests/storage_faults.rs.

use crate::common;

use common::*;
use prost::Message;
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;

const KS: &str = "king_of_siam";

/// Messages stay short whatever the client sent.
fn short(status: &tonic::Status) {
    assert!(
        status.message().len() < 400,
        "{} bytes: {}",
        status.message().len(),
        &status.message()[..200.min(status.message().len())]
    );
}

#[tokio::test]
async fn not_found_for_unknown_games_of_any_id_length() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for len in [1, 36, 16_000, 20_000, 1_000_000] {
        let id = "g".repeat(len);
        let err = c
            .get_game(proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            })
            .await
            .expect_err("unknown");
        assert_eq!(err.code(), Code::NotFound, "id of {len} bytes");
        short(&err);
        if len > 64 {
            assert!(err.message().contains("more bytes"), "{}", err.message());
        }
        let err = apply_notation(&mut c, &id, Some("t"), "PASS", None)
            .await
            .expect_err("unknown");
        assert_eq!(err.code(), Code::NotFound, "ApplyAction, id of {len} bytes");
        short(&err);
    }
}

#[tokio::test]
async fn invalid_argument_for_malformed_requests_whatever_their_size() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let huge = "x".repeat(100_000);

    // Unknown game type: bounded, and the hosted ids are listed.
    let err = c
        .create_game(proto::CreateGameRequest {
            game_type: huge.clone(),
            seats: seats(2),
            seed: None,
            options: None,
            ..Default::default()
        })
        .await
        .expect_err("unknown type");
    assert_eq!(err.code(), Code::InvalidArgument);
    short(&err);
    for id in ["alexandros", "king_of_siam", "ming_dynasty", "territories"] {
        assert!(err.message().contains(id), "{}", err.message());
    }
    // Unknown bot, bounded.
    let mut s = seats(2);
    s[1].bot = huge.clone();
    let err = c
        .create_game(proto::CreateGameRequest {
            game_type: KS.into(),
            seats: s,
            seed: None,
            options: None,
            ..Default::default()
        })
        .await
        .expect_err("unknown bot");
    assert_eq!(err.code(), Code::InvalidArgument);
    short(&err);
    // ListGames filter and page token, bounded.
    for req in [
        proto::ListGamesRequest {
            game_type: huge.clone(),
            ..Default::default()
        },
        proto::ListGamesRequest {
            page_token: huge.clone(),
            ..Default::default()
        },
    ] {
        let err = c.list_games(req).await.expect_err("bad list");
        assert_eq!(err.code(), Code::InvalidArgument);
        short(&err);
    }
    // Notation that does not parse is quoted bounded too.
    let created = create(&mut c, KS, seats(2), Some(1)).await;
    let token = created.seats[0].token.clone();
    let err = apply_notation(
        &mut c,
        &created.game_id,
        Some(&token),
        &"Z".repeat(200),
        None,
    )
    .await
    .expect_err("bad notation");
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().contains("more bytes"), "{}", err.message());

    // A body that is not a protobuf message at all.
    for method in [
        "GetGame",
        "CreateGame",
        "ApplyAction",
        "WatchGame",
        "ListGames",
    ] {
        let err = raw::call(server.channel().await, method, vec![0xff; 9], &[])
            .await
            .expect_err("undecodable");
        assert_eq!(err.code(), Code::InvalidArgument, "{method}: {err:?}");
        assert!(
            err.message().contains("not a valid protobuf"),
            "{}",
            err.message()
        );
    }
}

#[tokio::test]
async fn resource_exhausted_for_requests_over_the_size_limit() {
    let mut config = Config::in_memory();
    config.max_message_bytes = 4096;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(1)).await;
    // Just under the limit: an ordinary answer.
    let err = c
        .get_game(proto::GetGameRequest {
            game_id: "g".repeat(4000),
            ..Default::default()
        })
        .await
        .expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);
    // Over it: RESOURCE_EXHAUSTED, and nothing else happens.
    let err = c
        .get_game(proto::GetGameRequest {
            game_id: "g".repeat(5000),
            ..Default::default()
        })
        .await
        .expect_err("too large");
    assert_eq!(err.code(), Code::ResourceExhausted, "{err:?}");
    let body = proto::ApplyActionRequest {
        game_id: created.game_id.clone(),
        expected_version: None,
        r#move: Some(proto::apply_action_request::Move::Notation(
            "P".repeat(8000),
        )),
        ..Default::default()
    }
    .encode_to_vec();
    let err = raw::call(server.channel().await, "ApplyAction", body, &[])
        .await
        .expect_err("too large");
    assert_eq!(err.code(), Code::ResourceExhausted);
    assert_eq!(snapshot(&mut c, &created.game_id, None).await.version, 0);
}

#[tokio::test]
async fn unauthenticated_says_how_to_send_a_token() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(1)).await;
    let token = created.seats[0].token.clone();
    // The token alone, without "Bearer ".
    let mut req = tonic::Request::new(proto::GetGameRequest {
        game_id: created.game_id.clone(),
        ..Default::default()
    });
    req.metadata_mut()
        .insert("authorization", token.parse().expect("header"));
    let err = c.get_game(req).await.expect_err("no scheme");
    assert_eq!(err.code(), Code::Unauthenticated);
    assert!(
        err.message().contains("Bearer <token>"),
        "{}",
        err.message()
    );
    // A token of no seat of this game.
    let err = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: created.game_id.clone(),
                ..Default::default()
            },
            Some("0000"),
        ))
        .await
        .expect_err("bad token");
    assert_eq!(err.code(), Code::Unauthenticated);
    assert!(
        err.message().contains("does not belong"),
        "{}",
        err.message()
    );
}

/// A browser that sends tracing headers passes the CORS preflight; the list
/// can be extended with --cors-allow-headers.
#[tokio::test]
async fn cors_preflight_allows_tracing_headers_and_configured_ones() {
    let mut config = Config::in_memory();
    config.cors_allow_headers = vec!["traceparent".into(), "x-team".into()];
    let server = TestServer::start_with(config).await;
    for (header, allowed) in [("traceparent", true), ("x-team", true), ("x-other", false)] {
        let response = preflight(server.addr, header).await;
        let allow = response
            .lines()
            .find(|l| {
                l.to_ascii_lowercase()
                    .starts_with("access-control-allow-headers:")
            })
            .unwrap_or_default()
            .to_ascii_lowercase();
        assert_eq!(allow.contains(header), allowed, "{header}: {response}");
    }
}

/// An HTTP/1.1 CORS preflight asking to send `header`.
async fn preflight(addr: std::net::SocketAddr, header: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let request = format!(
        "OPTIONS /satrap.v1.GameService/GetGame HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://example.test\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type,x-grpc-web,{header}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("read");
    response
}
