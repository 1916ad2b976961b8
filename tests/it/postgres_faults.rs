//! A PostgreSQL server that stops answering (frozen with SIGSTOP, which is
//! how a hung host or a network partition looks from satrap): a move sent
//! without a client deadline answers UNAVAILABLE within
//! `--db-statement-timeout`, the game service's readiness turns
//! NOT_SERVING while the server's liveness (service "") stays SERVING, both
//! recover once the server is thawed, and every acknowledged move is in the
//! history.
//!
//! Needs `SATRAP_TEST_POSTGRES_URL` naming a server on this machine (its
//! processes are stopped and continued); skipped by name without it, unless
//! `SATRAP_REQUIRE_EXTERNAL=1`.

use crate::common;

use std::time::{Duration, Instant};

use common::external::{TestDatabase, postgres_url};
use common::*;
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;
use tonic::transport::Channel;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

const KS: &str = "king_of_siam";

/// `--db-statement-timeout` of the test server: short, so the test is.
const STATEMENT: Duration = Duration::from_secs(2);

/// Processes stopped with SIGSTOP; dropping this continues them (SIGCONT),
/// so a failing assertion never leaves the database frozen.
#[derive(Default)]
struct Frozen {
    pids: Vec<i32>,
}

impl Frozen {
    /// Stop `pid` (continued with the others).
    fn stop(&mut self, pid: i32) {
        // SAFETY: kill(2) with a plain signal number has no memory effects
        // on this process.
        let stopped = unsafe { libc::kill(pid, libc::SIGSTOP) } == 0;
        assert!(
            stopped,
            "SIGSTOP {pid}: {}",
            std::io::Error::last_os_error()
        );
        self.pids.push(pid);
    }

    fn thaw(&mut self) {
        for pid in self.pids.drain(..) {
            // SAFETY: as in `stop`.
            unsafe { libc::kill(pid, libc::SIGCONT) };
        }
    }
}

impl Drop for Frozen {
    fn drop(&mut self) {
        self.thaw();
    }
}

/// A process's parent, from /proc (`None` if it is not on this machine).
fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// Stop the PostgreSQL server for the test database: first the postmaster
/// (no new connection gets an answer), then every backend serving that
/// database (satrap's pool, its LISTEN and probe connections). Backends of
/// other databases keep running. `None` when the server is not a process
/// on this machine.
async fn freeze_database(url: &str) -> Option<Frozen> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to the test database");
    tokio::spawn(connection);
    let own: i32 = client
        .query_one("SELECT pg_backend_pid()", &[])
        .await
        .expect("pg_backend_pid")
        .get(0);
    let postmaster = parent_of(own)?;
    let mut frozen = Frozen::default();
    frozen.stop(postmaster);
    let backends: Vec<i32> = client
        .query(
            "SELECT pid FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
            &[],
        )
        .await
        .expect("the test database's backends")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(
        !backends.is_empty(),
        "satrap holds connections to the database"
    );
    for pid in backends {
        frozen.stop(pid);
    }
    Some(frozen)
}

