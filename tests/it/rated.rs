//! Rated play through the real server: matchmaking (FindMatch), ratings
//! changed once by a rated game's end, the leaderboard, the feed
//! (WatchEvents) and its resumption, and the errors.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use satrap_rating::{Placing, Rating};
use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto;
use tokio_stream::StreamExt;
use tonic::Code;

use crate::common::access::{Key, code_of, key, keys_file, server_with_keys, with_key};
use crate::common::{Client, Lcg, TestServer, play_to_end};

const GAME: &str = "king_of_siam";

fn find(players: u32, rated: bool) -> proto::FindMatchRequest {
    proto::FindMatchRequest {
        game_type: GAME.into(),
        players,
        rated,
        ..Default::default()
    }
}

/// Queue with `key` and wait for the match (at most `within`).
pub async fn matched(
    client: &mut Client,
    req: proto::FindMatchRequest,
    key: Option<&str>,
    within: Duration,
) -> proto::MatchFound {
    let mut stream = client
        .find_match(with_key(req, key, None))
        .await
        .expect("FindMatch")
        .into_inner();
    let found = tokio::time::timeout(within, async {
        while let Some(update) = stream.next().await {
            match update.expect("update").update {
                Some(proto::match_update::Update::Found(f)) => return f,
                Some(proto::match_update::Update::Queued(q)) => {
                    assert!(q.position >= 1 && q.position <= q.waiting, "{q:?}");
                }
                None => panic!("an empty update"),
            }
        }
        panic!("the stream ended without a match");
    })
    .await
    .expect("matched in time");
    // The stream ends after the match.
    assert!(stream.next().await.is_none());
    found
}

/// The match as a CreateGameResponse with the seats this test holds.
fn as_created(
    game_id: &str,
    players: usize,
    held: &[&proto::MatchFound],
) -> proto::CreateGameResponse {
    let mut seats: Vec<proto::SeatCredential> = (0..players)
        .map(|i| proto::SeatCredential {
            seat: i as u32,
            ..Default::default()
        })
        .collect();
    for f in held {
        let seat = f.seat.clone().expect("seat");
        let i = seat.seat as usize;
        seats[i] = seat;
    }
    proto::CreateGameResponse {
        game_id: game_id.into(),
        seats,
        ..Default::default()
    }
}

async fn ratings(client: &mut Client, players: &[&str]) -> Vec<proto::PlayerRating> {
    client
        .get_ratings(proto::GetRatingsRequest {
            game_type: GAME.into(),
            player_ids: players.iter().map(|p| p.to_string()).collect(),
        })
        .await
        .expect("GetRatings")
        .into_inner()
        .ratings
}

fn keyed(test: &str, keys: &[&Key]) -> std::path::PathBuf {
    keys_file(test, keys)
}

