//! Geometry on the board data: distances (AX-3), nearest spaces (AX-5),
//! shortest-route steps (AX-10, AX-38) and provinces (section 0, AX-11).
//!
//! Everything here is a pure function of the board and a set of walled
//! sides, so it is tested on its own (`geometry_tests` in the tests module).
//! Provinces are recomputed with one flood fill over the 193 spaces when
//! Alexander arrives: that is a few microseconds, cheaper and simpler than
//! maintaining a split-only union structure.

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
    let spaces = &board().spaces;
    let none = Space(u8::MAX);
    let mut anchor = vec![none; spaces.len()];
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
            for side in s.sides() {
                if walled(side) {
                    continue;
                }
                let [a, b] = side.faces();
                let (Some(a), Some(b)) = (a, b) else { continue };
                let other = if a == s { b } else { a };
                if anchor[other.index()] == none {
                    anchor[other.index()] = start;
                    stack.push(other);
                }
            }
        }
    }
    anchor
}

/// AX-11 on arrival, knowing that walls were only added since `labels`
/// (the result of [`provinces`] or of this function for fewer walls) was
/// computed: walls are never taken away, so a province crossed by no new
/// wall keeps its spaces and its anchor, and one that a wall now runs
/// through falls apart into components of its own spaces. Only those
/// provinces are flooded again; the result equals [`provinces`] for all the
/// walls (tested), at a fraction of the cost on a board with many provinces.
pub fn split_provinces(labels: &mut [Space], walled: impl Fn(Side) -> bool) {
    let none = Space(u8::MAX);
    // The provinces with a wall between two of their own spaces.
    let mut split: Vec<Space> = Vec::new();
    for side in Side::all().filter(|s| walled(*s)) {
        let [Some(a), Some(b)] = side.faces() else {
            continue;
        };
        let anchor = labels[a.index()];
        if anchor == labels[b.index()] && !split.contains(&anchor) {
            split.push(anchor);
        }
    }
    let mut stack = Vec::new();
    for old in split {
        let spaces: Vec<Space> = province_spaces(labels, old).collect();
        for s in &spaces {
            labels[s.index()] = none;
        }
        // As in `provinces`: the first unlabelled space in board order is
        // the anchor of its component. Unwalled sides never lead out of the
        // old province, so the flood stays among `spaces`.
        for &start in &spaces {
            if labels[start.index()] != none {
                continue;
            }
            labels[start.index()] = start;
            stack.push(start);
            while let Some(s) = stack.pop() {
                for side in s.sides() {
                    if walled(side) {
                        continue;
                    }
                    let [Some(a), Some(b)] = side.faces() else {
                        continue;
                    };
                    let other = if a == s { b } else { a };
                    if labels[other.index()] == none {
                        labels[other.index()] = start;
                        stack.push(other);
                    }
                }
            }
        }
    }
}

/// The spaces of the province anchored at `anchor`, in board order.
pub fn province_spaces(labels: &[Space], anchor: Space) -> impl Iterator<Item = Space> + '_ {
    // A province's spaces never come before its anchor in board order.
    Space::all()
        .skip(anchor.index())
        .filter(move |s| labels.get(s.index()) == Some(&anchor))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameRng;

    /// AX-11: splitting the provinces after each batch of new walls gives
    /// the same provinces as the full flood fill, for random wall orders
    /// until every inner side is walled.
    #[test]
    fn ax_11_split_provinces_equals_the_full_flood_fill() {
        let inner: Vec<Side> = Side::all().filter(|s| !s.is_border()).collect();
        for seed in 0..20 {
            let mut rng = GameRng::from_seed(seed);
            let mut order = inner.clone();
            rng.shuffle(&mut order);
            let mut walled = vec![false; board().sides.len()];
            let mut labels = provinces(|s| walled[s.index()]);
            let mut placed = 0;
            while placed < order.len() {
                for _ in 0..1 + rng.index(6) {
                    if let Some(side) = order.get(placed) {
                        walled[side.index()] = true;
                        placed += 1;
                    }
                }
                split_provinces(&mut labels, |s| walled[s.index()]);
                assert_eq!(
                    labels,
                    provinces(|s| walled[s.index()]),
                    "seed {seed}, {placed} walls"
                );
            }
        }
    }
}
