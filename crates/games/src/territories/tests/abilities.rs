//! Section 5.6 – 5.8: abilities, dice prices, draws, ending the turn,
//! pending decisions, forced decisions, rejections and the action model.

use super::*;
use crate::territories::state::{Decision, DecisionKind, Item};

#[test]
fn tr_25_abilities_need_a_granting_building_once_per_turn() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Town);
    put(&mut s, 1, 3, 2, Kind::Town);
    put(&mut s, 1, 4, 3, Kind::Town);
    hold(&mut s, 0, "HHSSCCDD");
    give_cards(&mut s, 0, &["6D"]);
    rejected(&s, 0, "DESTROY 3,2", "TR-25"); // no Barracks or Capital
    rejected(&s, 0, "SWAP 0,0 6D", "TR-25");
    rejected(&s, 0, "EXPAND 5,0 6D", "TR-25");
    // The Capital grants all four.
    put(&mut s, 0, 2, 2, Kind::Capital);
    dice(&mut s, &[1, 1]); // attacker 1, defender 1: fails
    act(&mut s, 0, "DESTROY 3,2");
    assert_eq!(s.building(pt(3, 2)).map(|b| b.owner), Some(1));
    rejected(&s, 0, "DESTROY 4,3", "TR-25"); // used, even though it failed
    dice(&mut s, &[6]);
    act(&mut s, 0, "SWAP 0,0 6D"); // 4 resources < 6: fails, still used
    rejected(&s, 0, "SWAP 0,0 6D", "TR-25");
    // A new turn resets the counters.
    act(&mut s, 0, "END");
    s.active = 0;
    s.phase = Phase::Main;
    assert!(s.abilities_used.iter().all(|u| !u));
}

#[test]
fn tr_26_targets_named_before_the_dice_illegal_costs_nothing() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Barracks);
    put(&mut s, 1, 2, 2, Kind::Palace);
    hold(&mut s, 0, "HSCD");
    let e = rejected(&s, 0, "DESTROY 2,2", "TR-29");
    assert!(e.message.contains("Town"));
    assert_eq!(s.player(0).resources, res("HSCD"), "no cost");
    assert!(!s.abilities_used[1], "not counted as used");
}

#[test]
fn tr_27_swap_exchanges_a_grid_card_with_a_hand_card() {
    let mut s = g0();
    put(&mut s, 0, 3, 1, Kind::Fort);
    hold(&mut s, 0, "HHSDDD");
    give_cards(&mut s, 0, &["6D"]);
    rejected(&s, 0, "SWAP 9,9 6D", "TR-27");
    rejected(&s, 0, "SWAP 2,2 2C", "TR-27"); // not in hand
    dice(&mut s, &[2]);
    act(&mut s, 0, "SWAP 4,3 6D"); // any cell, far from the fort
    act(&mut s, 0, "PAY H");
    act(&mut s, 0, "PAY S");
    assert_eq!(s.grid[&Cell::new(4, 3)], card("6D"));
    assert_eq!(cards(&s, 0), vec![card("5D")]);
    assert_eq!(s.player(0).known, vec![card("5D")], "public (HID-3)");
    // Without resources a swap is illegal (decision 32).
    let mut t = g0();
    put(&mut t, 0, 3, 1, Kind::Fort);
    give_cards(&mut t, 0, &["6D"]);
    rejected(&t, 0, "SWAP 0,0 6D", "TR-27");
}

#[test]
fn tr_28_expand_adds_a_card_at_a_growth_cell() {
    let mut s = g0();
    put(&mut s, 0, 5, 1, Kind::Palace);
    hold(&mut s, 0, "C");
    give_cards(&mut s, 0, &["9D"]);
    rejected(&s, 0, "EXPAND -1,-1 9D", "TR-28");
    rejected(&s, 0, "EXPAND 2,2 9D", "TR-28");
    dice(&mut s, &[1]);
    act(&mut s, 0, "EXPAND -1,2 9D");
    assert_eq!(s.grid[&Cell::new(-1, 2)], card("9D"));
    assert!(cards(&s, 0).is_empty());
    assert!(crate::territories::grid::is_intersection(
        &s.grid,
        pt(-1, 3)
    ));
}

