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
    pub fn around(self) -> impl Iterator<Item = Cell> + Clone {
        [(-1, -1), (0, -1), (-1, 0), (0, 0)]
            .into_iter()
            .filter_map(move |(dc, dr)| Cell::new(self.x, self.y).offset(dc, dr))
    }
}

/// The grid: a map from cell to its face-up card (GEO-1).
pub type Grid = BTreeMap<Cell, Card>;

/// The cards a building at `p` touches, with their cells (GEO-3), row-major.
pub fn touching(grid: &Grid, p: Point) -> Vec<(Cell, Card)> {
    touching_cards(grid, p).collect()
}

/// [`touching`] without a list (production asks for every building on every
/// roll): the same cards in the same order.
pub fn touching_cards(grid: &Grid, p: Point) -> impl Iterator<Item = (Cell, Card)> + Clone + '_ {
    p.around()
        .filter_map(|cell| grid.get(&cell).map(|card| (cell, *card)))
}

/// GEO-2: `p` exists iff at least one of its four cells is in the grid.
pub fn is_intersection(grid: &Grid, p: Point) -> bool {
    p.around().any(|cell| grid.contains_key(&cell))
}

/// All intersections, ordered by `y` then `x` (GEO-2, GEO-8).
pub fn intersections(grid: &Grid) -> BTreeSet<Point> {
    grid.keys().flat_map(|cell| cell.corners()).collect()
}

/// The grid's cells as a dense table over their bounding box, one cell of
/// margin on every side: the lists below scan it row-major, which is the
/// order of GEO-8, instead of collecting, sorting and deduplicating the
/// corners or neighbours of every card (the legal-action generator asks on
/// every call).
struct Occupancy {
    /// The cell of the table's first entry (the margin's corner).
    c0: i32,
    r0: i32,
    columns: i32,
    rows: i32,
    cells: Vec<bool>,
}

impl Occupancy {
    fn new(grid: &Grid) -> Self {
        let (mut c_min, mut c_max, mut r_min, mut r_max) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for cell in grid.keys() {
            c_min = c_min.min(i32::from(cell.c));
            c_max = c_max.max(i32::from(cell.c));
            r_min = r_min.min(i32::from(cell.r));
            r_max = r_max.max(i32::from(cell.r));
        }
        if grid.is_empty() {
            return Occupancy {
                c0: 0,
                r0: 0,
                columns: 0,
                rows: 0,
                cells: Vec::new(),
            };
        }
        let (c0, r0) = (c_min - 1, r_min - 1);
        let (columns, rows) = (c_max - c_min + 3, r_max - r_min + 3);
        let mut cells = vec![false; (columns * rows) as usize];
        for cell in grid.keys() {
            let i = (i32::from(cell.r) - r0) * columns + (i32::from(cell.c) - c0);
            cells[i as usize] = true;
        }
        Occupancy {
            c0,
            r0,
            columns,
            rows,
            cells,
        }
    }

    /// Whether the table's entry `(i, j)` (column, row) holds a card;
    /// entries outside the table hold none.
    fn at(&self, i: i32, j: i32) -> bool {
        (0..self.columns).contains(&i)
            && (0..self.rows).contains(&j)
            && self.cells[(j * self.columns + i) as usize]
    }

    /// The cell or point at table entry `(i, j)`, if it fits `i16`.
    fn coordinates(&self, i: i32, j: i32) -> Option<(i16, i16)> {
        Some((
            i16::try_from(self.c0 + i).ok()?,
            i16::try_from(self.r0 + j).ok()?,
        ))
    }
}

/// [`intersections`] as a sorted vector: the same points in the same order,
/// without building a tree (the legal-action generator asks on every call).
/// Point `(x,y)` is a corner of cells `(x-1..=x, y-1..=y)` (GEO-2).
pub fn intersection_list(grid: &Grid) -> Vec<Point> {
    let occ = Occupancy::new(grid);
    let mut points = Vec::new();
    for j in 1..occ.rows {
        for i in 1..occ.columns {
            let corner_of_a_card =
                occ.at(i - 1, j - 1) || occ.at(i, j - 1) || occ.at(i - 1, j) || occ.at(i, j);
            if corner_of_a_card && let Some((x, y)) = occ.coordinates(i, j) {
                points.push(Point { x, y });
            }
        }
    }
    points
}

/// [`growth_cells`] as a sorted vector (same cells, same order): the empty
/// cells sharing an edge with a card (GEO-6).
pub fn growth_cell_list(grid: &Grid) -> Vec<Cell> {
    let occ = Occupancy::new(grid);
    let mut cells = Vec::new();
    for j in 0..occ.rows {
        for i in 0..occ.columns {
            let grows = !occ.at(i, j)
                && (occ.at(i - 1, j) || occ.at(i + 1, j) || occ.at(i, j - 1) || occ.at(i, j + 1));
            if grows && let Some((c, r)) = occ.coordinates(i, j) {
                cells.push(Cell { c, r });
            }
        }
    }
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
