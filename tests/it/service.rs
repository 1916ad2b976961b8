//! Integration tests: a real server on an ephemeral port, played through a
//! real tonic client.

use crate::common;

use common::*;
use satrap_server::proto::{self, game_service_client::GameServiceClient};
use tokio_stream::StreamExt;
use tonic::Code;

const KS: &str = "king_of_siam";

#[tokio::test]
async fn lists_game_types() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let types = common::game_types(&mut c).await;
    let ks = types
        .iter()
        .find(|t| t.id == KS)
        .expect("king_of_siam listed");
    assert_eq!((ks.min_players, ks.max_players), (2, 4));
    assert_eq!(ks.name, "King of Siam");
    assert_eq!(
        ks.bots,
        vec!["random", "montecarlo", "mcts", "mcts-easy", "mcts-hard"]
    );
}

#[tokio::test]
async fn play_against_the_montecarlo_bot() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut s = seats(2);
    s[1].bot = "montecarlo".into();
    let created = create(&mut c, KS, s, Some(12)).await;
    let token = created.seats[0].token.clone();
    let mut rng = Lcg(12);
    let id = created.game_id.clone();
    let mut snap = wait_for_turn(&mut c, &id, Some(&token), 0).await;
    while snap.status == proto::GameStatus::InProgress as i32 {
        assert_eq!(snap.to_act, vec![0], "the bot has moved before our turn");
        let list = legal(&mut c, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        let after = apply_notation(&mut c, &id, Some(&token), &pick, Some(list.version))
            .await
            .unwrap()
            .snapshot
            .unwrap();
        assert_eq!(
            after.version,
            list.version + 1,
            "the answer is our move alone"
        );
        snap = wait_for_turn(&mut c, &id, Some(&token), 0).await;
    }
    assert!(snap.outcome.is_some());
}

#[tokio::test]
async fn a_game_of_bots_only_plays_itself_to_the_end() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let s = bot_seats(3, "random");
    let created = create(&mut c, KS, s, Some(11)).await;
    // CreateGame answers with the game as created; the bots play on in the
    // server's own task.
    assert_eq!(created.snapshot.unwrap().version, 0);
    let snap = wait_for_end(&mut c, &created.game_id).await;
    assert_eq!(snap.status, proto::GameStatus::Finished as i32);
    assert!(snap.version > 0 && snap.outcome.is_some());
}

