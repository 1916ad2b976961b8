//! Game lifecycle over gRPC: ListGames (filters, paging), Resign, retention
//! of finished and abandoned games, and the bounded live-game cache.

use crate::common;

use std::time::{Duration, Instant};

use common::{Client, Lcg, TestServer, authed, create, play_to_end, seats, snapshot};
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;

const KS: &str = "king_of_siam";

async fn list(c: &mut Client, req: proto::ListGamesRequest) -> proto::ListGamesResponse {
    c.list_games(req).await.expect("list games").into_inner()
}

fn bots(n: usize) -> Vec<proto::SeatRequest> {
    let mut s = seats(n);
    for seat in &mut s {
        seat.bot = "random".into();
    }
    s
}

#[tokio::test]
async fn list_games_filters_by_type_and_status_and_pages_newest_first() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut running = Vec::new();
    for i in 0..5 {
        running.push(create(&mut c, KS, seats(2), Some(i)).await.game_id);
        // Distinct creation times make "newest first" observable.
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    // Bots only: they play it to the end in the server's own task.
    let finished = create(&mut c, KS, bots(3), Some(9)).await.game_id;
    common::wait_for_end(&mut c, &finished).await;

    let all = list(
        &mut c,
        proto::ListGamesRequest {
            page_size: 100,
            ..Default::default()
        },
    )
    .await;
    let ids: Vec<_> = all.games.iter().map(|g| g.game_id.clone()).collect();
    let mut expected: Vec<_> = running.iter().rev().cloned().collect();
    expected.insert(0, finished.clone());
    assert_eq!(ids, expected, "newest first");
    assert!(all.next_page_token.is_empty());
    let f = &all.games[0];
    assert_eq!(f.status, proto::GameStatus::Finished as i32);
    assert!(f.version > 0);
    assert_eq!(f.seats.len(), 3);
    assert!(f.seats.iter().all(|s| s.bot == "random"));
    assert!(f.created_at_ms > 0 && f.updated_at_ms >= f.created_at_ms);

    let done = list(
        &mut c,
        proto::ListGamesRequest {
            game_type: KS.into(),
            status: proto::GameStatus::Finished as i32,
            ..Default::default()
        },
    )
    .await;
    assert_eq!(
        done.games.iter().map(|g| &g.game_id).collect::<Vec<_>>(),
        vec![&finished]
    );

    // Pages of two walk the in-progress games exactly once, in order.
    let mut token = String::new();
    let mut paged = Vec::new();
    loop {
        let page = list(
            &mut c,
            proto::ListGamesRequest {
                status: proto::GameStatus::InProgress as i32,
                page_size: 2,
                page_token: token.clone(),
                ..Default::default()
            },
        )
        .await;
        assert!(page.games.len() <= 2);
        paged.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    assert_eq!(paged, running.iter().rev().cloned().collect::<Vec<_>>());

    for bad in [
        proto::ListGamesRequest {
            game_type: "chess".into(),
            ..Default::default()
        },
        proto::ListGamesRequest {
            status: 99,
            ..Default::default()
        },
        proto::ListGamesRequest {
            page_token: "garbage".into(),
            ..Default::default()
        },
    ] {
        let err = c.list_games(bad).await.expect_err("rejected");
        assert_eq!(err.code(), Code::InvalidArgument, "{err:?}");
    }
}

#[tokio::test]
async fn a_resigned_seat_is_played_by_the_random_bot() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(3), Some(4)).await;
    let id = created.game_id.clone();
    let token = |s: usize| created.seats[s].token.clone();

    // Spectators and unknown games cannot resign.
    let err = c
        .resign(proto::ResignRequest {
            game_id: id.clone(),
        })
        .await
        .expect_err("spectator");
    assert_eq!(err.code(), Code::PermissionDenied);
    let err = c
        .resign(authed(
            proto::ResignRequest {
                game_id: "nope".into(),
            },
            Some(&token(0)),
        ))
        .await
        .expect_err("unknown game");
    assert_eq!(err.code(), Code::NotFound);

    // The seat to act resigns and the bot moves for it at once.
    let before = snapshot(&mut c, &id, None).await;
    let r = before.to_act[0] as usize;
    let resp = c
        .resign(authed(
            proto::ResignRequest {
                game_id: id.clone(),
            },
            Some(&token(r)),
        ))
        .await
        .expect("resign")
        .into_inner();
    let snap = resp.snapshot.expect("snapshot");
    assert_eq!(
        snap.viewer,
        Some(r as u32),
        "the resigned seat still sees its view"
    );
    // The answer is the game right after the resignation; the bot then
    // plays the seat's turn in the server's own task.
    assert_eq!(snap.version, before.version);
    let moved =
        common::wait_for(&mut c, &id, Some(&token(r)), |s| s.version > before.version).await;
    assert!(
        moved.version > before.version,
        "the bot played the resigned seat's turn"
    );
    assert_eq!(snap.seats[r].bot, "random");
    assert!(snap.seats[r].resigned);
    assert!(!snap.seats[(r + 1) % 3].resigned && snap.seats[(r + 1) % 3].bot.is_empty());

    // The resigned token can no longer act or resign again.
    let err = c
        .resign(authed(
            proto::ResignRequest {
                game_id: id.clone(),
            },
            Some(&token(r)),
        ))
        .await
        .expect_err("twice");
    assert_eq!(err.code(), Code::FailedPrecondition);
    let listed = c
        .list_legal_actions(authed(
            proto::ListLegalActionsRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            Some(&token(r)),
        ))
        .await
        .expect("list")
        .into_inner();
    for a in listed.actions.iter().take(1) {
        let err = common::apply_notation(&mut c, &id, Some(&token(r)), &a.notation, None)
            .await
            .expect_err("bot's seat");
        assert_eq!(err.code(), Code::PermissionDenied);
    }

    // The others play on to the end; the bot takes every turn of the seat.
    let mut rng = Lcg(3);
    play_to_end(&mut c, &created, &mut rng).await;
    let end = snapshot(&mut c, &id, None).await;
    assert!(end.outcome.is_some());
    let hist = c
        .get_history(proto::GetHistoryRequest {
            game_id: id.clone(),
        })
        .await
        .expect("history")
        .into_inner();
    assert!(hist.seats[r].resigned);

    // Nothing to resign once the game is over.
    let err = c
        .resign(authed(
            proto::ResignRequest { game_id: id },
            Some(&token((r + 1) % 3)),
        ))
        .await
        .expect_err("over");
    assert_eq!(err.code(), Code::FailedPrecondition);
}

