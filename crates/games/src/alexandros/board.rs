//! Section 3.2: board A as data. The board file `docs/rules/alexandros-board.json`
//! is embedded at build time (one source of truth) and parsed once into
//! index-based tables: spaces, points and sides with their ids, plus the
//! static point distances of AX-3 (walls never block, D-4).
//!
//! No other code names a space, point or side: everything goes through here.

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use serde::Deserialize;

use super::card::Symbol;

/// The most symbol spaces a board may have (the board has 80): the action
/// phase's scan of the provinces keeps their facts in an array this long
/// (`occupation::SymbolScan`).
pub const MAX_SYMBOL_SPACES: usize = 80;

/// The board data embedded in the binary.
pub const BOARD_JSON: &str = include_str!("../../../../docs/rules/alexandros-board.json");

/// A space (triangle), by its position in the board's `spaces[]` list, which
/// is board order (section 0).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Space(pub(crate) u8);

/// A point (corner of the grid), by its position in `vertices[]`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub(crate) u8);

/// A side (segment between two points), by its position in `edges[]`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side(pub(crate) u16);

macro_rules! board_id {
    ($t:ident, $table:ident, $lookup:ident, $raw:ty) => {
        impl $t {
            /// The element at `index` of its board list.
            pub fn from_index(index: usize) -> Option<$t> {
                (index < board().$table.len()).then(|| $t(index as $raw))
            }
            /// Position in its board list.
            pub fn index(self) -> usize {
                self.0 as usize
            }
            /// Its id in the board file.
            pub fn id(self) -> &'static str {
                &board().$table[self.index()].id
            }
            /// The element with this id (case ignored).
            pub fn from_id(text: &str) -> Option<$t> {
                board()
                    .$lookup
                    .get(&text.to_ascii_lowercase())
                    .map(|i| $t(*i as $raw))
            }
            /// All of them in board order.
            pub fn all() -> impl Iterator<Item = $t> {
                (0..board().$table.len()).map(|i| $t(i as $raw))
            }
        }
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.id())
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.id())
            }
        }
    };
}

board_id!(Space, spaces, space_ids, u8);
board_id!(Point, points, point_ids, u8);
board_id!(Side, sides, side_ids, u16);

impl Space {
    /// The symbol on the space (`None`: an open space).
    pub fn symbol(self) -> Option<Symbol> {
        board().spaces[self.index()].symbol
    }
    /// Band (row) and column (section 3.2).
    pub fn row_col(self) -> (u8, u8) {
        let s = &board().spaces[self.index()];
        (s.row, s.col)
    }
    /// Whether it points up (`A`).
    pub fn points_up(self) -> bool {
        let (r, c) = self.row_col();
        (i32::from(c) - i32::from(r)) % 2 == 0
    }
    /// The three corners.
    pub fn corners(self) -> [Point; 3] {
        board().spaces[self.index()].corners
    }
    /// The three sides.
    pub fn sides(self) -> [Side; 3] {
        board().spaces[self.index()].sides
    }
}

impl Point {
    /// Point row `Y` and doubled column `X` (section 3.2).
    pub fn yx(self) -> (u8, u8) {
        let p = &board().points[self.index()];
        (p.y, p.x)
    }
    /// Neighbouring points and the side leading to each, in board order.
    pub fn neighbours(self) -> &'static [(Point, Side)] {
        &board().points[self.index()].neighbours
    }
    /// Spaces having this point as a corner.
    pub fn spaces(self) -> &'static [Space] {
        &board().points[self.index()].spaces
    }
}

impl Side {
    /// Its two points, the smaller `(Y, X)` first.
    pub fn ends(self) -> (Point, Point) {
        let s = &board().sides[self.index()];
        (s.a, s.b)
    }
    /// True for coast and board-edge sides (one land space, D-2).
    pub fn is_border(self) -> bool {
        board().sides[self.index()].faces[1].is_none()
    }
    /// The spaces on its two sides (border sides have only the first).
    pub fn faces(self) -> [Option<Space>; 2] {
        board().sides[self.index()].faces
    }
    /// Whether it is horizontal.
    pub fn is_horizontal(self) -> bool {
        board().sides[self.index()].horizontal
    }
}

/// One space of the parsed board.
#[derive(Debug, Clone)]
pub struct SpaceData {
    pub id: String,
    pub row: u8,
    pub col: u8,
    pub symbol: Option<Symbol>,
    pub corners: [Point; 3],
    pub sides: [Side; 3],
}

/// One point of the parsed board.
#[derive(Debug, Clone)]
pub struct PointData {
    pub id: String,
    pub y: u8,
    pub x: u8,
    pub neighbours: Vec<(Point, Side)>,
    pub spaces: Vec<Space>,
}

/// One side of the parsed board. `faces[0]` is always a space; `faces[1]`
/// is `None` for a border side.
#[derive(Debug, Clone)]
pub struct SideData {
    pub id: String,
    pub a: Point,
    pub b: Point,
    pub horizontal: bool,
    pub faces: [Option<Space>; 2],
}

