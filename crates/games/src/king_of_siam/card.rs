//! 2.4: The action cards. Every player holds the same set of eight; a card,
//! once played, is out for the rest of the game (KS-2).

use std::fmt;

use super::faction::Faction;

/// A card type (2.4, A-2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Card {
    /// KS-10: two Rama followers into one province next to Rama territory.
    Rama,
    /// KS-10: the same for Lao.
    Lao,
    /// KS-10: the same for Malay.
    Malay,
    /// KS-11: one follower of each faction from the pool, anywhere undecided.
    KhonThai,
    /// KS-12: exchange one follower with one of an adjacent province.
    OneVsOne,
    /// KS-13: exchange two followers with one of an adjacent province.
    TwoVsOne,
    /// KS-14: swap two undecided province tiles and place the King marker.
    King,
}

/// Number of distinct card types.
pub const CARD_TYPES: usize = 7;

/// One player's set: `DECK` of Appendix B (Khon Thai twice).
pub const DECK: [Card; 8] = [
    Card::Rama,
    Card::Lao,
    Card::Malay,
    Card::KhonThai,
    Card::KhonThai,
    Card::OneVsOne,
    Card::TwoVsOne,
    Card::King,
];

impl Card {
    /// The distinct card types in `DECK` order (KS-30 listing order).
    pub const ALL: [Card; CARD_TYPES] = [
        Card::Rama,
        Card::Lao,
        Card::Malay,
        Card::KhonThai,
        Card::OneVsOne,
        Card::TwoVsOne,
        Card::King,
    ];

    /// Position in [`Card::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Id used in the notation (`KHON_THAI`, `1V1`).
    pub fn id(self) -> &'static str {
        match self {
            Card::Rama => "RAMA",
            Card::Lao => "LAO",
            Card::Malay => "MALAY",
            Card::KhonThai => "KHON_THAI",
            Card::OneVsOne => "1V1",
            Card::TwoVsOne => "2V1",
            Card::King => "KING",
        }
    }

    /// The card's name as printed in the rules (`Khon Thai`, `1 vs 1`).
    pub fn name(self) -> &'static str {
        match self {
            Card::Rama => "Rama",
            Card::Lao => "Lao",
            Card::Malay => "Malay",
            Card::KhonThai => "Khon Thai",
            Card::OneVsOne => "1 vs 1",
            Card::TwoVsOne => "2 vs 1",
            Card::King => "King",
        }
    }

    /// The card with this id, ignoring case. `ONE_VS_ONE` and `TWO_VS_ONE`
    /// are accepted as long forms of `1V1` and `2V1`.
    pub fn from_id(text: &str) -> Option<Card> {
        if text.eq_ignore_ascii_case("ONE_VS_ONE") {
            return Some(Card::OneVsOne);
        }
        if text.eq_ignore_ascii_case("TWO_VS_ONE") {
            return Some(Card::TwoVsOne);
        }
        Card::ALL
            .into_iter()
            .find(|c| c.id().eq_ignore_ascii_case(text))
    }

    /// The faction of a faction card (KS-10), `None` for the other cards.
    pub fn faction(self) -> Option<Faction> {
        match self {
            Card::Rama => Some(Faction::Rama),
            Card::Lao => Some(Faction::Lao),
            Card::Malay => Some(Faction::Malay),
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The cards a player still holds: a multiset, counted per card type.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct Hand(pub [u8; CARD_TYPES]);

impl Hand {
    /// A complete set (3.1 step 2).
    pub fn full() -> Self {
        Hand::of(&DECK)
    }

    /// The hand holding exactly `cards`.
    pub fn of(cards: &[Card]) -> Self {
        let mut hand = Hand::default();
        for c in cards {
            hand.0[c.index()] += 1;
        }
        hand
    }

    /// Copies of `card` in the hand.
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// Whether the hand holds `card`.
    pub fn has(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Number of cards in the hand.
    pub fn len(&self) -> usize {
        self.0.iter().map(|n| usize::from(*n)).sum()
    }

    /// True when the hand is empty (the player must pass, KS-4, KS-28).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Take one copy of `card` out (the caller has checked it is there).
    pub fn remove(&mut self, card: Card) {
        self.0[card.index()] -= 1;
    }

    /// The cards, with repetitions, in `DECK` order.
    pub fn cards(&self) -> Vec<Card> {
        Card::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c, usize::from(self.count(c))))
            .collect()
    }
}
