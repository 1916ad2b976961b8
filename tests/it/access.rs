//! Keys, private games, quotas and admin calls, and RotateSeatToken, through a real server and client.

use crate::common;

use std::time::Duration;

use common::access::{
    Key, code_of, create_request, create_with, key, keys_file, server_with_keys, status_of,
    temp_dir, with_key,
};
use common::{Client, TestServer, apply_notation, authed, bot_seats, legal, seats, snapshot};
use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto;
use tokio::net::TcpListener;
use tonic::Code;

fn list_request() -> proto::ListGamesRequest {
    proto::ListGamesRequest {
        page_size: 100,
        ..Default::default()
    }
}

async fn listed(c: &mut Client, key: Option<&str>) -> Vec<proto::GameSummary> {
    c.list_games(with_key(list_request(), key, None))
        .await
        .expect("ListGames")
        .into_inner()
        .games
}

/// Play the first legal move of the seat to act; returns that seat.
async fn play_one(c: &mut Client, created: &proto::CreateGameResponse) -> usize {
    let id = &created.game_id;
    let viewer = Some(created.spectator_token.as_str()).filter(|t| !t.is_empty());
    let seat = snapshot(c, id, viewer).await.to_act[0] as usize;
    let token = created.seats[seat].token.clone();
    let moves = legal(c, id, &token).await;
    apply_notation(c, id, Some(&token), &moves.actions[0].notation, None)
        .await
        .expect("a legal move");
    seat
}

struct Keyed {
    server: TestServer,
    creator: Key,
    other: Key,
    admin: Key,
}

async fn keyed(test: &str, config: impl FnOnce(&mut Config)) -> Keyed {
    let creator = key("matchmaker", Role::Creator);
    let other = key("tournaments", Role::Creator);
    let admin = key("ops", Role::Admin);
    let mut c = Config::in_memory();
    c.api_keys_file = Some(keys_file(test, &[&creator, &other, &admin]));
    config(&mut c);
    Keyed {
        server: TestServer::start_with(c).await,
        creator,
        other,
        admin,
    }
}

// ---- 1. keys for backends -------------------------------------------------

#[tokio::test]
async fn with_a_keys_file_anonymous_create_is_refused_and_a_creator_key_creates() {
    let k = keyed("anon", |_| {}).await;
    let mut c = k.server.client().await;

    let anonymous = status_of(create_with(&mut c, None, create_request(2, false)).await);
    assert_eq!(anonymous.code(), Code::Unauthenticated);
    assert!(anonymous.message().contains("x-api-key"), "{anonymous:?}");
    let wrong = create_with(&mut c, Some("satrap_0123"), create_request(2, false)).await;
    assert_eq!(code_of(wrong), Code::Unauthenticated);
    assert_eq!(
        code_of(c.list_games(with_key(list_request(), None, None)).await),
        Code::Unauthenticated
    );

    let created = create_with(&mut c, Some(&k.creator.key), create_request(2, false))
        .await
        .expect("a creator key creates");
    assert!(
        listed(&mut c, Some(&k.creator.key))
            .await
            .iter()
            .any(|g| g.game_id == created.game_id)
    );

    // Playing needs the seat token only, no API key.
    play_one(&mut c, &created).await;
    assert_eq!(snapshot(&mut c, &created.game_id, None).await.version, 1);

    // Admin calls: no key UNAUTHENTICATED, a creator key PERMISSION_DENIED.
    let mut admin = common::access::admin(&k.server).await;
    let abort = |key: Option<&str>| {
        with_key(
            proto::AbortGameRequest {
                game_id: created.game_id.clone(),
            },
            key,
            None,
        )
    };
    assert_eq!(
        code_of(admin.abort_game(abort(None)).await),
        Code::Unauthenticated
    );
    let denied = status_of(admin.abort_game(abort(Some(&k.creator.key))).await);
    assert_eq!(denied.code(), Code::PermissionDenied);
    assert!(denied.message().contains("admin"), "{denied:?}");
    admin
        .abort_game(abort(Some(&k.admin.key)))
        .await
        .expect("an admin key aborts");
    // An admin key may create and list too.
    create_with(&mut c, Some(&k.admin.key), create_request(2, false))
        .await
        .expect("an admin key creates");
}

