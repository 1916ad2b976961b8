//! Every registered game (`satrap_catalog::registry()`) through a real
//! server on an ephemeral port: listed as declared with its player counts
//! and bots; whole games for every player count with random legal moves
//! sent as notation and as typed actions; other player counts refused;
//! built-in random bots finishing games, alone and beside a client seat;
//! and every viewer's snapshots, texts, events and history being exactly
//! the game's own redaction for that viewer (so what a game hides stays
//! hidden, and a game with hidden information does hide something).
//!
//! A new game is tested here by being registered. What only one game has
//! (its hidden cards, its simultaneous choices, its view fields) stays in
//! that game's `tests/it/<game>_service.rs`.

use crate::common;

use common::*;
use satrap_catalog::{ActionInput, GameKind, registry};
use satrap_server::proto::{self, apply_action_request::Move};
use tonic::Code;

/// The built-in bots a game offers: the search bots sample worlds from
/// their own view, so every game has them; `montecarlo` reads the whole
/// state, so only games without hidden information offer it.
fn expected_bots(perfect_information: bool) -> Vec<&'static str> {
    if perfect_information {
        vec!["random", "montecarlo", "mcts", "mcts-easy", "mcts-hard"]
    } else {
        vec!["random", "mcts", "mcts-easy", "mcts-hard"]
    }
}

/// Every (game, player count) the registry declares.
fn tables() -> impl Iterator<Item = (&'static GameKind, usize)> {
    registry()
        .iter()
        .flat_map(|kind| (kind.min_players..=kind.max_players).map(move |n| (kind, n)))
}

#[tokio::test]
async fn every_registered_game_is_listed_as_declared() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let types = common::game_types(&mut c).await;
    assert_eq!(types.len(), registry().len());
    for kind in registry() {
        let t = types
            .iter()
            .find(|t| t.id == kind.id)
            .unwrap_or_else(|| panic!("{} listed", kind.id));
        assert_eq!(t.name, kind.name);
        assert_eq!(
            (t.min_players as usize, t.max_players as usize),
            (kind.min_players, kind.max_players),
            "{}",
            kind.id
        );
        assert_eq!(t.description, kind.description);
        assert_eq!(t.rules, kind.rules);
        assert!(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(kind.rules)
                .is_file(),
            "{}: {} exists",
            kind.id,
            kind.rules
        );
        assert_eq!(
            t.bots,
            expected_bots(kind.perfect_information),
            "{}: hidden information offers only bots that search their own view",
            kind.id
        );
        let spaces: Vec<u32> = t.action_spaces.iter().map(|s| s.players).collect();
        let counts: Vec<u32> = (kind.min_players..=kind.max_players)
            .map(|n| n as u32)
            .collect();
        assert_eq!(spaces, counts, "{}", kind.id);
    }
}