/// Every error status of the docs/api.md's table, and that none of them changes the game.
#[tokio::test]
async fn error_codes_and_rejections_change_nothing() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(3), Some(5)).await;
    let id = created.game_id.clone();
    let before = snapshot(&mut c, &id, None).await;
    let actor = before.to_act[0] as usize;
    let idle = (actor + 1) % 3;
    let tok = |s: usize| created.seats[s].token.clone();
    let legal_now = legal(&mut c, &id, &tok(actor)).await;
    let a_legal = legal_now.actions[0].notation.clone();

    let code =
        |r: Result<proto::ApplyActionResponse, tonic::Status>| r.expect_err("must fail").code();
    // Unknown game.
    assert_eq!(
        code(apply_notation(&mut c, "no-such-game", Some(&tok(actor)), &a_legal, None).await),
        Code::NotFound
    );
    // Bad token.
    assert_eq!(
        code(apply_notation(&mut c, &id, Some("not-a-token"), &a_legal, None).await),
        Code::Unauthenticated
    );
    // A token of another game.
    let other = create(&mut c, KS, seats(2), Some(1)).await;
    assert_eq!(
        code(apply_notation(&mut c, &id, Some(&other.seats[0].token), &a_legal, None).await),
        Code::Unauthenticated
    );
    // Spectator.
    assert_eq!(
        code(apply_notation(&mut c, &id, None, &a_legal, None).await),
        Code::PermissionDenied
    );
    // Out of turn: a legal-looking move by the idle seat.
    let err = apply_notation(&mut c, &id, Some(&tok(idle)), &a_legal, None)
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition);
    assert!(
        err.message().contains("KS-"),
        "message cites the rule: {}",
        err.message()
    );
    // Garbage notation.
    assert_eq!(
        code(apply_notation(&mut c, &id, Some(&tok(actor)), "xyzzy!!", None).await),
        Code::InvalidArgument
    );
    // Over-long notation.
    assert_eq!(
        code(apply_notation(&mut c, &id, Some(&tok(actor)), &"A".repeat(10_000), None).await),
        Code::InvalidArgument
    );
    // Neither action nor notation.
    let empty = c
        .apply_action(authed(
            proto::ApplyActionRequest {
                game_id: id.clone(),
                expected_version: None,
                r#move: None,
                ..Default::default()
            },
            Some(&tok(actor)),
        ))
        .await
        .unwrap_err();
    assert_eq!(empty.code(), Code::InvalidArgument);
    // A typed action with no game inside.
    let wrong = c
        .apply_action(authed(
            proto::ApplyActionRequest {
                game_id: id.clone(),
                expected_version: None,
                r#move: Some(proto::apply_action_request::Move::Action(proto::Action {
                    game: None,
                })),
                ..Default::default()
            },
            Some(&tok(actor)),
        ))
        .await
        .unwrap_err();
    assert_eq!(wrong.code(), Code::InvalidArgument);
    // Stale version.
    let stale = apply_notation(
        &mut c,
        &id,
        Some(&tok(actor)),
        &a_legal,
        Some(before.version + 5),
    )
    .await
    .unwrap_err();
    assert_eq!(stale.code(), Code::Aborted);
    // Malformed authorization header.
    let mut req = authed(
        proto::GetGameRequest {
            game_id: id.clone(),
            ..Default::default()
        },
        None,
    );
    req.metadata_mut()
        .insert("authorization", "Basic Zm9v".parse().unwrap());
    assert_eq!(
        c.get_game(req).await.unwrap_err().code(),
        Code::Unauthenticated
    );
    // Empty game id.
    assert_eq!(
        c.get_game(proto::GetGameRequest {
            game_id: String::new(),
            ..Default::default()
        })
        .await
        .unwrap_err()
        .code(),
        Code::InvalidArgument
    );

    let after = snapshot(&mut c, &id, None).await;
    assert_eq!(after, before, "rejected requests changed nothing");
    // And the legal move still goes through afterwards.
    apply_notation(
        &mut c,
        &id,
        Some(&tok(actor)),
        &a_legal,
        Some(before.version),
    )
    .await
    .unwrap();
    // Now the old version is stale.
    let again = apply_notation(
        &mut c,
        &id,
        Some(&tok(actor)),
        &a_legal,
        Some(before.version),
    )
    .await
    .unwrap_err();
    assert_eq!(again.code(), Code::Aborted);
}

#[tokio::test]
async fn create_game_validates_its_request() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let bad = |game: &str, seats: Vec<proto::SeatRequest>| {
        let req = proto::CreateGameRequest {
            game_type: game.into(),
            seats,
            seed: None,
            options: None,
            ..Default::default()
        };
        let mut c = c.clone();
        async move { c.create_game(req).await.unwrap_err() }
    };
    assert_eq!(bad("chess", seats(2)).await.code(), Code::InvalidArgument);
    assert_eq!(bad(KS, seats(1)).await.code(), Code::InvalidArgument);
    assert_eq!(bad(KS, seats(5)).await.code(), Code::InvalidArgument);
    let mut with_bad_bot = seats(2);
    with_bad_bot[1].bot = "deep-blue".into();
    let err = bad(KS, with_bad_bot).await;
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(
        err.message().contains("random"),
        "names the known bots: {}",
        err.message()
    );
    let mut long_name = seats(2);
    long_name[0].name = "x".repeat(65);
    assert_eq!(bad(KS, long_name).await.code(), Code::InvalidArgument);
    // Empty names get a default.
    let created = create(
        &mut c,
        KS,
        vec![proto::SeatRequest::default(), proto::SeatRequest::default()],
        None,
    )
    .await;
    assert_eq!(created.seats[0].name, "Player 1");
}

