//! The worked examples of section 9, on fixture G0 with scripted dice.

use super::*;
use crate::territories::grid::{intersections, share_a_card, touching};
use crate::territories::state::{DecisionKind, Ending, GameResult};

#[test]
fn example_1_geometry() {
    let s = g0();
    let points = intersections(&s.grid);
    assert_eq!(points.len(), 30);
    let n = |k: usize| {
        points
            .iter()
            .filter(|p| touching(&s.grid, **p).len() == k)
            .count()
    };
    assert_eq!((n(4), n(2), n(1)), (12, 14, 4));
    let t = |x, y| -> Vec<Card> {
        touching(&s.grid, pt(x, y))
            .iter()
            .map(|(_, c)| *c)
            .collect()
    };
    assert_eq!(t(0, 0), vec![card("8H")]);
    assert_eq!(t(3, 0), vec![card("QD"), card("5C")]);
    assert_eq!(
        t(2, 1),
        vec![card("3S"), card("QD"), card("9C"), card("9S")]
    );
    assert_eq!(t(5, 4), vec![card("5D")]);
    // The table of touched cards.
    assert_eq!(
        t(1, 1),
        vec![card("8H"), card("3S"), card("4D"), card("9C")]
    );
    assert_eq!(
        t(3, 1),
        vec![card("QD"), card("5C"), card("9S"), card("JH")]
    );
    assert_eq!(
        t(4, 1),
        vec![card("5C"), card("10H"), card("JH"), card("2D")]
    );
    assert_eq!(t(5, 1), vec![card("10H"), card("2D")]);
    assert_eq!(
        t(2, 2),
        vec![card("9C"), card("9S"), card("5H"), card("8S")]
    );
    assert_eq!(
        t(3, 2),
        vec![card("9S"), card("JH"), card("8S"), card("3D")]
    );
    assert_eq!(t(5, 2), vec![card("2D"), card("6S")]);
    assert_eq!(
        t(1, 3),
        vec![card("10C"), card("5H"), card("6C"), card("JS")]
    );
    assert_eq!(
        t(4, 3),
        vec![card("3D"), card("6S"), card("QC"), card("5D")]
    );
    assert!(!points.contains(&pt(6, 2)));
    let mut b = g0();
    hold(&mut b, 0, "HSCD");
    rejected(&b, 0, "TOWN 6,2", "TR-17");
    assert!(share_a_card(&s.grid, pt(2, 1), pt(3, 1)));
    assert!(!share_a_card(&s.grid, pt(2, 1), pt(4, 3)));
}

/// Example 2's setup, continued by example 3.
fn example_2_state() -> State {
    let mut s = g0();
    s.opening_rolls = vec![[4, 2, 3, 3], [5, 6, 2, 1]];
    s.p1 = 0;
    s.active = 0;
    s.turn = 0;
    s.phase = Phase::Setup(0);
    act(&mut s, 0, "PLACE 1,1");
    rejected(&s, 1, "PLACE 1,1", "SET-5");
    act(&mut s, 1, "PLACE 3,2");
    act(&mut s, 1, "PLACE 2,2");
    act(&mut s, 0, "PLACE 4,1");
    s
}

#[test]
fn example_2_opening_roll_and_setup() {
    // The opening-roll rule on the example's dice: a tie, then 11 against 3.
    let rounds: [[u8; 4]; 2] = [[4, 2, 3, 3], [5, 6, 2, 1]];
    assert_eq!(rounds[0][0] + rounds[0][1], rounds[0][2] + rounds[0][3]);
    assert!(rounds[1][0] + rounds[1][1] > rounds[1][2] + rounds[1][3]);
    let s = example_2_state();
    assert_eq!(s.player(1).resources, Resources::new(1, 2, 1, 0));
    assert_eq!(s.player(0).resources, Resources::new(2, 0, 1, 1));
    assert_eq!(s.bank, Resources::new(10, 11, 11, 12));
    assert_eq!((s.points(0), s.points(1)), (2, 2));
    assert_eq!((s.turn, s.active, s.phase.clone()), (1, 0, Phase::Roll));
}