/// The constants of the board file (section 2).
#[derive(Debug, Clone, Deserialize)]
pub struct Constants {
    pub players_min: usize,
    pub players_max: usize,
    pub guards_per_player: u8,
    pub cards_per_symbol: u8,
    pub cards_total: usize,
    pub black_walls: u8,
    pub red_walls: u8,
    pub face_up_cards: usize,
    pub starting_hand: usize,
    pub actions_per_turn: u8,
    pub end_score: u32,
}

/// The parsed board.
#[derive(Debug, Clone)]
pub struct Board {
    /// Name of the board.
    pub name: String,
    pub constants: Constants,
    pub spaces: Vec<SpaceData>,
    pub points: Vec<PointData>,
    pub sides: Vec<SideData>,
    /// Alexander's start point (S-2).
    pub start: Point,
    /// The map rows of section 3.2 (for the text picture).
    pub map_rows: Vec<String>,
    /// AX-3: `dist[a * n + b]` = sides between points `a` and `b`.
    dist: Vec<u8>,
    /// AX-3: `space_dist[p * m + s]` = the distance from point `p` to space
    /// `s` (to its nearest corner), for Alexander's target sets (AX-5),
    /// which ask it of every empty space of a symbol.
    space_dist: Vec<u8>,
    /// The spaces of each symbol in board order (AX-5 looks only at these).
    by_symbol: [Vec<Space>; 5],
    /// Every space with a symbol, in board order: guards stand only on
    /// these and only these count for occupation (AX-18 … AX-24), so the
    /// occupation rules scan them instead of all 193 spaces.
    with_symbol: Vec<Space>,
    /// Per space, its inner sides and the space across each (section 0).
    across: Vec<Vec<(Side, Space)>>,
    space_ids: HashMap<String, usize>,
    point_ids: HashMap<String, usize>,
    side_ids: HashMap<String, usize>,
}

impl Board {
    /// AX-3 / D-4: the distance between two points (walls ignored).
    pub fn distance(&self, a: Point, b: Point) -> u8 {
        self.dist[a.index() * self.points.len() + b.index()]
    }

    /// AX-3: the distance from a point to a space (to its nearest corner).
    pub fn space_distance(&self, p: Point, s: Space) -> u8 {
        self.space_dist[p.index() * self.spaces.len() + s.index()]
    }

    /// The spaces showing `symbol`, in board order.
    pub fn symbol_spaces(&self, symbol: Symbol) -> &[Space] {
        &self.by_symbol[symbol.index()]
    }

    /// The spaces showing any symbol, in board order.
    pub fn spaces_with_symbol(&self) -> &[Space] {
        &self.with_symbol
    }

    /// The inner sides of `space` (border sides left out), each with the
    /// space on its other side, in the order of the space's sides.
    pub fn across(&self, space: Space) -> &[(Side, Space)] {
        &self.across[space.index()]
    }
}

/// The board (parsed from [`BOARD_JSON`] on first use).
pub fn board() -> &'static Board {
    static BOARD: LazyLock<Board> = LazyLock::new(|| {
        // The file is part of the source and checked by the geometry tests,
        // so this cannot fail at run time for any client input.
        parse_board(BOARD_JSON)
            .unwrap_or_else(|e| panic!("embedded alexandros-board.json is invalid: {e}"))
    });
    &BOARD
}

#[derive(Deserialize)]
struct RawSpace {
    id: String,
    row: u8,
    col: u8,
    symbol: Option<String>,
    vertices: [String; 3],
    edges: [String; 3],
}

#[derive(Deserialize)]
struct RawVertex {
    id: String,
    #[serde(rename = "Y")]
    y: u8,
    #[serde(rename = "X")]
    x: u8,
}

#[derive(Deserialize)]
struct RawEdge {
    id: String,
    a: String,
    b: String,
    kind: String,
    faces: HashMap<String, Option<String>>,
}

#[derive(Deserialize)]
struct RawBoard {
    name: String,
    start_vertex: String,
    constants: Constants,
    symbols: Vec<String>,
    map_rows: Vec<String>,
    spaces: Vec<RawSpace>,
    vertices: Vec<RawVertex>,
    edges: Vec<RawEdge>,
}

fn index_map<'a>(ids: impl Iterator<Item = &'a String>) -> Result<HashMap<String, usize>, String> {
    let mut map = HashMap::new();
    for (i, id) in ids.enumerate() {
        if map.insert(id.to_ascii_lowercase(), i).is_some() {
            return Err(format!("id {id} listed twice"));
        }
    }
    Ok(map)
}