#[tokio::test]
async fn spectators_see_but_cannot_list_or_act() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(9)).await;
    let snap = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(snap.viewer, None);
    assert!(snap.state.is_some());
    assert!(!snap.text.is_empty());
    let list = c
        .list_legal_actions(proto::ListLegalActionsRequest {
            game_id: created.game_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(list.actions.is_empty());
    let hist = c
        .get_history(proto::GetHistoryRequest {
            game_id: created.game_id.clone(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(hist.seed, None, "seed hidden while the game runs");
}

/// The same seed and the same moves give the same game, byte for byte.
#[tokio::test]
async fn same_seed_same_moves_same_game() {
    use prost::Message;
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let a = create(&mut c, KS, seats(3), Some(424242)).await;
    let b = create(&mut c, KS, seats(3), Some(424242)).await;
    let strip = |mut s: proto::GameSnapshot| {
        s.game_id.clear();
        s.encode_to_vec()
    };
    assert_eq!(
        strip(a.snapshot.clone().unwrap()),
        strip(b.snapshot.clone().unwrap())
    );
    let moves = play_to_end(&mut c, &a, &mut Lcg(1)).await;
    for m in &moves {
        let snap = snapshot(&mut c, &b.game_id, None).await;
        let token = b.seats[snap.to_act[0] as usize].token.clone();
        apply_notation(&mut c, &b.game_id, Some(&token), m, Some(snap.version))
            .await
            .unwrap();
    }
    let fa = snapshot(&mut c, &a.game_id, None).await;
    let fb = snapshot(&mut c, &b.game_id, None).await;
    assert_eq!(strip(fa), strip(fb));
}

#[tokio::test]
async fn watch_streams_every_version_and_resumes() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(21)).await;
    let id = created.game_id.clone();
    let mut live = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let first = live.next().await.unwrap().unwrap();
    assert_eq!(first.version, 0);
    assert!(first.events.is_empty());

    let moves = play_to_end(&mut c, &created, &mut Lcg(8)).await;
    let mut versions = vec![0];
    while let Some(update) = live.next().await {
        let update = update.unwrap();
        assert_eq!(update.snapshot.as_ref().unwrap().version, update.version);
        assert!(
            !update.events.is_empty(),
            "version {} has its events",
            update.version
        );
        versions.push(update.version);
    }
    assert_eq!(
        versions,
        (0..=moves.len() as u64).collect::<Vec<_>>(),
        "every version once, then the stream ends"
    );

    // Resume from the middle of a finished game: replayed, then the end.
    let mid = moves.len() as u64 / 2;
    let resumed: Vec<_> = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: mid,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .map(|u| u.unwrap().version)
        .collect()
        .await;
    assert_eq!(resumed, (mid..=moves.len() as u64).collect::<Vec<_>>());

    // Beyond the end is an error; unknown game is NOT_FOUND.
    let err = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 10_000,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    let err = c
        .watch_game(proto::WatchGameRequest {
            game_id: "nope".into(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::NotFound);
    // A bad token on a watch is refused too.
    let err = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            },
            Some("bad"),
        ))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn watch_from_the_current_version_then_live() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(33)).await;
    let id = created.game_id.clone();
    let snap = snapshot(&mut c, &id, None).await;
    let token = created.seats[snap.to_act[0] as usize].token.clone();
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.clone(),
                from_version: 0,
                ..Default::default()
            },
            Some(&token),
        ))
        .await
        .unwrap()
        .into_inner();
    let u0 = stream.next().await.unwrap().unwrap();
    assert_eq!(u0.version, 0);
    assert_eq!(u0.snapshot.unwrap().viewer, Some(snap.to_act[0]));
    let list = legal(&mut c, &id, &token).await;
    apply_notation(
        &mut c,
        &id,
        Some(&token),
        &list.actions[0].notation,
        Some(0),
    )
    .await
    .unwrap();
    let u1 = tokio::time::timeout(std::time::Duration::from_secs(5), stream.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(u1.version, 1);
    assert_eq!(u1.events[0].version, 1);
}

