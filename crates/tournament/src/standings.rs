//! Standings and the tie-breaks of each format.
//!
//! Entrants rank by points, then by their format's tie-breaks in order
//! ([`tie_breaks`]), then by entrant order (registration or seeding, as the
//! organiser listed them), so the order is total and every replica agrees.
//!
//! | format | tie-breaks, in order |
//! |---|---|
//! | Swiss, 2 per table | Buchholz, Sonneborn-Berger |
//! | Swiss, 3–4 per table | results against the tied, placings, Buchholz |
//! | round-robin, 2 per table | results against the tied, Sonneborn-Berger |
//! | round-robin, 3–4 per table | results against the tied, placings |
//! | arena | fewer games, placings |
//!
//! - **Buchholz**: the sum of the points of every opponent met at a table
//!   (an opponent met twice counts twice; a bye adds nothing).
//! - **Sonneborn-Berger**: over every opponent at every table, what the
//!   entrant scored against it (1, ½ or 0, pairwise as in [`crate::table`])
//!   times that opponent's points.
//! - **Results against the tied**: the pairwise points scored against the
//!   entrants with the same points, in every game with them.
//! - **Placings**: more first places, then more second places, and so on.
//! - **Fewer games** (arena): the same points from fewer games is better.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::table::HalfPoints;
use crate::{Config, EntrantId, Format, Tournament};

/// One tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    Buchholz,
    SonnebornBerger,
    VersusTied,
    Placings,
    FewerGames,
}

/// The tie-breaks of a tournament's format, in the order they apply.
pub fn tie_breaks(config: &Config) -> &'static [TieBreak] {
    use TieBreak::*;
    match (&config.format, config.table_size) {
        (Format::Swiss { .. }, 2) => &[Buchholz, SonnebornBerger],
        (Format::Swiss { .. }, _) => &[VersusTied, Placings, Buchholz],
        (Format::RoundRobin, 2) => &[VersusTied, SonnebornBerger],
        (Format::RoundRobin, _) => &[VersusTied, Placings],
        (Format::Arena { .. }, _) => &[FewerGames, Placings],
    }
}

/// An entrant's line in the standings. Points are in half-points; the
/// Sonneborn-Berger figure is in quarter-points (half-points times
/// half-points), so all stay whole numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// 1 for the leader; every line has its own rank (ties are broken down
    /// to entrant order).
    pub rank: u32,
    pub entrant: EntrantId,
    pub withdrawn: bool,
    pub points: HalfPoints,
    /// Finished games (byes not counted).
    pub games: u32,
    pub byes: u32,
    pub buchholz: HalfPoints,
    pub sonneborn_berger: u32,
    pub versus_tied: HalfPoints,
    /// `placings[p]`: games finished in place `p` (0 is first).
    pub placings: Vec<u32>,
}

impl Standing {
    fn cmp_by(&self, other: &Self, breaks: &[TieBreak]) -> Ordering {
        // Greater is better.
        let key = |b: TieBreak| -> Ordering {
            match b {
                TieBreak::Buchholz => self.buchholz.cmp(&other.buchholz),
                TieBreak::SonnebornBerger => self.sonneborn_berger.cmp(&other.sonneborn_berger),
                TieBreak::VersusTied => self.versus_tied.cmp(&other.versus_tied),
                TieBreak::Placings => self.placings.cmp(&other.placings),
                TieBreak::FewerGames => other.games.cmp(&self.games),
            }
        };
        // Better first: a greater key sorts earlier.
        other
            .points
            .cmp(&self.points)
            .then_with(|| {
                breaks
                    .iter()
                    .fold(Ordering::Equal, |o, &b| o.then_with(|| key(b).reverse()))
            })
            .then(self.entrant.cmp(&other.entrant))
    }
}

/// The standings of `t`: finished tables and byes count, games in play do
/// not.
pub(crate) fn compute(t: &Tournament) -> Vec<Standing> {
    let config = t.config();
    let size = usize::from(config.table_size);
    let n = t.entrants().len();
    let bye_points = 2 * (HalfPoints::from(config.table_size) - 1);
    let mut lines: Vec<Standing> = t
        .entrants()
        .iter()
        .enumerate()
        .map(|(i, e)| Standing {
            rank: 0,
            entrant: EntrantId::from(i),
            withdrawn: e.withdrawn,
            points: 0,
            games: 0,
            byes: 0,
            buchholz: 0,
            sonneborn_berger: 0,
            versus_tied: 0,
            placings: vec![0; size],
        })
        .collect();
    for round in t.rounds() {
        for b in &round.byes {
            lines[b.index()].byes += 1;
            lines[b.index()].points += bye_points;
        }
    }
    let finished = || {
        t.tables()
            .iter()
            .filter_map(|x| Some((x, x.places.as_ref()?)))
    };
    for (table, places) in finished() {
        for (p, e) in table.entrants.iter().enumerate() {
            let line = &mut lines[e.index()];
            line.games += 1;
            line.points += table.points(p).unwrap_or(0);
            line.placings[usize::from(places[p]).min(size - 1)] += 1;
        }
    }
    let points: Vec<HalfPoints> = lines.iter().map(|l| l.points).collect();
    for (table, _) in finished() {
        for (p, a) in table.entrants.iter().enumerate() {
            for (q, b) in table.entrants.iter().enumerate() {
                if p == q {
                    continue;
                }
                let scored = table.versus(p, q).unwrap_or(0);
                let line = &mut lines[a.index()];
                line.buchholz += points[b.index()];
                line.sonneborn_berger += scored * points[b.index()];
                if points[a.index()] == points[b.index()] {
                    line.versus_tied += scored;
                }
            }
        }
    }
    let breaks = tie_breaks(config);
    lines.sort_by(|a, b| a.cmp_by(b, breaks));
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
    debug_assert_eq!(lines.len(), n);
    lines
}

/// Entrants best first by `standings` (which are in rank order).
pub(crate) fn ranked(standings: &[Standing]) -> Vec<EntrantId> {
    standings.iter().map(|s| s.entrant).collect()
}
