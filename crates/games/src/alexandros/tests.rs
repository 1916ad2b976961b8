//! Unit tests: one per rule (`ax_n_…`), every worked example of section 9
//! (`example_n_…`), setup (`s_n_…`) and decisions, and the geometry on its own
//! (`geometry_…`). Positions are built by playing the examples' decisions;
//! "test setup" facts of the examples (hands, display, pile tops) are set
//! directly on the state.

use std::collections::BTreeSet;

use super::alexander::{is_empty, target_set};
use super::apply::recompute_provinces;
use super::board::{Point, Side, Space, board};
use super::card::Symbol::{Amphora, Horse, Lyre, Soldier, Temple};
use super::card::{Cards, Symbol};
use super::geometry::{
    add_walls, distance, provinces, route_steps, shortest_route_count, space_distance,
};
use super::notation::{format_action, parse_action};
use super::occupation::{check_give, owed_for, removal_cards};
use super::scoring::taxes;
use super::state::{Compensation, Stage, State, WallColour};
use super::*;
use satrap_engine::{Game, RuleError, Seat};

/// The legal list as the `Game` trait gives it.
fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
    Alexandros::legal_actions(s, seat)
}

const RED: Seat = 0;
const YELLOW: Seat = 1;
const BLUE: Seat = 2;

fn sp(id: &str) -> Space {
    Space::from_id(id).unwrap_or_else(|| panic!("no space {id}"))
}

fn pt(id: &str) -> Point {
    Point::from_id(id).unwrap_or_else(|| panic!("no point {id}"))
}

fn sd(id: &str) -> Side {
    Side::from_id(id).unwrap_or_else(|| panic!("no side {id}"))
}

fn ids<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|x| x.to_string()).collect()
}

fn hand(list: &[Symbol]) -> Cards {
    Cards::of(list)
}

/// A game with seat 0 (Red) as the starting player.
fn game(players: usize) -> State {
    let options = Options {
        start_player: Some(0),
        ..Options::default()
    };
    Alexandros::new_game(&options, players, 7).expect("setup")
}

