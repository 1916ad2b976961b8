//! 2.2: The three Siamese factions, counts of their followers, and the
//! control markers (a faction's, or the British Union Jack).

use std::fmt;

/// Followers of each faction in the whole game (2.1: 18 cubes per colour).
pub const FOLLOWERS_PER_FACTION: u8 = 18;

/// One of the three Siamese factions (2.2). The British are not a faction:
/// they have no followers and are never a card target.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Faction {
    /// The Royalists (yellow).
    Rama,
    /// The Lao, from the north (red).
    Lao,
    /// The Malays, from the south (blue).
    Malay,
}

impl Faction {
    /// All factions in the fixed order Rama, Lao, Malay (KS-30).
    pub const ALL: [Faction; 3] = [Faction::Rama, Faction::Lao, Faction::Malay];

    /// Position in [`Faction::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The faction's id as written in the rules and the notation (`RAMA`).
    pub fn id(self) -> &'static str {
        match self {
            Faction::Rama => "RAMA",
            Faction::Lao => "LAO",
            Faction::Malay => "MALAY",
        }
    }

    /// Display name (`Rama`).
    pub fn name(self) -> &'static str {
        match self {
            Faction::Rama => "Rama",
            Faction::Lao => "Lao",
            Faction::Malay => "Malay",
        }
    }

    /// The faction with this id, ignoring case.
    pub fn from_id(text: &str) -> Option<Faction> {
        Faction::ALL
            .into_iter()
            .find(|f| f.id().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Numbers of followers per faction, written `R/L/M` in the rules (in a
/// province, the pool or a court).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct Followers(pub [u8; 3]);

impl Followers {
    /// No follower at all.
    pub const EMPTY: Followers = Followers([0; 3]);

    /// `rama/lao/malay`.
    pub fn new(rama: u8, lao: u8, malay: u8) -> Self {
        Followers([rama, lao, malay])
    }

    /// Followers of one faction.
    pub fn get(&self, faction: Faction) -> u8 {
        self.0[faction.index()]
    }

    /// Whether at least one follower of `faction` is here.
    pub fn has(&self, faction: Faction) -> bool {
        self.get(faction) > 0
    }

    /// Add `n` followers of `faction`.
    pub fn add(&mut self, faction: Faction, n: u8) {
        self.0[faction.index()] += n;
    }

    /// Remove `n` followers of `faction` (the caller has checked there are enough).
    pub fn remove(&mut self, faction: Faction, n: u8) {
        self.0[faction.index()] -= n;
    }

    /// Add all of `other`.
    pub fn add_all(&mut self, other: Followers) {
        for f in Faction::ALL {
            self.add(f, other.get(f));
        }
    }

    /// Total number of followers.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| u32::from(*n)).sum()
    }

    /// True when no follower is here.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// KS-22: complete sets (one follower of each faction) = min(R, L, M).
    pub fn sets(&self) -> u8 {
        self.0.iter().copied().min().unwrap_or(0)
    }

    /// Whether every follower of the multiset `wanted` is here.
    pub fn contains_all(&self, wanted: &[Faction]) -> bool {
        Faction::ALL
            .into_iter()
            .all(|f| wanted.iter().filter(|w| **w == f).count() <= usize::from(self.get(f)))
    }
}

impl fmt::Display for Followers {
    /// The rules' `R/L/M` form, e.g. `2/1/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.0[0], self.0[1], self.0[2])
    }
}

/// Who holds a decided province: the control marker on it (KS-18, KS-19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Controller {
    /// A faction's control marker (KS-18).
    Faction(Faction),
    /// A British Union Jack (KS-19).
    British,
}

impl Controller {
    /// `RAMA`, `LAO`, `MALAY` or `BRITISH`.
    pub fn id(self) -> &'static str {
        match self {
            Controller::Faction(f) => f.id(),
            Controller::British => "BRITISH",
        }
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Controller::Faction(f) => f.name(),
            Controller::British => "the British",
        }
    }
}

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
