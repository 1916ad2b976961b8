//! Observation tensor, written from the viewer's view (section 7):
//! the viewer's own hand is its own; every other hand is only its size, and
//! the draw pile only its size, exactly as the view has them. Layout in
//! `docs/observations.md`.

use super::board::{Point, Side, Space, board};
use super::card::{Cards, Symbol};
use super::state::{Stage, WallColour};
use super::view::View;
use satrap_engine::tensor::Tensor;

const SYMBOLS: usize = 5;
/// Scale of card counts (a hand rarely holds more).
const CARDS: f64 = 10.0;

fn stage_index(stage: &Stage) -> usize {
    match stage {
        Stage::AlexSource => 0,
        Stage::AlexDestination { .. } => 1,
        Stage::AlexRoute { .. } => 2,
        Stage::Actions => 3,
        Stage::Occupying(_) => 4,
        Stage::Compensating(_) => 5,
    }
}

fn cards(t: &mut Tensor, c: &Cards) {
    t.counts(&c.0, CARDS);
}

/// Write `view` for a table of `players`.
pub fn observe(view: &View, players: usize, t: &mut Tensor) {
    // The per-point and per-space planes are most of it.
    t.reserve(2 * Point::all().count() + Space::all().count() * (2 * players + 2) + 256);
    let end_score = f64::from(board().constants.end_score);
    t.section("to_act", "one-hot: the active seat (none once over)", |t| {
        t.one_hot(view.current, players)
    });
    t.section("start_player", "one-hot: the start player", |t| {
        t.one_hot(Some(view.start_player), players)
    });
    t.section(
        "status",
        "turn / turn limit; actions used / 2; levied; final turn; black walls left / 40; red walls left / 40; draw pile size / 40; over",
        |t| {
            t.scaled(view.turn, f64::from(view.turn_limit.max(1)));
            t.scaled(view.actions_used, 2.0);
            t.flag(view.levied);
            t.flag(view.final_turn);
            t.scaled(view.black_left, 40.0);
            t.scaled(view.red_left, 40.0);
            t.scaled(view.draw_count, 40.0);
            t.flag(view.ending.is_some());
        },
    );
    for s in view.seats.iter().take(players) {
        t.section(
            format!("seat[{}]", s.seat),
            "per seat: score / end score; guards in supply / 10; hand size / 10; tax a levy would pay / end score; hand per symbol / 10 (5, only in the seat's own view, else 0)",
            |t| {
                t.scaled(s.score, end_score);
                t.scaled(s.supply, 10.0);
                t.scaled(s.hand_count, CARDS);
                t.scaled(s.tax, end_score);
                cards(t, &s.hand.unwrap_or(Cards::EMPTY));
            },
        );
    }
    t.section(
        "display",
        "per slot: symbol one-hot (temple, amphora, horse, lyre, soldier) (2 × 5)",
        |t| {
            for slot in &view.display {
                t.one_hot(slot.map(Symbol::index), SYMBOLS);
            }
        },
    );
    t.section("discard", "discard pile per symbol / 10", |t| {
        let mut c = Cards::EMPTY;
        for s in &view.discard {
            c.add(*s, 1);
        }
        cards(t, &c);
    });
    t.section(
        "stage",
        "stage one-hot (alex-source, alex-destination, alex-route, actions, occupying, compensating); the Alexander move's symbol one-hot (5)",
        |t| {
            t.one_hot(Some(stage_index(&view.stage)), 6);
            let symbol = match &view.stage {
                Stage::AlexDestination { symbol, .. } | Stage::AlexRoute { symbol, .. } => {
                    Some(symbol.index())
                }
                _ => None,
            };
            t.one_hot(symbol, SYMBOLS);
        },
    );
    let points = Point::all().count();
    t.section("alexander", "one-hot over points: Alexander", |t| {
        t.one_hot(Some(view.alexander.index()), points)
    });
    t.section(
        "destination",
        "one-hot over points: the destination of the route being walked",
        |t| {
            let d = match &view.stage {
                Stage::AlexRoute { destination, .. } => Some(destination.index()),
                _ => None,
            };
            t.one_hot(d, points)
        },
    );
    let sides = Side::all().count();
    t.section(
        "walls",
        "per side: black wall, red wall (sides × 2)",
        |t| {
            t.planes(sides * 2, |w| {
                for (side, colour) in &view.walls {
                    let c = match colour {
                        WallColour::Black => 0,
                        WallColour::Red => 1,
                    };
                    w[side.index() * 2 + c] = 1.0;
                }
            })
        },
    );
    let spaces = Space::all().count();
    t.section(
        "spaces",
        "per space: guard one-hot per seat (players); owner of its province one-hot (players); in a province; anchor of an occupation or take-over in progress",
        |t| {
            // Written in place, one row of `row` values per space.
            let row = 2 * players + 2;
            t.planes(spaces * row, |v| {
                for (s, g) in &view.guards {
                    if *g < players {
                        v[s.index() * row + g] = 1.0;
                    }
                }
                // A space lies in one province at most (`State::province_of`).
                for p in &view.provinces {
                    for s in &p.spaces {
                        let at = s.index() * row;
                        if let Some(o) = p.owner.filter(|o| *o < players) {
                            v[at + players + o] = 1.0;
                        }
                        v[at + 2 * players] = 1.0;
                    }
                }
                let busy = match &view.stage {
                    Stage::Occupying(o) => Some(o.anchor),
                    Stage::Compensating(c) => Some(c.anchor),
                    _ => None,
                };
                if let Some(b) = busy {
                    v[b.index() * row + 2 * players + 1] = 1.0;
                }
            })
        },
    );
}
