//! Section 5.1 – 5.5: roll, production, the seven, building, trading.

use super::*;
use crate::territories::state::DecisionKind;

/// G0 with the roll phase of turn 1 (seat 0 active).
fn rolling() -> State {
    let mut s = g0();
    s.phase = Phase::Roll;
    s
}

#[test]
fn tr_1_the_turn_starts_with_roll() {
    let mut s = rolling();
    hold(&mut s, 0, "HSCD");
    assert_eq!(legal(&s, 0), vec![Action::Roll]);
    rejected(&s, 0, "TOWN 0,0", "TR-1");
    rejected(&s, 0, "BANK H S", "TR-1");
    rejected(&s, 0, "END", "TR-1");
    rejected(&s, 0, "GIVE H", "TR-1");
}

#[test]
fn tr_2_roll_two_public_dice() {
    let mut s = rolling();
    dice(&mut s, &[3, 6]);
    let events = act(&mut s, 0, "ROLL");
    assert_eq!(
        events[0],
        Event::Rolled {
            seat: 0,
            d1: 3,
            d2: 6
        }
    );
    assert_eq!(s.last_roll, Some((3, 6)));
    assert_eq!(Territories::view(&s, None).last_roll, Some((3, 6)));
    assert_eq!(s.phase, Phase::Main);
}

#[test]
fn tr_3_every_matching_card_produces_for_both_players() {
    let mut s = rolling();
    put(&mut s, 0, 1, 1, Kind::Town); // 9C
    put(&mut s, 1, 3, 2, Kind::Town); // 9S
    dice(&mut s, &[4, 5]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(0).resources, res("C"));
    assert_eq!(
        s.player(1).resources,
        res("S"),
        "the non-roller produces too"
    );
    conserved(&s);
}

