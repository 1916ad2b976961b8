//! The Alexander move: empty spaces (AX-4), target sets (AX-5) and the
//! choices of AX-6 … AX-14, AX-38, AX-41.

use super::board::{Point, Space, board};
use super::card::Symbol;
use super::geometry::{IndexSet, SpaceSet, distance, nearest_set, route_step_iter};
use super::state::{Slot, State};

/// AX-4: no wall on its sides, no guard, Alexander not on a corner.
pub fn is_empty(state: &State, s: Space) -> bool {
    // The board's entry for the space read once for corners and sides:
    // target sets ask this of every space of a symbol.
    let space = &board().spaces[s.index()];
    state.guard(s).is_none()
        && !space.corners.contains(&state.alexander)
        && space.sides.iter().all(|side| state.wall(*side).is_none())
}

/// Every space of a symbol, in board order.
pub fn symbol_spaces(symbol: Symbol) -> impl Iterator<Item = Space> {
    board().symbol_spaces(symbol).iter().copied()
}

/// AX-5: the empty σ-spaces nearest to Alexander; empty if σ has no target set.
pub fn target_set(state: &State, symbol: Symbol) -> Vec<Space> {
    targets(state, symbol).to_vec()
}

/// [`target_set`] kept in place (no list): the generator and `apply` ask
/// for it on every destination choice.
pub fn targets(state: &State, symbol: Symbol) -> SpaceSet {
    nearest_set(state.alexander, symbol_spaces(symbol), |s| {
        is_empty(state, s)
    })
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
pub fn offered_slots(state: &State) -> impl Iterator<Item = (Slot, Symbol)> {
    // Asked on every listing of the move's source and of the action phase:
    // two fixed places, no list.
    let [a, b] = state.display;
    let second = b.filter(|b| Some(*b) != a);
    [a.map(|a| (Slot::One, a)), second.map(|b| (Slot::Two, b))]
        .into_iter()
        .flatten()
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
    destination_set(state, symbol).iter().map(Point).collect()
}

/// [`destinations`] as a set of points (read in board order), for the
/// generator: the corners of the (few) target spaces, each once, without
/// a pass over every point, a list or a sort.
pub fn destination_set(state: &State, symbol: Symbol) -> IndexSet {
    let mut set = IndexSet::default();
    for s in targets(state, symbol).iter() {
        for corner in s.corners() {
            set.insert(corner.0);
        }
    }
    set
}

/// AX-9: whether `point` is one of [`destinations`], without the list.
pub fn is_destination(state: &State, symbol: Symbol, point: Point) -> bool {
    targets(state, symbol)
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

/// AX-5 and AX-9 from the definitions, with lists: the empty σ-spaces, those
/// at the smallest distance, their corners sorted and deduplicated. The
/// plain version of [`destinations`] (and of the in-place target set
/// behind it), which the tests compare with it.
#[cfg(test)]
pub fn destinations_plain(state: &State, symbol: Symbol) -> Vec<Point> {
    use super::geometry::space_distance;
    let empty: Vec<Space> = symbol_spaces(symbol)
        .filter(|s| is_empty(state, *s))
        .collect();
    let best = empty
        .iter()
        .map(|s| space_distance(state.alexander, *s))
        .min();
    let mut out: Vec<Point> = empty
        .iter()
        .filter(|s| Some(space_distance(state.alexander, **s)) == best)
        .flat_map(|s| s.corners())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// AX-38: the points one side closer to the destination.
pub fn steps(state: &State, destination: Point) -> Vec<Point> {
    step_iter(state, destination).collect()
}

/// [`steps`] without a list, for the generator (one per step of a route).
pub fn step_iter(state: &State, destination: Point) -> impl Iterator<Item = Point> {
    route_step_iter(state.alexander, destination).map(|(q, _)| q)
}

/// The start point (S-2).
pub fn start_point() -> Point {
    board().start
}
