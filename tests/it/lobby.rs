//! Open seats and joining: a game waits until its open seats
//! are taken, invite codes work once, LeaveGame frees a seat, ListGames
//! finds games with open seats, bots fill what nobody took, clocks start
//! with the game, and two joins racing for the last seat never both win.

use crate::common;

use std::time::Duration;

use common::lobby::{clock_of, join, open_seat, per_move};
use common::{Client, TestServer, authed, legal, seats, snapshot, wait_for};
use satrap_server::proto;
use tonic::Code;

const KS: &str = "king_of_siam";

async fn create_open(
    c: &mut Client,
    seats: Vec<proto::SeatRequest>,
    invite_codes: bool,
    bot_fill: Option<proto::BotFill>,
    clock: Option<proto::TimeControl>,
) -> proto::CreateGameResponse {
    c.create_game(proto::CreateGameRequest {
        game_type: KS.into(),
        seats,
        seed: Some(1),
        invite_codes,
        bot_fill,
        time_control: clock,
        ..Default::default()
    })
    .await
    .expect("create")
    .into_inner()
}

async fn open_games(c: &mut Client) -> Vec<String> {
    c.list_games(proto::ListGamesRequest {
        open_seats: true,
        page_size: 100,
        ..Default::default()
    })
    .await
    .expect("list")
    .into_inner()
    .games
    .into_iter()
    .map(|g| g.game_id)
    .collect()
}

#[tokio::test]
async fn open_seats_wait_for_joins_and_invite_codes_work_once() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_open(
        &mut c,
        vec![open_seat(), open_seat()],
        true,
        None,
        Some(per_move(60_000)),
    )
    .await;
    let id = created.game_id.clone();
    assert!(created.seats.iter().all(|s| s.open && s.token.is_empty()));
    let codes: Vec<String> = created.invites.iter().map(|i| i.code.clone()).collect();
    assert_eq!(
        created.invites.iter().map(|i| i.seat).collect::<Vec<_>>(),
        vec![0, 1]
    );
    let snap = snapshot(&mut c, &id, None).await;
    assert_eq!(snap.status, proto::GameStatus::Waiting as i32);
    assert!(snap.to_act.is_empty());
    assert!(snap.seats.iter().all(|s| s.open && s.invite_only));
    assert!(
        !clock_of(&snap, 0).running,
        "no clock runs before the start"
    );
    assert!(open_games(&mut c).await.contains(&id));

    // An invite seat needs its code, and a code works once.
    let err = join(&mut c, &id, Some(0), "Eve", "")
        .await
        .expect_err("no code");
    assert_eq!(err.code(), Code::PermissionDenied);
    let err = join(&mut c, &id, Some(0), "Eve", &codes[1])
        .await
        .expect_err("other seat's code");
    assert_eq!(err.code(), Code::PermissionDenied);
    let ann = join(&mut c, &id, Some(0), "Ann", &codes[0])
        .await
        .expect("join");
    let ann_token = ann.seat.expect("seat").token;
    assert_eq!(ann.snapshot.expect("snapshot").viewer, Some(0));
    let err = join(&mut c, &id, None, "Eve", &codes[0])
        .await
        .expect_err("used code");
    assert!(
        matches!(
            err.code(),
            Code::FailedPrecondition | Code::PermissionDenied
        ),
        "{err:?}"
    );
    // Waiting: nobody can act yet.
    assert!(legal(&mut c, &id, &ann_token).await.actions.is_empty());

    // LeaveGame frees the seat (for anyone now: its code was used).
    c.leave_game(authed(
        proto::LeaveGameRequest {
            game_id: id.clone(),
        },
        Some(&ann_token),
    ))
    .await
    .expect("leave");
    let err = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            Some(&ann_token),
        ))
        .await
        .expect_err("the left seat's token is gone");
    assert_eq!(err.code(), Code::Unauthenticated);
    let bob = join(&mut c, &id, None, "Bob", "")
        .await
        .expect("join the freed seat");
    assert_eq!(bob.seat.as_ref().expect("seat").seat, 0);

    // The last seat, with its code, starts the game and its clocks.
    let before = satrap_store::now_ms();
    let cy = join(&mut c, &id, None, "Cy", &codes[1])
        .await
        .expect("join");
    assert_eq!(cy.seat.as_ref().expect("seat").seat, 1);
    let snap = snapshot(&mut c, &id, None).await;
    assert_eq!(snap.status, proto::GameStatus::InProgress as i32);
    assert_eq!(snap.to_act.len(), 1);
    assert_eq!(snap.seats[0].name, "Bob");
    let clock = clock_of(&snap, snap.to_act[0] as usize);
    assert!(clock.running && clock.deadline_ms >= before + 60_000);
    assert!(!open_games(&mut c).await.contains(&id));
    // Joining or leaving a started game is refused.
    let err = join(&mut c, &id, None, "Dee", "")
        .await
        .expect_err("started");
    assert_eq!(err.code(), Code::FailedPrecondition);
    let bob_token = bob.seat.expect("seat").token;
    let err = c
        .leave_game(authed(
            proto::LeaveGameRequest {
                game_id: id.clone(),
            },
            Some(&bob_token),
        ))
        .await
        .expect_err("started");
    assert_eq!(err.code(), Code::FailedPrecondition);
    let first_token = if snap.to_act[0] == 0 {
        bob_token
    } else {
        cy.seat.expect("seat").token
    };
    assert!(!legal(&mut c, &id, &first_token).await.actions.is_empty());
}

