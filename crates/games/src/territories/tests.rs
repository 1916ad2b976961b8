//! Unit tests: one per numbered rule (`tr_12_...`, `set_4_...`, `geo_6_...`,
//! `end_3_...`, `hid_3_...`, `rng_4_...`) and one per worked example of
//! section 9 (`example_N_...`), on the fixture grid G0 with scripted dice
//! (RNG-5).

mod abilities;
mod endings;
mod examples;
mod setup_geo;
mod turn;

use super::Territories;
use super::actions::Action;
use super::cards::{BANK_PER_SUIT, Card, Resources, Suit, card};
use super::events::Event;
use super::grid::{Cell, Point};
use super::notation::parse_action;
use super::pieces::{Building, Kind};
use super::setup::Options;
use super::state::{Phase, State};
use satrap_engine::{Game, RuleError, Seat};

/// Fixture G0 (section 9), row-major.
pub const G0: [&str; 20] = [
    "8H", "3S", "QD", "5C", "10H", //
    "4D", "9C", "9S", "JH", "2D", //
    "10C", "5H", "8S", "3D", "6S", //
    "6C", "JS", "4H", "QC", "5D",
];
/// The draw pile of G0, top first.
pub const G0_DRAW: [&str; 20] = [
    "6D", "2C", "QH", "9D", "4S", "JC", "3H", "10S", "8D", "2H", "5S", "3C", "6H", "QS", "10D",
    "4C", "9H", "2S", "JD", "8C",
];

/// A game on G0 in turn 1, seat 0 (P1) active in the main phase, nothing
/// built, empty hands, full bank.
pub fn g0() -> State {
    let mut s = Territories::new_game(&Options::default(), 2, 1).expect("setup");
    s.grid.clear();
    for (i, name) in G0.iter().enumerate() {
        s.grid
            .insert(Cell::new((i % 5) as i16, (i / 5) as i16), card(name));
    }
    s.draw_pile = G0_DRAW.iter().map(|n| card(n)).collect();
    s.p1 = 0;
    s.turn = 1;
    s.active = 0;
    s.phase = Phase::Main;
    s
}

/// Shorthand for a point.
pub fn pt(x: i16, y: i16) -> Point {
    Point::new(x, y)
}

/// Put a building of `seat` at `(x,y)`, taking the piece from supply.
pub fn put(s: &mut State, seat: Seat, x: i16, y: i16, kind: Kind) {
    s.player_mut(seat).supply.take(kind);
    s.buildings.insert(pt(x, y), Building { owner: seat, kind });
}

/// Set a player's resources (letters), keeping the bank at 13 per suit minus hands.
pub fn hold(s: &mut State, seat: Seat, letters: &str) {
    s.player_mut(seat).resources = Resources::from_letters(letters).expect("letters");
    rebank(s);
}

/// The bank as what the hands leave of 13 per suit (2.2).
pub fn rebank(s: &mut State) {
    for suit in Suit::ALL {
        let held = s.players[0].resources.get(suit) + s.players[1].resources.get(suit);
        s.bank.0[suit.index()] = BANK_PER_SUIT.saturating_sub(held);
    }
}

/// Give `seat` territory cards (removed from the draw pile if there).
pub fn give_cards(s: &mut State, seat: Seat, names: &[&str]) {
    for n in names {
        let c = card(n);
        s.draw_pile.retain(|d| *d != c);
        s.player_mut(seat).add_card(c, false);
    }
}

/// Script the next die values (RNG-5).
pub fn dice(s: &mut State, values: &[u8]) {
    s.scripted_dice.extend(values.iter().copied());
}

/// Apply the notation `text` by `seat`; panics when rejected.
pub fn act(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let a = parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        Territories::legal_actions(s, seat).contains(&a),
        "{text} is not listed for seat {seat}"
    );
    Territories::apply(s, seat, &a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `text` by `seat` is rejected citing `rule`, not listed, and changes nothing.
pub fn rejected(s: &State, seat: Seat, text: &str, rule: &str) -> RuleError {
    let a = parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let mut probe = s.clone();
    let e = Territories::apply(&mut probe, seat, &a).expect_err(text);
    assert_eq!(e.rule, rule, "{text}: {e}");
    assert_eq!(&probe, s, "rejected {text} changed the state");
    assert!(!Territories::legal_actions(s, seat).contains(&a));
    e
}

pub fn res(letters: &str) -> Resources {
    Resources::from_letters(letters).expect("letters")
}

pub fn cards(s: &State, seat: Seat) -> Vec<Card> {
    s.player(seat).territories.clone()
}

pub fn legal(s: &State, seat: Seat) -> Vec<Action> {
    Territories::legal_actions(s, seat)
}

/// Conservation check used throughout (2.1, 2.2, 2.4).
pub fn conserved(s: &State) {
    for suit in Suit::ALL {
        let total =
            s.bank.get(suit) + s.players[0].resources.get(suit) + s.players[1].resources.get(suit);
        assert_eq!(total, BANK_PER_SUIT, "{suit}");
    }
    let cards = s.grid.len()
        + s.draw_pile.len()
        + s.discard_pile.len()
        + s.players[0].territories.len()
        + s.players[1].territories.len();
    assert_eq!(cards, 40);
    for seat in 0..2 {
        for k in Kind::ALL {
            assert_eq!(
                s.on_board(seat, k) + s.player(seat).supply.get(k),
                k.pieces()
            );
        }
    }
}
