//! Geometry on the board data: distances (AX-3), nearest spaces (AX-5),
//! shortest-route steps (AX-10, AX-38) and provinces (section 0, AX-11).
//!
//! Everything here is a pure function of the board and a set of walled
//! sides, so it is tested on its own (`geometry_tests` in the tests module).
//! Provinces are recomputed with one flood fill over the 193 spaces when
//! Alexander arrives, through a table of the inner sides of each space
//! ([`super::board::Board::across`]): about a microsecond, cheaper and
//! simpler than maintaining a split-only union structure (a wall may also
//! leave a province whole, so new walls alone do not tell what split).

use super::board::{Point, Side, Space, board};

/// AX-3: the distance between two points (walls never block, D-4).
pub fn distance(a: Point, b: Point) -> u8 {
    board().distance(a, b)
}

/// AX-3: the distance from a point to a space: to its nearest corner.
pub fn space_distance(p: Point, s: Space) -> u8 {
    s.corners()
        .iter()
        .map(|c| distance(p, *c))
        .min()
        .unwrap_or(u8::MAX)
}

/// AX-5: of `candidates`, those at the smallest distance from `p` (in the
/// order given); empty if there are none.
pub fn nearest(p: Point, candidates: impl Iterator<Item = Space>) -> Vec<Space> {
    let mut best = u8::MAX;
    let mut out = Vec::new();
    for s in candidates {
        let d = space_distance(p, s);
        if d < best {
            best = d;
            out.clear();
        }
        if d == best {
            out.push(s);
        }
    }
    out
}

/// AX-38: the neighbours of `from` that are one side closer to `dest`, with
/// the side leading there, in board order. Empty when `from == dest`.
pub fn route_steps(from: Point, dest: Point) -> Vec<(Point, Side)> {
    let d = distance(from, dest);
    if d == 0 {
        return Vec::new();
    }
    from.neighbours()
        .iter()
        .copied()
        .filter(|(q, _)| distance(*q, dest) + 1 == d)
        .collect()
}

/// Appendix A: the number of shortest routes from `a` to `d` (counted over
/// the route DAG; used by tests and the examples).
pub fn shortest_route_count(a: Point, d: Point) -> u64 {
    fn count(p: Point, d: Point, memo: &mut std::collections::HashMap<Point, u64>) -> u64 {
        if p == d {
            return 1;
        }
        if let Some(c) = memo.get(&p) {
            return *c;
        }
        let c = route_steps(p, d)
            .into_iter()
            .map(|(q, _)| count(q, d, memo))
            .sum();
        memo.insert(p, c);
        c
    }
    count(a, d, &mut std::collections::HashMap::new())
}

/// Section 0 / AX-11: the province of every space, named by its anchor (its
/// first space in board order). Two spaces are in one province when a chain
/// of inner sides without walls links them; border sides and walls separate.
pub fn provinces(walled: impl Fn(Side) -> bool) -> Vec<Space> {
    let board = board();
    let none = Space(u8::MAX);
    let mut anchor = vec![none; board.spaces.len()];
    let mut stack = Vec::new();
    for start in Space::all() {
        if anchor[start.index()] != none {
            continue;
        }
        // `start` is the first unlabelled space in board order, hence the
        // smallest space of its component: the anchor.
        anchor[start.index()] = start;
        stack.push(start);
        while let Some(s) = stack.pop() {
            for &(side, other) in board.across(s) {
                if !walled(side) && anchor[other.index()] == none {
                    anchor[other.index()] = start;
                    stack.push(other);
                }
            }
        }
    }
    anchor
}

/// The spaces of the province anchored at `anchor`, in board order.
pub fn province_spaces(labels: &[Space], anchor: Space) -> impl Iterator<Item = Space> + '_ {
    // A province's spaces never come before its anchor in board order.
    Space::all()
        .skip(anchor.index())
        .filter(move |s| labels.get(s.index()) == Some(&anchor))
}
