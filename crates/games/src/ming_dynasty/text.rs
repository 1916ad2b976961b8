//! A plain-text picture of the board as a viewer may see it (built from the
//! redacted view, so it can show nothing the view hides).

use std::fmt::Write as _;

use satrap_engine::Seat;

use super::board::{Card, Province, board};
use super::state::{Phase, Stage, State};
use super::view::{View, view};

fn letter(v: &View, c: usize) -> String {
    if c < v.players {
        v.seats[c].colour.letter().to_string()
    } else {
        v.neutral
            .map(|n| format!("N{}", n.letter()))
            .unwrap_or_else(|| "N".into())
    }
}

fn counts(v: &View, per: &[u8]) -> String {
    let parts: Vec<String> = per
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| format!("{}{n}", letter(v, c)))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

fn phase_line(v: &View) -> String {
    match &v.phase {
        Phase::PlacePrinces => "setup: prince placement".into(),
        Phase::PlaceFamily => "phase 1: family members onto province spaces".into(),
        Phase::PlaceNeutral { .. } => "phase 1: neutral placements".into(),
        Phase::TakeCards => "phase 2: movement cards".into(),
        Phase::Travel { stage } => format!(
            "phase 3: move and deploy ({})",
            match stage {
                Stage::Start => "turn start".to_string(),
                Stage::Moving { steps } => format!("moving, {steps} step(s)"),
                Stage::AfterStay => "stayed".to_string(),
            }
        ),
        Phase::SelectReturns { province, .. } => {
            format!("scoring: return cards for the city of {}", province.id())
        }
        Phase::ChooseReturns { province, .. } => {
            format!("scoring: returns from the city of {}", province.id())
        }
        Phase::Over => "game over".into(),
    }
}

/// The picture for `viewer`.
pub fn render(state: &State, viewer: Option<Seat>) -> String {
    let v = view(state, viewer);
    let b = board();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Ming Dynasty, round {} of 6, {}; start player seat {}",
        v.round,
        phase_line(&v),
        v.start_player
    );
    let to_act: Vec<String> = v
        .to_act
        .iter()
        .map(|s| format!("seat {s} ({})", v.seats[*s].colour.name()))
        .collect();
    let _ = writeln!(
        out,
        "to act: {}",
        if to_act.is_empty() {
            "nobody".into()
        } else {
            to_act.join(", ")
        }
    );
    for (i, s) in v.seats.iter().enumerate() {
        let hand: Vec<String> = b
            .cards()
            .map(|c| format!("{} {}", c.name(), s.hand[c.index()]))
            .collect();
        let _ = writeln!(
            out,
            "seat {i} {} {}: score {}, supply {}, to place {}, box {}, prince {}, hand {} ({}), tiles {}{}",
            s.colour.letter(),
            s.colour.name(),
            s.score,
            s.supply,
            s.to_place,
            s.boxed,
            s.prince
                .map(|d| d.to_string())
                .unwrap_or_else(|| "-".into()),
            s.hand_size(),
            hand.join(", "),
            s.tiles
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("/"),
            if s.passed && matches!(v.phase, Phase::Travel { .. }) {
                ", passed"
            } else if s.finished && v.phase == Phase::TakeCards {
                ", finished"
            } else {
                ""
            }
        );
    }
    if let Some(n) = v.neutral {
        let _ = writeln!(
            out,
            "neutral {}: supply {}, box {}",
            n.name(),
            v.neutral_supply,
            v.neutral_boxed
        );
    }
    for p in Province::all() {
        let info = p.info();
        let _ = writeln!(
            out,
            "{} {} ({}): space {} {} | slot {} {}",
            info.id,
            info.name,
            info.color,
            p.index() + 1,
            counts(&v, &v.spaces[p.index()]),
            p.index() + 1,
            v.display[p.index()].map(Card::name).unwrap_or("empty")
        );
        for d in p.districts() {
            let ds = &v.districts[d.index()];
            let prince = v
                .seats
                .iter()
                .position(|s| s.prince == Some(*d))
                .map(|s| format!("prince {}", v.seats[s].colour.letter()))
                .unwrap_or_else(|| "        ".into());
            let _ = writeln!(
                out,
                "  {:<4} {prince}  open {}  cloister {}  houses {}",
                d.id(),
                counts(&v, &ds.open),
                ds.cloister
                    .map(|c| letter(&v, c))
                    .unwrap_or_else(|| "-".into()),
                counts(&v, &ds.houses)
            );
        }
    }
    let _ = writeln!(
        out,
        "movement supply {} face down, discard {} ({}), dragon supply {}, tiles in supply {}",
        v.movement_supply,
        v.discard.len(),
        b.cards()
            .map(|c| format!(
                "{} {}",
                c.name(),
                v.discard.iter().filter(|x| **x == c).count()
            ))
            .collect::<Vec<_>>()
            .join(", "),
        v.dragon_supply,
        v.tile_supply
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("/")
    );
    match &v.phase {
        Phase::SelectReturns {
            involved, commits, ..
        } => {
            let parts: Vec<String> = (0..v.players)
                .filter(|s| involved[*s])
                .map(|s| match commits[s] {
                    Some(c) => format!(
                        "seat {s} chose {}",
                        c.values()
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join("+")
                    ),
                    None if v.committed[s] => format!("seat {s} committed"),
                    None => format!("seat {s} choosing"),
                })
                .collect();
            let _ = writeln!(out, "return cards: {}", parts.join(", "));
        }
        Phase::ChooseReturns { returns, .. } => {
            let _ = writeln!(
                out,
                "returning: {}",
                returns
                    .iter()
                    .enumerate()
                    .map(|(s, n)| format!("seat {s} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        _ => {}
    }
    out
}
