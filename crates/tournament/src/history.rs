//! What pairing needs to know about the tables so far: who met whom (how
//! often, how lately), who sat where, who had a bye. Rebuilt from the state
//! each time, so it can never disagree with it.

use crate::{EntrantId, Table};

/// Counts over every table paired so far (finished or not, forfeited or
/// not: a table paired is a meeting).
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    /// `meetings[a][b]`: tables `a` and `b` shared.
    meetings: Vec<Vec<u32>>,
    /// `last_met[a][b]`: the index of the last table they shared.
    last_met: Vec<Vec<Option<usize>>>,
    /// `seats[a][p]`: times `a` sat at position `p`.
    seats: Vec<Vec<u32>>,
    /// Whether `a`'s last table had it at position 0.
    last_first: Vec<Option<bool>>,
    /// Byes `a` had.
    pub byes: Vec<u32>,
}

impl History {
    pub fn new(entrants: usize, table_size: usize) -> Self {
        Self {
            meetings: vec![vec![0; entrants]; entrants],
            last_met: vec![vec![None; entrants]; entrants],
            seats: vec![vec![0; table_size]; entrants],
            last_first: vec![None; entrants],
            byes: vec![0; entrants],
        }
    }

    pub fn of(entrants: usize, table_size: usize, tables: &[Table], byes: &[EntrantId]) -> Self {
        let mut h = Self::new(entrants, table_size);
        for (i, t) in tables.iter().enumerate() {
            h.seat(i, &t.entrants);
        }
        for b in byes {
            h.byes[b.index()] += 1;
        }
        h
    }

    /// Records a table (index `table`) with `entrants` in seat order.
    pub fn seat(&mut self, table: usize, entrants: &[EntrantId]) {
        for (p, a) in entrants.iter().enumerate() {
            self.seats[a.index()][p] += 1;
            self.last_first[a.index()] = Some(p == 0);
            for b in entrants {
                if a != b {
                    self.meetings[a.index()][b.index()] += 1;
                    self.last_met[a.index()][b.index()] = Some(table);
                }
            }
        }
    }

    pub fn met(&self, a: EntrantId, b: EntrantId) -> u32 {
        self.meetings[a.index()][b.index()]
    }

    pub fn last_met(&self, a: EntrantId, b: EntrantId) -> Option<usize> {
        self.last_met[a.index()][b.index()]
    }

    /// Meetings already had among `group`, pair by pair.
    pub fn repeats(&self, group: &[EntrantId]) -> u32 {
        let mut n = 0;
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                n += self.met(a, b);
            }
        }
        n
    }

    /// `members` (given best-ranked first) in seat order, balancing who sits
    /// where: each position in turn goes to the member who sat there least;
    /// for the first seat a tie goes to the one who did not sit first last
    /// time (so two-player colours alternate), then to the better ranked.
    pub fn seat_order(&self, members: &[EntrantId]) -> Vec<EntrantId> {
        let mut left = members.to_vec();
        let mut order = Vec::with_capacity(left.len());
        for p in 0..members.len() {
            let best = (0..left.len())
                .min_by_key(|&i| {
                    let e = left[i].index();
                    let was_first = p == 0 && self.last_first[e] == Some(true);
                    (self.seats[e][p], was_first, i)
                })
                .unwrap_or(0);
            order.push(left.remove(best));
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_balance_and_colours_alternate() {
        let (a, b) = (EntrantId(0), EntrantId(1));
        let (c, d) = (EntrantId(2), EntrantId(3));
        let mut h = History::new(4, 2);
        assert_eq!(h.seat_order(&[a, b]), [a, b], "the better ranked first");
        h.seat(0, &[a, b]);
        assert_eq!(h.seat_order(&[a, b]), [b, a], "fewer first seats first");
        h.seat(1, &[c, d]);
        h.seat(2, &[b, c]);
        // b and c each sat first once; b did last time, so c now.
        assert_eq!(h.seat_order(&[b, c]), [c, b]);
        assert_eq!(h.met(b, c), 1);
        assert_eq!(h.last_met(a, b), Some(0));
        // a-b once, b-c once, a-c never.
        assert_eq!(h.repeats(&[a, b, c]), 2);
    }
}