#[test]
fn tr_29_destroy_an_opponent_town_ties_favour_the_defender() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Barracks);
    put(&mut s, 1, 3, 2, Kind::Town);
    hold(&mut s, 0, "HSCD");
    rejected(&s, 0, "DESTROY 1,3", "TR-29"); // own building
    dice(&mut s, &[3, 3]);
    act(&mut s, 0, "DESTROY 3,2");
    assert!(s.building(pt(3, 2)).is_some(), "a tie fails");
    assert!(s.player(0).resources.is_empty(), "never refunded");
    act(&mut s, 0, "END");
    s.active = 0;
    s.phase = Phase::Main;
    hold(&mut s, 0, "HSCD");
    dice(&mut s, &[4, 3]);
    act(&mut s, 0, "DESTROY 3,2");
    assert!(s.building(pt(3, 2)).is_none());
    assert_eq!(s.player(1).supply.get(Kind::Town), 8);
    hold(&mut s, 0, "HSC");
    conserved(&s);
}

#[test]
fn tr_30_convert_same_type_or_lower_tier() {
    let mut s = g0();
    put(&mut s, 0, 2, 1, Kind::Temple);
    put(&mut s, 1, 3, 1, Kind::Capital);
    hold(&mut s, 0, "HSCD");
    for to in ["FORT", "BARRACKS", "TEMPLE", "PALACE", "TOWN", "CAPITAL"] {
        assert!(
            legal(&s, 0).contains(&parse_action(&format!("CONVERT 2,1 3,1 {to}")).unwrap()),
            "a capital may become {to}"
        );
    }
    s.buildings.insert(
        pt(3, 1),
        Building {
            owner: 1,
            kind: Kind::Fort,
        },
    );
    s.players[1].supply = crate::territories::pieces::Supply([8, 1, 2, 2, 1, 1]);
    rejected(&s, 0, "CONVERT 2,1 3,1 PALACE", "TR-30");
    rejected(&s, 0, "CONVERT 2,1 3,1 CAPITAL", "TR-30");
    rejected(&s, 0, "CONVERT 3,1 2,1 TOWN", "TR-30"); // source not own
    dice(&mut s, &[5, 4]);
    act(&mut s, 0, "CONVERT 2,1 3,1 FORT");
    assert_eq!(
        s.building(pt(3, 1)),
        Some(Building {
            owner: 0,
            kind: Kind::Fort
        })
    );
    assert_eq!(s.player(1).supply.get(Kind::Fort), 2);
    assert_eq!(s.player(0).supply.get(Kind::Fort), 1);
    conserved(&s);
}

#[test]
fn tr_31_die_price_pay_or_lose_everything() {
    let mut s = g0();
    put(&mut s, 0, 5, 1, Kind::Palace);
    hold(&mut s, 0, "HSC");
    give_cards(&mut s, 0, &["9D"]);
    dice(&mut s, &[4]);
    let events = act(&mut s, 0, "EXPAND 5,1 9D");
    assert!(events.contains(&Event::LostEverything {
        seat: 0,
        lost: res("HSC")
    }));
    assert!(s.player(0).resources.is_empty());
    assert_eq!(cards(&s, 0), vec![card("9D")], "territory cards are kept");
    assert!(!s.grid.contains_key(&Cell::new(5, 1)));
    assert_eq!(s.bank, Resources::new(13, 13, 13, 13));
    // R >= N: pay N of own choice, then the effect.
    let mut t = g0();
    put(&mut t, 0, 5, 1, Kind::Palace);
    hold(&mut t, 0, "HSC");
    give_cards(&mut t, 0, &["9D"]);
    dice(&mut t, &[2]);
    act(&mut t, 0, "EXPAND 5,1 9D");
    assert_eq!(
        Territories::view(&t, None).step,
        crate::territories::view::Step::Pay
    );
    act(&mut t, 0, "PAY S"); // after S only C remains: the engine pays it
    assert_eq!(t.player(0).resources, res("H"));
    assert_eq!(t.grid[&Cell::new(5, 1)], card("9D"));
}

