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
//! # Tables of 3 or 4: a covering schedule, round by round
//!
//! Round by round, until every pair has met and everyone has sat out
//! equally often: the `n mod size` entrants who sat out least (then those
//! with the fewest pairs still to meet, then the last listed) sit out; the
//! others are split into tables at the lowest cost, where a pair that met
//! `m` times before costs `1000 + m²` and a new pair nothing (so first the
//! most new pairs, then repeats spread rather than piled on one pair). The
//! split is searched exhaustively when there are at most [`EXHAUSTIVE`]
//! ways (up to 12 playing at tables of 3 or 4); beyond that a greedy fill
//! (from the entrant with most pairs still to meet, adding whoever meets
//! the most new opponents) improved by swapping entrants between tables.
//! Seats balance first moves ([`History::seat_order`]).
//!
//! **Guarantee:** everyone meets everyone at least once, and everyone sits
//! out the same number of rounds, so everyone plays the same number of
//! games. Each round is chosen without looking ahead, so repeat meetings
//! and the spread of first moves are not bounded in general; for 6 to 9
//! entrants (tested, `tables_of_three_and_four_cover_every_pair_with_equal_sit_outs`):
//!
//! | entrants | size | rounds | most meetings of a pair | first-move spread |
//! |---|---|---|---|---|
//! | 6 | 3 | 4 | 4 | 1 |
//! | 7 | 3 | 7 | 3 | 0 |
//! | 8 | 3 | 8 | 3 | 2 |
//! | 9 | 3 | 4 | 1 | 1 |
//! | 6 | 4 | 3 | 2 | 1 |
//! | 7 | 4 | 7 | 4 | 2 |
//! | 8 | 4 | 3 | 3 | 1 |
//! | 9 | 4 | 9 | 4 | 0 |
//!
//! (Equal sit-outs set the length when entrants do not divide: 7 at tables
//! of 3 sit out one a round, so 7 rounds.)

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use crate::EntrantId;
use crate::history::History;

/// One round of the schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    let id = EntrantId::from;
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
        let left_all: Vec<usize> = (0..n).filter(|a| !sit_outs.contains(a)).collect();
        let mut left = left_all.clone();
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
        match best_partition(&left_all, size, &history) {
            Some(best) => tables = best,
            None => improve(&mut tables, &history),
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

/// What a repeated pair costs before its count: more than any sum of
/// squares a round can reach, so fewer repeated pairs always wins.
const REPEAT: u32 = 1_000;

/// What a table costs: a new pair nothing, a pair that met `m` times before
/// `REPEAT + m²` (so first the fewest repeated pairs, then a third meeting
/// costs more than two second ones).
fn cost(table: &[usize], history: &History) -> u32 {
    let id = EntrantId::from;
    let mut c = 0;
    for (i, &a) in table.iter().enumerate() {
        for &b in &table[i + 1..] {
            let m = history.met(id(a), id(b));
            if m > 0 {
                c += REPEAT + m * m;
            }
        }
    }
    c
}

/// Splits of a round into this many ways or fewer are searched exhaustively.
pub const EXHAUSTIVE: usize = 20_000;

/// The cheapest way to split `players` into tables of `size` (the first
/// found among equals, in lexicographic order), or `None` when there are
/// more than [`EXHAUSTIVE`] ways.
fn best_partition(players: &[usize], size: usize, history: &History) -> Option<Vec<Vec<usize>>> {
    let mut ways: usize = 1;
    let mut left = players.len();
    while left > 0 {
        ways = ways.saturating_mul(crate::swiss::combinations(left - 1, size - 1).len());
        if ways > EXHAUSTIVE {
            return None;
        }
        left -= size;
    }
    let mut best: Option<(u32, Vec<Vec<usize>>)> = None;
    let mut current = Vec::new();
    split(players, size, history, 0, &mut current, &mut best);
    best.map(|(_, tables)| tables)
}

fn split(
    left: &[usize],
    size: usize,
    history: &History,
    so_far: u32,
    current: &mut Vec<Vec<usize>>,
    best: &mut Option<(u32, Vec<Vec<usize>>)>,
) {
    if best.as_ref().is_some_and(|(c, _)| so_far >= *c) {
        return;
    }
    let Some((&head, rest)) = left.split_first() else {
        *best = Some((so_far, current.clone()));
        return;
    };
    for pick in crate::swiss::combinations(rest.len(), size - 1) {
        let mut table = vec![head];
        table.extend(pick.iter().map(|&i| rest[i]));
        let others: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|p| !table.contains(p))
            .collect();
        let c = cost(&table, history);
        current.push(table);
        split(&others, size, history, so_far + c, current, best);
        current.pop();
    }
}

/// Local search after the greedy fill: swap two entrants of different
/// tables while some swap lowers the round's cost (the first such swap in
/// order each time), so the greedy fill's last tables, made of whoever was
/// left, do not keep the same people together round after round.
fn improve(tables: &mut [Vec<usize>], history: &History) {
    // Each swap lowers a whole number: this ends; the bound is a guard.
    for _ in 0..10_000 {
        let mut swapped = false;
        'search: for i in 0..tables.len() {
            for j in i + 1..tables.len() {
                let before = cost(&tables[i], history) + cost(&tables[j], history);
                for x in 0..tables[i].len() {
                    for y in 0..tables[j].len() {
                        let (a, b) = (tables[i][x], tables[j][y]);
                        tables[i][x] = b;
                        tables[j][y] = a;
                        if cost(&tables[i], history) + cost(&tables[j], history) < before {
                            swapped = true;
                            break 'search;
                        }
                        tables[i][x] = a;
                        tables[j][y] = b;
                    }
                }
            }
        }
        if !swapped {
            return;
        }
    }
}

#[cfg(test)]
mod tests;
