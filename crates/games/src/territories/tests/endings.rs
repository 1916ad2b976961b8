//! Section 6 (end of the game), section 7 (hidden information) and
//! section 8 (randomness and replay).

use super::*;
use crate::territories::state::{Ending, GameResult};
use satrap_engine::GameRng;

#[test]
fn end_1_fifteen_points_win_at_once() {
    let mut s = g0();
    for x in 0..5 {
        put(&mut s, 0, x, 0, Kind::Town);
    }
    put(&mut s, 0, 0, 1, Kind::Capital);
    put(&mut s, 0, 1, 1, Kind::Fort);
    put(&mut s, 0, 2, 1, Kind::Palace);
    put(&mut s, 0, 3, 1, Kind::Temple);
    assert_eq!(s.points(0), 14);
    hold(&mut s, 0, "HSCDHSCD");
    let events = act(&mut s, 0, "TOWN 5,4");
    assert!(matches!(
        events.last(),
        Some(Event::GameEnded {
            winner: Some(0),
            ending: Ending::Points,
            ..
        })
    ));
    assert_eq!(s.phase, Phase::Over);
    rejected(&s, 0, "TOWN 5,3", "END-1");
    rejected(&s, 0, "END", "END-1");
    assert!(Territories::to_act(&s).is_empty());
}

#[test]
fn end_2_points_are_the_buildings_on_the_board() {
    let mut s = g0();
    put(&mut s, 1, 0, 0, Kind::Town);
    put(&mut s, 1, 1, 0, Kind::Barracks);
    put(&mut s, 1, 2, 0, Kind::Capital);
    hold(&mut s, 1, "HHHHSSSSCCCCDDDD");
    give_cards(&mut s, 1, &["6D", "2C"]);
    assert_eq!(s.points(1), 6, "resources and cards are worth nothing");
    assert_eq!(s.points(0), 0);
}

#[test]
fn end_3_homeless_for_two_own_turns_loses() {
    let mut s = g0();
    put(&mut s, 0, 0, 0, Kind::Town);
    s.active = 1;
    s.turn = 22;
    act(&mut s, 1, "END");
    assert_eq!(s.player(1).homeless, 1);
    // The opponent's turn neither increases nor resets the counter.
    s.phase = Phase::Main;
    act(&mut s, 0, "END");
    assert_eq!(s.player(1).homeless, 1);
    s.phase = Phase::Main;
    let events = act(&mut s, 1, "END");
    assert!(events.contains(&Event::TurnEnded {
        seat: 1,
        homeless: 2
    }));
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(0),
            ending: Ending::Homeless
        })
    );
}

#[test]
fn end_4_turn_limit_more_points_wins_equal_draws() {
    let mut s = g0();
    s.turn = 400;
    s.active = 1;
    put(&mut s, 0, 0, 0, Kind::Town);
    put(&mut s, 1, 1, 0, Kind::Fort);
    act(&mut s, 1, "END");
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(1),
            ending: Ending::TurnLimit
        })
    );
    let mut t = g0();
    t.turn = 400;
    t.active = 1;
    put(&mut t, 0, 0, 0, Kind::Town);
    put(&mut t, 1, 1, 0, Kind::Town);
    act(&mut t, 1, "END");
    assert_eq!(
        t.result,
        Some(GameResult {
            winner: None,
            ending: Ending::TurnLimit
        })
    );
    let o = Territories::outcome(&t).unwrap();
    assert!(o.draw && o.winners.is_empty());
    // Turn 399 ends normally.
    let mut u = g0();
    u.turn = 399;
    put(&mut u, 0, 0, 0, Kind::Town);
    act(&mut u, 0, "END");
    assert!(u.result.is_none());
}

#[test]
fn end_5_resignation_is_not_an_action_of_the_rules() {
    assert!(parse_action("RESIGN").is_err());
    let s = g0();
    assert!(
        legal(&s, 0)
            .iter()
            .all(|a| !format!("{a:?}").contains("Resign"))
    );
}

#[test]
fn end_6_outcome_report() {
    let mut s = g0();
    put(&mut s, 0, 0, 0, Kind::Capital);
    put(&mut s, 1, 1, 0, Kind::Town);
    assert!(Territories::outcome(&s).is_none());
    s.result = Some(GameResult {
        winner: Some(1),
        ending: Ending::Homeless,
    });
    s.phase = Phase::Over;
    let o = Territories::outcome(&s).unwrap();
    assert_eq!(o.winners, vec![1]);
    assert!(!o.draw);
    assert_eq!(o.ending, "homeless");
    assert_eq!((o.results[0].rank, o.results[0].score), (2, 3));
    assert_eq!((o.results[1].rank, o.results[1].score), (1, 1));
    assert!(o.summary.contains("seat 1 wins"));
    s.result = Some(GameResult {
        winner: None,
        ending: Ending::TurnLimit,
    });
    let o = Territories::outcome(&s).unwrap();
    assert!(o.draw && o.results.iter().all(|r| r.rank == 1));
}

#[test]
fn hid_1_public_information_for_everyone() {
    let mut s = g0();
    put(&mut s, 0, 0, 0, Kind::Town);
    hold(&mut s, 0, "HHSD");
    give_cards(&mut s, 1, &["QH", "2C"]);
    s.discard_pile.push(card("9D"));
    let v = Territories::view(&s, None);
    assert_eq!(
        v.players[0].resources,
        res("HHSD"),
        "resource hands are public"
    );
    assert_eq!(v.players[1].territory_count, 2);
    assert_eq!(v.bank, s.bank);
    assert_eq!(v.draw_pile_size as usize, s.draw_pile.len());
    assert_eq!(v.discard_pile, vec![card("9D")]);
    assert_eq!(v.grid.len(), 20);
    assert_eq!(v.buildings.len(), 1);
    assert_eq!(v.players[0].supply.get(Kind::Town), 7);
}