#[test]
fn example_3_ordinary_production() {
    let mut s = example_2_state();
    dice(&mut s, &[3, 6]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(0).resources, Resources::new(2, 0, 2, 1));
    assert_eq!(s.player(1).resources, Resources::new(1, 4, 2, 0));
    assert_eq!(s.bank, Resources::new(10, 9, 9, 12));
}

#[test]
fn example_4_palace_temple_and_capital_production() {
    let base = || {
        let mut s = g0();
        s.phase = Phase::Roll;
        put(&mut s, 0, 2, 1, Kind::Capital);
        put(&mut s, 0, 1, 3, Kind::Temple);
        put(&mut s, 1, 2, 2, Kind::Palace);
        put(&mut s, 1, 4, 3, Kind::Town);
        s
    };
    // Roll 9, P2 active.
    let mut s = base();
    s.active = 1;
    dice(&mut s, &[4, 5]);
    act(&mut s, 1, "ROLL");
    assert_eq!(s.player(0).resources, res("SCD"));
    assert_eq!(cards(&s, 0), vec![card("6D")]);
    assert_eq!(s.player(1).resources, res("SSCC"));
    // Roll 5, P1 active: fixed first, then the free choice.
    let mut s = base();
    dice(&mut s, &[1, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(1).resources, res("HHD"));
    assert!(s.player(0).resources.is_empty());
    act(&mut s, 0, "TAKE D");
    assert_eq!(s.player(0).resources, res("D"));
    // Roll 12.
    let mut s = base();
    dice(&mut s, &[6, 6]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(0).resources, res("SCD"));
    assert_eq!(cards(&s, 0).len(), 1);
    assert_eq!(s.player(1).resources, res("C"));
}

#[test]
fn example_5_bank_shortage() {
    let mut s = g0();
    s.phase = Phase::Roll;
    put(&mut s, 0, 3, 2, Kind::Town);
    put(&mut s, 0, 1, 1, Kind::Temple);
    put(&mut s, 1, 2, 2, Kind::Palace);
    s.bank = Resources::new(0, 1, 1, 3);
    s.players[1].resources = Resources::new(13, 12, 12, 10);
    dice(&mut s, &[5, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(1).resources.get(Suit::C), 13, "P2 gets the last C");
    assert_eq!(s.bank, Resources::new(0, 1, 0, 3));
    let take: Vec<Action> = legal(&s, 0);
    assert_eq!(
        take,
        vec![Action::TakeFree(Suit::S), Action::TakeFree(Suit::D)]
    );
    act(&mut s, 0, "TAKE S");
    assert_eq!(s.player(0).resources, res("S"));
    assert_eq!(s.bank, Resources::new(0, 0, 0, 3));
    conserved(&s);
}

#[test]
fn example_6_a_roll_of_7() {
    let mut s = g0();
    s.phase = Phase::Roll;
    give_cards(&mut s, 0, &["2C", "QH", "9D"]);
    s.players[0].resources = Resources::new(3, 1, 1, 1);
    s.players[1].resources = Resources::new(2, 2, 2, 2);
    rebank(&mut s);
    assert_eq!(s.bank, Resources::new(8, 10, 10, 10));
    s.draw_pile.retain(|c| *c != card("6D"));
    assert_eq!(s.draw_pile[0], card("4S"));
    dice(&mut s, &[3, 4]);
    let events = act(&mut s, 0, "ROLL");
    assert!(!events.iter().any(|e| matches!(e, Event::Produced { .. })));
    act(&mut s, 0, "DISCARD H");
    act(&mut s, 0, "DISCARD 2C");
    act(&mut s, 1, "DISCARD S");
    assert_eq!(s.player(0).resources, Resources::new(2, 1, 1, 1));
    assert_eq!(cards(&s, 0), vec![card("QH"), card("4S"), card("9D")]);
    assert_eq!(s.player(0).hand_size(), 8);
    assert_eq!(s.player(1).resources, Resources::new(2, 1, 2, 2));
    assert_eq!(s.bank, Resources::new(9, 11, 10, 10));
    assert_eq!(s.discard_pile, vec![card("2C")]);
    // Variant: exactly 7 cards discard nothing.
    let mut t = g0();
    t.phase = Phase::Roll;
    hold(&mut t, 0, "HSCDD");
    give_cards(&mut t, 0, &["2C", "QH"]);
    dice(&mut t, &[3, 4]);
    act(&mut t, 0, "ROLL");
    assert_eq!(t.phase, Phase::Main);
}

#[test]
fn example_7_building_upgrading_and_piece_limits() {
    let mut s = g0();
    for (x, y) in [
        (0, 0),
        (1, 1),
        (2, 1),
        (3, 0),
        (4, 1),
        (1, 3),
        (0, 4),
        (2, 4),
    ] {
        put(&mut s, 0, x, y, Kind::Town);
    }
    hold(&mut s, 0, "HHSCDDDDD");
    assert_eq!((s.points(0), s.player(0).supply.get(Kind::Town)), (8, 0));
    rejected(&s, 0, "TOWN 5,4", "TR-17");
    act(&mut s, 0, "UPGRADE 2,1 FORT");
    assert_eq!(s.player(0).resources, Resources::new(2, 1, 1, 1));
    assert_eq!(s.player(0).supply.get(Kind::Fort), 1);
    assert_eq!(s.player(0).supply.get(Kind::Town), 1);
    assert_eq!(s.points(0), 9);
    act(&mut s, 0, "TOWN 5,4");
    assert_eq!(s.player(0).resources, Resources::new(1, 0, 0, 0));
    assert_eq!((s.player(0).supply.get(Kind::Town), s.points(0)), (0, 10));
    rejected(&s, 0, "CAPITAL 2,1", "TR-19");
    hold(&mut s, 0, "HHSSCCDD");
    rejected(&s, 0, "CAPITAL 1,1", "TR-19");
    // Another case: a Fort becomes the Capital.
    let mut t = g0();
    put(&mut t, 0, 3, 1, Kind::Fort);
    put(&mut t, 0, 1, 1, Kind::Palace);
    put(&mut t, 0, 2, 2, Kind::Town);
    hold(&mut t, 0, "HHSSCCDD");
    let before = t.points(0);
    act(&mut t, 0, "CAPITAL 3,1");
    assert!(t.player(0).resources.is_empty());
    assert_eq!(t.player(0).supply.get(Kind::Fort), 2);
    assert_eq!(t.points(0), before + 1);
    hold(&mut t, 0, "SSSS");
    rejected(&t, 0, "UPGRADE 2,2 PALACE", "TR-18"); // the queen is on the board
}

#[test]
fn example_8_swap_success_and_failure() {
    let mut s = g0();
    put(&mut s, 0, 3, 1, Kind::Fort);
    hold(&mut s, 0, "HHSDDD");
    give_cards(&mut s, 0, &["6D"]);
    dice(&mut s, &[4]);
    act(&mut s, 0, "SWAP 2,2 6D");
    assert!(matches!(s.phase, Phase::Deciding { .. }));
    act(&mut s, 0, "PAY H");
    let events = act(&mut s, 0, "PAY S");
    let auto = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Paid {
                    suit: Suit::D,
                    automatic: true,
                    ..
                }
            )
        })
        .count();
    assert_eq!(auto, 2, "the engine pays D, D itself");
    assert_eq!(s.player(0).resources, Resources::new(1, 0, 0, 1));
    assert_eq!(s.grid[&Cell::new(2, 2)], card("6D"));
    assert_eq!(cards(&s, 0), vec![card("8S")]);
    let t: Vec<Card> = touching(&s.grid, pt(2, 2))
        .iter()
        .map(|(_, c)| *c)
        .collect();
    assert_eq!(t, vec![card("9C"), card("9S"), card("5H"), card("6D")]);
    hold(&mut s, 0, "HSCD");
    rejected(&s, 0, "SWAP 0,0 8S", "TR-25");
    // Failure on a later turn.
    s.abilities_used = [false; 4];
    hold(&mut s, 0, "HHSCD");
    dice(&mut s, &[6]);
    act(&mut s, 0, "SWAP 0,0 8S");
    assert!(s.player(0).resources.is_empty());
    assert_eq!(s.grid[&Cell::new(0, 0)], card("8H"));
    assert_eq!(cards(&s, 0), vec![card("8S")]);
    assert!(s.abilities_used[0]);
    conserved(&s);
}

