//! The five symbols and card multisets (section 2; AX-35: cards of one symbol
//! are interchangeable, so hands and payments are counts per symbol).

use std::fmt;

/// A symbol of the board and of the cards, in the order of the board file's
/// `symbols` list (the canonical order of AX-35 and AX-40).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symbol {
    Temple,
    Amphora,
    Horse,
    Lyre,
    Soldier,
}

impl Symbol {
    /// All symbols in board-file order.
    pub const ALL: [Symbol; 5] = [
        Symbol::Temple,
        Symbol::Amphora,
        Symbol::Horse,
        Symbol::Lyre,
        Symbol::Soldier,
    ];

    /// Position in [`Symbol::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The symbol at `index` of [`Symbol::ALL`].
    pub fn from_index(index: usize) -> Option<Symbol> {
        Symbol::ALL.get(index).copied()
    }

    /// The board file's name (`temple`).
    pub fn id(self) -> &'static str {
        match self {
            Symbol::Temple => "temple",
            Symbol::Amphora => "amphora",
            Symbol::Horse => "horse",
            Symbol::Lyre => "lyre",
            Symbol::Soldier => "soldier",
        }
    }

    /// The symbol named `text` (case ignored).
    pub fn from_id(text: &str) -> Option<Symbol> {
        Symbol::ALL
            .into_iter()
            .find(|s| s.id().eq_ignore_ascii_case(text))
    }

    /// The map letter (section 3.2).
    pub fn letter(self) -> char {
        match self {
            Symbol::Temple => 'T',
            Symbol::Amphora => 'A',
            Symbol::Horse => 'H',
            Symbol::Lyre => 'L',
            Symbol::Soldier => 'S',
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A multiset of cards: how many of each symbol (a hand, a payment, AX-35).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Cards(pub [u8; 5]);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; 5]);

    /// Cards of one symbol.
    pub fn get(&self, s: Symbol) -> u8 {
        self.0[s.index()]
    }

    /// Add `n` cards of a symbol.
    pub fn add(&mut self, s: Symbol, n: u8) {
        self.0[s.index()] = self.0[s.index()].saturating_add(n);
    }

    /// Remove one card of a symbol; false (and no change) if there is none.
    pub fn take(&mut self, s: Symbol) -> bool {
        let c = &mut self.0[s.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Total number of cards.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|c| u32::from(*c)).sum()
    }

    /// Whether `other` is contained in `self`.
    pub fn contains(&self, other: &Cards) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// `self - other`, `None` unless `other` is contained.
    pub fn minus(&self, other: &Cards) -> Option<Cards> {
        if !self.contains(other) {
            return None;
        }
        let mut out = *self;
        for i in 0..5 {
            out.0[i] -= other.0[i];
        }
        Some(out)
    }

    /// The sum of two multisets.
    pub fn plus(&self, other: &Cards) -> Cards {
        let mut out = *self;
        for i in 0..5 {
            out.0[i] = out.0[i].saturating_add(other.0[i]);
        }
        out
    }

    /// The cards one by one in symbol order (AX-35: the order in which one
    /// action puts several cards on the discard pile).
    pub fn in_order(&self) -> Vec<Symbol> {
        Symbol::ALL
            .into_iter()
            .flat_map(|s| std::iter::repeat_n(s, usize::from(self.get(s))))
            .collect()
    }

    /// The multiset of a list of cards.
    pub fn of(cards: &[Symbol]) -> Cards {
        let mut out = Cards::EMPTY;
        for c in cards {
            out.add(*c, 1);
        }
        out
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.in_order().iter().map(|s| s.id()).collect();
        write!(f, "[{}]", names.join(" "))
    }
}