#[tokio::test]
async fn two_players_queue_are_matched_play_and_are_rated_once() {
    let (ann, bob) = (key("ann", Role::Player), key("bob", Role::Player));
    let server = server_with_keys(keyed("rated-two", &[&ann, &bob])).await;
    let mut a = server.client().await;
    let mut b = server.client().await;
    let wait = Duration::from_secs(20);
    let (fa, fb) = tokio::join!(
        matched(&mut a, find(2, true), Some(&ann.key), wait),
        matched(&mut b, find(2, true), Some(&bob.key), wait),
    );
    assert_eq!(fa.game_id, fb.game_id, "one game");
    assert!(fa.rated && fb.rated);
    let (sa, sb) = (
        fa.seat.clone().expect("seat"),
        fb.seat.clone().expect("seat"),
    );
    assert_ne!(sa.seat, sb.seat);
    assert!(!sa.token.is_empty() && !sb.token.is_empty());
    let snap = fa.snapshot.clone().expect("snapshot");
    assert!(snap.rated);
    assert_eq!(snap.viewer, Some(sa.seat));
    let ids: BTreeSet<&str> = snap.seats.iter().map(|s| s.player_id.as_str()).collect();
    assert_eq!(ids, BTreeSet::from(["ann", "bob"]));

    let created = as_created(&fa.game_id, 2, &[&fa, &fb]);
    play_to_end(&mut a, &created, &mut Lcg(5)).await;
    let end = crate::common::snapshot(&mut a, &fa.game_id, None).await;
    let outcome = end.outcome.expect("outcome");

    // The expected numbers: Weng-Lin from the start, ranks as the outcome.
    let placing = |seat: u32| Placing {
        team: seat as usize,
        rank: outcome.results[seat as usize].rank,
    };
    let expected = satrap_rating::rate(
        &[Rating::START, Rating::START],
        &[placing(sa.seat), placing(sb.seat)],
    )
    .expect("rate");
    let got = ratings(&mut a, &["ann", "bob"]).await;
    for (r, e) in got.iter().zip(&expected) {
        assert_eq!(r.games, 1, "{r:?}");
        assert!((r.rating - e.rating).abs() < 1e-9, "{r:?} vs {e:?}");
        assert!((r.uncertainty - e.uncertainty).abs() < 1e-9);
        assert!((r.display - (e.rating - 3.0 * e.uncertainty)).abs() < 1e-9);
    }
    let wins: u64 = got.iter().map(|r| r.wins).sum();
    assert_eq!(wins as usize, outcome.winners.len());

    // The leaderboard lists both, best first, with places.
    let board = a
        .list_leaderboard(proto::ListLeaderboardRequest {
            game_type: GAME.into(),
            page_size: 1,
            ..Default::default()
        })
        .await
        .expect("leaderboard")
        .into_inner();
    assert_eq!(board.ratings.len(), 1);
    assert_eq!(board.ratings[0].place, 1);
    let rest = a
        .list_leaderboard(proto::ListLeaderboardRequest {
            game_type: GAME.into(),
            page_size: 1,
            page_token: board.next_page_token.clone(),
        })
        .await
        .expect("page 2")
        .into_inner();
    assert_eq!(rest.ratings[0].place, 2);
    assert!(board.ratings[0].display >= rest.ratings[0].display);
    assert!(rest.next_page_token.is_empty());

    // One paging rule for every List call: a page over the maximum is
    // served as the maximum; a token the server did not give (made up, or
    // another game's) is INVALID_ARGUMENT.
    let all = a
        .list_leaderboard(proto::ListLeaderboardRequest {
            game_type: GAME.into(),
            page_size: 1_000,
            ..Default::default()
        })
        .await
        .expect("a page over the maximum")
        .into_inner();
    assert_eq!(all.ratings.len(), 2);
    for (game_type, token) in [
        (GAME, "+1"),
        (GAME, "+0"),
        (GAME, "1"),
        (GAME, "garbage"),
        ("territories", board.next_page_token.as_str()),
    ] {
        let refused = a
            .list_leaderboard(proto::ListLeaderboardRequest {
                game_type: game_type.into(),
                page_size: 1,
                page_token: token.into(),
            })
            .await
            .expect_err("a token the server did not give");
        assert_eq!(refused.code(), Code::InvalidArgument, "{token:?}");
    }
}

#[tokio::test]
async fn parallel_queuers_are_matched_into_disjoint_games() {
    disjoint_matches(&[&TestServer::start().await], 8).await;
}

#[tokio::test]
async fn parallel_queuers_are_matched_into_disjoint_games_on_sqlite() {
    let dir = crate::common::access::temp_dir("rated-sqlite");
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", dir.join("games.db").display());
    disjoint_matches(&[&TestServer::start_with(config).await], 8).await;
}

/// `n` casual players queue at once for two-player games, spread over
/// `servers` (replicas of one store): `n / 2` games, every player in
/// exactly one.
pub async fn disjoint_matches(servers: &[&TestServer], n: usize) {
    let mut tasks = Vec::new();
    for i in 0..n {
        let mut c = servers[i % servers.len()].client().await;
        tasks.push(tokio::spawn(async move {
            matched(&mut c, find(2, false), None, Duration::from_secs(30)).await
        }));
    }
    let mut games: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for t in tasks {
        let f = t.await.expect("task");
        games
            .entry(f.game_id.clone())
            .or_default()
            .push(f.seat.expect("seat").seat);
    }
    assert_eq!(games.len(), n / 2, "{games:?}");
    for seats in games.values() {
        let mut s = seats.clone();
        s.sort();
        assert_eq!(s, vec![0, 1], "each game has both seats once: {games:?}");
    }
}

