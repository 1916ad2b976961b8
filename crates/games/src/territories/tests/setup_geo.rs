//! Section 4 (setup) and section 3 (geometry).

use super::*;
use crate::territories::grid::{
    growth_cells, intersections, is_growth_cell, is_intersection, share_a_card, touching,
};
use satrap_engine::GameRng;

/// The deck as SET-1 shuffles it for `seed` (the first use of the generator).
fn shuffled(seed: u64) -> (Vec<Card>, GameRng) {
    let mut rng = GameRng::from_seed(seed);
    let mut deck = Card::deck();
    rng.shuffle(&mut deck);
    (deck, rng)
}

#[test]
fn set_1_shuffle_of_the_canonical_deck() {
    let deck = Card::deck();
    assert_eq!(deck.len(), 40);
    assert_eq!(deck[0], card("2H"));
    assert_eq!(deck[9], card("QH"));
    assert_eq!(deck[10], card("2S"));
    assert_eq!(deck[39], card("QD"));
    assert!(deck.windows(2).all(|w| w[0] < w[1]), "canonical order");
    for seed in [1, 2, 99] {
        let s = Territories::new_game(&Options::default(), 2, seed).unwrap();
        let mut all: Vec<Card> = s.grid.values().copied().collect();
        all.extend(&s.draw_pile);
        all.sort();
        assert_eq!(all, deck, "a permutation of the deck");
    }
}

#[test]
fn set_2_deal_row_major_and_draw_pile_top_first() {
    let seed = 31;
    let (d, _) = shuffled(seed);
    let s = Territories::new_game(&Options::default(), 2, seed).unwrap();
    for r in 0..4i16 {
        for c in 0..5i16 {
            assert_eq!(s.grid[&Cell::new(c, r)], d[(5 * r + c) as usize]);
        }
    }
    assert_eq!(s.grid.len(), 20);
    assert_eq!(s.draw_pile, d[20..].to_vec(), "d[20] on top");
}

#[test]
fn set_3_initial_state() {
    let s = Territories::new_game(&Options::default(), 2, 3).unwrap();
    assert_eq!(s.bank, Resources::new(13, 13, 13, 13));
    for p in &s.players {
        assert!(p.resources.is_empty() && p.territories.is_empty());
        assert_eq!(p.supply.0, [8, 2, 2, 2, 1, 1]);
        assert_eq!(p.homeless, 0);
    }
    assert!(s.discard_pile.is_empty() && s.buildings.is_empty());
    conserved(&s);
}

#[test]
fn set_4_opening_roll_decides_p1_and_ties_roll_again() {
    let mut tie_seen = false;
    for seed in 0..60 {
        let s = Territories::new_game(&Options::default(), 2, seed).unwrap();
        let (_, mut rng) = shuffled(seed);
        // Four dice per round from the generator, seat 0 first (RNG-2).
        for round in &s.opening_rolls {
            let expect = [0; 4].map(|_| rng.below(6) as u8 + 1);
            assert_eq!(*round, expect);
        }
        let n = s.opening_rolls.len();
        for round in &s.opening_rolls[..n - 1] {
            assert_eq!(round[0] + round[1], round[2] + round[3], "only ties repeat");
            tie_seen = true;
        }
        let last = s.opening_rolls[n - 1];
        let p1 = if last[0] + last[1] > last[2] + last[3] {
            0
        } else {
            1
        };
        assert_ne!(last[0] + last[1], last[2] + last[3]);
        assert_eq!(s.p1, p1);
        // The first action is P1's PLACE_SETUP.
        assert_eq!(Territories::to_act(&s), vec![p1]);
        assert!(
            legal(&s, p1)
                .iter()
                .all(|a| matches!(a, Action::PlaceSetup(_)))
        );
        assert_eq!(
            s.rng, rng,
            "the generator continues after the opening rolls"
        );
    }
    assert!(tie_seen, "some seed rolls a tie");
}

