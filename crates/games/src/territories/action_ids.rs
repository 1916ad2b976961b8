//! Fixed action ids. Cells and intersections are numbered inside
//! a fixed window that holds every grid a game can reach: the grid starts at
//! 5 × 4 cells (GEO-1) and grows only by EXPAND, one card of the 20-card draw
//! pile each (TR-28), so no cell lies more than 20 outside the start. Blocks
//! cover every combination of parameters, so an id never depends on the
//! state. Documented in `docs/action-ids.md`.

use std::sync::LazyLock;

use super::actions::{Action, BankGet};
use super::cards::{RANKS, Suit};
use super::grid::{Cell, INITIAL_COLUMNS, INITIAL_ROWS, Point};
use super::state::Item;
use satrap_engine::action_space::{ActionSpace, Block, mixed};

/// Cards the grid can grow by (the draw pile, TR-28).
pub const GROWTH: i16 = 20;
/// The cell window: columns `-20..=24`, rows `-20..=23`.
pub const CELL_MIN: i16 = -GROWTH;
pub const CELL_COLUMNS: usize = (INITIAL_COLUMNS + 2 * GROWTH) as usize;
pub const CELL_ROWS: usize = (INITIAL_ROWS + 2 * GROWTH) as usize;
/// Intersections: one more than cells each way (the cells' corners).
pub const POINT_COLUMNS: usize = CELL_COLUMNS + 1;
pub const POINT_ROWS: usize = CELL_ROWS + 1;
const CELLS: usize = CELL_COLUMNS * CELL_ROWS;
const POINTS: usize = POINT_COLUMNS * POINT_ROWS;
const CARDS: usize = 4 * RANKS.len();
const SUITS: usize = 4;
const KINDS: usize = 6;
/// TR-30: the target shares a card with the source (GEO-5), so it is one of
/// the 8 intersections around it.
const NEIGHBOURS: [(i16, i16); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

static SPACE: LazyLock<ActionSpace> = LazyLock::new(|| {
    let point = "point: (y + 20) × 46 + (x + 20)";
    let cell = "cell: (r + 20) × 45 + (c + 20)";
    ActionSpace::new(vec![
        Block::new("PLACE", POINTS, point),
        Block::new("ROLL", 1, "—"),
        Block::new(
            "DISCARD",
            SUITS + CARDS,
            "resource suit (H, S, C, D), then 4 + territory card (suit × 10 + rank)",
        ),
        Block::new("TAKE", SUITS, "suit"),
        Block::new("PAY", SUITS, "suit"),
        Block::new("ACCEPT", 1, "—"),
        Block::new("DECLINE", 1, "—"),
        Block::new("TOWN", POINTS, point),
        Block::new(
            "UPGRADE",
            POINTS * KINDS,
            format!("{point}, × 6 + building (TOWN, FORT, BARRACKS, TEMPLE, PALACE, CAPITAL)"),
        ),
        Block::new("CAPITAL", POINTS, point),
        Block::new(
            "BANK",
            SUITS * (SUITS + 1),
            "give × 5 + (get suit, or 4 = TERRITORY)",
        ),
        Block::new("GIVE", SUITS, "suit"),
        Block::new("GET", SUITS, "suit"),
        Block::new("PROPOSE", 1, "—"),
        Block::new("SWAP", CELLS * CARDS, format!("{cell}, × 40 + card")),
        Block::new("EXPAND", CELLS * CARDS, format!("{cell}, × 40 + card")),
        Block::new("DESTROY", POINTS, point),
        Block::new(
            "CONVERT",
            POINTS * NEIGHBOURS.len() * KINDS,
            format!(
                "source {point}, × 8 + target − source ((−1,−1), (0,−1), (1,−1), (−1,0), (1,0), (−1,1), (0,1), (1,1)), × 6 + building"
            ),
        ),
        Block::new("END", 1, "—"),
    ])
});

/// The action space (two players only).
pub fn space() -> &'static ActionSpace {
    &SPACE
}

/// Offset of a coordinate inside the window, clamped (the window holds every
/// reachable coordinate; see the module comment).
fn offset(v: i16, count: usize) -> usize {
    usize::try_from(i32::from(v) - i32::from(CELL_MIN))
        .unwrap_or(0)
        .min(count - 1)
}

/// Position of an intersection in the window.
pub fn point_index(p: Point) -> usize {
    mixed(&[
        (offset(p.y, POINT_ROWS), POINT_ROWS),
        (offset(p.x, POINT_COLUMNS), POINT_COLUMNS),
    ])
}

/// Position of a cell in the window.
pub fn cell_index(c: Cell) -> usize {
    mixed(&[
        (offset(c.r, CELL_ROWS), CELL_ROWS),
        (offset(c.c, CELL_COLUMNS), CELL_COLUMNS),
    ])
}

fn suit(s: &Suit) -> usize {
    s.index()
}

/// The fixed id of `action`.
pub fn action_id(action: &Action) -> usize {
    let s = space();
    match action {
        Action::PlaceSetup(p) => s.id(0, point_index(*p)),
        Action::Roll => s.id(1, 0),
        Action::Discard(Item::Resource(x)) => s.id(2, suit(x)),
        Action::Discard(Item::Territory(c)) => s.id(2, SUITS + c.index()),
        Action::TakeFree(x) => s.id(3, suit(x)),
        Action::Pay(x) => s.id(4, suit(x)),
        Action::RespondTrade(true) => s.id(5, 0),
        Action::RespondTrade(false) => s.id(6, 0),
        Action::BuildTown(p) => s.id(7, point_index(*p)),
        Action::Upgrade(p, k) => s.id(8, mixed(&[(point_index(*p), POINTS), (k.index(), KINDS)])),
        Action::BuildCapital(p) => s.id(9, point_index(*p)),
        Action::BankTrade { give, get } => {
            let get = match get {
                BankGet::Resource(x) => suit(x),
                BankGet::Territory => SUITS,
            };
            s.id(10, mixed(&[(suit(give), SUITS), (get, SUITS + 1)]))
        }
        Action::TradeGive(x) => s.id(11, suit(x)),
        Action::TradeGet(x) => s.id(12, suit(x)),
        Action::ProposeTrade => s.id(13, 0),
        Action::Swap { cell, card } => s.id(
            14,
            mixed(&[(cell_index(*cell), CELLS), (card.index(), CARDS)]),
        ),
        Action::Expand { cell, card } => s.id(
            15,
            mixed(&[(cell_index(*cell), CELLS), (card.index(), CARDS)]),
        ),
        Action::Destroy(p) => s.id(16, point_index(*p)),
        Action::Convert { source, target, to } => {
            let d = (target.x - source.x, target.y - source.y);
            let n = NEIGHBOURS.iter().position(|x| *x == d).unwrap_or(0);
            debug_assert!(NEIGHBOURS.contains(&d), "CONVERT target not next to source");
            s.id(
                17,
                mixed(&[
                    (point_index(*source), POINTS),
                    (n, NEIGHBOURS.len()),
                    (to.index(), KINDS),
                ]),
            )
        }
        Action::EndTurn => s.id(18, 0),
    }
}
