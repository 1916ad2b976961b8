//! Occupation and take-over (AX-18 … AX-27) entered guard by guard (AX-39)
//! and the compensation card by card (AX-40). The conditions guarantee that a
//! named occupation can always be completed (D-33).

use super::board::{MAX_SYMBOL_SPACES, Space, board};
use super::card::{Cards, Symbol};
use super::geometry::IndexSet;
use super::state::{Compensation, Occupation, State};
use satrap_engine::Seat;

/// The symbol spaces of a province, in board order (AX-18, AX-20).
pub fn symbol_spaces(state: &State, anchor: Space) -> Vec<Space> {
    state.province_symbol_spaces(anchor).collect()
}

/// The multiset of symbols of some spaces.
pub fn symbols_of(spaces: impl Iterator<Item = Space>) -> Cards {
    let mut out = Cards::EMPTY;
    for s in spaces {
        if let Some(sym) = s.symbol() {
            out.add(sym, 1);
        }
    }
    out
}

/// AX-39: Σσ max(0, (σ-spaces) − (σ cards in hand)).
pub fn deficit(need: &Cards, hand: &Cards) -> u32 {
    Symbol::ALL
        .iter()
        .map(|s| u32::from(need.get(*s).saturating_sub(hand.get(*s))))
        .sum()
}

/// AX-24: two cards of the space's symbol per guard of `owner` in the province.
pub fn removal_cards(state: &State, anchor: Space, owner: Seat) -> Cards {
    let mut out = Cards::EMPTY;
    for s in state.province_symbol_spaces(anchor) {
        if state.guard(s) == Some(owner)
            && let Some(sym) = s.symbol()
        {
            out.add(sym, 2);
        }
    }
    out
}

/// What naming a province depends on, gathered in one pass over its spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProvinceInfo {
    /// The player whose guards stand in it.
    pub owner: Option<Seat>,
    /// Its symbol spaces, as cards (AX-20).
    pub need: Cards,
    /// The removal cards for the owner's guards (AX-24).
    pub removal: Cards,
}

impl ProvinceInfo {
    fn add(&mut self, state: &State, s: Space) {
        if let Some(sym) = s.symbol() {
            self.need.add(sym, 1);
            if let Some(g) = state.guard(s) {
                self.owner = Some(g);
                self.removal.add(sym, 2);
            }
        }
    }
}

/// The facts of one province (one scan).
pub fn province_info(state: &State, anchor: Space) -> ProvinceInfo {
    let mut info = ProvinceInfo::default();
    for s in state.province_symbol_spaces(anchor) {
        info.add(state, s);
    }
    info
}

/// The facts of every province that has a symbol space, by anchor in
/// board order ([`SymbolScan`]'s, as a list for the tests).
#[cfg(test)]
pub fn province_infos(state: &State) -> Vec<(Space, ProvinceInfo)> {
    SymbolScan::of(state, 0, true).provinces().collect()
}

/// What the action phase's listing reads of the symbol spaces, the only
/// spaces guards stand on (AX-19), gathered in one pass over them: the
/// facts of every province that has one (AX-18 … AX-24; the others can be
/// neither occupied nor taken over, so nobody needs their facts) and the
/// listing seat's guards (AX-28, AX-31). The listing asks for it on every
/// action of the phase, which made it a sixth of a random playout as two
/// passes and two lists.
pub struct SymbolScan {
    /// Position in `found` of each anchor's entry (`u8::MAX`: none).
    entry: [u8; 256],
    /// The anchors met, as a bit set: read in order, they give board order
    /// without sorting.
    anchors: IndexSet,
    /// The facts, in the order the anchors were met: the first `len`
    /// entries (at most one province per symbol space). A compact array
    /// rather than a list of [`ProvinceInfo`]: the scan runs on every
    /// listing of the action phase, where allocating and spilling the
    /// list's registers cost a fifth of the scan.
    found: [Facts; MAX_SYMBOL_SPACES],
    /// How many entries of `found` are in use.
    len: u8,
    /// The seat's guards, as a bit set of spaces.
    mine: IndexSet,
    /// Whether a guard of the seat stands on a space of each symbol.
    guarded: [bool; 5],
}