#[test]
fn tr_32_drawing_reshuffles_the_discard_pile() {
    let mut s = g0();
    let events = {
        let mut ev = Vec::new();
        s.draw_pile = vec![card("6D")];
        crate::territories::flow::draw(&mut s, 0, &mut ev);
        ev
    };
    assert_eq!(events.len(), 1);
    assert_eq!(cards(&s, 0), vec![card("6D")]);
    s.discard_pile = vec![card("2C"), card("9D")];
    let mut expected_rng = s.rng.clone();
    let mut pile = vec![card("2C"), card("9D")];
    expected_rng.shuffle(&mut pile);
    let mut ev = Vec::new();
    crate::territories::flow::draw(&mut s, 1, &mut ev);
    assert_eq!(ev[0], Event::DiscardReshuffled { cards: 2 });
    assert_eq!(cards(&s, 1), vec![pile[0]], "the top of the shuffled pile");
    assert_eq!(s.draw_pile, vec![pile[1]]);
    assert_eq!(s.rng, expected_rng, "one Fisher-Yates shuffle");
    s.draw_pile.clear();
    let mut ev = Vec::new();
    crate::territories::flow::draw(&mut s, 1, &mut ev);
    assert_eq!(
        ev,
        vec![Event::CardDrawn {
            seat: 1,
            card: None,
            drawn: false
        }]
    );
}

#[test]
fn tr_33_end_turn_only_when_free() {
    let mut s = g0();
    hold(&mut s, 0, "H");
    s.players[1].resources = res("S");
    rebank(&mut s);
    put(&mut s, 0, 0, 0, Kind::Town);
    s.offers_made = 2;
    s.abilities_used = [true; 4];
    act(&mut s, 0, "GIVE H");
    rejected(&s, 0, "END", "TR-33");
    act(&mut s, 0, "GET S");
    act(&mut s, 0, "PROPOSE");
    act(&mut s, 1, "DECLINE");
    let events = act(&mut s, 0, "END");
    assert_eq!(
        events[0],
        Event::TurnEnded {
            seat: 0,
            homeless: 0
        }
    );
    assert_eq!((s.turn, s.active, s.phase.clone()), (2, 1, Phase::Roll));
    assert_eq!((s.offers_made, s.abilities_used), (0, [false; 4]));
}

#[test]
fn tr_34_only_the_pending_decision_of_its_player() {
    let mut s = g0();
    s.phase = Phase::Roll;
    hold(&mut s, 0, "HSCD");
    s.players[1].resources = res("HHHSSSCCDD");
    rebank(&mut s);
    dice(&mut s, &[5, 2]);
    act(&mut s, 0, "ROLL");
    assert_eq!(Territories::to_act(&s), vec![1]);
    rejected(&s, 0, "TOWN 0,0", "TR-34");
    rejected(&s, 0, "END", "TR-34");
    rejected(&s, 1, "TAKE H", "TR-34");
    rejected(&s, 1, "PAY H", "TR-34");
    assert!(legal(&s, 0).is_empty());
    assert!(legal(&s, 1).iter().all(|a| matches!(a, Action::Discard(_))));
}

