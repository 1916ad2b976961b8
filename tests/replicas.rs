//! Work that survives its replica: several `satrap serve` processes on one
//! PostgreSQL database; the one driving all-bot games and clocked games is
//! killed with SIGKILL, and the others, which never loaded those games,
//! finish every one of them, each timeout recorded once and within the
//! takeover delay plus a second of its deadline. With every replica alive,
//! each bot decision is made once: the replicas' `satrap_bot_decisions_total`
//! add up to the bot moves. A queued player's replica dies: no matched
//! game waits for that player, who queues again on a survivor at once,
//! and the survivor's feed holds every event once, in order.
//!
//! A binary of its own: its timings must not share the machine with the
//! other suites. Needs `SATRAP_TEST_POSTGRES_URL`; skipped by name without
//! it, unless `SATRAP_REQUIRE_EXTERNAL=1`.

#[path = "it/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::external::{TestDatabase, postgres_url};
use common::lobby::{create_timed, history, per_move};
use common::process::Served;
use common::telemetry::scrape;
use common::{Client, bot_seats, create};
use satrap_server::proto;

/// One test at a time: each runs several servers, and their timings must
/// not share the two cores with another test's.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How long a lease lasts (`--bot-takeover-delay`).
const DELAY: Duration = Duration::from_secs(1);
/// The per-move clock of the clocked games.
const PER_MOVE_MS: u64 = 700;
/// King of Siam: short games, strictly one seat to act at a time.
const KS: &str = "king_of_siam";

/// A `satrap serve` process on `database`, with metrics.
struct Replica(Served);

impl Replica {
    fn start(database: &str) -> Self {
        let delay = format!("{}ms", DELAY.as_millis());
        Self(Served::start(
            &[
                "--metrics-listen",
                "127.0.0.1:0",
                "--bot-takeover-delay",
                &delay,
                "--database",
                database,
            ],
            None,
        ))
    }

    async fn client(&self) -> Client {
        self.0.client().await
    }

    /// This replica's `satrap_bot_decisions_total`, summed over bots.
    async fn bot_decisions(&self) -> f64 {
        let metrics = self.0.metrics.as_deref().expect("metrics address");
        let addr = metrics.parse().expect("metrics socket address");
        scrape(addr).await.sum("satrap_bot_decisions_total")
    }

    /// SIGKILL: no shutdown, no lease given back.
    fn kill_9(self) {
        self.0.kill_9();
    }
}

/// Status (1 in progress, 2 finished, 3 waiting) and version of a stored
/// game, read from the database, not through a replica (which would load
/// the game).
async fn stored(db: &tokio_postgres::Client, id: &str) -> (i32, i64) {
    let row = db
        .query_one("SELECT status, version FROM games WHERE id = $1", &[&id])
        .await
        .expect("game row");
    (row.get(0), row.get(1))
}

