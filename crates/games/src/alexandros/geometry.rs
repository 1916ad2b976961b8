//! Geometry on the board data: distances (AX-3), nearest spaces (AX-5),
//! shortest-route steps (AX-10, AX-38) and provinces (section 0, AX-11).
//!
//! Everything here is a pure function of the board and a set of walled
//! sides, so it is tested on its own (`geometry_tests` in the tests module).
//! Provinces are labelled with one flood fill over the 193 spaces at setup
//! ([`provinces`]), through a table of the inner sides of each space
//! ([`super::board::Board::across`]). When Alexander arrives, only the
//! walls of his route are looked at ([`add_walls`]): walls are never
//! removed, so a new wall either leaves its province whole or splits it in
//! two, and a search from both of its faces at once tells which after
//! visiting no more than the smaller part (or the short way round the end
//! of the wall). The full flood fill was a fifth of a random playout.

use super::board::{Point, Side, Space, board};

/// AX-3: the distance between two points (walls never block, D-4).
pub fn distance(a: Point, b: Point) -> u8 {
    board().distance(a, b)
}

/// AX-3: the distance from a point to a space: to its nearest corner.
pub fn space_distance(p: Point, s: Space) -> u8 {
    board().space_distance(p, s)
}

/// AX-5: of `candidates`, those at the smallest distance from `p` (in the
/// order given); empty if there are none.
pub fn nearest(p: Point, candidates: impl Iterator<Item = Space>) -> Vec<Space> {
    nearest_set(p, candidates, |_| true).to_vec()
}

/// A set of spaces kept in place: spaces are numbered by a `u8`, so 256
/// places hold any set of distinct ones. Alexander's targets (AX-5) are
/// asked for on every listing of his destinations and again by `apply`;
/// this keeps both from allocating.
pub struct SpaceSet {
    spaces: [Space; 256],
    len: usize,
}

/// A set of spaces or points (both numbered by a `u8`) as 256 bits, read
/// in increasing order, so in board order: a set built by insertion needs
/// no sorting, no deduplication and no list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IndexSet([u64; 4]);

impl IndexSet {
    /// Add the member numbered `i` (below 256).
    pub fn insert(&mut self, i: u8) {
        let i = usize::from(i);
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(w, word)| {
            let mut word = *word;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                // Below 256: four words of 64 bits.
                Some((w * 64 + bit) as u8)
            })
        })
    }
}

impl SpaceSet {
    /// No spaces.
    const EMPTY: SpaceSet = SpaceSet {
        spaces: [Space(0); 256],
        len: 0,
    };
}

/// Distinct spaces in the order met (the listing of a province's symbol
/// spaces, asked on every step of an occupation, without a list).
impl FromIterator<Space> for SpaceSet {
    fn from_iter<I: IntoIterator<Item = Space>>(spaces: I) -> Self {
        let mut out = SpaceSet::EMPTY;
        // At most 256 distinct spaces: the rest would be repeats.
        for s in spaces.into_iter().take(256) {
            out.spaces[out.len] = s;
            out.len += 1;
        }
        out
    }
}

impl std::ops::Deref for SpaceSet {
    type Target = [Space];
    fn deref(&self) -> &[Space] {
        &self.spaces[..self.len]
    }
}

/// [`nearest`] of the candidates that pass `keep`, as a [`SpaceSet`],
/// without a list. `keep` is asked only of candidates no farther than the
/// nearest kept so far: Alexander's targets keep the empty spaces, and
/// emptiness (a guard and three walls) costs more than the distance.
pub fn nearest_set(
    p: Point,
    candidates: impl Iterator<Item = Space>,
    keep: impl Fn(Space) -> bool,
) -> SpaceSet {
    // The board once for all candidates.
    let board = board();
    let mut best = u8::MAX;
    let mut out = SpaceSet::EMPTY;
    for s in candidates {
        let d = board.space_distance(p, s);
        if d > best || !keep(s) {
            continue;
        }
        if d < best {
            best = d;
            out.len = 0;
        }
        if d == best && out.len < out.spaces.len() {
            out.spaces[out.len] = s;
            out.len += 1;
        }
    }
    out
}

/// AX-38: the neighbours of `from` that are one side closer to `dest`, with
/// the side leading there, in board order. Empty when `from == dest`.
pub fn route_steps(from: Point, dest: Point) -> Vec<(Point, Side)> {
    route_step_iter(from, dest).collect()
}

