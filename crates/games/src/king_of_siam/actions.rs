//! Section 4.5: the engine's actions (KS-27) and the generator of legal
//! actions in the fixed order of KS-30.

use super::board::{PROVINCE_COUNT, Province};
use super::card::Card;
use super::effects::{eligible_tiles, faction_targets, is_valid_pair, two_side_picks};
use super::faction::Faction;
use super::last_card;
use super::state::{State, Step};
use satrap_engine::Seat;

/// One step a player takes (KS-27). A turn is one `Pass` or one complete card
/// play: `Play`, the card's effect steps, then `Take`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// KS-8: do nothing this turn.
    Pass,
    /// KS-5: start playing a card of this type from the hand.
    Play(Card),
    /// KS-10 / KS-11: the province receiving the faction card's followers, or
    /// the current Khon Thai follower.
    Place(Province),
    /// KS-12: exchange a follower of faction `f` in `p` with one of faction
    /// `g` in `q`; `p` comes before `q` in the province list.
    Exchange1v1 {
        /// The earlier province of the pair.
        p: Province,
        /// The faction of the follower leaving `p`.
        f: Faction,
        /// The later province of the pair.
        q: Province,
        /// The faction of the follower leaving `q`.
        g: Faction,
    },
    /// KS-13: send the followers `sent` (k = min(2, followers in `p`), sorted
    /// Rama, Lao, Malay) from the "two" side `p` to `q`, and one follower of
    /// faction `g` from the "one" side `q` to `p`.
    Exchange2v1 {
        /// The "two" side.
        p: Province,
        /// The followers leaving `p` (one or two factions, sorted).
        sent: Sent,
        /// The "one" side.
        q: Province,
        /// The faction of the follower leaving `q`.
        g: Faction,
    },
    /// KS-14: swap the tiles `t1` and `t2` (`t1` in the lower box) and put the
    /// King marker on `marker` (one of the two).
    King {
        /// The tile in the lower box.
        t1: Province,
        /// The tile in the higher box.
        t2: Province,
        /// The tile receiving the King marker.
        marker: Province,
    },
    /// KS-7: take a follower of `faction` from `province` into the court.
    Take {
        /// Where the follower comes from.
        province: Province,
        /// Its faction.
        faction: Faction,
    },
}

/// The followers leaving the "two" side of a 2 vs 1 exchange (KS-13), in
/// the order written. A legal one has one or two factions, sorted Rama,
/// Lao, Malay; `apply` refuses any other with the rule. Kept inline (up to
/// three factions, the most any caller writes), so the hundreds of actions
/// of a 2 vs 1 list allocate nothing; it reads as a slice of factions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sent {
    len: u8,
    /// The factions; the entries past `len` are always Rama, so the
    /// derived equality and hash see only the written ones.
    factions: [Faction; 3],
}

impl Sent {
    /// The most factions a `Sent` holds.
    pub const CAPACITY: usize = 3;

    /// These factions in this order; `None` for more than [`Self::CAPACITY`].
    pub fn new(factions: &[Faction]) -> Option<Sent> {
        if factions.len() > Self::CAPACITY {
            return None;
        }
        let mut sent = Sent {
            len: factions.len() as u8,
            factions: [Faction::Rama; 3],
        };
        sent.factions[..factions.len()].copy_from_slice(factions);
        Some(sent)
    }
}

impl std::ops::Deref for Sent {
    type Target = [Faction];
    fn deref(&self) -> &[Faction] {
        &self.factions[..usize::from(self.len)]
    }
}

/// Written as the list of factions (what the `Vec` it replaced printed).
impl std::fmt::Debug for Sent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Every legal action of `seat` now, in the order of KS-30, including the
/// 3-player last-card filter (KS-15, KS-29), written into `out` (cleared
/// first). Empty when `seat` need not act.
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if state.over || seat != state.current {
        return;
    }
    match &state.card_play {
        None => {
            let hand = state.seats[seat].hand;
            out.reserve(1 + Card::ALL.len());
            out.push(Action::Pass);
            // KS-15: one search decides every PLAY of a last card.
            let last = last_card::applies_to_play(state, seat)
                .then(|| last_card::Search::new(state, seat));
            for card in Card::ALL.into_iter().filter(|c| hand.has(*c)) {
                let play = Action::Play(card);
                if last.as_ref().is_none_or(|s| s.keeps_win(state, &play)) {
                    out.push(play);
                }
            }
        }
        Some(cp) => {
            push_step_candidates(state, out);
            if cp.last_card {
                // KS-29: keep the steps that leave a winning completion.
                let search = last_card::Search::new(state, seat);
                out.retain(|a| search.keeps_win(state, a));
            }
        }
    }
}

/// The actions the rules of the card allow for the next step of the card
/// play in progress (without the last-card filter), in KS-30 order.
pub fn step_candidates(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    push_step_candidates(state, &mut out);
    out
}