/// Wait until every game in `ids` is finished in the store.
async fn until_finished(db: &tokio_postgres::Client, ids: &[String], within: Duration) {
    let start = Instant::now();
    loop {
        let mut left = Vec::new();
        for id in ids {
            let (status, version) = stored(db, id).await;
            if status != 2 {
                left.push((id.clone(), version));
            }
        }
        if left.is_empty() {
            return;
        }
        assert!(
            start.elapsed() < within,
            "not finished after {within:?} (game, version): {left:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every timeout of a finished clocked game came at or after its deadline
/// and at most the takeover delay plus one second after it. The other
/// entries are bot moves, for which no clock runs (the bot answers at
/// once): each came within the same bound, which leaves room for a
/// takeover when the kill fell between the previous entry and the bot's
/// move. Per-move clocks with one seat to act: each run starts at the
/// previous entry, the first at the start.
fn check_timeouts(h: &proto::GetHistoryResponse, started: u64) -> (usize, u64) {
    let mut run_start = started;
    let mut timeouts = 0;
    let mut latest = 0;
    let slack = DELAY.as_millis() as u64 + 1_000;
    for e in &h.entries {
        let deadline = run_start + PER_MOVE_MS;
        if e.timeout != 0 {
            timeouts += 1;
            latest = latest.max(e.at_ms.saturating_sub(deadline));
            assert!(
                (deadline..=deadline + slack).contains(&e.at_ms),
                "version {}: timeout at {}, deadline {deadline} (late by {} ms)",
                e.version,
                e.at_ms,
                e.at_ms as i64 - deadline as i64
            );
        } else {
            assert!(
                e.at_ms <= deadline + slack,
                "version {}: a bot move {} ms after its turn began",
                e.version,
                e.at_ms.saturating_sub(run_start)
            );
        }
        run_start = e.at_ms;
    }
    (timeouts, latest)
}

/// Kill the replica that drives all-bot and clocked games (every timeout
/// policy) that the `survivors` others never loaded; they finish them all.
async fn a_dead_replicas_games_are_finished(test: &str, survivors: usize) {
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let _serial = SERIAL.lock().await;
    let db = TestDatabase::create(&admin, test).await;
    let doomed = Replica::start(&db.url);
    let others: Vec<Replica> = (0..survivors).map(|_| Replica::start(&db.url)).collect();
    let mut a = doomed.client().await;

    let mut games = Vec::new();
    // All-bot games long enough to be cut in the middle.
    for seed in 0..3 {
        let g = create(&mut a, KS, bot_seats(2, "mcts"), Some(seed)).await;
        games.push(g.game_id);
    }
    // Clocked games: seat 0's client never moves, seat 1 is a bot.
    let mut clocked = Vec::new();
    for (seed, policy) in [
        proto::TimeoutPolicy::BotMoves,
        proto::TimeoutPolicy::BotTakesSeat,
        proto::TimeoutPolicy::Forfeit,
    ]
    .into_iter()
    .enumerate()
    {
        let mut seats = common::seats(2);
        seats[1].bot = "random".into();
        let g = create_timed(
            &mut a,
            KS,
            seats,
            10 + seed as u64,
            per_move(PER_MOVE_MS),
            policy,
        )
        .await;
        clocked.push(g.game_id.clone());
        games.push(g.game_id);
    }
    let client = db.client().await;
    // The doomed replica is driving: the bot games have moved.
    tokio::time::sleep(Duration::from_millis(400)).await;
    for id in &games[..3] {
        let (status, version) = stored(&client, id).await;
        assert!(
            version > 0 && status == 1,
            "{id}: not under way ({status}, {version})"
        );
    }
    doomed.kill_9();
    let killed = Instant::now();

    // Nobody asks the survivors about these games: their scanners find them.
    until_finished(&client, &games, Duration::from_secs(90)).await;

    let mut b = others[0].client().await;
    let (mut timeouts, mut latest) = (0, 0);
    for id in &clocked {
        let started: i64 = client
            .query_one("SELECT started_at_ms FROM games WHERE id = $1", &[id])
            .await
            .expect("row")
            .get(0);
        let h = history(&mut b, id).await;
        // Versions are contiguous: nothing recorded twice.
        for (i, e) in h.entries.iter().enumerate() {
            assert_eq!(e.version, i as u64 + 1, "{id}");
        }
        let (n, late) = check_timeouts(&h, started as u64);
        timeouts += n;
        latest = latest.max(late);
    }
    assert!(timeouts >= 3, "every clocked game timed out at least once");
    println!(
        "{} replicas left: {} games finished {:.1} s after the kill; {timeouts} timeouts, \
         the latest {latest} ms after its deadline",
        survivors,
        games.len(),
        killed.elapsed().as_secs_f64()
    );
    drop(others);
    db.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_replicas_the_survivor_finishes_a_dead_replicas_games() {
    a_dead_replicas_games_are_finished(
        "with_two_replicas_the_survivor_finishes_a_dead_replicas_games",
        1,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_three_replicas_the_survivors_finish_a_dead_replicas_games() {
    a_dead_replicas_games_are_finished(
        "with_three_replicas_the_survivors_finish_a_dead_replicas_games",
        2,
    )
    .await;
}

/// Three replicas alive, every one of them watching every all-bot game:
/// only the lease holder thinks, so the decisions add up to the moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_every_replica_alive_each_bot_decision_is_made_once() {
    let test = "with_every_replica_alive_each_bot_decision_is_made_once";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let _serial = SERIAL.lock().await;
    let db = TestDatabase::create(&admin, test).await;
    let replicas: Vec<Replica> = (0..3).map(|_| Replica::start(&db.url)).collect();
    let mut clients = Vec::new();
    for r in &replicas {
        clients.push(r.client().await);
    }
    let mut games = Vec::new();
    for seed in 0..4 {
        let g = create(&mut clients[0], KS, bot_seats(2, "mcts-easy"), Some(seed)).await;
        games.push(g.game_id);
    }
    // The other replicas load and watch every game while it is played.
    let mut watchers = Vec::new();
    for c in &mut clients[1..] {
        for id in &games {
            c.get_game(proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            })
            .await
            .expect("get");
            let mut c = c.clone();
            let id = id.clone();
            watchers.push(tokio::spawn(async move {
                let mut stream = c
                    .watch_game(proto::WatchGameRequest {
                        game_id: id,
                        from_version: 0,
                        ..Default::default()
                    })
                    .await
                    .expect("watch")
                    .into_inner();
                while let Some(Ok(_)) = tokio_stream::StreamExt::next(&mut stream).await {}
            }));
        }
    }
    let client = db.client().await;
    until_finished(&client, &games, Duration::from_secs(90)).await;
    let mut moves = 0;
    for id in &games {
        moves += stored(&client, id).await.1;
    }
    // Every bot turn is one decision on the pool (a seat with one legal
    // move included); one thought twice, on two replicas, would count twice.
    let mut per_replica = Vec::new();
    for r in &replicas {
        per_replica.push(r.bot_decisions().await);
    }
    let decisions: f64 = per_replica.iter().sum();
    assert_eq!(
        decisions, moves as f64,
        "bot decisions per replica {per_replica:?} for {moves} bot moves"
    );
    println!("{moves} bot moves, decisions per replica {per_replica:?}");
    for w in watchers {
        w.abort();
    }
    drop(replicas);
    db.drop().await;
}

/// Queue `key`'s player on `c` for a casual two-player King of Siam game;
/// the stream, after its first update (the ticket is queued and leased).
async fn queue(c: &mut Client, key: &str) -> tonic::Streaming<proto::MatchUpdate> {
    let mut req = tonic::Request::new(proto::FindMatchRequest {
        game_type: KS.into(),
        players: 2,
        ..Default::default()
    });
    req.metadata_mut()
        .insert("x-api-key", key.parse().expect("key header"));
    let mut stream = c
        .find_match(req)
        .await
        .expect("queued at once: no ALREADY_EXISTS")
        .into_inner();
    let first = tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("an update in time")
        .expect("an update")
        .expect("not the end");
    assert!(first.update.is_some());
    stream
}

/// The game a queue stream is matched into (at most `within`).
async fn found(stream: &mut tonic::Streaming<proto::MatchUpdate>, within: Duration) -> String {
    tokio::time::timeout(within, async {
        while let Some(update) = stream.message().await.expect("update") {
            if let Some(proto::match_update::Update::Found(f)) = update.update {
                return f.game_id;
            }
        }
        panic!("the queue stream ended without a match");
    })
    .await
    .expect("matched in time")
}

/// WatchEvents on `c` with `key`, after `after`.
async fn feed(c: &mut Client, key: &str, after: u64) -> tonic::Streaming<proto::FeedEvent> {
    let mut req = tonic::Request::new(proto::WatchEventsRequest {
        after_sequence: after,
    });
    req.metadata_mut()
        .insert("x-api-key", key.parse().expect("key header"));
    c.watch_events(req).await.expect("WatchEvents").into_inner()
}

/// Whether stored game `id` was aborted (its feed has an `aborted` event).
async fn aborted(db: &tokio_postgres::Client, id: &str) -> bool {
    db.query_one(
        "SELECT count(*) FROM events WHERE game_id = $1 AND kind = 4",
        &[&id],
    )
    .await
    .expect("events")
    .get::<_, i64>(0)
        > 0
}

/// A queued player's replica dies (frozen first, so its matched seat is
/// certain never to be delivered, then killed with SIGKILL), while
/// another player queues on the survivor: the survivor's matcher may take
/// the dead replica's ticket only while its lease is live, and a match it
/// makes with it is aborted, unrated, once the seat is not delivered; the
/// player queues again on the survivor at once (no ALREADY_EXISTS) and
/// plays. No matched game is left waiting for a player who is gone. Three
/// rounds, a new doomed replica each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_replicas_queued_player_leaves_no_game_waiting() {
    use satrap_server::access::{Role, keys};
    let test = "a_dead_replicas_queued_player_leaves_no_game_waiting";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let _serial = SERIAL.lock().await;
    let db = TestDatabase::create(&admin, test).await;
    let dir = std::env::temp_dir().join(format!("satrap-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (p, q, root) = (
        keys::generate("pat", Role::Player).expect("key"),
        keys::generate("quinn", Role::Player).expect("key"),
        keys::generate("root", Role::Admin).expect("key"),
    );
    let keys_path = dir.join("keys");
    std::fs::write(
        &keys_path,
        format!("{}\n{}\n{}\n", p.line, q.line, root.line),
    )
    .expect("keys");
    let keys_arg = keys_path.to_str().expect("path").to_owned();
    let start = |database: &str| {
        Served::start(
            &["--database", database, "--api-keys-file", &keys_arg],
            None,
        )
    };
    let survivor = start(&db.url);
    let mut b = survivor.client().await;
    let client = db.client().await;
    // The survivor's feed, live from the start: every event, whichever
    // replica committed it, arrives through its one follower.
    let mut live = feed(&mut b, &root.key, 0).await;
    let mut undone = 0;
    for round in 0..3 {
        let round_start = satrap_store::now_ms() as i64;
        let doomed = start(&db.url);
        let mut a = doomed.client().await;
        // A game the doomed replica creates: its events reach the
        // survivor's feed through NOTIFY.
        let mut req = tonic::Request::new(proto::CreateGameRequest {
            game_type: KS.into(),
            seats: bot_seats(2, "random"),
            ..Default::default()
        });
        req.metadata_mut()
            .insert("x-api-key", root.key.parse().expect("key header"));
        a.create_game(req)
            .await
            .expect("create on the doomed replica");
        let _old = queue(&mut a, &p.key).await;
        doomed.freeze();
        let frozen = Instant::now();
        // Quinn queues on the survivor while Pat's ticket is still leased:
        // the survivor's matcher may pair them, and the seat never reaches
        // Pat.
        let mut quinn = queue(&mut b, &q.key).await;
        let first = tokio::time::timeout(
            Duration::from_millis(2500),
            found(&mut quinn, Duration::from_secs(3)),
        )
        .await
        .ok();
        doomed.kill_9();
        // Pat queues again on the survivor at once (no ALREADY_EXISTS,
        // whatever became of its old ticket).
        let mut pat = queue(&mut b, &p.key).await;
        let game = match first {
            Some(first) => {
                // Matched with the dead ticket: aborted once undelivered.
                tokio::time::timeout(Duration::from_secs(8), async {
                    while !aborted(&client, &first).await {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                })
                .await
                .unwrap_or_else(|_| panic!("round {round}: the undelivered match {first} waits"));
                undone += 1;
                println!(
                    "round {round}: the match with the dead ticket was aborted {:.1} s after the freeze",
                    frozen.elapsed().as_secs_f64()
                );
                // Quinn queues again and meets Pat's new ticket.
                let mut again = queue(&mut b, &q.key).await;
                let game = found(&mut again, Duration::from_secs(10)).await;
                assert_ne!(game, first);
                game
            }
            None => found(&mut quinn, Duration::from_secs(10)).await,
        };
        // Pat, queued on the survivor, gets the same game: it is played by
        // two players who both hold their seats.
        assert_eq!(found(&mut pat, Duration::from_secs(10)).await, game);
        assert!(
            !aborted(&client, &game).await,
            "round {round}: a delivered match was aborted"
        );
        // Every other match made this round was aborted: none waits (the
        // matches are the players' keys' games; the bot game the doomed
        // replica made goes on on the survivor).
        let waiting: i64 = client
            .query_one(
                "SELECT count(*) FROM games g
                 WHERE g.created_at_ms >= $2 AND g.status <> 2 AND g.id <> $1
                   AND g.owner <> 'key:root'
                   AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id AND e.kind = 4)",
                &[&game, &round_start],
            )
            .await
            .expect("games")
            .get(0);
        assert_eq!(
            waiting, 0,
            "round {round}: a matched game waits for a player who is gone"
        );
    }
    // The freeze leaves Pat's ticket leased for the survivor's matcher:
    // at least one round went through the undelivered path.
    println!("{undone} of 3 rounds matched a dead replica's ticket, and undid it");
    assert!(undone >= 1, "no round matched the dead replica's ticket");

    // The feed across the kills: the live stream and one read from the
    // start both hold exactly the stored events, in order, each once.
    let stored: Vec<u64> = client
        .query("SELECT seq FROM events ORDER BY seq", &[])
        .await
        .expect("events")
        .iter()
        .map(|r| r.get::<_, i64>(0) as u64)
        .collect();
    assert!(stored.len() >= 6, "{stored:?}");
    let mut from_start = feed(&mut b, &root.key, 0).await;
    for stream in [&mut live, &mut from_start] {
        let mut got = Vec::new();
        while got.len() < stored.len() {
            let event = tokio::time::timeout(Duration::from_secs(10), stream.message())
                .await
                .unwrap_or_else(|_| panic!("feed stalled after {got:?}"))
                .expect("a feed event")
                .expect("not the end");
            got.push(event.sequence);
        }
        assert_eq!(got, stored, "the feed misses or repeats an event");
    }
    drop(survivor);
    let _ = std::fs::remove_dir_all(&dir);
    db.drop().await;
}

/// A webhook receiver on 127.0.0.1 that acknowledges everything: the
/// sequences it received, in order, with when.
async fn hook_receiver() -> (
    String,
    std::sync::Arc<std::sync::Mutex<Vec<(u64, Instant)>>>,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}/hooks", listener.local_addr().expect("addr"));
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let state = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let state = state.clone();
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                // Headers, then a body of content-length bytes.
                let (end, length) = loop {
                    let Ok(n) = socket.read(&mut chunk).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&chunk[..n]);
                    if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        let head = String::from_utf8_lossy(&buf[..i]).to_lowercase();
                        let length: usize = head
                            .lines()
                            .find_map(|l| l.strip_prefix("content-length:"))
                            .and_then(|v| v.trim().parse().ok())
                            .unwrap_or(0);
                        break (i + 4, length);
                    }
                };
                while buf.len() < end + length {
                    let Ok(n) = socket.read(&mut chunk).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    buf.extend_from_slice(&chunk[..n]);
                }
                let body: serde_json::Value =
                    serde_json::from_slice(&buf[end..end + length]).expect("JSON body");
                let sequence = body["sequence"].as_u64().expect("sequence");
                state.lock().expect("lock").push((sequence, Instant::now()));
                let _ = socket
                    .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                    .await;
            });
        }
    });
    (url, seen)
}

