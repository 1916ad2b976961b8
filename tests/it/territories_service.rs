//! Territories over gRPC: a real server on an ephemeral port, whole games
//! played with random legal moves taken from ListLegalActions (sent as
//! notation and as typed actions), a game against the built-in random bot,
//! and the hidden-information check of section 7 on live snapshots.

use crate::common;

use common::*;
use satrap_server::proto::{self, territories_event as pe};
use tonic::Code;

const TR: &str = "territories";

/// The Territories view of a snapshot.
fn view(snap: &proto::GameSnapshot) -> &proto::TerritoriesView {
    match &snap.state {
        Some(proto::game_snapshot::State::Territories(v)) => v,
        other => panic!("not a Territories view: {other:?}"),
    }
}

/// Play a game of client seats to the end, alternating notation and typed
/// actions; returns the number of actions.
async fn play_typed_and_notation(
    c: &mut Client,
    created: &proto::CreateGameResponse,
    rng: &mut Lcg,
) -> usize {
    let id = &created.game_id;
    for n in 0..50_000 {
        let snap = snapshot(c, id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            let outcome = snap.outcome.expect("finished game has an outcome");
            assert_eq!(outcome.results.len(), 2);
            assert!(snap.to_act.is_empty());
            return n;
        }
        let seat = snap.to_act[0] as usize;
        let token = created.seats[seat].token.clone();
        let list = legal(c, id, &token).await;
        assert!(
            !list.actions.is_empty(),
            "seat {seat} to act has legal actions"
        );
        let pick = &list.actions[rng.below(list.actions.len())];
        let r#move = if n % 2 == 0 {
            proto::apply_action_request::Move::Notation(pick.notation.clone())
        } else {
            proto::apply_action_request::Move::Action(pick.action.clone().expect("typed action"))
        };
        c.apply_action(authed(
            proto::ApplyActionRequest {
                game_id: id.clone(),
                expected_version: Some(list.version),
                r#move: Some(r#move),
                ..Default::default()
            },
            Some(&token),
        ))
        .await
        .unwrap_or_else(|e| panic!("legal move {} refused: {e}", pick.notation));
    }
    panic!("game did not end");
}

#[tokio::test]
async fn territories_is_listed_for_two_players_with_the_random_bot() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let types = common::game_types(&mut c).await;
    let t = types
        .iter()
        .find(|t| t.id == TR)
        .expect("territories listed");
    assert_eq!((t.min_players, t.max_players), (2, 2));
    assert_eq!(t.name, "Territories");
    assert_eq!(t.rules, "docs/rules/territories.md");
    assert_eq!(
        t.bots,
        vec!["random", "mcts", "mcts-easy", "mcts-hard"],
        "hidden cards: only bots that search their own view"
    );
}

#[tokio::test]
async fn plays_whole_games_over_grpc() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for seed in 0..3u64 {
        let created = create(&mut c, TR, seats(2), Some(seed)).await;
        assert_eq!(created.seats.len(), 2);
        let n = play_typed_and_notation(&mut c, &created, &mut Lcg(seed + 200)).await;
        let hist = c
            .get_history(proto::GetHistoryRequest {
                game_id: created.game_id.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(hist.entries.len(), n);
        assert_eq!(hist.seed, Some(seed), "seed revealed after the end");
    }
}

#[tokio::test]
async fn other_player_counts_are_refused() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for n in [1, 3, 4] {
        let err = c
            .create_game(proto::CreateGameRequest {
                game_type: TR.into(),
                seats: seats(n),
                seed: Some(1),
                options: None,
                ..Default::default()
            })
            .await
            .expect_err("only 2 players");
        assert_eq!(err.code(), Code::InvalidArgument, "{n} players");
    }
}

#[tokio::test]
async fn a_game_against_the_random_bot_ends() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut seat_requests = seats(2);
    seat_requests[1].bot = "random".into();
    let created = create(&mut c, TR, seat_requests, Some(9)).await;
    let id = &created.game_id;
    let token = created.seats[0].token.clone();
    let mut rng = Lcg(9);
    for _ in 0..50_000 {
        let snap = snapshot(&mut c, id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            assert!(snap.outcome.is_some());
            return;
        }
        if snap.to_act != [0] {
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            continue;
        }
        let list = legal(&mut c, id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        apply_notation(&mut c, id, Some(&token), &pick, Some(list.version))
            .await
            .expect("legal move accepted");
    }
    panic!("the game against the bot did not end");
}

#[tokio::test]
async fn snapshots_and_events_hide_other_hands() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, TR, seats(2), Some(4)).await;
    let id = &created.game_id;
    let mut rng = Lcg(4);
    let mut checked = 0;
    for _ in 0..20_000 {
        let snap = snapshot(&mut c, id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        // Whenever a seat holds private territory cards, the other seat and
        // the spectator see only their number.
        for owner in 0..2usize {
            let own = snapshot(&mut c, id, Some(&created.seats[owner].token)).await;
            let mine = &view(&own).players[owner];
            assert!(mine.hand_visible);
            assert_eq!(mine.hand.len() as u32, mine.territory_count);
            let private: Vec<String> = mine
                .hand
                .iter()
                .filter(|h| !mine.known_cards.contains(h))
                .map(|h| h.name.clone())
                .collect();
            if private.is_empty() {
                continue;
            }
            let other = 1 - owner;
            let theirs = snapshot(&mut c, id, Some(&created.seats[other].token)).await;
            for s in [&theirs, &snap] {
                let p = &view(s).players[owner];
                assert!(p.hand.is_empty() && !p.hand_visible);
                assert_eq!(p.territory_count, mine.territory_count);
                let words: Vec<&str> = s
                    .text
                    .split(|ch: char| !ch.is_ascii_alphanumeric())
                    .collect();
                for name in &private {
                    assert!(!words.contains(&name.as_str()), "{name} shown in the text");
                }
            }
            checked += 1;
        }
        let seat = snap.to_act[0] as usize;
        let token = created.seats[seat].token.clone();
        let list = legal(&mut c, id, &token).await;
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        let resp = apply_notation(&mut c, id, Some(&token), &pick, Some(list.version))
            .await
            .expect("legal move accepted");
        // The mover sees its own draws; the history shows others' draws hidden.
        for e in &resp.events {
            if let Some(proto::game_event::Event::Territories(t)) = &e.event
                && let Some(pe::Kind::CardDrawn(d)) = &t.kind
                && d.drawn
            {
                assert_eq!(d.card.is_some(), d.seat as usize == seat);
            }
        }
        if checked > 40 {
            break;
        }
    }
    assert!(checked > 0, "some seat held private cards");
    let other_view = c
        .get_history(authed(
            proto::GetHistoryRequest {
                game_id: id.clone(),
            },
            Some(&created.seats[0].token),
        ))
        .await
        .unwrap()
        .into_inner();
    for entry in &other_view.entries {
        for e in &entry.events {
            if let Some(proto::game_event::Event::Territories(t)) = &e.event
                && let Some(pe::Kind::CardDrawn(d)) = &t.kind
                && d.seat == 1
            {
                assert!(d.card.is_none(), "seat 0 sees a card seat 1 drew");
            }
        }
    }
}
