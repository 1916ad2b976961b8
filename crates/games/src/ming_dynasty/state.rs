//! The state of a game (5.6), hidden information included. Views redact it
//! (Section 7); the movement supply order and the generator never leave the
//! server.

use satrap_engine::{GameRng, Seat};

use super::board::{Card, District, Province, board};

/// MD-13: 31 family members per colour (30 supply + the score marker).
pub const FAMILY_PER_COLOUR: u8 = 31;
/// MD-1 step 5: the personal supply.
pub const PERSONAL_SUPPLY: u8 = 30;
/// MD-12: the hand limit.
pub const HAND_LIMIT: u8 = 5;
/// MD-20: family members taken per round.
pub const PLACEMENTS_PER_ROUND: u8 = 5;
/// MD-81: neutral placements per player per round.
pub const NEUTRAL_PER_PLAYER: u8 = 2;
/// MD-10: the number of rounds.
pub const ROUNDS: u8 = 6;
/// Tiles per province colour (Section 2).
pub const TILES_PER_COLOUR: u8 = 18;
/// AMB-4: the values of the four return cards.
pub const RETURN_CARD_VALUES: [u8; 4] = [0, 1, 2, 3];

/// A player colour (MD-6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    /// MD-6: the default order of colours.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
        }
    }

    /// One letter for the text picture (R, Y, G, B).
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
            Colour::Blue => 'B',
        }
    }
}

/// A subset of the return cards {0, 1, 2, 3} (MD-55), bit i = value i.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ReturnCards(pub u8);

impl ReturnCards {
    /// MD-55: a non-empty subset of the four cards.
    pub fn is_valid(self) -> bool {
        (1..16).contains(&self.0)
    }

    /// Every valid choice, in a fixed order.
    pub fn all() -> impl Iterator<Item = ReturnCards> {
        (1..16).map(ReturnCards)
    }

    /// The card values in the subset, ascending.
    pub fn values(self) -> Vec<u8> {
        RETURN_CARD_VALUES
            .iter()
            .copied()
            .filter(|v| self.0 & (1 << v) != 0)
            .collect()
    }

    /// The sum of the chosen cards: the number to return (MD-55).
    pub fn sum(self) -> u8 {
        self.values().iter().sum()
    }

    /// The subset of these values; `None` if a value is not a return card
    /// or is repeated.
    pub fn from_values(values: &[u8]) -> Option<ReturnCards> {
        let mut mask = 0u8;
        for v in values {
            if *v > 3 || mask & (1 << v) != 0 {
                return None;
            }
            mask |= 1 << v;
        }
        Some(ReturnCards(mask)).filter(|r| r.is_valid())
    }
}

/// Where a Phase 3 turn stands (5.6 `turnStage`, Section 11).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// MOVE_STEP, STAY or PASS.
    Start,
    /// After `steps` MOVE_STEPs: more steps, or DEPLOY where allowed.
    Moving { steps: u8 },
    /// After STAY: DEPLOY only.
    AfterStay,
}

/// The decision the game waits for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// MD-1 step 7.
    PlacePrinces,
    /// Phase 1 (MD-20, MD-21).
    PlaceFamily,
    /// MD-81: `placed[i]` neutral pieces placed by seat i this round.
    PlaceNeutral { placed: [u8; 2] },
    /// Phase 2 (MD-30 … MD-35).
    TakeCards,
    /// Phase 3 (MD-40 … MD-48).
    Travel { stage: Stage },
    /// Step 4.2, MD-55: the secret selection for the city of `province`;
    /// `commits[seat]` is `Some` once the seat has committed; `involved`
    /// names the seats with pieces in the city's houses.
    SelectReturns {
        province: Province,
        involved: Vec<bool>,
        commits: Vec<Option<ReturnCards>>,
    },
    /// Step 4.2, MD-56: the revealed numbers to return per seat (already
    /// capped, AMB-14); `next` counts the seats handled in turn order from
    /// the start player; the seat `turn` must choose which pieces return.
    ChooseReturns {
        province: Province,
        returns: Vec<u8>,
        next: usize,
    },
    /// MD-70: the game is over.
    Over,
}

/// One district (3.1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DistrictState {
    /// Family members in the open area, per competitor (seats, then the
    /// neutral family in the 2-player game).
    pub open: Vec<u8>,
    /// The cloister: at most one player's piece (never neutral, MD-82).
    pub cloister: Option<Seat>,
    /// The three city houses of this district, per competitor; they remember
    /// the district a piece came from (MD-52). Empty outside scoring.
    pub houses: Vec<u8>,
}

