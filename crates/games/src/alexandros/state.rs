//! The complete state of a game (Appendix B). It holds hidden information
//! (hands, the order of the draw pile) and the generator; views (section 7)
//! decide what leaves the server.

use std::fmt;

use super::board::{Point, Side, Space};
use super::card::{Cards, Symbol};
use super::scoring::Ending;
use satrap_engine::{GameRng, Seat};

/// A player's colour (S-1, S-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    Red,
    Yellow,
    Blue,
    Green,
}

impl Colour {
    /// S-8: the default order of colours by seat.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Blue, Colour::Green];

    /// Lower-case name.
    pub fn id(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The colour of a wall (section 2; only the end of the game cares, AX-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WallColour {
    Black,
    Red,
}

/// A display slot (section 0: slot 1 and slot 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    One,
    Two,
}

impl Slot {
    pub const ALL: [Slot; 2] = [Slot::One, Slot::Two];

    /// 0 or 1.
    pub fn index(self) -> usize {
        match self {
            Slot::One => 0,
            Slot::Two => 1,
        }
    }

    /// 1 or 2.
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    /// Slot 1 or 2 from its number.
    pub fn from_number(n: u64) -> Option<Slot> {
        match n {
            1 => Some(Slot::One),
            2 => Some(Slot::Two),
            _ => None,
        }
    }
}

/// How the symbol of an Alexander move was obtained (AX-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// AX-7: a face-up card with that symbol.
    Normal,
    /// AX-12: a hand card of that symbol, discarded.
    Special,
    /// AX-13: a face-up card without a target, used for another symbol.
    Joker,
}

impl MoveKind {
    pub fn id(self) -> &'static str {
        match self {
            MoveKind::Normal => "normal",
            MoveKind::Special => "special",
            MoveKind::Joker => "joker",
        }
    }
}

/// One player (S-1, Appendix B).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatState {
    pub colour: Colour,
    /// Points on the scoring track (exact, D-19).
    pub score: u32,
    /// Hidden from the others; only the count is public (section 7).
    pub hand: Cards,
    /// Guards in the guard supply.
    pub supply: u8,
}

/// An occupation or take-over in progress (AX-39).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occupation {
    /// The province, by its anchor.
    pub anchor: Space,
    /// The opponent whose province is taken over (AX-23); `None`: occupy.
    pub from: Option<Seat>,
    /// Removal cards reserved in the hand (AX-24, AX-39).
    pub reserved: Cards,
    /// Guard spaces chosen so far, in board order.
    pub chosen: Vec<Space>,
}

/// The hand-over of a take-over with 3 or 4 players (AX-27, AX-40).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compensation {
    /// The province taken over.
    pub anchor: Space,
    /// The former owner receiving cards.
    pub to: Seat,
    /// Paid cards not handed over yet (out of every hand and pile).
    pub remaining: Cards,
    /// Cards still to hand over.
    pub owed: u8,
    /// The symbol named last (AX-40 canonical order).
    pub last: Option<Symbol>,
}

/// The turn stage (section 11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// Choose the card or symbol for the Alexander move.
    AlexSource,
    /// Choose Alexander's destination point (AX-8, AX-9).
    AlexDestination { symbol: Symbol, kind: MoveKind },
    /// Walk the route one side at a time (AX-38).
    AlexRoute {
        symbol: Symbol,
        kind: MoveKind,
        destination: Point,
        /// The sides walled on this route so far, in order: on arrival
        /// AX-11 brings the provinces up to date from them alone.
        walls: Vec<Side>,
    },
    /// Up to two actions (AX-15).
    Actions,
    /// Naming guard spaces of an occupation or take-over (AX-39).
    Occupying(Occupation),
    /// Handing over compensation cards (AX-40).
    Compensating(Compensation),
}

impl Stage {
    /// The stage's name in section 11.
    pub fn id(&self) -> &'static str {
        match self {
            Stage::AlexSource => "alex-source",
            Stage::AlexDestination { .. } => "alex-destination",
            Stage::AlexRoute { .. } => "alex-route",
            Stage::Actions => "actions",
            Stage::Occupying(_) => "occupying",
            Stage::Compensating(_) => "compensating",
        }
    }
}