#[test]
fn example_9_destroy_tie_and_success() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Barracks);
    put(&mut s, 1, 3, 2, Kind::Town);
    put(&mut s, 1, 4, 3, Kind::Town);
    put(&mut s, 1, 2, 2, Kind::Palace);
    hold(&mut s, 0, "HSCD");
    assert_eq!(s.points(1), 4);
    rejected(&s, 0, "DESTROY 2,2", "TR-29");
    dice(&mut s, &[4, 4]);
    act(&mut s, 0, "DESTROY 3,2");
    assert!(s.building(pt(3, 2)).is_some());
    assert!(s.player(0).resources.is_empty());
    s.abilities_used = [false; 4];
    hold(&mut s, 0, "HSCD");
    dice(&mut s, &[5, 2]);
    act(&mut s, 0, "DESTROY 3,2");
    assert!(s.building(pt(3, 2)).is_none());
    assert_eq!(s.player(1).supply.get(Kind::Town), 7);
    assert_eq!(s.points(1), 3);
}

#[test]
fn example_10_convert_same_type_or_lower() {
    let base = || {
        let mut s = g0();
        put(&mut s, 0, 2, 1, Kind::Temple);
        put(&mut s, 0, 1, 3, Kind::Palace);
        put(&mut s, 1, 3, 1, Kind::Palace);
        put(&mut s, 1, 4, 3, Kind::Town);
        hold(&mut s, 0, "HSCD");
        s
    };
    let mut s = base();
    assert_eq!((s.points(0), s.points(1)), (4, 3));
    rejected(&s, 0, "CONVERT 2,1 4,3 TOWN", "TR-30");
    rejected(&s, 0, "CONVERT 2,1 3,1 FORT", "TR-30");
    rejected(&s, 0, "CONVERT 2,1 3,1 PALACE", "TR-30");
    dice(&mut s, &[6, 3]);
    act(&mut s, 0, "CONVERT 2,1 3,1 TOWN");
    assert_eq!(s.player(1).supply.get(Kind::Palace), 1);
    assert_eq!(
        s.building(pt(3, 1)),
        Some(Building {
            owner: 0,
            kind: Kind::Town
        })
    );
    assert_eq!((s.points(0), s.points(1)), (5, 1));
    // Failure loses the payment.
    let mut t = base();
    dice(&mut t, &[2, 5]);
    act(&mut t, 0, "CONVERT 2,1 3,1 TOWN");
    assert!(t.player(0).resources.is_empty());
    assert_eq!(t.building(pt(3, 1)).map(|b| b.owner), Some(1));
    // A capital target: any tier-2 type in supply, a Town or the Capital.
    let mut u = base();
    u.buildings.insert(
        pt(3, 1),
        Building {
            owner: 1,
            kind: Kind::Capital,
        },
    );
    let listed = legal(&u, 0);
    for to in ["CAPITAL", "FORT", "BARRACKS", "TEMPLE", "TOWN"] {
        let a = parse_action(&format!("CONVERT 2,1 3,1 {to}")).unwrap();
        assert!(listed.contains(&a), "{to}");
    }
    rejected(&u, 0, "CONVERT 2,1 3,1 PALACE", "TR-30");
}

