//! A game played through nginx on loopback, with the gateway configuration
//! shipped in `deploy/nginx.conf` (upstreams and listen address rewritten).
//! With `SATRAP_TEST_POSTGRES_URL` the gateway balances two replicas on one
//! database, as in `deploy/docker-compose.yml`; without it, one replica with
//! the memory store. Skipped by name without nginx, unless
//! `SATRAP_REQUIRE_EXTERNAL=1`.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::external::{TestDatabase, nginx};
use common::{Lcg, TestServer, create, play_to_end, seats, snapshot};
use satrap::proto::{self, game_service_client::GameServiceClient};
use satrap::service::Config;
use tokio_stream::StreamExt;

/// nginx running `deploy/nginx.conf` in front of `upstreams`.
struct Gateway {
    child: Child,
    port: u16,
}

impl Gateway {
    fn start(binary: &Path, upstreams: &[std::net::SocketAddr], dir: &Path) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
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
        assert!(!config.contains("satrap-1"), "upstreams rewritten");
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config).expect("write nginx.conf");
        let child = Command::new(binary)
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(&path)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start nginx");
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "nginx did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, port }
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
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
        satrap::store::now_ms()
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