/// The replica delivering webhooks is killed with SIGKILL: the other one
/// takes the delivery over about one `--webhook-lease` after the last
/// renewal (here 2 s; the lease used to be a fixed 30 s), and every event
/// reaches the receiver, in order; a repeat can only be the one event in
/// flight at the kill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_webhook_deliverer_is_taken_over_within_its_lease() {
    let test = "a_dead_webhook_deliverer_is_taken_over_within_its_lease";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let _serial = SERIAL.lock().await;
    let db = TestDatabase::create(&admin, test).await;
    let (url, seen) = hook_receiver().await;
    let start = |database: &str| {
        Served::start_with_env(
            &[
                "--database",
                database,
                "--webhook-url",
                &url,
                "--webhook-lease",
                "2s",
            ],
            None,
            &[("SATRAP_WEBHOOK_SECRET", "a secret")],
        )
    };
    let first = start(&db.url);
    let mut a = first.client().await;
    // The first replica takes the lease and delivers.
    create(&mut a, KS, bot_seats(2, "random"), Some(1)).await;
    let delivered = |n: usize| {
        let seen = seen.clone();
        async move {
            tokio::time::timeout(Duration::from_secs(20), async {
                while seen.lock().expect("lock").len() < n {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            })
            .await
            .is_ok()
        }
    };
    assert!(delivered(2).await, "the first replica delivers");
    let second = start(&db.url);
    let mut b = second.client().await;
    first.kill_9();
    let killed = Instant::now();
    let before = seen.lock().expect("lock").len();
    create(&mut b, KS, bot_seats(2, "random"), Some(2)).await;
    assert!(delivered(before + 2).await, "the survivor delivers");
    let resumed = seen.lock().expect("lock")[before].1.duration_since(killed);
    println!(
        "webhook delivery resumed {:.1} s after the deliverer's kill",
        resumed.as_secs_f64()
    );
    assert!(
        resumed < Duration::from_secs(5),
        "delivery resumed after {resumed:?}"
    );
    // Let every event of both games arrive, then compare with the store.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let stored: Vec<u64> = db
        .client()
        .await
        .query("SELECT seq FROM events ORDER BY seq", &[])
        .await
        .expect("events")
        .iter()
        .map(|r| r.get::<_, i64>(0) as u64)
        .collect();
    let mut got: Vec<u64> = seen.lock().expect("lock").iter().map(|(s, _)| *s).collect();
    let received = got.len();
    got.dedup();
    assert!(
        received - got.len() <= 1,
        "more than the one event in flight repeated"
    );
    assert_eq!(got, stored, "every event, in order");
    drop(second);
    db.drop().await;
}

