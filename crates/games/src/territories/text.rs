//! A plain-text picture of the board for `GameSnapshot.text`: the grid with
//! its cards, the intersections with their buildings (chess letters, White =
//! seat 0 upper case, Black = seat 1 lower case: P town, R fort, N barracks,
//! B temple, Q palace, K capital; `+` an empty intersection), then the bank,
//! the piles, both players and the step the game waits for. Hidden cards are
//! shown only to their owner.

use std::fmt::Write as _;

use super::actions::seat_to_act;
use super::events::item_text;
use super::grid::{Cell, Point};
use super::state::{Phase, State};
use super::view::step_of;
use satrap_engine::Seat;

/// Width of one column of the picture.
const W: usize = 5;

pub fn render(state: &State, viewer: Option<Seat>) -> String {
    let mut out = String::new();
    let (mut cmin, mut cmax, mut rmin, mut rmax) = (i16::MAX, i16::MIN, i16::MAX, i16::MIN);
    for cell in state.grid.keys() {
        cmin = cmin.min(cell.c);
        cmax = cmax.max(cell.c);
        rmin = rmin.min(cell.r);
        rmax = rmax.max(cell.r);
    }
    let _ = writeln!(
        out,
        "Territories | turn {} | P1 = seat {} | {} to act: {:?}",
        state.turn,
        state.p1,
        seat_to_act(state).map_or("nobody".to_owned(), |s| format!("seat {s}")),
        step_of(&state.phase)
    );
    if cmin <= cmax {
        let mut header = String::from("      ");
        for x in cmin..=cmax + 1 {
            let _ = write!(header, "{:<W$}", format!("x{x}"));
        }
        let _ = writeln!(out, "{}", header.trim_end());
        for y in rmin..=rmax + 1 {
            // Intersection line: points (x,y) and horizontal edges.
            let mut line = format!("{:<6}", format!("y{y}"));
            for x in cmin..=cmax + 1 {
                let p = Point::new(x, y);
                let exists = p.around().any(|c| state.grid.contains_key(&c));
                let mark = match state.building(p) {
                    Some(b) if b.owner == 0 => b.kind.symbol(),
                    Some(b) => b.kind.symbol().to_ascii_lowercase(),
                    None if exists => '+',
                    None => ' ',
                };
                let edge = state.grid.contains_key(&Cell::new(x, y - 1))
                    || state.grid.contains_key(&Cell::new(x, y));
                line.push(mark);
                line.push_str(if edge && x <= cmax { "----" } else { "    " });
            }
            let _ = writeln!(out, "{}", line.trim_end());
            if y > rmax {
                break;
            }
            // Cell line: vertical edges and the cards of row r = y.
            let mut line = format!("{:<6}", format!("r{y}"));
            for x in cmin..=cmax + 1 {
                let edge = state.grid.contains_key(&Cell::new(x - 1, y))
                    || state.grid.contains_key(&Cell::new(x, y));
                line.push(if edge { '|' } else { ' ' });
                let card = state
                    .grid
                    .get(&Cell::new(x, y))
                    .map_or(String::new(), |c| c.to_string());
                let _ = write!(line, "{:^4}", card);
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    let _ = writeln!(
        out,
        "Bank {} | draw pile {} | discard pile [{}]",
        state.bank,
        state.draw_pile.len(),
        join(state.discard_pile.iter().map(|c| c.to_string()))
    );
    for seat in 0..2 {
        let p = state.player(seat);
        let hand = if viewer == Some(seat) {
            format!(
                "hand [{}]",
                join(p.territories.iter().map(|c| c.to_string()))
            )
        } else {
            format!(
                "{} territory cards, known [{}]",
                p.territories.len(),
                join(p.known.iter().map(|c| c.to_string()))
            )
        };
        let supply = super::pieces::Kind::ALL
            .iter()
            .map(|k| format!("{}{}", k.symbol(), p.supply.get(*k)))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            out,
            "{} seat {} ({}): {} points | {} | {} | supply {} | homeless {}",
            if seat == state.active { '>' } else { ' ' },
            seat,
            if seat == 0 { "White" } else { "Black" },
            state.points(seat),
            p.resources,
            hand,
            supply,
            p.homeless
        );
    }
    let mut status = Vec::new();
    if let Some((a, b)) = state.last_roll {
        status.push(format!("last roll {a}+{b}={}", a + b));
    }
    status.push(format!("offers {}/3", state.offers_made));
    let used: Vec<&str> = super::pieces::Ability::ALL
        .iter()
        .filter(|a| state.abilities_used[a.index()])
        .map(|a| a.name())
        .collect();
    if !used.is_empty() {
        status.push(format!("used {}", used.join(",")));
    }
    match &state.phase {
        Phase::Deciding { decision, .. } => status.push(format!(
            "{:?} of seat {}: {} left{}",
            decision.kind,
            decision.seat,
            decision.remaining,
            decision
                .last
                .map_or(String::new(), |l| format!(", last {}", item_text(&l)))
        )),
        Phase::Draft(o) => status.push(format!(
            "draft give {} get {}",
            o.give.letters(),
            o.get.letters()
        )),
        Phase::Offered(o) => status.push(format!(
            "offer give {} get {}",
            o.give.letters(),
            o.get.letters()
        )),
        _ => {}
    }
    if let Some(r) = state.result {
        status.push(format!(
            "over ({}): {}",
            r.ending.name(),
            r.winner.map_or("draw".into(), |w| format!("seat {w} wins"))
        ));
    }
    let _ = writeln!(out, "{}", status.join(" | "));
    out
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(" ")
}
