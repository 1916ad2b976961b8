//! The plain HTTP probes on the gRPC port, through the real server:
//! `/healthz` is liveness (`200 ok`, never the lobby's page), `/readyz`
//! is the game service's gRPC health (`200 ready`, or `503` with the
//! reason while the store cannot serve), with the page on or off.

use crate::common;

use std::time::Duration;

use common::http::http1;
use common::{TestServer, create, seats};
use satrap_server::Config;
use satrap_server::proto;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

async fn game_service_health(server: &TestServer) -> i32 {
    HealthClient::new(server.channel().await)
        .check(HealthCheckRequest {
            service: "satrap.v1.GameService".into(),
        })
        .await
        .expect("health")
        .into_inner()
        .status
}

#[tokio::test]
async fn healthz_and_readyz_are_plain_text_with_the_page_on_or_off() {
    for web in [true, false] {
        let server = TestServer::start_with(Config {
            web,
            ..Config::in_memory()
        })
        .await;
        let live = http1(server.addr, "GET", "/healthz").await;
        assert!(live.status.starts_with("HTTP/1.1 200"), "{}", live.status);
        assert_eq!(live.header("content-type"), "text/plain; charset=utf-8");
        assert_eq!(live.text(), "ok\n", "web {web}: not the lobby's page");
        let ready = http1(server.addr, "GET", "/readyz").await;
        assert!(ready.status.starts_with("HTTP/1.1 200"), "{}", ready.status);
        assert_eq!(ready.text(), "ready\n");
        let head = http1(server.addr, "HEAD", "/readyz").await;
        assert!(head.status.starts_with("HTTP/1.1 200"), "{}", head.status);
        assert!(head.body.is_empty());
        assert_eq!(head.header("content-length"), "6");
        assert_eq!(
            game_service_health(&server).await,
            ServingStatus::Serving as i32
        );
        server.shutdown().await;
    }
}

#[tokio::test]
async fn readyz_is_503_with_the_reason_while_the_store_cannot_serve() {
    let dir = std::env::temp_dir().join(format!(
        "satrap-probes-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("satrap.db");
    let server = TestServer::start_with(Config {
        database: format!("sqlite://{}", path.display()),
        ..Config::in_memory()
    })
    .await;
    let mut c = server.client().await;
    create(&mut c, "king_of_siam", seats(2), Some(1)).await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    // A write finds the file gone.
    let refused = c
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: seats(2),
            ..Default::default()
        })
        .await;
    assert!(refused.is_err(), "a write after the file is gone");
    let mut ready = http1(server.addr, "GET", "/readyz").await;
    for _ in 0..100 {
        if !ready.status.starts_with("HTTP/1.1 200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        ready = http1(server.addr, "GET", "/readyz").await;
    }
    assert!(ready.status.starts_with("HTTP/1.1 503"), "{}", ready.status);
    let text = ready.text();
    assert!(text.starts_with("not ready: "), "{text}");
    assert!(text.contains("database file"), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert_eq!(
        game_service_health(&server).await,
        ServingStatus::NotServing as i32,
        "the same state as gRPC health"
    );
    // Liveness: the process runs.
    let live = http1(server.addr, "GET", "/healthz").await;
    assert!(live.status.starts_with("HTTP/1.1 200"), "{}", live.status);
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
