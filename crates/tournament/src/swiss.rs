//! Swiss pairing: one round from the standings so far.
//!
//! 1. **Byes.** When the active entrants do not fill whole tables, the
//!    remainder sit the round out with a bye, which scores as a win (first
//!    place at a full table). Byes go to the entrants with the fewest byes,
//!    the lowest ranked among them, so nobody gets a second bye while an
//!    active entrant has none.
//! 2. **Two-player tables.** The top-ranked unpaired entrant meets the
//!    nearest-ranked one it has not met (adjacent pairing within and across
//!    score groups), searched depth-first with backtracking: a pairing with
//!    no repeat is found whenever one exists within the search budget
//!    ([`BUDGET`] steps; the proptests check it against an exhaustive
//!    search for fields up to 12); failing that, the fewest repeated pairs
//!    the budget finds, then the same order.
//! 3. **Tables of 3 or 4.** Table by table from the top: the top-ranked
//!    unseated entrant and, from the next `3 × (size − 1)` in the standings
//!    (its score group and the next), the companions with the fewest earlier
//!    meetings among the table, then the best ranked.
//! 4. **Seats** balance first moves ([`History::seat_order`]).
//!
//! Withdrawn entrants are not passed in, so they are never paired.

use std::cmp::Reverse;

use crate::EntrantId;
use crate::history::History;

/// Steps of the two-player search per level of allowed repeats.
pub const BUDGET: u32 = 200_000;

/// One round's tables (in seat order) and byes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub tables: Vec<Vec<EntrantId>>,
    pub byes: Vec<EntrantId>,
}

/// Pairs `ranked` (the active entrants, best first) at tables of `size`.
pub(crate) fn pair(ranked: &[EntrantId], size: usize, history: &History) -> Pairing {
    let byes = choose_byes(ranked, ranked.len() % size, history);
    let rest: Vec<EntrantId> = ranked
        .iter()
        .copied()
        .filter(|e| !byes.contains(e))
        .collect();
    let groups = if size == 2 {
        pair_two(&rest, history)
    } else {
        tables_of(&rest, size, history)
    };
    Pairing {
        tables: groups.iter().map(|g| history.seat_order(g)).collect(),
        byes,
    }
}

fn choose_byes(ranked: &[EntrantId], count: usize, history: &History) -> Vec<EntrantId> {
    let mut order: Vec<(usize, EntrantId)> = ranked.iter().copied().enumerate().collect();
    order.sort_by_key(|&(rank, e)| (history.byes[e.index()], Reverse(rank)));
    order.into_iter().take(count).map(|(_, e)| e).collect()
}

/// Two-player pairs with the fewest repeats (see the module doc).
fn pair_two(ranked: &[EntrantId], history: &History) -> Vec<Vec<EntrantId>> {
    let mut search = Search {
        ranked,
        history,
        used: vec![false; ranked.len()],
        pairs: Vec::new(),
        steps: 0,
    };
    // With every pair allowed to repeat the first path succeeds, so the
    // last level always answers.
    for allowed in 0..=ranked.len() / 2 {
        search.steps = 0;
        if search.run(u32::try_from(allowed).unwrap_or(u32::MAX)) {
            return search.pairs;
        }
    }
    search.pairs
}

struct Search<'a> {
    ranked: &'a [EntrantId],
    history: &'a History,
    used: Vec<bool>,
    pairs: Vec<Vec<EntrantId>>,
    steps: u32,
}

impl Search<'_> {
    /// Pairs everyone left with at most `allowed` repeated pairs.
    fn run(&mut self, allowed: u32) -> bool {
        let Some(i) = self.used.iter().position(|u| !u) else {
            return true;
        };
        self.steps += 1;
        if self.steps > BUDGET {
            return false;
        }
        self.used[i] = true;
        let a = self.ranked[i];
        let mut candidates: Vec<usize> = (i + 1..self.ranked.len())
            .filter(|&j| !self.used[j])
            .collect();
        candidates.sort_by_key(|&j| (self.history.met(a, self.ranked[j]), j));
        for j in candidates {
            let b = self.ranked[j];
            let repeat = u32::from(self.history.met(a, b) > 0);
            if repeat > allowed {
                continue;
            }
            self.used[j] = true;
            self.pairs.push(vec![a, b]);
            if self.run(allowed - repeat) {
                return true;
            }
            self.pairs.pop();
            self.used[j] = false;
            if self.steps > BUDGET {
                break;
            }
        }
        self.used[i] = false;
        false
    }
}

/// Tables of `size` (3 or 4) from `ranked`, whose length is a multiple of
/// `size` (see the module doc).
fn tables_of(ranked: &[EntrantId], size: usize, history: &History) -> Vec<Vec<EntrantId>> {
    let mut left = ranked.to_vec();
    let mut tables = Vec::new();
    while !left.is_empty() {
        let head = left.remove(0);
        let window = &left[..left.len().min(3 * (size - 1))];
        let best = combinations(window.len(), size - 1)
            .into_iter()
            .min_by_key(|pick| {
                let mut group = vec![head];
                group.extend(pick.iter().map(|&i| window[i]));
                (history.repeats(&group), pick.iter().sum::<usize>())
            })
            .unwrap_or_default();
        let mut table = vec![head];
        table.extend(best.iter().map(|&i| window[i]));
        left.retain(|e| !table.contains(e));
        tables.push(table);
    }
    tables
}

/// Every `r`-subset of `0..n`, in lexicographic order.
pub(crate) fn combinations(n: usize, r: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut pick: Vec<usize> = (0..r).collect();
    if r > n {
        return all;
    }
    loop {
        all.push(pick.clone());
        // The rightmost index that can still move right.
        let Some(i) = (0..r).rev().find(|&i| pick[i] < n - r + i) else {
            return all;
        };
        pick[i] += 1;
        for j in i + 1..r {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests;