#[tokio::test]
async fn bots_fill_after_the_chosen_wait_and_are_rated_too() {
    let ann = key("ann", Role::Player);
    let server = server_with_keys(keyed("rated-fill", &[&ann])).await;
    let mut a = server.client().await;
    let req = proto::FindMatchRequest {
        bot_fill_after_seconds: Some(1),
        bot: "random".into(),
        name: "Ann".into(),
        ..find(2, true)
    };
    let f = matched(&mut a, req, Some(&ann.key), Duration::from_secs(20)).await;
    let snap = f.snapshot.clone().expect("snapshot");
    let bot = snap
        .seats
        .iter()
        .find(|s| !s.bot.is_empty())
        .expect("a bot seat");
    assert_eq!(bot.player_id, "bot:random");
    assert_eq!(f.seat.as_ref().map(|s| s.name.as_str()), Some("Ann"));
    play_to_end(&mut a, &as_created(&f.game_id, 2, &[&f]), &mut Lcg(9)).await;
    let got = ratings(&mut a, &["ann", "bot:random"]).await;
    assert!(got.iter().all(|r| r.games == 1), "{got:?}");
    assert_eq!(got[0].name, "Ann");
}

#[tokio::test]
async fn queueing_is_refused_clearly() {
    // An open server: casual only.
    let open = TestServer::start().await;
    let mut c = open.client().await;
    let status = c
        .find_match(find(2, true))
        .await
        .expect_err("rated refused");
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(status.message().contains("rated"), "{}", status.message());
    assert_eq!(
        code_of(
            c.find_match(proto::FindMatchRequest {
                players: 9,
                ..find(9, false)
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        code_of(
            c.find_match(proto::FindMatchRequest {
                game_type: "chess".into(),
                ..find(2, false)
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        code_of(
            c.find_match(proto::FindMatchRequest {
                bot: "deep-blue".into(),
                ..find(2, false)
            })
            .await
        ),
        Code::InvalidArgument
    );

    // A keyed server: a key is needed, a player plays as itself, once.
    let (ann, site) = (key("ann", Role::Player), key("site", Role::Creator));
    let server = server_with_keys(keyed("rated-errors", &[&ann, &site])).await;
    let mut c = server.client().await;
    assert_eq!(
        code_of(c.find_match(find(2, false)).await),
        Code::Unauthenticated
    );
    let other = proto::FindMatchRequest {
        player_id: "bob".into(),
        ..find(2, true)
    };
    assert_eq!(
        code_of(c.find_match(with_key(other, Some(&ann.key), None)).await),
        Code::PermissionDenied
    );
    assert_eq!(
        code_of(
            c.find_match(with_key(find(2, true), Some(&site.key), None))
                .await
        ),
        Code::FailedPrecondition,
        "a creator key must name its user for a rated game"
    );
    let mut first = c
        .find_match(with_key(find(2, true), Some(&ann.key), None))
        .await
        .expect("queued")
        .into_inner();
    let _ = first.next().await.expect("a queued update").expect("ok");
    // A second FindMatch of the same player replaces the first (a player
    // whose replica died queues again at once): the first stream ends
    // with ABORTED, and the player is queued once.
    let mut second = c
        .find_match(with_key(find(3, true), Some(&ann.key), None))
        .await
        .expect("the newer request replaces the older")
        .into_inner();
    let _ = second.next().await.expect("a queued update").expect("ok");
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match first.next().await {
                Some(Ok(_)) => continue,
                Some(Err(s)) => return s,
                None => panic!("the replaced stream ended without saying why"),
            }
        }
    })
    .await
    .expect("the replaced stream ends");
    assert_eq!(ended.code(), Code::Aborted, "{ended:?}");
    assert!(ended.message().contains("replaced"), "{}", ended.message());
    // Leaving the stream leaves the queue.
    drop(second);
    drop(first);
    let mut again = c
        .find_match(with_key(find(2, true), Some(&ann.key), None))
        .await
        .expect("queued again")
        .into_inner();
    let _ = again.next().await.expect("a queued update").expect("ok");
    drop(again);

    // Rated CreateGame: no client seed, a player in every seat.
    let seats = vec![
        proto::SeatRequest {
            name: "u1".into(),
            player_id: "u1".into(),
            ..Default::default()
        },
        proto::SeatRequest {
            name: "bot".into(),
            bot: "random".into(),
            ..Default::default()
        },
    ];
    let rated = proto::CreateGameRequest {
        game_type: GAME.into(),
        seats: seats.clone(),
        rated: true,
        ..Default::default()
    };
    let seeded = proto::CreateGameRequest {
        seed: Some(1),
        ..rated.clone()
    };
    assert_eq!(
        code_of(c.create_game(with_key(seeded, Some(&site.key), None)).await),
        Code::InvalidArgument
    );
    let anonymous = proto::CreateGameRequest {
        seats: vec![
            proto::SeatRequest {
                name: "x".into(),
                ..Default::default()
            },
            seats[1].clone(),
        ],
        ..rated.clone()
    };
    assert_eq!(
        code_of(
            c.create_game(with_key(anonymous, Some(&site.key), None))
                .await
        ),
        Code::InvalidArgument
    );
    // One visibility rule: a rated game is public.
    let private = proto::CreateGameRequest {
        private: true,
        ..rated.clone()
    };
    let refused = c
        .create_game(with_key(private, Some(&site.key), None))
        .await
        .expect_err("a private rated game is refused");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("public"),
        "{}",
        refused.message()
    );
    // One seat per player: a backend's user cannot take two seats.
    let twice = proto::CreateGameRequest {
        seats: vec![seats[0].clone(), seats[0].clone()],
        ..rated.clone()
    };
    let refused = c
        .create_game(with_key(twice, Some(&site.key), None))
        .await
        .expect_err("two seats of one player are refused");
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("one seat"),
        "{}",
        refused.message()
    );
    let made = c
        .create_game(with_key(rated, Some(&site.key), None))
        .await
        .expect("rated game")
        .into_inner();
    let snap = made.snapshot.expect("snapshot");
    assert!(snap.rated);
    assert_eq!(
        snap.seats[0].player_id, "site/u1",
        "a backend's users live in its namespace"
    );
    assert_eq!(snap.seats[1].player_id, "bot:random");
}

/// Every event of `stream` until `n` have come (at most 30 s).
async fn take_events(
    stream: &mut tonic::Streaming<proto::FeedEvent>,
    n: usize,
) -> Vec<proto::FeedEvent> {
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), async {
        while got.len() < n {
            got.push(stream.next().await.expect("open").expect("event"));
        }
    })
    .await
    .expect("events in time");
    got
}