/// One seat's pieces, cards and score.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatState {
    pub colour: Colour,
    /// MD-12: cards per kind (every transport, then dragon).
    pub hand: Vec<u8>,
    /// MD-20: pieces still to place on province spaces this Phase 1. They
    /// stay counted in `supply` until placed.
    pub to_place: u8,
    /// MD-1: the personal supply.
    pub supply: u8,
    /// Pieces in the box (MD-13, MD-32, MD-57).
    pub boxed: u8,
    pub score: u32,
    /// Province tiles per province colour.
    pub tiles: Vec<u8>,
    pub prince: Option<District>,
    /// MD-40: passed in this Phase 3.
    pub passed: bool,
    /// MD-31: finished with this Phase 2 (stays so for the phase, AMB-40).
    pub finished: bool,
}

impl SeatState {
    pub fn hand_size(&self) -> u8 {
        self.hand.iter().sum()
    }

    pub fn holds(&self, card: Card) -> bool {
        card.is_valid() && self.hand.get(card.index()).is_some_and(|n| *n > 0)
    }
}

/// The whole game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub players: usize,
    /// MD-10: 1–6.
    pub round: u8,
    pub phase: Phase,
    pub start_player: Seat,
    /// The seat to act in every phase but the secret selection.
    pub turn: Seat,
    pub seats: Vec<SeatState>,
    /// MD-4: the neutral family's colour (2 players only).
    pub neutral: Option<Colour>,
    pub neutral_supply: u8,
    pub neutral_boxed: u8,
    /// `spaces[p][seat]`: family members on province space p (MD-22).
    pub spaces: Vec<Vec<u8>>,
    /// The six display slots (MD-1, MD-35).
    pub display: Vec<Option<Card>>,
    /// Face-down movement supply; the top card is the last. Hidden.
    pub movement_supply: Vec<Card>,
    /// Face-up discard pile, oldest first (Section 8).
    pub discard: Vec<Card>,
    pub dragon_supply: u8,
    pub districts: Vec<DistrictState>,
    /// Province tiles in the general supply, per province colour.
    pub tile_supply: Vec<u8>,
    /// The one generator (Section 8); never shown.
    pub rng: GameRng,
}

impl State {
    /// Competitors in majorities (MD-50, MD-84): the seats, plus the neutral
    /// family in the 2-player game.
    pub fn competitors(&self) -> usize {
        self.players + usize::from(self.neutral.is_some())
    }

    /// The neutral family's competitor index.
    pub fn neutral_index(&self) -> Option<usize> {
        self.neutral.map(|_| self.players)
    }

    pub fn district(&self, d: District) -> Option<&DistrictState> {
        self.districts.get(d.index())
    }

    /// The seat whose prince stands in `d`, if any.
    pub fn prince_in(&self, d: District) -> Option<Seat> {
        self.seats.iter().position(|s| s.prince == Some(d))
    }

    /// MD-41: `d` holds the prince of a player other than `seat`.
    pub fn other_prince_in(&self, d: District, seat: Seat) -> bool {
        self.seats
            .iter()
            .enumerate()
            .any(|(i, s)| i != seat && s.prince == Some(d))
    }

    /// Pieces of competitor `c` in the houses of the city of `p`.
    pub fn city_pieces(&self, p: Province, c: usize) -> u8 {
        p.districts()
            .iter()
            .filter_map(|d| self.district(*d))
            .map(|d| d.houses.get(c).copied().unwrap_or(0))
            .sum()
    }

    pub fn over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Seats in turn order from the start player (MD-11).
    pub fn turn_order(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players).map(move |i| (self.start_player + i) % self.players)
    }

    /// Total cards of one kind (conservation check helper).
    pub fn card_count(&self, card: Card) -> usize {
        let i = card.index();
        let hands: usize = self
            .seats
            .iter()
            .map(|s| usize::from(s.hand.get(i).copied().unwrap_or(0)))
            .sum();
        let on = |v: &[Card]| v.iter().filter(|c| **c == card).count();
        let display = self.display.iter().filter(|c| **c == Some(card)).count();
        let dragons = if card == Card::Dragon {
            usize::from(self.dragon_supply)
        } else {
            0
        };
        hands + on(&self.movement_supply) + on(&self.discard) + display + dragons
    }

    /// Pieces of colour (competitor) `c` on the board by place: open areas,
    /// cloisters, houses, province spaces.
    pub fn pieces_on_board(&self, c: usize) -> u32 {
        let mut n = 0u32;
        for d in &self.districts {
            n += u32::from(d.open.get(c).copied().unwrap_or(0));
            n += u32::from(d.houses.get(c).copied().unwrap_or(0));
            n += u32::from(d.cloister == Some(c) && c < self.players);
        }
        for s in &self.spaces {
            n += u32::from(s.get(c).copied().unwrap_or(0));
        }
        n
    }

    /// The board's tile colours count.
    pub fn tile_colours(&self) -> usize {
        board().provinces.len()
    }
}
