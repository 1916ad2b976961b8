//! Property tests of the Territories engine: random playouts to the end (the
//! only player count is 2) with the generic conformance checks (legal
//! actions vs apply both ways, notation round trips, atomic rejection), the
//! invariants of Appendix B after every step, view checks (section 7) and
//! replay determinism (RNG-4).

use std::cell::RefCell;
use std::collections::BTreeSet;

use satrap_engine::conformance::{Checks, Playout, check_replay, random_playout};
use satrap_engine::{Game, GameRng, SetupError};
use satrap_games::WireGame;
use satrap_games::territories::flow::forced_items;
use satrap_games::territories::grid::{intersections, share_a_card};
use satrap_games::territories::{
    Action, BankGet, Card, Cell, Event, Item, Kind, Options, Phase, Point, State, Suit, Territories,
};

/// Games per player count (2 is the only one).
const GAMES: u64 = 300;
/// Every listed action is applied on a copy while the list is at most this long.
const EXHAUSTIVE_LIMIT: usize = 8;

fn pick<T: Copy>(rng: &mut GameRng, items: &[T]) -> T {
    items[rng.index(items.len())]
}

fn coord(rng: &mut GameRng) -> i16 {
    rng.below(10) as i16 - 2
}

fn point(rng: &mut GameRng) -> Point {
    Point::new(coord(rng), coord(rng))
}

fn cell(rng: &mut GameRng) -> Cell {
    Cell::new(coord(rng), coord(rng))
}

fn any_card(rng: &mut GameRng) -> Card {
    let deck = Card::deck();
    pick(rng, &deck)
}

/// Random, mostly illegal actions of every kind.
fn candidates(state: &State, rng: &mut GameRng) -> Vec<Action> {
    let suit = |rng: &mut GameRng| pick(rng, &Suit::ALL);
    let kind = |rng: &mut GameRng| pick(rng, &Kind::ALL);
    let mut out = vec![
        Action::Roll,
        Action::EndTurn,
        Action::ProposeTrade,
        Action::RespondTrade(true),
        Action::RespondTrade(false),
    ];
    {
        out.push(Action::PlaceSetup(point(rng)));
        out.push(Action::Discard(Item::Resource(suit(rng))));
        out.push(Action::Discard(Item::Territory(any_card(rng))));
        out.push(Action::TakeFree(suit(rng)));
        out.push(Action::Pay(suit(rng)));
        out.push(Action::BuildTown(point(rng)));
        out.push(Action::Upgrade(point(rng), kind(rng)));
        out.push(Action::BuildCapital(point(rng)));
        let get = if rng.below(5) == 0 {
            BankGet::Territory
        } else {
            BankGet::Resource(suit(rng))
        };
        out.push(Action::BankTrade {
            give: suit(rng),
            get,
        });
        out.push(Action::TradeGive(suit(rng)));
        out.push(Action::TradeGet(suit(rng)));
        out.push(Action::Swap {
            cell: cell(rng),
            card: any_card(rng),
        });
        out.push(Action::Expand {
            cell: cell(rng),
            card: any_card(rng),
        });
        out.push(Action::Destroy(point(rng)));
        out.push(Action::Convert {
            source: point(rng),
            target: point(rng),
            to: kind(rng),
        });
    }
    // Near misses on the actual board: every building as a target.
    for p in state.buildings.keys().take(3) {
        out.push(Action::Destroy(*p));
        out.push(Action::Upgrade(*p, kind(rng)));
        out.push(Action::BuildCapital(*p));
        out.push(Action::BuildTown(*p));
        if let Some(q) = state.buildings.keys().nth(rng.index(state.buildings.len())) {
            out.push(Action::Convert {
                source: *q,
                target: *p,
                to: kind(rng),
            });
        }
    }
    // Hand cards of the other seat (never legal for this one).
    for seat in 0..2 {
        for c in state.players[seat].territories.iter().take(2) {
            out.push(Action::Swap {
                cell: Cell::new(0, 0),
                card: *c,
            });
            out.push(Action::Discard(Item::Territory(*c)));
        }
    }
    out
}

