//! Golden playthrough: one complete Territories game (2 players, the only
//! player count) with a fixed seed and moves chosen by a seeded generator,
//! recorded after every action (seat, notation, events and the board text).
//! The test compares with the checked-in transcript under `tests/golden/`;
//! run with `SATRAP_BLESS=1` to rewrite it after an intended change, and
//! review the diff.

use crate::common;

use common::golden;
use satrap_catalog::territories::Territories;

#[test]
fn golden_2_players_seed_2026() {
    golden::check::<Territories>(2, 2026);
}
