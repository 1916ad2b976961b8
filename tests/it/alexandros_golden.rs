//! Golden playthroughs: complete games with a fixed seed and moves chosen by
//! a seeded generator, recorded after every action (seat, notation, events
//! and the board text). The test compares with the checked-in transcripts
//! under `tests/golden/`; run with `SATRAP_BLESS=1` to rewrite them after an
//! intended change, and review the diff.

use crate::common;

use common::golden;
use satrap_catalog::alexandros::Alexandros;

#[test]
fn golden_3_players_seed_2026() {
    golden::check::<Alexandros>(3, 2026);
}

#[test]
fn golden_4_players_seed_2026() {
    golden::check::<Alexandros>(4, 2026);
}

#[test]
fn golden_2_players_seed_2026() {
    golden::check::<Alexandros>(2, 2026);
}