impl SymbolScan {
    /// One pass over the symbol spaces, symbol by symbol (the order the
    /// anchors are met in does not matter); the provinces' facts only when
    /// `facts` (naming a province needs a guard in supply, AX-39).
    #[inline]
    pub fn of(state: &State, seat: Seat, facts: bool) -> Self {
        let mut scan = SymbolScan {
            entry: [u8::MAX; 256],
            anchors: IndexSet::default(),
            found: [Facts::NONE; MAX_SYMBOL_SPACES],
            len: 0,
            mine: IndexSet::default(),
            guarded: [false; 5],
        };
        let board = board();
        // The state's tables by space, read directly (every symbol space
        // is on the board, so in both).
        let (guards, province) = (&state.guards[..], &state.province[..]);
        for symbol in Symbol::ALL {
            for &s in board.symbol_spaces(symbol) {
                let (Some(&guard), Some(anchor)) = (guards.get(s.index()), province.get(s.index()))
                else {
                    continue;
                };
                if guard == Some(seat) {
                    scan.mine.insert(s.0);
                    scan.guarded[symbol.index()] = true;
                }
                if !facts {
                    continue;
                }
                let anchor = anchor.index();
                let i = &mut scan.entry[anchor];
                if *i == u8::MAX {
                    *i = scan.len;
                    scan.len += 1;
                    scan.anchors.insert(anchor as u8);
                }
                // In bounds: a board has at most `MAX_SYMBOL_SPACES` symbol
                // spaces, so at most that many anchors are met.
                let facts = &mut scan.found[usize::from(*i)];
                facts.need.add(symbol, 1);
                if let Some(g) = guard {
                    // Seats are fewer than 255 (at most four).
                    facts.owner = g as u8 + 1;
                    facts.removal.add(symbol, 2);
                }
            }
        }
        scan
    }

    /// Each province's anchor and facts, in board order of the anchors
    /// (none unless gathered).
    pub fn provinces(&self) -> impl Iterator<Item = (Space, ProvinceInfo)> + '_ {
        self.anchors.iter().map(|a| {
            let facts = &self.found[usize::from(self.entry[usize::from(a)])];
            let info = ProvinceInfo {
                owner: usize::from(facts.owner).checked_sub(1),
                need: facts.need,
                removal: facts.removal,
            };
            (Space(a), info)
        })
    }

    /// The spaces of the seat's guards, in board order.
    pub fn guards(&self) -> impl Iterator<Item = Space> + '_ {
        self.mine.iter().map(Space)
    }

    /// Whether a guard of the seat stands on a space of `symbol`.
    pub fn guarded(&self, symbol: Symbol) -> bool {
        self.guarded[symbol.index()]
    }
}

/// A province's facts as the scan keeps them: [`ProvinceInfo`] in eleven
/// bytes, all zero when nothing is known (so the array starts as zeroes).
#[derive(Clone, Copy)]
struct Facts {
    /// The owner's seat + 1, or 0 for none.
    owner: u8,
    need: Cards,
    removal: Cards,
}

impl Facts {
    const NONE: Facts = Facts {
        owner: 0,
        need: Cards::EMPTY,
        removal: Cards::EMPTY,
    };
}

/// The facts of every province, by anchor, in one pass over the board: the
/// plain version of [`province_infos`], which the tests compare with it.
#[cfg(test)]
pub fn province_infos_plain(state: &State) -> Vec<(Space, ProvinceInfo)> {
    let mut by_anchor: Vec<Option<ProvinceInfo>> = vec![None; state.province.len()];
    for s in Space::all() {
        let a = state.province_of(s).index();
        if let Some(slot) = by_anchor.get_mut(a) {
            slot.get_or_insert_with(ProvinceInfo::default).add(state, s);
        }
    }
    by_anchor
        .into_iter()
        .enumerate()
        .filter_map(|(i, info)| Some((Space::from_index(i)?, info?)))
        .collect()
}

