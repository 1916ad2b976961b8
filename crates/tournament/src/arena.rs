//! Arena pairing: whoever is free is paired again at once.
//!
//! The waiting entrants are kept in the order they became free (the start
//! counts as everyone becoming free in entrant order). While at least a
//! table's worth wait, the one who has waited longest is seated with the
//! waiting entrants it met least recently (never met first, then the
//! longest ago), then those who waited longest. Fewer than a table's worth
//! wait for the next game to end. An immediate rematch happens only when
//! nobody else is waiting.

use crate::EntrantId;
use crate::history::History;

/// Tables (in seat order) for `waiting` (longest waiting first) at tables
/// of `size`; those not seated keep waiting.
pub(crate) fn pair(waiting: &[EntrantId], size: usize, history: &History) -> Vec<Vec<EntrantId>> {
    let mut left = waiting.to_vec();
    let mut tables = Vec::new();
    while left.len() >= size {
        let head = left.remove(0);
        let mut candidates: Vec<(usize, EntrantId)> = left.iter().copied().enumerate().collect();
        candidates.sort_by_key(|&(i, e)| (history.last_met(head, e).map_or(0, |t| t + 1), i));
        let mut table = vec![head];
        table.extend(candidates.iter().take(size - 1).map(|&(_, e)| e));
        left.retain(|e| !table.contains(e));
        tables.push(history.seat_order(&table));
    }
    tables
}
