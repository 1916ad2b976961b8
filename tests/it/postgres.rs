//! Scale-out on PostgreSQL: the store contract, and two satrap replicas on
//! one database that play one game alternately, agree move by move, see each
//! other's moves on watch streams, never both accept one move, and never
//! both play one bot move.
//!
//! Needs `SATRAP_TEST_POSTGRES_URL` (a role with CREATEDB; each test makes
//! and drops a database of its own); skipped by name without it, unless
//! `SATRAP_REQUIRE_EXTERNAL=1`.

use crate::common;

use common::external::{TestDatabase, postgres_url};
use common::{Client, Lcg, TestServer, apply_notation, authed, create, legal, seats, snapshot};
use satrap_server::Config;
use satrap_server::proto;
use satrap_store::{GameLog, PostgresStore, StoreError, contract};
use tokio_stream::StreamExt;
use tonic::Code;

const KS: &str = "king_of_siam";

async fn replica(url: &str) -> TestServer {
    let mut config = Config::in_memory();
    config.database = url.to_owned();
    TestServer::start_with(config).await
}

/// Every version a watcher of `id` receives, until the stream ends.
fn watch_all(mut c: Client, id: String) -> tokio::task::JoinHandle<Vec<u64>> {
    tokio::spawn(async move {
        let mut stream = c
            .watch_game(proto::WatchGameRequest {
                game_id: id,
                from_version: 0,
                ..Default::default()
            })
            .await
            .expect("watch")
            .into_inner();
        let mut versions = Vec::new();
        while let Some(update) = stream.next().await {
            versions.push(update.expect("update").version);
        }
        versions
    })
}

async fn history(c: &mut Client, id: &str) -> Vec<(u32, String)> {
    c.get_history(proto::GetHistoryRequest { game_id: id.into() })
        .await
        .expect("history")
        .into_inner()
        .entries
        .into_iter()
        .map(|e| (e.seat, e.notation))
        .collect()
}

#[tokio::test]
async fn postgres_store_meets_the_store_contract() {
    let Some(admin) = postgres_url("postgres_store_meets_the_store_contract") else {
        return;
    };
    let db = TestDatabase::create(&admin, "contract").await;
    {
        let store = PostgresStore::connect(&db.url, 10).await.expect("connect");
        contract::check_store(&store, "p").await.expect("contract");
        // Connecting again runs no migration twice.
        let again = PostgresStore::connect(&db.url, 3).await.expect("reconnect");
        contract::check_limit(&again, "lim", 3)
            .await
            .expect("limit");
        let roomy = PostgresStore::connect(&db.url, 100).await.expect("connect");
        contract::check_leases(&roomy, "lease")
            .await
            .expect("leases");
        contract::check_tournaments(&roomy, "pt")
            .await
            .expect("tournaments");
    }
    db.drop().await;
}

#[tokio::test]
async fn replicas_creating_at_once_never_exceed_max_games() {
    let Some(admin) = postgres_url("replicas_creating_at_once_never_exceed_max_games") else {
        return;
    };
    let db = TestDatabase::create(&admin, "limit").await;
    {
        const MAX: usize = 6;
        let a = std::sync::Arc::new(PostgresStore::connect(&db.url, MAX).await.expect("a"));
        let b = std::sync::Arc::new(PostgresStore::connect(&db.url, MAX).await.expect("b"));
        let mut tasks = Vec::new();
        for i in 0..24 {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            tasks.push(tokio::spawn(async move {
                let record = contract::record(&format!("race-{i}"), "t", i);
                store.create(&record).await
            }));
        }
        let mut created = 0;
        for t in tasks {
            match t.await.expect("task") {
                Ok(()) => created += 1,
                Err(e) => assert_eq!(e, StoreError::Full(MAX)),
            }
        }
        assert_eq!(created, MAX, "exactly --max-games games were created");
    }
    db.drop().await;
}

#[tokio::test]
async fn upgrading_a_schema_1_database_counts_its_games() {
    let Some(admin) = postgres_url("upgrading_a_schema_1_database_counts_its_games") else {
        return;
    };
    let db = TestDatabase::create(&admin, "upgrade").await;
    {
        let store = PostgresStore::connect(&db.url, 10).await.expect("connect");
        for i in 0..2 {
            let record = contract::record(&format!("old-{i}"), "t", i);
            store.create(&record).await.expect("create");
        }
    }
    // Back to schema 1, as a database written by the first release.
    // (Later migrations are undone too, so that all of them run again.)
    db.execute(
        "DROP TABLE satrap_counts;
         DROP INDEX games_by_owner;
         ALTER TABLE games DROP COLUMN private, DROP COLUMN spectator_hash, DROP COLUMN owner;
         DELETE FROM satrap_migrations WHERE version >= 2",
    )
    .await;
    let store = PostgresStore::connect(&db.url, 3).await.expect("upgrade");
    store
        .create(&contract::record("new-0", "t", 9))
        .await
        .expect("the third game fits under a limit of 3");
    assert_eq!(
        store.create(&contract::record("new-1", "t", 10)).await,
        Err(StoreError::Full(3)),
        "the migration counted the two games already there"
    );
    drop(store);
    db.drop().await;
}