#[test]
fn set_5_snake_placement_second_towns_collect() {
    let mut s = g0();
    s.phase = Phase::Setup(0);
    s.turn = 0;
    s.p1 = 1;
    s.active = 1;
    act(&mut s, 1, "PLACE 0,0");
    assert_eq!(Territories::to_act(&s), vec![0]);
    assert_eq!(
        s.player(1).resources,
        Resources::NONE,
        "first towns collect nothing"
    );
    rejected(&s, 0, "PLACE 0,0", "SET-5");
    rejected(&s, 0, "PLACE 9,9", "SET-5");
    rejected(&s, 0, "ROLL", "TR-34");
    rejected(&s, 1, "PLACE 1,0", "TR-34");
    act(&mut s, 0, "PLACE 5,4");
    assert_eq!(s.player(0).resources, Resources::NONE);
    assert_eq!(Territories::to_act(&s), vec![0], "P2 places twice");
    act(&mut s, 0, "PLACE 1,1"); // 8H 3S 4D 9C
    assert_eq!(s.player(0).resources, res("HSCD"));
    assert_eq!(Territories::to_act(&s), vec![1]);
    act(&mut s, 1, "PLACE 4,3"); // 3D 6S QC 5D
    assert_eq!(s.player(1).resources, res("SCDD"));
    assert_eq!(s.player(0).supply.get(Kind::Town), 6);
    assert_eq!(s.player(1).supply.get(Kind::Town), 6);
    conserved(&s);
}

#[test]
fn set_6_p1_takes_turn_1_odd_turns() {
    let mut s = Territories::new_game(&Options::default(), 2, 8).unwrap();
    let (p1, p2) = (s.p1, s.p2());
    for (seat, at) in [(p1, "0,0"), (p2, "1,0"), (p2, "2,0"), (p1, "3,0")] {
        act(&mut s, seat, &format!("PLACE {at}"));
    }
    assert_eq!((s.turn, s.active, s.phase.clone()), (1, p1, Phase::Roll));
    dice(&mut s, &[1, 1]);
    act(&mut s, p1, "ROLL");
    act(&mut s, p1, "END");
    assert_eq!((s.turn, s.active), (2, p2));
}

#[test]
fn geo_1_cells_and_their_corners() {
    let corners: Vec<Point> = Cell::new(2, 1).corners().collect();
    assert_eq!(corners, vec![pt(2, 1), pt(3, 1), pt(2, 2), pt(3, 2)]);
    let s = g0();
    assert!(
        s.grid
            .keys()
            .all(|c| (0..5).contains(&c.c) && (0..4).contains(&c.r))
    );
    assert_eq!(s.grid[&Cell::new(2, 0)], card("QD"));
}

#[test]
fn geo_2_thirty_intersections_on_the_initial_grid() {
    let s = g0();
    let points = intersections(&s.grid);
    assert_eq!(points.len(), 30);
    let count = |n: usize| {
        points
            .iter()
            .filter(|p| touching(&s.grid, **p).len() == n)
            .count()
    };
    assert_eq!((count(4), count(2), count(1)), (12, 14, 4));
    for corner in [pt(0, 0), pt(5, 0), pt(0, 4), pt(5, 4)] {
        assert!(is_intersection(&s.grid, corner));
    }
    assert!(!is_intersection(&s.grid, pt(6, 2)));
    assert!(!is_intersection(&s.grid, pt(-1, -1)));
}

#[test]
fn geo_3_touching_cards() {
    let s = g0();
    let t = |x, y| -> Vec<String> {
        touching(&s.grid, pt(x, y))
            .iter()
            .map(|(_, c)| c.to_string())
            .collect()
    };
    assert_eq!(t(0, 0), ["8H"]);
    assert_eq!(t(3, 0), ["QD", "5C"]);
    assert_eq!(t(2, 1), ["3S", "QD", "9C", "9S"]);
    assert_eq!(t(4, 3), ["3D", "6S", "QC", "5D"]);
    assert_eq!(t(5, 4), ["5D"]);
}