/// Parse and index a board file; checks references, sizes and the symbol
/// order. Geometry properties are checked by the geometry tests.
pub fn parse_board(json: &str) -> Result<Board, String> {
    let raw: RawBoard = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let wanted: Vec<&str> = Symbol::ALL.iter().map(|s| s.id()).collect();
    if raw.symbols != wanted {
        return Err(format!("symbols {:?}, expected {wanted:?}", raw.symbols));
    }
    if raw.spaces.len() > 255 || raw.vertices.len() > 255 || raw.edges.len() > 65535 {
        return Err("board too large for the index types".into());
    }
    let space_ids = index_map(raw.spaces.iter().map(|s| &s.id))?;
    let point_ids = index_map(raw.vertices.iter().map(|v| &v.id))?;
    let side_ids = index_map(raw.edges.iter().map(|e| &e.id))?;
    let point = |id: &str| {
        point_ids
            .get(id)
            .map(|i| Point(*i as u8))
            .ok_or_else(|| format!("unknown point {id}"))
    };
    let side = |id: &str| {
        side_ids
            .get(id)
            .map(|i| Side(*i as u16))
            .ok_or_else(|| format!("unknown side {id}"))
    };
    let space = |id: &str| {
        space_ids
            .get(id)
            .map(|i| Space(*i as u8))
            .ok_or_else(|| format!("unknown space {id}"))
    };
    let mut spaces = Vec::with_capacity(raw.spaces.len());
    for s in &raw.spaces {
        let symbol = match &s.symbol {
            None => None,
            Some(name) => {
                Some(Symbol::from_id(name).ok_or_else(|| format!("unknown symbol {name}"))?)
            }
        };
        spaces.push(SpaceData {
            id: s.id.clone(),
            row: s.row,
            col: s.col,
            symbol,
            corners: [
                point(&s.vertices[0])?,
                point(&s.vertices[1])?,
                point(&s.vertices[2])?,
            ],
            sides: [side(&s.edges[0])?, side(&s.edges[1])?, side(&s.edges[2])?],
        });
    }
    let mut points: Vec<PointData> = raw
        .vertices
        .iter()
        .map(|v| PointData {
            id: v.id.clone(),
            y: v.y,
            x: v.x,
            neighbours: Vec::new(),
            spaces: Vec::new(),
        })
        .collect();
    let mut sides = Vec::with_capacity(raw.edges.len());
    for (i, e) in raw.edges.iter().enumerate() {
        let (a, b) = (point(&e.a)?, point(&e.b)?);
        let mut faces: Vec<Space> = Vec::new();
        for f in e.faces.values().flatten() {
            faces.push(space(f)?);
        }
        faces.sort();
        if faces.is_empty() || faces.len() > 2 {
            return Err(format!("side {} has {} faces", e.id, faces.len()));
        }
        let s = Side(i as u16);
        points[a.index()].neighbours.push((b, s));
        points[b.index()].neighbours.push((a, s));
        sides.push(SideData {
            id: e.id.clone(),
            a,
            b,
            horizontal: e.kind == "H",
            faces: [faces.first().copied(), faces.get(1).copied()],
        });
    }
    for (i, s) in spaces.iter().enumerate() {
        for c in s.corners {
            points[c.index()].spaces.push(Space(i as u8));
        }
    }
    for p in &mut points {
        p.neighbours.sort();
        p.spaces.sort();
    }
    // AX-3: all-pairs distances by one BFS per point (130 points).
    let n = points.len();
    let mut dist = vec![u8::MAX; n * n];
    for from in 0..n {
        let row = &mut dist[from * n..(from + 1) * n];
        row[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            for (q, _) in &points[p].neighbours {
                if row[q.index()] == u8::MAX {
                    row[q.index()] = row[p] + 1;
                    queue.push_back(q.index());
                }
            }
        }
    }
    if dist.contains(&u8::MAX) {
        return Err("the point graph is not connected".into());
    }
    let space_dist = (0..n)
        .flat_map(|p| {
            let dist = &dist;
            spaces.iter().map(move |space| {
                space
                    .corners
                    .iter()
                    .map(|c| dist[p * n + c.index()])
                    .min()
                    .unwrap_or(u8::MAX)
            })
        })
        .collect();
    let start = point(&raw.start_vertex)?;
    let by_symbol = Symbol::ALL.map(|sym| {
        (0..spaces.len())
            .filter(|i| spaces[*i].symbol == Some(sym))
            .map(|i| Space(i as u8))
            .collect()
    });
    let with_symbol: Vec<Space> = (0..spaces.len())
        .filter(|i| spaces[*i].symbol.is_some())
        .map(|i| Space(i as u8))
        .collect();
    if with_symbol.len() > MAX_SYMBOL_SPACES {
        return Err(format!(
            "{} symbol spaces, at most {MAX_SYMBOL_SPACES} supported",
            with_symbol.len()
        ));
    }
    let across = (0..spaces.len())
        .map(|i| {
            spaces[i]
                .sides
                .iter()
                .filter_map(|side| match sides[side.index()].faces {
                    [Some(a), Some(b)] => Some((*side, if a.index() == i { b } else { a })),
                    _ => None,
                })
                .collect()
        })
        .collect();
    Ok(Board {
        by_symbol,
        with_symbol,
        across,
        name: raw.name,
        constants: raw.constants,
        spaces,
        points,
        sides,
        start,
        map_rows: raw.map_rows,
        dist,
        space_dist,
        space_ids,
        point_ids,
        side_ids,
    })
}