#[tokio::test]
async fn two_replicas_play_one_game_alternately_and_agree() {
    let Some(admin) = postgres_url("two_replicas_play_one_game_alternately_and_agree") else {
        return;
    };
    let db = TestDatabase::create(&admin, "alternate").await;
    let (a, b) = (replica(&db.url).await, replica(&db.url).await);
    let mut ca = a.client().await;
    let mut cb = b.client().await;
    let created = create(&mut ca, KS, seats(3), Some(31)).await;
    let id = created.game_id.clone();
    let watch_a = watch_all(a.client().await, id.clone());
    let watch_b = watch_all(b.client().await, id.clone());

    let mut rng = Lcg(8);
    let mut moves = 0u64;
    loop {
        // Alternate replicas move by move.
        let (mover, other) = if moves % 2 == 0 {
            (&mut ca, &mut cb)
        } else {
            (&mut cb, &mut ca)
        };
        let snap = snapshot(mover, &id, None).await;
        assert_eq!(snap.version, moves, "the mover's replica is current");
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        let seat = snap.to_act[0] as usize;
        let token = &created.seats[seat].token;
        let list = legal(mover, &id, token).await;
        let pick = &list.actions[rng.below(list.actions.len())].notation;
        apply_notation(mover, &id, Some(token), pick, Some(moves))
            .await
            .expect("move accepted");
        moves += 1;
        // Both replicas agree on the new state, for a spectator and the seat.
        for viewer in [None, Some(token.as_str())] {
            let on_mover = snapshot(mover, &id, viewer).await;
            let on_other = snapshot(other, &id, viewer).await;
            assert_eq!(on_mover, on_other, "replicas agree after move {moves}");
        }
    }
    assert!(moves > 10);
    assert_eq!(history(&mut ca, &id).await, history(&mut cb, &id).await);

    // Each replica's watcher saw every version, in order, then the end.
    let expected: Vec<u64> = (0..=moves).collect();
    let within = std::time::Duration::from_secs(20);
    let seen_a = tokio::time::timeout(within, watch_a)
        .await
        .expect("watch A ends");
    let seen_b = tokio::time::timeout(within, watch_b)
        .await
        .expect("watch B ends");
    assert_eq!(seen_a.expect("watch A"), expected);
    assert_eq!(seen_b.expect("watch B"), expected);
    drop((ca, cb));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}

