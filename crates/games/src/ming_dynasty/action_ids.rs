//! Fixed action ids: one block per action kind, parameters
//! numbered by the board file's lists (districts P1a … P6c, provinces P1 …
//! P6) and card kinds (transports in board order, then the dragon). Blocks
//! cover every combination of parameters, so an id never depends on the
//! state. Documented in `docs/action-ids.md`.

use std::sync::LazyLock;

use super::actions::Action;
use super::board::{District, Province, board};
use super::state::RETURN_CARD_VALUES;
use satrap_engine::action_space::{ActionSpace, Block, mixed};

/// MD-43: at most three pieces are deployed at once.
const DEPLOY_COUNTS: usize = 4;
/// MD-55: the non-empty subsets of the four return cards.
const RETURN_SETS: usize = 15;
/// MD-56: at most 0 + 1 + 2 + 3 pieces return, so each district of the
/// province gets 0..=6.
const RETURN_COUNTS: usize = 7;
const _: () = assert!(
    (RETURN_CARD_VALUES[0] as usize)
        + (RETURN_CARD_VALUES[1] as usize)
        + (RETURN_CARD_VALUES[2] as usize)
        + (RETURN_CARD_VALUES[3] as usize)
        < RETURN_COUNTS
);
/// Districts of one province (3.1).
const PARTS: usize = 3;

static SPACE: LazyLock<ActionSpace> = LazyLock::new(|| {
    let districts = District::all().count();
    let provinces = Province::count();
    let cards = board().card_kinds();
    ActionSpace::new(vec![
        Block::new("PRINCE", districts, "district (P1a … P6c)"),
        Block::new("PLACE", provinces, "province space − 1"),
        Block::new("NEUTRAL", districts, "district"),
        Block::new("TAKE", provinces, "display slot − 1"),
        Block::new("DRAGON", provinces, "province space − 1"),
        Block::new(
            "STEP",
            districts * cards,
            "district × 4 + card (transports, dragon)",
        ),
        Block::new("STAY", cards, "card"),
        Block::new("DEPLOY", DEPLOY_COUNTS * 2, "count × 2 + cloister"),
        Block::new("PASS", 1, "—"),
        Block::new(
            "SELECT",
            RETURN_SETS,
            "bit set of the cards {0,1,2,3} − 1 (bit i = card i)",
        ),
        Block::new(
            "RETURN",
            provinces * RETURN_COUNTS.pow(PARTS as u32),
            "province × 343 + (a × 7 + b) × 7 + c: pieces back to its districts a, b, c",
        ),
    ])
});

/// The action space (the same for 2, 3 and 4 players).
pub fn space() -> &'static ActionSpace {
    &SPACE
}

/// The position of a return distribution (MD-56) in its block: the province
/// of its districts, then the count for each of its three districts.
fn returns_position(returns: &[(District, u8)]) -> usize {
    let province = returns.first().map_or(Province(0), |(d, _)| d.province());
    let mut counts = [0usize; PARTS];
    for (d, k) in returns {
        if let Some(i) = province.districts().iter().position(|x| x == d) {
            counts[i] = usize::from(*k);
        }
    }
    mixed(&[
        (province.index(), Province::count()),
        (counts[0], RETURN_COUNTS),
        (counts[1], RETURN_COUNTS),
        (counts[2], RETURN_COUNTS),
    ])
}

/// The fixed id of `action`.
pub fn action_id(action: &Action) -> usize {
    let s = space();
    match action {
        Action::PlacePrince(d) => s.id(0, d.index()),
        Action::PlaceOnSpace(p) => s.id(1, p.index()),
        Action::NeutralPlace(d) => s.id(2, d.index()),
        Action::TakeDisplay(p) => s.id(3, p.index()),
        Action::TakeDragon(p) => s.id(4, p.index()),
        Action::MoveStep { to, card } => s.id(
            5,
            mixed(&[
                (to.index(), District::all().count()),
                (card.index(), board().card_kinds()),
            ]),
        ),
        Action::Stay(card) => s.id(6, card.index()),
        Action::Deploy { count, cloister } => s.id(
            7,
            mixed(&[
                (usize::from(*count), DEPLOY_COUNTS),
                (usize::from(*cloister), 2),
            ]),
        ),
        Action::Pass => s.id(8, 0),
        Action::SelectReturn(r) => s.id(9, usize::from(r.0).saturating_sub(1)),
        Action::ChooseReturns(m) => s.id(10, returns_position(m)),
    }
}