/// Skipped by name (as `common::external` does) when the server is not
/// local; a failure under `SATRAP_REQUIRE_EXTERNAL=1`.
fn skip_not_local(test: &str) {
    assert!(
        !std::env::var("SATRAP_REQUIRE_EXTERNAL").is_ok_and(|v| v == "1"),
        "{test}: the PostgreSQL server is not a process on this machine, and SATRAP_REQUIRE_EXTERNAL=1 forbids skipping"
    );
    use std::io::Write;
    let line = format!("SKIPPED {test}: the PostgreSQL server is not a process on this machine\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

async fn status(health: &mut HealthClient<Channel>, service: &str) -> i32 {
    health
        .check(HealthCheckRequest {
            service: service.into(),
        })
        .await
        .expect("health answers whatever the database does")
        .into_inner()
        .status
}

/// Poll the game service's health until it is `want`; how long it took.
async fn until_status(
    health: &mut HealthClient<Channel>,
    want: ServingStatus,
    within: Duration,
) -> Duration {
    let start = Instant::now();
    loop {
        if status(health, "satrap.v1.GameService").await == want as i32 {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < within,
            "the game service is not {want:?} after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Wait until no session of the test database but `client`'s runs a
/// statement: a statement whose caller gave up still runs to its end once
/// the lock it waits for is free, and may record what it was sent.
async fn until_no_statement_runs(client: &tokio_postgres::Client) {
    let within = STATEMENT * 2 + Duration::from_secs(2);
    let started = Instant::now();
    loop {
        let running: i64 = client
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()
                   AND state = 'active'",
                &[],
            )
            .await
            .expect("the test database's running statements")
            .get(0);
        if running == 0 {
            return;
        }
        assert!(
            started.elapsed() < within,
            "{running} statements still running after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The seat to act and a legal move of it (its token, the notation).
/// CreateGame under the tests' short statement deadline: a database busy
/// with the other suites (their CREATE DATABASE, their migrations) may
/// keep a first write past it, which the server rightly answers
/// UNAVAILABLE; a client retries that, and so does this, a few times.
/// What these tests time is a later call, never the creation.
async fn create_retrying(c: &mut Client, seed: u64) -> proto::CreateGameResponse {
    for _ in 0..4 {
        let answer = c
            .create_game(proto::CreateGameRequest {
                game_type: KS.into(),
                seats: seats(3),
                seed: Some(seed),
                ..Default::default()
            })
            .await;
        match answer {
            Err(status) if status.code() == Code::Unavailable => continue,
            other => return other.expect("create").into_inner(),
        }
    }
    create(c, KS, seats(3), Some(seed)).await
}

async fn next_move(c: &mut Client, created: &proto::CreateGameResponse) -> (String, String) {
    let snap = snapshot(c, &created.game_id, None).await;
    let token = created.seats[snap.to_act[0] as usize].token.clone();
    let list = legal(c, &created.game_id, &token).await;
    (token, list.actions[0].notation.clone())
}

/// Play one legal move; its (seat, notation) once acknowledged.
async fn play(c: &mut Client, created: &proto::CreateGameResponse) -> (u32, String) {
    let snap = snapshot(c, &created.game_id, None).await;
    let seat = snap.to_act[0];
    let (token, notation) = next_move(c, created).await;
    apply_notation(c, &created.game_id, Some(&token), &notation, None)
        .await
        .expect("a move while the database answers");
    (seat, notation)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frozen_database_is_unavailable_in_time_and_not_ready_until_it_thaws() {
    const NAME: &str = "a_frozen_database_is_unavailable_in_time_and_not_ready_until_it_thaws";
    let Some(admin) = postgres_url(NAME) else {
        return;
    };
    let db = TestDatabase::create(&admin, "frozen").await;
    let mut config = Config::in_memory();
    config.database = db.url.clone();
    config.db_statement_timeout = STATEMENT;
    config.db_pool_timeout = Duration::from_secs(1);
    config.db_connect_timeout = Duration::from_secs(2);
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let mut health = HealthClient::new(server.channel().await);
    let created = create_retrying(&mut c, 11).await;
    let id = created.game_id.clone();
    let mut acknowledged = Vec::new();
    for _ in 0..3 {
        acknowledged.push(play(&mut c, &created).await);
    }
    until_status(&mut health, ServingStatus::Serving, Duration::from_secs(5)).await;
    let (token, notation) = next_move(&mut c, &created).await;

    let Some(mut frozen) = freeze_database(&db.url).await else {
        skip_not_local(NAME);
        db.drop().await;
        return;
    };
    // Nobody calls: the probe alone finds the database gone.
    let to_not_serving = until_status(
        &mut health,
        ServingStatus::NotServing,
        STATEMENT * 3 + Duration::from_secs(2),
    )
    .await;
    let liveness = status(&mut health, "").await;
    // No client deadline: the server's own bound answers.
    let sent_at = Instant::now();
    let refused = apply_notation(&mut c, &id, Some(&token), &notation, None).await;
    let to_unavailable = sent_at.elapsed();
    frozen.thaw();
    let to_serving =
        until_status(&mut health, ServingStatus::Serving, Duration::from_secs(15)).await;
    println!(
        "frozen -> NOT_SERVING {to_not_serving:?}; a move sent while frozen -> UNAVAILABLE {to_unavailable:?}; thawed -> SERVING {to_serving:?} (statement timeout {STATEMENT:?}, probe every {:?})",
        satrap_store::PROBE_EVERY
    );

    let err = refused.expect_err("a move answered OK by a frozen database");
    assert_eq!(err.code(), Code::Unavailable, "{err:?}");
    assert!(
        err.message().contains("did not answer"),
        "the message says why: {}",
        err.message()
    );
    assert!(
        to_unavailable >= STATEMENT && to_unavailable < STATEMENT + Duration::from_millis(1500),
        "UNAVAILABLE after {to_unavailable:?}, the bound is {STATEMENT:?}"
    );
    // A probe starts within PROBE_EVERY and gives up after STATEMENT (the
    // rest is slack for a loaded machine).
    assert!(
        to_not_serving < satrap_store::PROBE_EVERY + STATEMENT + Duration::from_secs(2),
        "NOT_SERVING only after {to_not_serving:?}"
    );
    assert_eq!(
        liveness,
        ServingStatus::Serving as i32,
        "the process stays live while its database is frozen"
    );

    // Back: moves are acknowledged again, on the game as stored, once the
    // refused append (thawed with its session) has ended.
    let (client, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls)
        .await
        .expect("connect");
    tokio::spawn(connection);
    until_no_statement_runs(&client).await;
    for _ in 0..2 {
        acknowledged.push(play(&mut c, &created).await);
    }
    let history: Vec<(u32, String)> = c
        .get_history(proto::GetHistoryRequest {
            game_id: id.clone(),
        })
        .await
        .expect("history")
        .into_inner()
        .entries
        .into_iter()
        .map(|e| (e.seat, e.notation))
        .collect();
    // The refused move may have been recorded (it was not acknowledged):
    // if so, right after the moves before the freeze.
    let mut recorded = history.clone();
    if recorded.len() == acknowledged.len() + 1 {
        let seat = recorded[3].0;
        assert_eq!(
            recorded.remove(3),
            (seat, notation.clone()),
            "the one entry nobody was told of is the refused move"
        );
    }
    assert_eq!(recorded, acknowledged, "every acknowledged move, in order");
    // The server's copy is the stored game.
    let version: i64 = client
        .query_one("SELECT version FROM games WHERE id = $1", &[&id])
        .await
        .expect("stored version")
        .get(0);
    assert_eq!(version as usize, history.len());
    assert_eq!(
        snapshot(&mut c, &id, None).await.version as usize,
        history.len()
    );
    drop(client);
    server.shutdown().await;
    db.drop().await;
}

/// A move whose append waits on a row another session holds locked (the
/// database answers everything else) answers UNAVAILABLE within the
/// statement deadline; once the lock goes, the server's copy of the game
/// is the stored one whatever became of the refused append, and moves are
/// acknowledged again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_stuck_on_a_locked_row_is_unavailable_and_the_cache_follows_the_store() {
    const NAME: &str =
        "an_append_stuck_on_a_locked_row_is_unavailable_and_the_cache_follows_the_store";
    let Some(admin) = postgres_url(NAME) else {
        return;
    };
    let db = TestDatabase::create(&admin, "locked").await;
    let mut config = Config::in_memory();
    config.database = db.url.clone();
    config.db_statement_timeout = STATEMENT;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let created = create_retrying(&mut c, 12).await;
    let id = created.game_id.clone();
    let mut acknowledged = vec![play(&mut c, &created).await, play(&mut c, &created).await];
    let (token, notation) = next_move(&mut c, &created).await;

    let (mut locker, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls)
        .await
        .expect("connect");
    tokio::spawn(connection);
    let lock = locker.transaction().await.expect("BEGIN");
    lock.query_one("SELECT version FROM games WHERE id = $1 FOR UPDATE", &[&id])
        .await
        .expect("lock the game's row");
    let sent_at = Instant::now();
    let refused = apply_notation(&mut c, &id, Some(&token), &notation, None).await;
    let took = sent_at.elapsed();
    lock.commit().await.expect("COMMIT");
    // The refused append may still be waiting for the row (PostgreSQL's
    // own statement timeout started a moment after the server's bound):
    // let it end before the next move reads the game, or that move would
    // race it.
    until_no_statement_runs(&locker).await;
    let err = refused.expect_err("acknowledged while the row was locked");
    assert_eq!(err.code(), Code::Unavailable, "{err:?}");
    assert!(
        took < STATEMENT + Duration::from_millis(1500),
        "UNAVAILABLE after {took:?}, the bound is {STATEMENT:?}"
    );

    acknowledged.push(play(&mut c, &created).await);
    let history: Vec<(u32, String)> = c
        .get_history(proto::GetHistoryRequest {
            game_id: id.clone(),
        })
        .await
        .expect("history")
        .into_inner()
        .entries
        .into_iter()
        .map(|e| (e.seat, e.notation))
        .collect();
    let mut recorded = history.clone();
    if recorded.len() == acknowledged.len() + 1 {
        let seat = recorded[2].0;
        assert_eq!(recorded.remove(2), (seat, notation.clone()));
    }
    assert_eq!(recorded, acknowledged, "every acknowledged move, in order");
    let version: i64 = locker
        .query_one("SELECT version FROM games WHERE id = $1", &[&id])
        .await
        .expect("stored version")
        .get(0);
    assert_eq!(version as usize, history.len());
    assert_eq!(
        snapshot(&mut c, &id, None).await.version as usize,
        history.len()
    );
    drop(locker);
    server.shutdown().await;
    db.drop().await;
}
