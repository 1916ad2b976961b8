//! 2.3: The engine board — the eight provinces, the three home provinces and
//! the adjacency between provinces — kept as data (`board.json`, A-1) and
//! parsed once. No other code names a province.

use std::fmt;
use std::sync::LazyLock;

use serde::Deserialize;

use super::faction::Faction;

/// 2.3: exactly 8 provinces (and 8 boxes on the order track).
pub const PROVINCE_COUNT: usize = 8;

/// The board data embedded in the binary.
pub const BOARD_JSON: &str = include_str!("board.json");

/// A province, by its position in the board's province list (2.3). The list
/// order is the order of the random fill (3.1 step 5) and of listings (KS-30).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Province(u8);

impl Province {
    /// The province at `index` of the province list.
    pub fn from_index(index: usize) -> Option<Province> {
        (index < PROVINCE_COUNT).then_some(Province(index as u8))
    }

    /// All provinces in province-list order.
    pub fn all() -> impl Iterator<Item = Province> {
        (0..PROVINCE_COUNT as u8).map(Province)
    }

    /// Position in the province list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The province's id (`CHIANG_MAI`).
    pub fn id(self) -> &'static str {
        &board().provinces[self.index()].id
    }

    /// Display name (`Chiang Mai`).
    pub fn name(self) -> &'static str {
        &board().provinces[self.index()].name
    }

    /// The province with this id, ignoring case.
    pub fn from_id(text: &str) -> Option<Province> {
        Province::all().find(|p| p.id().eq_ignore_ascii_case(text))
    }

    /// 2.3: whether the two provinces share a border (never with itself).
    pub fn is_adjacent(self, other: Province) -> bool {
        board().adjacent[self.index()][other.index()]
    }

    /// 2.3: the provinces next to this one, in province-list order.
    pub fn neighbours(self) -> impl Iterator<Item = Province> {
        Province::all().filter(move |q| self.is_adjacent(*q))
    }

    /// 2.2: the faction whose home this is, if any.
    pub fn home_of(self) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| home(*f) == self)
    }
}

impl fmt::Debug for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for Province {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// 2.2: the home province of a faction.
pub fn home(faction: Faction) -> Province {
    board().home[faction.index()]
}

/// One province entry of the board file.
#[derive(Debug, Clone, Deserialize)]
struct ProvinceData {
    id: String,
    name: String,
}

/// The board file as written.
#[derive(Debug, Clone, Deserialize)]
struct BoardData {
    name: String,
    provinces: Vec<ProvinceData>,
    home: std::collections::BTreeMap<String, String>,
    edges: Vec<[String; 2]>,
}

/// The parsed, checked board.
#[derive(Debug, Clone)]
pub struct Board {
    /// Name of the board (`King of Siam engine board v1`).
    pub name: String,
    provinces: Vec<ProvinceData>,
    home: [Province; 3],
    adjacent: [[bool; PROVINCE_COUNT]; PROVINCE_COUNT],
}

/// The board (parsed from [`BOARD_JSON`] on first use).
pub fn board() -> &'static Board {
    static BOARD: LazyLock<Board> = LazyLock::new(|| {
        // The file is part of the source and checked by a unit test, so this
        // cannot fail at run time for any client input.
        parse_board(BOARD_JSON).unwrap_or_else(|e| panic!("embedded board.json is invalid: {e}"))
    });
    &BOARD
}

/// Parse and check a board file: 8 distinct provinces, one distinct home
/// province per faction, symmetric edges between listed provinces, no loops.
pub fn parse_board(json: &str) -> Result<Board, String> {
    let data: BoardData = serde_json::from_str(json).map_err(|e| e.to_string())?;
    if data.provinces.len() != PROVINCE_COUNT {
        return Err(format!(
            "{} provinces, expected {PROVINCE_COUNT}",
            data.provinces.len()
        ));
    }
    let index_of = |id: &str| -> Result<usize, String> {
        data.provinces
            .iter()
            .position(|p| p.id == id)
            .ok_or_else(|| format!("unknown province {id}"))
    };
    for (i, p) in data.provinces.iter().enumerate() {
        if index_of(&p.id)? != i {
            return Err(format!("province {} listed twice", p.id));
        }
        let valid = !p.id.is_empty()
            && p.id
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return Err(format!(
                "province id {:?} is not an upper-case identifier",
                p.id
            ));
        }
    }
    let mut home = [Province(0); 3];
    for f in Faction::ALL {
        let id = data
            .home
            .get(f.id())
            .ok_or_else(|| format!("no home province for {f}"))?;
        home[f.index()] = Province(index_of(id)? as u8);
    }
    if home[0] == home[1] || home[1] == home[2] || home[0] == home[2] {
        return Err("two factions share a home province".into());
    }
    if data.home.len() != 3 {
        return Err("home lists something other than the three factions".into());
    }
    let mut adjacent = [[false; PROVINCE_COUNT]; PROVINCE_COUNT];
    for [a, b] in &data.edges {
        let (a, b) = (index_of(a)?, index_of(b)?);
        if a == b {
            return Err("a province cannot border itself".into());
        }
        adjacent[a][b] = true;
        adjacent[b][a] = true;
    }
    Ok(Board {
        name: data.name,
        provinces: data.provinces,
        home,
        adjacent,
    })
}