#[test]
fn example_11_expand_and_new_intersections() {
    let mut s = g0();
    s.phase = Phase::Main;
    put(&mut s, 0, 5, 1, Kind::Palace);
    hold(&mut s, 0, "HSCD");
    give_cards(&mut s, 0, &["9D"]);
    rejected(&s, 0, "EXPAND -1,-1 9D", "TR-28");
    rejected(&s, 0, "EXPAND 2,2 9D", "TR-28");
    dice(&mut s, &[2]);
    act(&mut s, 0, "EXPAND 5,1 9D");
    act(&mut s, 0, "PAY H");
    act(&mut s, 0, "PAY S");
    assert_eq!(s.player(0).resources, Resources::new(0, 0, 1, 1));
    assert_eq!(s.grid[&Cell::new(5, 1)], card("9D"));
    let points = intersections(&s.grid);
    assert!(points.contains(&pt(6, 1)) && points.contains(&pt(6, 2)));
    assert_eq!(points.len(), 32);
    let t = |x, y| -> Vec<Card> {
        touching(&s.grid, pt(x, y))
            .iter()
            .map(|(_, c)| *c)
            .collect()
    };
    assert_eq!(t(5, 1), vec![card("10H"), card("2D"), card("9D")]);
    assert_eq!(t(5, 2), vec![card("2D"), card("9D"), card("6S")]);
    act(&mut s, 0, "END");
    s.active = 0;
    s.phase = Phase::Roll;
    dice(&mut s, &[4, 5]);
    act(&mut s, 0, "ROLL");
    assert_eq!(
        s.player(0).resources,
        Resources::new(0, 0, 1, 3),
        "+D +D from 9D"
    );
}