#[tokio::test]
async fn two_joins_for_the_last_seat_exactly_one_wins() {
    let server = TestServer::start().await;
    for round in 0..10 {
        let mut c = server.client().await;
        let mut with_open = seats(2);
        with_open[1] = open_seat();
        let created = create_open(&mut c, with_open, false, None, None).await;
        let id = created.game_id.clone();
        let (mut c1, mut c2) = (server.client().await, server.client().await);
        let (x, y) = tokio::join!(
            join(&mut c1, &id, None, "X", ""),
            join(&mut c2, &id, None, "Y", "")
        );
        let wins = [&x, &y].iter().filter(|r| r.is_ok()).count();
        assert_eq!(wins, 1, "round {round}: {x:?} {y:?}");
        let loser = if x.is_ok() { y } else { x };
        assert_eq!(loser.expect_err("loser").code(), Code::FailedPrecondition);
        let snap = snapshot(&mut c, &id, None).await;
        assert_eq!(snap.status, proto::GameStatus::InProgress as i32);
    }
}

#[tokio::test]
async fn bots_fill_the_open_seats_after_the_wait() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut with_open = seats(2);
    with_open[0] = open_seat();
    let created = create_open(
        &mut c,
        with_open,
        false,
        Some(proto::BotFill {
            after_ms: 200,
            bot: "random".into(),
        }),
        None,
    )
    .await;
    let id = created.game_id.clone();
    assert_eq!(
        snapshot(&mut c, &id, None).await.status,
        proto::GameStatus::Waiting as i32
    );
    let mut started = None;
    for _ in 0..200 {
        let snap = snapshot(&mut c, &id, None).await;
        if snap.status != proto::GameStatus::Waiting as i32 {
            started = Some(snap);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let snap = started.expect("filled within 4 s");
    assert_eq!(snap.seats[0].bot, "random");
    assert!(!snap.seats[0].open);
    // The game runs: the client's seat 1 gets its turn (after the bot's
    // first move if the bot begins).
    let snap = wait_for(&mut c, &id, None, |s| s.to_act.contains(&1)).await;
    assert_eq!(snap.status, proto::GameStatus::InProgress as i32);
}

#[tokio::test]
async fn bad_lobby_requests_are_refused() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let named_open = proto::SeatRequest {
        name: "Ann".into(),
        open: true,
        ..Default::default()
    };
    for (seats, invite_codes, fill) in [
        (vec![named_open, open_seat()], false, None),
        (seats(2), true, None),
        (
            seats(2),
            false,
            Some(proto::BotFill {
                after_ms: 10,
                bot: String::new(),
            }),
        ),
        (
            vec![open_seat(), open_seat()],
            false,
            Some(proto::BotFill {
                after_ms: 10,
                bot: "nobody".into(),
            }),
        ),
    ] {
        let err = c
            .create_game(proto::CreateGameRequest {
                game_type: KS.into(),
                seats,
                invite_codes,
                bot_fill: fill,
                ..Default::default()
            })
            .await
            .expect_err("refused");
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    }
    let created = create_open(&mut c, vec![open_seat(), open_seat()], false, None, None).await;
    let err = join(&mut c, &created.game_id, Some(7), "X", "")
        .await
        .expect_err("no seat 7");
    assert_eq!(err.code(), Code::InvalidArgument);
    let err = join(&mut c, "no-such-game", None, "X", "")
        .await
        .expect_err("unknown");
    assert_eq!(err.code(), Code::NotFound);
    let err = c
        .leave_game(proto::LeaveGameRequest {
            game_id: created.game_id.clone(),
        })
        .await
        .expect_err("spectator");
    assert_eq!(err.code(), Code::PermissionDenied);
}

