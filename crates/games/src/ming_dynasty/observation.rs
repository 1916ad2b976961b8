//! Observation tensor, written from the viewer's view: hands are
//! public (AMB-22, AMB-39), the face-down movement supply is only its size,
//! and during the secret return selection (MD-55) only the viewer's own
//! commitment is in its view, so only that one is in its tensor. Layout in
//! `docs/observations.md`.

use super::board::{District, Province, board};
use super::state::{
    FAMILY_PER_COLOUR, HAND_LIMIT, PERSONAL_SUPPLY, Phase, ROUNDS, Stage, TILES_PER_COLOUR,
};
use super::view::View;
use satrap_engine::tensor::Tensor;

/// Scale of pieces in one area or space.
const PIECES: f64 = 10.0;
/// Scale of scores.
const SCORE: f64 = 100.0;

/// Players plus the neutral family in the 2-player game (MD-80).
fn competitors(players: usize) -> usize {
    if players == 2 { 3 } else { players }
}

fn phase_index(phase: &Phase) -> usize {
    match phase {
        Phase::PlacePrinces => 0,
        Phase::PlaceFamily => 1,
        Phase::PlaceNeutral { .. } => 2,
        Phase::TakeCards => 3,
        Phase::Travel { .. } => 4,
        Phase::SelectReturns { .. } => 5,
        Phase::ChooseReturns { .. } => 6,
        Phase::Over => 7,
    }
}

/// `values` padded or cut to `n` entries, each divided by `scale`.
fn padded(t: &mut Tensor, values: &[u8], n: usize, scale: f64) {
    for i in 0..n {
        t.scaled(values.get(i).copied().unwrap_or(0), scale);
    }
}

/// Write `view` for a table of `players`.
pub fn observe(view: &View, players: usize, t: &mut Tensor) {
    let b = board();
    let kinds = b.card_kinds();
    let provinces = Province::count();
    let districts = District::all().count();
    let comps = competitors(players);
    let colours = view.tile_supply.len().max(provinces);
    t.section("to_act", "multi-hot: the seats to act", |t| {
        let mut v = vec![0u8; players];
        for s in &view.to_act {
            if let Some(x) = v.get_mut(*s) {
                *x = 1;
            }
        }
        padded(t, &v, players, 1.0);
    });
    t.section("start_player", "one-hot: the start player", |t| {
        t.one_hot(Some(view.start_player), players)
    });
    t.section(
        "phase",
        "round / 6; phase one-hot (place princes, place family, place neutral, take cards, travel, select returns, choose returns, over) (8); travel stage one-hot (start, moving, after stay) (3); steps moved / 10; the scored city's province one-hot (6); neutral pieces placed this round per seat / 2 (2)",
        |t| {
            t.scaled(view.round, f64::from(ROUNDS));
            t.one_hot(Some(phase_index(&view.phase)), 8);
            let (stage, steps) = match &view.phase {
                Phase::Travel { stage } => match stage {
                    Stage::Start => (Some(0), 0),
                    Stage::Moving { steps } => (Some(1), *steps),
                    Stage::AfterStay => (Some(2), 0),
                },
                _ => (None, 0),
            };
            t.one_hot(stage, 3);
            t.scaled(steps, 10.0);
            let province = match &view.phase {
                Phase::SelectReturns { province, .. } | Phase::ChooseReturns { province, .. } => {
                    Some(province.index())
                }
                _ => None,
            };
            t.one_hot(province, provinces);
            let placed = match &view.phase {
                Phase::PlaceNeutral { placed } => *placed,
                _ => [0, 0],
            };
            padded(t, &placed, 2, 2.0);
        },
    );
    t.section(
        "returns",
        "per seat: committed its secret return cards (MD-55); then the viewer's own commitment as 4 bits (cards 0-3; zeros for others and spectators); then pieces to return per seat / 6 (MD-56)",
        |t| {
            padded(
                t,
                &view.committed.iter().map(|c| u8::from(*c)).collect::<Vec<_>>(),
                players,
                1.0,
            );
            let own = match (&view.phase, view.viewer) {
                (Phase::SelectReturns { commits, .. }, Some(v)) => {
                    commits.get(v).copied().flatten().map_or(0, |r| r.0)
                }
                _ => 0,
            };
            for bit in 0..4 {
                t.flag(own & (1 << bit) != 0);
            }
            let returns = match &view.phase {
                Phase::ChooseReturns { returns, .. } => returns.clone(),
                _ => Vec::new(),
            };
            padded(t, &returns, players, 6.0);
        },
    );
    for (i, s) in view.seats.iter().take(players).enumerate() {
        t.section(
            format!("seat[{i}]"),
            "per seat: hand per card kind (transports, dragon) / 5; to place / 5; supply / 30; boxed / 31; score / 100; tiles per province colour / 18 (6); prince's district one-hot (18); passed; finished",
            |t| {
                padded(t, &s.hand, kinds, f64::from(HAND_LIMIT));
                t.scaled(s.to_place, 5.0);
                t.scaled(s.supply, f64::from(PERSONAL_SUPPLY));
                t.scaled(s.boxed, f64::from(FAMILY_PER_COLOUR));
                t.scaled(s.score, SCORE);
                padded(t, &s.tiles, colours, f64::from(TILES_PER_COLOUR));
                t.one_hot(s.prince.map(District::index), districts);
                t.flag(s.passed);
                t.flag(s.finished);
            },
        );
    }
    t.section(
        "supplies",
        "neutral supply / 31; neutral boxed / 31; movement supply size / 54; dragon supply / 18; discard per card kind / 18 (4); tile supply per colour / 18 (6)",
        |t| {
            t.scaled(view.neutral_supply, f64::from(FAMILY_PER_COLOUR));
            t.scaled(view.neutral_boxed, f64::from(FAMILY_PER_COLOUR));
            let total: u32 = b.mix.iter().map(|x| u32::from(*x)).sum();
            t.scaled(view.movement_supply as f64, f64::from(total.max(1)));
            t.scaled(view.dragon_supply, f64::from(b.dragons.max(1)));
            let mut discard = vec![0u8; kinds];
            for c in &view.discard {
                if let Some(x) = discard.get_mut(c.index()) {
                    *x = x.saturating_add(1);
                }
            }
            padded(t, &discard, kinds, f64::from(b.dragons.max(1)));
            padded(t, &view.tile_supply, colours, f64::from(TILES_PER_COLOUR));
        },
    );
    t.section(
        "province_spaces",
        "per province space: pieces per competitor (seats, then neutral in the 2-player game) / 10; display card one-hot per card kind (4)",
        |t| {
            for p in 0..provinces {
                let empty = Vec::new();
                padded(t, view.spaces.get(p).unwrap_or(&empty), comps, PIECES);
                t.one_hot(view.display.get(p).copied().flatten().map(|c| c.index()), kinds);
            }
        },
    );
    t.section(
        "districts",
        "per district (P1a … P6c): open-area pieces per competitor / 10; cloister one-hot per seat (players); city-house pieces per competitor / 3",
        |t| {
            for d in 0..districts {
                match view.districts.get(d) {
                    Some(x) => {
                        padded(t, &x.open, comps, PIECES);
                        t.one_hot(x.cloister, players);
                        padded(t, &x.houses, comps, 3.0);
                    }
                    None => {
                        padded(t, &[], comps, PIECES);
                        t.one_hot(None, players);
                        padded(t, &[], comps, 3.0);
                    }
                }
            }
        },
    );
}