#[tokio::test]
async fn racing_replicas_never_both_accept_a_move() {
    let Some(admin) = postgres_url("racing_replicas_never_both_accept_a_move") else {
        return;
    };
    let db = TestDatabase::create(&admin, "race").await;
    let (a, b) = (replica(&db.url).await, replica(&db.url).await);
    let mut ca = a.client().await;
    let mut cb = b.client().await;
    let created = create(&mut ca, KS, seats(2), Some(5)).await;
    let id = created.game_id.clone();
    let mut rng = Lcg(2);
    for round in 0..30 {
        let snap = snapshot(&mut ca, &id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        let token = created.seats[snap.to_act[0] as usize].token.clone();
        let list = legal(&mut ca, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        // Half the rounds name the version, half let the server retry.
        let expected = (round % 2 == 0).then_some(list.version);
        let (ra, rb) = tokio::join!(
            apply_notation(&mut ca, &id, Some(&token), &pick, expected),
            apply_notation(&mut cb, &id, Some(&token), &pick, expected),
        );
        let accepted = [&ra, &rb].iter().filter(|r| r.is_ok()).count();
        let after = snapshot(&mut cb, &id, None).await.version;
        assert_eq!(
            after,
            list.version + accepted as u64,
            "each acceptance is exactly one move"
        );
        if expected.is_some() {
            assert_eq!(accepted, 1, "round {round}: exactly one replica wins");
            let loser = if ra.is_err() { &ra } else { &rb };
            let code = loser.as_ref().err().map(|e| e.code());
            assert_eq!(code, Some(Code::Aborted), "round {round}: {loser:?}");
        } else {
            assert!(accepted >= 1, "round {round}: {ra:?} {rb:?}");
            for r in [&ra, &rb] {
                if let Err(e) = r {
                    // Retried on the new state and found illegal there.
                    assert_eq!(e.code(), Code::FailedPrecondition, "{e:?}");
                }
            }
        }
    }
    assert_eq!(history(&mut ca, &id).await, history(&mut cb, &id).await);
    drop((ca, cb));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}

#[tokio::test]
async fn bot_seats_move_once_across_replicas() {
    let Some(admin) = postgres_url("bot_seats_move_once_across_replicas") else {
        return;
    };
    let db = TestDatabase::create(&admin, "bots").await;
    // Both replicas play every bot turn at once (no takeover delay): the
    // version guard must record each bot move exactly once.
    let eager = || {
        let mut config = Config::in_memory();
        config.database = db.url.clone();
        config.bot_takeover_delay = std::time::Duration::ZERO;
        TestServer::start_with(config)
    };
    let (a, b) = (eager().await, eager().await);
    let mut ca = a.client().await;
    let mut cb = b.client().await;
    let mut requested = seats(3);
    requested[1].bot = "random".into();
    requested[2].bot = "random".into();
    let created = create(&mut ca, KS, requested, Some(12)).await;
    let id = created.game_id.clone();
    let token = created.seats[0].token.clone();
    let mut rng = Lcg(4);
    for turn in 0..10_000u64 {
        let (mover, other) = if turn % 2 == 0 {
            (&mut ca, &mut cb)
        } else {
            (&mut cb, &mut ca)
        };
        let snap = common::wait_for_turn(mover, &id, Some(&token), 0).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        assert_eq!(snap.to_act, vec![0]);
        let list = legal(mover, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        // While one replica plays the move and then its bot driver moves,
        // the other follows the notices and races for the same bot moves:
        // the version guard lets exactly one of them record each.
        let (applied, _) = tokio::join!(
            apply_notation(mover, &id, Some(&token), &pick, None),
            other.get_game(authed(
                proto::GetGameRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                None
            )),
        );
        applied.expect("move accepted");
    }
    let end_a = snapshot(&mut ca, &id, None).await;
    let end_b = snapshot(&mut cb, &id, None).await;
    assert!(end_a.outcome.is_some());
    assert_eq!(end_a, end_b);
    // One log, replayable from the seed, identical on both replicas: a bot
    // move recorded twice would have made it illegal or different.
    let log = history(&mut ca, &id).await;
    assert_eq!(log, history(&mut cb, &id).await);
    assert_eq!(log.len() as u64, end_a.version);
    assert!(log.iter().any(|(seat, _)| *seat != 0));
    drop((ca, cb));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}

#[tokio::test]
async fn a_resignation_on_one_replica_holds_on_the_other() {
    let Some(admin) = postgres_url("a_resignation_on_one_replica_holds_on_the_other") else {
        return;
    };
    let db = TestDatabase::create(&admin, "resign").await;
    let (a, b) = (replica(&db.url).await, replica(&db.url).await);
    let mut ca = a.client().await;
    let mut cb = b.client().await;
    let created = create(&mut ca, KS, seats(3), Some(44)).await;
    let id = created.game_id.clone();
    // Both replicas have the game cached before the resignation.
    let before = snapshot(&mut cb, &id, None).await;
    let r = before.to_act[0] as usize;
    let token = created.seats[r].token.clone();
    let list = legal(&mut ca, &id, &token).await;
    cb.resign(authed(
        proto::ResignRequest {
            game_id: id.clone(),
        },
        Some(&token),
    ))
    .await
    .expect("resign on B");
    // A sees the seat handed to the bot, and refuses the resigned token.
    let on_a = snapshot(&mut ca, &id, None).await;
    assert!(on_a.seats[r].resigned);
    assert_eq!(on_a.seats[r].bot, "random");
    // The bot now plays the seat in B's driver: both replicas agree on the
    // seats, and once the bot has moved, on the game.
    assert_eq!(on_a.seats, snapshot(&mut cb, &id, None).await.seats);
    let moved_b = common::wait_for(&mut cb, &id, None, |s| s.version > before.version).await;
    let on_a = common::wait_for(&mut ca, &id, None, |s| s.version >= moved_b.version).await;
    assert!(on_a.version >= moved_b.version);
    let err = apply_notation(&mut ca, &id, Some(&token), &list.actions[0].notation, None)
        .await
        .expect_err("resigned seat cannot act on A");
    assert!(
        matches!(
            err.code(),
            Code::PermissionDenied | Code::FailedPrecondition
        ),
        "{err:?}"
    );
    drop((ca, cb));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}

#[tokio::test]
async fn players_queued_on_two_replicas_are_matched_into_disjoint_games() {
    let Some(admin) =
        postgres_url("players_queued_on_two_replicas_are_matched_into_disjoint_games")
    else {
        return;
    };
    let db = TestDatabase::create(&admin, "matching").await;
    {
        let (a, b) = (replica(&db.url).await, replica(&db.url).await);
        // Both replicas' matchers race over one queue; 12 players, 6 games.
        crate::rated::disjoint_matches(&[&a, &b], 12).await;
    }
    db.drop().await;
}
