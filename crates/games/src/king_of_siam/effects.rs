//! Section 4.3: what each card allows in the current position — faction card
//! targets (KS-10), valid exchange pairs (KS-12, KS-13) and eligible tiles for
//! the King card (KS-14). Pure queries; `apply` performs the effects.

use super::board::{Province, home};
use super::faction::{Controller, Faction, Followers};
use super::state::State;

/// KS-10 step 1: the anchors of faction `x` — every province `x`
/// controls, plus its home province while that is still undecided.
pub fn anchors(state: &State, x: Faction) -> Vec<Province> {
    Province::all()
        .filter(|p| is_anchor(state, x, *p))
        .collect()
}

/// KS-10 step 1: whether `p` is an anchor of `x`: controlled by `x`,
/// or `x`'s home while nobody controls it.
fn is_anchor(state: &State, x: Faction, p: Province) -> bool {
    let controller = state.province(p).controller;
    controller == Some(Controller::Faction(x)) || (p == home(x) && controller.is_none())
}

/// KS-10 step 2 without the lists of [`faction_targets`]: whether `p` is
/// undecided and next to an anchor of `x` (`apply` and the last-card
/// search ask it of one province at a time).
pub fn is_faction_target(state: &State, x: Faction, p: Province) -> bool {
    state.is_undecided(p) && p.neighbours().any(|a| is_anchor(state, x, a))
}

/// KS-10 step 2: undecided provinces adjacent to at least one anchor of `x`
/// (a province is not adjacent to itself), in province-list order.
pub fn faction_targets(state: &State, x: Faction) -> Vec<Province> {
    let anchors = anchors(state, x);
    state
        .undecided()
        .filter(|p| anchors.iter().any(|a| a.is_adjacent(*p)))
        .collect()
}

/// KS-12: whether {p, q} is a valid pair — adjacent, both undecided,
/// each holding at least one follower.
pub fn is_valid_pair(state: &State, p: Province, q: Province) -> bool {
    p.is_adjacent(q)
        && state.is_undecided(p)
        && state.is_undecided(q)
        && !state.province(p).followers.is_empty()
        && !state.province(q).followers.is_empty()
}

/// KS-12: all valid pairs, each once, the earlier province first (without
/// a list: `apply` asks whether there is one, the last-card search walks
/// them).
pub fn valid_pairs(state: &State) -> impl Iterator<Item = (Province, Province)> + '_ {
    Province::all().flat_map(move |p| {
        Province::all()
            .filter(move |q| *q > p && is_valid_pair(state, p, *q))
            .map(move |q| (p, q))
    })
}

/// KS-14 step 1: a face-up tile without a King marker (the contested
/// tile included).
pub fn is_eligible_tile(state: &State, p: Province) -> bool {
    state.is_undecided(p) && state.province(p).king_marker.is_none()
}

/// KS-14 step 1: the eligible tiles in box order.
pub fn eligible_tiles(state: &State) -> Vec<Province> {
    state
        .track
        .iter()
        .copied()
        .filter(|p| is_eligible_tile(state, *p))
        .collect()
}

/// KS-13: the choices of [`two_side_choices`], in its order, without
/// allocating: each as a pair `(factions, k)` of which the first `k`
/// entries are sent. The generator lists hundreds of 2 vs 1 actions and
/// the last-card search walks them all.
pub fn two_side_picks(here: Followers) -> impl Iterator<Item = ([Faction; 2], usize)> {
    use Faction::{Lao, Malay, Rama};
    const PAIRS: [[Faction; 2]; 6] = [
        [Rama, Rama],
        [Rama, Lao],
        [Rama, Malay],
        [Lao, Lao],
        [Lao, Malay],
        [Malay, Malay],
    ];
    let k = here.total().min(2) as usize;
    let singles = Faction::ALL
        .into_iter()
        .filter(move |f| k == 1 && here.has(*f))
        .map(|f| ([f, f], 1));
    let pairs = PAIRS
        .into_iter()
        .filter(move |pick| k == 2 && here.contains_all(pick))
        .map(|pick| (pick, 2));
    singles.chain(pairs)
}

/// KS-13: the multisets of `k` followers that the "two" side may send, as
/// sorted faction lists (Rama, Lao, Malay order), for followers `here`.
/// The plain version of [`two_side_picks`], which the tests compare with it.
#[cfg(test)]
pub fn two_side_choices(here: Followers) -> Vec<Vec<Faction>> {
    let k = here.total().min(2);
    let mut out = Vec::new();
    if k == 1 {
        for f in Faction::ALL.into_iter().filter(|f| here.has(*f)) {
            out.push(vec![f]);
        }
    } else if k == 2 {
        for (i, a) in Faction::ALL.into_iter().enumerate() {
            for b in Faction::ALL.into_iter().skip(i) {
                let pick = vec![a, b];
                if here.contains_all(&pick) {
                    out.push(pick);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// KS-13: the allocation-free choices are the plain ones, in the same
    /// order, for every province content of up to 4 followers per faction.
    #[test]
    fn two_side_picks_are_the_plain_choices() {
        for r in 0..5 {
            for l in 0..5 {
                for m in 0..5 {
                    let here = Followers::new(r, l, m);
                    let picks: Vec<Vec<Faction>> = two_side_picks(here)
                        .map(|(pick, k)| pick[..k].to_vec())
                        .collect();
                    assert_eq!(picks, two_side_choices(here), "{here:?}");
                }
            }
        }
    }
}