#[test]
fn example_12_winning_in_the_middle_of_a_turn() {
    let mut s = g0();
    put(&mut s, 0, 0, 0, Kind::Capital);
    put(&mut s, 0, 1, 0, Kind::Fort);
    put(&mut s, 0, 2, 0, Kind::Barracks);
    put(&mut s, 0, 3, 0, Kind::Temple);
    put(&mut s, 0, 4, 0, Kind::Palace);
    for x in 0..3 {
        put(&mut s, 0, x, 1, Kind::Town);
    }
    assert_eq!(s.points(0), 14);
    hold(&mut s, 0, "HSCD");
    act(&mut s, 0, "TOWN 5,4");
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(0),
            ending: Ending::Points
        })
    );
    rejected(&s, 0, "END", "END-1");
    // The same through a convert: 13 points, an enemy Barracks becomes ours.
    let mut t = g0();
    put(&mut t, 0, 2, 1, Kind::Temple);
    put(&mut t, 0, 0, 0, Kind::Capital);
    put(&mut t, 0, 1, 0, Kind::Fort);
    put(&mut t, 0, 4, 0, Kind::Palace);
    for x in 0..4 {
        put(&mut t, 0, x, 4, Kind::Town);
    }
    put(&mut t, 1, 3, 1, Kind::Barracks);
    assert_eq!(t.points(0), 13);
    hold(&mut t, 0, "HSCD");
    dice(&mut t, &[6, 1]);
    act(&mut t, 0, "CONVERT 2,1 3,1 BARRACKS");
    assert_eq!(t.points(0), 15);
    assert_eq!(t.result.map(|r| r.winner), Some(Some(0)));
}

