//! Section 3: the engine board — provinces, districts, borders and their
//! transports, the card mix — kept as data (`docs/rules/ming-dynasty-board.json`,
//! AMB-1, AMB-2) and parsed once. No other code names a district, a
//! transport or a colour of the board.

use std::fmt;
use std::sync::LazyLock;

use serde::Deserialize;

/// The board file beside the rules: the one source of board facts.
pub const BOARD_JSON: &str = include_str!("../../../../docs/rules/ming-dynasty-board.json");

/// A district, by its position in the board's district list (P1a … P6c, the
/// evaluation order of MD-50).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct District(pub u8);

/// A province (0-based position in the province list). Its province space
/// and display slot carry the same number (3.2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Province(pub u8);

/// A card kind (Section 8: cards are named by kind). `Transport(i)` is the
/// i-th of the board file's `transport_types`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Transport(u8),
    Dragon,
}

#[derive(Debug, Deserialize)]
struct RawProvince {
    id: String,
    name: String,
    color: String,
    province_space: u8,
    districts: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct RawDistrict {
    id: String,
    province: String,
    part: String,
    xy: [f64; 2],
}

#[derive(Debug, Deserialize)]
struct RawBorder {
    id: String,
    a: String,
    b: String,
    transport: String,
}

#[derive(Debug, Deserialize)]
struct RawBoard {
    name: String,
    transport_types: Vec<String>,
    movement_card_mix: std::collections::BTreeMap<String, u8>,
    dragon_cards: u8,
    houses_per_district: u8,
    provinces: Vec<RawProvince>,
    districts: Vec<RawDistrict>,
    borders: Vec<RawBorder>,
}

/// One province of the board.
#[derive(Debug)]
pub struct ProvinceInfo {
    pub id: String,
    pub name: String,
    /// The province (tile) colour.
    pub color: String,
    /// Its three districts, in district-list order.
    pub districts: Vec<District>,
}

/// One district of the board.
#[derive(Debug)]
pub struct DistrictInfo {
    pub id: String,
    pub province: Province,
    pub part: String,
    /// Layout hint for user interfaces only.
    pub xy: [f64; 2],
    /// Neighbours with the transport printed on the shared border, in border
    /// order (this is the order of `MOVE_STEP` in the legal-action list).
    pub neighbours: Vec<(District, u8)>,
}

/// One border.
#[derive(Debug)]
pub struct BorderInfo {
    pub id: String,
    pub a: District,
    pub b: District,
    pub transport: u8,
}

/// The most card kinds (transports and the dragon) a board may have: the
/// movement lookahead counts a hand in an array of this size
/// (`movement::can_finish`), and the board refuses more transports.
pub const MAX_CARD_KINDS: usize = 8;

/// The parsed board.
#[derive(Debug)]
pub struct Board {
    pub name: String,
    pub transports: Vec<String>,
    /// Cards per transport, in transport order (AMB-1).
    pub mix: Vec<u8>,
    pub dragons: u8,
    pub houses_per_district: u8,
    pub provinces: Vec<ProvinceInfo>,
    pub districts: Vec<DistrictInfo>,
    pub borders: Vec<BorderInfo>,
}

impl Board {
    /// Number of card kinds: every transport, then the dragon.
    pub fn card_kinds(&self) -> usize {
        self.transports.len() + 1
    }

    /// Every card kind, transports first, then the dragon.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.transports.len() as u8)
            .map(Card::Transport)
            .chain(std::iter::once(Card::Dragon))
    }

    /// The movement cards in one deck (54 by default).
    pub fn movement_cards(&self) -> usize {
        self.mix.iter().map(|n| usize::from(*n)).sum()
    }
}

