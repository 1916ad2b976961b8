//! Geometry of the grid (section 3): cells, intersections, touching, sharing
//! a card, growth cells. Coordinates are `i16`: the grid starts at 5 × 4 and
//! can grow by at most the 20 cards of the draw pile, so they never come near
//! the limits; any neighbour computation that would leave `i16` simply does
//! not exist in the grid (no overflow on client-chosen coordinates).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::cards::Card;

/// Columns and rows of the initial grid (GEO-1).
pub const INITIAL_COLUMNS: i16 = 5;
pub const INITIAL_ROWS: i16 = 4;

/// A cell `(c,r)` where a card lies (GEO-1). Ordered row-major (GEO-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    pub c: i16,
    pub r: i16,
}

/// An intersection `(x,y)` where a building stands (GEO-2). Ordered by `y`
/// then `x` (GEO-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: i16,
    pub y: i16,
}

impl Ord for Cell {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (self.r, self.c).cmp(&(o.r, o.c))
    }
}
impl PartialOrd for Cell {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Point {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (self.y, self.x).cmp(&(o.y, o.x))
    }
}
impl PartialOrd for Point {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.c, self.r)
    }
}
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Cell {
    pub const fn new(c: i16, r: i16) -> Self {
        Cell { c, r }
    }

    fn offset(self, dc: i32, dr: i32) -> Option<Cell> {
        let c = i16::try_from(i32::from(self.c) + dc).ok()?;
        let r = i16::try_from(i32::from(self.r) + dr).ok()?;
        Some(Cell { c, r })
    }

    /// The four edge neighbours (GEO-6).
    pub fn edge_neighbours(self) -> impl Iterator<Item = Cell> {
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(move |(dc, dr)| self.offset(dc, dr))
    }

    /// The four corners `(c,r)`, `(c+1,r)`, `(c,r+1)`, `(c+1,r+1)` (GEO-1).
    pub fn corners(self) -> impl Iterator<Item = Point> {
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let x = i16::try_from(i32::from(self.c) + dx).ok()?;
                let y = i16::try_from(i32::from(self.r) + dy).ok()?;
                Some(Point { x, y })
            })
    }
}

impl Point {
    pub const fn new(x: i16, y: i16) -> Self {
        Point { x, y }
    }

    /// The four cells `(x-1,y-1)`, `(x,y-1)`, `(x-1,y)`, `(x,y)` this point is a
    /// corner of (GEO-2), in row-major order.
    pub fn around(self) -> impl Iterator<Item = Cell> {
        [(-1, -1), (0, -1), (-1, 0), (0, 0)]
            .into_iter()
            .filter_map(move |(dc, dr)| Cell::new(self.x, self.y).offset(dc, dr))
    }
}

/// The grid: a map from cell to its face-up card (GEO-1).
pub type Grid = BTreeMap<Cell, Card>;

/// The cards a building at `p` touches, with their cells (GEO-3), row-major.
pub fn touching(grid: &Grid, p: Point) -> Vec<(Cell, Card)> {
    p.around()
        .filter_map(|cell| grid.get(&cell).map(|card| (cell, *card)))
        .collect()
}

/// GEO-2: `p` exists iff at least one of its four cells is in the grid.
pub fn is_intersection(grid: &Grid, p: Point) -> bool {
    p.around().any(|cell| grid.contains_key(&cell))
}

/// All intersections, ordered by `y` then `x` (GEO-2, GEO-8).
pub fn intersections(grid: &Grid) -> BTreeSet<Point> {
    grid.keys().flat_map(|cell| cell.corners()).collect()
}

/// [`intersections`] as a sorted vector: the same points in the same order,
/// without building a tree (the legal-action generator asks on every call).
pub fn intersection_list(grid: &Grid) -> Vec<Point> {
    let mut points: Vec<Point> = grid.keys().flat_map(|cell| cell.corners()).collect();
    points.sort_unstable();
    points.dedup();
    points
}

/// [`growth_cells`] as a sorted vector (same cells, same order).
pub fn growth_cell_list(grid: &Grid) -> Vec<Cell> {
    let mut cells: Vec<Cell> = grid
        .keys()
        .flat_map(|cell| cell.edge_neighbours())
        .filter(|cell| !grid.contains_key(cell))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// GEO-5: `p` and `q` are different and share at least one grid card.
pub fn share_a_card(grid: &Grid, p: Point, q: Point) -> bool {
    p != q
        && p.around()
            .any(|cell| grid.contains_key(&cell) && q.around().any(|d| d == cell))
}

/// GEO-6: `cell` is empty and shares an edge with a grid cell.
pub fn is_growth_cell(grid: &Grid, cell: Cell) -> bool {
    !grid.contains_key(&cell) && cell.edge_neighbours().any(|n| grid.contains_key(&n))
}

/// Every legal growth cell, row-major (GEO-6, GEO-8).
pub fn growth_cells(grid: &Grid) -> BTreeSet<Cell> {
    grid.keys()
        .flat_map(|cell| cell.edge_neighbours())
        .filter(|cell| !grid.contains_key(cell))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Territories;
    use super::super::setup::Options;
    use super::*;
    use satrap_engine::{Game, GameRng};

    /// GEO-2, GEO-6, GEO-8: the lists hold the sets' elements in the same
    /// order, on the grids of random games (which grow by EXPAND).
    #[test]
    fn geo_8_lists_equal_the_sets() {
        for seed in 0..20 {
            let mut state = Territories::new_game(&Options::default(), 2, seed).expect("setup");
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..400 {
                let grid = &state.grid;
                assert_eq!(intersection_list(grid), Vec::from_iter(intersections(grid)));
                assert_eq!(growth_cell_list(grid), Vec::from_iter(growth_cells(grid)));
                let Some(seat) = Territories::to_act(&state).first().copied() else {
                    break;
                };
                let legal = Territories::legal_actions(&state, seat);
                let action = legal[rng.index(legal.len())];
                Territories::apply(&mut state, seat, &action).expect("legal");
            }
        }
    }
}