#[tokio::test]
async fn a_malformed_keys_file_stops_start_up_naming_its_line() {
    let good = key("fine", Role::Creator);
    let path = temp_dir("malformed").join("keys");
    std::fs::write(&path, format!("{}\nbroken-line creator\n", good.line)).expect("write");
    let mut config = Config::in_memory();
    config.api_keys_file = Some(path);
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let err = satrap_server::serve_on(listener, config, async {})
        .await
        .expect_err("start-up refused");
    let text = err.to_string();
    assert!(text.contains("line 2"), "{text}");
    assert!(text.contains("NAME ROLE SHA256-HEX"), "{text}");

    let mut config = Config::in_memory();
    config.api_keys_file = Some(temp_dir("missing").join("no-such-file"));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let err = satrap_server::serve_on(listener, config, async {})
        .await
        .expect_err("start-up refused");
    assert!(err.to_string().contains("cannot read"), "{err}");
}

// ---- 2. private games -----------------------------------------------------

#[tokio::test]
async fn a_private_game_is_invisible_to_list_games_and_to_watchers_without_its_token() {
    let k = keyed("private", |_| {}).await;
    let mut c = k.server.client().await;
    let key = Some(k.creator.key.as_str());
    let public = create_with(&mut c, key, create_request(2, false))
        .await
        .expect("public");
    assert!(public.spectator_token.is_empty());
    let secret = create_with(&mut c, key, create_request(2, true))
        .await
        .expect("private");
    assert_eq!(secret.spectator_token.len(), 64);
    let id = secret.game_id.clone();

    // The visibility rule: another key does not list it, the key that
    // made it does (as its feed shows it), and so does an admin key,
    // marked private.
    let games = listed(&mut c, Some(&k.other.key)).await;
    assert!(games.iter().any(|g| g.game_id == public.game_id));
    assert!(!games.iter().any(|g| g.game_id == id), "listed: {games:?}");
    let own = listed(&mut c, key).await;
    assert!(own.iter().any(|g| g.game_id == id && g.private));
    let all = listed(&mut c, Some(&k.admin.key)).await;
    assert!(all.iter().any(|g| g.game_id == id && g.private));

    // Without the token (or with a wrong one) the game answers as an
    // unknown id does: same code, same message shape.
    let unknown = "00000000-0000-4000-8000-000000000000";
    let missing = status_of(
        c.get_game(authed(
            proto::GetGameRequest {
                game_id: unknown.into(),
                ..Default::default()
            },
            None,
        ))
        .await,
    );
    for token in [
        None,
        Some("not-a-token"),
        Some(public.seats[0].token.as_str()),
    ] {
        let hidden = status_of(
            c.get_game(authed(
                proto::GetGameRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                token,
            ))
            .await,
        );
        assert_eq!(hidden.code(), Code::NotFound);
        assert_eq!(
            hidden.message().replace(&id, "ID"),
            missing.message().replace(unknown, "ID")
        );
        let watch = c
            .watch_game(authed(
                proto::WatchGameRequest {
                    game_id: id.clone(),
                    from_version: 0,
                    ..Default::default()
                },
                token,
            ))
            .await;
        assert_eq!(code_of(watch.map(|_| ())), Code::NotFound);
        let history = c
            .get_history(authed(
                proto::GetHistoryRequest {
                    game_id: id.clone(),
                },
                token,
            ))
            .await;
        assert_eq!(code_of(history), Code::NotFound);
        let legal = c
            .list_legal_actions(authed(
                proto::ListLegalActionsRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                token,
            ))
            .await;
        assert_eq!(code_of(legal), Code::NotFound);
    }

    // The spectator token sees the spectator's view and can watch.
    let spectator = Some(secret.spectator_token.as_str());
    let seen = snapshot(&mut c, &id, spectator).await;
    assert!(seen.private && seen.viewer.is_none());
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            },
            spectator,
        ))
        .await
        .expect("a spectator with the token watches")
        .into_inner();
    let first = stream.message().await.expect("update").expect("version 0");
    assert_eq!(first.version, 0);
    // Seats play with their own tokens; the spectator token cannot act.
    let spectator_move = apply_notation(&mut c, &id, spectator, "anything", None).await;
    assert_eq!(code_of(spectator_move), Code::PermissionDenied);
    let seat = play_one(&mut c, &secret).await;
    let token = secret.seats[seat].token.clone();
    let next = stream.message().await.expect("update").expect("version 1");
    assert_eq!(next.version, 1);
    assert_eq!(
        snapshot(&mut c, &id, Some(&token)).await.viewer,
        Some(seat as u32)
    );
    let history = c
        .get_history(authed(
            proto::GetHistoryRequest {
                game_id: id.clone(),
            },
            spectator,
        ))
        .await
        .expect("history with the spectator token")
        .into_inner();
    assert_eq!(history.entries.len(), 1);
    // An admin key may look without the spectator token.
    c.get_game(with_key(
        proto::GetGameRequest {
            game_id: id.clone(),
            ..Default::default()
        },
        Some(&k.admin.key),
        None,
    ))
    .await
    .expect("an admin key sees a private game");
}