fn parse(json: &str) -> Result<Board, String> {
    let raw: RawBoard = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let district_index = |id: &str| -> Result<District, String> {
        raw.districts
            .iter()
            .position(|d| d.id == id)
            .map(|i| District(i as u8))
            .ok_or_else(|| format!("unknown district {id}"))
    };
    let transport_index = |t: &str| -> Result<u8, String> {
        raw.transport_types
            .iter()
            .position(|x| x == t)
            .map(|i| i as u8)
            .ok_or_else(|| format!("unknown transport {t}"))
    };
    let mut provinces = Vec::new();
    for (i, p) in raw.provinces.iter().enumerate() {
        if usize::from(p.province_space) != i + 1 {
            return Err(format!("{}: province space {}", p.id, p.province_space));
        }
        provinces.push(ProvinceInfo {
            id: p.id.clone(),
            name: p.name.clone(),
            color: p.color.clone(),
            districts: p
                .districts
                .iter()
                .map(|d| district_index(d))
                .collect::<Result<_, _>>()?,
        });
    }
    let mut districts = Vec::new();
    for d in &raw.districts {
        let province = raw
            .provinces
            .iter()
            .position(|p| p.id == d.province)
            .ok_or_else(|| format!("{}: unknown province {}", d.id, d.province))?;
        districts.push(DistrictInfo {
            id: d.id.clone(),
            province: Province(province as u8),
            part: d.part.clone(),
            xy: d.xy,
            neighbours: Vec::new(),
        });
    }
    let mut borders = Vec::new();
    for b in &raw.borders {
        let (a, c) = (district_index(&b.a)?, district_index(&b.b)?);
        let t = transport_index(&b.transport)?;
        districts[usize::from(a.0)].neighbours.push((c, t));
        districts[usize::from(c.0)].neighbours.push((a, t));
        borders.push(BorderInfo {
            id: b.id.clone(),
            a,
            b: c,
            transport: t,
        });
    }
    if raw.transport_types.len() + 1 > MAX_CARD_KINDS {
        return Err(format!(
            "{} transports: a hand counts at most {MAX_CARD_KINDS} card kinds with the dragon",
            raw.transport_types.len()
        ));
    }
    let mix = raw
        .transport_types
        .iter()
        .map(|t| raw.movement_card_mix.get(t).copied().unwrap_or(0))
        .collect();
    Ok(Board {
        name: raw.name,
        transports: raw.transport_types,
        mix,
        dragons: raw.dragon_cards,
        houses_per_district: raw.houses_per_district,
        provinces,
        districts,
        borders,
    })
}

static BOARD: LazyLock<Board> = LazyLock::new(|| match parse(BOARD_JSON) {
    Ok(b) => b,
    // The file is embedded at build time and checked by a unit test.
    Err(e) => panic!("ming-dynasty-board.json: {e}"),
});

/// The board.
pub fn board() -> &'static Board {
    &BOARD
}

impl District {
    /// The district at `index` of the district list.
    pub fn from_index(index: usize) -> Option<District> {
        (index < board().districts.len()).then_some(District(index as u8))
    }

    /// All districts in the order of MD-50.
    pub fn all() -> impl Iterator<Item = District> {
        (0..board().districts.len() as u8).map(District)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Board facts; `None` for an index past the board (client input).
    pub fn info(self) -> Option<&'static DistrictInfo> {
        board().districts.get(self.index())
    }

    /// The id (`P1a`); `?` for an index past the board.
    pub fn id(self) -> &'static str {
        self.info().map(|d| d.id.as_str()).unwrap_or("?")
    }

    /// The district with this id, ignoring case.
    pub fn from_id(text: &str) -> Option<District> {
        District::all().find(|d| d.id().eq_ignore_ascii_case(text))
    }

    /// The province this district belongs to.
    pub fn province(self) -> Province {
        self.info().map(|d| d.province).unwrap_or(Province(0))
    }

    /// The transport of the border with `other`, if they are neighbours.
    pub fn border_with(self, other: District) -> Option<u8> {
        self.info()?
            .neighbours
            .iter()
            .find(|(d, _)| *d == other)
            .map(|(_, t)| *t)
    }
}

