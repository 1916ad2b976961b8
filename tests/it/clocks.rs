//! Turn clocks through the real server, with millisecond clocks:
//! each timeout policy, clocks of simultaneous seats, Fischer increments, a
//! restart that finds a clock overdue, and two PostgreSQL replicas racing a
//! timeout against a move (never recorded twice, never after the move).

use crate::common;

use std::time::Duration;

use common::external::{TestDatabase, postgres_url};
use common::lobby::{act_now, clock_of, create_timed, fischer, history, per_move, timeouts};
use common::{Client, Lcg, TestServer, apply_notation, create, legal, seats, snapshot, wait_for};
use satrap_server::Config;
use satrap_server::proto::{self, TimeoutPolicy};
use tonic::Code;

const KS: &str = "king_of_siam";
const MD: &str = "ming_dynasty";

/// Wait until the history has at least `n` timeouts.
async fn wait_timeouts(c: &mut Client, id: &str, n: usize) -> proto::GetHistoryResponse {
    for _ in 0..400 {
        let h = history(c, id).await;
        if timeouts(&h).len() >= n {
            return h;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no timeout recorded within 10 s");
}

#[tokio::test]
async fn bot_moves_policy_plays_the_overdue_move_and_the_seat_keeps_its_token() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        3,
        per_move(300),
        TimeoutPolicy::BotMoves,
    )
    .await;
    let id = created.game_id.clone();
    let tok = |s: usize| created.seats[s].token.clone();
    let start = as_created(&created);
    assert_eq!(start.to_act.len(), 1);
    // The seat that begins (the deal decides) and the other one.
    let (first, other) = (start.to_act[0], 1 - start.to_act[0]);
    let clock = clock_of(start, first as usize);
    assert!(clock.running && clock.deadline_ms > 0 && clock.remaining_ms <= 300);
    assert!(!clock_of(start, other as usize).running);

    // Seat 0 does nothing: the bot plays its move at the deadline, and the
    // watch stream shows the timeout event with it.
    let mut watch = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 1,
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    let update = tokio::time::timeout(Duration::from_secs(10), watch.message())
        .await
        .expect("a timeout within 10 s")
        .expect("stream")
        .expect("update");
    assert_eq!(update.version, 1);
    assert!(update.events.iter().any(|e| matches!(
        &e.event,
        Some(proto::game_event::Event::TimedOut(t))
            if t.seat == first && t.policy == TimeoutPolicy::BotMoves as i32
    )));
    let h = history(&mut c, &id).await;
    let entry = &h.entries[0];
    assert_eq!(entry.timeout, TimeoutPolicy::BotMoves as i32);
    assert!(
        !entry.notation.is_empty(),
        "the bot's move is in the history"
    );
    assert!(
        entry.at_ms >= clock.deadline_ms,
        "recorded at or after the deadline"
    );
    // The seat keeps its token: it is still a client seat and plays again.
    let snap = snapshot(&mut c, &id, None).await;
    let seat_info = &snap.seats[first as usize];
    assert!(seat_info.bot.is_empty() && !seat_info.resigned);
    let mut moved = false;
    for _ in 0..20 {
        let snap = snapshot(&mut c, &id, None).await;
        let Some(&seat) = snap.to_act.first() else {
            break;
        };
        let r = act_now(&mut c, &id, &tok(seat as usize)).await;
        if seat == first && r.is_ok() {
            moved = true;
            break;
        }
    }
    assert!(moved, "the timed-out seat played again with its own token");
}