#[tokio::test]
async fn private_games_and_aborts_survive_a_restart() {
    let dir = temp_dir("restart");
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", dir.join("satrap.db").display());
    let server = TestServer::start_with(config.clone()).await;
    let mut c = server.client().await;
    let secret = create_with(&mut c, None, create_request(3, true))
        .await
        .expect("private");
    let aborted = create_with(&mut c, None, create_request(2, false))
        .await
        .expect("public");
    common::access::admin(&server)
        .await
        .abort_game(proto::AbortGameRequest {
            game_id: aborted.game_id.clone(),
        })
        .await
        .expect("abort");
    server.shutdown().await;

    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    assert!(
        !listed(&mut c, None)
            .await
            .iter()
            .any(|g| g.game_id == secret.game_id)
    );
    let hidden = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: secret.game_id.clone(),
                ..Default::default()
            },
            None,
        ))
        .await;
    assert_eq!(code_of(hidden), Code::NotFound);
    let seen = snapshot(&mut c, &secret.game_id, Some(&secret.spectator_token)).await;
    assert!(seen.private);
    let after = snapshot(&mut c, &aborted.game_id, None).await;
    assert_eq!(after.status, proto::GameStatus::Finished as i32);
    assert_eq!(after.outcome.expect("outcome").ending, "aborted");
    assert_eq!(after.version, 1);
}

// ---- 3. quotas ------------------------------------------------------------

#[tokio::test]
async fn a_key_over_its_rate_limit_gets_resource_exhausted_while_other_keys_are_served() {
    let k = keyed("rate", |c| {
        c.create_rate = Some(2);
        c.create_burst = Some(3);
    })
    .await;
    let mut c = k.server.client().await;
    for _ in 0..3 {
        create_with(&mut c, Some(&k.creator.key), create_request(2, false))
            .await
            .expect("within the burst");
    }
    let refused =
        status_of(create_with(&mut c, Some(&k.creator.key), create_request(2, false)).await);
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(
        refused.message().contains("2 per minute") && refused.message().contains("burst of 3"),
        "{refused:?}"
    );
    // Other keys have budgets of their own.
    for _ in 0..3 {
        create_with(&mut c, Some(&k.other.key), create_request(2, false))
            .await
            .expect("another key is served");
    }
    // Calls other than CreateGame are not rate limited.
    listed(&mut c, Some(&k.creator.key)).await;
}

#[tokio::test]
async fn without_keys_the_rate_limit_counts_per_peer_address() {
    let mut config = Config::in_memory();
    config.create_rate = Some(1);
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    create_with(&mut c, None, create_request(2, false))
        .await
        .expect("first");
    // A second connection from the same address shares the budget.
    let mut again = server.client().await;
    let refused = create_with(&mut again, None, create_request(2, false)).await;
    assert_eq!(code_of(refused), Code::ResourceExhausted);
}

fn one_bot_request() -> proto::CreateGameRequest {
    // Seat 0 (a client) never moves here, so the game stays live.
    let mut s = seats(2);
    s[1].bot = "random".into();
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats: s,
        seed: Some(1),
        ..Default::default()
    }
}

