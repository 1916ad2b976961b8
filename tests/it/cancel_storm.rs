//! A cancel storm: clients whose requests give up after 1 to 50 ms while
//! bots play (CreateGame of all-bot games, moves that hand the turn to
//! `montecarlo` and `random` bots, resignations). Bots are the server's own
//! work: every game must still reach its end, and every game's stored log
//! must replay to the state the server shows.

use crate::common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::*;
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;

const KS: &str = "king_of_siam";

fn with_deadline<T>(msg: T, token: Option<&str>, rng: &mut Lcg) -> tonic::Request<T> {
    let mut req = authed(msg, token);
    req.set_timeout(Duration::from_millis(1 + rng.below(50) as u64));
    req
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_with_bots_reach_their_end_whatever_clients_cancel() {
    let dir = std::env::temp_dir().join(format!(
        "satrap-cancel-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", dir.join("satrap.db").display());
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let mut rng = Lcg(50);
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut count = |what: &str, code: Code| {
        *outcomes.entry(format!("{what} {code:?}")).or_default() += 1;
    };

    // All-bot games created with deadlines of 1-50 ms: whether or not the
    // answer arrives, a created game plays itself to the end.
    for i in 0..8u64 {
        let bots = (0..4)
            .map(|s| proto::SeatRequest {
                name: format!("b{s}"),
                bot: if s == 0 && i % 4 == 0 {
                    "montecarlo"
                } else {
                    "random"
                }
                .into(),
                ..Default::default()
            })
            .collect();
        let req = with_deadline(
            proto::CreateGameRequest {
                game_type: KS.into(),
                seats: bots,
                seed: Some(100 + i),
                options: None,
                ..Default::default()
            },
            None,
            &mut rng,
        );
        let code = c
            .create_game(req)
            .await
            .map_or_else(|s| s.code(), |_| Code::Ok);
        count("CreateGame(all bots)", code);
    }

    // One person against three bots: the person's moves time out at once.
    let mut people = Vec::new();
    for i in 0..6u64 {
        let mut s = seats(4);
        for seat in s.iter_mut().skip(1) {
            seat.bot = if i < 2 { "montecarlo" } else { "random" }.into();
        }
        people.push(create(&mut c, KS, s, Some(200 + i)).await);
    }
    let started = Instant::now();
    let mut requests = 0usize;
    while started.elapsed() < Duration::from_secs(240) {
        let mut running = 0;
        for (i, created) in people.iter().enumerate() {
            let token = created.seats[0].token.clone();
            let snap = snapshot(&mut c, &created.game_id, Some(&token)).await;
            if snap.status == proto::GameStatus::Finished as i32 {
                continue;
            }
            running += 1;
            // Now and then a resignation that gives up at once, too.
            if i == 5 && snap.version > 20 && snap.seats[0].bot.is_empty() {
                let req = with_deadline(
                    proto::ResignRequest {
                        game_id: created.game_id.clone(),
                    },
                    Some(&token),
                    &mut rng,
                );
                let code = c.resign(req).await.map_or_else(|s| s.code(), |_| Code::Ok);
                count("Resign", code);
                requests += 1;
                continue;
            }
            if !snap.to_act.contains(&0) || !snap.seats[0].bot.is_empty() {
                continue;
            }
            let list = legal(&mut c, &created.game_id, &token).await;
            if list.actions.is_empty() {
                continue;
            }
            let pick = list.actions[rng.below(list.actions.len())].notation.clone();
            let req = with_deadline(
                proto::ApplyActionRequest {
                    game_id: created.game_id.clone(),
                    expected_version: Some(list.version),
                    r#move: Some(proto::apply_action_request::Move::Notation(pick)),
                    ..Default::default()
                },
                Some(&token),
                &mut rng,
            );
            let code = c
                .apply_action(req)
                .await
                .map_or_else(|s| s.code(), |_| Code::Ok);
            assert!(
                matches!(
                    code,
                    Code::Ok | Code::DeadlineExceeded | Code::Cancelled | Code::Aborted
                ),
                "a move got {code:?}"
            );
            count("ApplyAction", code);
            requests += 1;
        }
        if running == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }

    // Every game on the server, including the ones whose CreateGame gave
    // up, reaches its end.
    let all = c
        .list_games(proto::ListGamesRequest {
            page_size: 100,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .games;
    assert!(all.len() >= people.len(), "{} games", all.len());
    let mut moves = 0;
    for g in &all {
        let end = tokio::time::timeout(Duration::from_secs(240), wait_for_end(&mut c, &g.game_id))
            .await
            .unwrap_or_else(|_| panic!("game {} stalled", g.game_id));
        assert!(end.outcome.is_some(), "game {} has an outcome", g.game_id);
        let history = c
            .get_history(proto::GetHistoryRequest {
                game_id: g.game_id.clone(),
            })
            .await
            .expect("history")
            .into_inner();
        assert_eq!(history.version, end.version);
        moves += end.version;
    }
    eprintln!(
        "cancel storm: {} games ({} created with 1-50 ms deadlines), {requests} requests with deadlines, {moves} moves in all, {:?} s; outcomes: {outcomes:?}",
        all.len(),
        all.len() - people.len(),
        started.elapsed().as_secs(),
    );
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
