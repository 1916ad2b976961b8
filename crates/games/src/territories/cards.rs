//! Suits, resource amounts and territory cards (section 0, 2.1, 2.2).
//!
//! Resources are interchangeable counters of their suit (2.2), so an amount
//! is four integers in the canonical suit order H, S, C, D. Territory cards
//! carry a rank and a suit; their canonical order (SET-1) is used for the
//! deck, for discards (TR-12) and for one-card-at-a-time decisions (TR-38).

use std::fmt;

/// A suit, which is also a resource (section 0). Declared in canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    H,
    S,
    C,
    D,
}

impl Suit {
    /// The canonical order H, S, C, D (section 0).
    pub const ALL: [Suit; 4] = [Suit::H, Suit::S, Suit::C, Suit::D];

    /// Position in the canonical order.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        match self {
            Suit::H => 'H',
            Suit::S => 'S',
            Suit::C => 'C',
            Suit::D => 'D',
        }
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'H' => Some(Suit::H),
            'S' => Some(Suit::S),
            'C' => Some(Suit::C),
            'D' => Some(Suit::D),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Cards of each suit in the resource bank (2.2).
pub const BANK_PER_SUIT: u8 = 13;

/// A resource amount `{H,S,C,D}` (section 0), e.g. a hand, the bank or a cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Resources(pub [u8; 4]);

impl Resources {
    pub const NONE: Resources = Resources([0; 4]);

    pub const fn new(h: u8, s: u8, c: u8, d: u8) -> Self {
        Resources([h, s, c, d])
    }

    /// One of each suit: the price of a town, DESTROY and CONVERT (`HSCD`).
    pub const fn one_each() -> Self {
        Resources([1, 1, 1, 1])
    }

    /// `n` of one suit (`DDDD`).
    pub fn of(suit: Suit, n: u8) -> Self {
        let mut r = Resources::NONE;
        r.0[suit.index()] = n;
        r
    }

    /// Parse a letter string such as `DDCCHHSS` (section 0).
    pub fn from_letters(text: &str) -> Option<Self> {
        let mut r = Resources::NONE;
        for c in text.chars() {
            let s = Suit::from_letter(c)?;
            r.0[s.index()] = r.0[s.index()].checked_add(1)?;
        }
        Some(r)
    }

    pub fn get(&self, suit: Suit) -> u8 {
        self.0[suit.index()]
    }

    pub fn add(&mut self, suit: Suit, n: u8) {
        self.0[suit.index()] = self.0[suit.index()].saturating_add(n);
    }

    pub fn sub(&mut self, suit: Suit, n: u8) {
        self.0[suit.index()] = self.0[suit.index()].saturating_sub(n);
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| u32::from(*n)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// True when every suit of `self` is at least that of `other`.
    pub fn covers(&self, other: &Resources) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    pub fn plus(&self, other: &Resources) -> Resources {
        let mut r = *self;
        for s in Suit::ALL {
            r.add(s, other.get(s));
        }
        r
    }

    pub fn minus(&self, other: &Resources) -> Resources {
        let mut r = *self;
        for s in Suit::ALL {
            r.sub(s, other.get(s));
        }
        r
    }

    /// The letter string in canonical order (`HSCD`), `-` when empty.
    pub fn letters(&self) -> String {
        let mut out = String::new();
        for s in Suit::ALL {
            for _ in 0..self.get(s) {
                out.push(s.letter());
            }
        }
        if out.is_empty() { "-".into() } else { out }
    }
}

impl fmt::Display for Resources {
    /// The count map form `{H:1,S:0,C:2,D:1}` (section 0).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{{H:{},S:{},C:{},D:{}}}",
            self.0[0], self.0[1], self.0[2], self.0[3]
        )
    }
}

/// Ranks of the territory deck (2.1) in canonical order.
pub const RANKS: [&str; 10] = ["2", "3", "4", "5", "6", "8", "9", "10", "J", "Q"];
/// The number each rank shows (2.1; J = 11, Q = 12, decision 2).
pub const NUMBERS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
/// Cards in the territory deck (2.1).
pub const DECK_SIZE: usize = 40;

/// A territory card: rank index `0..10` into [`RANKS`] and a suit.
/// Ordered canonically (SET-1): by suit H, S, C, D, then by rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    suit: Suit,
    rank: u8,
}

impl Card {
    /// The card of `rank` index (`0..10`) and `suit`; `None` out of range.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        (usize::from(rank) < RANKS.len()).then_some(Card { suit, rank })
    }

    /// The card showing `number` (2..=12, not 7) in `suit`.
    pub fn with_number(number: u8, suit: Suit) -> Option<Card> {
        let rank = NUMBERS.iter().position(|n| *n == number)?;
        Card::new(rank as u8, suit)
    }

    pub fn suit(self) -> Suit {
        self.suit
    }

    pub fn rank(self) -> u8 {
        self.rank
    }

    /// The number matched against the dice (2.1).
    pub fn number(self) -> u8 {
        NUMBERS[usize::from(self.rank)]
    }

    /// Position `0..40` in the canonical order (SET-1).
    pub fn index(self) -> usize {
        self.suit.index() * RANKS.len() + usize::from(self.rank)
    }

    /// The 40 cards in canonical order (SET-1).
    pub fn deck() -> Vec<Card> {
        Suit::ALL
            .iter()
            .flat_map(|s| (0..RANKS.len() as u8).map(move |r| Card { suit: *s, rank: r }))
            .collect()
    }

    /// Parse `10H`, `QD`, `2c` (case-insensitive).
    pub fn parse(text: &str) -> Option<Card> {
        let text = text.trim();
        let last = text.chars().last()?;
        let suit = Suit::from_letter(last)?;
        let rank_text = &text[..text.len() - last.len_utf8()];
        let rank = RANKS
            .iter()
            .position(|r| r.eq_ignore_ascii_case(rank_text))?;
        Card::new(rank as u8, suit)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", RANKS[usize::from(self.rank)], self.suit.letter())
    }
}

/// Shorthand used by the unit tests and examples: `card("10H")`.
#[cfg(test)]
pub fn card(text: &str) -> Card {
    match Card::parse(text) {
        Some(c) => c,
        None => panic!("not a territory card: {text}"),
    }
}
