//! Section 4: setting up a game (S-1 … S-8), drawing from the seeded
//! generator in the order of section 8: the shuffle first, then the starting
//! seat.

use super::board::{Space, board};
use super::card::Symbol;
use super::events::Event;
use super::state::{Colour, SeatState, Stage, State};
use super::turn::begin_turn;
use satrap_engine::{GameRng, Seat, SetupError};

/// D-21: default number of turns after which the engine ends the game.
pub const DEFAULT_TURN_LIMIT: u32 = 500;

/// Options of a game. The defaults are the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// S-8: `startPlayer`; `None` draws the starting seat at random.
    pub start_player: Option<Seat>,
    /// S-8: colours by seat; empty: red, yellow, blue, green.
    pub colours: Vec<Colour>,
    /// D-21: the game ends after this many turns.
    pub turn_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            start_player: None,
            colours: Vec::new(),
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }
}

/// Set up a game for `players` seats from `seed`.
pub fn new_game(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    let c = &board().constants;
    if !(c.players_min..=c.players_max).contains(&players) {
        return Err(SetupError::PlayerCount {
            game: "Alexandros",
            min: c.players_min,
            max: c.players_max,
            got: players,
        });
    }
    let colours: Vec<Colour> = if options.colours.is_empty() {
        Colour::ALL[..players].to_vec()
    } else {
        let mut sorted = options.colours.clone();
        sorted.sort();
        sorted.dedup();
        if options.colours.len() != players || sorted.len() != players {
            return Err(SetupError::InvalidOption(format!(
                "colours needs {players} different colours, got {:?}",
                options.colours
            )));
        }
        options.colours.clone()
    };
    if let Some(s) = options.start_player
        && s >= players
    {
        return Err(SetupError::InvalidOption(format!(
            "start_player {s} is not a seat of a {players}-player game"
        )));
    }
    if options.turn_limit == 0 {
        return Err(SetupError::InvalidOption(
            "turn_limit must be at least 1".into(),
        ));
    }
    let mut rng = GameRng::from_seed(seed);
    // S-4: the 55 cards, shuffled.
    let mut deck: Vec<Symbol> = Symbol::ALL
        .iter()
        .flat_map(|s| std::iter::repeat_n(*s, usize::from(c.cards_per_symbol)))
        .collect();
    rng.shuffle(&mut deck);
    // S-5 / S-8: the starting seat, drawn after the shuffle.
    let drawn = rng.index(players);
    let start_player = options.start_player.unwrap_or(drawn);
    let mut seats: Vec<SeatState> = colours
        .iter()
        .map(|colour| SeatState {
            colour: *colour,
            score: 0,
            hand: super::card::Cards::EMPTY,
            supply: c.guards_per_player,
        })
        .collect();
    // S-6: one card each, P0 first, then the two face-up cards.
    for k in 0..players {
        let seat = (start_player + k) % players;
        for _ in 0..c.starting_hand {
            if let Some(card) = deck.pop() {
                seats[seat].hand.add(card, 1);
            }
        }
    }
    let display = [deck.pop(), deck.pop()];
    let mut state = State {
        players,
        seats,
        guards: vec![None; board().spaces.len()],
        walls: vec![None; board().sides.len()],
        virtual_walls: 0,
        black_left: c.black_walls,
        red_left: c.red_walls,
        alexander: board().start,
        // Section 0: at the start the whole board is one province.
        province: vec![Space(0); board().spaces.len()],
        display,
        draw: deck,
        discard: Vec::new(),
        current: start_player,
        start_player,
        stage: Stage::AlexSource,
        actions_used: 0,
        levied: false,
        final_turn: false,
        turn: 0,
        turn_limit: options.turn_limit,
        ending: None,
        rng,
    };
    super::apply::recompute_provinces(&mut state);
    // S-7: P0's first turn (AX-14 cannot apply: the display is full).
    let mut events: Vec<Event> = Vec::new();
    begin_turn(&mut state, &mut events);
    Ok(state)
}