/// AX-18 / AX-23 / AX-39: whether `seat` may name the province, and if so the
/// occupation it starts. `Err` carries the rule it breaks.
pub fn start(
    state: &State,
    seat: Seat,
    anchor: Space,
    takeover: bool,
) -> Result<Occupation, (&'static str, String)> {
    if !state.is_anchor(anchor) {
        return Err((
            "AX-18",
            format!(
                "{anchor} does not name a province (its anchor is {})",
                state.province_of(anchor)
            ),
        ));
    }
    start_with(state, seat, anchor, takeover, &province_info(state, anchor))
        .map_err(Refusal::explain)
}

/// Why a province cannot be named now (AX-18, AX-22 … AX-24, AX-39): kept
/// as data so that the legal-action generator, which asks about every
/// province, never formats a message it does not show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// AX-18 (D-15): occupying needs an unoccupied province.
    Occupied(Space),
    /// AX-23: a take-over needs an opponent's province.
    NotHeld(Space),
    /// AX-22: the province is the player's own.
    AlreadyYours(Space),
    /// AX-24: the removal cards are not in the hand.
    RemovalCards(Cards),
    /// AX-18: the province has no symbol space.
    NoSymbolSpace(Space),
    /// AX-39: the guards in supply cannot cover what the hand cannot pay.
    TooFewGuards { guards: u32, deficit: u32 },
}

impl Refusal {
    /// The rule broken and a message for the player.
    pub fn explain(self) -> (&'static str, String) {
        match self {
            Refusal::Occupied(anchor) => {
                ("AX-18", format!("the province {anchor} is occupied (D-15)"))
            }
            Refusal::NotHeld(anchor) => (
                "AX-23",
                format!("the province {anchor} is not held by an opponent"),
            ),
            Refusal::AlreadyYours(anchor) => {
                ("AX-22", format!("the province {anchor} is already yours"))
            }
            Refusal::RemovalCards(removal) => (
                "AX-24",
                format!("removing the guards needs {removal} in the hand"),
            ),
            Refusal::NoSymbolSpace(anchor) => (
                "AX-18",
                format!("the province {anchor} has no symbol space"),
            ),
            Refusal::TooFewGuards { guards, deficit } => (
                "AX-39",
                format!(
                    "{guards} guards in supply cannot cover the {deficit} spaces the hand cannot pay"
                ),
            ),
        }
    }
}

/// [`start`] with the province's facts already gathered.
pub fn start_with(
    state: &State,
    seat: Seat,
    anchor: Space,
    takeover: bool,
    info: &ProvinceInfo,
) -> Result<Occupation, Refusal> {
    let (from, reserved) = match (takeover, info.owner) {
        (false, None) => (None, Cards::EMPTY),
        (false, Some(_)) => return Err(Refusal::Occupied(anchor)),
        (true, None) => return Err(Refusal::NotHeld(anchor)),
        (true, Some(q)) if q == seat => return Err(Refusal::AlreadyYours(anchor)),
        (true, Some(q)) => {
            if !state.seats[seat].hand.contains(&info.removal) {
                return Err(Refusal::RemovalCards(info.removal));
            }
            (Some(q), info.removal)
        }
    };
    if info.need.total() == 0 {
        return Err(Refusal::NoSymbolSpace(anchor));
    }
    let hand = state.seats[seat].hand.minus(&reserved).unwrap_or_default();
    let g = u32::from(state.seats[seat].supply);
    let d = deficit(&info.need, &hand);
    if g < d.max(1) {
        return Err(Refusal::TooFewGuards {
            guards: g,
            deficit: d,
        });
    }
    Ok(Occupation {
        anchor,
        from,
        reserved,
        chosen: Vec::new(),
    })
}

/// The hand available for occupation cards: hand minus reserved removal cards.
fn free_hand(state: &State, seat: Seat, occ: &Occupation) -> Cards {
    state.seats[seat]
        .hand
        .minus(&occ.reserved)
        .unwrap_or_default()
}

/// AX-19 / AX-39: whether a guard may go on `space` now.
pub fn check_guard(
    state: &State,
    seat: Seat,
    occ: &Occupation,
    space: Space,
) -> Result<(), (&'static str, String)> {
    match guard_refusal(state, seat, occ, space) {
        None => Ok(()),
        Some(refusal) => Err(refusal.explain(space, occ.anchor)),
    }
}