/// Play one decision of the active player (notation), which must be legal.
fn act(s: &mut State, text: &str) -> Vec<Event> {
    let a = parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let seat = s.current;
    Alexandros::apply(s, seat, &a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The active player's legal actions as notation.
fn legal(s: &State) -> Vec<String> {
    legal_actions(s, s.current)
        .iter()
        .map(format_action)
        .collect()
}

/// The refusal of an action; the state must not change.
fn refuse(s: &State, text: &str) -> RuleError {
    let a = parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let mut probe = s.clone();
    let e = Alexandros::apply(&mut probe, s.current, &a).expect_err(text);
    assert_eq!(&probe, s, "a refused {text} changed the state");
    e
}

/// Put cards on top of the draw pile; the first is drawn first.
fn on_top(s: &mut State, cards: &[Symbol]) {
    s.draw.extend(cards.iter().rev());
}

fn province_ids(s: &State, of: &str) -> Vec<String> {
    ids(s.province_spaces(s.province_of(sp(of))))
}

fn scores(s: &State) -> Vec<u32> {
    s.seats.iter().map(|x| x.score).collect()
}

fn targets(s: &State, sym: Symbol) -> Vec<String> {
    ids(target_set(s, sym))
}

/// EX-1: Red's opening move to v3_2 and two cards from the draw pile.
fn ex1() -> State {
    let mut s = game(3);
    s.display = [Some(Horse), Some(Lyre)];
    s.seats[RED].hand = hand(&[Soldier]);
    on_top(&mut s, &[Soldier]);
    act(&mut s, "ALEX_CARD 1 HORSE");
    act(&mut s, "ALEX_DEST v3_2");
    act(&mut s, "ALEX_STEP v2_3");
    act(&mut s, "ALEX_STEP v3_2");
    act(&mut s, "TAKE_CARD DECK");
    act(&mut s, "TAKE_CARD DECK");
    s
}

/// EX-2 before Yellow's move.
fn ex2_start() -> State {
    let mut s = ex1();
    assert_eq!(s.current, YELLOW);
    s.display = [Some(Soldier), Some(Lyre)];
    s.seats[YELLOW].hand = hand(&[Amphora]);
    on_top(&mut s, &[Horse]);
    s
}

/// EX-2: Yellow closes NW with the lyre.
fn ex2() -> State {
    let mut s = ex2_start();
    act(&mut s, "ALEX_CARD 2 LYRE");
    act(&mut s, "ALEX_DEST v0_3");
    act(&mut s, "ALEX_STEP v2_3");
    act(&mut s, "ALEX_STEP v1_4");
    act(&mut s, "ALEX_STEP v0_3");
    s
}

/// EX-3 up to the occupation (Yellow has taken the horse; slot 2 → temple).
fn ex3_before_occupation() -> State {
    let mut s = ex2();
    on_top(&mut s, &[Temple]);
    act(&mut s, "TAKE_CARD SLOT2");
    s
}

/// EX-3 variant (B): guards on r0c1 and r2c1. Yellow's turn is over.
fn ex3b() -> State {
    let mut s = ex3_before_occupation();
    act(&mut s, "OCCUPY r0c0");
    act(&mut s, "PLACE_GUARD r0c1");
    act(&mut s, "PLACE_GUARD r2c1");
    act(&mut s, "CONFIRM_OCCUPATION");
    s
}

/// EX-4: Blue's special move with an amphora to v2_1.
fn ex4() -> State {
    let mut s = ex3b();
    assert_eq!(s.current, BLUE);
    s.seats[BLUE].hand = hand(&[Amphora, Lyre, Lyre, Lyre, Amphora]);
    act(&mut s, "ALEX_HAND AMPHORA");
    act(&mut s, "ALEX_DEST v2_1");
    act(&mut s, "ALEX_STEP v1_2");
    act(&mut s, "ALEX_STEP v2_1");
    s
}

/// EX-5: Blue takes NW-a over with a guard on r1c0.
fn ex5() -> State {
    let mut s = ex4();
    act(&mut s, "TAKE_OVER r0c0");
    act(&mut s, "PLACE_GUARD r1c0");
    act(&mut s, "CONFIRM_OCCUPATION");
    act(&mut s, "GIVE_CARD LYRE");
    act(&mut s, "GIVE_CARD LYRE");
    s
}

/// EX-6: Blue levies with the amphora.
fn ex6() -> State {
    let mut s = ex5();
    act(&mut s, "LEVY AMPHORA");
    s
}

/// Play the first legal decision until the action phase.
fn to_actions(s: &mut State) {
    while !matches!(s.stage, Stage::Actions) {
        let a = legal_actions(s, s.current)[0].clone();
        let seat = s.current;
        Alexandros::apply(s, seat, &a).expect("legal");
    }
}

/// A connected set of spaces (outside `exclude`) with `open` open spaces
/// and the symbol spaces `need`, for board-independent examples.
fn carve(open: u32, need: &[Symbol], exclude: &BTreeSet<Space>) -> Vec<Space> {
    for start in Space::all() {
        if exclude.contains(&start) {
            continue;
        }
        let mut want = hand(need);
        let mut open_left = open;
        let take = |s: Space, want: &mut Cards, open_left: &mut u32| match s.symbol() {
            None if *open_left > 0 => {
                *open_left -= 1;
                true
            }
            Some(sym) => want.take(sym),
            None => false,
        };
        if !take(start, &mut want, &mut open_left) {
            continue;
        }
        let mut region = vec![start];
        let mut i = 0;
        while i < region.len() {
            let s = region[i];
            for side in s.sides() {
                for f in side.faces().into_iter().flatten() {
                    if !region.contains(&f)
                        && !exclude.contains(&f)
                        && take(f, &mut want, &mut open_left)
                    {
                        region.push(f);
                    }
                }
            }
            i += 1;
        }
        if open_left == 0 && want.total() == 0 {
            return region;
        }
    }
    panic!("no region with {open} open spaces and {need:?}");
}

/// Wall every inner side between `region` and the rest, then recompute.
fn enclose(s: &mut State, region: &[Space]) {
    for r in region {
        for side in r.sides() {
            if let [Some(a), Some(b)] = side.faces()
                && (region.contains(&a) != region.contains(&b))
            {
                s.walls[side.index()] = Some(WallColour::Black);
            }
        }
    }
    recompute_provinces(s);
}

/// Carve and enclose a province; returns its spaces (board order).
fn province_with(
    s: &mut State,
    open: u32,
    need: &[Symbol],
    used: &mut BTreeSet<Space>,
) -> Vec<Space> {
    let mut region = carve(open, need, used);
    region.sort();
    enclose(s, &region);
    // The ring of neighbours stays free so provinces do not touch.
    for r in &region {
        used.insert(*r);
        for side in r.sides() {
            used.extend(side.faces().into_iter().flatten());
        }
    }
    region
}

/// Put `seat`'s guard on the first space of `region` with this symbol.
fn guard_on(s: &mut State, region: &[Space], sym: Symbol, seat: Seat) -> Space {
    let g = *region
        .iter()
        .find(|r| r.symbol() == Some(sym) && s.guard(**r).is_none())
        .expect("symbol space");
    s.guards[g.index()] = Some(seat);
    s.seats[seat].supply -= 1;
    g
}

/// The active player in the action phase with nothing used.
fn action_phase(s: &mut State, seat: Seat) {
    s.current = seat;
    s.stage = Stage::Actions;
    s.actions_used = 0;
    s.levied = false;
}

// ---------------------------------------------------------------- geometry

#[test]
fn geometry_board_counts_match_the_rules() {
    let b = board();
    assert_eq!(b.spaces.len(), 193);
    assert_eq!(b.points.len(), 130);
    assert_eq!(b.sides.len(), 322);
    let open = Space::all().filter(|s| s.symbol().is_none()).count();
    assert_eq!((open, 193 - open), (113, 80));
    for sym in Symbol::ALL {
        assert_eq!(Space::all().filter(|s| s.symbol() == Some(sym)).count(), 16);
    }
    let border = Side::all().filter(|s| s.is_border()).count();
    assert_eq!((border, 322 - border), (65, 257));
    // Euler: points − sides + spaces = 1 (one region, no holes).
    assert_eq!(130 - 322 + 193, 1);
    assert_eq!(b.start, pt("v1_4"));
    assert_eq!(b.constants.black_walls, 65);
    assert_eq!(b.constants.red_walls, 10);
    assert_eq!(b.constants.cards_total, 55);
}

#[test]
fn geometry_spaces_follow_the_map_and_corner_formulas() {
    let b = board();
    for s in Space::all() {
        let (r, c) = s.row_col();
        let letter = b.map_rows[usize::from(r)]
            .chars()
            .nth(usize::from(c))
            .expect("map cell");
        assert_eq!(letter, s.symbol().map_or('o', |x| x.letter()), "{s}");
        assert_eq!(s.id(), format!("r{r}c{c}"));
        let mut want = if s.points_up() {
            vec![(r, c + 1), (r + 1, c), (r + 1, c + 2)]
        } else {
            vec![(r, c), (r, c + 2), (r + 1, c + 1)]
        };
        want.sort();
        let mut got: Vec<(u8, u8)> = s.corners().iter().map(|p| p.yx()).collect();
        got.sort();
        assert_eq!(got, want, "{s}");
        // Each side of a space joins two of its corners and lists it as a face.
        for side in s.sides() {
            let (a, b2) = side.ends();
            assert!(s.corners().contains(&a) && s.corners().contains(&b2));
            assert!(side.faces().contains(&Some(s)));
        }
    }
    let map_cells = b
        .map_rows
        .iter()
        .flat_map(|r| r.chars())
        .filter(|c| *c != '.')
        .count();
    assert_eq!(map_cells, 193);
}

#[test]
fn geometry_coast_is_one_simple_loop_and_start_is_inland() {
    for p in Point::all() {
        let border_sides = p.neighbours().iter().filter(|(_, s)| s.is_border()).count();
        assert!(
            border_sides == 0 || border_sides == 2,
            "{p}: {border_sides}"
        );
    }
    let start = board().start;
    assert_eq!(start.spaces().len(), 6);
    assert!(start.spaces().iter().all(|s| s.symbol().is_none()));
}

#[test]
fn geometry_distances_are_a_metric_on_the_side_graph() {
    let pts: Vec<Point> = Point::all().collect();
    let mut max = 0;
    for a in &pts {
        assert_eq!(distance(*a, *a), 0);
        for (q, _) in a.neighbours() {
            assert_eq!(distance(*a, *q), 1);
        }
        for b in &pts {
            assert_eq!(distance(*a, *b), distance(*b, *a));
            max = max.max(distance(*a, *b));
        }
    }
    // Appendix A: the largest distance on board A is 17 sides.
    assert_eq!(max, 17);
}

#[test]
fn geometry_shortest_routes_counts() {
    // Appendix A: at most 10 routes up to 5 sides apart; 9,798 at most.
    let mut most_short = 0;
    let mut most = 0;
    for a in Point::all() {
        for d in Point::all() {
            let n = shortest_route_count(a, d);
            most = most.max(n);
            if distance(a, d) <= 5 {
                most_short = most_short.max(n);
            }
        }
    }
    assert_eq!(most_short, 10);
    assert_eq!(most, 9798);
    // EX-1 route counts.
    assert_eq!(shortest_route_count(pt("v1_4"), pt("v2_1")), 2);
    assert_eq!(shortest_route_count(pt("v1_4"), pt("v3_0")), 3);
    assert_eq!(shortest_route_count(pt("v1_4"), pt("v3_2")), 1);
    // Every step of a route is one side closer, at most two choices.
    for a in Point::all() {
        for d in Point::all() {
            let steps = route_steps(a, d);
            assert!(steps.len() <= 2);
            assert_eq!(steps.is_empty(), a == d);
        }
    }
}

#[test]
fn geometry_provinces_by_flood_fill() {
    // No walls: one province anchored at r0c0.
    let one = provinces(|_| false);
    assert!(one.iter().all(|a| *a == sp("r0c0")));
    // Every inner side walled: every space alone.
    let all = provinces(|_| true);
    assert!(Space::all().all(|s| all[s.index()] == s));
    // EX-2's three walls close NW.
    let walls = [sd("v1_4|v2_3"), sd("v2_3|v3_2"), sd("v0_3|v1_4")];
    let p = provinces(|s| walls.contains(&s));
    let nw: Vec<String> = ids(Space::all().filter(|s| p[s.index()] == sp("r0c0")));
    assert_eq!(
        nw,
        [
            "r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1"
        ]
    );
    let rest: Vec<Space> = Space::all()
        .filter(|s| p[s.index()] != sp("r0c0"))
        .collect();
    assert_eq!(rest.len(), 185);
    assert!(rest.iter().all(|s| p[s.index()] == sp("r0c3")));
    // Two walls alone do not close anything.
    let p2 = provinces(|s| walls[..2].contains(&s));
    assert!(p2.iter().all(|a| *a == sp("r0c0")));
}

/// AX-11: bringing the provinces up to date from the walls of a route
/// gives the flood fill of all the walls: random orders of every inner
/// side, placed a few at a time (walls that split nothing, splits, one
/// route's walls cutting one province in three or more).
#[test]
fn geometry_add_walls_agrees_with_the_flood_fill() {
    let inner: Vec<Side> = Side::all().filter(|s| !s.is_border()).collect();
    let mut rng = satrap_engine::GameRng::from_seed(11);
    let (mut splits, mut whole, mut several) = (0, 0, 0);
    for _ in 0..60 {
        let mut walled = vec![false; Side::all().count()];
        let mut labels = provinces(|_| false);
        let mut order = inner.clone();
        rng.shuffle(&mut order);
        for route in order.chunks(1 + rng.index(5)) {
            for s in route {
                walled[s.index()] = true;
            }
            let count = |l: &[Space]| l.iter().collect::<BTreeSet<_>>().len();
            let before = count(&labels);
            add_walls(&mut labels, |s| walled[s.index()], route);
            assert_eq!(labels, provinces(|s| walled[s.index()]), "{route:?}");
            match count(&labels) - before {
                0 => whole += 1,
                1 => splits += 1,
                _ => several += 1,
            }
        }
    }
    assert!(
        splits > 500 && whole > 500 && several > 100,
        "{splits} splits, {whole} whole, {several} several"
    );
}

#[test]
fn geometry_space_distance_is_nearest_corner() {
    assert_eq!(space_distance(pt("v1_4"), sp("r0c1")), 1);
    assert_eq!(space_distance(pt("v1_4"), sp("r2c0")), 2);
    assert_eq!(space_distance(pt("v1_4"), sp("r2c8")), 3);
    assert_eq!(space_distance(pt("v1_4"), sp("r4c7")), 3);
    assert_eq!(space_distance(pt("v1_4"), sp("r0c2")), 0);
    // The board's table, read by the target sets, against AX-3's
    // definition (the nearest corner) for every point and every space.
    for p in Point::all() {
        for s in Space::all() {
            let nearest = s.corners().iter().map(|c| distance(p, *c)).min();
            assert_eq!(Some(space_distance(p, s)), nearest, "{p} {s}");
        }
    }
}

// ------------------------------------------------------------------- setup

#[test]
fn s_1_to_s_3_pieces_at_the_start() {
    let s = game(4);
    for (i, seat) in s.seats.iter().enumerate() {
        assert_eq!(seat.colour, Colour::ALL[i]);
        assert_eq!((seat.score, seat.supply), (0, 4));
    }
    assert_eq!(s.alexander, pt("v1_4"));
    assert_eq!((s.black_left, s.red_left, s.walls_on_board()), (65, 10, 0));
    assert!(s.guards.iter().all(|g| g.is_none()));
}

#[test]
fn s_4_to_s_7_cards_dealt_and_p0_starts() {
    for players in 2..=4 {
        for seed in 0..20 {
            let s = Alexandros::new_game(&Options::default(), players, seed).expect("setup");
            assert!(s.seats.iter().all(|x| x.hand.total() == 1));
            assert!(s.display.iter().all(|c| c.is_some()));
            assert_eq!(s.draw.len(), 55 - players - 2);
            assert!(s.discard.is_empty());
            assert_eq!(s.current, s.start_player);
            assert_eq!(s.stage, Stage::AlexSource);
        }
    }
    // S-8: the start seat varies with the seed; the option fixes it.
    let starts: BTreeSet<Seat> = (0..40)
        .map(|seed| {
            Alexandros::new_game(&Options::default(), 4, seed)
                .expect("setup")
                .start_player
        })
        .collect();
    assert_eq!(starts.len(), 4);
    assert_eq!(game(3).current, 0);
}

#[test]
fn s_8_options_are_checked() {
    let bad = |o: Options, n: usize| Alexandros::new_game(&o, n, 1).is_err();
    assert!(bad(Options::default(), 1));
    assert!(bad(Options::default(), 5));
    assert!(bad(
        Options {
            start_player: Some(3),
            ..Options::default()
        },
        3
    ));
    assert!(bad(
        Options {
            colours: vec![Colour::Red, Colour::Red],
            ..Options::default()
        },
        2
    ));
    assert!(bad(
        Options {
            turn_limit: 0,
            ..Options::default()
        },
        2
    ));
    let s = Alexandros::new_game(
        &Options {
            colours: vec![Colour::Green, Colour::Blue],
            ..Options::default()
        },
        2,
        1,
    )
    .expect("setup");
    assert_eq!(s.seats[0].colour, Colour::Green);
    // Same seed, same game; the option does not change the shuffle.
    let a = Alexandros::new_game(&Options::default(), 3, 99).expect("setup");
    let b = Alexandros::new_game(
        &Options {
            start_player: Some(2),
            ..Options::default()
        },
        3,
        99,
    )
    .expect("setup");
    assert_eq!(a.draw, b.draw);
    assert_eq!(a.display, b.display);
}

// ------------------------------------------------------------------- rules

#[test]
fn ax_1_turns_pass_clockwise_and_only_the_active_player_acts() {
    let mut s = game(3);
    for expected in [0, 1, 2, 0, 1] {
        assert_eq!(s.current, expected);
        assert_eq!(Alexandros::to_act(&s), vec![expected]);
        for other in 0..3 {
            if other != expected {
                assert!(legal_actions(&s, other).is_empty());
                let mut probe = s.clone();
                let e = Alexandros::apply(&mut probe, other, &legal_actions(&s, expected)[0])
                    .expect_err("not to act");
                assert_eq!(e.rule, "AX-1");
            }
        }
        to_actions(&mut s);
        act(&mut s, "END_TURN");
    }
}

#[test]
fn ax_2_turn_is_alexander_phase_then_actions() {
    let mut s = game(2);
    assert_eq!(s.stage, Stage::AlexSource);
    assert_eq!(refuse(&s, "TAKE_CARD DECK").rule, "AX-15");
    assert_eq!(refuse(&s, "END_TURN").rule, "AX-2");
    assert!(legal(&s).iter().all(|a| a.starts_with("ALEX_")));
    to_actions(&mut s);
    assert!(legal(&s).contains(&"END_TURN".to_string()));
    assert_eq!(refuse(&s, "ALEX_HAND TEMPLE").rule, "AX-6");
}

#[test]
fn ax_3_distance_counts_sides_and_walls_never_block() {
    let s = ex2();
    // v0_3|v1_4 carries a wall; the distance is still 1.
    assert!(s.wall(sd("v0_3|v1_4")).is_some());
    assert_eq!(distance(pt("v0_3"), pt("v1_4")), 1);
    // EX-1: lyre corners v0_3, v1_2 are 1 side away, v0_1 is 2.
    assert_eq!(distance(pt("v1_4"), pt("v0_1")), 2);
    assert_eq!(space_distance(pt("v1_4"), sp("r0c1")), 1);
}

#[test]
fn ax_4_empty_spaces() {
    let s = ex2_start();
    // Alexander's point v3_2 is a corner.
    for id in ["r2c0", "r2c1", "r3c2"] {
        assert!(!is_empty(&s, sp(id)), "{id}");
    }
    // A wall on one of the sides.
    for id in ["r1c2", "r1c3", "r2c1", "r2c2"] {
        assert!(!is_empty(&s, sp(id)), "{id}");
    }
    // A point touching a wall does not matter: r2c3 has corner v2_3.
    assert!(is_empty(&s, sp("r2c3")));
    // A guard makes a space non-empty.
    let mut g = s.clone();
    g.guards[sp("r2c3").index()] = Some(BLUE);
    assert!(!is_empty(&g, sp("r2c3")));
}

#[test]
fn ax_5_target_set_is_the_nearest_empty_spaces() {
    let s = ex2_start();
    assert_eq!(targets(&s, Soldier), ["r2c4"]);
    assert_eq!(targets(&s, Lyre), ["r0c1", "r3c6"]);
    assert_eq!(targets(&s, Temple), ["r2c3"]);
    assert_eq!(targets(&s, Amphora), ["r1c0", "r3c4"]);
    assert_eq!(targets(&s, Horse), ["r2c8", "r4c7"]);
    // No empty space of a symbol: no target set.
    let mut none = s.clone();
    for sp in super::alexander::symbol_spaces(Lyre) {
        none.guards[sp.index()] = Some(RED);
    }
    assert!(target_set(&none, Lyre).is_empty());
}

#[test]
fn ax_6_three_ways_to_move() {
    let s = example_12_state();
    let l = legal(&s);
    assert!(l.contains(&"ALEX_CARD 2 HORSE".to_string())); // normal
    assert!(l.contains(&"ALEX_HAND TEMPLE".to_string())); // special
    assert!(l.contains(&"ALEX_CARD 1 TEMPLE".to_string())); // joker
}

#[test]
fn ax_7_normal_move_takes_the_card_and_refills_the_slot() {
    let mut s = game(3);
    s.display = [Some(Horse), Some(Lyre)];
    s.seats[RED].hand = hand(&[Soldier]);
    on_top(&mut s, &[Soldier]);
    assert_eq!(refuse(&s, "ALEX_CARD 1 LYRE").rule, "AX-7");
    let events = act(&mut s, "ALEX_CARD 1 HORSE");
    assert_eq!(s.seats[RED].hand, hand(&[Soldier, Horse]));
    assert_eq!(s.display, [Some(Soldier), Some(Lyre)]);
    assert!(events.contains(&Event::CardRevealed {
        slot: Slot::One,
        symbol: Soldier
    }));
    assert_eq!(
        s.stage,
        Stage::AlexDestination {
            symbol: Horse,
            kind: MoveKind::Normal
        }
    );
}

#[test]
fn ax_8_any_space_of_the_target_set() {
    let mut s = ex2_start();
    act(&mut s, "ALEX_CARD 2 LYRE");
    let l = legal(&s);
    // Corners of r0c1 and of r3c6.
    for p in ["v0_1", "v0_3", "v1_2", "v3_6", "v3_8", "v4_7"] {
        assert!(l.contains(&format!("ALEX_DEST {p}")), "{p}");
    }
    assert_eq!(l.len(), 6);
}

#[test]
fn ax_9_any_corner_of_the_target_space() {
    let mut s = game(3);
    s.display = [Some(Horse), Some(Lyre)];
    act(&mut s, "ALEX_CARD 1 HORSE");
    assert_eq!(
        legal(&s),
        ["ALEX_DEST v2_1", "ALEX_DEST v3_0", "ALEX_DEST v3_2"]
    );
    assert_eq!(refuse(&s, "ALEX_DEST v1_2").rule, "AX-9");
}

#[test]
fn ax_10_walls_on_new_inner_sides_only() {
    // Lyre to v0_1 via v0_3: one wall, the coast side gets none.
    let mut s = game(3);
    s.display = [Some(Horse), Some(Lyre)];
    act(&mut s, "ALEX_CARD 2 LYRE");
    act(&mut s, "ALEX_DEST v0_1");
    act(&mut s, "ALEX_STEP v0_3");
    let events = act(&mut s, "ALEX_STEP v0_1");
    assert_eq!(s.walls_on_board(), 1);
    assert!(s.wall(sd("v0_3|v1_4")).is_some());
    assert!(s.wall(sd("v0_1|v0_3")).is_none());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AlexanderStepped { wall: None, .. }))
    );
    assert_eq!(s.black_left, 64);
    // Re-walking walled sides places nothing (EX-2, third route).
    let s2 = ex2();
    assert_eq!(s2.black_left, 62);
    assert_eq!(s2.walls_on_board(), 3);
}

