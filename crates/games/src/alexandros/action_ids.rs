//! Fixed action ids: one block per action kind, parameters
//! numbered by the board file's lists (points, spaces) and symbol order
//! (temple, amphora, horse, lyre, soldier). Blocks cover every combination of
//! parameters, so an id never depends on the state. Documented in
//! `docs/action-ids.md`.

use std::sync::LazyLock;

use super::actions::Action;
use super::board::{Point, Space};
use super::events::TakeFrom;
use satrap_engine::action_space::{ActionSpace, Block, mixed};

const SYMBOLS: usize = 5;
const SLOTS: usize = 2;

static SPACE: LazyLock<ActionSpace> = LazyLock::new(|| {
    let points = Point::all().count();
    let spaces = Space::all().count();
    ActionSpace::new(vec![
        Block::new("ALEX_CARD", SLOTS * SYMBOLS, "slot × 5 + symbol"),
        Block::new("ALEX_HAND", SYMBOLS, "symbol"),
        Block::new("ALEX_IDLE", SLOTS, "slot"),
        Block::new("ALEX_DEST", points, "point (board file `vertices` order)"),
        Block::new("ALEX_STEP", points, "point"),
        Block::new("TAKE_CARD", SLOTS + 1, "slot 1, slot 2, the draw pile"),
        Block::new("OCCUPY", spaces, "anchor space (board file `spaces` order)"),
        Block::new("TAKE_OVER", spaces, "anchor space"),
        Block::new("PLACE_GUARD", spaces, "space"),
        Block::new("CONFIRM_OCCUPATION", 1, "—"),
        Block::new("GIVE_CARD", SYMBOLS, "symbol"),
        Block::new("LEVY", SYMBOLS, "symbol"),
        Block::new("TAKE_BACK", spaces, "space"),
        Block::new("END_TURN", 1, "—"),
    ])
});

/// The action space (the same for 2, 3 and 4 players).
pub fn space() -> &'static ActionSpace {
    &SPACE
}

/// The fixed id of `action`.
pub fn action_id(action: &Action) -> usize {
    let s = space();
    match action {
        Action::AlexCard { slot, symbol } => s.id(
            0,
            mixed(&[(slot.index(), SLOTS), (symbol.index(), SYMBOLS)]),
        ),
        Action::AlexHand(symbol) => s.id(1, symbol.index()),
        Action::AlexIdle(slot) => s.id(2, slot.index()),
        Action::AlexDest(p) => s.id(3, p.index()),
        Action::AlexStep(p) => s.id(4, p.index()),
        Action::TakeCard(TakeFrom::Slot(slot)) => s.id(5, slot.index()),
        Action::TakeCard(TakeFrom::Deck) => s.id(5, SLOTS),
        Action::Occupy(a) => s.id(6, a.index()),
        Action::TakeOver(a) => s.id(7, a.index()),
        Action::PlaceGuard(a) => s.id(8, a.index()),
        Action::ConfirmOccupation => s.id(9, 0),
        Action::GiveCard(symbol) => s.id(10, symbol.index()),
        Action::Levy(symbol) => s.id(11, symbol.index()),
        Action::TakeBack(a) => s.id(12, a.index()),
        Action::EndTurn => s.id(13, 0),
    }
}