#[test]
fn tr_35_forced_decisions_are_finished_by_the_engine() {
    // All cards must go: R = N.
    let mut s = g0();
    put(&mut s, 0, 3, 1, Kind::Fort);
    hold(&mut s, 0, "HSC");
    give_cards(&mut s, 0, &["6D"]);
    dice(&mut s, &[3]);
    let events = act(&mut s, 0, "SWAP 0,0 6D");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(
                e,
                Event::Paid {
                    automatic: true,
                    ..
                }
            ))
            .count(),
        3
    );
    assert_eq!(s.phase, Phase::Main);
    // Territory cards make a discard non-forced (their identity is hidden).
    let mut t = g0();
    t.phase = Phase::Roll;
    hold(&mut t, 0, "SSSSSSS");
    give_cards(&mut t, 0, &["2C"]);
    dice(&mut t, &[3, 4]);
    act(&mut t, 0, "ROLL");
    assert_eq!(Territories::to_act(&t), vec![0]);
    // A single territory card left as the only candidate is forced.
    let d = Decision {
        kind: DecisionKind::Discard,
        seat: 0,
        remaining: 1,
        last: Some(Item::Territory(card("QH"))),
    };
    let mut u = g0();
    give_cards(&mut u, 0, &["2C"]);
    assert_eq!(
        crate::territories::flow::forced_items(&u, &d),
        Some(vec![Item::Territory(card("2C"))])
    );
}

#[test]
fn tr_36_illegal_actions_change_nothing_and_draw_no_random_value() {
    let mut s = g0();
    put(&mut s, 0, 1, 3, Kind::Barracks);
    put(&mut s, 1, 2, 2, Kind::Palace);
    hold(&mut s, 0, "HSCD");
    let rng = s.rng.clone();
    rejected(&s, 0, "DESTROY 2,2", "TR-29");
    rejected(&s, 1, "ROLL", "TR-34");
    rejected(&s, 0, "UPGRADE 9,9 FORT", "TR-18");
    assert_eq!(s.rng, rng);
}