#[tokio::test]
async fn live_bot_games_are_capped_per_key() {
    let k = keyed("cap", |c| c.max_live_bot_games = Some(1)).await;
    let mut c = k.server.client().await;
    let first = create_with(&mut c, Some(&k.creator.key), one_bot_request())
        .await
        .expect("first bot game");
    let refused = status_of(create_with(&mut c, Some(&k.creator.key), one_bot_request()).await);
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(
        refused
            .message()
            .contains("at most 1 games in progress with built-in bots"),
        "{refused:?}"
    );
    // Games without bots are not capped; other keys are served.
    create_with(&mut c, Some(&k.creator.key), create_request(2, false))
        .await
        .expect("no bot seat");
    create_with(&mut c, Some(&k.other.key), one_bot_request())
        .await
        .expect("another key");
    // Once the live game ends (aborted here), the key may start another.
    common::access::admin(&k.server)
        .await
        .abort_game(with_key(
            proto::AbortGameRequest {
                game_id: first.game_id,
            },
            Some(&k.admin.key),
            None,
        ))
        .await
        .expect("abort");
    create_with(&mut c, Some(&k.creator.key), one_bot_request())
        .await
        .expect("under the cap again");
}

/// Bot decisions run on a bounded low-priority pool (hub::pool): with four
/// bot-only games thinking, health checks and another game's moves are
/// still answered. The bound is generous (2 s per call, typical answers
/// take milliseconds) so that a busy machine cannot make it flaky.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_moves_are_answered_while_bot_games_run() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut bot_games = Vec::new();
    for seed in 0..4 {
        let created = create_with(
            &mut c,
            None,
            proto::CreateGameRequest {
                game_type: "king_of_siam".into(),
                seats: bot_seats(4, "montecarlo"),
                seed: Some(seed),
                ..Default::default()
            },
        )
        .await
        .expect("bot game");
        bot_games.push(created.game_id);
    }
    let human = create_with(&mut c, None, create_request(2, false))
        .await
        .expect("human game");
    let mut health = tonic_health::pb::health_client::HealthClient::new(server.channel().await);
    let bound = Duration::from_secs(2);
    let bots_moved = async |c: &mut Client| {
        let mut moved = 0;
        for id in &bot_games {
            if snapshot(c, id, None).await.version > 0 {
                moved += 1;
            }
        }
        moved
    };
    // At least six rounds, and on until the bots have moved (so the checks
    // ran while they were thinking); at most 100 rounds.
    let mut round = 0;
    while round < 6 || (round < 100 && bots_moved(&mut c).await == 0) {
        round += 1;
        let check = tokio::time::timeout(
            bound,
            health.check(tonic_health::pb::HealthCheckRequest {
                service: "satrap.v1.GameService".into(),
            }),
        )
        .await;
        assert!(
            matches!(check, Ok(Ok(_))),
            "round {round}: health not answered within 2 s"
        );
        let snap = tokio::time::timeout(bound, async {
            snapshot(&mut c, &human.game_id, None).await
        })
        .await
        .expect("GetGame answered within 2 s");
        let Some(&seat) = snap.to_act.first() else {
            break; // the human game ended
        };
        let seat = seat as usize;
        let token = human.seats[seat].token.clone();
        let moved = tokio::time::timeout(bound, async {
            let moves = legal(&mut c, &human.game_id, &token).await;
            apply_notation(
                &mut c,
                &human.game_id,
                Some(&token),
                &moves.actions[0].notation,
                Some(moves.version),
            )
            .await
        })
        .await
        .expect("a move answered within 2 s");
        moved.expect("move accepted");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(bots_moved(&mut c).await > 0, "no bot game moved");
}

// ---- 4. admin calls and token rotation -------------------------------------

