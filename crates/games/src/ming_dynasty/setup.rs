//! Section 4: setting up a game, drawing from the generator in the order of
//! MD-6 (the shuffle first, then the start player).

use satrap_engine::{GameRng, SetupError};

use super::board::{Card, board};
use super::state::{
    Colour, DistrictState, PERSONAL_SUPPLY, Phase, SeatState, State, TILES_PER_COLOUR,
};

/// Variant options. The adopted readings of the rules file are fixed rules;
/// only the start player may be chosen (MD-6 `startPlayer`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// MD-6: skip the start-player draw and use this seat.
    pub start_player: Option<usize>,
}

/// MD-1 … MD-6.
pub fn new_game(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount {
            game: "Ming Dynasty",
            min: 2,
            max: 4,
            got: players,
        });
    }
    if let Some(s) = options.start_player
        && s >= players
    {
        return Err(SetupError::InvalidOption(format!(
            "start player {s} is not a seat of a {players}-player game"
        )));
    }
    let b = board();
    let mut rng = GameRng::from_seed(seed);
    // MD-1 step 1: shuffle the movement cards (first use of the generator, MD-6).
    let mut deck: Vec<Card> = b
        .mix
        .iter()
        .enumerate()
        .flat_map(|(t, n)| std::iter::repeat_n(Card::Transport(t as u8), usize::from(*n)))
        .collect();
    rng.shuffle(&mut deck);
    let mut display = Vec::with_capacity(b.provinces.len());
    for _ in 0..b.provinces.len() {
        display.push(deck.pop());
    }
    // MD-1 step 6 (MD-6): the start player, unless the options name one.
    let start_player = match options.start_player {
        Some(s) => s,
        None => rng.below(players as u32) as usize,
    };
    let competitors = players + usize::from(players == 2);
    let colours = b.provinces.len();
    let seats = (0..players)
        .map(|i| {
            let mut hand = vec![0; b.card_kinds()];
            hand[Card::Dragon.index()] = 1; // MD-1 step 5
            SeatState {
                colour: Colour::ALL[i],
                hand,
                to_place: 0,
                supply: PERSONAL_SUPPLY,
                boxed: 0,
                score: 0,
                tiles: vec![0; colours],
                prince: None,
                passed: false,
                finished: false,
            }
        })
        .collect();
    Ok(State {
        players,
        round: 1,
        phase: Phase::PlacePrinces,
        start_player,
        turn: start_player,
        seats,
        // MD-4, MD-6: the first colour no player uses.
        neutral: (players == 2).then_some(Colour::ALL[2]),
        neutral_supply: if players == 2 { PERSONAL_SUPPLY } else { 0 },
        neutral_boxed: 0,
        spaces: vec![vec![0; players]; b.provinces.len()],
        display,
        movement_supply: deck,
        discard: Vec::new(),
        // MD-1 step 5, MD-3: one dragon per player.
        dragon_supply: b.dragons - players as u8,
        districts: (0..b.districts.len())
            .map(|_| DistrictState {
                open: vec![0; competitors],
                cloister: None,
                houses: vec![0; competitors],
            })
            .collect(),
        tile_supply: vec![TILES_PER_COLOUR; colours],
        rng,
    })
}
