//! Alexandros over gRPC: a real server on an ephemeral port plays whole games
//! for 2, 3 and 4 players with random legal moves, and no seat's snapshot,
//! text or history shows another seat's hidden cards.

use crate::common;

use common::*;
use satrap_server::proto;
use satrap_server::proto::alexandros_event::Kind as EventKind;

const AX: &str = "alexandros";

fn ax_view(snap: &proto::GameSnapshot) -> &proto::AlexandrosView {
    match &snap.state {
        Some(proto::game_snapshot::State::Alexandros(v)) => v,
        other => panic!("not an Alexandros view: {other:?}"),
    }
}

#[tokio::test]
async fn lists_alexandros_with_the_random_bot_only() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let types = common::game_types(&mut c).await;
    let ax = types
        .iter()
        .find(|t| t.id == AX)
        .expect("alexandros listed");
    assert_eq!((ax.min_players, ax.max_players), (2, 4));
    assert_eq!(ax.name, "Alexandros");
    assert_eq!(ax.rules, "docs/rules/alexandros.md");
    // Hidden hands: no bot that reads the whole state; the mcts bots
    // search worlds sampled from their own view.
    assert_eq!(ax.bots, vec!["random", "mcts", "mcts-easy", "mcts-hard"]);
}

#[tokio::test]
async fn plays_whole_games_for_every_player_count() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for players in 2..=4 {
        let created = create(&mut c, AX, seats(players), Some(40 + players as u64)).await;
        assert_eq!(created.seats.len(), players);
        let played = play_to_end(&mut c, &created, &mut Lcg(players as u64)).await;
        assert!(played.len() > 50, "{} actions", played.len());
        let snap = snapshot(&mut c, &created.game_id, None).await;
        let outcome = snap.outcome.as_ref().expect("outcome present");
        assert!(!outcome.winners.is_empty());
        assert_eq!(outcome.results.len(), players);
        let view = ax_view(&snap);
        assert_ne!(view.ending, proto::AlexandrosEnding::Unspecified as i32);
        let hist = c
            .get_history(proto::GetHistoryRequest {
                game_id: created.game_id.clone(),
            })
            .await
            .expect("history")
            .into_inner();
        let notations: Vec<_> = hist.entries.iter().map(|e| e.notation.clone()).collect();
        assert_eq!(notations, played);
    }
}

#[tokio::test]
async fn random_bots_finish_a_game() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut s = seats(3);
    for seat in s.iter_mut() {
        seat.bot = "random".into();
    }
    let created = create(&mut c, AX, s, Some(5)).await;
    for _ in 0..600 {
        let snap = snapshot(&mut c, &created.game_id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            assert!(snap.outcome.is_some());
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the bots did not finish the game");
}

#[tokio::test]
async fn seats_see_only_their_own_hand_and_draws() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, AX, seats(3), Some(11)).await;
    let id = created.game_id.clone();
    let token = |s: usize| created.seats[s].token.clone();
    let mut rng = Lcg(9);
    // Play until some seat has drawn from the deck, preferring deck draws.
    let mut drawer = None;
    for _ in 0..400 {
        let snap = snapshot(&mut c, &id, None).await;
        let seat = snap.to_act[0] as usize;
        let list = legal(&mut c, &id, &token(seat)).await;
        let pick = list
            .actions
            .iter()
            .find(|a| a.notation == "TAKE_CARD DECK")
            .map(|a| a.notation.clone())
            .unwrap_or_else(|| list.actions[rng.below(list.actions.len())].notation.clone());
        apply_notation(&mut c, &id, Some(&token(seat)), &pick, Some(list.version))
            .await
            .expect("legal move accepted");
        if pick == "TAKE_CARD DECK" {
            drawer = Some(seat);
            break;
        }
    }
    let drawer = drawer.expect("a deck draw happened");
    for viewer in 0..3 {
        let snap = snapshot(&mut c, &id, Some(&token(viewer))).await;
        let view = ax_view(&snap);
        for s in &view.seats {
            assert_eq!(
                s.hand.is_some(),
                s.seat as usize == viewer,
                "seat {viewer} sees the hand of seat {}",
                s.seat
            );
        }
        assert_eq!(snap.text.matches("hand [").count(), 1);
        // Nobody else sees the drawn card in the history.
        let hist = c
            .get_history(authed(
                proto::GetHistoryRequest {
                    game_id: id.clone(),
                },
                Some(&token(viewer)),
            ))
            .await
            .expect("history")
            .into_inner();
        assert_eq!(hist.seed, None, "no seed while the game runs");
        let last = hist.entries.last().expect("entries");
        let drawn: Vec<i32> = last
            .events
            .iter()
            .filter_map(|e| match &e.event {
                Some(proto::game_event::Event::Alexandros(proto::AlexandrosEvent {
                    kind: Some(EventKind::CardTaken(t)),
                })) => Some(t.symbol),
                _ => None,
            })
            .collect();
        assert_eq!(drawn.len(), 1);
        let unspecified = proto::AlexandrosSymbol::Unspecified as i32;
        assert_eq!(drawn[0] != unspecified, viewer == drawer, "viewer {viewer}");
    }
    let spectator = snapshot(&mut c, &id, None).await;
    assert!(ax_view(&spectator).seats.iter().all(|s| s.hand.is_none()));
    assert!(!spectator.text.contains("hand ["));
}