#[test]
fn tr_37_legal_actions_are_exactly_the_accepted_ones() {
    let mut s = g0();
    put(&mut s, 0, 1, 1, Kind::Town);
    put(&mut s, 0, 2, 1, Kind::Capital);
    put(&mut s, 1, 3, 1, Kind::Town);
    put(&mut s, 1, 3, 2, Kind::Temple);
    hold(&mut s, 0, "HHHHSSSSCCCCDDDD");
    s.players[1].resources = res("HS");
    rebank(&mut s);
    give_cards(&mut s, 0, &["6D", "2C"]);
    let listed = legal(&s, 0);
    assert!(
        legal(&s, 1).is_empty(),
        "a seat not to act has no legal action"
    );
    let towns = listed
        .iter()
        .filter(|a| matches!(a, Action::BuildTown(_)))
        .count();
    assert_eq!(towns, 26, "one per empty intersection");
    let swaps = listed
        .iter()
        .filter(|a| matches!(a, Action::Swap { .. }))
        .count();
    assert_eq!(swaps, 40, "20 cells x 2 hand cards");
    let expands = listed
        .iter()
        .filter(|a| matches!(a, Action::Expand { .. }))
        .count();
    assert_eq!(expands, 36, "18 growth cells x 2 hand cards");
    for a in &listed {
        let mut probe = s.clone();
        Territories::apply(&mut probe, 0, a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    for x in -1..7 {
        for y in -1..6 {
            for a in [Action::BuildTown(pt(x, y)), Action::Destroy(pt(x, y))] {
                let mut probe = s.clone();
                let ok = Territories::apply(&mut probe, 0, &a).is_ok();
                assert_eq!(ok, listed.contains(&a), "{a:?}");
            }
        }
    }
}

#[test]
fn tr_38_one_card_at_a_time_in_canonical_order_and_completable() {
    let mut s = g0();
    s.phase = Phase::Roll;
    hold(&mut s, 0, "HHSSSDDD");
    give_cards(&mut s, 0, &["QH", "2C"]);
    dice(&mut s, &[3, 4]);
    act(&mut s, 0, "ROLL"); // 10 cards: discard 3
    act(&mut s, 0, "DISCARD S");
    rejected(&s, 0, "DISCARD H", "TR-38"); // earlier than S
    rejected(&s, 0, "DISCARD C", "TR-38"); // no C in the hand
    rejected(&s, 0, "DISCARD 2C", "TR-38"); // nothing from 2C on could follow it
    act(&mut s, 0, "DISCARD S"); // a suit may be named again
    act(&mut s, 0, "DISCARD QH");
    assert_eq!(s.player(0).resources, res("HHSDDD"));
    assert_eq!(s.discard_pile, vec![card("QH")]);
}

#[test]
fn tr_39_trade_drafts_step_by_step() {
    let mut s = g0();
    hold(&mut s, 0, "HHCD");
    s.players[1].resources = res("HSS");
    rebank(&mut s);
    act(&mut s, 0, "GIVE C");
    rejected(&s, 0, "GIVE H", "TR-39"); // canonical order on the give side
    rejected(&s, 0, "GIVE C", "TR-39"); // only one C held
    rejected(&s, 0, "TOWN 0,0", "TR-39"); // a draft blocks everything else
    rejected(&s, 0, "GET C", "TR-39"); // on the give side
    rejected(&s, 0, "GET D", "TR-39"); // the opponent holds no D
    act(&mut s, 0, "GET S");
    rejected(&s, 0, "GIVE D", "TR-39"); // the get side has started
    rejected(&s, 0, "GET H", "TR-39"); // canonical order on the get side
    act(&mut s, 0, "GET S");
    rejected(&s, 0, "GET S", "TR-39"); // the opponent holds only 2
    act(&mut s, 0, "PROPOSE");
    assert_eq!(s.offers_made, 1);
    // Every draft can be completed: a give that leaves nothing to ask for is illegal.
    let mut t = g0();
    hold(&mut t, 0, "HS");
    t.players[1].resources = res("S");
    rebank(&mut t);
    rejected(&t, 0, "GIVE S", "TR-39");
    act(&mut t, 0, "GIVE H");
}

#[test]
fn tr_40_one_seat_to_act_and_automatic_steps() {
    let mut s = g0();
    assert_eq!(Territories::to_act(&s), vec![0]);
    s.phase = Phase::Roll;
    put(&mut s, 1, 0, 0, Kind::Town);
    dice(&mut s, &[4, 4]);
    act(&mut s, 0, "ROLL"); // production without decisions: straight to main
    assert_eq!(s.player(1).resources, res("H"));
    assert_eq!(
        (s.phase.clone(), Territories::to_act(&s)),
        (Phase::Main, vec![0])
    );
    let mut over = s.clone();
    crate::territories::flow::end_game(
        &mut over,
        Some(0),
        crate::territories::state::Ending::Points,
        &mut Vec::new(),
    );
    assert!(Territories::to_act(&over).is_empty());
    assert!(legal(&over, 0).is_empty() && legal(&over, 1).is_empty());
}

#[test]
fn tr_41_rejections_name_the_rule() {
    let mut s = g0();
    rejected(&s, 1, "END", "TR-34");
    s.phase = Phase::Roll;
    rejected(&s, 0, "END", "TR-1");
    s.phase = Phase::Main;
    rejected(&s, 0, "PLACE 0,0", "SET-5");
    rejected(&s, 0, "CAPITAL 0,0", "TR-19");
    rejected(&s, 0, "DISCARD H", "TR-34");
    rejected(&s, 0, "PROPOSE", "TR-39");
    let mut over = s.clone();
    crate::territories::flow::end_game(
        &mut over,
        None,
        crate::territories::state::Ending::TurnLimit,
        &mut Vec::new(),
    );
    rejected(&over, 0, "END", "END-4");
    let mut homeless = s.clone();
    crate::territories::flow::end_game(
        &mut homeless,
        Some(1),
        crate::territories::state::Ending::Homeless,
        &mut Vec::new(),
    );
    rejected(&homeless, 1, "ROLL", "END-3");
}