#[test]
fn ax_11_provinces_split_and_guards_stay() {
    let s = ex4();
    assert_eq!(province_ids(&s, "r0c0"), ["r0c0", "r0c1", "r1c0"]);
    assert_eq!(
        province_ids(&s, "r0c2"),
        ["r0c2", "r1c1", "r1c2", "r2c0", "r2c1"]
    );
    assert_eq!(s.owner(sp("r0c0")), Some(YELLOW));
    assert_eq!(s.owner(sp("r0c2")), Some(YELLOW));
    assert_eq!(s.guard(sp("r0c1")), Some(YELLOW));
    assert_eq!(s.guard(sp("r2c1")), Some(YELLOW));
}

#[test]
fn ax_12_special_move_discards_a_hand_card() {
    let mut s = ex3b();
    s.seats[BLUE].hand = hand(&[Amphora, Lyre]);
    let display = s.display;
    act(&mut s, "ALEX_HAND AMPHORA");
    assert_eq!(s.seats[BLUE].hand, hand(&[Lyre]));
    assert_eq!(s.display, display);
    assert_eq!(s.discard.last(), Some(&Amphora));
    assert_eq!(
        s.stage,
        Stage::AlexDestination {
            symbol: Amphora,
            kind: MoveKind::Special
        }
    );
    let mut t = ex3b();
    t.seats[BLUE].hand = hand(&[Lyre]);
    assert_eq!(refuse(&t, "ALEX_HAND AMPHORA").rule, "AX-12");
}

