//! A game played through nginx on loopback, with the gateway configuration
//! shipped in `deploy/nginx.conf` (upstreams and listen addresses
//! rewritten): gRPC on its HTTP/2 listener, and what browsers send (gRPC-Web
//! unary calls and server streams, plain GETs, CORS preflights) on its
//! HTTP/1.1 listener. With `SATRAP_TEST_POSTGRES_URL` the gRPC test's
//! gateway balances two replicas on one database, as in
//! `deploy/docker-compose.yml`; without it, one replica with the memory
//! store. Skipped by name without nginx, unless `SATRAP_REQUIRE_EXTERNAL=1`.

use crate::common;

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::external::{TestDatabase, nginx};
use common::{Lcg, TestServer, authed, create, play_to_end, seats, snapshot};
use hyper_util::client::legacy::Client as HttpClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use satrap_server::Config;
use satrap_server::proto::{self, game_service_client::GameServiceClient};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_stream::StreamExt;
use tonic_web::{GrpcWebCall, GrpcWebClientLayer, GrpcWebClientService};
use tower::Layer;

/// nginx running `deploy/nginx.conf` in front of `upstreams`.
struct Gateway {
    child: Child,
    /// The gRPC (HTTP/2) listener, 8080 in the shipped file.
    port: u16,
    /// The HTTP/1.1 listener for browsers, 8081 in the shipped file.
    web_port: u16,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port()
}