#[test]
fn example_13_homelessness() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Barracks);
    put(&mut s, 1, 3, 2, Kind::Town);
    s.turn = 21;
    hold(&mut s, 0, "HSCD");
    dice(&mut s, &[6, 1]);
    act(&mut s, 0, "DESTROY 3,2");
    assert_eq!(s.player(1).homeless, 0);
    act(&mut s, 0, "END");
    // Turn 22 (P2): cannot build.
    s.players[1].resources = Resources::new(1, 0, 3, 2);
    rebank(&mut s);
    dice(&mut s, &[1, 1]);
    act(&mut s, 1, "ROLL");
    act(&mut s, 1, "END");
    assert_eq!(s.player(1).homeless, 1);
    let variant = s.clone();
    // Turn 23 (P1), turn 24 (P2) still homeless: P2 loses.
    dice(&mut s, &[1, 1, 1, 1]);
    act(&mut s, 0, "ROLL");
    act(&mut s, 0, "END");
    act(&mut s, 1, "ROLL");
    act(&mut s, 1, "END");
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(0),
            ending: Ending::Homeless
        })
    );
    // Variant: P2 trades with P1, builds a town and resets the counter.
    let mut v = variant;
    v.players[0].resources = Resources::new(0, 1, 0, 0);
    rebank(&mut v);
    dice(&mut v, &[1, 1, 1, 1]);
    act(&mut v, 0, "ROLL");
    act(&mut v, 0, "END");
    act(&mut v, 1, "ROLL");
    act(&mut v, 1, "GIVE C");
    act(&mut v, 1, "GET S");
    act(&mut v, 1, "PROPOSE");
    act(&mut v, 0, "ACCEPT");
    act(&mut v, 1, "TOWN 5,4");
    act(&mut v, 1, "END");
    assert_eq!(v.player(1).homeless, 0);
    // Turn 25: the town is destroyed; end of turn 26 homeless: h = 1 only.
    v.players[0].resources = Resources::new(1, 1, 1, 1);
    rebank(&mut v);
    dice(&mut v, &[1, 1, 6, 1, 1, 1]);
    act(&mut v, 0, "ROLL");
    act(&mut v, 0, "DESTROY 5,4");
    act(&mut v, 0, "END");
    act(&mut v, 1, "ROLL");
    act(&mut v, 1, "END");
    assert_eq!(v.player(1).homeless, 1);
    assert!(v.result.is_none());
}

#[test]
fn example_14_trading() {
    let mut s = g0();
    s.players[0].resources = Resources::new(5, 0, 1, 4);
    s.players[1].resources = Resources::new(0, 2, 3, 0);
    rebank(&mut s);
    assert_eq!(s.bank, Resources::new(8, 11, 9, 9));
    act(&mut s, 0, "BANK D S");
    assert_eq!(s.player(0).resources, Resources::new(5, 1, 1, 0));
    assert_eq!(s.bank, Resources::new(8, 10, 9, 13));
    act(&mut s, 0, "BANK H TERRITORY");
    assert_eq!(s.player(0).resources, Resources::new(1, 1, 1, 0));
    assert_eq!(cards(&s, 0), vec![card("6D")]);
    assert_eq!(s.bank.get(Suit::H), 12);
    for step in ["GIVE H", "GET C", "GET C", "PROPOSE"] {
        act(&mut s, 0, step);
    }
    act(&mut s, 1, "ACCEPT");
    assert_eq!(s.player(0).resources, Resources::new(0, 1, 3, 0));
    assert_eq!(s.player(1).resources, Resources::new(1, 2, 1, 0));
    act(&mut s, 0, "GIVE C");
    rejected(&s, 0, "GET D", "TR-39");
    assert_eq!(
        s.phase,
        Phase::Draft(crate::territories::state::Offer {
            give: res("C"),
            get: Resources::NONE
        })
    );
    for step in ["GIVE C", "GET S", "PROPOSE"] {
        act(&mut s, 0, step);
    }
    act(&mut s, 1, "DECLINE");
    assert_eq!(s.player(0).resources, Resources::new(0, 1, 3, 0));
    for step in ["GIVE C", "GET S", "PROPOSE"] {
        act(&mut s, 0, step);
    }
    act(&mut s, 1, "ACCEPT");
    assert_eq!(s.player(0).resources, Resources::new(0, 2, 2, 0));
    assert_eq!(s.player(1).resources, Resources::new(1, 1, 2, 0));
    assert_eq!(s.offers_made, 3);
    rejected(&s, 0, "GIVE C", "TR-22");
    rejected(&s, 0, "BANK C H", "TR-24");
    rejected(&s, 0, "GET S", "TR-39");
    rejected(&s, 0, "PROPOSE", "TR-39");
}

