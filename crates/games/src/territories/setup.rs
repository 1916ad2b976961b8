//! Section 4: options, the shuffle and deal (SET-1, SET-2), the initial state
//! (SET-3) and the opening roll (SET-4), all drawn from the one generator in
//! the order of RNG-2.

use std::collections::{BTreeMap, VecDeque};

use super::cards::{BANK_PER_SUIT, Card, Resources};
use super::grid::{Cell, INITIAL_COLUMNS, INITIAL_ROWS};
use super::state::{Phase, PlayerState, State};
use satrap_engine::{GameRng, SetupError};

/// Territories has no variants: the readings the rules adopt are the rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {}

/// Section 1: exactly two players.
pub const PLAYERS: usize = 2;

/// A new game: shuffle, deal, opening rolls; P1 places first (SET-4, SET-5).
pub fn new_game(_options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if players != PLAYERS {
        return Err(SetupError::PlayerCount {
            game: "Territories",
            min: PLAYERS,
            max: PLAYERS,
            got: players,
        });
    }
    let mut rng = GameRng::from_seed(seed);
    // SET-1: canonical order, shuffled (RNG-3).
    let mut deck = Card::deck();
    rng.shuffle(&mut deck);
    // SET-2: cell (c,r) receives d[5r + c]; d[20..] is the draw pile, d[20] on top.
    let mut grid = BTreeMap::new();
    for r in 0..INITIAL_ROWS {
        for c in 0..INITIAL_COLUMNS {
            grid.insert(Cell::new(c, r), deck[(r * INITIAL_COLUMNS + c) as usize]);
        }
    }
    let cells = (INITIAL_COLUMNS * INITIAL_ROWS) as usize;
    let draw_pile = deck[cells..].to_vec();
    // SET-4: seat 0 rolls 2D6, then seat 1; ties roll again.
    let mut opening_rolls = Vec::new();
    let p1 = loop {
        let dice = [0; 4].map(|_| rng.below(6) as u8 + 1);
        opening_rolls.push(dice);
        let (a, b) = (dice[0] + dice[1], dice[2] + dice[3]);
        if a != b {
            break if a > b { 0 } else { 1 };
        }
    };
    Ok(State {
        grid,
        draw_pile,
        discard_pile: Vec::new(),
        bank: Resources([BANK_PER_SUIT; 4]),
        players: [PlayerState::new(), PlayerState::new()],
        buildings: BTreeMap::new(),
        p1,
        turn: 0,
        active: p1,
        phase: Phase::Setup(0),
        offers_made: 0,
        abilities_used: [false; 4],
        last_roll: None,
        opening_rolls,
        result: None,
        rng,
        scripted_dice: VecDeque::new(),
    })
}