/// Why a guard may not go on a space (AX-19, AX-39): kept as data, like
/// [`Refusal`], so that the legal-action generator, which asks about every
/// symbol space of the province, never formats a message it does not show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuardRefusal {
    /// AX-19: the space is not in the province named.
    OutsideProvince,
    /// AX-19: guards stand on symbol spaces only.
    OpenSpace,
    /// AX-39: guards are chosen in board order.
    NotAfterChosen,
    /// AX-19: every guard in supply is already chosen.
    NoGuardLeft,
    /// AX-39: the hand cannot pay the skipped spaces before this one.
    SkippedUnpaid(Cards),
    /// AX-39: the hand and the guards left cannot cover what remains.
    Uncovered,
}

impl GuardRefusal {
    /// The rule broken and a message for the player.
    pub fn explain(self, space: Space, anchor: Space) -> (&'static str, String) {
        match self {
            GuardRefusal::OutsideProvince => {
                ("AX-19", format!("{space} is not in the province {anchor}"))
            }
            GuardRefusal::OpenSpace => ("AX-19", format!("{space} is an open space")),
            GuardRefusal::NotAfterChosen => (
                "AX-39",
                format!("{space} is not after the spaces already chosen"),
            ),
            GuardRefusal::NoGuardLeft => ("AX-19", "no guard left in the supply".into()),
            GuardRefusal::SkippedUnpaid(before) => (
                "AX-39",
                format!("the skipped spaces need {before}, the hand cannot pay them"),
            ),
            GuardRefusal::Uncovered => (
                "AX-39",
                "the remaining spaces could not be covered".to_string(),
            ),
        }
    }
}

/// [`check_guard`] without the message: `None` when the guard may go there.
pub fn guard_refusal(
    state: &State,
    seat: Seat,
    occ: &Occupation,
    space: Space,
) -> Option<GuardRefusal> {
    guard_refusal_among(
        state,
        seat,
        occ,
        space,
        state.province_symbol_spaces(occ.anchor),
    )
}

/// [`guard_refusal`] with the province's symbol spaces (in board order)
/// given: the generator asks about each of them and finds them once.
pub fn guard_refusal_among(
    state: &State,
    seat: Seat,
    occ: &Occupation,
    space: Space,
    province: impl Iterator<Item = Space>,
) -> Option<GuardRefusal> {
    if state.province_of(space) != occ.anchor {
        return Some(GuardRefusal::OutsideProvince);
    }
    if space.symbol().is_none() {
        return Some(GuardRefusal::OpenSpace);
    }
    if occ.chosen.last().is_some_and(|l| *l >= space) {
        return Some(GuardRefusal::NotAfterChosen);
    }
    let supply = usize::from(state.seats[seat].supply);
    if occ.chosen.len() >= supply {
        return Some(GuardRefusal::NoGuardLeft);
    }
    let g_after = (supply - occ.chosen.len() - 1) as u32;
    let hand = free_hand(state, seat, occ);
    // The symbols of the unchosen symbol spaces before and after `space`,
    // in one pass and without lists (the generator asks about every
    // symbol space of the province).
    let (mut before, mut after) = (Cards::EMPTY, Cards::EMPTY);
    for s in province {
        let Some(symbol) = s.symbol() else {
            continue;
        };
        if s == space || occ.chosen.contains(&s) {
            continue;
        }
        if s < space {
            before.add(symbol, 1);
        } else {
            after.add(symbol, 1);
        }
    }
    // AX-39: the unchosen spaces before the one named must be paid by the
    // hand, and the hand and the guards left must cover all of them.
    if !hand.contains(&before) {
        return Some(GuardRefusal::SkippedUnpaid(before));
    }
    if deficit(&before.plus(&after), &hand) > g_after {
        return Some(GuardRefusal::Uncovered);
    }
    None
}

