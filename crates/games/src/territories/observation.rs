//! Observation tensor, written from the viewer's view: the
//! viewer's whole hand, of the opponent's hand only its size and the cards
//! made public (HID-3), of the draw pile only its size. The grid and the
//! buildings are laid out in the fixed window of `action_ids` (every
//! reachable cell and intersection), so the shape never changes. Layout in
//! `docs/observations.md`.

use super::action_ids::{
    CELL_COLUMNS, CELL_ROWS, POINT_COLUMNS, POINT_ROWS, cell_index, point_index,
};
use super::cards::{Card, RANKS, Resources};
use super::pieces::{Ability, Kind};
use super::state::{TURN_LIMIT, WINNING_POINTS};
use super::view::{Step, View};
use satrap_engine::tensor::Tensor;

const CARDS: usize = 4 * RANKS.len();
/// Scale of resource counts.
const RESOURCES: f64 = 10.0;

fn step_index(step: Step) -> usize {
    match step {
        Step::Setup => 0,
        Step::Roll => 1,
        Step::Main => 2,
        Step::Discard => 3,
        Step::ChooseTemple => 4,
        Step::Pay => 5,
        Step::Draft => 6,
        Step::Respond => 7,
        Step::Over => 8,
    }
}

fn resources(t: &mut Tensor, r: &Resources) {
    t.counts(&r.0, RESOURCES);
}

/// 40 flags, one per territory card (suit × 10 + rank).
fn card_set(t: &mut Tensor, cards: &[Card]) {
    let mut v = [0u8; CARDS];
    for c in cards {
        if let Some(x) = v.get_mut(c.index()) {
            *x = 1;
        }
    }
    t.counts(&v, 1.0);
}

/// The values of the grid and building planes at the tensor's end.
fn grid_values(players: usize) -> usize {
    CELL_COLUMNS * CELL_ROWS * 7 + POINT_COLUMNS * POINT_ROWS * (players + 1)
}

/// Write `view` for a table of `players` (always 2).
pub fn observe(view: &View, players: usize, t: &mut Tensor) {
    // The two board windows are nearly all of it (`grid_values`).
    t.reserve(grid_values(players) + 512);
    t.section("to_act", "one-hot: the seat to act (none once over)", |t| {
        t.one_hot(view.to_act, players)
    });
    t.section("active", "one-hot: the active seat", |t| {
        t.one_hot(Some(view.active), players)
    });
    t.section("p1", "one-hot: the first player", |t| {
        t.one_hot(Some(view.p1), players)
    });
    t.section(
        "status",
        "turn / 400; step one-hot (setup, roll, main, discard, choose temple, pay, draft, respond, over) (9); setup step one-hot (4); last roll: two dice / 6; offers made / 3; abilities used this turn (swap, destroy, convert, expand)",
        |t| {
            t.scaled(view.turn, f64::from(TURN_LIMIT));
            t.one_hot(Some(step_index(view.step)), 9);
            t.one_hot(view.setup_step.and_then(|s| usize::from(s).checked_sub(1)), 4);
            let (a, b) = view.last_roll.unwrap_or((0, 0));
            t.scaled(a, 6.0);
            t.scaled(b, 6.0);
            t.scaled(view.offers_made, 3.0);
            for ability in Ability::ALL {
                t.flag(view.abilities_used.contains(&ability));
            }
        },
    );
    t.section(
        "decision",
        "pending decision: kind one-hot (discard, temple, pay) (3); its seat one-hot (players); cards still to choose / 10",
        |t| {
            let d = view.decision.as_ref();
            t.one_hot(
                d.map(|d| match d.kind {
                    super::state::DecisionKind::Discard => 0,
                    super::state::DecisionKind::Temple => 1,
                    super::state::DecisionKind::Pay => 2,
                }),
                3,
            );
            t.one_hot(d.map(|d| d.seat), players);
            t.scaled(d.map_or(0, |d| d.remaining), 10.0);
        },
    );
    t.section(
        "offer",
        "the open draft or offer: present; give per suit (H, S, C, D) / 10; get per suit / 10",
        |t| {
            let o = view.offer.as_ref();
            t.flag(o.is_some());
            resources(t, &o.map_or(Resources::NONE, |o| o.give));
            resources(t, &o.map_or(Resources::NONE, |o| o.get));
        },
    );
    t.section(
        "bank",
        "bank per suit / 10; draw pile size / 20; discard pile: one flag per card (suit × 10 + rank) (40)",
        |t| {
            resources(t, &view.bank);
            t.scaled(view.draw_pile_size, 20.0);
            card_set(t, &view.discard_pile);
        },
    );
    for p in view.players.iter().take(players) {
        t.section(
            format!("player[{}]", p.seat),
            "per seat: resources per suit / 10; territory cards held / 10; points / 15; homeless turns / 2; supply per building type / its pieces (6); cards of its hand known to all (40 flags); its whole hand (40 flags, only in its own view)",
            |t| {
                resources(t, &p.resources);
                t.scaled(p.territory_count, 10.0);
                t.scaled(p.points, f64::from(WINNING_POINTS));
                t.scaled(p.homeless, 2.0);
                for k in Kind::ALL {
                    t.scaled(p.supply.get(k), f64::from(k.pieces()));
                }
                card_set(t, &p.known_cards);
                card_set(t, p.hand.as_deref().unwrap_or(&[]));
            },
        );
    }
    let cells = CELL_COLUMNS * CELL_ROWS;
    t.section(
        "grid",
        "per cell of the 45 × 44 window, row-major ((r + 20) × 45 + (c + 20)): card present; suit one-hot (4); rank / 9; legal growth cell (GEO-6) — 7 planes of 1980, plane-major",
        |t| {
            t.planes(cells * 7, |planes| {
                for (cell, card) in &view.grid {
                    let i = cell_index(*cell);
                    planes[i] = 1.0;
                    planes[cells * (1 + card.suit().index()) + i] = 1.0;
                    planes[cells * 5 + i] = (f64::from(card.rank()) / 9.0) as f32;
                }
                for cell in &view.growth_cells {
                    planes[cells * 6 + cell_index(*cell)] = 1.0;
                }
            })
        },
    );
    let points = POINT_COLUMNS * POINT_ROWS;
    t.section(
        "buildings",
        "per intersection of the 46 × 45 window ((y + 20) × 46 + (x + 20)), one plane per seat: (building type + 1) / 6 (town 1/6 … capital 1), 0 = none; then a plane of intersections (GEO-2)",
        |t| {
            t.planes(points * (players + 1), |planes| {
                for (p, b) in &view.buildings {
                    if b.owner < players {
                        planes[points * b.owner + point_index(*p)] =
                            ((b.kind.index() + 1) as f64 / 6.0) as f32;
                    }
                }
                for p in &view.intersections {
                    planes[points * players + point_index(*p)] = 1.0;
                }
            })
        },
    );
}