impl fmt::Debug for District {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for District {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Province {
    pub fn count() -> usize {
        board().provinces.len()
    }

    pub fn all() -> impl Iterator<Item = Province> {
        (0..board().provinces.len() as u8).map(Province)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn info(self) -> &'static ProvinceInfo {
        let b = board();
        &b.provinces[self.index().min(b.provinces.len() - 1)]
    }

    /// The province id (`P1`).
    pub fn id(self) -> &'static str {
        &self.info().id
    }

    /// The three districts of the province.
    pub fn districts(self) -> &'static [District] {
        &self.info().districts
    }
}

impl Card {
    /// Position in a hand's count vector: transports, then the dragon.
    pub fn index(self) -> usize {
        match self {
            Card::Transport(t) => usize::from(t),
            Card::Dragon => board().transports.len(),
        }
    }

    /// The card of a count-vector position.
    pub fn from_index(i: usize) -> Option<Card> {
        let t = board().transports.len();
        match i {
            _ if i < t => Some(Card::Transport(i as u8)),
            _ if i == t => Some(Card::Dragon),
            _ => None,
        }
    }

    /// Whether this is a card of the board (a transport index past the list
    /// is not).
    pub fn is_valid(self) -> bool {
        match self {
            Card::Transport(t) => usize::from(t) < board().transports.len(),
            Card::Dragon => true,
        }
    }

    /// The name (`horse`, `dragon`).
    pub fn name(self) -> &'static str {
        match self {
            Card::Transport(t) => board()
                .transports
                .get(usize::from(t))
                .map(String::as_str)
                .unwrap_or("?"),
            Card::Dragon => "dragon",
        }
    }

    /// The card with this name, ignoring case.
    pub fn from_name(text: &str) -> Option<Card> {
        board()
            .cards()
            .find(|c| c.name().eq_ignore_ascii_case(text))
    }

    /// MD-41: whether this card pays for crossing a border of `transport`.
    pub fn pays_for(self, transport: u8) -> bool {
        match self {
            Card::Transport(t) => t == transport,
            Card::Dragon => true,
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_file_parses_with_the_published_structure() {
        let b = board();
        assert_eq!(b.provinces.len(), 6);
        assert_eq!(b.districts.len(), 18);
        assert_eq!(b.borders.len(), 31);
        assert_eq!(b.movement_cards(), 54);
        assert_eq!(b.dragons, 18);
        assert_eq!(b.houses_per_district, 3);
        for p in Province::all() {
            assert_eq!(p.districts().len(), 3);
            for d in p.districts() {
                assert_eq!(d.province(), p);
                // 3.1: the three districts of a province border each other.
                for e in p.districts() {
                    assert_eq!(d != e, d.border_with(*e).is_some());
                }
            }
        }
        for d in District::all() {
            let n = d.info().map(|i| i.neighbours.len()).unwrap_or(0);
            assert!((3..=4).contains(&n), "{d}: {n} neighbours");
        }
    }

    /// A hand is counted in an array of MAX_CARD_KINDS kinds: a board with
    /// more transports than that leaves (the dragon is one more) is refused.
    #[test]
    fn a_board_with_more_card_kinds_than_a_hand_counts_is_refused() {
        let with = |transports: &[&str]| {
            let list = transports
                .iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(", ");
            BOARD_JSON.replace(
                r#""transport_types": ["horse", "rickshaw", "junk"]"#,
                &format!(r#""transport_types": [{list}]"#),
            )
        };
        let most = ["horse", "rickshaw", "junk", "a", "b", "c", "d"];
        assert_eq!(most.len() + 1, MAX_CARD_KINDS);
        assert!(parse(&with(&most)).is_ok());
        let err = parse(&with(&[&most[..], &["e"]].concat())).err();
        assert!(
            err.as_deref()
                .is_some_and(|e| e.contains("at most 8 card kinds")),
            "{err:?}"
        );
    }
}
