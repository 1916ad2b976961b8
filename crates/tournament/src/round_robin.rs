//! Round-robin schedules, a pure function of the entrant count and table
//! size: the whole schedule is known at the start, and round `r` is its
//! `r`-th line (indices into the entrant list, in seat order).
//!
//! # Two-player tables: the circle method
//!
//! With `m` odd (`n` entrants, or `n − 1` when `n` is even), round `r`
//! (from 0) pairs `r + d` with `r − d` (mod `m`) for `d = 1 … (m−1)/2`;
//! entrant `r` sits out, or, when `n` is even, meets the extra entrant
//! `n − 1`. Every pair meets exactly once. Colours: of a pair `{a, b}` of
//! the odd circle, `a` moves first when `(b − a) mod m ≤ (m−1)/2`, which
//! gives every entrant exactly `(m−1)/2` first moves there; the extra
//! entrant moves first in even rounds. **Guarantee:** everyone meets
//! everyone once, first-move counts differ by at most one, and with `n`
//! odd everyone sits out exactly once.
//!
//! # Tables of 3 or 4: a greedy covering schedule
//!
//! Round by round, until every pair has met and everyone has sat out
//! equally often: the `n mod size` entrants who sat out least (then those
//! with the fewest pairs still to meet, then the last listed) sit out;
//! tables are then filled one at a time, starting from the entrant with the
//! most pairs still to meet among those left, adding whoever meets the most
//! new opponents at the table, then whoever met the table least, then the
//! first listed. Seats balance first moves ([`History::seat_order`]).
//! **Guarantee:** everyone meets everyone at least once, and everyone sits
//! out the same number of rounds, so everyone plays the same number of
//! games. Repeat meetings and first-move spread are not bounded in general;
//! the tests measure them for 6 to 9 entrants at tables of 3 and 4.

use std::cmp::Reverse;

use crate::EntrantId;
use crate::history::History;

/// One round of the schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Tables of entrant indices, in seat order.
    pub tables: Vec<Vec<usize>>,
    pub sit_outs: Vec<usize>,
}

/// The schedule for `n` entrants at tables of `size`.
pub(crate) fn schedule(n: usize, size: usize) -> Vec<Plan> {
    if size == 2 {
        circle(n)
    } else {
        covering(n, size)
    }
}

fn circle(n: usize) -> Vec<Plan> {
    let m = if n % 2 == 0 { n - 1 } else { n };
    let half = (m - 1) / 2;
    (0..m)
        .map(|r| {
            let mut tables = Vec::new();
            if n % 2 == 0 {
                let extra = n - 1;
                tables.push(if r % 2 == 0 {
                    vec![extra, r]
                } else {
                    vec![r, extra]
                });
            }
            for d in 1..=half {
                let (a, b) = ((r + d) % m, (r + m - d) % m);
                let first = (b + m - a) % m <= half;
                tables.push(if first { vec![a, b] } else { vec![b, a] });
            }
            let sit_outs = if n % 2 == 0 { vec![] } else { vec![r] };
            Plan { tables, sit_outs }
        })
        .collect()
}

/// How many rounds the covering schedule may take before it gives up: far
/// more than any field needs (the tests check completion up to 16).
fn round_limit(n: usize) -> usize {
    4 * n * n
}

fn covering(n: usize, size: usize) -> Vec<Plan> {
    let id = |i: usize| EntrantId(u32::try_from(i).unwrap_or(u32::MAX));
    let mut history = History::new(n, size);
    let mut sat_out = vec![0usize; n];
    let mut plans = Vec::new();
    let mut table_no = 0;
    let unmet = |h: &History, a: usize, among: &[usize]| {
        among
            .iter()
            .filter(|&&b| b != a && h.met(id(a), id(b)) == 0)
            .count()
    };
    let everyone: Vec<usize> = (0..n).collect();
    loop {
        let all_met = everyone.iter().all(|&a| unmet(&history, a, &everyone) == 0);
        let even = sat_out.iter().all(|&s| s == sat_out[0]);
        if (all_met && even) || plans.len() >= round_limit(n) {
            return plans;
        }
        let mut order = everyone.clone();
        order.sort_by_key(|&a| (sat_out[a], unmet(&history, a, &everyone), Reverse(a)));
        let mut sit_outs = order[..n % size].to_vec();
        sit_outs.sort_unstable();
        for &s in &sit_outs {
            sat_out[s] += 1;
        }
        let mut left: Vec<usize> = (0..n).filter(|a| !sit_outs.contains(a)).collect();
        let mut tables = Vec::new();
        while !left.is_empty() {
            let head = (0..left.len())
                .max_by_key(|&i| (unmet(&history, left[i], &left), Reverse(i)))
                .unwrap_or(0);
            let mut group = vec![left.remove(head)];
            while group.len() < size && !left.is_empty() {
                let next = (0..left.len())
                    .max_by_key(|&i| {
                        let c = id(left[i]);
                        let new = group
                            .iter()
                            .filter(|&&g| history.met(c, id(g)) == 0)
                            .count();
                        let met: u32 = group.iter().map(|&g| history.met(c, id(g))).sum();
                        (new, Reverse(met), Reverse(i))
                    })
                    .unwrap_or(0);
                group.push(left.remove(next));
            }
            tables.push(group);
        }
        let tables = tables
            .into_iter()
            .map(|group| {
                let ids: Vec<EntrantId> = group.iter().map(|&i| id(i)).collect();
                let seated = history.seat_order(&ids);
                history.seat(table_no, &seated);
                table_no += 1;
                seated.iter().map(|e| e.index()).collect()
            })
            .collect();
        plans.push(Plan { tables, sit_outs });
    }
}

#[cfg(test)]
mod tests;