#[tokio::test]
async fn bot_takes_seat_policy_gives_the_seat_to_the_bot_for_good() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        4,
        per_move(200),
        TimeoutPolicy::BotTakesSeat,
    )
    .await;
    let id = created.game_id.clone();
    let first = as_created(&created).to_act[0];
    let h = wait_timeouts(&mut c, &id, 1).await;
    assert_eq!(
        timeouts(&h)[0],
        (1, first, TimeoutPolicy::BotTakesSeat as i32)
    );
    let snap = snapshot(&mut c, &id, None).await;
    assert_eq!(snap.seats[first as usize].bot, "random");
    assert!(snap.seats[first as usize].resigned);
    // Its token can no longer act. The bot now plays the seat on its own
    // time, and a bot move between our list and our move is ABORTED (the
    // version moved on, the resume contract): then we list again.
    let mut err = None;
    for _ in 0..50 {
        let refused = act_now(&mut c, &id, &created.seats[first as usize].token)
            .await
            .expect_err("a bot's seat");
        if refused.code() != Code::Aborted {
            err = Some(refused);
            break;
        }
    }
    let err = err.expect("a refusal other than a moved-on version");
    assert!(
        matches!(
            err.code(),
            Code::PermissionDenied | Code::FailedPrecondition
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn forfeit_policy_ends_the_game_and_the_others_win() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let seed = 5;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        seed,
        per_move(150),
        TimeoutPolicy::Forfeit,
    )
    .await;
    let id = created.game_id.clone();
    let first = as_created(&created).to_act[0];
    let token = created.seats[first as usize].token.clone();
    let move_in_time = first_legal_move(&mut c, seed, first).await;
    let end = wait_for(&mut c, &id, None, |_| false).await;
    let outcome = end.outcome.expect("outcome");
    assert_eq!(outcome.ending, "timeout");
    assert_eq!(outcome.winners, vec![1 - first]);
    assert!(end.to_act.is_empty());
    let h = history(&mut c, &id).await;
    assert_eq!(
        timeouts(&h),
        vec![(1, first, TimeoutPolicy::Forfeit as i32)]
    );
    assert!(h.entries[0].notation.is_empty());
    let err = apply_notation(&mut c, &id, Some(&token), &move_in_time, None)
        .await
        .expect_err("game over");
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
}

#[tokio::test]
async fn a_move_after_the_deadline_is_refused_and_the_timeout_recorded() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let seed = 6;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        seed,
        per_move(100),
        TimeoutPolicy::Forfeit,
    )
    .await;
    let id = created.game_id.clone();
    let start = as_created(&created);
    let first = start.to_act[0];
    let token = created.seats[first as usize].token.clone();
    let move_in_time = first_legal_move(&mut c, seed, first).await;
    let deadline = clock_of(start, first as usize).deadline_ms;
    let wait = (deadline + 50).saturating_sub(satrap_store::now_ms());
    tokio::time::sleep(Duration::from_millis(wait)).await;
    let err = apply_notation(&mut c, &id, Some(&token), &move_in_time, None)
        .await
        .expect_err("too late");
    assert_eq!(err.code(), Code::FailedPrecondition, "{err:?}");
    let h = history(&mut c, &id).await;
    assert_eq!(
        timeouts(&h),
        vec![(1, first, TimeoutPolicy::Forfeit as i32)]
    );
}

#[tokio::test]
async fn fischer_adds_the_increment_to_the_seat_that_moved() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        7,
        fischer(5_000, 2_000),
        TimeoutPolicy::Forfeit,
    )
    .await;
    let id = created.game_id.clone();
    let first = snapshot(&mut c, &id, None).await.to_act[0] as usize;
    let other = 1 - first;
    let moved = act_now(&mut c, &id, &created.seats[first].token)
        .await
        .expect("move");
    let snap = moved.snapshot.expect("snapshot");
    let mine = clock_of(&snap, first);
    // 5 s, less the moment it took, plus 2 s.
    assert!(
        mine.remaining_ms > 5_000 && mine.remaining_ms <= 7_000,
        "{mine:?}"
    );
    if snap.to_act == vec![other as u32] {
        assert!(!mine.running);
        let theirs = clock_of(&snap, other);
        assert!(theirs.running && theirs.remaining_ms <= 5_000);
        assert_eq!(
            theirs.deadline_ms,
            snap.clocks.as_ref().expect("clocks").as_of_ms + theirs.remaining_ms
        );
    }
}

