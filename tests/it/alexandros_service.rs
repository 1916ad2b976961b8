//! Alexandros over gRPC: a real server on an ephemeral port; finished games
//! show their ending, and no seat's snapshot, text or history shows another
//! seat's hidden cards. What every game does is `every_game.rs`.

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

/// The listing, whole games for every player count and bots are
/// `every_game.rs`; these are Alexandros's own facts.
#[test]
fn alexandros_is_registered_for_2_to_4_players_with_hidden_hands() {
    let kind = satrap_catalog::find(AX).expect("alexandros registered");
    assert_eq!((kind.min_players, kind.max_players), (2, 4));
    assert_eq!(kind.name, "Alexandros");
    assert_eq!(kind.rules, "docs/rules/alexandros.md");
    // Hidden hands (AX-16): no bot that reads the whole state.
    assert!(!kind.perfect_information);
}

#[tokio::test]
async fn finished_games_show_their_ending_for_every_player_count() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for players in 2..=4 {
        let created = create(
            &mut c,
            AX,
            bot_seats(players, "random"),
            Some(40 + players as u64),
        )
        .await;
        let snap = wait_for_end(&mut c, &created.game_id).await;
        assert!(snap.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()));
        let view = ax_view(&snap);
        assert_ne!(view.ending, proto::AlexandrosEnding::Unspecified as i32);
        assert!(snap.version > 50, "{} actions", snap.version);
    }
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
