//! `--metrics-listen`: the Prometheus page moves as a game is played (a
//! client seat against a built-in bot), and its gauges are exact: a watch
//! stream the client cancels is uncounted at once.

#[path = "it/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::telemetry::{Scrape, free_addr, http_get, scrape};
use common::{Lcg, TestServer, authed, create, play_to_end};
use satrap_server::Config;
use satrap_server::proto;

const REQUESTS: &str = "satrap_rpc_requests_total";

/// Scrape until `ok` holds (gauges follow events that end asynchronously,
/// e.g. a stream's body dropped by the server after a client's reset).
async fn scrape_until(
    addr: std::net::SocketAddr,
    what: &str,
    ok: impl Fn(&Scrape) -> bool,
) -> Scrape {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let s = scrape(addr).await;
        if ok(&s) {
            return s;
        }
        assert!(Instant::now() < deadline, "{what}: {:#?}", s.0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_move_as_a_game_is_played() {
    let metrics = free_addr().await;
    let server = TestServer::start_with(Config {
        metrics_listen: Some(metrics),
        ..Config::in_memory()
    })
    .await;
    let mut client = server.client().await;

    // Nothing yet: no games, no streams; the page is there with HELP lines.
    let (code, page) = http_get(metrics, "/metrics").await;
    assert_eq!(code, 200);
    assert!(page.contains("# HELP satrap_live_games"), "{page}");
    let s0 = Scrape::parse(&page);
    assert_eq!(s0.get("satrap_live_games", &[]), 0.0);
    assert_eq!(s0.get("satrap_cached_games", &[]), 0.0);
    assert_eq!(s0.get("satrap_watch_streams", &[]), 0.0);
    assert_eq!(http_get(metrics, "/nope").await.0, 404);
    // Every series a dashboard reads is there before it is first used, at
    // 0 (so an alert never reads "no data" for zero), with the build and
    // the process's own figures.
    for present in [
        "satrap_watch_streams",
        "satrap_live_games",
        "satrap_bot_decisions_total",
        "satrap_connections_shed_total",
        "process_resident_memory_bytes",
        "process_cpu_seconds_total",
        "process_open_fds",
    ] {
        assert!(s0.has(present), "{present} at start-up: {page}");
    }
    assert_eq!(
        s0.get("satrap_bot_decisions_total", &[("bot", "mcts-hard")]),
        0.0
    );
    assert!(
        s0.0.iter()
            .any(|((name, labels), v)| name == "satrap_build_info"
                && labels.get("version").map(String::as_str) == Some(env!("CARGO_PKG_VERSION"))
                && labels.get("commit").is_some_and(|c| !c.is_empty())
                && *v == 1.0),
        "satrap_build_info: {page}"
    );

    // A game: seat 0 from this client, seat 1 the built-in random bot.
    let created = create(
        &mut client,
        "territories",
        vec![
            proto::SeatRequest {
                name: "me".into(),
                bot: String::new(),
                ..Default::default()
            },
            proto::SeatRequest {
                name: "bot".into(),
                bot: "random".into(),
                ..Default::default()
            },
        ],
        Some(11),
    )
    .await;
    let id = created.game_id.clone();
    let s1 = scrape(metrics).await;
    assert_eq!(
        s1.get(REQUESTS, &[("method", "CreateGame"), ("code", "OK")]),
        1.0
    );
    assert_eq!(s1.get("satrap_live_games", &[]), 1.0);
    assert_eq!(s1.get("satrap_cached_games", &[]), 1.0);
    assert!(
        s1.get(
            "satrap_rpc_duration_seconds_count",
            &[("method", "CreateGame")]
        ) >= 1.0
    );

    // An open watch stream counts while it is open.
    let watch = client
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    scrape_until(metrics, "one open watch stream", |s| {
        s.get("satrap_watch_streams", &[]) == 1.0
    })
    .await;

    // A refused call is counted under its code.
    let missing = client
        .get_game(proto::GetGameRequest {
            game_id: "no-such-game".into(),
            ..Default::default()
        })
        .await
        .expect_err("unknown game");
    assert_eq!(missing.code(), tonic::Code::NotFound);
    let s2 = scrape(metrics).await;
    assert_eq!(
        s2.get(REQUESTS, &[("method", "GetGame"), ("code", "NOT_FOUND")]),
        1.0
    );

    // Play to the end; the bot decides on its turns, moves are committed.
    let played = play_to_end(&mut client, &created, &mut Lcg(5)).await;
    assert!(!played.is_empty());
    // Our watch stream ended with the game (OK), and so did the gauge.
    let s3 = scrape_until(metrics, "the game over and no stream open", |s| {
        s.get("satrap_live_games", &[]) == 0.0 && s.get("satrap_watch_streams", &[]) == 0.0
    })
    .await;
    assert_eq!(
        s3.get(REQUESTS, &[("method", "WatchGame"), ("code", "OK")]),
        1.0
    );
    assert_eq!(s3.get("satrap_cached_games", &[]), 1.0);
    let bot_decisions = s3.get("satrap_bot_decisions_total", &[("bot", "random")]);
    assert!(bot_decisions >= 1.0, "{:#?}", s3.0);
    assert_eq!(
        s3.get("satrap_bot_decision_seconds_count", &[("bot", "random")]),
        bot_decisions
    );
    let commits = s3.get("satrap_store_commit_seconds_count", &[("store", "memory")]);
    let snap = common::snapshot(&mut client, &id, None).await;
    // Every version is one commit, of a client's move or a bot's.
    assert!(
        commits >= snap.version as f64 - 1.0,
        "{commits} commits, version {}",
        snap.version
    );
    let applied = s3.get(REQUESTS, &[("method", "ApplyAction"), ("code", "OK")]);
    assert!(
        applied >= played.len() as f64,
        "{applied} < {}",
        played.len()
    );
    assert!(
        s3.get(
            "satrap_bot_decision_seconds_bucket",
            &[("bot", "random"), ("le", "+Inf")]
        ) >= 1.0
    );

    // The client cancels a stream on a running game: the gauge drops at
    // once, without waiting for a move.
    drop(watch);
    let other = create(&mut client, "territories", common::seats(2), Some(12)).await;
    let cancelled_before = s3.get(REQUESTS, &[("method", "WatchGame"), ("code", "CANCELLED")]);
    let mut stream = client
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: other.game_id.clone(),
                from_version: 0,
                ..Default::default()
            },
            None,
        ))
        .await
        .expect("watch")
        .into_inner();
    stream
        .message()
        .await
        .expect("first update")
        .expect("an update");
    scrape_until(metrics, "the new stream counted", |s| {
        s.get("satrap_watch_streams", &[]) == 1.0
    })
    .await;
    drop(stream);
    let s4 = scrape_until(metrics, "the cancelled stream uncounted", |s| {
        s.get("satrap_watch_streams", &[]) == 0.0
    })
    .await;
    assert!(s4.get(REQUESTS, &[("method", "WatchGame"), ("code", "CANCELLED")]) > cancelled_before);
    assert_eq!(s4.get("satrap_live_games", &[]), 1.0);
    assert_eq!(s4.get("satrap_cached_games", &[]), 2.0);

    // A path that is not a method: one `unknown` label, never the path.
    let unknown = common::raw::call(server.channel().await, "NoSuchMethod", vec![], &[]).await;
    assert_eq!(
        unknown.expect_err("unimplemented").code(),
        tonic::Code::Unimplemented
    );
    let s5 = scrape(metrics).await;
    assert_eq!(
        s5.get(
            REQUESTS,
            &[("method", "unknown"), ("code", "UNIMPLEMENTED")]
        ),
        1.0
    );
    assert!(
        !s5.0
            .keys()
            .any(|(_, labels)| labels.values().any(|v| v.contains("NoSuchMethod"))),
        "a client's path became a label"
    );
    server.shutdown().await;

    // With --tls-cert: when the certificate in use expires (rcgen's default
    // notAfter, 4096-01-01T00:00:00Z), in the same process's recorder.
    let dir = std::env::temp_dir().join(format!(
        "satrap-metrics-tls-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (cert, key) = (dir.join("server.pem"), dir.join("server.key"));
    common::tls::Ca::new("metrics CA")
        .leaf(&["127.0.0.1"])
        .write(&cert, &key);
    let metrics = free_addr().await;
    let server = TestServer::start_with(Config {
        metrics_listen: Some(metrics),
        tls_cert: Some(cert),
        tls_key: Some(key),
        ..Config::in_memory()
    })
    .await;
    let s6 = scrape_until(metrics, "the certificate's expiry", |s| {
        s.get("satrap_tls_certificate_expiry_seconds", &[]) > 0.0
    })
    .await;
    assert_eq!(
        s6.get("satrap_tls_certificate_expiry_seconds", &[]),
        67_090_118_400.0
    );
    server.shutdown().await;
}