/// Play a game of client seats to the end with random legal moves,
/// alternating notation and typed actions (both forms a client may send
/// back from ListLegalActions). Returns the notations played.
async fn play_typed_and_notation(
    c: &mut Client,
    created: &proto::CreateGameResponse,
    rng: &mut Lcg,
) -> Vec<String> {
    let id = &created.game_id;
    let mut played = Vec::new();
    for n in 0..50_000 {
        let snap = snapshot(c, id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            assert!(snap.to_act.is_empty());
            return played;
        }
        let seat = snap.to_act[rng.below(snap.to_act.len())] as usize;
        let token = created.seats[seat].token.clone();
        let list = legal(c, id, &token).await;
        assert_eq!(list.version, snap.version);
        assert!(
            !list.actions.is_empty(),
            "seat {seat} to act has legal actions"
        );
        let pick = &list.actions[rng.below(list.actions.len())];
        let r#move = if n % 2 == 0 {
            Move::Notation(pick.notation.clone())
        } else {
            Move::Action(pick.action.clone().expect("typed action"))
        };
        let resp = c
            .apply_action(authed(
                proto::ApplyActionRequest {
                    game_id: id.clone(),
                    expected_version: Some(list.version),
                    r#move: Some(r#move),
                    ..Default::default()
                },
                Some(&token),
            ))
            .await
            .unwrap_or_else(|e| panic!("legal move {} refused: {e}", pick.notation))
            .into_inner();
        assert_eq!(
            resp.snapshot.expect("snapshot").version,
            list.version + 1,
            "no bot moves here: the answer is our move alone"
        );
        played.push(pick.notation.clone());
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_the_end_for_every_player_count() {
    let server = TestServer::start().await;
    let c = server.client().await;
    all_at_once(tables(), |(kind, players)| {
        let mut c = c.clone();
        async move {
            // At least three games of every kind.
            let counts = (kind.max_players - kind.min_players + 1) as u64;
            for seed in 40..40 + 3u64.div_ceil(counts) {
                let created = create(&mut c, kind.id, seats(players), Some(seed)).await;
                assert_eq!(created.seats.len(), players);
                assert!(created.seats.iter().all(|s| s.token.len() == 64));
                let played =
                    play_typed_and_notation(&mut c, &created, &mut Lcg(seed + players as u64))
                        .await;
                let snap = snapshot(&mut c, &created.game_id, None).await;
                let outcome = snap.outcome.as_ref().expect("outcome present");
                assert_eq!(outcome.results.len(), players, "{}", kind.id);
                assert!(
                    outcome.draw || !outcome.winners.is_empty(),
                    "{}: a winner or a draw",
                    kind.id
                );
                let hist = history(&mut c, &created.game_id, None).await;
                assert_eq!(hist.seed, Some(seed), "seed revealed after the end");
                let notations: Vec<_> = hist.entries.iter().map(|e| e.notation.clone()).collect();
                assert_eq!(notations, played, "{} {players}p", kind.id);
                for (i, e) in hist.entries.iter().enumerate() {
                    assert_eq!(e.version, i as u64 + 1);
                    assert!(!e.hidden, "nothing is hidden once the game is over");
                }
            }
        }
    })
    .await;
}

#[tokio::test]
async fn other_player_counts_are_refused() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for kind in registry() {
        for n in (1..=kind.max_players + 2)
            .filter(|n| !(kind.min_players..=kind.max_players).contains(n))
        {
            let err = c
                .create_game(proto::CreateGameRequest {
                    game_type: kind.id.into(),
                    seats: seats(n),
                    seed: Some(1),
                    options: None,
                    ..Default::default()
                })
                .await
                .expect_err("player count outside the game's");
            assert_eq!(err.code(), Code::InvalidArgument, "{} {n} players", kind.id);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_bots_alone_finish_every_game() {
    let server = TestServer::start().await;
    let c = server.client().await;
    all_at_once(tables(), |(kind, players)| {
        let mut c = c.clone();
        async move {
            let created = create(&mut c, kind.id, bot_seats(players, "random"), Some(5)).await;
            assert!(created.seats.iter().all(|s| s.token.is_empty()));
            let snap = wait_for_end(&mut c, &created.game_id).await;
            assert_eq!(
                snap.status,
                proto::GameStatus::Finished as i32,
                "{}",
                kind.id
            );
            assert!(snap.version > 0 && snap.outcome.is_some());
        }
    })
    .await;
}

/// Play seat 0 with random legal moves while built-in bots play the other
/// seats (in the server's own task), until the game ends. While several
/// seats act at once (simultaneous choices), a bot's move may land between
/// our list and our move: ABORTED, and we list again (the resume contract
/// in docs/api.md).
pub async fn play_seat_0(c: &mut Client, id: &str, token: &str, rng: &mut Lcg) {
    for _ in 0..5000 {
        let snap = wait_for_turn(c, id, Some(token), 0).await;
        assert_eq!(snap.viewer, Some(0));
        if snap.status == proto::GameStatus::Finished as i32 {
            return;
        }
        let list = legal(c, id, token).await;
        if list.actions.is_empty() {
            continue;
        }
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        match apply_notation(c, id, Some(token), &pick, Some(list.version)).await {
            Ok(_) => {}
            Err(status) if status.code() == Code::Aborted => {}
            Err(status) => panic!("legal move refused: {status:?}"),
        }
    }
    panic!("the game did not end in 5000 of our turns");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_bots_play_their_seats_beside_a_client_in_every_game() {
    let server = TestServer::start().await;
    let c = server.client().await;
    all_at_once(tables(), |(kind, players)| {
        let mut c = c.clone();
        async move {
            let mut s = seats(players);
            for seat in s.iter_mut().skip(1) {
                seat.bot = "random".into();
            }
            let created = create(&mut c, kind.id, s, Some(5)).await;
            assert!(
                created.seats[1..].iter().all(|s| s.token.is_empty()),
                "bot seats get no token"
            );
            let token = created.seats[0].token.clone();
            let id = created.game_id.clone();
            play_seat_0(&mut c, &id, &token, &mut Lcg(9)).await;
            let snap = snapshot(&mut c, &id, None).await;
            assert_eq!(
                snap.status,
                proto::GameStatus::Finished as i32,
                "{}",
                kind.id
            );
            assert!(snap.outcome.is_some());
        }
    })
    .await;
}

async fn history(c: &mut Client, id: &str, token: Option<&str>) -> proto::GetHistoryResponse {
    c.get_history(authed(
        proto::GetHistoryRequest { game_id: id.into() },
        token,
    ))
    .await
    .expect("history")
    .into_inner()
}

/// Every viewer's snapshot (view and text) and history of a running game
/// are exactly the game's own redaction for that viewer, computed here on a
/// twin of the game replayed beside the server; the mover's events are its
/// own. A game with hidden information shows some viewer something it
/// shows another viewer differently; a game without shows everybody the
/// same view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_sees_exactly_the_games_own_redaction() {
    let server = TestServer::start().await;
    let c = server.client().await;
    all_at_once(registry(), |kind| {
        let mut c = c.clone();
        async move {
            let players = kind.max_players;
            let seed = 17;
            let created = create(&mut c, kind.id, seats(players), Some(seed)).await;
            let id = created.game_id.clone();
            let token = |s: usize| created.seats[s].token.clone();
            let mut twin = kind.create(None, players, seed).expect("the twin");
            let mut rng = Lcg(seed);
            let mut views_differ = false;
            for _ in 0..20_000 {
                let mut seen = Vec::new();
                for viewer in std::iter::once(None).chain((0..players).map(Some)) {
                    let t = viewer.map(token);
                    let snap = snapshot(&mut c, &id, t.as_deref()).await;
                    assert_eq!(snap.version, twin.version());
                    assert_eq!(snap.viewer, viewer.map(|s| s as u32));
                    assert_eq!(
                        snap.state,
                        Some(twin.view(viewer)),
                        "{} v{}: the view of {viewer:?}",
                        kind.id,
                        twin.version()
                    );
                    assert_eq!(snap.text, twin.text(viewer), "{}", kind.id);
                    seen.push(snap.state);
                }
                views_differ |= seen.iter().any(|s| *s != seen[0]);
                if kind.perfect_information {
                    assert!(
                        seen.iter().all(|s| *s == seen[0]),
                        "{}: a game without hidden information shows everybody the same",
                        kind.id
                    );
                }
                if twin.is_over() {
                    break;
                }
                if twin.version() % 25 == 0 {
                    for viewer in std::iter::once(None).chain((0..players).map(Some)) {
                        let hist = history(&mut c, &id, viewer.map(token).as_deref()).await;
                        assert_eq!(hist.seed, None, "no seed while the game runs");
                        let (got, want) = (hist.entries.last(), twin.last_entry(viewer, false));
                        assert_eq!(got.is_some(), want.is_some());
                        if let (Some(got), Some(want)) = (got, want) {
                            assert_eq!(
                                (&got.notation, &got.action, got.hidden, &got.events),
                                (&want.notation, &want.action, want.hidden, &want.events),
                                "{} v{}: the last entry as {viewer:?} sees it",
                                kind.id,
                                twin.version()
                            );
                        }
                    }
                }
                let to_act = twin.to_act();
                let seat = to_act[rng.below(to_act.len())];
                let list = legal(&mut c, &id, &token(seat)).await;
                let pick = list.actions[rng.below(list.actions.len())].notation.clone();
                let resp =
                    apply_notation(&mut c, &id, Some(&token(seat)), &pick, Some(list.version))
                        .await
                        .expect("legal move accepted");
                twin.apply(seat, ActionInput::Notation(&pick))
                    .expect("the twin takes the same move");
                assert_eq!(
                    resp.events,
                    twin.last_events(Some(seat)),
                    "{}: the mover's events",
                    kind.id
                );
            }
            assert!(twin.is_over(), "{} ended", kind.id);
            assert_eq!(
                views_differ, !kind.perfect_information,
                "{}: hidden information is hidden from someone",
                kind.id
            );
        }
    })
    .await;
}