#[tokio::test]
async fn abort_ends_the_game_with_no_winner_and_history_and_watchers_see_it() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut admin = common::access::admin(&server).await;
    let created = create_with(&mut c, None, create_request(2, false))
        .await
        .expect("create");
    let id = created.game_id.clone();
    play_one(&mut c, &created).await;
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 2,
                ..Default::default()
            },
            None,
        ))
        .await
        .expect("watch")
        .into_inner();

    let snap = admin
        .abort_game(proto::AbortGameRequest {
            game_id: id.clone(),
        })
        .await
        .expect("abort")
        .into_inner()
        .snapshot
        .expect("snapshot");
    assert_eq!(snap.version, 2);
    assert_eq!(snap.status, proto::GameStatus::Finished as i32);
    assert!(snap.to_act.is_empty());
    let outcome = snap.outcome.expect("outcome");
    assert_eq!(outcome.ending, "aborted");
    assert!(outcome.winners.is_empty() && !outcome.draw);

    // The watcher gets the final update, then the stream ends.
    let last = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("final update in time")
        .expect("update")
        .expect("one more update");
    assert_eq!(last.version, 2);
    assert_eq!(
        last.snapshot.expect("snapshot").outcome.expect("o").ending,
        "aborted"
    );
    assert!(stream.message().await.expect("clean end").is_none());

    // History shows it, with the seed (the game is over).
    let history = c
        .get_history(authed(
            proto::GetHistoryRequest {
                game_id: id.clone(),
            },
            None,
        ))
        .await
        .expect("history")
        .into_inner();
    assert_eq!(history.entries.len(), 2);
    let entry = &history.entries[1];
    assert_eq!(
        (entry.version, entry.seat, entry.notation.as_str()),
        (2, 2_147_483_647, "abort")
    );
    assert_eq!(history.seed, Some(7));
    // A watcher from the start replays to the abort.
    let mut replay = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            },
            None,
        ))
        .await
        .expect("watch")
        .into_inner();
    let mut versions = Vec::new();
    while let Some(u) = replay.message().await.expect("replay") {
        versions.push(u.version);
    }
    assert_eq!(versions, vec![0, 1, 2]);

    // Nothing more can happen to it.
    let again = apply_notation(&mut c, &id, Some(&created.seats[0].token), "x", None).await;
    assert!(matches!(
        code_of(again),
        Code::FailedPrecondition | Code::InvalidArgument
    ));
    let twice = admin
        .abort_game(proto::AbortGameRequest {
            game_id: id.clone(),
        })
        .await;
    assert_eq!(code_of(twice), Code::FailedPrecondition);
    let unknown = admin
        .abort_game(proto::AbortGameRequest {
            game_id: "no-such-game".into(),
        })
        .await;
    assert_eq!(code_of(unknown), Code::NotFound);
}

#[tokio::test]
async fn abort_stops_a_game_whose_bots_are_playing() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_with(
        &mut c,
        None,
        proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: bot_seats(3, "montecarlo"),
            seed: Some(3),
            ..Default::default()
        },
    )
    .await
    .expect("bot game");
    let snap = common::access::admin(&server)
        .await
        .abort_game(proto::AbortGameRequest {
            game_id: created.game_id.clone(),
        })
        .await
        .expect("abort")
        .into_inner()
        .snapshot
        .expect("snapshot");
    let at = snap.version;
    // The bots stop: the version stays where the abort put it.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let later = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(later.version, at);
    assert_eq!(later.outcome.expect("outcome").ending, "aborted");
}

#[tokio::test]
async fn delete_removes_the_game_and_ends_its_watch_streams() {
    let k = keyed("delete", |_| {}).await;
    let mut c = k.server.client().await;
    let mut admin = common::access::admin(&k.server).await;
    let created = create_with(&mut c, Some(&k.creator.key), create_request(2, false))
        .await
        .expect("create");
    let id = created.game_id.clone();
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            },
            None,
        ))
        .await
        .expect("watch")
        .into_inner();
    assert_eq!(stream.message().await.expect("v0").expect("v0").version, 0);

    let denied = admin
        .delete_game(with_key(
            proto::DeleteGameRequest {
                game_id: id.clone(),
            },
            Some(&k.creator.key),
            None,
        ))
        .await;
    assert_eq!(code_of(denied), Code::PermissionDenied);
    let delete = || {
        with_key(
            proto::DeleteGameRequest {
                game_id: id.clone(),
            },
            Some(&k.admin.key),
            None,
        )
    };
    admin.delete_game(delete()).await.expect("delete");

    let ended = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("the stream ends in time");
    assert_eq!(code_of(ended), Code::NotFound);
    let gone = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            Some(&created.seats[0].token),
        ))
        .await;
    assert_eq!(code_of(gone), Code::NotFound);
    assert!(
        !listed(&mut c, Some(&k.admin.key))
            .await
            .iter()
            .any(|g| g.game_id == id)
    );
    assert_eq!(code_of(admin.delete_game(delete()).await), Code::NotFound);
}

