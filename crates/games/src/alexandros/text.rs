//! A plain-text picture of the board for `GameSnapshot.text`, in the style of
//! the rules file's picture (section 3.2): `*` points, `@` Alexander, the
//! letter of each space (`o` open), a seat digit beside a guard; walls are
//! drawn `#` (black) and `%` (red) on the sides. Below it the public state
//! and the viewer's own hand.

use std::fmt::Write as _;

use super::board::{Point, Side, Space, board};
use super::state::{Stage, State, WallColour};
use super::view::view;
use satrap_engine::Seat;

const LEFT: usize = 4;

fn col_of_x(x: u8) -> usize {
    LEFT + 4 * usize::from(x)
}

fn wall_char(w: Option<WallColour>, plain: char) -> char {
    match w {
        None => plain,
        Some(WallColour::Black) => '#',
        Some(WallColour::Red) => '%',
    }
}

/// The picture of the board alone.
pub fn picture(state: &State) -> String {
    let rows = board().points.iter().map(|p| p.y).max().unwrap_or(0) as usize;
    let width = col_of_x(board().points.iter().map(|p| p.x).max().unwrap_or(0)) + 3;
    // Lines 2Y: points of row Y; lines 2Y+1: spaces of band Y.
    let mut grid = vec![vec![' '; width]; 2 * rows + 1];
    for y in 0..=rows {
        let label = format!("y{y}");
        for (i, ch) in format!("{label:>3}").chars().enumerate() {
            grid[2 * y][i] = ch;
        }
    }
    for p in Point::all() {
        let (y, x) = p.yx();
        grid[2 * usize::from(y)][col_of_x(x)] = if p == state.alexander { '@' } else { '*' };
    }
    for side in Side::all() {
        let (a, b) = side.ends();
        let ((ya, xa), (_, xb)) = (a.yx(), b.yx());
        let w = state.wall(side);
        if side.is_horizontal() {
            let c0 = col_of_x(xa.min(xb));
            let line = &mut grid[2 * usize::from(ya)];
            for cell in &mut line[c0 + 1..c0 + 8] {
                *cell = wall_char(w, '-');
            }
        } else {
            let c = (col_of_x(xa) + col_of_x(xb)) / 2;
            let plain = if xb < xa { '/' } else { '\\' };
            grid[2 * usize::from(ya) + 1][c] = wall_char(w, plain);
        }
    }
    for s in Space::all() {
        let (r, c) = s.row_col();
        let col = col_of_x(c + 1);
        let line = &mut grid[2 * usize::from(r) + 1];
        line[col] = s.symbol().map_or('o', |sym| sym.letter());
        if let Some(g) = state.guard(s) {
            line[col + 1] = char::from_digit(g as u32, 10).unwrap_or('?');
        }
    }
    let mut out = String::new();
    for line in grid {
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// The whole text: picture, then the state as `viewer` may see it.
pub fn render(state: &State, viewer: Option<Seat>) -> String {
    let v = view(state, viewer);
    let mut out = picture(state);
    let _ = writeln!(
        out,
        "Legend: * point, @ Alexander, o open, T/A/H/L/S symbols, digit = guard of that seat, # black wall, % red wall"
    );
    let _ = writeln!(
        out,
        "Alexandros, {} players | turn {} (limit {}) | Alexander at {} | walls left: black {}, red {}",
        v.players,
        v.turn + u32::from(!state.over()),
        v.turn_limit,
        v.alexander,
        v.black_left,
        v.red_left
    );
    let show = |c: Option<super::card::Symbol>| c.map_or("-".to_string(), |s| s.id().to_string());
    let _ = writeln!(
        out,
        "Display: [{}, {}] | draw pile {} | discard pile {}{}",
        show(v.display[0]),
        show(v.display[1]),
        v.draw_count,
        v.discard.len(),
        v.discard
            .last()
            .map_or(String::new(), |s| format!(" (top {s})"))
    );
    for s in &v.seats {
        let marker = if v.current == Some(s.seat) { '>' } else { ' ' };
        let hand = match s.hand {
            Some(h) => format!("hand {h}"),
            None => format!("hand {} cards", s.hand_count),
        };
        let _ = writeln!(
            out,
            "{marker} seat {} {:<6} score {:>3} | guards in supply {} | tax now {:>2} | {hand}",
            s.seat,
            s.colour.id(),
            s.score,
            s.supply,
            s.tax
        );
    }
    let occupied: Vec<String> = v
        .provinces
        .iter()
        .filter_map(|p| {
            p.owner.map(|o| {
                format!(
                    "{} (seat {o}, {} guard{}, {} spaces, {} open)",
                    p.anchor,
                    p.guards,
                    if p.guards == 1 { "" } else { "s" },
                    p.spaces.len(),
                    p.open_spaces
                )
            })
        })
        .collect();
    let _ = writeln!(
        out,
        "Provinces: {}; occupied: {}",
        v.provinces.len(),
        if occupied.is_empty() {
            "none".to_string()
        } else {
            occupied.join(", ")
        }
    );
    let stage = match &v.stage {
        _ if state.over() => format!(
            "game over ({}), winners {:?}",
            v.ending.map_or("", |e| e.id()),
            v.winners
        ),
        Stage::AlexSource => "choose the Alexander move".to_string(),
        Stage::AlexDestination { symbol, kind } => {
            format!("{} move for {symbol}: choose the destination", kind.id())
        }
        Stage::AlexRoute {
            symbol,
            kind,
            destination,
            ..
        } => format!("{} move for {symbol}: walking to {destination}", kind.id()),
        Stage::Actions => format!(
            "actions ({} of 2 used{})",
            v.actions_used,
            if v.levied { ", levied" } else { "" }
        ),
        Stage::Occupying(o) => format!(
            "{} {}: guards chosen [{}]",
            if o.from.is_some() {
                "taking over"
            } else {
                "occupying"
            },
            o.anchor,
            o.chosen
                .iter()
                .map(|s| s.id())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Stage::Compensating(c) => format!(
            "handing {} more card(s) of {} to seat {}",
            c.owed, c.remaining, c.to
        ),
    };
    let _ = writeln!(
        out,
        "Stage: {}{}",
        stage,
        if v.final_turn { " | FINAL TURN" } else { "" }
    );
    out
}