#[test]
fn example_15_forced_decisions_and_empty_piles() {
    // A discard of SS with nothing else in hand is applied without asking.
    let mut s = g0();
    s.phase = Phase::Roll;
    s.players[1].resources = Resources::new(0, 9, 0, 0);
    rebank(&mut s);
    dice(&mut s, &[3, 4]);
    let events = act(&mut s, 0, "ROLL");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(
                e,
                Event::Discarded {
                    seat: 1,
                    automatic: true,
                    ..
                }
            ))
            .count(),
        2
    );
    assert_eq!(s.player(1).resources, Resources::new(0, 7, 0, 0));
    assert_eq!(s.phase, Phase::Main);
    // Two free choices, the bank holds a single C: taken, the second lost.
    let mut t = g0();
    t.phase = Phase::Roll;
    put(&mut t, 0, 2, 2, Kind::Temple); // 9C and 9S
    t.players[1].resources = Resources::new(13, 13, 12, 13);
    rebank(&mut t);
    dice(&mut t, &[4, 5]);
    let events = act(&mut t, 0, "ROLL");
    assert!(events.contains(&Event::FreeChoicesLost { seat: 0, lost: 1 }));
    assert_eq!(t.player(0).resources, res("C"));
    assert_eq!(t.phase, Phase::Main);
    // A swap die of 3 with {H:1,D:4}: PAY waits, then the rest is forced.
    for first in ["PAY H", "PAY D"] {
        let mut u = g0();
        put(&mut u, 0, 3, 1, Kind::Fort);
        hold(&mut u, 0, "HDDDD");
        give_cards(&mut u, 0, &["6D"]);
        dice(&mut u, &[3]);
        act(&mut u, 0, "SWAP 0,0 6D");
        match &u.phase {
            Phase::Deciding { decision, .. } => assert_eq!(decision.kind, DecisionKind::Pay),
            p => panic!("{p:?}"),
        }
        act(&mut u, 0, first);
        assert_eq!(u.phase, Phase::Main);
        assert_eq!(u.player(0).resources.total(), 2);
        assert_eq!(u.grid[&Cell::new(0, 0)], card("6D"));
    }
    // Empty draw pile: the discard pile [2C, 9D] is shuffled (one random value).
    let mut v = g0();
    v.phase = Phase::Roll;
    put(&mut v, 0, 2, 1, Kind::Capital);
    v.draw_pile.clear();
    v.discard_pile = vec![card("2C"), card("9D")];
    for c in G0_DRAW {
        if c != "2C" && c != "9D" {
            v.player_mut(1).add_card(card(c), false);
        }
    }
    let mut expect = v.rng.clone();
    expect.below(2);
    dice(&mut v, &[6, 3]);
    act(&mut v, 0, "ROLL");
    assert_eq!(cards(&v, 0).len(), 1);
    assert_eq!(v.draw_pile.len(), 1);
    assert_eq!(v.rng, expect, "exactly one random value for two cards");
    conserved(&v);
    // Both piles empty: nothing is drawn.
    let mut w = v.clone();
    w.draw_pile.clear();
    w.player_mut(1).add_card(v.draw_pile[0], false);
    w.phase = Phase::Roll;
    dice(&mut w, &[6, 3]);
    act(&mut w, 0, "ROLL");
    assert_eq!(cards(&w, 0).len(), 1);
    conserved(&w);
}