/// Everything about a running or finished game (Appendix B).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub players: usize,
    /// One entry per seat, clockwise (S-8).
    pub seats: Vec<SeatState>,
    /// The guard on each space, indexed by space.
    pub guards: Vec<Option<Seat>>,
    /// The wall on each side, indexed by side.
    pub walls: Vec<Option<WallColour>>,
    /// Sides walled beyond the red supply (D-12).
    pub virtual_walls: u8,
    pub black_left: u8,
    pub red_left: u8,
    /// Alexander's point.
    pub alexander: Point,
    /// The province of every space, by its anchor (AX-11).
    pub province: Vec<Space>,
    /// The two face-up cards (slot 1, slot 2).
    pub display: [Option<Symbol>; 2],
    /// The draw pile; its top is the last element (hidden order).
    pub draw: Vec<Symbol>,
    /// The discard pile, oldest first (public).
    pub discard: Vec<Symbol>,
    /// The active player.
    pub current: Seat,
    /// P0, the starting seat (S-5).
    pub start_player: Seat,
    pub stage: Stage,
    /// Completed actions this turn.
    pub actions_used: u8,
    /// Whether the player levied this turn (AX-28).
    pub levied: bool,
    /// Red walls were needed this turn (AX-32, AX-36).
    pub final_turn: bool,
    /// Completed turns (D-21).
    pub turn: u32,
    /// D-21: the game ends after this many turns.
    pub turn_limit: u32,
    /// Set once the game is over.
    pub ending: Option<Ending>,
    /// The one generator (S-8, AX-34); never leaves the server.
    pub rng: GameRng,
}

impl State {
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.ending.is_some()
    }

    /// The guard on a space.
    pub fn guard(&self, s: Space) -> Option<Seat> {
        self.guards.get(s.index()).copied().flatten()
    }

    /// The wall on a side.
    pub fn wall(&self, s: Side) -> Option<WallColour> {
        self.walls.get(s.index()).copied().flatten()
    }

    /// The anchor of the province containing `s`.
    pub fn province_of(&self, s: Space) -> Space {
        self.province.get(s.index()).copied().unwrap_or(s)
    }

    /// Whether `s` is the anchor of a province (a valid province name).
    pub fn is_anchor(&self, s: Space) -> bool {
        self.province_of(s) == s
    }

    /// Spaces of the province anchored at `anchor`, in board order.
    pub fn province_spaces(&self, anchor: Space) -> impl Iterator<Item = Space> + '_ {
        super::geometry::province_spaces(&self.province, anchor)
    }

    /// Spaces of the province anchored at `anchor` that show a symbol, in
    /// board order: the only ones guards stand on (AX-19) and occupation
    /// counts (AX-20), found without scanning the open spaces.
    pub fn province_symbol_spaces(&self, anchor: Space) -> impl Iterator<Item = Space> + '_ {
        super::geometry::province_symbol_spaces(&self.province, anchor)
    }

    /// The owner of a province: the player whose guards stand in it (AX-11).
    pub fn owner(&self, anchor: Space) -> Option<Seat> {
        self.province_spaces(anchor).find_map(|s| self.guard(s))
    }

    /// Guards of `seat` in the province.
    pub fn guards_in(&self, anchor: Space, seat: Seat) -> usize {
        self.province_spaces(anchor)
            .filter(|s| self.guard(*s) == Some(seat))
            .count()
    }

    /// All province anchors in board order.
    pub fn anchors(&self) -> Vec<Space> {
        Space::all().filter(|s| self.is_anchor(*s)).collect()
    }

    /// The number of provinces, without listing their anchors.
    pub fn anchor_count(&self) -> usize {
        // Byte against byte (spaces are numbered by a `u8`), which the
        // compiler compares sixteen at a time: asked on every arrival of
        // Alexander, the count by index was a thirtieth of a random playout.
        const NUMBERS: [u8; 256] = {
            let mut numbers = [0; 256];
            let mut i = 0;
            while i < 256 {
                numbers[i] = i as u8;
                i += 1;
            }
            numbers
        };
        self.province
            .chunks(64)
            .zip(NUMBERS.chunks(64))
            .map(|(anchors, numbers)| {
                // At most 64 per chunk: a byte holds the count.
                let n: u8 = anchors
                    .iter()
                    .zip(numbers)
                    .map(|(anchor, i)| u8::from(anchor.0 == *i))
                    .sum();
                usize::from(n)
            })
            .sum()
    }

    /// Walls on the board (black + red, virtual ones included).
    pub fn walls_on_board(&self) -> usize {
        self.walls.iter().filter(|w| w.is_some()).count()
    }

    /// The paid cards of a take-over awaiting hand-over (AX-40).
    pub fn cards_in_transit(&self) -> Cards {
        match &self.stage {
            Stage::Compensating(c) => c.remaining,
            _ => Cards::EMPTY,
        }
    }
}