#[test]
fn ax_13_joker_for_a_face_up_card_without_targets() {
    let mut s = example_12_state();
    let events = act(&mut s, "ALEX_CARD 1 HORSE");
    assert!(s.seats[s.current].hand.get(Lyre) == 1);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AlexanderCard {
            kind: Some(MoveKind::Joker),
            card: Lyre,
            symbol: Some(Horse),
            ..
        }
    )));
    // D-5: nothing has a target: the card is taken without moving.
    let mut idle = example_12_state();
    for s in Space::all().filter(|s| s.symbol().is_some()) {
        idle.guards[s.index()] = Some(RED);
    }
    assert_eq!(legal(&idle), ["ALEX_IDLE 1", "ALEX_IDLE 2"]);
    let at = idle.alexander;
    act(&mut idle, "ALEX_IDLE 1");
    assert_eq!(idle.alexander, at);
    assert_eq!(idle.stage, Stage::Actions);
}

#[test]
fn ax_14_no_possible_move_skips_the_alexander_phase() {
    let mut s = game(2);
    to_actions(&mut s);
    s.display = [None, None];
    s.draw.clear();
    s.discard.clear();
    s.seats[1].hand = Cards::EMPTY;
    let events = act(&mut s, "END_TURN");
    assert!(events.contains(&Event::AlexanderSkipped { seat: 1 }));
    assert_eq!(s.current, 1);
    assert_eq!(s.stage, Stage::Actions);
    assert_eq!(legal(&s), ["END_TURN"]);
}

#[test]
fn ax_15_up_to_two_actions_levy_once() {
    let mut s = ex5();
    assert_eq!(s.actions_used, 1);
    act(&mut s, "LEVY AMPHORA");
    // Two actions: the turn passed to Red.
    assert_eq!(s.current, RED);
    // Levy at most once per turn.
    let mut t = ex5();
    t.seats[BLUE].hand = hand(&[Amphora, Amphora]);
    t.actions_used = 0;
    act(&mut t, "LEVY AMPHORA");
    assert!(t.levied);
    assert!(!legal(&t).iter().any(|a| a.starts_with("LEVY")));
    assert_eq!(refuse(&t, "LEVY AMPHORA").rule, "AX-28");
    // Ending with fewer than two actions.
    let mut u = ex5();
    act(&mut u, "END_TURN");
    assert_eq!(u.current, RED);
}

#[test]
fn ax_16_take_a_face_up_card_or_the_top_card() {
    let mut s = ex2();
    on_top(&mut s, &[Temple, Soldier]);
    act(&mut s, "TAKE_CARD SLOT1");
    assert_eq!(s.seats[YELLOW].hand.get(Soldier), 1);
    assert_eq!(s.display[0], Some(Temple));
    let events = act(&mut s, "TAKE_CARD DECK");
    assert!(events.contains(&Event::CardTaken {
        seat: YELLOW,
        from: TakeFrom::Deck,
        symbol: Some(Soldier)
    }));
}

#[test]
fn ax_17_no_deck_card_when_both_piles_are_empty() {
    let mut s = ex2();
    s.draw.clear();
    s.discard.clear();
    assert!(!legal(&s).contains(&"TAKE_CARD DECK".to_string()));
    assert_eq!(refuse(&s, "TAKE_CARD DECK").rule, "AX-17");
    s.display = [None, None];
    assert!(!legal(&s).iter().any(|a| a.starts_with("TAKE_CARD")));
}

#[test]
fn ax_18_occupy_needs_an_unoccupied_province_with_a_symbol_space() {
    let mut s = ex6();
    // EX-10 (a) leaves {r0c2, r1c1, r1c2} without a symbol space.
    s.black_left = 1;
    s.display = [Some(Temple), Some(Soldier)];
    act(&mut s, "ALEX_CARD 1 TEMPLE");
    act(&mut s, "ALEX_DEST v2_3");
    act(&mut s, "ALEX_STEP v2_3");
    assert_eq!(province_ids(&s, "r0c2"), ["r0c2", "r1c1", "r1c2"]);
    s.seats[RED].hand = hand(&[Temple; 5]);
    assert!(!legal(&s).contains(&"OCCUPY r0c2".to_string()));
    assert_eq!(refuse(&s, "OCCUPY r0c2").rule, "AX-18");
    // Only anchors name provinces.
    assert_eq!(refuse(&s, "OCCUPY r1c1").rule, "AX-18");
}

#[test]
fn ax_19_guards_only_on_symbol_spaces_of_the_province() {
    let mut s = ex3_before_occupation();
    act(&mut s, "OCCUPY r0c0");
    assert_eq!(refuse(&s, "PLACE_GUARD r0c0").rule, "AX-19");
    assert_eq!(refuse(&s, "PLACE_GUARD r2c3").rule, "AX-19");
    // Never more guards than the supply.
    let mut t = ex3_before_occupation();
    t.seats[YELLOW].supply = 1;
    act(&mut t, "OCCUPY r0c0");
    act(&mut t, "PLACE_GUARD r2c1");
    assert_eq!(legal(&t), ["CONFIRM_OCCUPATION"]);
}

#[test]
fn ax_20_a_card_for_every_symbol_space_without_a_guard() {
    let mut s = ex3_before_occupation();
    act(&mut s, "OCCUPY r0c0");
    act(&mut s, "PLACE_GUARD r2c1");
    let events = act(&mut s, "CONFIRM_OCCUPATION");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Occupied { paid, .. } if *paid == hand(&[Lyre, Amphora, Horse])
    )));
    assert_eq!(s.seats[YELLOW].hand, Cards::EMPTY);
    assert_eq!(s.seats[YELLOW].supply, 3);
}

#[test]
fn ax_21_all_or_nothing() {
    // Hand [amphora, lyre] cannot pay horse and temple without guards there.
    let mut s = ex2();
    act(&mut s, "OCCUPY r0c0");
    act(&mut s, "PLACE_GUARD r0c1");
    assert!(!legal(&s).contains(&"CONFIRM_OCCUPATION".to_string()));
    assert_eq!(refuse(&s, "CONFIRM_OCCUPATION").rule, "AX-21");
    // Guards on the spaces the hand cannot pay make it complete.
    act(&mut s, "PLACE_GUARD r2c0");
    act(&mut s, "PLACE_GUARD r2c1");
    act(&mut s, "CONFIRM_OCCUPATION");
    assert_eq!(s.owner(sp("r0c0")), Some(YELLOW));
}

#[test]
fn ax_22_no_reinforcing_or_reoccupying_own_province() {
    let mut s = ex3b();
    // D-23: the guard on r0c1 stands although Alexander's point v0_3 is its corner.
    assert_eq!(
        (s.alexander, s.guard(sp("r0c1"))),
        (pt("v0_3"), Some(YELLOW))
    );
    action_phase(&mut s, YELLOW);
    s.seats[YELLOW].hand = hand(&[Temple; 6]);
    assert_eq!(refuse(&s, "OCCUPY r0c0").rule, "AX-18");
    assert_eq!(refuse(&s, "TAKE_OVER r0c0").rule, "AX-22");
}

#[test]
fn ax_23_take_over_only_an_opponents_province() {
    let s = ex4();
    assert!(legal(&s).contains(&"TAKE_OVER r0c0".to_string()));
    assert_eq!(refuse(&s, "TAKE_OVER r0c3").rule, "AX-23");
}

#[test]
fn ax_24_two_cards_per_removed_guard() {
    let s = ex4();
    assert_eq!(removal_cards(&s, sp("r0c0"), YELLOW), hand(&[Lyre, Lyre]));
    let mut t = ex4();
    t.seats[BLUE].hand = hand(&[Lyre, Amphora, Amphora]);
    assert_eq!(refuse(&t, "TAKE_OVER r0c0").rule, "AX-24");
    let u = ex5();
    assert_eq!(u.seats[YELLOW].supply, 3);
}

#[test]
fn ax_25_take_over_covers_every_symbol_space() {
    let mut s = ex4();
    act(&mut s, "TAKE_OVER r0c0");
    act(&mut s, "PLACE_GUARD r1c0");
    let events = act(&mut s, "CONFIRM_OCCUPATION");
    // The removed guard's lyre space r0c1 is paid with a third lyre.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Occupied { paid, from: Some(YELLOW), .. } if *paid == hand(&[Lyre, Lyre, Lyre])
    )));
    assert_eq!(s.guard(sp("r0c1")), None);
    assert_eq!(s.guard(sp("r1c0")), Some(BLUE));
}

#[test]
fn ax_26_take_over_only_if_everything_is_payable() {
    let mut s = ex4();
    s.seats[BLUE].hand = hand(&[Lyre, Lyre]);
    s.seats[BLUE].supply = 1;
    // Removal paid, but two spaces left for one guard and no cards.
    assert!(!legal(&s).contains(&"TAKE_OVER r0c0".to_string()));
    assert_eq!(refuse(&s, "TAKE_OVER r0c0").rule, "AX-39");
}

#[test]
fn ax_27_compensation_three_players_and_none_with_two() {
    let s = ex5();
    assert_eq!(s.seats[YELLOW].hand, hand(&[Lyre, Lyre, Lyre]));
    assert_eq!(s.seats[BLUE].hand, hand(&[Amphora]));
    assert_eq!(s.discard.last(), Some(&Lyre));
    for (n, want) in [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (9, 5)] {
        assert_eq!(owed_for(n), want);
    }
    let two = example_5_two_players();
    assert_eq!(two.seats[0].hand, hand(&[Lyre]));
    assert_eq!(two.seats[0].supply, 3);
}