fn kind(e: &proto::FeedEvent) -> &'static str {
    use proto::feed_event::Event as E;
    match e.event {
        Some(E::Created(_)) => "created",
        Some(E::Started(_)) => "started",
        Some(E::Finished(_)) => "finished",
        Some(E::Aborted(_)) => "aborted",
        Some(E::Deleted(_)) => "deleted",
        Some(E::TournamentStarted(_)) => "tournament_started",
        Some(E::TournamentRoundPaired(_)) => "tournament_round_paired",
        Some(E::TournamentFinished(_)) => "tournament_finished",
        Some(E::TournamentCancelled(_)) => "tournament_cancelled",
        None => "none",
    }
}

#[tokio::test]
async fn the_feed_shows_each_game_once_in_order_and_resumes_without_loss() {
    let (ops, site, other) = (
        key("ops", Role::Admin),
        key("site", Role::Creator),
        key("other", Role::Creator),
    );
    let server = server_with_keys(keyed("rated-feed", &[&ops, &site, &other])).await;
    let mut c = server.client().await;
    let bots_game = |rated: bool| proto::CreateGameRequest {
        game_type: GAME.into(),
        seats: vec![
            proto::SeatRequest {
                name: "R".into(),
                bot: "random".into(),
                ..Default::default()
            },
            proto::SeatRequest {
                name: "E".into(),
                bot: "mcts-easy".into(),
                ..Default::default()
            },
        ],
        rated,
        ..Default::default()
    };
    let mine = c
        .create_game(with_key(bots_game(true), Some(&site.key), None))
        .await
        .expect("create")
        .into_inner()
        .game_id;
    let theirs = c
        .create_game(with_key(bots_game(false), Some(&other.key), None))
        .await
        .expect("create")
        .into_inner()
        .game_id;

    // The admin sees both games: created, started, finished.
    let mut all = c
        .watch_events(with_key(
            proto::WatchEventsRequest::default(),
            Some(&ops.key),
            None,
        ))
        .await
        .expect("feed")
        .into_inner();
    let events = take_events(&mut all, 6).await;
    let seqs: Vec<u64> = events.iter().map(|e| e.sequence).collect();
    assert_eq!(seqs, (1..=6).collect::<Vec<u64>>(), "gapless and in order");
    for id in [&mine, &theirs] {
        let kinds: Vec<&str> = events
            .iter()
            .filter(|e| &e.game_id == id)
            .map(kind)
            .collect();
        assert_eq!(kinds, ["created", "started", "finished"], "{id}");
    }
    let finished = events
        .iter()
        .find(|e| e.game_id == mine && kind(e) == "finished")
        .expect("finished");
    let Some(proto::feed_event::Event::Finished(f)) = &finished.event else {
        unreachable!()
    };
    assert!(f.rated);
    assert_eq!(f.rating_changes.len(), 2);
    let ids: BTreeSet<&str> = f
        .rating_changes
        .iter()
        .map(|c| c.player_id.as_str())
        .collect();
    assert_eq!(ids, BTreeSet::from(["bot:mcts-easy", "bot:random"]));
    for change in &f.rating_changes {
        let (before, after) = (
            change.before.as_ref().expect("b"),
            change.after.as_ref().expect("a"),
        );
        assert_eq!((before.games, after.games), (0, 1));
        assert!(after.uncertainty < before.uncertainty);
    }

    // Resume from the middle: the rest, once, nothing before.
    let mut resumed = c
        .watch_events(with_key(
            proto::WatchEventsRequest { after_sequence: 3 },
            Some(&ops.key),
            None,
        ))
        .await
        .expect("feed")
        .into_inner();
    let rest = take_events(&mut resumed, 3).await;
    assert_eq!(
        rest.iter().map(|e| e.sequence).collect::<Vec<_>>(),
        vec![4, 5, 6]
    );
    crate::common::access::admin(&server)
        .await
        .delete_game(with_key(
            proto::DeleteGameRequest {
                game_id: theirs.clone(),
            },
            Some(&ops.key),
            None,
        ))
        .await
        .expect("delete");
    let deleted = take_events(&mut resumed, 1).await;
    assert_eq!((deleted[0].sequence, kind(&deleted[0])), (7, "deleted"));
    assert!(
        tokio::time::timeout(Duration::from_millis(600), resumed.next())
            .await
            .is_err(),
        "nothing more"
    );

    // A creator key sees only its own games; a player key none.
    let mut own = c
        .watch_events(with_key(
            proto::WatchEventsRequest::default(),
            Some(&site.key),
            None,
        ))
        .await
        .expect("feed")
        .into_inner();
    let own_events = take_events(&mut own, 3).await;
    assert!(
        own_events
            .iter()
            .all(|e| e.game_id == mine && e.owner == "key:site")
    );
}