#[tokio::test]
async fn a_rotated_token_replaces_the_old_one_at_once() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create_with(&mut c, None, create_request(2, false))
        .await
        .expect("create");
    let id = created.game_id.clone();
    let old = created.seats[1].token.clone();
    // A watch stream opened with the old token.
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 1,
                ..Default::default()
            },
            Some(&old),
        ))
        .await
        .expect("watch")
        .into_inner();

    let rotate = |token: Option<&str>| {
        authed(
            proto::RotateSeatTokenRequest {
                game_id: id.clone(),
            },
            token,
        )
    };
    assert_eq!(
        code_of(c.rotate_seat_token(rotate(None)).await),
        Code::PermissionDenied
    );
    let fresh = c
        .rotate_seat_token(rotate(Some(&old)))
        .await
        .expect("rotate")
        .into_inner()
        .credential
        .expect("credential");
    assert_eq!((fresh.seat, fresh.name.as_str()), (1, "P1"));
    assert_ne!(fresh.token, old);
    let stale = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            Some(&old),
        ))
        .await;
    assert_eq!(code_of(stale), Code::Unauthenticated);
    assert_eq!(
        code_of(c.rotate_seat_token(rotate(Some(&old))).await),
        Code::Unauthenticated
    );
    assert_eq!(
        snapshot(&mut c, &id, Some(&fresh.token)).await.viewer,
        Some(1)
    );

    // The stream opened with the old token sends nothing more for the seat.
    let mut renewed = created.clone();
    renewed.seats[1].token = fresh.token.clone();
    play_one(&mut c, &renewed).await;
    let cut = tokio::time::timeout(Duration::from_secs(10), stream.message())
        .await
        .expect("in time");
    assert_eq!(code_of(cut), Code::Unauthenticated);
}

#[tokio::test]
async fn an_admin_reissues_a_lost_token() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut admin = common::access::admin(&server).await;
    let mut s = seats(3);
    s[2].bot = "random".into();
    let created = create_with(
        &mut c,
        None,
        proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: s,
            seed: Some(2),
            ..Default::default()
        },
    )
    .await
    .expect("create");
    let id = created.game_id.clone();
    let reissue = |seat| proto::ReissueSeatTokenRequest {
        game_id: id.clone(),
        seat,
    };
    let fresh = admin
        .reissue_seat_token(reissue(0))
        .await
        .expect("reissue")
        .into_inner()
        .credential
        .expect("credential");
    assert_eq!(fresh.seat, 0);
    let stale = c
        .get_game(authed(
            proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            Some(&created.seats[0].token),
        ))
        .await;
    assert_eq!(code_of(stale), Code::Unauthenticated);
    assert_eq!(
        snapshot(&mut c, &id, Some(&fresh.token)).await.viewer,
        Some(0)
    );
    let bot = status_of(admin.reissue_seat_token(reissue(2)).await);
    assert_eq!(bot.code(), Code::FailedPrecondition);
    assert!(bot.message().contains("random bot"), "{bot:?}");
    assert_eq!(
        code_of(admin.reissue_seat_token(reissue(9)).await),
        Code::InvalidArgument
    );
}

#[tokio::test]
async fn the_api_key_subcommand_prints_a_key_and_its_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args(["api-key", "matchmaker", "creator"])
        .output()
        .expect("run satrap api-key");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let key = lines
        .iter()
        .find(|l| l.starts_with("satrap_"))
        .expect("a key line");
    let entry = lines
        .iter()
        .find(|l| l.starts_with("matchmaker creator "))
        .expect("a keys-file line");
    // The printed line makes the printed key work.
    let path = temp_dir("subcommand").join("keys");
    std::fs::write(&path, format!("{entry}\n")).expect("write");
    let server = server_with_keys(path).await;
    let mut c = server.client().await;
    create_with(&mut c, Some(key), create_request(2, false))
        .await
        .expect("the printed key creates");
    // A bad role is refused by the command.
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args(["api-key", "x", "owner"])
        .output()
        .expect("run");
    assert!(!bad.status.success());
}

