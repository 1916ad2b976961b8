//! Service throughput over loopback: ApplyAction/s and latency percentiles,
//! next to an empty call (gRPC health check) on the same server, measured in
//! the same run so the ratio is meaningful on a shared, noisy machine.
//!
//! One row per store: memory, the SQLite default (a file in a temporary
//! directory, `synchronous = FULL`), and PostgreSQL when a URL is given;
//! each followed by a row with several clients playing different games at
//! once (calls per second of wall-clock time).
//!
//! Then the same memory-store rows while bots play: games whose every seat
//! is `mcts-hard` (each decision uses its whole 200 ms cap) run all the
//! time on the server, enough of them to keep every thread of the bot pool
//! busy. The ratio of these rows to the quiet ones shows whether bot
//! thinking delays other games' moves and health checks (it should not:
//! bots think on their own pool at nice 10; ARCHITECTURE.md, "Bots").
//!
//! Run: `cargo bench --bench service` (env `SATRAP_BENCH_CALLS` = calls per
//! measurement, default 3000; `SATRAP_BENCH_POSTGRES_URL` adds the
//! PostgreSQL row; `SATRAP_BENCH_ONLY=move_path` stops after the move-path
//! rows and the move -> update latency, for profiling them;
//! `SATRAP_BENCH_ONLY=sqlite_clients` runs only the rows with several
//! clients, memory and SQLite in alternating rounds, for profiling and
//! comparing the SQLite writer; `SATRAP_BENCH_ONLY=idle_feeds`: ApplyAction
//! on SQLite with 24,000 events of another key in the feed, without and
//! then with 500 idle WatchEvents streams of a creator key that has no
//! games, and the server's CPU while they idle).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use satrap_server::proto::{self, game_service_client::GameServiceClient};
use satrap_server::{Config, serve_on};
use tonic::Request;
use tonic::transport::Channel;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

/// Clients in the parallel rows: enough that moves of different games are
/// in flight together on a 2-core machine.
const CLIENTS: usize = 8;

struct Stats {
    calls: usize,
    lat: Vec<Duration>,
    total: Duration,
    p50: Duration,
    p99: Duration,
}

impl Stats {
    fn from(mut lat: Vec<Duration>, wall: Duration) -> Self {
        lat.sort();
        let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
        Stats {
            calls: lat.len(),
            total: wall,
            p50: pct(0.50),
            p99: pct(0.99),
            lat,
        }
    }
    fn per_sec(&self) -> f64 {
        self.calls as f64 / self.total.as_secs_f64()
    }
}

fn authed<T>(msg: T, token: &str) -> Request<T> {
    let mut r = Request::new(msg);
    r.metadata_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().expect("header"),
    );
    r
}

async fn baseline(channel: Channel, calls: usize) -> Stats {
    let mut health = HealthClient::new(channel);
    let mut lat = Vec::with_capacity(calls);
    let start = Instant::now();
    for _ in 0..calls {
        let t = Instant::now();
        health
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .expect("health");
        lat.push(t.elapsed());
    }
    Stats::from(lat, start.elapsed())
}

/// ApplyAction calls only are timed; the ListLegalActions that picks each
/// move (the first legal action) is not.
async fn apply_actions(channel: Channel, calls: usize, players: usize) -> Stats {
    let (lat, timed) = timed_applies(channel, calls, players, 0).await;
    Stats::from(lat, timed)
}

/// The latency of each of `calls` ApplyAction calls in games seeded from
/// `first_seed + 1` on, and their sum.
async fn timed_applies(
    channel: Channel,
    calls: usize,
    players: usize,
    first_seed: u64,
) -> (Vec<Duration>, Duration) {
    timed_applies_as(channel, calls, players, first_seed, Shape::Default).await
}

/// What the timed ApplyAction calls ask for (ApplyActionRequest's
/// `no_text` and `lean`).
#[derive(Clone, Copy)]
enum Shape {
    Default,
    NoText,
    Lean,
}

/// The codec of a Connect ApplyAction in the move-path rows.
#[derive(Clone, Copy)]
enum ConnectCodec {
    Json,
    Proto,
}

type Http1 = hyper_util::client::legacy::Client<
    hyper_util::client::legacy::connect::HttpConnector,
    http_body_util::Full<bytes::Bytes>,
>;