#[tokio::test]
async fn a_resigned_rated_game_is_rated_and_an_aborted_one_is_not() {
    let (site, ops) = (key("site", Role::Creator), key("ops", Role::Admin));
    let server = server_with_keys(keyed("rated-resign", &[&site, &ops])).await;
    let mut c = server.client().await;
    let rated_game = || proto::CreateGameRequest {
        game_type: GAME.into(),
        seats: vec![
            proto::SeatRequest {
                name: "Ann".into(),
                player_id: "ann".into(),
                ..Default::default()
            },
            proto::SeatRequest {
                name: "Bob".into(),
                player_id: "bob".into(),
                ..Default::default()
            },
        ],
        rated: true,
        ..Default::default()
    };
    // Ann resigns at once: the random bot plays her seat to the end, and
    // the game counts for both.
    let made = c
        .create_game(with_key(rated_game(), Some(&site.key), None))
        .await
        .expect("rated game")
        .into_inner();
    c.resign(crate::common::authed(
        proto::ResignRequest {
            game_id: made.game_id.clone(),
        },
        Some(&made.seats[0].token),
    ))
    .await
    .expect("resign");
    play_to_end(&mut c, &made, &mut Lcg(3)).await;
    let ids = ["site/ann", "site/bob"];
    let after_resign = ratings(&mut c, &ids).await;
    assert!(
        after_resign.iter().all(|r| r.games == 1),
        "{after_resign:?}"
    );

    // An aborted rated game changes nobody's rating.
    let aborted = c
        .create_game(with_key(rated_game(), Some(&site.key), None))
        .await
        .expect("rated game")
        .into_inner();
    crate::common::access::admin(&server)
        .await
        .abort_game(with_key(
            proto::AbortGameRequest {
                game_id: aborted.game_id.clone(),
            },
            Some(&ops.key),
            None,
        ))
        .await
        .expect("abort");
    let after_abort = ratings(&mut c, &ids).await;
    assert_eq!(after_abort, after_resign, "an aborted game is not rated");
}

