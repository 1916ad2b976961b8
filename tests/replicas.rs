//! Work that survives its replica: several `satrap serve` processes on one
//! PostgreSQL database; the one driving all-bot games and clocked games is
//! killed with SIGKILL, and the others, which never loaded those games,
//! finish every one of them, each timeout recorded once and within the
//! takeover delay plus a second of its deadline. With every replica alive,
//! each bot decision is made once: the replicas' `satrap_bot_decisions_total`
//! add up to the bot moves.
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
/// and at most the takeover delay plus one second after it; every move in
/// time. Per-move clocks with one seat to act: each run starts at the
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
                e.at_ms <= deadline,
                "version {}: move after its deadline",
                e.version
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