/// One Connect unary ApplyAction over HTTP/1.1 (a kept-alive connection of
/// `http`), as a Connect client sends it: the request in `codec`, the
/// answer read back to the game's progress.
async fn connect_apply(
    http: &Http1,
    addr: &str,
    request: Request<proto::ApplyActionRequest>,
    codec: ConnectCodec,
) -> proto::GameProgress {
    use http_body_util::BodyExt;
    use prost::Message;
    let auth = request
        .metadata()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let m = request.into_inner();
    let (content_type, body) = match codec {
        ConnectCodec::Proto => ("application/proto", m.encode_to_vec()),
        ConnectCodec::Json => {
            let notation = match m.r#move {
                Some(proto::apply_action_request::Move::Notation(n)) => n,
                _ => unreachable!("the bench moves by notation"),
            };
            let json = serde_json::json!({
                "gameId": m.game_id,
                "expectedVersion": m.expected_version.unwrap_or(0).to_string(),
                "notation": notation,
            });
            ("application/json", json.to_string().into_bytes())
        }
    };
    let req = http::Request::post(format!("http://{addr}/satrap.v1.GameService/ApplyAction"))
        .header("content-type", content_type)
        .header("connect-protocol-version", "1")
        .header("authorization", auth)
        .body(http_body_util::Full::new(bytes::Bytes::from(body)))
        .expect("request");
    let response = http.request(req).await.expect("connect call");
    assert!(response.status().is_success(), "{}", response.status());
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    match codec {
        ConnectCodec::Proto => proto::ApplyActionResponse::decode(body)
            .expect("an ApplyActionResponse")
            .progress
            .expect("progress"),
        ConnectCodec::Json => {
            let v: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
            let p = &v["progress"];
            let status = match p["status"].as_str() {
                Some("GAME_STATUS_IN_PROGRESS") => proto::GameStatus::InProgress,
                _ => proto::GameStatus::Finished,
            };
            proto::GameProgress {
                version: p["version"]
                    .as_str()
                    .map_or(0, |v| v.parse().expect("version")),
                status: status as i32,
                to_act: p["toAct"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|s| s.as_u64())
                            .map(|s| s as u32)
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        }
    }
}

/// [`timed_applies`] with the timed ApplyAction calls made over Connect
/// (the games created and the legal actions listed over gRPC, untimed).
async fn timed_applies_connect(
    channel: Channel,
    addr: &str,
    calls: usize,
    first_seed: u64,
    codec: ConnectCodec,
) -> (Vec<Duration>, Duration) {
    let http: Http1 =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build_http();
    let mut c = GameServiceClient::new(channel);
    let mut lat = Vec::with_capacity(calls);
    let mut timed = Duration::ZERO;
    let mut seed = first_seed;
    while lat.len() < calls {
        seed += 1;
        let created = create_game(&mut c, 3, seed).await;
        let mut snap = progress_at_start(&created);
        while snap.status == proto::GameStatus::InProgress as i32 && lat.len() < calls {
            let pick = seed as usize + lat.len();
            let req = next_move(&mut c, &created, &snap, pick, Shape::Default).await;
            let t = Instant::now();
            snap = connect_apply(&http, addr, req, codec).await;
            let d = t.elapsed();
            timed += d;
            lat.push(d);
        }
    }
    (lat, timed)
}

/// A seeded King of Siam game of `players` client seats.
async fn create_game(
    c: &mut GameServiceClient<Channel>,
    players: usize,
    seed: u64,
) -> proto::CreateGameResponse {
    let seats = (0..players)
        .map(|i| proto::SeatRequest {
            name: format!("p{i}"),
            ..Default::default()
        })
        .collect();
    let mut req = Request::new(proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats,
        seed: Some(seed),
        ..Default::default()
    });
    if let Some(key) = CREATOR_KEY.get() {
        req.metadata_mut()
            .insert("x-api-key", key.parse().expect("key header"));
    }
    c.create_game(req).await.expect("create").into_inner()
}

