//! Buildings, the chess pieces that are their stock, and the abilities they
//! grant (2.4, TR-25).

use std::fmt;

use super::cards::Resources;
use satrap_engine::Seat;

/// A building type, named after the game; the chess piece is its stock (2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Town,
    Fort,
    Barracks,
    Temple,
    Palace,
    Capital,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Town,
        Kind::Fort,
        Kind::Barracks,
        Kind::Temple,
        Kind::Palace,
        Kind::Capital,
    ];
    /// The four tier-2 types a Town can be upgraded into (TR-18).
    pub const UPGRADES: [Kind; 4] = [Kind::Fort, Kind::Barracks, Kind::Temple, Kind::Palace];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Pieces per player (2.4): 8 pawns, 2 rooks, 2 knights, 2 bishops, 1 queen, 1 king.
    pub fn pieces(self) -> u8 {
        match self {
            Kind::Town => 8,
            Kind::Fort | Kind::Barracks | Kind::Temple => 2,
            Kind::Palace | Kind::Capital => 1,
        }
    }

    /// Tier, equal to the points (2.4, END-2).
    pub fn tier(self) -> u8 {
        match self {
            Kind::Town => 1,
            Kind::Capital => 3,
            _ => 2,
        }
    }

    pub fn points(self) -> u32 {
        u32::from(self.tier())
    }

    /// The cost (2.4): Town `HSCD`, Fort `DDDD`, Barracks `CCCC`, Temple
    /// `HHHH`, Palace `SSSS`, Capital `DDCCHHSS`.
    pub fn cost(self) -> Resources {
        match self {
            Kind::Town => Resources::new(1, 1, 1, 1),
            Kind::Fort => Resources::new(0, 0, 0, 4),
            Kind::Barracks => Resources::new(0, 0, 4, 0),
            Kind::Temple => Resources::new(4, 0, 0, 0),
            Kind::Palace => Resources::new(0, 4, 0, 0),
            Kind::Capital => Resources::new(2, 2, 2, 2),
        }
    }

    /// TR-25: whether this building grants `ability` (the Capital grants all four).
    pub fn grants(self, ability: Ability) -> bool {
        matches!(
            (self, ability),
            (Kind::Capital, _)
                | (Kind::Fort, Ability::Swap)
                | (Kind::Barracks, Ability::Destroy)
                | (Kind::Temple, Ability::Convert)
                | (Kind::Palace, Ability::Expand)
        )
    }

    /// TR-30 / decision 34: the types `self` may become when converted: the
    /// same type or any strictly lower tier.
    pub fn convertible_to(self, to: Kind) -> bool {
        to == self || to.tier() < self.tier()
    }

    /// Notation name (`TOWN`, `FORT`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Town => "TOWN",
            Kind::Fort => "FORT",
            Kind::Barracks => "BARRACKS",
            Kind::Temple => "TEMPLE",
            Kind::Palace => "PALACE",
            Kind::Capital => "CAPITAL",
        }
    }

    pub fn from_name(text: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text))
    }

    /// One-letter symbol for the board picture: the chess piece (pawn, rook,
    /// knight, bishop, queen, king).
    pub fn symbol(self) -> char {
        match self {
            Kind::Town => 'P',
            Kind::Fort => 'R',
            Kind::Barracks => 'N',
            Kind::Temple => 'B',
            Kind::Palace => 'Q',
            Kind::Capital => 'K',
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A building on the board: its owner and type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Building {
    pub owner: Seat,
    pub kind: Kind,
}

/// A piece supply per building type (2.4), indexed by [`Kind::index`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Supply(pub [u8; 6]);

impl Supply {
    /// A full chess-set colour (SET-3).
    pub fn full() -> Self {
        Supply(Kind::ALL.map(Kind::pieces))
    }

    pub fn get(&self, k: Kind) -> u8 {
        self.0[k.index()]
    }

    pub fn take(&mut self, k: Kind) {
        self.0[k.index()] = self.0[k.index()].saturating_sub(1);
    }

    pub fn give_back(&mut self, k: Kind) {
        self.0[k.index()] = self.0[k.index()].saturating_add(1);
    }
}

/// A building ability (TR-25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ability {
    Swap,
    Destroy,
    Convert,
    Expand,
}

impl Ability {
    pub const ALL: [Ability; 4] = [
        Ability::Swap,
        Ability::Destroy,
        Ability::Convert,
        Ability::Expand,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Ability::Swap => "SWAP",
            Ability::Destroy => "DESTROY",
            Ability::Convert => "CONVERT",
            Ability::Expand => "EXPAND",
        }
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