/// Clients playing a game each through the drain test (the load:
/// eight, besides a watcher for every game).
const PLAYING_CLIENTS: u64 = 8;

/// The drain test's `--bot-takeover-delay`: far longer than the test
/// allows for the takeover, so only a handed-back lease explains it.
const LONG_DELAY: &str = "20s";

/// A client playing every seat of `created` with random legal moves, one
/// every `pace`, on `clients[0]` until a call fails for anything but a
/// stale version, then on the next. Returns every acknowledged move
/// (version after it, seat, notation, which client acknowledged it).
async fn play(
    mut clients: Vec<Client>,
    created: proto::CreateGameResponse,
    seed: u64,
    pace: Duration,
) -> Vec<(u64, u32, String, usize)> {
    let id = created.game_id.clone();
    let mut rng = common::Lcg(seed);
    let mut at = 0;
    let mut acked = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        let c = &mut clients[at];
        let failover = |at: &mut usize| *at = (*at + 1).min(1);
        let snap = match c
            .get_game(proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            })
            .await
        {
            Ok(r) => r.into_inner().snapshot.expect("snapshot"),
            Err(_) => {
                failover(&mut at);
                continue;
            }
        };
        if snap.status == proto::GameStatus::Finished as i32 {
            return acked;
        }
        let Some(&seat) = snap.to_act.first() else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let token = created.seats[seat as usize].token.clone();
        let list = match c
            .list_legal_actions(common::authed(
                proto::ListLegalActionsRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                Some(&token),
            ))
            .await
        {
            Ok(r) => r.into_inner(),
            Err(_) => {
                failover(&mut at);
                continue;
            }
        };
        if list.actions.is_empty() {
            continue;
        }
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        match common::apply_notation(c, &id, Some(&token), &pick, Some(list.version)).await {
            Ok(r) => {
                let version = r.snapshot.expect("snapshot").version;
                acked.push((version, seat, pick, at));
            }
            // Moved meanwhile (or an earlier unacknowledged move landed).
            Err(e) if e.code() == tonic::Code::Aborted => {}
            Err(_) => failover(&mut at),
        }
        tokio::time::sleep(pace).await;
    }
    panic!("{id}: not finished within a minute");
}