/// [`route_steps`] without a list (the generator lists one step of a route
/// per action).
pub fn route_step_iter(from: Point, dest: Point) -> impl Iterator<Item = (Point, Side)> {
    let d = distance(from, dest);
    from.neighbours()
        .iter()
        .copied()
        .filter(move |(q, _)| d > 0 && distance(*q, dest) + 1 == d)
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

/// The spaces showing a symbol of the province anchored at `anchor`, in
/// board order: [`province_spaces`] without the open spaces, from the
/// board's list of symbol spaces (80 of 193) instead of every space.
pub fn province_symbol_spaces(labels: &[Space], anchor: Space) -> impl Iterator<Item = Space> + '_ {
    let list = board().spaces_with_symbol();
    // A province's spaces never come before its anchor in board order.
    let from = list.partition_point(|s| *s < anchor);
    list[from..]
        .iter()
        .copied()
        .filter(move |s| labels.get(s.index()) == Some(&anchor))
}

/// AX-11: the province labels `labels` (those of the board before the
/// walls `new`) brought up to date after the walls `new` were placed, in
/// that order; `walled` tells every wall now, `new` included. Gives the
/// labels [`provinces`] gives for the walls now (the tests compare them).
///
/// Each new wall is taken in turn, on the board as it was right after it
/// was placed (the later ones not yet there), so that before each wall the
/// labels are exactly the provinces of that board: its two faces were in
/// one province (the side between them was open), and either they are
/// still linked or that province falls into exactly two.
pub fn add_walls(labels: &mut [Space], walled: impl Fn(Side) -> bool, new: &[Side]) {
    for (i, side) in new.iter().enumerate() {
        let [Some(a), Some(b)] = side.faces() else {
            // A border side separates nothing that was not separate.
            continue;
        };
        if labels[a.index()] != labels[b.index()] {
            continue;
        }
        let later = &new[i + 1..];
        split(labels, a, b, |s| !walled(s) || later.contains(&s));
    }
}

/// The faces `a` and `b` of a new wall, in one province of `labels`: if no
/// chain of `open` sides links them any more, relabel the province's two
/// parts. A breadth-first search runs from both faces in turn, one space
/// each; the first to run out has found a whole part without meeting the
/// other, the first to reach a space of the other shows that nothing split.
fn split(labels: &mut [Space], a: Space, b: Space, open: impl Fn(Side) -> bool) {
    let board = board();
    // Spaces are numbered by a `u8`: at most 256. `mark` is 0 for a space
    // neither search reached, else 1 + the index of the search.
    let mut mark = [0u8; 256];
    let mut queue = [[Space(0); 256]; 2];
    let (mut head, mut len) = ([0usize; 2], [1usize; 2]);
    queue[0][0] = a;
    queue[1][0] = b;
    mark[a.index()] = 1;
    mark[b.index()] = 2;
    loop {
        for k in 0..2 {
            let own = k as u8 + 1;
            if head[k] == len[k] {
                relabel(labels, &queue[k][..len[k]], &mark, own);
                return;
            }
            let s = queue[k][head[k]];
            head[k] += 1;
            for &(side, other) in board.across(s) {
                if !open(side) {
                    continue;
                }
                match mark[other.index()] {
                    0 => {
                        mark[other.index()] = own;
                        queue[k][len[k]] = other;
                        len[k] += 1;
                    }
                    m if m == own => {}
                    // The two searches met: the faces are still linked.
                    _ => return,
                }
            }
        }
    }
}

/// A province has split into `part` (whole, its spaces marked `own` in
/// `mark`) and the rest: each is labelled by its first space in board order.
fn relabel(labels: &mut [Space], part: &[Space], mark: &[u8; 256], own: u8) {
    let old = labels[part[0].index()];
    if !part.contains(&old) {
        let anchor = part.iter().copied().min().unwrap_or(old);
        for s in part {
            labels[s.index()] = anchor;
        }
        return;
    }
    // The part keeps the old anchor; the rest, all after it in board
    // order, takes its first space.
    let in_rest = |labels: &[Space], i: usize| labels[i] == old && mark[i] != own;
    let Some(first) = (old.index() + 1..labels.len()).find(|i| in_rest(labels, *i)) else {
        return;
    };
    let anchor = Space(first as u8);
    for i in first..labels.len() {
        if in_rest(labels, i) {
            labels[i] = anchor;
        }
    }
}