/// Asks for `game` every 20 ms until `done` holds of the answer (or fails
/// after `limit`, saying the game was not `what`).
async fn wait_for(
    c: &mut Client,
    game: &str,
    limit: Duration,
    what: &str,
    done: impl Fn(Result<&proto::GetGameResponse, Code>) -> bool,
) {
    let start = Instant::now();
    loop {
        let r = c
            .get_game(proto::GetGameRequest {
                game_id: game.into(),
                ..Default::default()
            })
            .await;
        if done(r.as_ref().map(|got| got.get_ref()).map_err(|e| e.code())) {
            return;
        }
        assert!(start.elapsed() < limit, "game {game} was not {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until `game` is expired.
async fn wait_gone(c: &mut Client, game: &str, limit: Duration) {
    wait_for(c, game, limit, "expired", |r| {
        r.is_err_and(|code| code == Code::NotFound)
    })
    .await;
}

/// Waits until `game` is over, or already expired.
async fn wait_finished(c: &mut Client, game: &str, limit: Duration) {
    wait_for(c, game, limit, "finished", |r| match r {
        Ok(got) => {
            got.snapshot.as_ref().map(|s| s.status) == Some(proto::GameStatus::Finished as i32)
        }
        Err(code) => code == Code::NotFound,
    })
    .await;
}

#[tokio::test]
async fn retention_expires_finished_and_abandoned_games() {
    let mut config = Config::in_memory();
    config.finished_retention = Some(Duration::from_millis(200));
    config.idle_retention = Some(Duration::from_millis(1500));
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let finished = create(&mut c, KS, bots(2), Some(1)).await.game_id;
    // The abandoned game is created once the bots' game is over: how long
    // the bots take (their pool runs at a low priority) is not what is
    // compared, the two retentions are.
    wait_finished(&mut c, &finished, Duration::from_secs(20)).await;
    let abandoned = create(&mut c, KS, seats(2), Some(2)).await.game_id;
    wait_gone(&mut c, &finished, Duration::from_secs(5)).await;
    // The abandoned game outlives the finished one, then goes too.
    assert!(
        c.get_game(proto::GetGameRequest {
            game_id: abandoned.clone(),
            ..Default::default()
        })
        .await
        .is_ok(),
        "idle retention is longer"
    );
    wait_gone(&mut c, &abandoned, Duration::from_secs(8)).await;
    let left = list(&mut c, proto::ListGamesRequest::default()).await;
    assert!(left.games.is_empty());
}

#[tokio::test]
async fn evicted_games_are_rebuilt_from_the_store() {
    let mut config = Config::in_memory();
    config.cache_games = 2;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let mut games = Vec::new();
    for i in 0..6 {
        games.push(create(&mut c, KS, seats(2), Some(i)).await);
    }
    // Interleave moves across more games than the cache holds.
    let mut rng = Lcg(17);
    for _ in 0..10 {
        for g in &games {
            let snap = snapshot(&mut c, &g.game_id, None).await;
            let token = &g.seats[snap.to_act[0] as usize].token;
            let legal = common::legal(&mut c, &g.game_id, token).await;
            let pick = &legal.actions[rng.below(legal.actions.len())].notation;
            common::apply_notation(&mut c, &g.game_id, Some(token), pick, Some(snap.version))
                .await
                .expect("move on a reloaded game");
        }
    }
    for g in &games {
        assert_eq!(snapshot(&mut c, &g.game_id, None).await.version, 10);
    }
}
