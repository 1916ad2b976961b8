//! The state of a game (Appendix B), hidden information included. Only
//! [`super::view`] decides what a viewer may see of it.

use std::collections::{BTreeMap, VecDeque};

use super::cards::{Card, Resources, Suit};
use super::grid::{Cell, Grid, Point};
use super::pieces::{Ability, Building, Kind, Supply};
use satrap_engine::{GameRng, Seat};

/// One item of a one-card-at-a-time decision (TR-38). The derived order is
/// the canonical one: resources H < S < C < D, then territory cards in SET-1
/// order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    Resource(Suit),
    Territory(Card),
}

/// Which pending decision (TR-34) is being taken card by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// TR-11: discard down to 7 after a roll of 7 (own resources and territory cards).
    Discard,
    /// TR-8: free choices of a temple owner (from the bank).
    Temple,
    /// TR-31: pay the die price of SWAP / EXPAND (own resources).
    Pay,
}

/// A pending decision in progress (TR-38).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub kind: DecisionKind,
    pub seat: Seat,
    /// Cards still to choose.
    pub remaining: u8,
    /// The item named last in this decision (the next must not be earlier).
    pub last: Option<Item>,
}

/// What follows the current decision, in order (Appendix B: the decisions
/// still queued behind it and, for PAY, the effect that follows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Queued {
    /// TR-11: `seat` discards if over 7 cards (the count fixed when it starts).
    Discard(Seat),
    /// TR-8: `seat` takes `min(wild, bank)` free choices (computed when it starts).
    Temple { seat: Seat, wild: u32 },
    /// TR-13: the roller draws a territory card.
    RollerDraw,
    /// TR-27 / TR-28: the effect of a paid SWAP or EXPAND.
    Effect {
        ability: Ability,
        cell: Cell,
        card: Card,
    },
}

/// A trade offer or draft (TR-22, TR-39): what the active player gives and gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Offer {
    pub give: Resources,
    pub get: Resources,
}

/// Where the game stands (Appendix B `phase`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// SET-5 placement step `0..4` (P1, P2, P2 collects, P1 collects).
    Setup(u8),
    /// TR-1: the active player must roll.
    Roll,
    /// TR-15: the active player acts freely.
    Main,
    /// TR-34: a DISCARD, CHOOSE_TEMPLE or PAY decision is pending.
    Deciding {
        decision: Decision,
        queue: VecDeque<Queued>,
    },
    /// TR-39: a trade draft is open.
    Draft(Offer),
    /// TR-23: the opponent must answer this offer.
    Offered(Offer),
    /// The game has ended (see [`State::result`]).
    Over,
}

/// How the game ended (END-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// END-1: 15 points or more.
    Points,
    /// END-3: the loser had no building at the end of two own turns in a row.
    Homeless,
    /// END-4: turn 400 ended; more points wins, equal points draw.
    TurnLimit,
}

impl Ending {
    pub fn name(self) -> &'static str {
        match self {
            Ending::Points => "points",
            Ending::Homeless => "homeless",
            Ending::TurnLimit => "turn_limit",
        }
    }

    /// The rule that ended the game (cited when actions come after the end, TR-41).
    pub fn rule(self) -> &'static str {
        match self {
            Ending::Points => "END-1",
            Ending::Homeless => "END-3",
            Ending::TurnLimit => "END-4",
        }
    }
}

/// The result once the game is over (END-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// The winner; `None` is a draw (only possible at the turn limit).
    pub winner: Option<Seat>,
    pub ending: Ending,
}

/// One player's holdings (Appendix B).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerState {
    /// Resource hand, public (HID-1).
    pub resources: Resources,
    /// Territory cards in hand, kept in canonical order (private, HID-2).
    pub territories: Vec<Card>,
    /// The cards of `territories` whose identity is public (taken from the
    /// grid by a swap, HID-3, decision 47), canonical order.
    pub known: Vec<Card>,
    /// Pieces not on the board (2.4).
    pub supply: Supply,
    /// END-3 homeless counter.
    pub homeless: u8,
}

impl PlayerState {
    pub fn new() -> Self {
        PlayerState {
            resources: Resources::NONE,
            territories: Vec::new(),
            known: Vec::new(),
            supply: Supply::full(),
            homeless: 0,
        }
    }

    /// TR-11: resource cards plus territory cards.
    pub fn hand_size(&self) -> u32 {
        self.resources.total() + self.territories.len() as u32
    }

