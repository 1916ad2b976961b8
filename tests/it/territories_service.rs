//! Territories over gRPC: the hidden-information check of section 7 on live
//! snapshots and events. What every game does (whole games as notation and
//! typed actions, other player counts, the random bot) is `every_game.rs`.

use crate::common;

use common::*;
use satrap_server::proto::{self, territories_event as pe};

const TR: &str = "territories";

/// The Territories view of a snapshot.
fn view(snap: &proto::GameSnapshot) -> &proto::TerritoriesView {
    match &snap.state {
        Some(proto::game_snapshot::State::Territories(v)) => v,
        other => panic!("not a Territories view: {other:?}"),
    }
}

/// The listing, whole games (as notation and typed actions), other player
/// counts and games against the random bot are `every_game.rs`; these are
/// Territories' own facts.
#[test]
fn territories_is_registered_for_two_players_with_hidden_cards() {
    let kind = satrap_catalog::find(TR).expect("territories registered");
    assert_eq!((kind.min_players, kind.max_players), (2, 2));
    assert_eq!(kind.name, "Territories");
    assert_eq!(kind.rules, "docs/rules/territories.md");
    // Territory cards in hand are private (HID-3): only bots that search
    // their own view.
    assert!(!kind.perfect_information);
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