#[tokio::test]
async fn health_reports_serving_and_reflection_lists_the_service() {
    use tonic_health::pb::{
        HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
    };
    use tonic_reflection::pb::v1::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let server = TestServer::start().await;
    let channel = server.channel().await;
    let mut health = HealthClient::new(channel.clone());
    for service in ["", "satrap.v1.GameService"] {
        let status = health
            .check(HealthCheckRequest {
                service: service.into(),
            })
            .await
            .unwrap()
            .into_inner()
            .status;
        assert_eq!(status, ServingStatus::Serving as i32, "service {service:?}");
    }
    use prost::Message;
    let mut reflection = ServerReflectionClient::new(channel);
    let req = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut responses = reflection
        .server_reflection_info(tokio_stream::iter([req]))
        .await
        .unwrap()
        .into_inner();
    let response = responses.next().await.unwrap().unwrap();
    let Some(MessageResponse::ListServicesResponse(list)) = response.message_response else {
        panic!("no list")
    };
    let names: Vec<_> = list.service.iter().map(|s| s.name.clone()).collect();
    assert!(
        names.contains(&"satrap.v1.GameService".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"grpc.health.v1.Health".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"satrap.v1.TournamentService".to_string()),
        "{names:?}"
    );

    // grpcurl resolves the service's file, then each file it imports.
    let fetch = |request: MessageRequest| {
        let mut reflection = reflection.clone();
        async move {
            let req = ServerReflectionRequest {
                host: String::new(),
                message_request: Some(request),
            };
            let mut responses = reflection
                .server_reflection_info(tokio_stream::iter([req]))
                .await
                .unwrap()
                .into_inner();
            let response = responses.next().await.unwrap().unwrap();
            let Some(MessageResponse::FileDescriptorResponse(files)) = response.message_response
            else {
                panic!("no file descriptors: {response:?}")
            };
            files
                .file_descriptor_proto
                .iter()
                .map(|b| prost_types::FileDescriptorProto::decode(b.as_slice()).unwrap())
                .collect::<Vec<_>>()
        }
    };
    let service = fetch(MessageRequest::FileContainingSymbol(
        "satrap.v1.GameService".into(),
    ))
    .await;
    assert_eq!(service[0].name(), "satrap/v1/service.proto");
    assert!(
        service[0]
            .dependency
            .contains(&"satrap/v1/king_of_siam.proto".to_string())
    );
    for dep in &service[0].dependency {
        let files = fetch(MessageRequest::FileByFilename(dep.clone())).await;
        assert_eq!(files[0].name(), dep);
    }
}

/// grpcurl up to 1.8.7, Postman, Evans and grpcio-reflection speak only
/// reflection v1alpha: it lists the services and resolves their files too.
#[tokio::test]
async fn reflection_v1alpha_is_served_for_older_tools() {
    use prost::Message;
    use tonic_reflection::pb::v1alpha::{
        ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
        server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
    };
    let server = TestServer::start().await;
    let mut reflection = ServerReflectionClient::new(server.channel().await);
    let ask = |request: MessageRequest| ServerReflectionRequest {
        host: String::new(),
        message_request: Some(request),
    };
    let mut responses = reflection
        .server_reflection_info(tokio_stream::iter([
            ask(MessageRequest::ListServices(String::new())),
            ask(MessageRequest::FileContainingSymbol(
                "satrap.v1.GameService".into(),
            )),
        ]))
        .await
        .expect("v1alpha reflection is served")
        .into_inner();
    let listed = responses.next().await.expect("a reply").expect("ok");
    let Some(MessageResponse::ListServicesResponse(list)) = listed.message_response else {
        panic!("no list: {listed:?}")
    };
    let names: Vec<_> = list.service.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"satrap.v1.GameService"), "{names:?}");
    let file = responses.next().await.expect("a reply").expect("ok");
    let Some(MessageResponse::FileDescriptorResponse(files)) = file.message_response else {
        panic!("no file: {file:?}")
    };
    let first = prost_types::FileDescriptorProto::decode(files.file_descriptor_proto[0].as_slice())
        .expect("a file descriptor");
    assert_eq!(first.name(), "satrap/v1/service.proto");
}

/// A browser-style gRPC-Web call over HTTP/1.1 with a CORS origin.
#[tokio::test]
async fn grpc_web_over_http1() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = TestServer::start().await;
    let mut tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let body = [0u8, 0, 0, 0, 0]; // one uncompressed frame of an empty ListGameTypesRequest
    let head = format!(
        "POST /satrap.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: {}\r\nContent-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\nOrigin: http://example.test\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        server.addr,
        body.len()
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    tcp.write_all(&body).await.unwrap();
    let mut out = Vec::new();
    tcp.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_lowercase();
    assert!(text.starts_with("http/1.1 200"), "{text}");
    assert!(
        text.contains("access-control-allow-origin"),
        "CORS header present: {text}"
    );
    assert!(
        text.contains("king_of_siam"),
        "response body carries the game types"
    );
    assert!(
        text.contains("grpc-status:0"),
        "trailer frame reports OK: {text}"
    );
}