/// A watcher of `id` from version 0 on `clients[0]`, resuming on the next
/// client from the next version whenever its stream ends before the game
/// does. Returns the versions received (new versions only) and how each
/// stream that ended early ended.
async fn watch(mut clients: Vec<Client>, id: String) -> (Vec<u64>, Vec<tonic::Code>) {
    let mut at = 0;
    let mut next = 0;
    let mut versions = Vec::new();
    let mut ends = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) && ends.len() < 20 {
        let opened = clients[at]
            .watch_game(proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: next,
                ..Default::default()
            })
            .await;
        let mut stream = match opened {
            Ok(s) => s.into_inner(),
            Err(e) => {
                ends.push(e.code());
                at = (at + 1).min(1);
                continue;
            }
        };
        loop {
            match tokio_stream::StreamExt::next(&mut stream).await {
                Some(Ok(update)) => {
                    if update.cause != proto::UpdateCause::Unspecified as i32 {
                        continue; // the current version again (seats, start)
                    }
                    versions.push(update.version);
                    next = update.version + 1;
                    let over = update
                        .snapshot
                        .is_some_and(|s| s.status == proto::GameStatus::Finished as i32);
                    if over {
                        return (versions, ends);
                    }
                }
                Some(Err(e)) => {
                    ends.push(e.code());
                    break;
                }
                None => {
                    ends.push(tonic::Code::Ok);
                    break;
                }
            }
        }
        at = (at + 1).min(1);
    }
    panic!("{id}: watcher did not see the end within a minute ({ends:?})");
}