/// The lobby part of the store contract on PostgreSQL, and the race for
/// the last seat between two replicas' connections.
#[tokio::test]
async fn postgres_store_meets_the_lobby_contract() {
    use common::external::{TestDatabase, postgres_url};
    use satrap_store::{PostgresStore, contract};
    let Some(admin) = postgres_url("postgres_store_meets_the_lobby_contract") else {
        return;
    };
    let db = TestDatabase::create(&admin, "lobbycontract").await;
    {
        let a = PostgresStore::connect(&db.url, 100).await.expect("connect");
        let b = PostgresStore::connect(&db.url, 100).await.expect("connect");
        contract::check_lobby(&a, "p")
            .await
            .expect("lobby contract");
        contract::check_join_race(&a, &b, "p")
            .await
            .expect("join race");
    }
    db.drop().await;
}

/// A watcher of a waiting game hears of every seat change and of the start
/// without polling: the current version again with its cause, no events;
/// full snapshots and deltas alike.
#[tokio::test]
async fn a_watcher_of_a_waiting_game_sees_seats_change_and_the_start() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for mode in [proto::UpdateMode::Full, proto::UpdateMode::Delta] {
        let created = create_open(&mut c, vec![open_seat(), open_seat()], false, None, None).await;
        let id = created.game_id.clone();
        let mut watcher = c.clone();
        let mut stream = watcher
            .watch_game(proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                mode: mode as i32,
                ..Default::default()
            })
            .await
            .expect("watch")
            .into_inner();
        let first = stream.message().await.expect("update").expect("version 0");
        assert_eq!(first.version, 0);
        let mut held = first.snapshot.expect("the first update is whole");
        // What the watcher holds after `update` (a snapshot or a delta).
        let mut next = async |stream: &mut tonic::Streaming<proto::GameUpdate>| {
            let update = tokio::time::timeout(Duration::from_secs(5), stream.message())
                .await
                .expect("an update without polling")
                .expect("update")
                .expect("open");
            assert_eq!((update.version, update.events.len()), (0, 0), "{mode:?}");
            held = match (&update.snapshot, &update.delta) {
                (Some(s), None) => s.clone(),
                (None, Some(d)) => satrap_server::delta::apply(&held, d).expect("delta applies"),
                other => panic!("{mode:?}: neither snapshot nor delta: {other:?}"),
            };
            (update.cause, held.clone())
        };
        // Seat 0 joins and leaves again; then both join and it starts.
        let token = join(&mut c, &id, Some(0), "Ann", "")
            .await
            .expect("join")
            .seat
            .expect("seat")
            .token;
        let (cause, snap) = next(&mut stream).await;
        assert_eq!(cause, proto::UpdateCause::Seats as i32);
        assert_eq!(snap.seats[0].name, "Ann");
        assert_eq!(snap.status, proto::GameStatus::Waiting as i32);
        c.leave_game(authed(
            proto::LeaveGameRequest {
                game_id: id.clone(),
            },
            Some(&token),
        ))
        .await
        .expect("leave");
        let (cause, snap) = next(&mut stream).await;
        assert_eq!(cause, proto::UpdateCause::Seats as i32);
        assert!(snap.seats[0].open);
        join(&mut c, &id, Some(0), "Ann", "").await.expect("join");
        assert_eq!(next(&mut stream).await.0, proto::UpdateCause::Seats as i32);
        join(&mut c, &id, Some(1), "Bo", "").await.expect("join");
        let (cause, snap) = next(&mut stream).await;
        assert_eq!(cause, proto::UpdateCause::Started as i32, "{mode:?}");
        assert_eq!(snap.status, proto::GameStatus::InProgress as i32);
        assert!(!snap.to_act.is_empty(), "the start names who acts");
        let mut now = snapshot(&mut c, &id, None).await;
        if mode == proto::UpdateMode::Delta {
            now.text.clear(); // deltas carry no text unless asked
        }
        assert_eq!(snap, now, "{mode:?}: as GetGame says");
    }
}
