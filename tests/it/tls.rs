//! The server's own TLS, through the real server: gRPC (h2) and HTTP/1.1
//! over TLS on one port, a refused plaintext client, mTLS refusing a
//! client without a certificate, and a replaced certificate picked up by
//! new connections while an open watch stream goes on; `satrap health`
//! over it (the certificate pinned, and a client certificate for mTLS).

use crate::common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::tls::{self, Ca};
use common::{TestServer, create, seats};
use satrap_server::Config;
use satrap_server::proto::{self, ListGameTypesRequest, game_service_client::GameServiceClient};

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-tls-{name}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A server with its own TLS: a certificate for 127.0.0.1 signed by `ca`,
/// in `dir`; client certificates required when `client_ca` is given.
async fn tls_server(dir: &std::path::Path, ca: &Ca, client_ca: Option<&Ca>) -> TestServer {
    let (cert, key) = (dir.join("server.pem"), dir.join("server.key"));
    ca.leaf(&["127.0.0.1"]).write(&cert, &key);
    let client_ca = client_ca.map(|c| {
        let path = dir.join("client-ca.pem");
        c.write(&path);
        path
    });
    TestServer::start_with(Config {
        tls_cert: Some(cert),
        tls_key: Some(key),
        tls_client_ca: client_ca,
        ..Config::in_memory()
    })
    .await
}

async fn game_types(channel: tonic::transport::Channel) -> Result<usize, tonic::Status> {
    Ok(GameServiceClient::new(channel)
        .list_game_types(ListGameTypesRequest {})
        .await?
        .into_inner()
        .game_types
        .len())
}

#[tokio::test]
async fn grpc_and_http1_over_the_servers_own_tls() {
    let dir = dir("serve");
    let ca = Ca::new("satrap test CA");
    let server = tls_server(&dir, &ca, None).await;
    let channel = tls::channel(server.addr, &ca, None)
        .await
        .expect("TLS channel");
    assert_eq!(game_types(channel).await.expect("gRPC over TLS"), 4);
    // HTTP/1.1 by ALPN: the probes (and the page) over TLS too.
    let answer = tls::get(server.addr, &ca, "/readyz")
        .await
        .expect("GET over TLS");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("ready\n"), "{answer}");
    // A client that does not trust the CA is refused by its own check.
    let stranger = Ca::new("another CA");
    let refused = match tls::channel(server.addr, &stranger, None).await {
        Ok(channel) => game_types(channel).await.is_err(),
        Err(_) => true,
    };
    assert!(refused, "a certificate of an unknown CA is not trusted");
    // Plaintext gRPC gets no answer from a TLS port.
    let plain = tokio::time::timeout(Duration::from_secs(5), async {
        match tonic::transport::Channel::from_shared(server.url())
            .expect("url")
            .connect()
            .await
        {
            Ok(channel) => game_types(channel).await.is_err(),
            Err(_) => true,
        }
    })
    .await
    .unwrap_or(true);
    assert!(plain, "plaintext is not served on a TLS port");
    server.shutdown().await;
}

#[tokio::test]
async fn mtls_refuses_a_client_without_a_certificate_of_its_ca() {
    let dir = dir("mtls");
    let ca = Ca::new("server CA");
    let clients = Ca::new("client CA");
    let server = tls_server(&dir, &ca, Some(&clients)).await;
    // No client certificate: the handshake (or the first call) fails.
    let without = match tls::channel(server.addr, &ca, None).await {
        Ok(channel) => game_types(channel).await.err().map(|s| s.code()),
        Err(_) => Some(tonic::Code::Unavailable),
    };
    assert!(
        without.is_some(),
        "a client without a certificate is refused"
    );
    // A certificate of another CA: refused too.
    let other = Ca::new("not the client CA").leaf(&["bot"]);
    let wrong = match tls::channel(server.addr, &ca, Some(&other)).await {
        Ok(channel) => game_types(channel).await.is_err(),
        Err(_) => true,
    };
    assert!(wrong, "a client certificate of another CA is refused");
    // A certificate of the client CA: served.
    let good = clients.leaf(&["bot"]);
    let channel = tls::channel(server.addr, &ca, Some(&good))
        .await
        .expect("mTLS channel");
    assert_eq!(game_types(channel).await.expect("gRPC over mTLS"), 4);
    server.shutdown().await;
}