/// Read `feed` until an event about `until` arrives (at most 10 s); every
/// game id seen on the way, in order.
async fn feed_until(feed: &mut tonic::Streaming<proto::FeedEvent>, until: &str) -> Vec<String> {
    let mut seen = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(event) = feed.next().await {
            let event = event.expect("feed event");
            seen.push(event.game_id.clone());
            if event.game_id == until {
                return;
            }
        }
        panic!("the feed ended before {until}");
    })
    .await
    .unwrap_or_else(|_| panic!("no event about {until} within 10 s: {seen:?}"));
    seen
}

async fn open_feed(c: &mut Client, key: Option<&str>) -> tonic::Streaming<proto::FeedEvent> {
    c.watch_events(with_key(
        proto::WatchEventsRequest { after_sequence: 0 },
        key,
        None,
    ))
    .await
    .expect("WatchEvents")
    .into_inner()
}

/// A private game with one client seat against a bot, made with `key`.
async fn private_game(
    c: &mut Client,
    key: Option<&str>,
    private: bool,
) -> proto::CreateGameResponse {
    c.create_game(with_key(
        proto::CreateGameRequest {
            game_type: GAME.into(),
            seats: vec![
                proto::SeatRequest {
                    name: "Ann".into(),
                    ..Default::default()
                },
                proto::SeatRequest {
                    name: "Bot".into(),
                    bot: "random".into(),
                    ..Default::default()
                },
            ],
            private,
            ..Default::default()
        },
        key,
        None,
    ))
    .await
    .expect("CreateGame")
    .into_inner()
}