    /// Put a card into the hand, keeping canonical order.
    pub fn add_card(&mut self, card: Card, public: bool) {
        let at = self.territories.partition_point(|c| *c < card);
        self.territories.insert(at, card);
        if public {
            let at = self.known.partition_point(|c| *c < card);
            self.known.insert(at, card);
        }
    }

    /// Take `card` out of the hand (and out of the public list); false if absent.
    pub fn remove_card(&mut self, card: Card) -> bool {
        let Some(i) = self.territories.iter().position(|c| *c == card) else {
            return false;
        };
        self.territories.remove(i);
        if let Some(k) = self.known.iter().position(|c| *c == card) {
            self.known.remove(k);
        }
        true
    }
}

impl Default for PlayerState {
    fn default() -> Self {
        Self::new()
    }
}

/// Turn limit (END-4).
pub const TURN_LIMIT: u32 = 400;
/// Points to win (END-1).
pub const WINNING_POINTS: u32 = 15;
/// Offers per turn (TR-22).
pub const OFFERS_PER_TURN: u8 = 3;
/// Hand limit on a 7 (TR-11).
pub const HAND_LIMIT: u32 = 7;

/// The full state of a Territories game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// GEO-1: the grid, cell → face-up card.
    pub grid: Grid,
    /// 2.1: the draw pile, top first.
    pub draw_pile: Vec<Card>,
    /// 2.1, TR-12: the territory discard pile, oldest first.
    pub discard_pile: Vec<Card>,
    /// 2.2: the resource bank.
    pub bank: Resources,
    /// Seat 0 and seat 1.
    pub players: [PlayerState; 2],
    /// Buildings by intersection (GEO-4: at most one each).
    pub buildings: BTreeMap<Point, Building>,
    /// SET-4: the seat that is P1.
    pub p1: Seat,
    /// SET-6: turn number, 0 during setup.
    pub turn: u32,
    /// The active player (the placer during setup).
    pub active: Seat,
    pub phase: Phase,
    /// TR-22: offers proposed this turn.
    pub offers_made: u8,
    /// TR-25: abilities activated this turn, by [`Ability::index`].
    pub abilities_used: [bool; 4],
    /// TR-2: the dice of the last production roll (public).
    pub last_roll: Option<(u8, u8)>,
    /// SET-4: the opening rolls, one `[seat 0 d1, d2, seat 1 d1, d2]` per round.
    pub opening_rolls: Vec<[u8; 4]>,
    /// END-6, set once the game is over.
    pub result: Option<GameResult>,
    /// RNG-1: the one generator. Never leaves the server.
    pub rng: GameRng,
    /// RNG-5: scripted die values used before the generator (tests only; a
    /// real game never sets it).
    pub scripted_dice: VecDeque<u8>,
}

impl State {
    /// The other seat.
    pub fn opponent(seat: Seat) -> Seat {
        1 - seat.min(1)
    }

    /// P2 (SET-4).
    pub fn p2(&self) -> Seat {
        State::opponent(self.p1)
    }

    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.min(1)]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.min(1)]
    }

    /// END-2: the points of `seat`, from the board.
    pub fn points(&self, seat: Seat) -> u32 {
        self.buildings
            .values()
            .filter(|b| b.owner == seat)
            .map(|b| b.kind.points())
            .sum()
    }

    /// Whether `seat` has a building on the board that grants `ability` (TR-25).
    pub fn grants(&self, seat: Seat, ability: Ability) -> bool {
        self.buildings
            .values()
            .any(|b| b.owner == seat && b.kind.grants(ability))
    }

    /// Whether `seat` has any building on the board (END-3).
    pub fn has_building(&self, seat: Seat) -> bool {
        self.buildings.values().any(|b| b.owner == seat)
    }

    /// The building at `p`, if any.
    pub fn building(&self, p: Point) -> Option<Building> {
        self.buildings.get(&p).copied()
    }

    /// True in the main phase with nothing pending and no draft open ("free", TR-37).
    pub fn is_free(&self) -> bool {
        matches!(self.phase, Phase::Main)
    }

    /// The number of pieces of `kind` of `seat` on the board.
    pub fn on_board(&self, seat: Seat, kind: Kind) -> u8 {
        self.buildings
            .values()
            .filter(|b| b.owner == seat && b.kind == kind)
            .count() as u8
    }

    /// One D6 (RNG-3), scripted values first (RNG-5).
    pub fn die(&mut self) -> u8 {
        match self.scripted_dice.pop_front() {
            Some(d) => d,
            None => self.rng.below(6) as u8 + 1,
        }
    }
}