/// [`check_guard`] as first written, with lists of spaces: the plain
/// version the tests compare it with.
#[cfg(test)]
pub fn check_guard_plain(
    state: &State,
    seat: Seat,
    occ: &Occupation,
    space: Space,
) -> Result<(), (&'static str, String)> {
    if state.province_of(space) != occ.anchor {
        return Err((
            "AX-19",
            format!("{space} is not in the province {}", occ.anchor),
        ));
    }
    if space.symbol().is_none() {
        return Err(("AX-19", format!("{space} is an open space")));
    }
    if occ.chosen.last().is_some_and(|l| *l >= space) {
        return Err((
            "AX-39",
            format!("{space} is not after the spaces already chosen"),
        ));
    }
    let supply = usize::from(state.seats[seat].supply);
    if occ.chosen.len() >= supply {
        return Err(("AX-19", "no guard left in the supply".into()));
    }
    let g_after = (supply - occ.chosen.len() - 1) as u32;
    let hand = free_hand(state, seat, occ);
    let unchosen = symbol_spaces(state, occ.anchor)
        .into_iter()
        .filter(|s| *s != space && !occ.chosen.contains(s));
    let (before, after): (Vec<Space>, Vec<Space>) = unchosen.partition(|s| *s < space);
    let before = symbols_of(before.into_iter());
    if !hand.contains(&before) {
        return Err((
            "AX-39",
            format!("the skipped spaces need {before}, the hand cannot pay them"),
        ));
    }
    let all = before.plus(&symbols_of(after.into_iter()));
    if deficit(&all, &hand) > g_after {
        return Err((
            "AX-39",
            "the remaining spaces could not be covered".to_string(),
        ));
    }
    Ok(())
}

/// The cards the occupation costs besides removal: one per unchosen symbol
/// space (AX-20).
pub fn occupation_cost(state: &State, occ: &Occupation) -> Cards {
    // `symbols_of` counts symbol spaces only: no list of them needed.
    symbols_of(
        state
            .province_symbol_spaces(occ.anchor)
            .filter(|s| !occ.chosen.contains(s)),
    )
}

/// AX-21 / AX-39: confirming needs a guard and every other space paid.
pub fn check_confirm(
    state: &State,
    seat: Seat,
    occ: &Occupation,
) -> Result<(), (&'static str, String)> {
    if occ.chosen.is_empty() {
        return Err(("AX-19", "at least one guard must be placed".into()));
    }
    let cost = occupation_cost(state, occ);
    if !free_hand(state, seat, occ).contains(&cost) {
        return Err(("AX-21", format!("the other spaces need {cost}")));
    }
    Ok(())
}

/// [`check_confirm`] as a yes or no, for the generator (no message).
pub fn may_confirm(state: &State, seat: Seat, occ: &Occupation) -> bool {
    !occ.chosen.is_empty() && free_hand(state, seat, occ).contains(&occupation_cost(state, occ))
}

/// AX-27: cards handed over for `n` paid cards (3 or 4 players).
pub fn owed_for(paid: u32) -> u8 {
    paid.div_ceil(2).min(u32::from(u8::MAX)) as u8
}

/// AX-40: whether `symbol` may be handed over next.
pub fn check_give(c: &Compensation, symbol: Symbol) -> Result<(), (&'static str, String)> {
    let message = match give_refusal(c, symbol) {
        None => return Ok(()),
        Some(GiveRefusal::NoneLeft) => format!("no paid {symbol} card is left to hand over"),
        Some(GiveRefusal::OutOfOrder) => "cards are handed over in symbol order".to_string(),
        Some(GiveRefusal::Incomplete) => {
            format!("after {symbol} the hand-over could not be completed")
        }
    };
    Err(("AX-40", message))
}

/// Why a card may not be handed over next (AX-40), as data: the generator
/// asks about every symbol and shows no message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveRefusal {
    /// No paid card of the symbol is left.
    NoneLeft,
    /// Cards are handed over in symbol order.
    OutOfOrder,
    /// The cards of this symbol and later ones are fewer than still owed.
    Incomplete,
}

/// [`check_give`] without the message: `None` when the card may go next.
pub fn give_refusal(c: &Compensation, symbol: Symbol) -> Option<GiveRefusal> {
    if c.remaining.get(symbol) == 0 {
        return Some(GiveRefusal::NoneLeft);
    }
    if c.last.is_some_and(|l| symbol < l) {
        return Some(GiveRefusal::OutOfOrder);
    }
    let later: u32 = Symbol::ALL
        .iter()
        .filter(|s| **s >= symbol)
        .map(|s| u32::from(c.remaining.get(*s)))
        .sum();
    (later < u32::from(c.owed)).then_some(GiveRefusal::Incomplete)
}
