//! satrap as an attacker finds it: each test is a defect an outside attack
//! found, and proves it stays closed.
//!
//! - unread watch streams on a long game take bounded memory, and health
//!   checks stay fast while they are open (the real binary, RSS measured);
//! - connections that send nothing cannot lock clients out (the real
//!   binary under a low `ulimit -n`), and are closed at the handshake
//!   deadline;
//! - callers are identified in the game's actor, one command at a time: of N parallel rotations
//!   with one token exactly one succeeds, and a stale LeaveGame never
//!   empties a seat another player has just joined;
//! - JoinGame answers a private game like an unknown id;
//! - every way a game gets a built-in bot counts against
//!   `--max-live-bot-games`;
//! - malformed requests get INVALID_ARGUMENT, not INTERNAL, and request
//!   headers are capped alike on both transports;
//! - a client-chosen seed is shown to every seat, and can be refused;
//! - tickets waiting for a bot fill while their key is at
//!   `--max-live-bot-games` log a few lines a minute, not one each per
//!   matcher turn;
//! - idle WatchEvents streams cost the server nothing (the real binary on
//!   SQLite, its CPU time measured), and every one of them still gets the
//!   next event at once.

#[path = "it/common/mod.rs"]
mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{TestServer, authed, create, seats, snapshot};
use satrap_server::Config;
use satrap_server::proto::{self, game_service_client::GameServiceClient};
use tonic::Code;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::health_client::HealthClient;