#[tokio::test]
async fn a_replaced_certificate_serves_new_connections_while_a_watch_goes_on() {
    let dir = dir("reload");
    let old_ca = Ca::new("old CA");
    let server = tls_server(&dir, &old_ca, None).await;
    let old = tls::channel(server.addr, &old_ca, None)
        .await
        .expect("TLS channel");
    let mut c = GameServiceClient::new(old);
    let created = create(&mut c, "king_of_siam", seats(2), Some(5)).await;
    let mut watch = c
        .watch_game(proto::WatchGameRequest {
            game_id: created.game_id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    let first = tokio_stream::StreamExt::next(&mut watch)
        .await
        .expect("an update")
        .expect("version 0");
    assert_eq!(first.version, 0);

    // The certificate is replaced by one of another CA.
    let new_ca = Ca::new("new CA");
    new_ca
        .leaf(&["127.0.0.1"])
        .write(&dir.join("server.pem"), &dir.join("server.key"));
    let start = Instant::now();
    let mut fresh = loop {
        if let Ok(channel) = tls::channel(server.addr, &new_ca, None).await {
            let mut client = GameServiceClient::new(channel);
            if client
                .list_game_types(ListGameTypesRequest {})
                .await
                .is_ok()
            {
                break client;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the new certificate was not picked up"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // New connections no longer get the old certificate.
    let old_refused = match tls::channel(server.addr, &old_ca, None).await {
        Ok(channel) => game_types(channel).await.is_err(),
        Err(_) => true,
    };
    assert!(old_refused, "new connections get the new certificate");

    // A move on the new connection reaches the watch on the old one.
    let snap = common::snapshot(&mut fresh, &created.game_id, None).await;
    let token = created.seats[snap.to_act[0] as usize].token.clone();
    let list = common::legal(&mut fresh, &created.game_id, &token).await;
    common::apply_notation(
        &mut fresh,
        &created.game_id,
        Some(&token),
        &list.actions[0].notation,
        Some(list.version),
    )
    .await
    .expect("move");
    let next = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_stream::StreamExt::next(&mut watch),
    )
    .await
    .expect("the open watch goes on")
    .expect("an update")
    .expect("version 1");
    assert_eq!(next.version, 1);
    server.shutdown().await;
}

#[test]
fn the_tls_flags_go_together() {
    use clap::Parser;
    assert!(Config::try_parse_from(["satrap", "--tls-cert", "c.pem"]).is_err());
    assert!(Config::try_parse_from(["satrap", "--tls-key", "k.pem"]).is_err());
    assert!(Config::try_parse_from(["satrap", "--tls-client-ca", "ca.pem"]).is_err());
    let ok = Config::try_parse_from(["satrap", "--tls-cert", "c.pem", "--tls-key", "k.pem"])
        .expect("both");
    assert!(ok.tls_files().is_some());
}

#[tokio::test]
async fn unusable_files_refuse_start_up_with_the_flag_and_file() {
    let dir = dir("refuse");
    let ca = Ca::new("CA");
    let (cert, key) = (dir.join("server.pem"), dir.join("server.key"));
    ca.leaf(&["127.0.0.1"]).write(&cert, &key);
    // A key of another certificate.
    std::fs::write(&key, ca.leaf(&["127.0.0.1"]).key_pem).expect("write");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let err = satrap_server::serve_on(
        listener,
        Config {
            tls_cert: Some(cert.clone()),
            tls_key: Some(key),
            ..Config::in_memory()
        },
        std::future::pending(),
    )
    .await
    .expect_err("refused");
    assert!(err.to_string().contains("does not match"), "{err}");
    // An unreadable certificate.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let err = satrap_server::serve_on(
        listener,
        Config {
            tls_cert: Some(dir.join("absent.pem")),
            tls_key: Some(dir.join("server.key")),
            ..Config::in_memory()
        },
        std::future::pending(),
    )
    .await
    .expect_err("refused");
    assert!(err.to_string().contains("--tls-cert"), "{err}");
    assert!(err.to_string().contains("absent.pem"), "{err}");
}

/// `satrap health --addr ADDR` with `args`: whether it found the server
/// SERVING.
async fn probe(addr: std::net::SocketAddr, args: &[&std::ffi::OsStr]) -> bool {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_satrap"));
    cmd.args(["health", "--timeout-secs", "5", "--addr", &addr.to_string()])
        .args(args)
        .env_remove("SATRAP_TLS_CERT");
    tokio::task::spawn_blocking(move || cmd.output().expect("run satrap health").status.success())
        .await
        .expect("probe")
}

#[tokio::test]
async fn the_health_probe_trusts_the_servers_own_certificate() {
    let dir = dir("probe");
    let ca = Ca::new("probe CA");
    let clients = Ca::new("probe client CA");
    let server = tls_server(&dir, &ca, None).await;
    let cert = dir.join("server.pem");
    assert!(
        probe(server.addr, &["--server-cert".as_ref(), cert.as_ref()]).await,
        "SERVING over TLS, the server's certificate pinned"
    );
    assert!(!probe(server.addr, &[]).await, "plaintext gets no answer");
    let (other, other_key) = (dir.join("other.pem"), dir.join("other.key"));
    ca.leaf(&["127.0.0.1"]).write(&other, &other_key);
    assert!(
        !probe(server.addr, &["--server-cert".as_ref(), other.as_ref()]).await,
        "another certificate, even of the same CA, is not the pinned one"
    );
    server.shutdown().await;

    let mtls_dir = dir.join("mtls");
    std::fs::create_dir_all(&mtls_dir).expect("dir");
    let server = tls_server(&mtls_dir, &ca, Some(&clients)).await;
    let cert = mtls_dir.join("server.pem");
    assert!(
        !probe(server.addr, &["--server-cert".as_ref(), cert.as_ref()]).await,
        "mTLS: no client certificate, no answer"
    );
    let (client, client_key) = (mtls_dir.join("probe.pem"), mtls_dir.join("probe.key"));
    clients.leaf(&["probe"]).write(&client, &client_key);
    let with_client = [
        "--server-cert".as_ref(),
        cert.as_os_str(),
        "--client-cert".as_ref(),
        client.as_os_str(),
        "--client-key".as_ref(),
        client_key.as_os_str(),
    ];
    assert!(
        probe(server.addr, &with_client).await,
        "mTLS: SERVING with a certificate of the client CA"
    );
    server.shutdown().await;
}