#[test]
fn ax_28_levy_needs_a_card_matching_a_guard() {
    let mut s = ex5();
    s.seats[BLUE].hand = hand(&[Amphora, Lyre]);
    assert_eq!(refuse(&s, "LEVY LYRE").rule, "AX-28");
    assert!(legal(&s).contains(&"LEVY AMPHORA".to_string()));
    // A player without guards cannot levy.
    let mut t = ex5();
    action_phase(&mut t, RED);
    t.seats[RED].hand = hand(&[Amphora]);
    assert!(!legal(&t).iter().any(|a| a.starts_with("LEVY")));
}

#[test]
fn ax_29_everyone_scores_single_guard_provinces() {
    let mut s = ex5();
    let events = act(&mut s, "LEVY AMPHORA");
    let order: Vec<(Seat, u32)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Scored { seat, points, .. } => Some((*seat, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(order, [(BLUE, 1), (RED, 0), (YELLOW, 3)]);
    assert_eq!(scores(&s), [0, 3, 1]);
    // Two guards in one province pay nothing (EX-3 B).
    assert_eq!(taxes(&ex3b())[YELLOW], 0);
}

#[test]
fn ax_30_hundred_check_after_everyone_scored() {
    let s = example_11();
    assert_eq!(scores(&s)[..2], [101, 102]);
}

#[test]
fn ax_31_take_back_a_guard() {
    let mut s = ex3b();
    action_phase(&mut s, YELLOW);
    act(&mut s, "TAKE_BACK r0c1");
    assert_eq!(s.guard(sp("r0c1")), None);
    assert_eq!(s.seats[YELLOW].supply, 3);
    assert_eq!(s.actions_used, 1);
    assert_eq!(refuse(&s, "TAKE_BACK r0c1").rule, "AX-31");
    act(&mut s, "TAKE_BACK r2c1");
    // The last guard gone: the province is unoccupied.
    assert_eq!(s.owner(sp("r0c0")), None);
}

#[test]
fn ax_32_black_walls_then_red_walls_set_the_final_flag() {
    let (a, b) = (example_10a(), example_10b());
    assert_eq!((a.black_left, a.red_left, a.final_turn), (0, 10, false));
    assert_eq!((b.black_left, b.red_left, b.final_turn), (0, 9, true));
    assert_eq!(b.wall(sd("v2_1|v2_3")), Some(WallColour::Black));
    assert_eq!(b.wall(sd("v2_3|v2_5")), Some(WallColour::Red));
    // D-12: beyond the red supply the sides are still walled.
    let mut c = ex6();
    c.black_left = 0;
    c.red_left = 0;
    c.display = [Some(Temple), Some(Soldier)];
    act(&mut c, "ALEX_CARD 1 TEMPLE");
    act(&mut c, "ALEX_DEST v2_3");
    act(&mut c, "ALEX_STEP v2_3");
    assert_eq!(c.virtual_walls, 1);
    assert!(c.final_turn);
}

#[test]
fn ax_33_display_refilled_when_cards_become_available() {
    let mut s = ex2();
    s.draw.clear();
    s.discard.clear();
    s.display = [Some(Amphora), Some(Soldier)];
    s.seats[YELLOW].hand = hand(&[Amphora]);
    s.guards[sp("r1c0").index()] = Some(YELLOW);
    act(&mut s, "TAKE_CARD SLOT1");
    assert_eq!(s.display, [None, Some(Soldier)]);
    // The levy's card is discarded: after the action slot 1 is refilled.
    act(&mut s, "LEVY AMPHORA");
    assert_eq!(s.display, [Some(Amphora), Some(Soldier)]);
    assert!(s.discard.is_empty() && s.draw.is_empty());
}

#[test]
fn ax_34_discard_pile_reshuffled_into_a_new_draw_pile() {
    let s = example_13();
    assert_eq!((s.draw.len(), s.discard.len()), (6, 0));
}

#[test]
fn ax_35_several_discards_in_symbol_order() {
    let two = example_5_two_players();
    let n = two.discard.len();
    assert_eq!(two.discard[n - 3..], [Lyre, Lyre, Lyre]);
    let mut s = ex3_before_occupation();
    act(&mut s, "OCCUPY r0c0");
    act(&mut s, "PLACE_GUARD r2c1");
    act(&mut s, "CONFIRM_OCCUPATION");
    let n = s.discard.len();
    assert_eq!(s.discard[n - 3..], [Amphora, Horse, Lyre]);
}

#[test]
fn ax_36_game_ends_after_the_final_turn() {
    let mut s = example_10b();
    assert!(!s.over());
    let events = act(&mut s, "END_TURN");
    assert!(s.over());
    assert_eq!(s.ending, Some(Ending::Walls));
    assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
    assert!(Alexandros::to_act(&s).is_empty());
}

#[test]
fn ax_37_hundred_points_end_the_game_at_once() {
    let s = example_11();
    assert_eq!(s.ending, Some(Ending::HundredPoints));
    assert!(Alexandros::to_act(&s).is_empty());
    assert!(legal_actions(&s, RED).is_empty());
}

#[test]
fn ax_38_route_walked_side_by_side() {
    let mut s = ex2_start();
    act(&mut s, "ALEX_CARD 2 LYRE");
    act(&mut s, "ALEX_DEST v0_3");
    assert_eq!(legal(&s), ["ALEX_STEP v2_1", "ALEX_STEP v2_3"]);
    assert_eq!(refuse(&s, "ALEX_STEP v3_0").rule, "AX-38");
    // The wall is placed at once with the step.
    act(&mut s, "ALEX_STEP v2_1");
    assert!(s.wall(sd("v2_1|v3_2")).is_some());
    assert_eq!(legal(&s), ["ALEX_STEP v1_2"]);
    assert_eq!(refuse(&s, "END_TURN").rule, "AX-2");
}

#[test]
fn ax_39_occupation_guard_by_guard() {
    let mut s = ex4();
    act(&mut s, "TAKE_OVER r0c0");
    assert_eq!(legal(&s), ["PLACE_GUARD r0c1", "PLACE_GUARD r1c0"]);
    assert_eq!(refuse(&s, "END_TURN").rule, "AX-39");
    act(&mut s, "PLACE_GUARD r1c0");
    assert_eq!(legal(&s), ["CONFIRM_OCCUPATION"]);
    // Choosing before the last chosen space is refused.
    assert_eq!(refuse(&s, "PLACE_GUARD r0c1").rule, "AX-39");
    // Until confirmed nothing changed on the board or in hands.
    assert_eq!(s.guard(sp("r0c1")), Some(YELLOW));
    assert_eq!(s.seats[BLUE].hand.total(), 4);
}

#[test]
fn ax_40_compensation_card_by_card_in_symbol_order() {
    let c = Compensation {
        anchor: sp("r0c0"),
        to: RED,
        remaining: Cards([4, 1, 3, 0, 1]),
        owed: 5,
        last: None,
    };
    let ok = |c: &Compensation| -> Vec<Symbol> {
        Symbol::ALL
            .into_iter()
            .filter(|s| check_give(c, *s).is_ok())
            .collect()
    };
    assert_eq!(ok(&c), [Temple, Amphora]);
    let after_temple = Compensation {
        remaining: Cards([3, 1, 3, 0, 1]),
        owed: 4,
        last: Some(Temple),
        ..c.clone()
    };
    assert_eq!(ok(&after_temple), [Temple, Amphora, Horse]);
    let after_amphora = Compensation {
        remaining: Cards([4, 0, 3, 0, 1]),
        owed: 4,
        last: Some(Amphora),
        ..c.clone()
    };
    assert_eq!(ok(&after_amphora), [Horse]);
    let last = Compensation {
        remaining: Cards([4, 0, 0, 0, 1]),
        owed: 1,
        last: Some(Horse),
        ..c
    };
    assert_eq!(ok(&last), [Soldier]);
}

#[test]
fn ax_41_identical_face_up_cards_only_slot_1() {
    let mut s = game(3);
    s.display = [Some(Lyre), Some(Lyre)];
    s.seats[RED].hand = Cards::EMPTY;
    assert_eq!(legal(&s), ["ALEX_CARD 1 LYRE"]);
    assert_eq!(refuse(&s, "ALEX_CARD 2 LYRE").rule, "AX-41");
    to_actions(&mut s);
    s.display = [Some(Horse), Some(Horse)];
    let takes: Vec<String> = legal(&s)
        .into_iter()
        .filter(|a| a.starts_with("TAKE_CARD"))
        .collect();
    assert_eq!(takes, ["TAKE_CARD SLOT1", "TAKE_CARD DECK"]);
    assert_eq!(refuse(&s, "TAKE_CARD SLOT2").rule, "AX-41");
}

#[test]
fn d_21_turn_limit_ends_the_game() {
    let options = Options {
        turn_limit: 3,
        ..Options::default()
    };
    let mut s = Alexandros::new_game(&options, 2, 5).expect("setup");
    for _ in 0..3 {
        to_actions(&mut s);
        act(&mut s, "END_TURN");
    }
    assert_eq!(s.ending, Some(Ending::TurnLimit));
    assert_eq!(Alexandros::outcome(&s).expect("over").winners, [0, 1]);
}

// ---------------------------------------------------------------- examples

#[test]
fn example_1_opening_move() {
    let mut s = game(3);
    s.display = [Some(Horse), Some(Lyre)];
    s.seats[RED].hand = hand(&[Soldier]);
    on_top(&mut s, &[Soldier]);
    assert_eq!(targets(&s, Lyre), ["r0c1"]);
    assert_eq!(targets(&s, Horse), ["r2c0"]);
    assert_eq!(
        legal(&s),
        ["ALEX_CARD 1 HORSE", "ALEX_CARD 2 LYRE", "ALEX_HAND SOLDIER"]
    );
    let s = ex1();
    assert_eq!(s.seats[RED].hand.get(Horse), 1);
    assert_eq!(s.seats[RED].hand.total(), 4);
    assert_eq!(s.alexander, pt("v3_2"));
    assert_eq!(s.black_left, 63);
    assert!(s.wall(sd("v1_4|v2_3")).is_some() && s.wall(sd("v2_3|v3_2")).is_some());
    assert_eq!(s.anchors().len(), 1);
    assert_eq!(s.display, [Some(Soldier), Some(Lyre)]);
}

#[test]
fn example_2_closing_a_province() {
    let mut s = ex2_start();
    act(&mut s, "ALEX_CARD 2 LYRE");
    assert_eq!(s.seats[YELLOW].hand, hand(&[Amphora, Lyre]));
    assert_eq!(s.display, [Some(Soldier), Some(Horse)]);
    assert_eq!(shortest_route_count(pt("v3_2"), pt("v0_3")), 3);
    let s = ex2();
    assert_eq!(s.black_left, 62);
    assert_eq!(s.alexander, pt("v0_3"));
    assert_eq!(
        province_ids(&s, "r0c0"),
        [
            "r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1"
        ]
    );
    let rest: Vec<Space> = s.province_spaces(sp("r0c3")).collect();
    assert_eq!(rest.len(), 185);
    assert_eq!(rest.iter().filter(|x| x.symbol().is_none()).count(), 109);
}

#[test]
fn example_2_other_routes_place_more_walls() {
    for (route, walls) in [
        (["v2_1", "v1_2", "v0_3"], 3),
        (["v2_3", "v1_2", "v0_3"], 2),
        (["v2_3", "v1_4", "v0_3"], 1),
    ] {
        let mut s = ex2_start();
        act(&mut s, "ALEX_CARD 2 LYRE");
        act(&mut s, "ALEX_DEST v0_3");
        for p in route {
            act(&mut s, &format!("ALEX_STEP {p}"));
        }
        assert_eq!(63 - s.black_left, walls, "{route:?}");
    }
}

#[test]
fn example_3_occupying_nw() {
    // Variant (A): one guard on the temple, three cards.
    let mut a = ex3_before_occupation();
    assert_eq!(a.seats[YELLOW].hand, hand(&[Amphora, Lyre, Horse]));
    act(&mut a, "OCCUPY r0c0");
    act(&mut a, "PLACE_GUARD r2c1");
    act(&mut a, "CONFIRM_OCCUPATION");
    assert_eq!(a.seats[YELLOW].supply, 3);
    assert_eq!(a.seats[YELLOW].hand, Cards::EMPTY);
    // Variant (B).
    let b = ex3b();
    assert_eq!(b.seats[YELLOW].supply, 2);
    assert_eq!(b.seats[YELLOW].hand, hand(&[Lyre]));
    assert_eq!(b.owner(sp("r0c0")), Some(YELLOW));
    assert_eq!(b.current, BLUE);
    assert_eq!(b.display, [Some(Soldier), Some(Temple)]);
    // Illegal: the 185-space province.
    let mut c = ex3_before_occupation();
    assert!(!legal(&c).contains(&"OCCUPY r0c3".to_string()));
    assert_eq!(refuse(&c, "OCCUPY r0c3").rule, "AX-39");
    // Illegal: a soldier card for the horse space.
    c.seats[YELLOW].hand = hand(&[Amphora, Lyre, Soldier]);
    act(&mut c, "OCCUPY r0c0");
    // A lone temple guard would leave the horse space to a soldier card.
    assert_eq!(refuse(&c, "PLACE_GUARD r2c1").rule, "AX-39");
    // With a guard on the horse space the soldier card is simply unused.
    act(&mut c, "PLACE_GUARD r2c0");
    act(&mut c, "PLACE_GUARD r2c1");
    act(&mut c, "CONFIRM_OCCUPATION");
    assert_eq!(c.seats[YELLOW].hand, hand(&[Soldier]));
}

#[test]
fn example_4_special_move_splits_an_occupied_province() {
    let mut s = ex3b();
    s.seats[BLUE].hand = hand(&[Amphora, Lyre, Lyre, Lyre, Amphora]);
    act(&mut s, "ALEX_HAND AMPHORA");
    assert_eq!(targets(&s, Amphora), ["r0c5", "r1c0"]);
    let before = s.clone();
    let s = ex4();
    assert_eq!(s.black_left, 60);
    assert_eq!(s.alexander, pt("v2_1"));
    assert_eq!(taxes(&s)[YELLOW], 4);
    // Other choices: v1_2 leaves NW whole; v1_0 along the coast places none;
    // v1_0 via v1_2 splits off {r0c0, r0c1}.
    let mut c = before.clone();
    act(&mut c, "ALEX_DEST v1_2");
    act(&mut c, "ALEX_STEP v1_2");
    assert_eq!((c.black_left, province_ids(&c, "r0c0").len()), (61, 8));
    let mut d = before.clone();
    act(&mut d, "ALEX_DEST v1_0");
    act(&mut d, "ALEX_STEP v0_1");
    act(&mut d, "ALEX_STEP v1_0");
    assert_eq!(d.black_left, 62);
    let mut e = before;
    act(&mut e, "ALEX_DEST v1_0");
    act(&mut e, "ALEX_STEP v1_2");
    act(&mut e, "ALEX_STEP v1_0");
    assert_eq!(e.black_left, 60);
    assert_eq!(province_ids(&e, "r0c0"), ["r0c0", "r0c1"]);
}

#[test]
fn example_5_take_over() {
    let s = ex5();
    assert_eq!(s.seats[BLUE].hand, hand(&[Amphora]));
    assert_eq!(s.seats[BLUE].supply, 3);
    assert_eq!(s.seats[YELLOW].hand, hand(&[Lyre, Lyre, Lyre]));
    assert_eq!(s.owner(sp("r0c0")), Some(BLUE));
    assert_eq!(s.owner(sp("r0c2")), Some(YELLOW));
    assert_eq!(s.actions_used, 1);
    // Variant: guards on both spaces: N = 2, Yellow receives 1.
    let mut v = ex4();
    act(&mut v, "TAKE_OVER r0c0");
    act(&mut v, "PLACE_GUARD r0c1");
    act(&mut v, "PLACE_GUARD r1c0");
    act(&mut v, "CONFIRM_OCCUPATION");
    assert!(matches!(&v.stage, Stage::Compensating(c) if c.owed == 1));
    act(&mut v, "GIVE_CARD LYRE");
    assert_eq!(v.seats[YELLOW].hand, hand(&[Lyre, Lyre]));
}

/// EX-5, 2-player variant: Yellow (seat 0) and Blue (seat 1) on the EX-4 board.
fn example_5_two_players() -> State {
    let mut s = game(2);
    for w in [
        "v1_4|v2_3",
        "v2_3|v3_2",
        "v0_3|v1_4",
        "v0_3|v1_2",
        "v1_2|v2_1",
    ] {
        s.walls[sd(w).index()] = Some(WallColour::Black);
    }
    s.black_left = 60;
    s.alexander = pt("v2_1");
    recompute_provinces(&mut s);
    s.guards[sp("r0c1").index()] = Some(0);
    s.guards[sp("r2c1").index()] = Some(0);
    s.seats[0].supply = 2;
    s.seats[0].hand = hand(&[Lyre]);
    s.seats[1].hand = hand(&[Lyre, Lyre, Lyre, Amphora]);
    action_phase(&mut s, 1);
    act(&mut s, "TAKE_OVER r0c0");
    act(&mut s, "PLACE_GUARD r1c0");
    let events = act(&mut s, "CONFIRM_OCCUPATION");
    assert!(events.contains(&Event::CardsDiscarded {
        seat: 1,
        cards: hand(&[Lyre, Lyre, Lyre])
    }));
    assert_eq!(s.stage, Stage::Actions);
    assert_eq!(s.actions_used, 1);
    s
}

#[test]
fn example_5_two_player_variant_gives_no_cards() {
    let s = example_5_two_players();
    assert_eq!(s.seats[0].hand, hand(&[Lyre]));
    assert_eq!(s.seats[0].supply, 3);
    assert_eq!(s.seats[1].hand, hand(&[Amphora]));
}

#[test]
fn example_6_levy_on_the_board() {
    let s = ex6();
    assert_eq!(scores(&s), [0, 3, 1]);
    assert_eq!(s.current, RED);
    let mut t = ex5();
    t.seats[BLUE].hand = hand(&[Amphora, Lyre]);
    assert_eq!(refuse(&t, "LEVY LYRE").rule, "AX-28");
}

#[test]
fn example_7_two_guards_and_taking_one_back() {
    let base = {
        let mut s = ex3b();
        action_phase(&mut s, YELLOW);
        s.seats[YELLOW].hand = hand(&[Lyre]);
        s
    };
    let mut levy = base.clone();
    act(&mut levy, "LEVY LYRE");
    assert_eq!(scores(&levy)[YELLOW], 0);
    let mut back = base.clone();
    act(&mut back, "TAKE_BACK r0c1");
    assert_eq!(refuse(&back, "LEVY LYRE").rule, "AX-28");
    let mut temple = back.clone();
    temple.seats[YELLOW].hand = hand(&[Temple]);
    act(&mut temple, "LEVY TEMPLE");
    assert_eq!(scores(&temple)[YELLOW], 4);
    // r0c1 is not a target while Alexander stands on v0_3, but is later.
    assert!(!is_empty(&back, sp("r0c1")));
    back.alexander = pt("v2_5");
    assert!(is_empty(&back, sp("r0c1")));
}

#[test]
fn example_8_take_over_with_many_cards_four_players() {
    let mut s = game(4);
    let mut used = BTreeSet::new();
    let region = province_with(
        &mut s,
        2,
        &[Temple, Temple, Horse, Soldier, Amphora, Lyre],
        &mut used,
    );
    let anchor = region[0];
    guard_on(&mut s, &region, Temple, RED);
    guard_on(&mut s, &region, Horse, RED);
    assert_eq!(
        removal_cards(&s, anchor, RED),
        hand(&[Temple, Temple, Horse, Horse])
    );
    action_phase(&mut s, YELLOW);
    s.seats[YELLOW].hand = hand(&[
        Temple, Temple, Horse, Horse, Temple, Temple, Horse, Soldier, Amphora,
    ]);
    act(&mut s, &format!("TAKE_OVER {anchor}"));
    let lyre = *region
        .iter()
        .find(|r| r.symbol() == Some(Lyre))
        .expect("lyre");
    act(&mut s, &format!("PLACE_GUARD {lyre}"));
    act(&mut s, "CONFIRM_OCCUPATION");
    assert_eq!(s.seats[RED].supply, 4);
    let Stage::Compensating(c) = &s.stage else {
        panic!("not compensating")
    };
    assert_eq!((c.owed, c.remaining), (5, Cards([4, 1, 3, 0, 1])));
    for sym in ["AMPHORA", "HORSE", "HORSE", "HORSE", "SOLDIER"] {
        act(&mut s, &format!("GIVE_CARD {sym}"));
    }
    assert_eq!(s.seats[RED].hand.total(), 1 + 5);
    assert_eq!(s.discard[s.discard.len() - 4..], [Temple; 4]);
}

#[test]
fn example_9_levy_with_four_players() {
    let mut s = game(4);
    let mut used = BTreeSet::new();
    let e = province_with(&mut s, 8, &[Temple], &mut used);
    let south = province_with(&mut s, 4, &[Amphora], &mut used);
    let n = province_with(&mut s, 8, &[Soldier, Horse], &mut used);
    let y = province_with(&mut s, 4, &[Lyre], &mut used);
    let b = province_with(&mut s, 9, &[Temple], &mut used);
    let g = province_with(&mut s, 6, &[Horse], &mut used);
    guard_on(&mut s, &e, Temple, RED);
    guard_on(&mut s, &south, Amphora, RED);
    guard_on(&mut s, &n, Soldier, RED);
    guard_on(&mut s, &n, Horse, RED);
    guard_on(&mut s, &y, Lyre, 1);
    guard_on(&mut s, &b, Temple, 2);
    guard_on(&mut s, &g, Horse, 3);
    action_phase(&mut s, RED);
    s.seats[RED].hand = hand(&[Soldier]);
    act(&mut s, "LEVY SOLDIER");
    assert_eq!(scores(&s), [12, 4, 9, 6]);
}

/// EX-10 (a): temple to v2_3 uses the last black wall.
fn example_10a() -> State {
    let mut s = ex6();
    s.black_left = 1;
    s.display = [Some(Temple), Some(Soldier)];
    act(&mut s, "ALEX_CARD 1 TEMPLE");
    act(&mut s, "ALEX_DEST v2_3");
    act(&mut s, "ALEX_STEP v2_3");
    s
}

/// EX-10 (b): soldier to v2_5 needs a red wall.
fn example_10b() -> State {
    let mut s = ex6();
    s.black_left = 1;
    s.display = [Some(Temple), Some(Soldier)];
    act(&mut s, "ALEX_CARD 2 SOLDIER");
    act(&mut s, "ALEX_DEST v2_5");
    act(&mut s, "ALEX_STEP v2_3");
    act(&mut s, "ALEX_STEP v2_5");
    s
}

#[test]
fn example_10_running_out_of_black_walls() {
    let s = ex6();
    let mut t = s.clone();
    t.display = [Some(Temple), Some(Soldier)];
    assert_eq!(targets(&t, Temple), ["r2c3"]);
    assert_eq!(targets(&t, Soldier), ["r2c4"]);
    let a = example_10a();
    assert!(!a.final_turn);
    assert_eq!(province_ids(&a, "r2c0"), ["r2c0", "r2c1"]);
    assert_eq!(province_ids(&a, "r0c2"), ["r0c2", "r1c1", "r1c2"]);
    assert_eq!(taxes(&a)[YELLOW], 0);
    let mut b = example_10b();
    assert!(b.final_turn);
    act(&mut b, "END_TURN");
    let o = Alexandros::outcome(&b).expect("over");
    assert_eq!(o.winners, [YELLOW]);
    assert_eq!(o.ending, "walls");
    // (c): each route to v3_6 places 1 black + 2 red walls.
    for route in [
        ["v2_3", "v2_5", "v3_6"],
        ["v2_3", "v3_4", "v3_6"],
        ["v3_2", "v3_4", "v3_6"],
    ] {
        let mut c = ex6();
        c.black_left = 1;
        c.display = [Some(Temple), Some(Soldier)];
        act(&mut c, "ALEX_CARD 2 SOLDIER");
        act(&mut c, "ALEX_DEST v3_6");
        for p in route {
            act(&mut c, &format!("ALEX_STEP {p}"));
        }
        assert_eq!((c.black_left, c.red_left, c.final_turn), (0, 8, true));
        let yellow_tax = taxes(&c)[YELLOW];
        if route[0] == "v3_2" {
            assert_eq!(province_ids(&c, "r2c0"), ["r2c0"]);
            assert_eq!(yellow_tax, 3);
        } else {
            assert_eq!(yellow_tax, 0);
        }
    }
}

/// EX-11: Red levies with Red 97, Yellow 99, Blue 50.
fn example_11() -> State {
    let mut s = game(3);
    let mut used = BTreeSet::new();
    let r = province_with(&mut s, 4, &[Temple], &mut used);
    let y = province_with(&mut s, 3, &[Horse], &mut used);
    guard_on(&mut s, &r, Temple, RED);
    guard_on(&mut s, &y, Horse, YELLOW);
    s.seats[RED].score = 97;
    s.seats[YELLOW].score = 99;
    s.seats[BLUE].score = 50;
    action_phase(&mut s, RED);
    s.seats[RED].hand = hand(&[Temple, Temple]);
    act(&mut s, "LEVY TEMPLE");
    s
}

#[test]
fn example_11_reaching_100_points() {
    let s = example_11();
    assert_eq!(scores(&s), [101, 102, 50]);
    let o = Alexandros::outcome(&s).expect("over");
    assert_eq!(o.winners, [YELLOW]);
    assert_eq!(o.results[YELLOW].rank, 1);
    assert_eq!(o.results[RED].rank, 2);
    assert_eq!(s.actions_used, 1);
}

/// EX-12: every lyre space non-empty, display [lyre, horse], hand [temple].
fn example_12_state() -> State {
    let mut s = game(3);
    for l in super::alexander::symbol_spaces(Lyre) {
        let side = l
            .sides()
            .into_iter()
            .find(|x| !x.is_border())
            .expect("inner side");
        s.walls[side.index()] = Some(WallColour::Black);
    }
    s.display = [Some(Lyre), Some(Horse)];
    s.seats[RED].hand = hand(&[Temple]);
    s
}

#[test]
fn example_12_joker() {
    let s = example_12_state();
    assert!(target_set(&s, Lyre).is_empty());
    assert_eq!(
        legal(&s),
        [
            "ALEX_CARD 1 TEMPLE",
            "ALEX_CARD 1 AMPHORA",
            "ALEX_CARD 1 HORSE",
            "ALEX_CARD 1 SOLDIER",
            "ALEX_CARD 2 HORSE",
            "ALEX_HAND TEMPLE",
        ]
    );
    // A hand card is never a joker.
    let mut h = s.clone();
    h.seats[RED].hand = hand(&[Lyre]);
    assert_eq!(refuse(&h, "ALEX_HAND LYRE").rule, "AX-12");
    // [lyre, lyre] and no useful hand card: slot 1 as a joker.
    let mut ll = s.clone();
    ll.display = [Some(Lyre), Some(Lyre)];
    ll.seats[RED].hand = Cards::EMPTY;
    assert!(legal(&ll).iter().all(|a| a.starts_with("ALEX_CARD 1 ")));
    assert_eq!(legal(&ll).len(), 4);
}

/// EX-13: draw pile empty, 7 discards; Red draws.
fn example_13() -> State {
    let mut s = ex2();
    s.draw.clear();
    s.discard = vec![Temple, Lyre, Lyre, Horse, Soldier, Amphora, Temple];
    s.display = [Some(Amphora), Some(Soldier)];
    let events = act(&mut s, "TAKE_CARD DECK");
    assert!(events.contains(&Event::Reshuffled { cards: 7 }));
    s
}

#[test]
fn example_13_exhausted_draw_pile() {
    let s = example_13();
    assert_eq!(s.seats[YELLOW].hand.total(), 3);
    assert_eq!((s.draw.len(), s.discard.len()), (6, 0));
    let mut t = ex2();
    t.draw.clear();
    t.discard.clear();
    t.display = [Some(Amphora), Some(Soldier)];
    act(&mut t, "TAKE_CARD SLOT1");
    assert_eq!(t.display, [None, Some(Soldier)]);
}

#[test]
fn example_14_tie_shares_the_victory() {
    let mut s = ex6();
    to_actions(&mut s);
    s.seats[RED].score = 57;
    s.seats[YELLOW].score = 57;
    s.seats[BLUE].score = 40;
    s.final_turn = true;
    act(&mut s, "END_TURN");
    let o = Alexandros::outcome(&s).expect("over");
    assert_eq!(o.winners, [RED, YELLOW]);
    assert_eq!(
        o.results.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 1, 3]
    );
}

#[test]
fn example_15_engine_decisions_of_an_alexander_move() {
    let mut s = ex2_start();
    assert!(legal(&s).contains(&"ALEX_CARD 2 LYRE".to_string()));
    assert_eq!(refuse(&s, "ALEX_CARD 2 TEMPLE").rule, "AX-7");
    act(&mut s, "ALEX_CARD 2 LYRE");
    assert_eq!(s.display[1], Some(Horse));
    act(&mut s, "ALEX_DEST v0_3");
    assert_eq!(legal(&s), ["ALEX_STEP v2_1", "ALEX_STEP v2_3"]);
    act(&mut s, "ALEX_STEP v2_3");
    assert_eq!(legal(&s), ["ALEX_STEP v1_2", "ALEX_STEP v1_4"]);
    act(&mut s, "ALEX_STEP v1_4");
    assert_eq!(legal(&s), ["ALEX_STEP v0_3"]);
    assert_eq!(s.black_left, 63);
    act(&mut s, "ALEX_STEP v0_3");
    assert_eq!(s.black_left, 62);
    assert_eq!(s.stage, Stage::Actions);
}

#[test]
fn example_16_engine_decisions_of_a_take_over() {
    let mut s = ex4();
    act(&mut s, "TAKE_OVER r0c0");
    assert!(matches!(&s.stage, Stage::Occupying(o) if o.reserved == hand(&[Lyre, Lyre])));
    act(&mut s, "PLACE_GUARD r1c0");
    act(&mut s, "CONFIRM_OCCUPATION");
    assert_eq!(s.seats[YELLOW].supply, 3);
    assert_eq!(legal(&s), ["GIVE_CARD LYRE"]);
    act(&mut s, "GIVE_CARD LYRE");
    assert_eq!(legal(&s), ["GIVE_CARD LYRE"]);
    act(&mut s, "GIVE_CARD LYRE");
    assert_eq!(s.stage, Stage::Actions);
    assert_eq!(s.actions_used, 1);
}

// ---------------------------------------------------------- notation, text

#[test]
fn notation_round_trips_and_rejects_garbage() {
    for text in [
        "ALEX_CARD 2 LYRE",
        "ALEX_HAND TEMPLE",
        "ALEX_IDLE 1",
        "ALEX_DEST v0_3",
        "ALEX_STEP v10_3",
        "TAKE_CARD DECK",
        "TAKE_CARD SLOT2",
        "OCCUPY r0c0",
        "TAKE_OVER r9c21",
        "PLACE_GUARD r1c0",
        "CONFIRM_OCCUPATION",
        "GIVE_CARD SOLDIER",
        "LEVY HORSE",
        "TAKE_BACK r0c1",
        "END_TURN",
    ] {
        let a = parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format_action(&a), text);
    }
    // Ids that are not on the board (sea, outside the grid).
    for bad in ["ALEX_STEP v12_3", "TAKE_OVER r9c24", "OCCUPY r0c8"] {
        assert!(parse_action(bad).is_err(), "{bad}");
    }
    assert_eq!(
        parse_action("alex_card 1 lyre"),
        Ok(Action::AlexCard {
            slot: Slot::One,
            symbol: Lyre
        })
    );
    for bad in [
        "",
        "ALEX_CARD 3 LYRE",
        "ALEX_CARD 1",
        "LEVY GOLD",
        "OCCUPY r0c8",
        "END_TURN x",
        "FOO",
    ] {
        assert!(parse_action(bad).is_err(), "{bad}");
    }
}