#[test]
fn tr_4_yield_per_building_and_matching_card() {
    let mut s = rolling();
    put(&mut s, 0, 2, 2, Kind::Town); // 9C 9S 5H 8S: two nines
    put(&mut s, 0, 2, 1, Kind::Fort); // 3S QD 9C 9S
    put(&mut s, 1, 3, 2, Kind::Barracks); // 9S JH 8S 3D
    put(&mut s, 1, 1, 1, Kind::Palace); // 8H 3S 4D 9C
    dice(&mut s, &[4, 5]);
    act(&mut s, 0, "ROLL");
    assert_eq!(
        s.player(0).resources,
        res("SSCC"),
        "town and fort yield per matching card"
    );
    assert_eq!(
        s.player(1).resources,
        res("SCC"),
        "barracks 1, palace 2 per card"
    );
    // A temple yields one free choice per matching card.
    let mut t = rolling();
    put(&mut t, 0, 2, 2, Kind::Temple);
    dice(&mut t, &[4, 5]);
    act(&mut t, 0, "ROLL");
    match &t.phase {
        Phase::Deciding { decision, .. } => {
            assert_eq!(
                (decision.kind, decision.remaining),
                (DecisionKind::Temple, 2)
            );
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn tr_5_capital_yields_once_per_roll() {
    let mut s = rolling();
    put(&mut s, 0, 2, 1, Kind::Capital); // 3S QD 9C 9S
    dice(&mut s, &[4, 5]);
    act(&mut s, 0, "ROLL");
    assert_eq!(
        s.player(0).resources,
        res("SCD"),
        "one of each distinct suit, once"
    );
    assert_eq!(cards(&s, 0), vec![card("6D")], "one territory card");
    // Not triggered without a matching card.
    let mut t = rolling();
    put(&mut t, 0, 2, 1, Kind::Capital);
    dice(&mut t, &[2, 2]);
    act(&mut t, 0, "ROLL");
    assert!(t.player(0).resources.is_empty() && cards(&t, 0).is_empty());
}

#[test]
fn tr_6_shortage_per_suit() {
    // (a) enough for both.
    let mut s = rolling();
    put(&mut s, 0, 3, 2, Kind::Town); // 9S
    put(&mut s, 1, 2, 2, Kind::Palace); // 9C 9S -> CCSS
    hold(&mut s, 0, "");
    s.bank = Resources::new(13, 3, 2, 13);
    s.players[1].resources = Resources::new(0, 10, 11, 0);
    dice(&mut s, &[5, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.player(0).resources, res("S"));
    assert_eq!(s.player(1).resources, Resources::new(0, 12, 13, 0));
    conserved(&s);
    // (b) only one claimant: gets what is left; (c) both claim: nobody.
    let mut s = rolling();
    put(&mut s, 0, 3, 2, Kind::Town); // S:1
    put(&mut s, 1, 2, 2, Kind::Palace); // C:2 S:2
    s.players[1].resources = Resources::new(0, 12, 12, 0);
    s.bank = Resources::new(13, 1, 1, 13);
    dice(&mut s, &[5, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(
        s.player(0).resources,
        Resources::NONE,
        "(c) both want S: nobody"
    );
    assert_eq!(
        s.player(1).resources,
        Resources::new(0, 12, 13, 0),
        "(b) the last C"
    );
    assert_eq!(s.bank, Resources::new(13, 1, 0, 13));
    conserved(&s);
}

#[test]
fn tr_7_capital_draws_active_first() {
    let mut s = rolling();
    s.active = 1;
    put(&mut s, 0, 2, 1, Kind::Capital); // QD
    put(&mut s, 1, 4, 3, Kind::Capital); // QC
    dice(&mut s, &[6, 6]);
    act(&mut s, 1, "ROLL");
    assert_eq!(
        cards(&s, 1),
        vec![card("6D")],
        "the active player draws the top card"
    );
    assert_eq!(cards(&s, 0), vec![card("2C")]);
}

#[test]
fn tr_8_free_choices_active_first_limited_by_the_bank() {
    let mut s = rolling();
    s.active = 1;
    put(&mut s, 0, 1, 3, Kind::Temple); // 10C 5H 6C JS: one 5
    put(&mut s, 1, 2, 2, Kind::Temple); // 9C 9S 5H 8S: one 5
    put(&mut s, 1, 3, 0, Kind::Temple); // QD 5C: one 5
    s.players[0].resources = Resources::new(13, 13, 13, 10);
    s.bank = Resources::new(0, 0, 0, 3);
    dice(&mut s, &[2, 3]);
    act(&mut s, 1, "ROLL");
    // The active player (seat 1) has 2 choices, the bank holds D only: forced.
    assert_eq!(s.player(1).resources, res("DD"));
    // Seat 0: k = min(1, 1) = 1, forced too; the main phase follows.
    assert_eq!(s.player(0).resources.get(Suit::D), 11);
    assert_eq!(s.phase, Phase::Main);
    assert!(s.bank.is_empty());
    // With a real choice the decision waits for its player.
    let mut t = rolling();
    put(&mut t, 1, 1, 3, Kind::Temple);
    dice(&mut t, &[2, 3]);
    act(&mut t, 0, "ROLL");
    assert_eq!(Territories::to_act(&t), vec![1]);
    assert_eq!(legal(&t, 1).len(), 4);
    act(&mut t, 1, "TAKE C");
    assert_eq!(t.player(1).resources, res("C"));
    assert_eq!(t.phase, Phase::Main);
}

#[test]
fn tr_9_main_phase_after_production() {
    let mut s = rolling();
    put(&mut s, 0, 0, 0, Kind::Town);
    dice(&mut s, &[4, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.phase, Phase::Main);
    assert!(legal(&s, 0).contains(&Action::EndTurn));
}

#[test]
fn tr_10_seven_produces_nothing() {
    let mut s = rolling();
    put(&mut s, 0, 1, 1, Kind::Capital);
    put(&mut s, 1, 2, 2, Kind::Palace);
    dice(&mut s, &[3, 4]);
    let events = act(&mut s, 0, "ROLL");
    assert!(!events.iter().any(|e| matches!(e, Event::Produced { .. })));
    assert!(s.player(1).resources.is_empty());
    assert_eq!(cards(&s, 0), vec![card("6D")], "only the roller's card");
}

#[test]
fn tr_11_hand_limit_discards_active_first() {
    let mut s = rolling();
    hold(&mut s, 0, "HHHSCD");
    give_cards(&mut s, 0, &["2C", "QH", "9D"]);
    s.players[1].resources = res("HHSSCCDD");
    rebank(&mut s);
    dice(&mut s, &[3, 4]);
    act(&mut s, 0, "ROLL");
    assert_eq!(Territories::to_act(&s), vec![0], "the active player first");
    match &s.phase {
        Phase::Deciding { decision, .. } => assert_eq!(decision.remaining, 2),
        p => panic!("{p:?}"),
    }
    act(&mut s, 0, "DISCARD H");
    act(&mut s, 0, "DISCARD 2C");
    assert_eq!(Territories::to_act(&s), vec![1]);
    act(&mut s, 1, "DISCARD S");
    assert_eq!(s.player(1).hand_size(), 7);
    // Exactly 7 cards: nothing to discard.
    let mut t = rolling();
    hold(&mut t, 0, "HSCDD");
    give_cards(&mut t, 0, &["2C", "QH"]);
    dice(&mut t, &[3, 4]);
    act(&mut t, 0, "ROLL");
    assert_eq!(t.phase, Phase::Main);
    assert_eq!(t.player(0).hand_size(), 8, "7 kept plus the roller's card");
}

#[test]
fn tr_12_discards_go_to_bank_and_pile_in_canonical_order() {
    let mut s = rolling();
    hold(&mut s, 0, "HHHHHH");
    give_cards(&mut s, 0, &["QH", "2C", "9D", "5S"]);
    dice(&mut s, &[3, 4]);
    act(&mut s, 0, "ROLL"); // 10 cards: discard 3
    act(&mut s, 0, "DISCARD H");
    act(&mut s, 0, "DISCARD 5S");
    rejected(&s, 0, "DISCARD QH", "TR-38"); // earlier than 5S
    act(&mut s, 0, "DISCARD 9D");
    assert_eq!(s.discard_pile, vec![card("5S"), card("9D")]);
    assert_eq!(s.bank.get(Suit::H), 8);
    conserved(&s);
}

#[test]
fn tr_13_roller_draws_after_the_discards() {
    let mut s = rolling();
    hold(&mut s, 0, "HHSSCCDD");
    dice(&mut s, &[3, 4]);
    act(&mut s, 0, "ROLL");
    assert!(cards(&s, 0).is_empty(), "no draw before the discard");
    act(&mut s, 0, "DISCARD D");
    assert_eq!(cards(&s, 0), vec![card("6D")]);
    assert_eq!(s.player(0).hand_size(), 8, "the draw may exceed 7");
}

#[test]
fn tr_14_main_phase_after_the_seven() {
    let mut s = rolling();
    dice(&mut s, &[6, 1]);
    act(&mut s, 0, "ROLL");
    assert_eq!(s.phase, Phase::Main);
}

#[test]
fn tr_15_main_phase_any_order_until_end_turn() {
    let mut s = g0();
    hold(&mut s, 0, "HHHHHSSSCCCDDDDDDDDDDD");
    act(&mut s, 0, "TOWN 0,0");
    act(&mut s, 0, "BANK D S");
    act(&mut s, 0, "TOWN 1,0");
    act(&mut s, 0, "UPGRADE 1,0 FORT");
    act(&mut s, 0, "TOWN 2,0");
    assert!(
        legal(&s, 1).is_empty(),
        "the opponent does not act in the main phase"
    );
    act(&mut s, 0, "END");
    assert_eq!((s.active, s.phase.clone()), (1, Phase::Roll));
}

#[test]
fn tr_16_costs_are_paid_in_full_to_the_bank() {
    let mut s = g0();
    hold(&mut s, 0, "HSC");
    rejected(&s, 0, "TOWN 0,0", "TR-17");
    hold(&mut s, 0, "HSCDD");
    let bank = s.bank;
    act(&mut s, 0, "TOWN 0,0");
    assert_eq!(s.player(0).resources, res("D"));
    assert_eq!(s.bank, bank.plus(&res("HSCD")));
}

#[test]
fn tr_17_build_town() {
    let mut s = g0();
    hold(&mut s, 0, "HSCD");
    rejected(&s, 0, "TOWN 6,2", "TR-17");
    act(&mut s, 0, "TOWN 5,4");
    assert_eq!(
        s.building(pt(5, 4)),
        Some(Building {
            owner: 0,
            kind: Kind::Town
        })
    );
    assert_eq!(s.player(0).supply.get(Kind::Town), 7);
    assert_eq!(s.points(0), 1);
}

#[test]
fn tr_18_upgrade_a_town() {
    let mut s = g0();
    put(&mut s, 0, 1, 1, Kind::Town);
    put(&mut s, 1, 2, 1, Kind::Town);
    hold(&mut s, 0, "DDDDSSSS");
    rejected(&s, 0, "UPGRADE 2,1 FORT", "TR-18"); // not own
    rejected(&s, 0, "UPGRADE 1,1 TEMPLE", "TR-18"); // cannot pay HHHH
    rejected(&s, 0, "UPGRADE 1,1 CAPITAL", "TR-18"); // not an upgrade type
    rejected(&s, 0, "UPGRADE 1,1 TOWN", "TR-18");
    act(&mut s, 0, "UPGRADE 1,1 FORT");
    assert_eq!(s.building(pt(1, 1)).map(|b| b.kind), Some(Kind::Fort));
    assert_eq!(s.player(0).supply.get(Kind::Town), 8, "the pawn returns");
    assert_eq!(s.player(0).supply.get(Kind::Fort), 1);
    rejected(&s, 0, "UPGRADE 1,1 PALACE", "TR-18"); // a Fort is not a Town
    put(&mut s, 0, 3, 3, Kind::Town);
    s.player_mut(0).supply.0[Kind::Palace.index()] = 0;
    rejected(&s, 0, "UPGRADE 3,3 PALACE", "TR-18"); // no queen in supply
}

#[test]
fn tr_19_build_capital_on_a_tier_2_building() {
    let mut s = g0();
    put(&mut s, 0, 1, 1, Kind::Town);
    put(&mut s, 0, 3, 1, Kind::Temple);
    hold(&mut s, 0, "HHSSCCDD");
    rejected(&s, 0, "CAPITAL 1,1", "TR-19");
    act(&mut s, 0, "CAPITAL 3,1");
    assert_eq!(s.building(pt(3, 1)).map(|b| b.kind), Some(Kind::Capital));
    assert_eq!(s.player(0).supply.get(Kind::Temple), 2);
    assert_eq!(s.points(0), 4);
    put(&mut s, 0, 2, 1, Kind::Fort);
    hold(&mut s, 0, "HHSSCCDD");
    rejected(&s, 0, "CAPITAL 2,1", "TR-19"); // one king only
}

#[test]
fn tr_20_place_upgrade_and_use_in_the_same_turn() {
    let mut s = g0();
    hold(&mut s, 0, "HSCDDDDDH");
    give_cards(&mut s, 0, &["6D"]);
    act(&mut s, 0, "TOWN 3,1");
    act(&mut s, 0, "UPGRADE 3,1 FORT");
    dice(&mut s, &[1]);
    act(&mut s, 0, "SWAP 0,0 6D");
    assert_eq!(s.grid[&Cell::new(0, 0)], card("6D"));
}

#[test]
fn tr_21_victory_checked_after_each_gain() {
    let mut s = g0();
    for x in 0..6 {
        put(&mut s, 0, x, 0, Kind::Town);
    }
    put(&mut s, 0, 0, 1, Kind::Capital);
    put(&mut s, 0, 1, 1, Kind::Palace);
    put(&mut s, 0, 2, 1, Kind::Fort);
    assert_eq!(s.points(0), 13);
    hold(&mut s, 0, "HHHHHSCD");
    act(&mut s, 0, "TOWN 3,1");
    assert!(s.result.is_none());
    act(&mut s, 0, "UPGRADE 3,1 TEMPLE");
    assert_eq!(s.points(0), 15);
    assert_eq!(s.result.map(|r| r.winner), Some(Some(0)));
}

#[test]
fn tr_22_offer_conditions() {
    let mut s = g0();
    hold(&mut s, 0, "HC");
    s.players[1].resources = res("SS");
    rebank(&mut s);
    rejected(&s, 0, "GIVE D", "TR-39"); // not held
    rejected(&s, 0, "GET S", "TR-39"); // no draft: the give side comes first
    rejected(&s, 0, "PROPOSE", "TR-39");
    for n in 1..=3u8 {
        act(&mut s, 0, "GIVE H");
        rejected(&s, 0, "PROPOSE", "TR-39"); // no gifts
        act(&mut s, 0, "GET S");
        act(&mut s, 0, "PROPOSE");
        assert_eq!(s.offers_made, n);
        act(&mut s, 1, "DECLINE");
    }
    rejected(&s, 0, "GIVE H", "TR-22");
}

#[test]
fn tr_23_respond_accept_or_decline() {
    let mut s = g0();
    hold(&mut s, 0, "HH");
    s.players[1].resources = res("CCS");
    rebank(&mut s);
    act(&mut s, 0, "GIVE H");
    act(&mut s, 0, "GET C");
    act(&mut s, 0, "GET C");
    act(&mut s, 0, "PROPOSE");
    assert_eq!(Territories::to_act(&s), vec![1]);
    assert_eq!(
        legal(&s, 1),
        vec![Action::RespondTrade(true), Action::RespondTrade(false)]
    );
    rejected(&s, 0, "END", "TR-34");
    rejected(&s, 1, "GIVE S", "TR-34"); // no counter-offer
    act(&mut s, 1, "ACCEPT");
    assert_eq!(s.player(0).resources, res("HCC"));
    assert_eq!(s.player(1).resources, res("HS"));
    assert_eq!(s.phase, Phase::Main);
    act(&mut s, 0, "GIVE C");
    act(&mut s, 0, "GET S");
    act(&mut s, 0, "PROPOSE");
    let before = (s.players[0].resources, s.players[1].resources);
    act(&mut s, 1, "DECLINE");
    assert_eq!((s.players[0].resources, s.players[1].resources), before);
    assert_eq!(s.phase, Phase::Main);
}

#[test]
fn tr_24_bank_trade_four_for_one() {
    let mut s = g0();
    hold(&mut s, 0, "HHHHDDDDSSS");
    rejected(&s, 0, "BANK S H", "TR-24"); // only 3 S
    rejected(&s, 0, "BANK H H", "TR-24"); // a different suit
    act(&mut s, 0, "BANK H C");
    assert_eq!(s.player(0).resources, res("SSSCDDDD"));
    assert_eq!(s.bank.get(Suit::H), 13);
    act(&mut s, 0, "BANK D TERRITORY");
    assert_eq!(cards(&s, 0), vec![card("6D")]);
    // The bank lacks the suit; no territory card is left.
    let mut t = g0();
    hold(&mut t, 0, "HHHH");
    t.players[1].resources = Resources::new(0, 13, 0, 0);
    t.draw_pile.clear();
    rebank(&mut t);
    rejected(&t, 0, "BANK H S", "TR-24");
    rejected(&t, 0, "BANK H TERRITORY", "TR-24");
    t.discard_pile.push(card("6D"));
    act(&mut t, 0, "BANK H TERRITORY"); // the discard pile is reshuffled
    assert_eq!(cards(&t, 0), vec![card("6D")]);
}