impl Gateway {
    fn start(binary: &Path, upstreams: &[std::net::SocketAddr], dir: &Path) -> Self {
        let port = free_port();
        let web_port = free_port();
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/nginx.conf"),
        )
        .expect("deploy/nginx.conf");
        let servers: String = upstreams
            .iter()
            .map(|a| format!("server {a};\n        "))
            .collect();
        let mut config = shipped
            .replace(
                "server satrap-1:50051;\n        server satrap-2:50051;\n        ",
                &servers,
            )
            .replace(
                "listen 8080 http2;",
                &format!("listen 127.0.0.1:{port} http2;"),
            )
            .replace("listen 8081;", &format!("listen 127.0.0.1:{web_port};"))
            .replace(
                "pid /tmp/nginx.pid;",
                &format!("pid {}/nginx.pid;", dir.display()),
            )
            .replace(
                "error_log /dev/stderr warn;",
                &format!("error_log {}/error.log warn;", dir.display()),
            )
            .replace("worker_processes auto;", "worker_processes 1;");
        for dir_name in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
            config = config.replace(
                "    access_log off;\n",
                &format!(
                    "    access_log off;\n    {dir_name}_temp_path {}/{dir_name};\n",
                    dir.display()
                ),
            );
        }
        assert!(
            config.contains(&format!("127.0.0.1:{port}")),
            "listen rewritten"
        );
        assert!(
            config.contains(&format!("listen 127.0.0.1:{web_port};")),
            "the HTTP/1.1 listener (listen 8081;) rewritten"
        );
        assert!(!config.contains("satrap-1"), "upstreams rewritten");
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config).expect("write nginx.conf");
        let child = Command::new(binary)
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(&path)
            .args(["-g", "daemon off;"])
            // Its own process group: the workers are stopped with it.
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start nginx");
        let start = Instant::now();
        for p in [port, web_port] {
            while std::net::TcpStream::connect(("127.0.0.1", p)).is_err() {
                assert!(
                    start.elapsed() < Duration::from_secs(10),
                    "nginx did not start"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        Self {
            child,
            port,
            web_port,
        }
    }
}

impl Drop for Gateway {
    /// Stop nginx with its workers: SIGTERM to the master (which stops its
    /// workers), and if it has not exited within 5 s, SIGKILL to the whole
    /// process group. (Killing only the master left the workers running,
    /// holding their ports after the tests.)
    fn drop(&mut self) {
        let pid = self.child.id() as libc::pid_t;
        // SAFETY: kill only sends a signal to our own child (its group).
        unsafe { libc::kill(pid, libc::SIGTERM) };
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        // SAFETY: as above; a negative pid names the process group.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn a_game_played_through_the_nginx_gateway() {
    let Some(binary) = nginx("a_game_played_through_the_nginx_gateway") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!(
        "satrap-gateway-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let database = match std::env::var("SATRAP_TEST_POSTGRES_URL") {
        Ok(admin) if !admin.is_empty() => Some(TestDatabase::create(&admin, "gateway").await),
        _ => None,
    };
    let mut config = Config::in_memory();
    if let Some(db) = &database {
        config.database = db.url.clone();
    }
    let mut replicas = vec![TestServer::start_with(config.clone()).await];
    if database.is_some() {
        replicas.push(TestServer::start_with(config).await);
    }
    let addrs: Vec<_> = replicas.iter().map(|r| r.addr).collect();
    let gateway = Gateway::start(&binary, &addrs, &dir);

    let url = format!("http://127.0.0.1:{}", gateway.port);
    let mut c = GameServiceClient::connect(url.clone())
        .await
        .expect("connect to the gateway");
    let created = create(&mut c, "king_of_siam", seats(3), Some(21)).await;
    let id = created.game_id.clone();
    // A watch stream through the gateway, opened before the first move.
    let mut watcher = GameServiceClient::connect(url.clone())
        .await
        .expect("connect");
    let mut stream = watcher
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .expect("watch through nginx")
        .into_inner();
    let watched = tokio::spawn(async move {
        let mut versions = Vec::new();
        while let Some(u) = stream.next().await {
            versions.push(u.expect("update").version);
        }
        versions
    });

    let played = play_to_end(&mut c, &created, &mut Lcg(6)).await;
    let end = snapshot(&mut c, &id, None).await;
    assert!(end.outcome.is_some());
    assert_eq!(end.version as usize, played.len());
    let versions = tokio::time::timeout(Duration::from_secs(20), watched)
        .await
        .expect("watch ends with the game")
        .expect("watch task");
    assert_eq!(versions, (0..=end.version).collect::<Vec<_>>());

    // Health checks pass through the gateway too.
    let channel = tonic::transport::Channel::from_shared(url)
        .expect("url")
        .connect()
        .await
        .expect("connect");
    let health = tonic_health::pb::health_client::HealthClient::new(channel)
        .check(tonic_health::pb::HealthCheckRequest {
            service: "satrap.v1.GameService".into(),
        })
        .await
        .expect("health through nginx")
        .into_inner();
    assert_eq!(
        health.status,
        tonic_health::pb::health_check_response::ServingStatus::Serving as i32
    );

    drop(gateway);
    for r in replicas {
        r.shutdown().await;
    }
    if let Some(db) = database {
        db.drop().await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-{name}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The generated client speaking gRPC-Web over an HTTP/1.1-only hyper
/// client, as a browser would (tonic-web's client path).
type WebClient = GameServiceClient<
    GrpcWebClientService<HttpClient<HttpConnector, GrpcWebCall<tonic::body::Body>>>,
>;

fn web_client(port: u16) -> WebClient {
    let http1 = HttpClient::builder(TokioExecutor::new()).build_http();
    let origin = format!("http://127.0.0.1:{port}")
        .parse()
        .expect("origin URI");
    GameServiceClient::with_origin(GrpcWebClientLayer::new().layer(http1), origin)
}

#[tokio::test]
async fn grpc_web_calls_and_live_streams_pass_the_http1_listener() {
    let Some(binary) = nginx("grpc_web_calls_and_live_streams_pass_the_http1_listener") else {
        return;
    };
    let dir = temp_dir("gateway-web");
    let replica = TestServer::start().await;
    let gateway = Gateway::start(&binary, &[replica.addr], &dir);
    let mut web = web_client(gateway.web_port);

    // Unary calls.
    let types = web
        .list_game_types(proto::ListGameTypesRequest {})
        .await
        .expect("ListGameTypes as gRPC-Web through nginx")
        .into_inner();
    assert!(types.game_types.iter().any(|t| t.id == "king_of_siam"));
    let created = web
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: seats(3),
            seed: Some(31),
            options: None,
            ..Default::default()
        })
        .await
        .expect("CreateGame as gRPC-Web")
        .into_inner();
    let id = created.game_id.clone();

    // A server stream on its own HTTP/1.1 connection, opened before any move.
    let mut stream = web_client(gateway.web_port)
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .expect("WatchGame as gRPC-Web")
        .into_inner();
    let first = next_update(&mut stream).await;
    assert_eq!(first.version, 0);

    // Each move's update must reach the watcher before the next move is
    // made: a gateway that buffers the response would hold them back.
    let mut rng = Lcg(31);
    for expected in 1..=6u64 {
        let snap = web
            .get_game(proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            })
            .await
            .expect("GetGame as gRPC-Web")
            .into_inner()
            .snapshot
            .expect("snapshot");
        let seat = snap.to_act[0] as usize;
        let token = created.seats[seat].token.clone();
        let legal = web
            .list_legal_actions(authed(
                proto::ListLegalActionsRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                Some(&token),
            ))
            .await
            .expect("ListLegalActions as gRPC-Web")
            .into_inner();
        let pick = legal.actions[rng.below(legal.actions.len())]
            .notation
            .clone();
        web.apply_action(authed(
            proto::ApplyActionRequest {
                game_id: id.clone(),
                expected_version: Some(legal.version),
                r#move: Some(proto::apply_action_request::Move::Notation(pick)),
                ..Default::default()
            },
            Some(&token),
        ))
        .await
        .expect("ApplyAction as gRPC-Web (the seat token passes)");
        let update = next_update(&mut stream).await;
        assert_eq!(update.version, expected, "updates arrive one by one");
    }

    // Errors keep their gRPC status through the translation.
    let missing = web
        .get_game(proto::GetGameRequest {
            game_id: "no-such-game".into(),
            ..Default::default()
        })
        .await
        .expect_err("unknown game");
    assert_eq!(missing.code(), tonic::Code::NotFound);

    drop(gateway);
    replica.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The next update of a watch stream, which must come within 5 s.
async fn next_update(stream: &mut tonic::Streaming<proto::GameUpdate>) -> proto::GameUpdate {
    tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("the update arrives while the stream stays open (no buffering)")
        .expect("the stream is open")
        .expect("an update")
}

/// Send one raw HTTP/1.1 request and read the whole answer (the request
/// asks the server to close the connection).
async fn raw_http1(port: u16, request: &str) -> String {
    let mut socket = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect");
    socket
        .write_all(request.as_bytes())
        .await
        .expect("send request");
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), socket.read_to_end(&mut answer))
        .await
        .expect("an answer within 10 s")
        .expect("read answer");
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn plain_http1_gets_and_cors_preflights_get_http1_answers() {
    let Some(binary) = nginx("plain_http1_gets_and_cors_preflights_get_http1_answers") else {
        return;
    };
    let dir = temp_dir("gateway-http1");
    let replica = TestServer::start().await;
    let gateway = Gateway::start(&binary, &[replica.addr], &dir);

    // What `curl --http1.1 http://gateway:8081/` sends.
    let get = raw_http1(
        gateway.web_port,
        "GET / HTTP/1.1\r\nHost: gateway\r\nUser-Agent: curl\r\nAccept: */*\r\nConnection: close\r\n\r\n",
    )
    .await;
    let status = get.lines().next().unwrap_or_default();
    assert!(
        status.starts_with("HTTP/1.1 ") && status.len() >= 12,
        "an HTTP/1.1 status line, not {status:?}"
    );
    assert!(
        !status.starts_with("HTTP/1.1 5"),
        "the replica answered: {status}"
    );

    // A browser's preflight before a gRPC-Web call from another origin.
    let preflight = raw_http1(
        gateway.web_port,
        "OPTIONS /satrap.v1.GameService/CreateGame HTTP/1.1\r\nHost: gateway\r\n\
         Origin: http://app.example\r\nAccess-Control-Request-Method: POST\r\n\
         Access-Control-Request-Headers: content-type,x-grpc-web,x-user-agent\r\n\
         Connection: close\r\n\r\n",
    )
    .await;
    let status = preflight.lines().next().unwrap_or_default();
    assert!(
        status.starts_with("HTTP/1.1 200") || status.starts_with("HTTP/1.1 204"),
        "preflight allowed: {preflight}"
    );
    let headers = preflight.to_ascii_lowercase();
    assert!(
        headers.contains("\r\naccess-control-allow-origin:"),
        "{preflight}"
    );
    assert!(
        headers.contains("\r\naccess-control-allow-methods:"),
        "{preflight}"
    );

    drop(gateway);
    replica.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
