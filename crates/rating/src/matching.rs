//! Grouping queued players into games, by displayed rating and time waited.
//!
//! A queue holds the players of one pool (same game, player count, rated or
//! not, time control). Each call to [`find_groups`] looks at the whole queue
//! as it is now and says which games to start; the caller removes those
//! players and calls again when the queue or the clock moves. Everything is
//! pure and deterministic: the same queue gives the same groups.

use std::cmp::Reverse;

/// One player waiting in a queue (all of one pool: same game type, player count, rated or not, time control).
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    /// The player's [`crate::Rating::display`] in this pool.
    pub display: f64,
    /// How long the player has waited so far.
    pub waited_ms: u64,
    /// After how long the player takes bots in the empty seats rather than
    /// wait on; `None`: the player waits for people only, and is never put
    /// in a game with bots.
    pub bot_fill_after_ms: Option<u64>,
}

/// The window every player starts with, in displayed-rating points.
const NARROW_WINDOW: f64 = 5.0;
/// How fast the window widens: points per second waited.
const WIDEN_PER_SECOND: f64 = 0.5;
/// After this long any opponent will do.
const UNBOUNDED_AFTER_MS: u64 = 60_000;

/// How far (displayed-rating points) from a player's rating an opponent may be after waiting `waited_ms`:
/// starts narrow and widens with waiting, up to unbounded after a while (document the numbers and why:
/// display starts at 0 for new players, a strong player is ~30).
///
/// Displayed ratings run from 0 (a new player) to about 30 (a strong
/// regular), so the window starts at 5 points, a sixth of that range: new
/// players meet new players, regulars meet players near their level. It
/// widens by 5 points every 10 seconds, spans the whole usual range by about
/// 50 seconds, and from 60 seconds on is unbounded, so a player far outside
/// it (a negative display after a losing streak, or the very top) still
/// gets a game within a minute when anyone else is queued.
pub fn window(waited_ms: u64) -> f64 {
    if waited_ms >= UNBOUNDED_AFTER_MS {
        f64::INFINITY
    } else {
        NARROW_WINDOW + WIDEN_PER_SECOND * waited_ms as f64 / 1000.0
    }
}

/// Whether two players may share a game: their displayed ratings differ by
/// no more than the narrower of their two windows, so neither is matched
/// further away than they have waited for. A NaN display fits no one.
fn fits(a: &Waiting, b: &Waiting) -> bool {
    (a.display - b.display).abs() <= window(a.waited_ms).min(window(b.waited_ms))
}

/// Whether the player has waited long enough to take bots.
fn bot_fill_due(w: &Waiting) -> bool {
    w.bot_fill_after_ms
        .is_some_and(|after| w.waited_ms >= after)
}

/// One game to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Indices into the queue slice, longest waiting first.
    pub members: Vec<usize>,
    /// How many seats bots take (0 for a game of people only).
    pub bots: usize,
}

/// How many partial groups the search for one player's full group may try
/// before giving up for this call: bounds the work on a pathological queue
/// (many players each fitting the anchor but few fitting each other). Queues
/// small enough to search fully never reach it.
const SEARCH_BUDGET: usize = 20_000;

/// Disjoint groups to start now: full groups of `players` people whose ratings fit each member's window
/// (every pair's |display difference| <= the smaller of their two windows), longest-waiting first; and, for a player whose
/// bot_fill_after_ms has passed and who could not be matched fully, a group of that player plus any other
/// waiting players that fit, with `bots` = the rest. No index appears twice. Deterministic.
///
/// Players are served in order of time waited (ties: lower index first).
/// Each unmatched player in turn gets the full group that, among the
/// unmatched players who fit them, prefers the longest waiting. Only players
/// who accept bots at all (`bot_fill_after_ms` is `Some`) join a group with
/// bots. `players == 0` gives no groups; `players == 1` gives everyone a game
/// alone.
pub fn find_groups(queue: &[Waiting], players: usize) -> Vec<Group> {
    if players == 0 {
        return Vec::new();
    }
    let mut order: Vec<usize> = (0..queue.len()).collect();
    order.sort_by_key(|&i| (Reverse(queue[i].waited_ms), i));

    let mut used = vec![false; queue.len()];
    let mut groups = Vec::new();
    for &anchor in &order {
        if used[anchor] {
            continue;
        }
        let candidates: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&j| j != anchor && !used[j] && fits(&queue[anchor], &queue[j]))
            .collect();
        let mut group = match full_group(queue, anchor, &candidates, players) {
            Some(members) => Group { members, bots: 0 },
            None if bot_fill_due(&queue[anchor]) => {
                let members = bot_filled(queue, anchor, &candidates, players);
                Group {
                    bots: players - members.len(),
                    members,
                }
            }
            None => continue,
        };
        // An earlier player still waiting (not yet due for bots) can join a
        // later player's bot game, so restore waiting order.
        group
            .members
            .sort_by_key(|&i| (Reverse(queue[i].waited_ms), i));
        for &m in &group.members {
            used[m] = true;
        }
        groups.push(group);
    }
    groups
}

/// The anchor plus `players - 1` candidates that all fit each other, the
/// first such set in candidate (waiting) order; `None` if there is none or
/// the search budget runs out.
fn full_group(
    queue: &[Waiting],
    anchor: usize,
    candidates: &[usize],
    players: usize,
) -> Option<Vec<usize>> {
    let mut chosen = vec![anchor];
    let mut budget = SEARCH_BUDGET;
    extend(queue, candidates, players, &mut chosen, &mut budget).then_some(chosen)
}

/// Depth-first: add candidates that fit everyone chosen so far until the
/// group is full. Returns whether `chosen` is now a full group.
fn extend(
    queue: &[Waiting],
    candidates: &[usize],
    players: usize,
    chosen: &mut Vec<usize>,
    budget: &mut usize,
) -> bool {
    if chosen.len() == players {
        return true;
    }
    let needed = players - chosen.len();
    for (k, &c) in candidates.iter().enumerate() {
        if candidates.len() - k < needed || *budget == 0 {
            return false;
        }
        *budget -= 1;
        if chosen.iter().all(|&m| fits(&queue[m], &queue[c])) {
            chosen.push(c);
            if extend(queue, &candidates[k + 1..], players, chosen, budget) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

/// The anchor plus, in waiting order, every candidate who accepts bots and
/// fits everyone taken so far, up to `players` people.
fn bot_filled(
    queue: &[Waiting],
    anchor: usize,
    candidates: &[usize],
    players: usize,
) -> Vec<usize> {
    let mut members = vec![anchor];
    for &c in candidates {
        if members.len() == players {
            break;
        }
        let fits_all = members.iter().all(|&m| fits(&queue[m], &queue[c]));
        if queue[c].bot_fill_after_ms.is_some() && fits_all {
            members.push(c);
        }
    }
    members
}

#[cfg(test)]
mod tests;