/// The real binary on a loopback port, its log read until it says where.
struct Binary {
    child: Child,
    addr: SocketAddr,
    /// Every log line the server wrote after it said where it listens.
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Binary {
    /// `satrap serve` with `args`, under `ulimit -n nofile` when given.
    fn start(args: &[&str], nofile: Option<u32>) -> Binary {
        Self::start_on("memory://", args, nofile)
    }

    /// [`Binary::start`] on the store at `database`.
    fn start_on(database: &str, args: &[&str], nofile: Option<u32>) -> Binary {
        let bin = env!("CARGO_BIN_EXE_satrap");
        let mut command = match nofile {
            Some(n) => {
                let mut c = Command::new("bash");
                c.arg("-c")
                    .arg(format!("ulimit -n {n} && exec \"$0\" \"$@\""))
                    .arg(bin);
                c
            }
            None => Command::new(bin),
        };
        let mut child = command
            .arg("serve")
            .args(["--listen", "127.0.0.1:0", "--database", database])
            .args(["--log-format", "json"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn satrap");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let mut addr = None;
        for line in lines.by_ref().take(20) {
            let line = line.expect("log line");
            let log: serde_json::Value = serde_json::from_str(&line).expect("JSON log");
            if log["fields"]["message"] == "satrap serving" {
                addr = log["fields"]["addr"]
                    .as_str()
                    .map(|a| a.parse().expect("addr"));
                break;
            }
        }
        // Keep draining the log so the server never blocks on a full pipe.
        let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = log.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if let Ok(mut kept) = kept.lock() {
                    kept.push(line);
                }
            }
        });
        Binary {
            child,
            log,
            addr: addr.expect("the server said where it listens"),
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// How many log lines so far contain `text`.
    fn log_lines(&self, text: &str) -> usize {
        self.log
            .lock()
            .map(|l| l.iter().filter(|line| line.contains(text)).count())
            .unwrap_or(0)
    }

    /// CPU time the server has used so far (user and system).
    fn cpu(&self) -> Duration {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).expect("/proc stat");
        // After the command name in parentheses: utime and stime are the
        // 12th and 13th fields, in clock ticks.
        let rest = stat.rsplit_once(')').expect("stat").1;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 =
            fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
        // SAFETY: sysconf reads a constant of the system.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        Duration::from_millis(ticks * 1000 / per_second)
    }

    /// Resident memory of the server, in bytes.
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc status");
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .expect("VmRSS");
        kb * 1024
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn health_client(url: String) -> Result<HealthClient<Channel>, tonic::transport::Error> {
    Ok(HealthClient::new(
        Endpoint::from_shared(url)?.connect().await?,
    ))
}

/// One health check's answer time (fails the test on an error).
async fn health_latency(health: &mut HealthClient<Channel>) -> Duration {
    let start = Instant::now();
    health
        .check(tonic_health::pb::HealthCheckRequest {
            service: "satrap.v1.GameService".into(),
        })
        .await
        .expect("health answers");
    start.elapsed()
}

/// A finished all-bot Territories game (hundreds of versions) on `url`.
async fn long_finished_game(url: &str) -> (String, u64) {
    let mut client = GameServiceClient::connect(url.to_owned())
        .await
        .expect("connect");
    let created = create(
        &mut client,
        "territories",
        common::bot_seats(2, "random"),
        Some(5),
    )
    .await;
    let start = Instant::now();
    loop {
        let snap = snapshot(&mut client, &created.game_id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            return (created.game_id, snap.version);
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the bot game did not finish"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn unread_watch_streams_take_bounded_memory_and_health_stays_fast() {
    let server = Binary::start(&[], None);
    let (id, version) = long_finished_game(&server.url()).await;
    assert!(version > 300, "a long game: {version} versions");
    let mut health = health_client(server.url()).await.expect("health");
    // Warm up: one full replay read to its end, so that what the first
    // replay allocates once is not counted against the streams.
    {
        let mut client = GameServiceClient::connect(server.url())
            .await
            .expect("connect");
        let mut stream = client
            .watch_game(proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            })
            .await
            .expect("watch")
            .into_inner();
        let mut seen = 0;
        while let Some(u) = stream.message().await.expect("update") {
            seen = u.version;
        }
        assert_eq!(seen, version, "a read stream gets every version");
    }
    let before = server.rss();

    // 64 streams from version 0 on 8 connections with small windows, none
    // of them ever read.
    const STREAMS: usize = 64;
    let mut held = Vec::new();
    for c in 0..8 {
        let channel = Endpoint::from_shared(server.url())
            .expect("url")
            .initial_stream_window_size(65_535)
            .initial_connection_window_size(1 << 20)
            .connect()
            .await
            .expect("connect");
        let mut client = GameServiceClient::new(channel);
        for _ in 0..STREAMS / 8 {
            let stream = client
                .watch_game(proto::WatchGameRequest {
                    game_id: id.clone(),
                    from_version: 0,
                    mode: if c % 2 == 0 {
                        proto::UpdateMode::Full as i32
                    } else {
                        proto::UpdateMode::Delta as i32
                    },
                    ..Default::default()
                })
                .await
                .expect("watch");
            held.push(stream);
        }
    }
    // Health checks while the server does whatever the streams make it do.
    let mut worst = Duration::ZERO;
    for _ in 0..40 {
        worst = worst.max(health_latency(&mut health).await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let after = server.rss();
    let per_stream = after.saturating_sub(before) / STREAMS as u64;
    eprintln!(
        "RSS {} -> {} KiB: {} KiB per unread stream; worst health check {worst:?}",
        before / 1024,
        after / 1024,
        per_stream / 1024
    );
    assert!(per_stream < 1 << 20, "{per_stream} bytes per unread stream");
    assert!(worst < Duration::from_millis(100), "health took {worst:?}");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_send_nothing_cannot_lock_clients_out() {
    // 128 descriptors: the cap is 64 connections. The handshake deadline
    // is long, so only the cap can let the client in.
    let server = Binary::start(&["--handshake-timeout", "60s"], Some(128));
    let mut idle = Vec::new();
    for i in 0..300 {
        if let Ok(mut s) = std::net::TcpStream::connect(server.addr) {
            if i % 2 == 1 {
                // Half an HTTP/2 preface.
                let _ = s.write_all(b"PRI * HTTP/2.0\r\n");
            }
            idle.push(s);
        }
    }
    let start = Instant::now();
    let mut health = tokio::time::timeout(Duration::from_secs(5), health_client(server.url()))
        .await
        .expect("a new client gets in within 5 s")
        .expect("connect");
    tokio::time::timeout(Duration::from_secs(5), health_latency(&mut health))
        .await
        .expect("health answers within 5 s");
    eprintln!(
        "a client got in past {} idle connections in {:?}",
        idle.len(),
        start.elapsed()
    );
    // The shed ones were closed by the server: reading gives end of file.
    let closed = idle
        .iter_mut()
        .map(|s| {
            let _ = s.set_read_timeout(Some(Duration::from_millis(20)));
            matches!(s.read(&mut [0u8; 1]), Ok(0))
        })
        .filter(|closed| *closed)
        .count();
    assert!(closed >= 1, "idle connections were shed to make room");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_are_closed_at_the_handshake_deadline() {
    let server = Binary::start(&["--handshake-timeout", "500ms"], None);
    let mut silent = std::net::TcpStream::connect(server.addr).expect("connect");
    let mut half = std::net::TcpStream::connect(server.addr).expect("connect");
    half.write_all(b"PRI * HTTP/2.0\r\n").expect("write");
    for s in [&mut silent, &mut half] {
        s.set_read_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        let start = Instant::now();
        let mut answer = Vec::new();
        let read = s.read_to_end(&mut answer);
        assert!(read.is_ok(), "closed by the server: {read:?}");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "closed at the deadline"
        );
    }
    // A client that talks is not affected.
    let mut health = health_client(server.url()).await.expect("connect");
    tokio::time::sleep(Duration::from_millis(800)).await;
    health_latency(&mut health).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_but_open_watch_streams_are_not() {
    let server = Binary::start(&["--idle-timeout", "400ms"], None);
    // A browser-like keep-alive connection: one request, then nothing.
    let mut idle = std::net::TcpStream::connect(server.addr).expect("connect");
    idle.write_all(b"GET / HTTP/1.1\r\nhost: satrap\r\n\r\n")
        .expect("write");
    idle.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let start = Instant::now();
    let mut page = Vec::new();
    let read = idle.read_to_end(&mut page);
    assert!(read.is_ok(), "the idle connection was closed: {read:?}");
    assert!(
        String::from_utf8_lossy(&page).starts_with("HTTP/1.1 200"),
        "the request itself was answered"
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "closed about --idle-timeout after its last request"
    );
    // A watch stream is a request in flight: its connection stays open
    // however long the game is quiet.
    let mut client = GameServiceClient::connect(server.url())
        .await
        .expect("connect");
    let game = create(&mut client, "king_of_siam", seats(2), None).await;
    let mut stream = client
        .watch_game(proto::WatchGameRequest {
            game_id: game.game_id.clone(),
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    assert_eq!(
        stream.message().await.expect("first").map(|u| u.version),
        Some(0)
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // A move after the quiet spell reaches the stream.
    let snap = snapshot(&mut client, &game.game_id, None).await;
    let token = game.seats[snap.to_act[0] as usize].token.clone();
    let list = common::legal(&mut client, &game.game_id, &token).await;
    common::apply_notation(
        &mut client,
        &game.game_id,
        Some(&token),
        &list.actions[0].notation,
        None,
    )
    .await
    .expect("move");
    let next = tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("the stream is alive")
        .expect("update");
    assert_eq!(next.map(|u| u.version), Some(1));
}

#[tokio::test]
async fn of_parallel_rotations_with_one_token_exactly_one_succeeds() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(&mut client, "king_of_siam", seats(2), None).await;
    let mut token = created.seats[0].token.clone();
    for round in 0..10 {
        let calls = (0..16).map(|_| {
            let mut c = client.clone();
            let req = authed(
                proto::RotateSeatTokenRequest {
                    game_id: created.game_id.clone(),
                },
                Some(&token),
            );
            tokio::spawn(async move { c.rotate_seat_token(req).await })
        });
        let mut won = Vec::new();
        for call in calls {
            match call.await.expect("task") {
                Ok(r) => won.push(r.into_inner().credential.expect("credential").token),
                Err(s) => assert_eq!(s.code(), Code::Unauthenticated, "round {round}: {s}"),
            }
        }
        assert_eq!(won.len(), 1, "round {round}: exactly one rotation succeeds");
        token = won.pop().expect("one");
        // The token handed out works.
        let snap = snapshot(&mut client, &created.game_id, Some(&token)).await;
        assert_eq!(snap.viewer, Some(0));
    }
}

#[tokio::test]
async fn a_stale_leave_never_empties_a_seat_another_player_joined() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for round in 0..20 {
        let created = client
            .create_game(proto::CreateGameRequest {
                game_type: "king_of_siam".into(),
                seats: vec![common::lobby::open_seat(), seats(1).remove(0)],
                ..Default::default()
            })
            .await
            .expect("create")
            .into_inner();
        let id = created.game_id;
        let join = |name: &str| proto::JoinGameRequest {
            game_id: id.clone(),
            name: name.into(),
            seat: Some(0),
            ..Default::default()
        };
        let a = client
            .join_game(join("A"))
            .await
            .expect("A joins")
            .into_inner();
        let a_token = a.seat.expect("seat").token;
        // A leaves twice (one of them stale) while B joins.
        let leave = |c: &mut common::Client| {
            let mut c = c.clone();
            let req = authed(
                proto::LeaveGameRequest {
                    game_id: id.clone(),
                },
                Some(&a_token),
            );
            tokio::spawn(async move { c.leave_game(req).await })
        };
        let first = leave(&mut client);
        let second = leave(&mut client);
        let mut c = client.clone();
        let b_req = join("B");
        let b = tokio::spawn(async move {
            // B tries until the seat is free.
            for _ in 0..100 {
                match c.join_game(b_req.clone()).await {
                    Ok(r) => return Some(r.into_inner()),
                    Err(_) => tokio::time::sleep(Duration::from_millis(1)).await,
                }
            }
            None
        });
        let _ = first.await.expect("task");
        let _ = second.await.expect("task");
        let Some(b) = b.await.expect("task") else {
            continue;
        };
        let b_token = b.seat.expect("seat").token;
        // B's seat is B's: its token is a seat, and the seat is named B.
        let snap = snapshot(&mut client, &id, Some(&b_token)).await;
        assert_eq!(
            snap.viewer,
            Some(0),
            "round {round}: B's token still holds the seat"
        );
        assert_eq!(snap.seats[0].name, "B", "round {round}");
    }
}

#[tokio::test]
async fn join_answers_a_private_game_like_an_unknown_id() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: vec![common::lobby::open_seat(), common::lobby::open_seat()],
            private: true,
            invite_codes: true,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner();
    let join = |id: &str, code: &str| proto::JoinGameRequest {
        game_id: id.into(),
        invite_code: code.into(),
        ..Default::default()
    };
    let unknown = client
        .join_game(join("00000000-0000-4000-8000-000000000000", ""))
        .await
        .expect_err("unknown id");
    let private = client
        .join_game(join(&created.game_id, ""))
        .await
        .expect_err("a stranger");
    assert_eq!(unknown.code(), Code::NotFound);
    assert_eq!(private.code(), Code::NotFound, "{private:?}");
    assert_eq!(
        private.message().replace(&created.game_id, "ID"),
        unknown
            .message()
            .replace("00000000-0000-4000-8000-000000000000", "ID"),
        "the same answer"
    );
    let wrong_code = client
        .join_game(join(&created.game_id, "not-the-code"))
        .await
        .expect_err("a wrong invite code");
    assert_eq!(wrong_code.code(), Code::NotFound);
    // An invite code, or the spectator token, opens the door.
    let invite = created.invites[0].code.clone();
    client
        .join_game(join(&created.game_id, &invite))
        .await
        .expect("the invite code joins");
    let open = client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: vec![common::lobby::open_seat(), common::lobby::open_seat()],
            private: true,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner();
    let stranger = client
        .join_game(join(&open.game_id, ""))
        .await
        .expect_err("a stranger");
    assert_eq!(stranger.code(), Code::NotFound);
    client
        .join_game(authed(join(&open.game_id, ""), Some(&open.spectator_token)))
        .await
        .expect("the spectator token joins");
}

/// A server whose creators may each have one live game with bots.
async fn capped_server() -> TestServer {
    TestServer::start_with(Config {
        max_live_bot_games: Some(1),
        ..Config::in_memory()
    })
    .await
}

#[tokio::test]
async fn every_way_to_get_a_bot_counts_against_the_live_bot_game_cap() {
    let server = capped_server().await;
    let mut client = server.client().await;
    // The one allowed game with a bot: a bot that waits for a person.
    let mut first = seats(2);
    first[1].bot = "random".into();
    create(&mut client, "king_of_siam", first, None).await;
    let refused = client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: common::bot_seats(2, "random"),
            ..Default::default()
        })
        .await
        .expect_err("a second bot game");
    assert_eq!(refused.code(), Code::ResourceExhausted);

    // bot_fill: the fill is refused and the seat stays open.
    let filled = client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: vec![seats(1).remove(0), common::lobby::open_seat()],
            bot_fill: Some(proto::BotFill {
                after_ms: 10,
                bot: "random".into(),
            }),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner();
    tokio::time::sleep(Duration::from_millis(400)).await;
    let snap = snapshot(&mut client, &filled.game_id, None).await;
    assert!(snap.seats[1].open, "the refused fill left the seat open");
    assert!(snap.seats.iter().all(|s| s.bot.is_empty()));

    // A resignation would hand the seat to a bot: refused, nothing changes.
    let people = create(&mut client, "king_of_siam", seats(2), None).await;
    let resign = client
        .resign(authed(
            proto::ResignRequest {
                game_id: people.game_id.clone(),
            },
            Some(&people.seats[0].token),
        ))
        .await
        .expect_err("resigning at the cap");
    assert_eq!(resign.code(), Code::ResourceExhausted);
    let snap = snapshot(&mut client, &people.game_id, None).await;
    assert!(snap.seats.iter().all(|s| s.bot.is_empty()));

    // A timeout whose policy gives the seat to a bot forfeits instead.
    let timed = client
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: seats(2),
            time_control: Some(common::lobby::per_move(1)),
            on_timeout: proto::TimeoutPolicy::BotTakesSeat as i32,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner();
    let start = Instant::now();
    loop {
        let snap = snapshot(&mut client, &timed.game_id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            assert!(
                snap.seats.iter().all(|s| s.bot.is_empty()),
                "no bot took a seat"
            );
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the timeout was recorded"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_client_seed_is_shown_to_every_seat_and_can_be_refused() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let seeded = create(&mut client, "alexandros", seats(2), Some(1234)).await;
    let random = create(&mut client, "alexandros", seats(2), None).await;
    for seat in &seeded.seats {
        assert!(
            snapshot(&mut client, &seeded.game_id, Some(&seat.token))
                .await
                .client_seed
        );
    }
    assert!(
        !snapshot(&mut client, &random.game_id, Some(&random.seats[0].token))
            .await
            .client_seed
    );

    let strict = TestServer::start_with(Config {
        client_seeds: false,
        ..Config::in_memory()
    })
    .await;
    let mut client = strict.client().await;
    let refused = client
        .create_game(proto::CreateGameRequest {
            game_type: "alexandros".into(),
            seats: seats(2),
            seed: Some(7),
            ..Default::default()
        })
        .await
        .expect_err("a client seed");
    assert_eq!(refused.code(), Code::PermissionDenied);
    assert!(refused.message().contains("--client-seeds"));
    create(&mut client, "alexandros", seats(2), None).await;
}

#[tokio::test]
async fn watch_streams_are_capped_per_caller() {
    let server = TestServer::start_with(Config {
        max_watch_streams: 3,
        ..Config::in_memory()
    })
    .await;
    let mut client = server.client().await;
    let game = create(&mut client, "king_of_siam", seats(2), None).await;
    let watch = || proto::WatchGameRequest {
        game_id: game.game_id.clone(),
        ..Default::default()
    };
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(client.watch_game(watch()).await.expect("within the cap"));
    }
    let refused = client.watch_game(watch()).await.expect_err("over the cap");
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(refused.message().contains("--max-watch-streams"));
    open.pop();
    // The closed stream's place comes back (once the server sees it close).
    let start = Instant::now();
    loop {
        match client.watch_game(watch()).await {
            Ok(_) => break,
            Err(s) => assert_eq!(s.code(), Code::ResourceExhausted),
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the place came back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A gRPC-Web call over HTTP/1.1 with `body` (already framed) and extra
/// headers; the `grpc-status` of the answer (headers or trailer frame).
fn grpc_web_status(
    addr: SocketAddr,
    method: &str,
    content_type: &str,
    body: &[u8],
    extra: &str,
) -> String {
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let head = format!(
        "POST {method} HTTP/1.1\r\nhost: satrap\r\ncontent-type: {content_type}\r\nx-grpc-web: 1\r\ncontent-length: {}\r\nconnection: close\r\n{extra}\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    s.write_all(body).expect("write");
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let mut text = String::from_utf8_lossy(&answer).into_owned();
    if content_type.contains("text") {
        // The body is base64: decode what follows the headers.
        if let Some((headers, body)) = text.split_once("\r\n\r\n") {
            let decoded = base64_decode(body);
            text = format!("{headers}\r\n\r\n{}", String::from_utf8_lossy(&decoded));
        }
    }
    let at = text
        .find("grpc-status:")
        .unwrap_or_else(|| panic!("no grpc-status in {text:?}"));
    text[at + "grpc-status:".len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect()
}

fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            continue;
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// A gRPC frame: flag, length, message.
fn frame(flag: u8, message: &[u8]) -> Vec<u8> {
    let mut f = vec![flag];
    f.extend_from_slice(&(message.len() as u32).to_be_bytes());
    f.extend_from_slice(message);
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_invalid_argument_on_both_transports() {
    let server = TestServer::start().await;
    let addr = server.addr;
    let types = "/satrap.v1.GameService/ListGameTypes";
    let web = "application/grpc-web+proto";
    let text = "application/grpc-web-text";
    let checks: Vec<(&str, &str, &str, Vec<u8>)> = vec![
        ("a well-formed call", types, web, frame(0, b"")),
        ("a truncated frame", types, web, frame(0, b"")[..3].to_vec()),
        ("a frame shorter than its length", types, web, {
            let mut f = frame(0, b"\x0a\x01x");
            f.truncate(6);
            f
        }),
        (
            "a compressed flag without grpc-encoding",
            types,
            web,
            frame(1, b""),
        ),
        ("bad base64 in grpc-web-text", types, text, b"A$$$".to_vec()),
        (
            "an undecodable health request",
            "/grpc.health.v1.Health/Check",
            web,
            frame(0, b"\xff\xff\xff"),
        ),
    ];
    for (what, method, content_type, body) in checks {
        let status = tokio::task::spawn_blocking(move || {
            grpc_web_status(addr, method, content_type, &body, "")
        })
        .await
        .expect("task");
        let expected = if what == "a well-formed call" {
            "0"
        } else {
            "3"
        };
        assert_eq!(status, expected, "{what}");
    }
    // Native gRPC: an undecodable health request.
    let channel = server.channel().await;
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.expect("ready");
    let refused = grpc
        .unary(
            tonic::Request::new(vec![0xffu8, 0xff, 0xff]),
            "/grpc.health.v1.Health/Check".parse().expect("path"),
            common::raw::RawCodec,
        )
        .await
        .expect_err("undecodable");
    assert_eq!(refused.code(), Code::InvalidArgument, "{refused:?}");

    // Request headers over 16 KiB: refused on HTTP/1.1 too.
    let big = format!("x-padding: {}\r\n", "a".repeat(200_000));
    let status = tokio::task::spawn_blocking(move || {
        grpc_web_status(addr, types, web, &frame(0, b""), &big)
    })
    .await
    .expect("task");
    assert_eq!(status, "8", "RESOURCE_EXHAUSTED for 200 kB of headers");
    let small = format!("x-padding: {}\r\n", "a".repeat(8_000));
    let status = tokio::task::spawn_blocking(move || {
        grpc_web_status(addr, types, web, &frame(0, b""), &small)
    })
    .await
    .expect("task");
    assert_eq!(status, "0", "8 kB of headers pass");
}

/// 500 idle WatchEvents streams of a creator with no games, against a
/// SQLite store full of other keys' events, cost the server no CPU: one
/// follower reads the feed when a commit adds to it, and the streams wait
/// on a channel. (Each stream used to poll the store four times a second
/// with a query that scanned every later event: 22-85 % of a core for
/// 100-300 streams.) Then one event reaches all 500 at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_feed_streams_cost_the_server_nothing() {
    use satrap_server::access::Role;
    use satrap_server::access::keys;
    let dir = std::env::temp_dir().join(format!(
        "satrap-idle-feed-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let busy = keys::generate("busy", Role::Creator).expect("key");
    let idle = keys::generate("idle", Role::Creator).expect("key");
    let keys_path = dir.join("api-keys");
    std::fs::write(&keys_path, format!("{}\n{}\n", busy.line, idle.line)).expect("keys file");
    let database = format!("sqlite://{}", dir.join("games.db").display());
    let server = Binary::start_on(
        &database,
        &[
            "--api-keys-file",
            keys_path.to_str().expect("path"),
            "--create-rate",
            "1000000",
        ],
        None,
    );
    fn with_key<T>(msg: T, key: &str) -> tonic::Request<T> {
        let mut req = tonic::Request::new(msg);
        req.metadata_mut()
            .insert("x-api-key", key.parse().expect("key header"));
        req
    }

    // Other keys' events: 1,000 games (created and started, 2,000 events).
    let mut makers = Vec::new();
    for m in 0..8 {
        let url = server.url();
        let key = busy.key.clone();
        makers.push(tokio::spawn(async move {
            let mut c = GameServiceClient::connect(url).await.expect("connect");
            for _ in 0..125 {
                let req = proto::CreateGameRequest {
                    game_type: "king_of_siam".into(),
                    seats: seats(2),
                    ..Default::default()
                };
                c.create_game(with_key(req, &key)).await.expect("create");
            }
            m
        }));
    }
    for m in makers {
        m.await.expect("maker");
    }

    // 500 idle streams on 10 connections.
    const STREAMS: usize = 500;
    let mut streams = Vec::new();
    for _ in 0..10 {
        let mut c = GameServiceClient::connect(server.url())
            .await
            .expect("connect");
        for _ in 0..STREAMS / 10 {
            let stream = c
                .watch_events(with_key(
                    proto::WatchEventsRequest { after_sequence: 0 },
                    &idle.key,
                ))
                .await
                .expect("WatchEvents")
                .into_inner();
            streams.push(stream);
        }
    }
    // Let every stream finish its catch-up (nothing of its own to find).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (before, at) = (server.cpu(), Instant::now());
    tokio::time::sleep(Duration::from_secs(3)).await;
    let used = server.cpu().saturating_sub(before);
    let share = used.as_secs_f64() / at.elapsed().as_secs_f64();
    eprintln!(
        "{STREAMS} idle feed streams: {used:?} of CPU in {:?} ({:.1} % of a core)",
        at.elapsed(),
        share * 100.0
    );
    assert!(
        share < 0.05,
        "idle streams used {:.1} % of a core",
        share * 100.0
    );

    // One game of the idle key's: its event reaches every stream.
    let mut c = GameServiceClient::connect(server.url())
        .await
        .expect("connect");
    let made = c
        .create_game(with_key(
            proto::CreateGameRequest {
                game_type: "king_of_siam".into(),
                seats: seats(2),
                ..Default::default()
            },
            &idle.key,
        ))
        .await
        .expect("create")
        .into_inner();
    let started = Instant::now();
    let mut reached = 0;
    for stream in &mut streams {
        let event = tokio::time::timeout(Duration::from_secs(10), stream.message())
            .await
            .expect("the event in time")
            .expect("a feed event")
            .expect("not the end");
        assert_eq!(event.game_id, made.game_id);
        assert_eq!(event.owner, "key:idle");
        reached += 1;
    }
    eprintln!(
        "one event reached {reached} streams in {:?}",
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 20 queue tickets of one key waiting for a bot fill while the key is at
/// `--max-live-bot-games`: the matcher fails to create each of their games
/// every turn (twice a second), and says so at most once per 10 s (it used
/// to write a line per ticket per turn: 36 lines a second).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tickets_at_the_bot_cap_log_a_few_lines_a_minute() {
    let server = Binary::start(&["--max-live-bot-games", "1"], None);
    let mut c = GameServiceClient::connect(server.url())
        .await
        .expect("connect");
    // The one live bot game this caller may have.
    create(
        &mut c,
        "king_of_siam",
        common::bot_seats(1, "random")
            .into_iter()
            .chain(seats(1))
            .collect(),
        Some(1),
    )
    .await;
    // 20 tickets, each alone in its pool (a time control of its own), each
    // asking for a bot after a second.
    let mut held = Vec::new();
    for i in 0..20u32 {
        let stream = c
            .find_match(proto::FindMatchRequest {
                game_type: "king_of_siam".into(),
                players: 2,
                bot_fill_after_seconds: Some(1),
                time_control: Some(proto::TimeControl {
                    kind: Some(proto::time_control::Kind::PerMoveMs(
                        10_000 + 1_000 * u64::from(i),
                    )),
                }),
                ..Default::default()
            })
            .await
            .expect("queued")
            .into_inner();
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_secs(6)).await;
    let lines = server.log_lines("cannot create a match");
    eprintln!("20 tickets at the bot cap for 6 s: {lines} log lines");
    assert!(lines >= 1, "the refusal is logged at all");
    assert!(lines <= 2, "{lines} lines in 6 s");
    drop(held);
}