#[test]
fn text_shows_walls_guards_alexander_and_only_own_hand() {
    let s = ex4();
    let t = Alexandros::render_text(&s, Some(YELLOW));
    assert!(t.contains('@'));
    assert!(t.contains('#'));
    assert!(t.contains("L1"), "Yellow's guard on the lyre space");
    assert!(t.contains("seat 1 yellow"));
    assert!(t.contains("hand [lyre]"));
    let spectator = Alexandros::render_text(&s, None);
    assert!(!spectator.contains("hand [lyre]"));
    assert!(spectator.contains("hand 1 cards"));
}

#[test]
fn views_hide_other_hands_and_drawn_cards() {
    let s = ex4();
    let v = Alexandros::view(&s, Some(BLUE));
    assert_eq!(v.seats[BLUE].hand, Some(s.seats[BLUE].hand));
    assert_eq!(v.seats[YELLOW].hand, None);
    assert_eq!(v.seats[YELLOW].hand_count, 1);
    assert!(
        Alexandros::view(&s, None)
            .seats
            .iter()
            .all(|x| x.hand.is_none())
    );
    let e = Event::CardTaken {
        seat: RED,
        from: TakeFrom::Deck,
        symbol: Some(Lyre),
    };
    assert_eq!(Alexandros::event_for(&e, Some(RED)), Some(e.clone()));
    assert!(matches!(
        Alexandros::event_for(&e, Some(BLUE)),
        Some(Event::CardTaken { symbol: None, .. })
    ));
    assert!(matches!(
        Alexandros::event_for(&e, None),
        Some(Event::CardTaken { symbol: None, .. })
    ));
}

