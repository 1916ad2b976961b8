//! Webhooks through the real server: every event of the feed reaches a
//! local receiver that fails on purpose, signed, in order, each id
//! acknowledged once; after a restart the rest follows without repeats.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use satrap_server::Config;
use satrap_server::proto;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::common::{Client, TestServer, bot_seats};

const SECRET: &str = "a shared secret";

/// What the receiver saw: every attempt (id, answered with) and the
/// acknowledged bodies in order.
#[derive(Default)]
struct Received {
    attempts: Vec<(String, u16)>,
    acked: Vec<(String, serde_json::Value)>,
}

/// A receiver on 127.0.0.1 that refuses every third attempt with a 500
/// (and the first two outright), and checks each signature.
async fn receiver() -> (String, Arc<Mutex<Received>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/hooks", listener.local_addr().expect("addr"));
    let seen = Arc::new(Mutex::new(Received::default()));
    let state = seen.clone();
    tokio::spawn(async move {
        let mut n = 0usize;
        while let Ok((mut socket, _)) = listener.accept().await {
            n += 1;
            let state = state.clone();
            let fail = n <= 2 || n % 3 == 0;
            tokio::spawn(async move {
                let Some((headers, body)) = read_request(&mut socket).await else {
                    return;
                };
                let header = |name: &str| {
                    headers
                        .lines()
                        .find_map(|l| {
                            let (k, v) = l.split_once(':')?;
                            k.trim()
                                .eq_ignore_ascii_case(name)
                                .then(|| v.trim().to_owned())
                        })
                        .unwrap_or_default()
                };
                let id = header("satrap-event-id");
                let signed = satrap_webhook::verify(
                    SECRET.as_bytes(),
                    &header("satrap-timestamp"),
                    &body,
                    &header("satrap-signature"),
                );
                let status = if !signed {
                    401
                } else if fail {
                    500
                } else {
                    200
                };
                {
                    let mut s = state.lock().expect("lock");
                    s.attempts.push((id.clone(), status));
                    if status == 200 {
                        let json = serde_json::from_slice(&body).expect("JSON body");
                        s.acked.push((id, json));
                    }
                }
                let reply = format!(
                    "HTTP/1.1 {status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                );
                let _ = socket.write_all(reply.as_bytes()).await;
            });
        }
    });
    (url, seen)
}

/// One HTTP/1.1 request: its header block and its body.
async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let end = loop {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
    };
    let headers = String::from_utf8_lossy(&buf[..end]).to_string();
    let length: usize = headers
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = buf[end + 4..].to_vec();
    while body.len() < length {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some((headers, body))
}

async fn bot_game(client: &mut Client) -> String {
    client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: bot_seats(2, "random"),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
        .game_id
}

/// Wait until the receiver acknowledged `n` events (at most 40 s: the
/// failures cost a few seconds of backoff).
async fn acked(seen: &Arc<Mutex<Received>>, n: usize) {
    for _ in 0..400 {
        if seen.lock().expect("lock").acked.len() >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "only {} of {n} events acknowledged",
        seen.lock().expect("lock").acked.len()
    );
}

fn config(database: String, url: &str) -> Config {
    let mut config = Config::in_memory();
    config.database = database;
    config.webhook_url = Some(url.to_owned());
    config.webhook_secret = Some(SECRET.into());
    config
}

#[tokio::test]
async fn every_event_reaches_a_failing_receiver_once_in_order_across_a_restart() {
    let (url, seen) = receiver().await;
    let dir = crate::common::access::temp_dir("webhooks");
    let database = format!("sqlite://{}", dir.join("games.db").display());

    let server = TestServer::start_with(config(database.clone(), &url)).await;
    let mut c = server.client().await;
    let first = bot_game(&mut c).await;
    acked(&seen, 3).await;
    server.shutdown().await;

    // Events recorded while no server runs are delivered after the restart,
    // and nothing acknowledged before it comes again.
    let server = TestServer::start_with(config(database, &url)).await;
    let mut c = server.client().await;
    let second = bot_game(&mut c).await;
    acked(&seen, 6).await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let s = seen.lock().expect("lock");
    let ids: Vec<&str> = s.acked.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(
        ids,
        ["evt-1", "evt-2", "evt-3", "evt-4", "evt-5", "evt-6"],
        "once each, in order"
    );
    assert!(
        s.attempts.iter().any(|(_, code)| *code == 500),
        "the receiver failed on purpose"
    );
    assert!(
        s.attempts.iter().all(|(_, code)| *code != 401),
        "every delivery signed"
    );
    let kinds: Vec<(&str, &str)> = s
        .acked
        .iter()
        .map(|(_, j)| {
            (
                j["game_id"].as_str().unwrap_or_default(),
                j["kind"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (first.as_str(), "created"),
            (first.as_str(), "started"),
            (first.as_str(), "finished"),
            (second.as_str(), "created"),
            (second.as_str(), "started"),
            (second.as_str(), "finished"),
        ]
    );
    let (_, finished) = &s.acked[2];
    assert_eq!(finished["id"], "evt-3");
    assert!(
        finished["finished"]["outcome"]["results"].is_array(),
        "{finished}"
    );
}
