//! The embedded SQLite default keeps every acknowledged move: a server
//! killed with SIGKILL in the middle of a game comes back with the game at
//! the last acknowledged version, and the game goes on to the end with the
//! same seat tokens.

#[path = "it/common/mod.rs"]
mod common;

use std::path::Path;
use std::time::Duration;

use tokio_stream::StreamExt;

use common::process::Served;
use common::{Client, Lcg, apply_notation, create, legal, seats, snapshot};
use satrap_server::proto::{self, game_service_client::GameServiceClient};

/// A `satrap serve` process with no `--database` flag, so it uses the
/// default `sqlite://satrap.db` in `dir`.
struct Server;

impl Server {
    fn start(dir: &Path) -> Served {
        let served = Served::start(&[], Some(dir));
        assert_eq!(served.database, "sqlite://satrap.db");
        served
    }
}

/// Play `moves` random legal moves, each sent with its expected version;
/// returns the acknowledged notations.
async fn play(
    c: &mut Client,
    created: &proto::CreateGameResponse,
    rng: &mut Lcg,
    moves: usize,
) -> Vec<String> {
    let mut played = Vec::new();
    let client_seat = |s: &u32| !created.seats[*s as usize].token.is_empty();
    for _ in 0..moves {
        // Bot seats move in the server's own task: wait for a client's turn.
        let snap = common::wait_for(c, &created.game_id, None, |s| {
            s.to_act.iter().any(client_seat)
        })
        .await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        let Some(seat) = snap.to_act.iter().find(|s| client_seat(s)) else {
            continue;
        };
        let token = &created.seats[*seat as usize].token;
        let list = legal(c, &created.game_id, token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        apply_notation(c, &created.game_id, Some(token), &pick, Some(list.version))
            .await
            .expect("legal move acknowledged");
        played.push(pick);
    }
    played
}

async fn history(c: &mut Client, id: &str) -> proto::GetHistoryResponse {
    c.get_history(proto::GetHistoryRequest {
        game_id: id.to_owned(),
    })
    .await
    .expect("history")
    .into_inner()
}

#[tokio::test]
async fn kill_9_loses_no_acknowledged_move_and_the_game_continues() {
    let dir = tempdir("kill9");
    let server = Server::start(&dir);
    let mut c = server.client().await;
    let created = create(&mut c, "king_of_siam", seats(3), Some(77)).await;
    // A second game with a bot seat: bots' moves are acknowledged too.
    let mut with_bot = seats(2);
    with_bot[1].bot = "random".into();
    let bot_game = create(&mut c, "king_of_siam", with_bot, Some(78)).await;
    let mut rng = Lcg(5);
    let played = play(&mut c, &created, &mut rng, 20).await;
    assert_eq!(played.len(), 20);
    play(&mut c, &bot_game, &mut rng, 5).await;
    let before = history(&mut c, &bot_game.game_id).await;
    drop(c);
    server.kill_9();

    let server = Server::start(&dir);
    let mut c = server.client().await;
    let snap = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(snap.version, 20, "every acknowledged move survived");
    let log = history(&mut c, &created.game_id).await;
    let notations: Vec<_> = log.entries.iter().map(|e| e.notation.clone()).collect();
    assert_eq!(notations, played);
    // The bot game keeps every move it had; its bot resumes at start-up.
    let after = history(&mut c, &bot_game.game_id).await.entries;
    assert!(after.len() >= before.entries.len());
    assert_eq!(after[..before.entries.len()], before.entries[..]);
    let resumed = common::wait_for_turn(&mut c, &bot_game.game_id, None, 0).await;
    assert!(resumed.to_act.contains(&0) || resumed.outcome.is_some());

    // Same tokens, same game: play it to the end.
    let rest = play(&mut c, &created, &mut rng, 10_000).await;
    let end = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(end.status, proto::GameStatus::Finished as i32);
    assert!(end.outcome.is_some());
    assert_eq!(end.version as usize, 20 + rest.len());
    drop(c);
    server.kill_9();

    // And a finished game stays finished across another restart.
    let server = Server::start(&dir);
    let mut c = server.client().await;
    let again = snapshot(&mut c, &created.game_id, None).await;
    assert_eq!(again.version, end.version);
    assert_eq!(again.outcome, end.outcome);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn moves_acknowledged_just_before_the_kill_survive() {
    let dir = tempdir("burst");
    let server = Server::start(&dir);
    let mut c = server.client().await;
    let created = create(&mut c, "king_of_siam", seats(2), Some(9)).await;
    let mut rng = Lcg(11);
    let played = play(&mut c, &created, &mut rng, 12).await;
    // Kill right after the last acknowledgement, with no other request.
    server.kill_9();
    let server = Server::start(&dir);
    let mut c = server.client().await;
    let log = history(&mut c, &created.game_id).await;
    let notations: Vec<_> = log.entries.iter().map(|e| e.notation.clone()).collect();
    assert_eq!(notations, played);
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-durability-{name}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// kill -9 of the real binary under eight concurrent clients, repeated:
/// after every restart each game's stored log starts with every move its
/// client was told succeeded (a move in flight at the kill may or may not
/// be there: it was never acknowledged). Then every game plays to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_kill_9_under_eight_clients_loses_no_acknowledged_move() {
    const CLIENTS: usize = 8;
    const ROUNDS: usize = 4;
    let dir = tempdir("kill9-loop");
    let mut server = Server::start(&dir);
    let mut c = server.client().await;
    let mut games = Vec::new();
    for i in 0..CLIENTS {
        let mut s = seats(2 + i % 3);
        if i % 4 == 3 {
            s[1].bot = "random".into(); // bots' moves are in the log too
        }
        games.push(create(&mut c, "king_of_siam", s, Some(500 + i as u64)).await);
    }
    // What each client was told succeeded, by version.
    let mut acknowledged: Vec<Vec<(u64, String)>> = vec![Vec::new(); CLIENTS];
    // A feed reader that resumes after every kill from the last sequence
    // it saw: across the kills it must see every event once, in order.
    let mut feed_seen: Vec<u64> = Vec::new();
    let (mut total_acks, mut unacknowledged_kept) = (0usize, 0usize);
    let mut rng = Lcg(99);
    for round in 0..ROUNDS {
        let feed = tokio::spawn(read_feed(
            server.addr.clone(),
            feed_seen.last().copied().unwrap_or(0),
            None,
        ));
        let mut tasks = Vec::new();
        for (i, created) in games.iter().cloned().enumerate() {
            let addr = server.addr.clone();
            tasks.push(tokio::spawn(async move {
                let mut acks = Vec::new();
                let Ok(mut c) = GameServiceClient::connect(format!("http://{addr}")).await else {
                    return acks;
                };
                let mut rng = Lcg((round * 100 + i) as u64);
                // Play until the connection dies with the server.
                for _ in 0..10_000 {
                    let Ok(snap) = c
                        .get_game(proto::GetGameRequest {
                            game_id: created.game_id.clone(),
                            ..Default::default()
                        })
                        .await
                    else {
                        return acks;
                    };
                    let Some(snap) = snap.into_inner().snapshot else {
                        return acks;
                    };
                    if snap.status == proto::GameStatus::Finished as i32 {
                        return acks;
                    }
                    let Some(&seat) = snap
                        .to_act
                        .iter()
                        .find(|s| snap.seats[**s as usize].bot.is_empty())
                    else {
                        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                        continue;
                    };
                    let token = &created.seats[seat as usize].token;
                    let Ok(list) = c
                        .list_legal_actions(common::authed(
                            proto::ListLegalActionsRequest {
                                game_id: created.game_id.clone(),
                                ..Default::default()
                            },
                            Some(token),
                        ))
                        .await
                    else {
                        return acks;
                    };
                    let list = list.into_inner();
                    if list.actions.is_empty() {
                        continue;
                    }
                    let pick = list.actions[rng.below(list.actions.len())].notation.clone();
                    match apply_notation(
                        &mut c,
                        &created.game_id,
                        Some(token),
                        &pick,
                        Some(list.version),
                    )
                    .await
                    {
                        Ok(_) => acks.push((list.version + 1, pick)),
                        Err(s) if s.code() == tonic::Code::Aborted => {}
                        Err(_) => return acks,
                    }
                }
                acks
            }));
        }
        // Let them play, then SIGKILL in the middle of it.
        tokio::time::sleep(std::time::Duration::from_millis(
            150 + rng.below(400) as u64,
        ))
        .await;
        server.kill_9();
        feed_seen.extend(feed.await.expect("feed task"));
        for (i, t) in tasks.into_iter().enumerate() {
            let acks = t.await.expect("client task");
            total_acks += acks.len();
            acknowledged[i].extend(acks);
        }
        server = Server::start(&dir);
        let mut c = server.client().await;
        for (i, created) in games.iter().enumerate() {
            let log = history(&mut c, &created.game_id).await.entries;
            for (version, notation) in &acknowledged[i] {
                let entry = log.get(*version as usize - 1).unwrap_or_else(|| {
                    panic!("round {round}: game {i} lost acknowledged version {version}")
                });
                assert_eq!(
                    &entry.notation, notation,
                    "round {round}: game {i} v{version}"
                );
            }
            let last_ack = acknowledged[i].last().map_or(0, |(v, _)| *v);
            let client_moves_after = log[last_ack as usize..]
                .iter()
                .filter(|e| !created.seats[e.seat as usize].token.is_empty())
                .count();
            // At most the one move in flight at the kill was kept unacknowledged.
            assert!(
                client_moves_after <= 1,
                "game {i}: {client_moves_after} unacknowledged moves kept"
            );
            unacknowledged_kept += client_moves_after;
        }
    }
    // Every game goes on to its end with the same tokens.
    let mut c = server.client().await;
    for created in &games {
        let mut rng = Lcg(7);
        common::play_to_end(&mut c, created, &mut rng).await;
    }
    // The feed: resumed after the last kill, it reaches the same end as a
    // reader from the start, with nothing missed or repeated.
    let all = read_feed(server.addr.clone(), 0, Some(Duration::from_secs(2))).await;
    let rest = read_feed(
        server.addr.clone(),
        feed_seen.last().copied().unwrap_or(0),
        Some(Duration::from_secs(2)),
    )
    .await;
    feed_seen.extend(rest);
    assert!(all.len() >= 2 * CLIENTS, "{all:?}");
    assert_eq!(feed_seen, all, "the resumed feed missed or repeated events");
    eprintln!(
        "kill -9 loop: {ROUNDS} kills under {CLIENTS} clients, {total_acks} acknowledged moves all kept, {unacknowledged_kept} moves in flight kept unacknowledged; the feed resumed after each kill: {} events, none missed or repeated",
        all.len()
    );
    drop(c);
    server.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sequences of the feed after `after` on the server at `addr`, read
/// until the stream ends (the server was killed) or, with `idle`, until no
/// event came for that long.
async fn read_feed(addr: String, after: u64, idle: Option<Duration>) -> Vec<u64> {
    let mut seen = Vec::new();
    let Ok(mut c) = GameServiceClient::connect(format!("http://{addr}")).await else {
        return seen;
    };
    let Ok(stream) = c
        .watch_events(proto::WatchEventsRequest {
            after_sequence: after,
        })
        .await
    else {
        return seen;
    };
    let mut stream = stream.into_inner();
    loop {
        let next = match idle {
            Some(idle) => match tokio::time::timeout(idle, stream.message()).await {
                Ok(next) => next,
                Err(_) => return seen,
            },
            None => stream.message().await,
        };
        match next {
            Ok(Some(event)) => seen.push(event.sequence),
            _ => return seen,
        }
    }
}

/// A rated game's end changes the ratings exactly once, whether the server
/// dies before the end's transaction commits (the end is not recorded: the
/// game's bots play the last move again after the restart) or right after
/// it (recorded: the restart changes nothing).
#[tokio::test]
async fn a_rated_end_rates_once_across_a_crash_at_every_point_of_its_commit() {
    use common::access::{key, with_key};
    use satrap_server::access::Role;
    for point in ["end-before-commit", "end-after-commit"] {
        let dir = tempdir(point);
        let site = key("site", Role::Creator);
        std::fs::write(dir.join("keys"), format!("{}\n", site.line)).expect("keys file");
        let args = ["--api-keys-file", "keys"];
        let mut crashing =
            Served::start_with_env(&args, Some(&dir), &[("SATRAP_CRASH_POINT", point)]);
        let mut c = crashing.client().await;
        let req = proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: vec![
                common::bot_seats(1, "random").remove(0),
                common::bot_seats(1, "mcts-easy").remove(0),
            ],
            rated: true,
            ..Default::default()
        };
        let id = c
            .create_game(with_key(req, Some(&site.key), None))
            .await
            .expect("rated game")
            .into_inner()
            .game_id;
        assert!(
            crashing.exited_within(std::time::Duration::from_secs(60)),
            "{point}: the server reached the crash point"
        );

        let served = Served::start(&args, Some(&dir));
        let mut c = served.client().await;
        let end = common::wait_for(&mut c, &id, None, |_| false).await;
        assert_eq!(end.status, proto::GameStatus::Finished as i32, "{point}");
        let ratings = c
            .get_ratings(proto::GetRatingsRequest {
                game_type: "king_of_siam".into(),
                player_ids: vec!["bot:random".into(), "bot:mcts-easy".into()],
            })
            .await
            .expect("ratings")
            .into_inner()
            .ratings;
        for r in &ratings {
            assert_eq!(r.games, 1, "{point}: {} rated exactly once", r.player_id);
        }
        let mut feed = c
            .watch_events(with_key(
                proto::WatchEventsRequest::default(),
                Some(&site.key),
                None,
            ))
            .await
            .expect("feed")
            .into_inner();
        let mut kinds = Vec::new();
        while let Ok(Some(Ok(e))) =
            tokio::time::timeout(std::time::Duration::from_millis(800), feed.next()).await
        {
            kinds.push(match e.event {
                Some(proto::feed_event::Event::Created(_)) => "created",
                Some(proto::feed_event::Event::Started(_)) => "started",
                Some(proto::feed_event::Event::Finished(_)) => "finished",
                _ => "other",
            });
        }
        assert_eq!(kinds, ["created", "started", "finished"], "{point}");
    }
}

/// A player was queued when its server died (kill -9) and the server comes
/// back on its file: the ticket the dead process held lapsed with it, so
/// the player queues again at once (no ALREADY_EXISTS) and is matched.
#[tokio::test]
async fn a_player_queued_when_the_server_died_queues_again_at_once() {
    use satrap_server::access::{Role, keys};
    let dir = tempdir("queue-kill9");
    let pat = keys::generate("pat", Role::Player).expect("key");
    std::fs::write(dir.join("keys"), format!("{}\n", pat.line)).expect("keys");
    let args = ["--api-keys-file", "keys"];
    let queue = |c: &mut Client| {
        let mut req = tonic::Request::new(proto::FindMatchRequest {
            game_type: "king_of_siam".into(),
            players: 2,
            bot_fill_after_seconds: Some(1),
            bot: "random".into(),
            ..Default::default()
        });
        req.metadata_mut()
            .insert("x-api-key", pat.key.parse().expect("key header"));
        let mut c = c.clone();
        async move {
            c.find_match(req)
                .await
                .expect("queued at once")
                .into_inner()
        }
    };
    let server = Served::start(&args, Some(&dir));
    let mut c = server.client().await;
    let mut old = queue(&mut c).await;
    let first = old.message().await.expect("update").expect("not the end");
    assert!(matches!(
        first.update,
        Some(proto::match_update::Update::Queued(_))
    ));
    server.kill_9();
    let server = Served::start(&args, Some(&dir));
    let mut c = server.client().await;
    let mut again = queue(&mut c).await;
    let found = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(update) = again.message().await.expect("update") {
            if let Some(proto::match_update::Update::Found(f)) = update.update {
                return f;
            }
        }
        panic!("the queue stream ended without a match");
    })
    .await
    .expect("matched in time");
    let snap = found.snapshot.expect("snapshot");
    let seat = found.seat.expect("seat").seat as usize;
    assert_eq!(snap.seats[seat].player_id, "pat");
    drop(again);
    server.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}
