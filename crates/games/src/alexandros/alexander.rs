//! The Alexander move: empty spaces (AX-4), target sets (AX-5) and the
//! choices of AX-6 … AX-14, AX-38, AX-41.

use super::board::{Point, Space, board};
use super::card::Symbol;
use super::geometry::{distance, nearest, route_steps};
use super::state::{Slot, State};

/// AX-4: no wall on its sides, no guard, Alexander not on a corner.
pub fn is_empty(state: &State, s: Space) -> bool {
    state.guard(s).is_none()
        && !s.corners().contains(&state.alexander)
        && s.sides().iter().all(|side| state.wall(*side).is_none())
}

/// Every space of a symbol, in board order.
pub fn symbol_spaces(symbol: Symbol) -> impl Iterator<Item = Space> {
    board().symbol_spaces(symbol).iter().copied()
}

/// AX-5: the empty σ-spaces nearest to Alexander; empty if σ has no target set.
pub fn target_set(state: &State, symbol: Symbol) -> Vec<Space> {
    nearest(
        state.alexander,
        symbol_spaces(symbol).filter(|s| is_empty(state, *s)),
    )
}

/// AX-5: whether `symbol` has a target set ([`target_set`] is not empty:
/// the nearest of any empty σ-spaces), without the list.
pub fn has_target(state: &State, symbol: Symbol) -> bool {
    symbol_spaces(symbol).any(|s| is_empty(state, s))
}

/// AX-5: which symbols have a target set, by symbol index.
pub fn has_targets(state: &State) -> [bool; 5] {
    Symbol::ALL.map(|sym| has_target(state, sym))
}

/// AX-41: the display slots that may be chosen (slot 2 only if it holds a
/// card different from slot 1's).
pub fn offered_slots(state: &State) -> Vec<(Slot, Symbol)> {
    let [a, b] = state.display;
    let mut out = Vec::new();
    if let Some(a) = a {
        out.push((Slot::One, a));
    }
    if let Some(b) = b
        && Some(b) != a
    {
        out.push((Slot::Two, b));
    }
    out
}

/// AX-14: no Alexander move is possible (both slots empty and no hand card
/// with a target set).
pub fn no_move_possible(state: &State) -> bool {
    if state.display.iter().any(|c| c.is_some()) {
        return false;
    }
    let targets = has_targets(state);
    let hand = state.seats[state.current].hand;
    !Symbol::ALL
        .iter()
        .any(|s| hand.get(*s) > 0 && targets[s.index()])
}

/// AX-9: the destination points for a symbol: every corner of every space of
/// its target set, in board order (each once).
pub fn destinations(state: &State, symbol: Symbol) -> Vec<Point> {
    // Points are numbered by a `u8`: a table of 256 marks gives them in
    // board order without sorting.
    let mut corner = [false; 256];
    for s in target_set(state, symbol) {
        for c in s.corners() {
            corner[c.index()] = true;
        }
    }
    (0..=u8::MAX)
        .filter(|i| corner[usize::from(*i)])
        .map(Point)
        .collect()
}

/// AX-9: whether `point` is one of [`destinations`], without the list.
pub fn is_destination(state: &State, symbol: Symbol, point: Point) -> bool {
    target_set(state, symbol)
        .iter()
        .any(|s| s.corners().contains(&point))
}

/// AX-38: whether `to` is one of [`steps`], without the list.
pub fn is_step(state: &State, destination: Point, to: Point) -> bool {
    let d = distance(state.alexander, destination);
    d > 0
        && state.alexander.neighbours().iter().any(|(q, _)| *q == to)
        && distance(to, destination) + 1 == d
}

/// AX-9 as first written (the corners listed, sorted and deduplicated):
/// the plain version of [`destinations`], which the tests compare with it.
#[cfg(test)]
pub fn destinations_plain(state: &State, symbol: Symbol) -> Vec<Point> {
    let mut out: Vec<Point> = target_set(state, symbol)
        .iter()
        .flat_map(|s| s.corners())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// AX-38: the points one side closer to the destination.
pub fn steps(state: &State, destination: Point) -> Vec<Point> {
    route_steps(state.alexander, destination)
        .into_iter()
        .map(|(q, _)| q)
        .collect()
}

/// The start point (S-2).
pub fn start_point() -> Point {
    board().start
}