/// A rolling deploy's step: SIGTERM to one of two replicas while clients
/// play on it, watchers follow its games and it drives bot games. It exits
/// 0 within its drain timeout; no acknowledged move is lost; every watcher
/// resumes on the survivor with no version missed or repeated; and the
/// drained replica's bot games move on the survivor within a second of its
/// exit, not after the takeover delay (the leases were handed back).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drained_replica_hands_everything_to_the_survivor() {
    let test = "a_drained_replica_hands_everything_to_the_survivor";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let _serial = SERIAL.lock().await;
    let db = TestDatabase::create(&admin, test).await;
    let start = |database: &str| {
        Served::start(
            &[
                "--database",
                database,
                "--bot-takeover-delay",
                LONG_DELAY,
                "--drain-timeout",
                "5s",
            ],
            None,
        )
    };
    let mut drained = start(&db.url);
    let survivor = start(&db.url);
    let (mut a, b) = (drained.client().await, survivor.client().await);

    // Bot games the drained replica drives (created there: its task runs).
    let mut bot_games = Vec::new();
    for seed in 0..3 {
        let g = create(&mut a, KS, bot_seats(2, "mcts"), Some(seed)).await;
        bot_games.push(g.game_id);
    }
    // Games eight clients play, moving on the drained replica first.
    let mut played = Vec::new();
    let mut players = Vec::new();
    for seed in 0..PLAYING_CLIENTS {
        let g = create(&mut a, KS, common::seats(2), Some(100 + seed)).await;
        played.push(g.game_id.clone());
        let clients = vec![a.clone(), b.clone()];
        players.push(tokio::spawn(play(
            clients,
            g,
            seed,
            Duration::from_millis(40),
        )));
    }
    // A watcher on the drained replica for every game.
    let mut watchers = Vec::new();
    for id in bot_games.iter().chain(&played) {
        let clients = vec![a.clone(), b.clone()];
        watchers.push((id.clone(), tokio::spawn(watch(clients, id.clone()))));
    }
    let client = db.client().await;
    tokio::time::sleep(Duration::from_millis(700)).await;

    drained.terminate();
    let code = tokio::task::block_in_place(|| drained.exit_code_within(Duration::from_secs(10)));
    let exited = Instant::now();
    assert_eq!(
        code,
        Some(0),
        "the drained replica exits 0 within its drain timeout"
    );
    // Its bot games, as it left them.
    let mut left = Vec::new();
    for id in &bot_games {
        let (status, version) = stored(&client, id).await;
        if status == 1 {
            left.push((id.clone(), version));
        }
    }
    assert!(
        !left.is_empty(),
        "some bot games were under way at the drain"
    );
    // They move again on the survivor within a second of the exit.
    let mut slowest = Duration::ZERO;
    for (id, version) in &left {
        loop {
            let (status, now) = stored(&client, id).await;
            if now > *version || status == 2 {
                slowest = slowest.max(exited.elapsed());
                break;
            }
            assert!(
                exited.elapsed() < Duration::from_secs(1),
                "{id}: still at version {version} a second after the drained replica exited"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    println!("drained bot games moved again within {slowest:?} of the exit");

    // No acknowledged move is lost; the players went on on the survivor.
    let mut b = b;
    for (id, player) in played.iter().zip(players) {
        let acked = player.await.expect("player");
        assert!(
            acked.iter().any(|m| m.3 == 0) && acked.iter().any(|m| m.3 == 1),
            "{id}: moves acknowledged by both replicas"
        );
        let h = history(&mut b, id).await;
        for (version, seat, notation, _) in &acked {
            let entry = h
                .entries
                .iter()
                .find(|e| e.version == *version)
                .unwrap_or_else(|| panic!("{id}: acknowledged version {version} lost"));
            assert_eq!(entry.seat, *seat, "{id} version {version}");
            if !entry.hidden {
                assert_eq!(&entry.notation, notation, "{id} version {version}");
            }
        }
    }
    // Every watcher resumed on the survivor: each version once, in order.
    until_finished(&client, &bot_games, Duration::from_secs(90)).await;
    for (id, watcher) in watchers {
        let (versions, ends) = watcher.await.expect("watcher");
        let (_, last) = stored(&client, &id).await;
        let want: Vec<u64> = (0..=last as u64).collect();
        assert_eq!(versions, want, "{id}: every version once, in order");
        assert_eq!(
            ends.first(),
            Some(&tonic::Code::Unavailable),
            "{id}: the drained replica ended the stream with UNAVAILABLE"
        );
    }
    drop(survivor);
    db.drop().await;
}