/// The key CreateGame calls carry, on a server with keys (the idle-feeds
/// rows).
static CREATOR_KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// ApplyAction on SQLite with 24,000 events of the `busy` key in the feed,
/// then with `streams` idle WatchEvents streams of the `idle` key (which
/// has no games), in one run; and the process's CPU while they idle.
async fn idle_feeds(calls: usize, dir: &std::path::Path, base: &Stats) {
    use satrap_server::access::{Role, keys};
    const STREAMS: usize = 500;
    const GAMES: u64 = 12_000;
    let busy = keys::generate("busy", Role::Creator).expect("key");
    let idle = keys::generate("idle", Role::Creator).expect("key");
    let keys_path = dir.join("idle-feeds-keys");
    std::fs::write(&keys_path, format!("{}\n{}\n", busy.line, idle.line)).expect("keys");
    let _ = CREATOR_KEY.set(busy.key.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", dir.join("idle-feeds.db").display());
    config.api_keys_file = Some(keys_path);
    let server = tokio::spawn(async move {
        serve_on(listener, config, async {
            let _ = stopped.await;
        })
        .await
        .expect("server");
    });
    let made = Instant::now();
    let makers: Vec<_> = (0..CLIENTS as u64)
        .map(|m| {
            let addr = addr.clone();
            tokio::spawn(async move {
                let mut c = GameServiceClient::new(connect(&addr).await);
                for g in 0..GAMES / CLIENTS as u64 {
                    create_game(&mut c, 2, 10_000_000 + m * GAMES + g).await;
                }
            })
        })
        .collect();
    for m in makers {
        m.await.expect("maker");
    }
    println!(
        "idle feed streams (SQLite, {} events of another key, made in {:.0} s):",
        2 * GAMES,
        made.elapsed().as_secs_f64()
    );
    let channel = connect(&addr).await;
    apply_actions(channel.clone(), 200, 3).await; // warm up
    let quiet = apply_actions(channel.clone(), calls, 3).await;
    let mut held = Vec::new();
    for _ in 0..10 {
        let mut c = GameServiceClient::new(connect(&addr).await);
        for _ in 0..STREAMS / 10 {
            let mut req = Request::new(proto::WatchEventsRequest { after_sequence: 0 });
            req.metadata_mut()
                .insert("x-api-key", idle.key.parse().expect("key header"));
            held.push(
                c.watch_events(req)
                    .await
                    .expect("watch events")
                    .into_inner(),
            );
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let cpu_before = process_cpu();
    let idle_for = Instant::now();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let cpu = process_cpu().saturating_sub(cpu_before);
    let idle_share = cpu.as_secs_f64() / idle_for.elapsed().as_secs_f64();
    let loaded = apply_actions(channel.clone(), calls, 3).await;
    row("  ApplyAction, no feed streams", &quiet, base);
    row(
        &format!("  ApplyAction, {STREAMS} idle feed streams"),
        &loaded,
        base,
    );
    println!(
        "  {STREAMS} idle streams / none: ApplyAction p50 x{:.2}, p99 x{:.2}; CPU while idle {:.1} % of a core",
        loaded.p50.as_secs_f64() / quiet.p50.as_secs_f64(),
        loaded.p99.as_secs_f64() / quiet.p99.as_secs_f64(),
        idle_share * 100.0
    );
    drop(held);
    let _ = stop.send(());
    let _ = server.await;
}

/// Where a game just created stands.
fn progress_at_start(created: &proto::CreateGameResponse) -> proto::GameProgress {
    let first = created.snapshot.as_ref().expect("snapshot");
    proto::GameProgress {
        version: first.version,
        status: first.status,
        to_act: first.to_act.clone(),
    }
}

/// The next move of the seat to act, as an ApplyAction request shaped as
/// `shape` asks: its legal actions are listed (not timed by the callers)
/// and the one at `pick` (modulo their number) chosen.
async fn next_move(
    c: &mut GameServiceClient<Channel>,
    created: &proto::CreateGameResponse,
    progress: &proto::GameProgress,
    pick: usize,
    shape: Shape,
) -> Request<proto::ApplyActionRequest> {
    let token = &created.seats[progress.to_act[0] as usize].token;
    let list = c
        .list_legal_actions(authed(
            proto::ListLegalActionsRequest {
                game_id: created.game_id.clone(),
                ..Default::default()
            },
            token,
        ))
        .await
        .expect("legal")
        .into_inner();
    let notation = list.actions[pick % list.actions.len()].notation.clone();
    authed(
        proto::ApplyActionRequest {
            game_id: created.game_id.clone(),
            expected_version: Some(list.version),
            r#move: Some(proto::apply_action_request::Move::Notation(notation)),
            no_text: matches!(shape, Shape::NoText),
            lean: matches!(shape, Shape::Lean),
        },
        token,
    )
}

/// [`timed_applies`] with responses shaped as `shape` asks.
async fn timed_applies_as(
    channel: Channel,
    calls: usize,
    players: usize,
    first_seed: u64,
    shape: Shape,
) -> (Vec<Duration>, Duration) {
    let mut c = GameServiceClient::new(channel);
    let mut lat = Vec::with_capacity(calls);
    let mut timed = Duration::ZERO;
    let mut seed = first_seed;
    while lat.len() < calls {
        seed += 1;
        let created = create_game(&mut c, players, seed).await;
        let mut snap = progress_at_start(&created);
        while snap.status == proto::GameStatus::InProgress as i32 && lat.len() < calls {
            let pick = seed as usize + lat.len();
            let req = next_move(&mut c, &created, &snap, pick, shape).await;
            let t = Instant::now();
            let resp = c.apply_action(req).await.expect("apply").into_inner();
            let d = t.elapsed();
            timed += d;
            lat.push(d);
            snap = resp.progress.expect("progress");
        }
    }
    (lat, timed)
}

/// `clients` clients at once, each playing its own games through its own
/// connection: ApplyAction calls per second of wall-clock time (the
/// untimed ListLegalActions calls share that time), and the calls' p99.
async fn apply_parallel(addr: &str, calls: usize, clients: usize) -> Stats {
    let mut channels = Vec::new();
    for _ in 0..clients {
        channels.push(connect(addr).await);
    }
    let start = Instant::now();
    let tasks: Vec<_> = channels
        .into_iter()
        .enumerate()
        .map(|(i, ch)| {
            let first_seed = 1_000_000 * (i as u64 + 1);
            tokio::spawn(timed_applies(ch, calls / clients, 3, first_seed))
        })
        .collect();
    let mut lat = Vec::with_capacity(calls);
    for t in tasks {
        lat.extend(t.await.expect("client task").0);
    }
    Stats::from(lat, start.elapsed())
}

/// Games played by bots only, `games` at a time, one after another until
/// `stop`: every seat `mcts-hard` in four-player King of Siam. Returns the
/// number of bot moves seen (through WatchGame) by then.
async fn bot_load(addr: String, games: usize, stop: Arc<AtomicBool>) -> u64 {
    let moves = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let (addr, stop, moves) = (addr.clone(), stop.clone(), moves.clone());
            tokio::spawn(async move {
                let mut c = GameServiceClient::new(connect(&addr).await);
                let mut seed = 9_000_000 * (i as u64 + 1);
                while !stop.load(Ordering::Relaxed) {
                    seed += 1;
                    let seats = (0..4)
                        .map(|_| proto::SeatRequest {
                            bot: "mcts-hard".into(),
                            ..Default::default()
                        })
                        .collect();
                    let created = c
                        .create_game(proto::CreateGameRequest {
                            game_type: "king_of_siam".into(),
                            seats,
                            seed: Some(seed),
                            ..Default::default()
                        })
                        .await
                        .expect("create a bot game")
                        .into_inner();
                    let mut updates = c
                        .watch_game(proto::WatchGameRequest {
                            game_id: created.game_id,
                            from_version: 1,
                            ..Default::default()
                        })
                        .await
                        .expect("watch a bot game")
                        .into_inner();
                    while !stop.load(Ordering::Relaxed) {
                        match updates.message().await {
                            Ok(Some(update)) => {
                                moves.fetch_add(1, Ordering::Relaxed);
                                let over = update.snapshot.is_some_and(|s| {
                                    s.status == proto::GameStatus::Finished as i32
                                });
                                if over {
                                    break;
                                }
                            }
                            _ => break,
                        }
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        let _ = t.await;
    }
    moves.load(Ordering::Relaxed)
}

/// A move-path row: gRPC with a response shape, or Connect in a codec.
#[derive(Clone, Copy)]
enum Row {
    Grpc(Shape),
    Connect(ConnectCodec),
}

/// The move path against the empty call on one memory-store server, one
/// client: rounds of health checks and ApplyAction calls with the default
/// response, without text (`no_text`) and `lean`, and the default one over
/// Connect in JSON and in binary (HTTP/1.1, one kept-alive connection),
/// interleaved so that every row sees the same load on a shared machine.
/// Prints each row's ratio to the empty call: calls/s (mean latency) and
/// p50.
async fn move_path(calls: usize) {
    const ROUNDS: usize = 8;
    let (channel, stop, server, addr) = start("memory://").await;
    apply_actions(channel.clone(), 200, 3).await; // warm up
    baseline(channel.clone(), 200).await;
    timed_applies_connect(channel.clone(), &addr, 100, 400_000, ConnectCodec::Json).await;
    let shapes = [
        ("default", Some(Row::Grpc(Shape::Default))),
        ("no_text", Some(Row::Grpc(Shape::NoText))),
        ("lean", Some(Row::Grpc(Shape::Lean))),
        (
            "Connect JSON (HTTP/1.1)",
            Some(Row::Connect(ConnectCodec::Json)),
        ),
        (
            "Connect binary (HTTP/1.1)",
            Some(Row::Connect(ConnectCodec::Proto)),
        ),
        ("empty call", None),
    ];
    let mut lat: Vec<(Vec<Duration>, Duration)> = vec![(Vec::new(), Duration::ZERO); shapes.len()];
    for round in 0..ROUNDS {
        for (i, (_, shape)) in shapes.iter().enumerate() {
            let n = calls / ROUNDS;
            let seed = 500_000 + 10_000 * round as u64;
            let (l, t) = match shape {
                Some(Row::Grpc(shape)) => {
                    timed_applies_as(channel.clone(), n, 3, seed, *shape).await
                }
                Some(Row::Connect(codec)) => {
                    timed_applies_connect(channel.clone(), &addr, n, seed, *codec).await
                }
                None => {
                    let s = baseline(channel.clone(), n).await;
                    (s.lat, s.total)
                }
            };
            lat[i].0.extend(l);
            lat[i].1 += t;
        }
    }
    let stats: Vec<Stats> = lat.into_iter().map(|(l, t)| Stats::from(l, t)).collect();
    let empty = &stats[shapes.len() - 1];
    println!(
        "move path, memory store, one client, {ROUNDS} interleaved rounds of {} calls per row:",
        calls / ROUNDS
    );
    for ((name, _), s) in shapes.iter().zip(&stats) {
        println!(
            "  {name:<26} {:>7.0}/s  p50 {:>6.1}µs  p99 {:>7.1}µs   ratio to the empty call: rate x{:.2}, by p50 x{:.2}",
            s.per_sec(),
            s.p50.as_secs_f64() * 1e6,
            s.p99.as_secs_f64() * 1e6,
            s.per_sec() / empty.per_sec(),
            empty.p50.as_secs_f64() / s.p50.as_secs_f64(),
        );
    }
    let _ = stop.send(());
    let _ = server.await;
}

/// Move -> update latency: one client moves (default responses, one move
/// at a time) while a spectator on a connection of its own watches the
/// same game (WatchGame, full updates, as a web page does); each move is
/// timed from just before its ApplyAction call to the moment that version
/// reaches the spectator, and to its own acknowledgement. The same measure
/// as the push-latency comparison with boardgame.io (`benches/peer`,
/// docs/performance.md "One table per game, and the latency of a
/// spectator's update"), without Node in between.
async fn push_latency(moves: usize) {
    let (channel, stop, server, addr) = start("memory://").await;
    let spectator_channel = connect(&addr).await;
    let mut c = GameServiceClient::new(channel);
    let mut push = Vec::with_capacity(moves);
    let mut ack = Vec::with_capacity(moves);
    let mut seed = 7_000_000;
    let started = Instant::now();
    while push.len() < moves {
        seed += 1;
        let created = create_game(&mut c, 3, seed).await;
        // The spectator records when each version arrives.
        let mut watcher = GameServiceClient::new(spectator_channel.clone());
        let mut updates = watcher
            .watch_game(proto::WatchGameRequest {
                game_id: created.game_id.clone(),
                from_version: 1,
                ..Default::default()
            })
            .await
            .expect("watch")
            .into_inner();
        let (seen_tx, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let spectator = tokio::spawn(async move {
            while let Ok(Some(update)) = updates.message().await {
                let Some(snapshot) = update.snapshot else {
                    continue;
                };
                let _ = seen_tx.send((snapshot.version, Instant::now()));
                if snapshot.status != proto::GameStatus::InProgress as i32 {
                    break;
                }
            }
        });
        let mut progress = progress_at_start(&created);
        while progress.status == proto::GameStatus::InProgress as i32 && push.len() < moves {
            let pick = seed as usize + push.len();
            let req = next_move(&mut c, &created, &progress, pick, Shape::Default).await;
            let t = Instant::now();
            let resp = c.apply_action(req).await.expect("apply").into_inner();
            ack.push(t.elapsed());
            progress = resp.progress.expect("progress");
            // Wait for this version at the spectator (bounded: a missing
            // update is a failure of the bench, not a slow row).
            loop {
                let (version, at) = tokio::time::timeout(Duration::from_secs(5), seen.recv())
                    .await
                    .expect("the spectator saw the move within 5 s")
                    .expect("the spectator's stream is open");
                if version == progress.version {
                    push.push(at.duration_since(t));
                    break;
                }
            }
        }
        spectator.abort();
    }
    let push = Stats::from(push, started.elapsed());
    let ack = Stats::from(ack, started.elapsed());
    println!(
        "move -> update, memory store, a spectator on its own connection, {moves} moves:\n  \
         push p50 {:.1}µs  p99 {:.1}µs   (ack p50 {:.1}µs  p99 {:.1}µs)   \
         goal: p99 at or below boardgame.io's on this machine (benches/peer, `node run.mjs latency`)",
        push.p50.as_secs_f64() * 1e6,
        push.p99.as_secs_f64() * 1e6,
        ack.p50.as_secs_f64() * 1e6,
        ack.p99.as_secs_f64() * 1e6,
    );
    let _ = stop.send(());
    let _ = server.await;
}

/// Only the `CLIENTS`-client rows, memory and SQLite, in `ROUNDS`
/// alternating rounds on two servers started side by side, so that both
/// see the same load on a shared machine; then the ratio and the fsync
/// probe, as in the full run.
async fn sqlite_clients(calls: usize, sqlite: &str, dir: &std::path::Path, base: &Stats) {
    const ROUNDS: usize = 4;
    let (memory_channel, memory_stop, memory_server, memory_addr) = start("memory://").await;
    let (sqlite_channel, sqlite_stop, sqlite_server, sqlite_addr) = start(sqlite).await;
    apply_actions(memory_channel, 200, 3).await; // warm up
    apply_actions(sqlite_channel, 200, 3).await;
    let mut rows = [(Vec::new(), Duration::ZERO), (Vec::new(), Duration::ZERO)];
    let mut cpu = [Duration::ZERO; 2];
    for _ in 0..ROUNDS {
        for (i, addr) in [&memory_addr, &sqlite_addr].into_iter().enumerate() {
            let before = process_cpu();
            let s = apply_parallel(addr, calls / ROUNDS, CLIENTS).await;
            cpu[i] += process_cpu().saturating_sub(before);
            rows[i].0.extend(s.lat);
            rows[i].1 += s.total;
        }
    }
    let [memory, sqlite] = rows.map(|(lat, wall)| Stats::from(lat, wall));
    let calls_made = [memory.calls, sqlite.calls];
    let per_call: Vec<f64> = cpu
        .iter()
        .zip(calls_made)
        .map(|(c, n)| c.as_secs_f64() * 1e6 / n.max(1) as f64)
        .collect();
    println!(
        "{CLIENTS} clients at once, {ROUNDS} alternating rounds of {} calls per row:",
        calls / ROUNDS
    );
    row(&format!("  {CLIENTS} clients, memory"), &memory, base);
    row(&format!("  {CLIENTS} clients, sqlite"), &sqlite, base);
    sqlite_vs_memory(&sqlite, Some(memory.per_sec()), dir);
    // Where the disk does not decide, the CPU does: this ratio is the rate
    // ratio the CPU alone allows.
    println!(
        "  CPU per ApplyAction (this process: server and clients, with their \
         ListLegalActions and CreateGame): memory {:.0} µs, sqlite {:.0} µs -> memory / sqlite x{:.2}",
        per_call[0],
        per_call[1],
        per_call[0] / per_call[1]
    );
    for (stop, server) in [(memory_stop, memory_server), (sqlite_stop, sqlite_server)] {
        let _ = stop.send(());
        let _ = server.await;
    }
}

/// CPU time this process has used so far, all threads (user and system).
fn process_cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn row(name: &str, s: &Stats, base: &Stats) {
    println!(
        "{name:<28} {:>9.0}/s  p50 {:>7.1}µs  p99 {:>7.1}µs   rate x{:.2} of baseline, p99 x{:.2}",
        s.per_sec(),
        s.p50.as_secs_f64() * 1e6,
        s.p99.as_secs_f64() * 1e6,
        s.per_sec() / base.per_sec(),
        s.p99.as_secs_f64() / base.p99.as_secs_f64(),
    );
}

/// The SQLite rows' goal: with `CLIENTS` clients, SQLite at
/// 0.9x the memory store or better. Each client waits for its own move to
/// be on disk, so one fsync can carry at most `CLIENTS` moves: the disk's
/// fsync time, probed right after the row in the same directory, bounds
/// the rate whatever the code does.
fn sqlite_vs_memory(sqlite: &Stats, memory: Option<f64>, dir: &std::path::Path) {
    let fsync = probe_fsync(dir, 200);
    let bound = CLIENTS as f64 / fsync.mean.as_secs_f64();
    if let Some(memory) = memory {
        println!(
            "  sqlite {CLIENTS} clients / memory {CLIENTS} clients: x{:.2} (goal x0.90)",
            sqlite.per_sec() / memory
        );
    }
    println!(
        "  fsync of 16 KiB here: mean {:.2} ms, p50 {:.2} ms, p99 {:.2} ms -> at most {bound:.0} \
         moves/s with {CLIENTS} clients{}",
        fsync.mean.as_secs_f64() * 1e3,
        fsync.p50.as_secs_f64() * 1e3,
        fsync.p99.as_secs_f64() * 1e3,
        memory.map_or(String::new(), |m| format!(" (x{:.2} of memory)", bound / m)),
    );
}

/// fsync latency of `n` 16 KiB overwrites of one file in `dir` (about the
/// WAL frames of one group commit).
struct Fsync {
    mean: Duration,
    p50: Duration,
    p99: Duration,
}

fn probe_fsync(dir: &std::path::Path, n: usize) -> Fsync {
    use std::io::{Seek, SeekFrom, Write};
    let path = dir.join("fsync-probe");
    let mut file = std::fs::File::create(&path).expect("probe file");
    let block = vec![7u8; 16 * 1024];
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        file.seek(SeekFrom::Start((i % 64) as u64 * block.len() as u64))
            .expect("seek");
        file.write_all(&block).expect("write");
        let t = Instant::now();
        file.sync_all().expect("fsync");
        lat.push(t.elapsed());
    }
    let _ = std::fs::remove_file(&path);
    let mean = lat.iter().sum::<Duration>() / n as u32;
    lat.sort();
    Fsync {
        mean,
        p50: lat[n / 2],
        p99: lat[(n * 99 / 100).min(n - 1)],
    }
}

/// A server on a loopback port with `database`; returns a connected channel
/// and what stops it.
async fn start(
    database: &str,
) -> (
    Channel,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
    String,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let mut config = Config::in_memory();
    config.database = database.to_owned();
    let server = tokio::spawn(async move {
        serve_on(listener, config, async {
            let _ = stopped.await;
        })
        .await
        .expect("server");
    });
    let addr = addr.to_string();
    (connect(&addr).await, stop, server, addr)
}

/// A new connection (HTTP/2 channel) to the server at `addr`.
async fn connect(addr: &str) -> Channel {
    Channel::from_shared(format!("http://{addr}"))
        .expect("url")
        .connect()
        .await
        .expect("connect")
}

fn main() {
    // `cargo test --benches` passes `--bench`-less args; run only under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let calls: usize = std::env::var("SATRAP_BENCH_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let postgres = ["SATRAP_BENCH_POSTGRES_URL", "SATRAP_TEST_POSTGRES_URL"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|u| !u.is_empty()));
    let dir = std::env::temp_dir().join(format!("satrap-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let sqlite = format!("sqlite://{}", dir.join("bench.db").display());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let probe_dir = dir.clone();
    rt.block_on(async move {
        let mut stores = vec![("memory", "memory://".to_owned()), ("sqlite", sqlite)];
        match postgres {
            Some(url) => stores.push(("postgres", url)),
            None => eprintln!(
                "postgres row skipped: set SATRAP_BENCH_POSTGRES_URL (or SATRAP_TEST_POSTGRES_URL)"
            ),
        }
        println!(
            "satrap service benchmark, loopback, {calls} sequential calls per row \
             (King of Siam, 3 players)"
        );
        let mut memory_parallel = None;
        let (channel, stop, server, _) = start("memory://").await;
        baseline(channel.clone(), 200).await;
        let base = baseline(channel.clone(), calls).await;
        row("baseline: health check", &base, &base);
        let _ = stop.send(());
        let _ = server.await;
        if std::env::var("SATRAP_BENCH_ONLY").is_ok_and(|v| v == "idle_feeds") {
            return idle_feeds(calls, &probe_dir, &base).await;
        }
        if std::env::var("SATRAP_BENCH_ONLY").is_ok_and(|v| v == "sqlite_clients") {
            let sqlite = &stores[1].1;
            return sqlite_clients(calls, sqlite, &probe_dir, &base).await;
        }
        move_path(calls).await;
        push_latency(calls.min(2000)).await;
        if std::env::var("SATRAP_BENCH_ONLY").is_ok_and(|v| v == "move_path") {
            return; // profiling the move path only
        }
        for (name, url) in stores {
            let (channel, stop, server, addr) = start(&url).await;
            apply_actions(channel.clone(), 200, 3).await; // warm up
            let apply = apply_actions(channel.clone(), calls, 3).await;
            row(&format!("ApplyAction, {name} store"), &apply, &base);
            let parallel = apply_parallel(&addr, calls, CLIENTS).await;
            row(&format!("  {CLIENTS} clients at once"), &parallel, &base);
            let _ = stop.send(());
            let _ = server.await;
            match name {
                "memory" => memory_parallel = Some(parallel.per_sec()),
                "sqlite" => sqlite_vs_memory(&parallel, memory_parallel, &probe_dir),
                _ => {}
            }
        }
        // Bots busy: the memory store's rows again, measured right after
        // the same rows without bots on the same server.
        let (channel, stop, server, addr) = start("memory://").await;
        apply_actions(channel.clone(), 200, 3).await; // warm up
        let quiet_health = baseline(channel.clone(), calls).await;
        let quiet_apply = apply_actions(channel.clone(), calls, 3).await;
        let busy = Arc::new(AtomicBool::new(false));
        let bot_games = 2 * std::thread::available_parallelism().map_or(2, |n| n.get());
        let load = tokio::spawn(bot_load(addr.clone(), bot_games, busy.clone()));
        tokio::time::sleep(Duration::from_secs(1)).await; // let the bots start thinking
        let started = Instant::now();
        let busy_health = baseline(channel.clone(), calls).await;
        let busy_apply = apply_actions(channel.clone(), calls, 3).await;
        let busy_parallel = apply_parallel(&addr, calls, CLIENTS).await;
        let busy_for = started.elapsed();
        busy.store(true, Ordering::Relaxed);
        let bot_moves = load.await.expect("bot load");
        println!(
            "while bots play ({bot_games} all-mcts-hard games at a time; {bot_moves} bot moves \
             in {:.1} s):",
            busy_for.as_secs_f64()
        );
        row("  health check, no bots", &quiet_health, &base);
        row("  health check, bots busy", &busy_health, &base);
        row("  ApplyAction memory, no bots", &quiet_apply, &base);
        row("  ApplyAction memory, bots busy", &busy_apply, &base);
        row(&format!("  {CLIENTS} clients, bots busy"), &busy_parallel, &base);
        println!(
            "  bots busy / no bots: health rate x{:.2}, p99 x{:.2}; ApplyAction rate x{:.2}, p99 x{:.2}",
            busy_health.per_sec() / quiet_health.per_sec(),
            busy_health.p99.as_secs_f64() / quiet_health.p99.as_secs_f64(),
            busy_apply.per_sec() / quiet_apply.per_sec(),
            busy_apply.p99.as_secs_f64() / quiet_apply.p99.as_secs_f64(),
        );
        let _ = stop.send(());
        let _ = server.await;
        let (channel, stop, server, _) = start("memory://").await;
        let again = baseline(channel.clone(), calls).await;
        row("baseline again (drift)", &again, &base);
        let _ = stop.send(());
        let _ = server.await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