/// Every position of `games` random games of 2 to 4 players (uniform over
/// the legal actions), for comparing the fast queries with their plain
/// versions where real games go.
fn random_positions(games: u64, mut f: impl FnMut(&State)) {
    for seed in 0..games {
        let players = 2 + (seed % 3) as usize;
        let mut state = Alexandros::new_game(&Options::default(), players, seed).expect("setup");
        let mut rng = satrap_engine::GameRng::from_seed(seed ^ 0x5eed);
        while !state.over() {
            f(&state);
            let seat = state.current;
            let legal = legal_actions(&state, seat);
            let action = legal[rng.index(legal.len())].clone();
            Alexandros::apply(&mut state, seat, &action).expect("a listed action");
        }
    }
}

/// The facts of the provinces the action phase may name, from the symbol
/// spaces only, are those of the plain pass over the board for every
/// province with a symbol space.
#[test]
fn province_infos_agree_with_the_plain_pass() {
    use super::occupation::{province_infos, province_infos_plain};
    let mut checked = 0;
    random_positions(30, |state| {
        if state.stage != Stage::Actions {
            return;
        }
        let plain: Vec<_> = province_infos_plain(state)
            .into_iter()
            .filter(|(_, info)| info.need.total() > 0)
            .collect();
        assert_eq!(province_infos(state), plain);
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} positions");
}

/// AX-19, AX-39: the guard check without lists gives the plain check's
/// answer (and rule) for every space of the board in every position of
/// an occupation or take-over of random games.
#[test]
fn check_guard_agrees_with_the_plain_check() {
    use super::occupation::{check_guard, check_guard_plain};
    let (mut allowed, mut refused) = (0, 0);
    random_positions(40, |state| {
        let Stage::Occupying(occ) = &state.stage else {
            return;
        };
        for space in Space::all() {
            let fast = check_guard(state, state.current, occ, space);
            assert_eq!(fast, check_guard_plain(state, state.current, occ, space));
            if fast.is_ok() {
                allowed += 1
            } else {
                refused += 1
            }
        }
    });
    assert!(
        allowed > 300 && refused > 3000,
        "{allowed} allowed, {refused} refused"
    );
}

/// AX-11: the provinces of the view, gathered in one pass over the board,
/// are those of one scan per province, in every position of random games.
#[test]
fn view_provinces_agree_with_the_plain_scans() {
    use super::view::{provinces_plain, view};
    let mut checked = 0;
    random_positions(20, |state| {
        assert_eq!(view(state, None).provinces, provinces_plain(state));
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} positions");
}

/// AX-9, AX-38: the destinations marked in a table are the plain sorted
/// list, and the membership tests `apply` uses agree with the lists the
/// generator gives, for every point of every Alexander stage of random
/// games.
#[test]
fn destinations_and_steps_agree_with_the_plain_lists() {
    use super::alexander::{destinations, destinations_plain, is_destination, is_step, steps};
    let (mut dest, mut route) = (0, 0);
    random_positions(30, |state| match &state.stage {
        Stage::AlexDestination { symbol, .. } => {
            let list = destinations(state, *symbol);
            assert_eq!(list, destinations_plain(state, *symbol));
            for p in Point::all() {
                assert_eq!(is_destination(state, *symbol, p), list.contains(&p));
            }
            dest += 1;
        }
        Stage::AlexRoute { destination, .. } => {
            let list = steps(state, *destination);
            for p in Point::all() {
                assert_eq!(is_step(state, *destination, p), list.contains(&p));
            }
            route += 1;
        }
        _ => {}
    });
    assert!(
        dest > 300 && route > 300,
        "{dest} destinations, {route} routes"
    );
}