/// AdminService is served like GameService: reflection lists it and
/// resolves its file (grpcurl), and browsers reach it through gRPC-Web,
/// where a keys file refuses it without a key.
#[tokio::test]
async fn admin_service_is_in_reflection_and_behind_grpc_web() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_stream::StreamExt;
    use tonic_reflection::pb::v1alpha::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let k = keyed("reflection", |_| {}).await;
    let mut reflection = ServerReflectionClient::new(k.server.channel().await);
    let ask = |request: MessageRequest| ServerReflectionRequest {
        host: String::new(),
        message_request: Some(request),
    };
    let mut responses = reflection
        .server_reflection_info(tokio_stream::iter([
            ask(MessageRequest::ListServices(String::new())),
            ask(MessageRequest::FileContainingSymbol(
                "satrap.v1.AdminService".into(),
            )),
        ]))
        .await
        .expect("reflection")
        .into_inner();
    let listed = responses.next().await.expect("a reply").expect("ok");
    let Some(MessageResponse::ListServicesResponse(list)) = listed.message_response else {
        panic!("no list: {listed:?}")
    };
    let names: Vec<_> = list.service.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"satrap.v1.AdminService"), "{names:?}");
    let file = responses.next().await.expect("a reply").expect("ok");
    assert!(
        matches!(
            file.message_response,
            Some(MessageResponse::FileDescriptorResponse(_))
        ),
        "{file:?}"
    );

    // gRPC-Web over HTTP/1.1: an empty DeleteGameRequest without a key.
    let mut tcp = tokio::net::TcpStream::connect(k.server.addr)
        .await
        .expect("connect");
    let body = [0u8, 0, 0, 0, 0];
    let head = format!(
        "POST /satrap.v1.AdminService/DeleteGame HTTP/1.1\r\nHost: {}\r\nContent-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        k.server.addr,
        body.len()
    );
    tcp.write_all(head.as_bytes()).await.expect("write");
    tcp.write_all(&body).await.expect("write");
    let mut out = Vec::new();
    tcp.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).to_lowercase();
    assert!(text.starts_with("http/1.1 200"), "{text}");
    // 16 = UNAUTHENTICATED.
    assert!(
        text.contains("grpc-status: 16") || text.contains("grpc-status:16"),
        "{text}"
    );
}

/// The log lines of `satrap serve ARGS` up to "satrap serving"; the server
/// is then killed.
fn startup_log(args: &[&str]) -> Vec<String> {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_satrap"))
        .arg("serve")
        .args(args)
        .args(["--database", "memory://", "--log-format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start satrap");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = Vec::new();
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let done = line.contains("satrap serving");
            lines.push(line);
            if done {
                break;
            }
        }
        let _ = tx.send(lines);
    });
    let lines = rx.recv_timeout(Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    let lines = lines.expect("satrap started within 60 s");
    assert!(
        lines.last().is_some_and(|l| l.contains("satrap serving")),
        "{lines:?}"
    );
    lines
}

#[tokio::test]
async fn an_open_server_warns_when_it_listens_beyond_loopback() {
    let warning = "no --api-keys-file";
    let exposed = startup_log(&["--listen", "0.0.0.0:0"]);
    assert!(
        exposed
            .iter()
            .any(|l| l.contains(warning) && l.contains("WARN")),
        "{exposed:?}"
    );
    let local = startup_log(&["--listen", "127.0.0.1:0"]);
    assert!(!local.iter().any(|l| l.contains(warning)), "{local:?}");
    let k = key("ops", Role::Admin);
    let path = keys_file("warning", &[&k]);
    let path = path.to_str().expect("utf-8 path");
    let keyed = startup_log(&["--listen", "0.0.0.0:0", "--api-keys-file", path]);
    assert!(!keyed.iter().any(|l| l.contains(warning)), "{keyed:?}");
    assert!(
        keyed.iter().any(|l| l.contains("API keys loaded")),
        "{keyed:?}"
    );
}