#[test]
fn geo_4_one_building_per_intersection_no_distance_rule() {
    let mut s = g0();
    hold(&mut s, 0, "HHSSCCDD");
    act(&mut s, 0, "TOWN 1,1");
    act(&mut s, 0, "TOWN 2,1"); // a neighbour: no distance rule
    hold(&mut s, 0, "HSCD");
    rejected(&s, 0, "TOWN 1,1", "TR-17");
    act(&mut s, 0, "TOWN 5,4"); // far away: no connection rule
}

#[test]
fn geo_5_sharing_a_card() {
    let s = g0();
    assert!(share_a_card(&s.grid, pt(2, 1), pt(3, 1)));
    assert!(
        share_a_card(&s.grid, pt(2, 1), pt(3, 2)),
        "diagonal neighbours share 9S"
    );
    assert!(!share_a_card(&s.grid, pt(2, 1), pt(4, 3)));
    assert!(
        !share_a_card(&s.grid, pt(2, 1), pt(2, 1)),
        "different intersections"
    );
    // Common cell outside the grid: (5,0) and (6,1) would share cell (5,0).
    assert!(!share_a_card(&s.grid, pt(5, 0), pt(6, 1)));
}

#[test]
fn geo_6_growth_cells_share_an_edge() {
    let mut s = g0();
    let cells = growth_cells(&s.grid);
    assert_eq!(cells.len(), 18);
    for c in 0..5 {
        assert!(cells.contains(&Cell::new(c, -1)) && cells.contains(&Cell::new(c, 4)));
    }
    for r in 0..4 {
        assert!(cells.contains(&Cell::new(-1, r)) && cells.contains(&Cell::new(5, r)));
    }
    assert!(!is_growth_cell(&s.grid, Cell::new(-1, -1)), "diagonal only");
    assert!(!is_growth_cell(&s.grid, Cell::new(2, 2)), "occupied");
    s.grid.insert(Cell::new(5, 1), card("9D"));
    assert!(is_growth_cell(&s.grid, Cell::new(6, 1)), "no size limit");
    assert_eq!(intersections(&s.grid).len(), 32);
}

#[test]
fn geo_7_swap_changes_only_the_card() {
    let mut s = g0();
    put(&mut s, 0, 3, 1, Kind::Fort);
    put(&mut s, 1, 2, 2, Kind::Town);
    give_cards(&mut s, 0, &["6D"]);
    hold(&mut s, 0, "H");
    let (points, cells, buildings) = (intersections(&s.grid), s.grid.len(), s.buildings.clone());
    dice(&mut s, &[1]);
    act(&mut s, 0, "SWAP 2,2 6D");
    assert_eq!(s.grid[&Cell::new(2, 2)], card("6D"));
    assert_eq!(intersections(&s.grid), points);
    assert_eq!(s.grid.len(), cells);
    assert_eq!(s.buildings, buildings);
}

#[test]
fn geo_8_row_major_order() {
    let s = g0();
    let cells: Vec<Cell> = s.grid.keys().copied().collect();
    assert_eq!(cells[0], Cell::new(0, 0));
    assert_eq!(cells[1], Cell::new(1, 0));
    assert_eq!(cells[5], Cell::new(0, 1));
    let points: Vec<Point> = intersections(&s.grid).into_iter().collect();
    assert_eq!(
        &points[..7],
        &[
            pt(0, 0),
            pt(1, 0),
            pt(2, 0),
            pt(3, 0),
            pt(4, 0),
            pt(5, 0),
            pt(0, 1)
        ]
    );
    let mut setup = g0();
    setup.phase = Phase::Setup(0);
    let listed: Vec<Action> = legal(&setup, 0);
    assert_eq!(
        listed,
        points
            .into_iter()
            .map(Action::PlaceSetup)
            .collect::<Vec<_>>()
    );
}