/// The invariants of Appendix B and the issue, after every step.
fn invariants(s: &State) -> Result<(), String> {
    // Resources: bank + hands = 13 per suit.
    for suit in Suit::ALL {
        let total = u32::from(s.bank.get(suit))
            + u32::from(s.players[0].resources.get(suit))
            + u32::from(s.players[1].resources.get(suit));
        if total != 13 {
            return Err(format!("{suit}: bank + hands = {total}"));
        }
    }
    // Territory cards: 40, each exactly once.
    let mut all: Vec<Card> = s.grid.values().copied().collect();
    all.extend(&s.draw_pile);
    all.extend(&s.discard_pile);
    for p in &s.players {
        all.extend(&p.territories);
        if !p.known.iter().all(|k| p.territories.contains(k)) {
            return Err("a publicly known card is not in its hand".into());
        }
        if !p.territories.windows(2).all(|w| w[0] < w[1]) {
            return Err("hand not in canonical order".into());
        }
    }
    let distinct: BTreeSet<Card> = all.iter().copied().collect();
    if all.len() != 40 || distinct.len() != 40 {
        return Err(format!(
            "{} territory cards, {} distinct",
            all.len(),
            distinct.len()
        ));
    }
    // Pieces: board + supply = the chess set, per player and type.
    for seat in 0..2 {
        for k in Kind::ALL {
            let board = s
                .buildings
                .values()
                .filter(|b| b.owner == seat && b.kind == k)
                .count();
            let total = board + usize::from(s.players[seat].supply.0[k as usize]);
            if total != usize::from(k.pieces()) {
                return Err(format!("seat {seat} {k}: board + supply = {total}"));
            }
        }
    }
    // Points equal the buildings on the board (independent sum of tiers).
    for seat in 0..2 {
        let tiers: u32 = s
            .buildings
            .values()
            .filter(|b| b.owner == seat)
            .map(|b| match b.kind {
                Kind::Town => 1,
                Kind::Capital => 3,
                _ => 2,
            })
            .sum();
        if s.points(seat) != tiers {
            return Err(format!(
                "seat {seat}: points {} vs tiers {tiers}",
                s.points(seat)
            ));
        }
        if s.result.is_none() && tiers >= 15 {
            return Err(format!("seat {seat} has {tiers} points but the game runs"));
        }
    }
    // The grid: at least 20 cells, edge-connected; intersections are exactly
    // the corners of grid cells; every building stands on one.
    if s.grid.len() < 20 {
        return Err("the grid shrank".into());
    }
    let cells: Vec<Cell> = s.grid.keys().copied().collect();
    let mut seen = BTreeSet::from([cells[0]]);
    let mut todo = vec![cells[0]];
    while let Some(c) = todo.pop() {
        for n in [
            Cell::new(c.c - 1, c.r),
            Cell::new(c.c + 1, c.r),
            Cell::new(c.c, c.r - 1),
            Cell::new(c.c, c.r + 1),
        ] {
            if s.grid.contains_key(&n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    if seen.len() != cells.len() {
        return Err("the grid is not edge-connected".into());
    }
    let mut corners = BTreeSet::new();
    for c in &cells {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            corners.insert(Point::new(c.c + dx, c.r + dy));
        }
    }
    if corners != intersections(&s.grid) {
        return Err("intersections differ from the corners of the grid".into());
    }
    if let Some(p) = s.buildings.keys().find(|p| !corners.contains(p)) {
        return Err(format!("building at {p}, not an intersection"));
    }
    // TR-35 / TR-40: a pending decision is never one the engine must finish.
    if let Phase::Deciding { decision, .. } = &s.phase {
        if forced_items(s, decision).is_some() {
            return Err(format!("waiting on a forced decision {decision:?}"));
        }
        if decision.remaining == 0 {
            return Err("a finished decision is still pending".into());
        }
    }
    // Turn bookkeeping.
    if s.offers_made > 3 {
        return Err("more than 3 offers".into());
    }
    if s.result.is_none() && s.players.iter().any(|p| p.homeless >= 2) {
        return Err("homeless 2 but the game runs".into());
    }
    if (s.result.is_some()) != matches!(s.phase, Phase::Over) {
        return Err("result and phase disagree".into());
    }
    if s.turn > 400 {
        return Err("beyond the turn limit".into());
    }
    Ok(())
}

/// The words of a text: a card shows in it when its name is one of them.
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|ch: char| !ch.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The card names a wire view's Debug form carries (`name: "..."`).
fn wire_names(wire: &str) -> BTreeSet<&str> {
    wire.split("name: \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

/// Section 7: a seat sees its own hand only; the spectator sees no hand;
/// hidden cards appear nowhere else; the seed never appears.
fn views(s: &State, seed: u64) -> Result<(), String> {
    let hidden = |seat: usize| -> Vec<Card> {
        let p = &s.players[seat];
        p.territories
            .iter()
            .filter(|c| !p.known.contains(c))
            .copied()
            .collect()
    };
    for viewer in [None, Some(0), Some(1)] {
        let v = Territories::view(s, viewer);
        let text = Territories::render_text(s, viewer);
        let wire = format!("{:?}", Territories::view_to_proto(&v));
        // Each text indexed once; every hidden card is then a lookup.
        let (text_words, wire_cards) = (words(&text), wire_names(&wire));
        let shows = |c: &Card| {
            let name = c.to_string();
            (
                text_words.contains(name.as_str()),
                wire_cards.contains(name.as_str()),
            )
        };
        for seat in 0..2 {
            let own = viewer == Some(seat);
            let pv = &v.players[seat];
            if own != pv.hand.is_some() {
                return Err(format!(
                    "viewer {viewer:?}: hand of seat {seat} shown = {}",
                    !own
                ));
            }
            if pv.territory_count as usize != s.players[seat].territories.len()
                || pv.known_cards != s.players[seat].known
            {
                return Err(format!("viewer {viewer:?}: counts of seat {seat} wrong"));
            }
            if !own {
                for c in hidden(seat) {
                    let (in_text, in_wire) = shows(&c);
                    if in_text {
                        return Err(format!("viewer {viewer:?} text shows {c} of seat {seat}"));
                    }
                    if in_wire {
                        return Err(format!(
                            "viewer {viewer:?} wire view shows {c} of seat {seat}"
                        ));
                    }
                }
            }
        }
        // The draw pile's cards appear nowhere (its order is hidden).
        for c in &s.draw_pile {
            if shows(c) != (false, false) {
                return Err(format!("viewer {viewer:?} sees {c} of the draw pile"));
            }
        }
        for needle in [seed.to_string(), format!("{seed:x}"), format!("{seed:X}")] {
            if text.contains(&needle) || wire.contains(&needle) {
                return Err(format!("the seed shows in the view of {viewer:?}"));
            }
        }
    }
    Ok(())
}

/// Seats other than the one to act are refused with TR-34 (or the END rule
/// once over), and nothing changes.
fn other_seats_refused(s: &State, rng: &mut GameRng) -> Result<(), String> {
    let to_act = Territories::to_act(s);
    for seat in 0..2 {
        if to_act.contains(&seat) {
            continue;
        }
        for a in candidates(s, rng).into_iter().take(6) {
            let mut probe = s.clone();
            match Territories::apply(&mut probe, seat, &a) {
                Ok(_) => return Err(format!("seat {seat} not to act, but {a:?} accepted")),
                Err(e) if s.result.is_none() && e.rule != "TR-34" => {
                    return Err(format!("seat {seat}: {a:?} refused with {e}, not TR-34"));
                }
                Err(_) if probe != *s => return Err("rejected action changed the state".into()),
                Err(_) => {}
            }
        }
    }
    Ok(())
}

fn seed_for(i: u64) -> u64 {
    // Large seeds, so their digits cannot appear in a view by chance.
    0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(i + 1) | (1 << 63)
}

fn play(seed: u64, full_views: bool) -> Playout<Territories> {
    let extra = RefCell::new(GameRng::from_seed(seed ^ 0xABCD));
    let inv = |s: &State| {
        invariants(s)?;
        other_seats_refused(s, &mut extra.borrow_mut())
    };
    let view_check = |s: &State| if full_views { views(s, seed) } else { Ok(()) };
    let checks = Checks::<Territories> {
        invariants: &inv,
        candidates: &candidates,
        views: &view_check,
        exhaustive_limit: EXHAUSTIVE_LIMIT,
    };
    random_playout::<Territories>(&Options::default(), 2, seed, 100_000, &checks)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// HID-3 in the event log: replaying a playout, every CardDrawn event shows
/// its card to the drawer only; every other event is the same for everyone.
fn events_leak_nothing(playout: &Playout<Territories>) {
    let mut s = Territories::new_game(&Options::default(), 2, playout.seed).expect("setup");
    for step in &playout.steps {
        for e in Territories::apply(&mut s, step.seat, &step.action).expect("replay") {
            for viewer in [None, Some(0), Some(1)] {
                let seen = Territories::event_for(&e, viewer).expect("events are never dropped");
                match (&e, &seen) {
                    (Event::CardDrawn { seat, card, .. }, Event::CardDrawn { card: shown, .. }) => {
                        let expected = if viewer == Some(*seat) { *card } else { None };
                        assert_eq!(*shown, expected, "drawn card shown to {viewer:?}");
                    }
                    _ => assert_eq!(seen, e),
                }
            }
        }
    }
}

/// The games are played in four tests of a quarter each, so that the test
/// runner spreads them over the cores: as one test of 300 games this was
/// the longest test of the workspace, alone on one core at the end.
const PARTS: u64 = 4;

#[test]
fn random_games_2_players_first_quarter() {
    random_games_2_players(0);
}

#[test]
fn random_games_2_players_second_quarter() {
    random_games_2_players(1);
}

#[test]
fn random_games_2_players_third_quarter() {
    random_games_2_players(2);
}

#[test]
fn random_games_2_players_fourth_quarter() {
    random_games_2_players(3);
}

/// Part `part` of the `GAMES` random games, checked in full.
fn random_games_2_players(part: u64) {
    let mut endings = std::collections::BTreeMap::new();
    let mut actions = 0;
    let per_part = GAMES / PARTS;
    for i in part * per_part..(part + 1) * per_part {
        let seed = seed_for(i);
        // Full view checks (text and wire per viewer) on every 10th game.
        let playout = play(seed, i % 10 == 0);
        actions += playout.steps.len();
        check_replay::<Territories>(&Options::default(), &playout)
            .unwrap_or_else(|e| panic!("{e}"));
        if i % 10 == 0 {
            events_leak_nothing(&playout);
        }
        let outcome = Territories::outcome(&playout.final_state).expect("finished");
        *endings.entry(outcome.ending).or_insert(0) += 1;
    }
    eprintln!("{per_part} games, {actions} actions, endings {endings:?}");
    assert!(endings.contains_key("points"), "{endings:?}");
}

#[test]
fn player_counts_other_than_2_are_refused() {
    for n in [0, 1, 3, 4, 8] {
        assert!(matches!(
            Territories::new_game(&Options::default(), n, 1),
            Err(SetupError::PlayerCount { got, .. }) if got == n
        ));
    }
}

#[test]
fn same_seed_same_game() {
    let a = play(seed_for(77), true);
    let b = play(seed_for(77), true);
    assert_eq!(a.final_state, b.final_state);
    let notations = |p: &Playout<Territories>| -> Vec<String> {
        p.steps.iter().map(|s| s.notation.clone()).collect()
    };
    assert_eq!(notations(&a), notations(&b));
}

#[test]
fn convert_sources_share_a_card_with_targets() {
    // Every listed CONVERT names a source and target that share a card
    // (GEO-5), checked independently of the engine's own check.
    for i in 0..40 {
        let p = play(seed_for(1000 + i), false);
        let mut s = Territories::new_game(&Options::default(), 2, p.seed).expect("setup");
        for step in &p.steps {
            for a in Territories::legal_actions(&s, step.seat) {
                if let Action::Convert { source, target, .. } = a {
                    let shared = source
                        .around()
                        .any(|c| s.grid.contains_key(&c) && target.around().any(|d| d == c));
                    assert!(shared && share_a_card(&s.grid, source, target));
                }
            }
            Territories::apply(&mut s, step.seat, &step.action).expect("replay");
        }
    }
}