/// Ming Dynasty's secret return choices: several seats are to act at once
/// and their clocks run together; one answering does not restart the
/// others'.
#[tokio::test]
async fn clocks_of_simultaneous_seats_run_together() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_timed(
        &mut c,
        MD,
        seats(3),
        2,
        per_move(120_000),
        TimeoutPolicy::BotMoves,
    )
    .await;
    let id = created.game_id.clone();
    let tok = |s: usize| created.seats[s].token.clone();
    let mut rng = Lcg(2);
    for _ in 0..5_000 {
        let snap = snapshot(&mut c, &id, None).await;
        assert_ne!(
            snap.status,
            proto::GameStatus::Finished as i32,
            "no simultaneous turn"
        );
        if snap.to_act.len() >= 2 {
            let deadlines: Vec<u64> = snap
                .to_act
                .iter()
                .map(|&s| {
                    let clock = clock_of(&snap, s as usize);
                    assert!(clock.running, "seat {s} to act has a running clock");
                    clock.deadline_ms
                })
                .collect();
            for s in 0..3u32 {
                assert_eq!(
                    clock_of(&snap, s as usize).running,
                    snap.to_act.contains(&s)
                );
            }
            let first = snap.to_act[0] as usize;
            act_now(&mut c, &id, &tok(first)).await.expect("answer");
            let after = snapshot(&mut c, &id, None).await;
            for (i, &s) in snap.to_act.iter().enumerate().skip(1) {
                if after.to_act.contains(&s) {
                    let clock = clock_of(&after, s as usize);
                    assert!(clock.running);
                    assert_eq!(clock.deadline_ms, deadlines[i], "seat {s}'s run goes on");
                }
            }
            return;
        }
        let seat = snap.to_act[0] as usize;
        let list = legal(&mut c, &id, &tok(seat)).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        apply_notation(&mut c, &id, Some(&tok(seat)), &pick, Some(list.version))
            .await
            .expect("legal move");
    }
    panic!("no simultaneous turn in 5000 moves");
}

/// The game as created, version 0. Timed tests read the first seat and its
/// deadline here, not from a snapshot asked for afterwards: on a slow
/// machine that call may come after the first timeout.
fn as_created(created: &proto::CreateGameResponse) -> &proto::GameSnapshot {
    let start = created.snapshot.as_ref().expect("the created game");
    assert_eq!(start.version, 0);
    start
}

/// A legal first move of `seat`, read from an untimed game with the same
/// seed (the same deal), so that no clock can run out while it is listed.
async fn first_legal_move(c: &mut Client, seed: u64, seat: u32) -> String {
    let twin = create(c, KS, seats(2), Some(seed)).await;
    assert_eq!(as_created(&twin).to_act, vec![seat], "the same deal");
    let token = &twin.seats[seat as usize].token;
    legal(c, &twin.game_id, token).await.actions[0]
        .notation
        .clone()
}

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-clocks-{name}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("satrap.db")
}