#[tokio::test]
async fn watchers_are_limited_per_game() {
    let mut config = satrap_server::Config::in_memory();
    config.max_watchers_per_game = 2;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(2)).await;
    let req = || proto::WatchGameRequest {
        game_id: created.game_id.clone(),
        from_version: 0,
        ..Default::default()
    };
    let _a = c.watch_game(req()).await.unwrap().into_inner();
    let _b = c.watch_game(req()).await.unwrap().into_inner();
    let err = c.watch_game(req()).await.unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted);
}

#[tokio::test]
async fn game_limit_is_resource_exhausted() {
    let mut config = satrap_server::Config::in_memory();
    config.max_games = 1;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    create(&mut c, KS, seats(2), None).await;
    let err = c
        .create_game(proto::CreateGameRequest {
            game_type: KS.into(),
            seats: seats(2),
            seed: None,
            options: None,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted);
}

#[tokio::test]
async fn graceful_shutdown_ends_watch_streams() {
    let server = TestServer::start().await;
    let mut c = GameServiceClient::new(server.channel().await);
    let created = create(&mut c, KS, seats(2), Some(4)).await;
    let mut stream = c
        .watch_game(proto::WatchGameRequest {
            game_id: created.game_id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    stream.next().await.unwrap().unwrap();
    tokio::time::timeout(std::time::Duration::from_secs(10), server.shutdown())
        .await
        .expect("shutdown is prompt");
}

/// Racing clients: of several identical moves sent at once with the same
/// expected_version, exactly one is applied.
#[tokio::test]
async fn concurrent_moves_on_one_version_apply_once() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(3), Some(77)).await;
    let id = created.game_id.clone();
    let snap = snapshot(&mut c, &id, None).await;
    let token = created.seats[snap.to_act[0] as usize].token.clone();
    let list = legal(&mut c, &id, &token).await;
    let pick = list.actions[0].notation.clone();
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (mut c, id, token, pick) = (
            server.client().await,
            id.clone(),
            token.clone(),
            pick.clone(),
        );
        tasks.push(tokio::spawn(async move {
            apply_notation(&mut c, &id, Some(&token), &pick, Some(list.version))
                .await
                .map(|_| ())
                .map_err(|e| e.code())
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(()) => ok += 1,
            Err(code) => assert_eq!(code, Code::Aborted),
        }
    }
    assert_eq!(ok, 1, "exactly one of the racing moves was applied");
    let hist = c
        .get_history(proto::GetHistoryRequest {
            game_id: id.clone(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(hist.entries.len(), 1);
}

/// The typed form of a listed action is accepted like its notation, and the
/// history records it in both forms.
#[tokio::test]
async fn typed_actions_are_accepted() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(15)).await;
    let id = created.game_id.clone();
    let mut rng = Lcg(15);
    for _ in 0..20 {
        let snap = snapshot(&mut c, &id, None).await;
        let token = created.seats[snap.to_act[0] as usize].token.clone();
        let list = legal(&mut c, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].clone();
        let resp = c
            .apply_action(authed(
                proto::ApplyActionRequest {
                    game_id: id.clone(),
                    expected_version: Some(list.version),
                    r#move: Some(proto::apply_action_request::Move::Action(
                        pick.action.clone().unwrap(),
                    )),
                    ..Default::default()
                },
                Some(&token),
            ))
            .await
            .unwrap()
            .into_inner();
        let events = &resp.events;
        assert!(!events.is_empty() && events.iter().all(|e| !e.description.is_empty()));
        let hist = c
            .get_history(proto::GetHistoryRequest {
                game_id: id.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        let last = hist.entries.last().unwrap();
        assert_eq!(last.notation, pick.notation);
        assert_eq!(last.action, pick.action);
    }
}

/// While a game runs, no answer to anyone carries its seed.
#[tokio::test]
async fn no_response_reveals_the_seed_of_a_running_game() {
    use prost::Message;
    let seed: u64 = 0x5EED_1234_ABCD_9876;
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(3), Some(seed)).await;
    let id = created.game_id.clone();
    let leaks = |bytes: &[u8], debug: &str| {
        bytes
            .windows(8)
            .any(|w| w == seed.to_le_bytes() || w == seed.to_be_bytes())
            || debug.contains(&seed.to_string())
            || debug.contains(&format!("{seed:x}"))
    };
    let mut rng = Lcg(5);
    for _ in 0..30 {
        for viewer in [None, Some(0usize), Some(1), Some(2)] {
            let token = viewer.map(|s| created.seats[s].token.clone());
            let snap = snapshot(&mut c, &id, token.as_deref()).await;
            assert!(
                !leaks(&snap.encode_to_vec(), &format!("{snap:?}")),
                "snapshot for {viewer:?}"
            );
            let hist = c
                .get_history(authed(
                    proto::GetHistoryRequest {
                        game_id: id.clone(),
                    },
                    token.as_deref(),
                ))
                .await
                .unwrap()
                .into_inner();
            assert_eq!(hist.seed, None);
            assert!(
                !leaks(&hist.encode_to_vec(), &format!("{hist:?}")),
                "history for {viewer:?}"
            );
        }
        let snap = snapshot(&mut c, &id, None).await;
        let token = created.seats[snap.to_act[0] as usize].token.clone();
        let list = legal(&mut c, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        let resp = apply_notation(&mut c, &id, Some(&token), &pick, Some(list.version))
            .await
            .unwrap();
        assert!(!leaks(&resp.encode_to_vec(), &format!("{resp:?}")));
    }
    let updates: Vec<_> = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .take(31)
        .map(|u| u.unwrap())
        .collect()
        .await;
    for u in updates {
        assert!(
            !leaks(&u.encode_to_vec(), &format!("{u:?}")),
            "watch update {}",
            u.version
        );
    }
}

/// The resume contract: after a dropped stream a client asks for the last
/// version it saw + 1. That version may not exist yet (nearly always, when
/// the client is up to date): the stream then waits for the next move
/// instead of failing. Beyond current + 1 is an error that says how to
/// resume.
#[tokio::test]
async fn resuming_a_watch_at_the_next_version_waits_for_the_next_move() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(41)).await;
    let id = created.game_id.clone();
    let mut rng = Lcg(41);
    let token_of =
        |snap: &proto::GameSnapshot| created.seats[snap.to_act[0] as usize].token.clone();
    for _ in 0..2 {
        let snap = snapshot(&mut c, &id, None).await;
        let token = token_of(&snap);
        let list = legal(&mut c, &id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        apply_notation(&mut c, &id, Some(&token), &pick, Some(list.version))
            .await
            .unwrap();
    }
    let mut resumed = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 3,
            ..Default::default()
        })
        .await
        .expect("current + 1 is accepted")
        .into_inner();
    // Nothing yet: version 3 does not exist.
    let early = tokio::time::timeout(std::time::Duration::from_millis(200), resumed.next()).await;
    assert!(early.is_err(), "no update before the next move: {early:?}");
    let snap = snapshot(&mut c, &id, None).await;
    let token = token_of(&snap);
    let list = legal(&mut c, &id, &token).await;
    apply_notation(
        &mut c,
        &id,
        Some(&token),
        &list.actions[0].notation,
        Some(2),
    )
    .await
    .unwrap();
    let next = resumed.next().await.expect("an update").expect("ok");
    assert_eq!(next.version, 3);
    assert!(!next.events.is_empty());

    let err = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.clone(),
            from_version: 5,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(
        err.message().contains("last version seen + 1"),
        "{}",
        err.message()
    );
}

/// A watcher whose stream is cut every few updates and resumes from the
/// last version it saw + 1 receives every version of a bot game exactly
/// once, while the bots play on in the server's own task.
#[tokio::test]
async fn a_watcher_cut_every_few_updates_sees_every_version_once() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let bots = bot_seats(4, "random");
    let created = create(&mut c, KS, bots, Some(8)).await;
    let mut seen = Vec::new();
    let mut next = 0;
    let mut cuts = 0;
    'streams: loop {
        let mut stream = c
            .watch_game(proto::WatchGameRequest {
                game_id: created.game_id.clone(),
                from_version: next,
                ..Default::default()
            })
            .await
            .expect("resume")
            .into_inner();
        for _ in 0..3 {
            match stream.next().await {
                Some(update) => {
                    let update = update.expect("update");
                    seen.push(update.version);
                    next = update.version + 1;
                }
                None => break 'streams, // the game ended
            }
        }
        cuts += 1; // dropping the stream cuts it
    }
    assert!(cuts > 5, "the stream was cut {cuts} times");
    assert_eq!(seen, (0..next).collect::<Vec<_>>(), "every version once");
    let end = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(end.version + 1, next);
    assert!(end.outcome.is_some());
}