#[test]
fn hid_2_drawn_cards_are_private() {
    let mut s = g0();
    s.phase = Phase::Roll;
    dice(&mut s, &[3, 4]);
    let events = act(&mut s, 0, "ROLL");
    let drawn = events
        .iter()
        .find(|e| matches!(e, Event::CardDrawn { .. }))
        .unwrap();
    let mine = Territories::event_for(drawn, Some(0)).unwrap();
    let theirs = Territories::event_for(drawn, Some(1)).unwrap();
    let spectator = Territories::event_for(drawn, None).unwrap();
    assert_eq!(
        mine,
        Event::CardDrawn {
            seat: 0,
            card: Some(card("6D")),
            drawn: true
        }
    );
    assert_eq!(
        theirs,
        Event::CardDrawn {
            seat: 0,
            card: None,
            drawn: true
        }
    );
    assert_eq!(spectator, theirs);
    assert_eq!(Territories::view(&s, Some(1)).players[0].hand, None);
    assert!(!Territories::render_text(&s, Some(1)).contains("6D"));
    assert!(Territories::render_text(&s, Some(0)).contains("6D"));
}

#[test]
fn hid_3_views_own_hand_and_publicly_known_cards() {
    let mut s = g0();
    put(&mut s, 0, 3, 1, Kind::Fort);
    hold(&mut s, 0, "HH");
    give_cards(&mut s, 0, &["6D", "QH"]);
    dice(&mut s, &[1]);
    act(&mut s, 0, "SWAP 2,2 6D"); // 8S into the hand, openly; H paid (forced)
    for viewer in [None, Some(1)] {
        let v = Territories::view(&s, viewer);
        assert_eq!(v.players[0].known_cards, vec![card("8S")]);
        assert_eq!(v.players[0].territory_count, 2);
        assert_eq!(v.players[0].hand, None);
        let text = Territories::render_text(&s, viewer);
        assert!(text.contains("8S") && !text.contains("QH"));
    }
    let own = Territories::view(&s, Some(0));
    assert_eq!(own.players[0].hand, Some(vec![card("QH"), card("8S")]));
    // A draft is public.
    s.players[1].resources = res("C");
    rebank(&mut s);
    act(&mut s, 0, "GIVE H");
    assert!(Territories::view(&s, None).offer.is_some());
}

#[test]
fn rng_1_one_seeded_source() {
    let a = Territories::new_game(&Options::default(), 2, 5).unwrap();
    let b = Territories::new_game(&Options::default(), 2, 5).unwrap();
    let c = Territories::new_game(&Options::default(), 2, 6).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.grid, c.grid);
    assert!(
        !format!("{a:?}").contains("ChaCha"),
        "the generator is never printed"
    );
}

#[test]
fn rng_2_order_of_use() {
    // Shuffle, opening rolls, then each production roll d1, d2.
    let seed = 12;
    let mut rng = GameRng::from_seed(seed);
    let mut deck = Card::deck();
    rng.shuffle(&mut deck);
    let mut s = Territories::new_game(&Options::default(), 2, seed).unwrap();
    for _ in &s.opening_rolls {
        for _ in 0..4 {
            rng.below(6);
        }
    }
    let (p1, p2) = (s.p1, s.p2());
    for (seat, at) in [(p1, "0,0"), (p2, "1,0"), (p2, "2,0"), (p1, "3,0")] {
        act(&mut s, seat, &format!("PLACE {at}"));
    }
    let d1 = rng.below(6) as u8 + 1;
    let d2 = rng.below(6) as u8 + 1;
    let events = act(&mut s, p1, "ROLL");
    assert_eq!(events[0], Event::Rolled { seat: p1, d1, d2 });
}

#[test]
fn rng_3_dice_and_fisher_yates() {
    let mut s = g0();
    for _ in 0..200 {
        let d = s.die();
        assert!((1..=6).contains(&d));
    }
    // Fisher-Yates from the back, one uniform j in 0..=i per position.
    let mut a = GameRng::from_seed(9);
    let mut b = GameRng::from_seed(9);
    let mut items: Vec<u32> = (0..10).collect();
    a.shuffle(&mut items);
    let mut manual: Vec<u32> = (0..10).collect();
    for i in (1..manual.len()).rev() {
        let j = b.below(i as u32 + 1) as usize;
        manual.swap(i, j);
    }
    assert_eq!(items, manual);
}

#[test]
fn rng_4_seed_and_actions_replay_the_game() {
    let mut s = Territories::new_game(&Options::default(), 2, 21).unwrap();
    let mut log = Vec::new();
    let mut chooser = GameRng::from_seed(4);
    for _ in 0..400 {
        let Some(seat) = Territories::to_act(&s).first().copied() else {
            break;
        };
        let l = legal(&s, seat);
        let a = l[chooser.index(l.len())];
        Territories::apply(&mut s, seat, &a).unwrap();
        log.push((seat, a));
    }
    let mut r = Territories::new_game(&Options::default(), 2, 21).unwrap();
    for (seat, a) in &log {
        Territories::apply(&mut r, *seat, a).unwrap();
    }
    assert_eq!(r, s);
}

#[test]
fn rng_5_scripted_dice_come_first() {
    let mut s = g0();
    let rng = s.rng.clone();
    dice(&mut s, &[6, 6, 1]);
    assert_eq!((s.die(), s.die(), s.die()), (6, 6, 1));
    assert_eq!(s.rng, rng, "the generator is untouched while scripted");
    s.die();
    assert_ne!(s.rng, rng);
}