/// A clock that ran out while the server was down is enforced when it
/// starts again, without any request naming the game.
#[tokio::test]
async fn a_restart_enforces_an_overdue_clock_at_once() {
    let path = temp_db("restart");
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", path.display());
    let server = TestServer::start_with(config.clone()).await;
    let mut c = server.client().await;
    let created = create_timed(
        &mut c,
        KS,
        seats(2),
        8,
        per_move(1_000),
        TimeoutPolicy::Forfeit,
    )
    .await;
    let id = created.game_id.clone();
    let start = as_created(&created);
    let first = start.to_act[0];
    let deadline = clock_of(start, first as usize).deadline_ms;
    drop(c);
    server.shutdown().await;
    // Down past the deadline.
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    let restarted_at = satrap_store::now_ms();
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    // ListGames does not load the game: only start-up resumption can
    // record the timeout.
    let mut finished = None;
    for _ in 0..200 {
        let list = c
            .list_games(proto::ListGamesRequest::default())
            .await
            .expect("list")
            .into_inner();
        let game = list.games.iter().find(|g| g.game_id == id).expect("listed");
        if game.status == proto::GameStatus::Finished as i32 {
            finished = Some(satrap_store::now_ms());
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let finished = finished.expect("the overdue timeout was enforced after the restart");
    let h = history(&mut c, &id).await;
    assert_eq!(
        timeouts(&h),
        vec![(1, first, TimeoutPolicy::Forfeit as i32)]
    );
    let at = h.entries[0].at_ms;
    assert!(
        at >= deadline && at >= restarted_at && at <= finished,
        "{at}"
    );
    server.shutdown().await;
}

/// Recompute every deadline from the history and check that each timeout
/// was due when recorded and each move came in time. A timeout recorded
/// twice would be recorded before its seat's new deadline, and a timeout
/// after the move would follow a move of that seat.
fn check_history_against_clocks(h: &proto::GetHistoryResponse, per_move_ms: u64, started: u64) {
    // Per-move clocks of a game where one seat acts at a time: each run
    // starts at the previous entry (a new turn, or the same seat's next
    // step), the first at the start.
    let mut run_start = started;
    for e in &h.entries {
        let deadline = run_start + per_move_ms;
        if e.timeout != 0 {
            assert!(
                e.at_ms >= deadline,
                "version {}: timeout at {} before the deadline {deadline}",
                e.version,
                e.at_ms
            );
        } else {
            assert!(
                e.at_ms <= deadline,
                "version {}: move at {} after the deadline {deadline}",
                e.version,
                e.at_ms
            );
        }
        run_start = e.at_ms;
    }
}

/// Two replicas on one PostgreSQL database both enforce the clock of a
/// game; seat 0's client plays on replica A around its deadlines. Every
/// timeout is recorded once and never after the move it replaced.
#[tokio::test]
async fn postgres_replicas_record_each_timeout_once_and_never_after_the_move() {
    let Some(admin) =
        postgres_url("postgres_replicas_record_each_timeout_once_and_never_after_the_move")
    else {
        return;
    };
    let db = TestDatabase::create(&admin, "lobbyclocks").await;
    let replica = |url: String| async move {
        let mut config = Config::in_memory();
        config.database = url;
        TestServer::start_with(config).await
    };
    let a = replica(db.url.clone()).await;
    let b = replica(db.url.clone()).await;
    let (mut ca, mut cb) = (a.client().await, b.client().await);
    const PER_MOVE: u64 = 150;
    let created = create_timed(
        &mut ca,
        KS,
        seats(2),
        11,
        per_move(PER_MOVE),
        TimeoutPolicy::BotMoves,
    )
    .await;
    let id = created.game_id.clone();
    let start = as_created(&created);
    let started_at = clock_of(start, start.to_act[0] as usize).deadline_ms - PER_MOVE;
    // B caches the game too, so both run its clock.
    snapshot(&mut cb, &id, None).await;
    let mut rng = Lcg(5);
    let (mut moves_ok, mut late) = (0, 0);
    for round in 0..24 {
        let snap = snapshot(&mut ca, &id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        let Some(&seat) = snap.to_act.first() else {
            continue;
        };
        let clock = clock_of(&snap, seat as usize);
        let token = created.seats[seat as usize].token.clone();
        let list = legal(&mut ca, &id, &token).await;
        if list.version != snap.version || list.actions.is_empty() {
            continue;
        }
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        // Aim around the deadline: from 40 ms early to 40 ms late.
        let aim = clock.deadline_ms as i64 - 40 + (round % 9) * 10;
        let wait = aim - satrap_store::now_ms() as i64;
        if wait > 0 {
            tokio::time::sleep(Duration::from_millis(wait as u64)).await;
        }
        let client = if round % 2 == 0 { &mut ca } else { &mut cb };
        match apply_notation(client, &id, Some(&token), &pick, None).await {
            Ok(_) => moves_ok += 1,
            Err(e) if e.code() == Code::FailedPrecondition || e.code() == Code::Aborted => {
                late += 1
            }
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    // Let the clocks run out a few more times with nobody moving.
    tokio::time::sleep(Duration::from_millis(PER_MOVE * 4)).await;
    let h = history(&mut cb, &id).await;
    // The clock keeps recording timeouts (every 150 ms) while the game
    // lasts, so A, asked a moment after B, may be one version further:
    // the replicas agree on every version both have.
    let on_a = history(&mut ca, &id).await.entries;
    assert!(on_a.len() >= h.entries.len(), "A is not behind B");
    assert_eq!(on_a[..h.entries.len()], h.entries[..], "replicas agree");
    check_history_against_clocks(&h, PER_MOVE, started_at);
    eprintln!(
        "{} entries: {moves_ok} moves in time, {late} refused as late, {} timeouts",
        h.entries.len(),
        timeouts(&h).len()
    );
    assert!(!timeouts(&h).is_empty(), "some timeouts were recorded");
    assert!(moves_ok > 0, "some moves came in time ({late} late)");
    drop((ca, cb));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}