/// The one visibility rule, walked with a stranger's credentials: a
/// private game shows on no read path to a caller without one of its
/// tokens, its owner's key or an admin key (a rated game cannot be private
/// at all, so the leaderboard and GetRatings never hold one; see
/// `queueing_is_refused_clearly`).
#[tokio::test]
async fn a_private_game_is_on_no_public_surface() {
    let (site, stranger, root) = (
        key("site", Role::Creator),
        key("stranger", Role::Creator),
        key("root", Role::Admin),
    );
    let server = server_with_keys(keyed("visibility", &[&site, &stranger, &root])).await;
    let mut c = server.client().await;
    let mut stranger_feed = open_feed(&mut c, Some(&stranger.key)).await;
    let mut owner_feed = open_feed(&mut c, Some(&site.key)).await;
    let mut admin_feed = open_feed(&mut c, Some(&root.key)).await;

    let secret = private_game(&mut c, Some(&site.key), true).await;
    let id = secret.game_id.clone();
    // A public game of the stranger's, made after it: the stranger's feed
    // reaching it has passed the private game's events by.
    let public = private_game(&mut c, Some(&stranger.key), false).await;

    let seen = feed_until(&mut stranger_feed, &public.game_id).await;
    assert!(
        !seen.contains(&id),
        "the stranger's feed showed it: {seen:?}"
    );
    assert!(feed_until(&mut owner_feed, &id).await.contains(&id));
    assert!(feed_until(&mut admin_feed, &id).await.contains(&id));

    // Every read of one game: the NOT_FOUND of an unknown id, with no key
    // and with the stranger's key.
    for k in [None, Some(stranger.key.as_str())] {
        let get = c
            .get_game(with_key(
                proto::GetGameRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                k,
                None,
            ))
            .await;
        assert_eq!(code_of(get), Code::NotFound);
        let history = c
            .get_history(with_key(
                proto::GetHistoryRequest {
                    game_id: id.clone(),
                },
                k,
                None,
            ))
            .await;
        assert_eq!(code_of(history), Code::NotFound);
        let watch = c
            .watch_game(with_key(
                proto::WatchGameRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                k,
                None,
            ))
            .await;
        let watch_code = match watch {
            Err(s) => s.code(),
            Ok(stream) => {
                let mut stream = stream.into_inner();
                match stream.next().await {
                    Some(Err(s)) => s.code(),
                    other => panic!("a stranger watched a private game: {other:?}"),
                }
            }
        };
        assert_eq!(watch_code, Code::NotFound);
        let join = c
            .join_game(with_key(
                proto::JoinGameRequest {
                    game_id: id.clone(),
                    ..Default::default()
                },
                k,
                None,
            ))
            .await;
        assert_eq!(code_of(join), Code::NotFound);
    }
    // Lists: not the stranger's ListGames; its owner's and an admin's,
    // marked private.
    let listed = |key: &str| {
        let mut c = c.clone();
        let key = key.to_owned();
        async move {
            c.list_games(with_key(
                proto::ListGamesRequest {
                    page_size: 100,
                    ..Default::default()
                },
                Some(&key),
                None,
            ))
            .await
            .expect("ListGames")
            .into_inner()
            .games
        }
    };
    let strangers = listed(&stranger.key).await;
    assert!(strangers.iter().any(|g| g.game_id == public.game_id));
    assert!(!strangers.iter().any(|g| g.game_id == id), "{strangers:?}");
    for key in [&root.key, &site.key] {
        assert!(
            listed(key)
                .await
                .iter()
                .any(|g| g.game_id == id && g.private)
        );
    }
    // The seat's own token still sees it.
    let seen = c
        .get_game(with_key(
            proto::GetGameRequest {
                game_id: id.clone(),
                ..Default::default()
            },
            None,
            Some(&secret.seats[0].token),
        ))
        .await
        .expect("its seat sees it");
    assert!(seen.into_inner().snapshot.expect("snapshot").private);
}

/// On a server without keys everyone's feed is the public one: a private
/// game's events reach nobody (there is no owner key to show them to).
#[tokio::test]
async fn an_open_server_s_feed_leaves_private_games_out() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut feed = open_feed(&mut c, None).await;
    let secret = private_game(&mut c, None, true).await;
    let public = private_game(&mut c, None, false).await;
    let seen = feed_until(&mut feed, &public.game_id).await;
    assert!(!seen.contains(&secret.game_id), "{seen:?}");
    // Resumed from the start, the catch-up from the store leaves it out too.
    let mut again = open_feed(&mut c, None).await;
    let seen = feed_until(&mut again, &public.game_id).await;
    assert!(!seen.contains(&secret.game_id), "{seen:?}");
}