/// [`step_candidates`], appended to `out` (the listing's buffer).
fn push_step_candidates(state: &State, out: &mut Vec<Action>) {
    let Some(cp) = &state.card_play else {
        return;
    };
    match cp.step {
        Step::Target(x) => out.extend(faction_targets(state, x).into_iter().map(Action::Place)),
        Step::KhonThai(_) => out.extend(state.undecided().map(Action::Place)),
        Step::Exchange1v1 => {
            // Counted first (a long list: every pair of provinces, a
            // faction from each), so that it is allocated once.
            let pairs = Pairs::of(state);
            let count: usize = Province::all()
                .map(|p| {
                    let later: usize = pairs
                        .partners(p)
                        .filter(|q| *q > p)
                        .map(|q| pairs.factions(q).len())
                        .sum();
                    pairs.factions(p).len() * later
                })
                .sum();
            out.reserve_exact(count);
            // By the earlier province of the pair, its faction, the later
            // province, its faction (the pairs of `valid_pairs`, in order).
            for p in Province::all() {
                for &f in pairs.factions(p) {
                    for q in pairs.partners(p).filter(|q| *q > p) {
                        for &g in pairs.factions(q) {
                            out.push(Action::Exchange1v1 { p, f, q, g });
                        }
                    }
                }
            }
        }
        Step::Exchange2v1 => {
            // The list is the longest of the game (hundreds of actions):
            // counted first, so that it is allocated once.
            let pairs = Pairs::of(state);
            let count: usize = Province::all()
                .map(|p| {
                    let factions: usize = pairs.partners(p).map(|q| pairs.factions(q).len()).sum();
                    factions * two_side_picks(state.province(p).followers).count()
                })
                .sum();
            out.reserve_exact(count);
            for p in Province::all() {
                if pairs.partners(p).next().is_none() {
                    continue;
                }
                for (pick, k) in two_side_picks(state.province(p).followers) {
                    let Some(sent) = Sent::new(&pick[..k]) else {
                        continue;
                    };
                    for q in pairs.partners(p) {
                        for &g in pairs.factions(q) {
                            out.push(Action::Exchange2v1 { p, sent, q, g });
                        }
                    }
                }
            }
        }
        Step::King => {
            let tiles = eligible_tiles(state);
            // Two actions (the marker on either tile) per pair of tiles.
            out.reserve_exact(tiles.len() * tiles.len().saturating_sub(1));
            for (i, t1) in tiles.iter().enumerate() {
                for t2 in &tiles[i + 1..] {
                    out.push(Action::King {
                        t1: *t1,
                        t2: *t2,
                        marker: *t1,
                    });
                    out.push(Action::King {
                        t1: *t1,
                        t2: *t2,
                        marker: *t2,
                    });
                }
            }
        }
        Step::Take => {
            // One take per province and faction with a follower there.
            out.reserve_exact(Province::all().map(|p| factions_in(state, p).count()).sum());
            for p in Province::all() {
                for faction in factions_in(state, p) {
                    out.push(Action::Take {
                        province: p,
                        faction,
                    });
                }
            }
        }
    }
}

/// The factions with a follower in `p`, in faction order.
fn factions_in(state: &State, p: Province) -> impl Iterator<Item = Faction> {
    let here = state.province(p).followers;
    Faction::ALL.into_iter().filter(move |f| here.has(*f))
}

/// The exchanges' facts, found once per listing (the lists ask about every
/// pair of provinces twice: to count, then to list): each province's
/// factions with a follower there, and its partners in a valid pair (KS-12,
/// A-5) as a bit set.
struct Pairs {
    factions: [([Faction; 3], u8); PROVINCE_COUNT],
    partners: [u8; PROVINCE_COUNT],
}

impl Pairs {
    fn of(state: &State) -> Self {
        let mut pairs = Pairs {
            factions: [([Faction::Rama; 3], 0); PROVINCE_COUNT],
            partners: [0; PROVINCE_COUNT],
        };
        for p in Province::all() {
            let (list, len) = &mut pairs.factions[p.index()];
            for f in factions_in(state, p) {
                list[usize::from(*len)] = f;
                *len += 1;
            }
            for q in Province::all().filter(|q| is_valid_pair(state, p, *q)) {
                pairs.partners[p.index()] |= 1 << q.index();
            }
        }
        pairs
    }

    /// The factions with a follower in `p`, in faction order.
    fn factions(&self, p: Province) -> &[Faction] {
        let (list, len) = &self.factions[p.index()];
        &list[..usize::from(*len)]
    }

    /// The provinces `p` forms a valid pair with, in province-list order.
    fn partners(&self, p: Province) -> impl Iterator<Item = Province> + '_ {
        let mask = self.partners[p.index()];
        Province::all().filter(move |q| mask & (1 << q.index()) != 0)
    }
}
