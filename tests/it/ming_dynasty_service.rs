//! Ming Dynasty over gRPC: a real server on an ephemeral port; finished
//! games say so in the view, a search bot plays its seat through the
//! simultaneous return selections, and no seat's snapshot, events or history
//! shows another seat's open choice. What every game does (whole games for
//! every player count, random bots beside a client while several seats act
//! at once) is `every_game.rs`.

use crate::common;

use crate::every_game::play_seat_0;
use common::*;
use satrap_server::proto::{self, game_snapshot::State};

const MD: &str = "ming_dynasty";

fn md_view(snap: &proto::GameSnapshot) -> &proto::MingDynastyView {
    #[allow(unreachable_patterns)]
    match snap.state.as_ref() {
        Some(State::MingDynasty(v)) => v,
        _ => panic!("not a Ming Dynasty view"),
    }
}

/// The listing, whole games for every player count and random bots
/// beside a client are `every_game.rs`; these are Ming Dynasty's own facts.
#[test]
fn ming_dynasty_is_registered_for_2_to_4_players_with_hidden_information() {
    let kind = satrap_catalog::find(MD).expect("ming_dynasty registered");
    assert_eq!((kind.min_players, kind.max_players), (2, 4));
    assert_eq!(kind.name, "Ming Dynasty");
    // The supply order and the secret return choices (MD-55) are hidden:
    // only bots that search their own view.
    assert!(!kind.perfect_information);
}

#[tokio::test]
async fn finished_games_say_so_in_the_view_for_every_player_count() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for players in 2..=4 {
        let created = create(
            &mut c,
            MD,
            bot_seats(players, "random"),
            Some(40 + players as u64),
        )
        .await;
        let snap = wait_for_end(&mut c, &created.game_id).await;
        assert!(snap.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()));
        assert!(md_view(&snap).game_over);
    }
}

#[tokio::test]
async fn an_mcts_bot_plays_its_seat_through_the_service() {
    // Hidden information (the supply order, the secret return choices):
    // the server's search bot plays seat 1 to the end, including the
    // simultaneous selections, and the client is only asked for seat 0.
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut s = seats(2);
    s[1].bot = "mcts-easy".into();
    let created = create(&mut c, MD, s, Some(21)).await;
    let token = created.seats[0].token.clone();
    let id = created.game_id.clone();
    let mut rng = Lcg(4);
    play_seat_0(&mut c, &id, &token, &mut rng).await;
    let snap = snapshot(&mut c, &id, None).await;
    assert_eq!(snap.status, proto::GameStatus::Finished as i32);
    assert!(snap.outcome.is_some());
}

/// Section 7: while the selection is open, a committed seat's cards appear
/// in its own snapshot, events and history only.
#[tokio::test]
async fn a_seat_never_sees_another_seats_return_choice() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let mut checked = 0;
    for seed in 0..6u64 {
        let created = create(&mut c, MD, seats(3), Some(seed)).await;
        let id = created.game_id.clone();
        let tok = |s: usize| created.seats[s].token.clone();
        let mut rng = Lcg(seed);
        loop {
            let snap = snapshot(&mut c, &id, None).await;
            if snap.status == proto::GameStatus::Finished as i32 {
                break;
            }
            let v = md_view(&snap);
            let selecting = v.phase == proto::MingDynastyPhase::SelectReturns as i32;
            let city = v.city.clone();
            let seat = snap.to_act[0] as usize;
            let list = legal(&mut c, &id, &tok(seat)).await;
            let pick = list.actions[rng.below(list.actions.len())].notation.clone();
            let resp = apply_notation(&mut c, &id, Some(&tok(seat)), &pick, Some(list.version))
                .await
                .expect("legal move accepted");
            if !selecting {
                continue;
            }
            let after = snapshot(&mut c, &id, None).await;
            let others: Vec<usize> = after.to_act.iter().map(|s| *s as usize).collect();
            // Still the same selection (the commit was not the last one).
            if md_view(&after).phase != proto::MingDynastyPhase::SelectReturns as i32
                || md_view(&after).city != city
                || others.is_empty()
                || others.contains(&seat)
            {
                continue;
            }
            // The committer's own snapshot and events show its cards...
            let own = snapshot(&mut c, &id, Some(&tok(seat))).await;
            assert!(md_view(&own).seats[seat].committed);
            assert!(!md_view(&own).seats[seat].return_cards.is_empty());
            assert!(resp.events.iter().any(|e| matches!(
                &e.event,
                Some(proto::game_event::Event::MingDynasty(m))
                    if matches!(&m.kind, Some(proto::ming_dynasty_event::Kind::ReturnCommitted(r)) if !r.cards.is_empty())
            )));
            // ...a waiting seat's and the spectator's show only the commitment.
            for viewer in [Some(tok(others[0])), None] {
                let snap = snapshot(&mut c, &id, viewer.as_deref()).await;
                let sv = &md_view(&snap).seats[seat];
                assert!(sv.committed);
                assert!(sv.return_cards.is_empty(), "choice leaked to {viewer:?}");
                assert!(!snap.text.contains(&format!("seat {seat} chose")));
                let hist = history(&mut c, &id, viewer.as_deref()).await;
                let last = hist.entries.last().expect("entry");
                assert!(last.hidden && last.notation.is_empty() && last.action.is_none());
                for e in &last.events {
                    if let Some(proto::game_event::Event::MingDynasty(m)) = &e.event
                        && let Some(proto::ming_dynasty_event::Kind::ReturnCommitted(r)) = &m.kind
                    {
                        assert!(r.cards.is_empty(), "choice leaked in history");
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "no open selection with a waiting seat was seen"
    );
}
