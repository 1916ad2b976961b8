//! How a finished game was decided, for the view: the ruling faction, the
//! faction ranking and the numbers each seat was compared by (KS-22, KS-23,
//! KS-25, KS-26), so that a client can say "a 5–5 tie on Lao followers,
//! broken by Rama followers" without scoring the game again.

use super::faction::{Faction, Followers};
use super::scoring::{Ending, Key, Standings, courts, decide, groups_key, sets_key};
use super::state::State;

/// The scoring of a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoring {
    /// The ruling faction (normal ending with a faction holding a province).
    pub ruling: Option<Faction>,
    /// The faction ranking, best group first (normal ending; empty in the
    /// British ending).
    pub ranking: Vec<Vec<Faction>>,
    /// Per seat, the numbers its side was compared by, most important
    /// first (see [`keys`]).
    pub keys: Vec<Vec<u32>>,
    /// The place in `keys` that separated the winners from the best of the
    /// rest; `None` when nobody was separated.
    pub decided_by: Option<u32>,
}

/// The scoring of `state` once it is over.
pub fn scoring(state: &State) -> Option<Scoring> {
    state
        .over
        .then(|| scoring_of(&Standings::of(state), &courts(state)))
}

/// The scoring of `courts` (one per seat) against `standings`.
pub fn scoring_of(standings: &Standings, courts: &[Followers]) -> Scoring {
    let d = decide(standings, courts);
    let ruling = d.ruling;
    let ranking = match d.ending {
        Ending::Normal if ruling.is_some() => standings.faction_ranking(),
        _ => Vec::new(),
    };
    let keys = keys(standings, courts, ranking.len());
    let decided_by = match d.winners.first() {
        Some(&w) if !d.draw => {
            let rest = (0..courts.len())
                .filter(|s| !d.winners.contains(s))
                .map(|s| &keys[s])
                .max();
            rest.and_then(|r| keys[w].iter().zip(r).position(|(a, b)| a != b))
                .filter(|_| d.winners.len() == 1 || courts.len() == 4)
                .map(|i| i as u32)
        }
        _ => None,
    };
    Scoring {
        ruling,
        ranking,
        keys,
        decided_by,
    }
}

/// Per seat, what its side was compared by: complete sets in the British
/// ending (KS-22; the team's pooled sets in the 4-player game, KS-23), the
/// followers of each of the `groups` faction groups in the normal ending
/// (KS-26, A-13; the team's better court in the 4-player game, A-15), and
/// nothing when no faction holds a province.
fn keys(standings: &Standings, courts: &[Followers], groups: usize) -> Vec<Vec<u32>> {
    let teams = courts.len() == 4;
    let side = |seat: usize, key: &dyn Fn(Followers) -> Key| -> Key {
        if teams {
            key(courts[seat % 2]).max(key(courts[seat % 2 + 2]))
        } else {
            key(courts[seat])
        }
    };
    (0..courts.len())
        .map(|seat| match standings.ending() {
            Ending::British if teams => {
                let mut pooled = courts[seat % 2];
                pooled.add_all(courts[seat % 2 + 2]);
                vec![u32::from(pooled.sets())]
            }
            Ending::British => sets_key(courts[seat])[..1].to_vec(),
            Ending::Normal => {
                let places = standings.places();
                side(seat, &|c| groups_key(&places, c))[..groups].to_vec()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(provinces: [u8; 3], last: [Option<u8>; 3]) -> Standings {
        Standings {
            british: 1,
            provinces,
            last_conquest: last,
        }
    }

    /// KS-26: a 5–5 tie on the ruling faction's followers is broken
    /// by the next faction group, and the scoring says so.
    #[test]
    fn ks_26_a_tie_on_the_ruling_faction_is_broken_by_the_next_group() {
        // Lao rules (3 provinces), then Rama (2), then Malay (1).
        let st = normal([2, 3, 1], [Some(4), Some(6), Some(2)]);
        let courts = [
            Followers::new(3, 5, 0),
            Followers::new(2, 5, 4),
            Followers::new(1, 1, 1),
        ];
        let s = scoring_of(&st, &courts);
        assert_eq!(s.ruling, Some(Faction::Lao));
        assert_eq!(
            s.ranking,
            vec![
                vec![Faction::Lao],
                vec![Faction::Rama],
                vec![Faction::Malay]
            ]
        );
        assert_eq!(s.keys, vec![vec![5, 3, 0], vec![5, 2, 4], vec![1, 1, 1]]);
        assert_eq!(s.decided_by, Some(1));
    }

    /// KS-25: equal provinces go to the later conquest; a clear lead on
    /// the ruling faction is decided by the first number.
    #[test]
    fn ks_25_the_later_conquest_rules_and_a_clear_lead_decides_first() {
        let st = normal([3, 3, 1], [Some(7), Some(5), Some(2)]);
        let courts = [Followers::new(6, 0, 0), Followers::new(2, 9, 0)];
        let s = scoring_of(&st, &courts);
        assert_eq!(s.ruling, Some(Faction::Rama));
        assert_eq!(s.keys, vec![vec![6, 0, 0], vec![2, 9, 0]]);
        assert_eq!(s.decided_by, Some(0));
    }

    /// equal keys share the victory; nobody was separated.
    #[test]
    fn a_14_a_shared_victory_names_no_deciding_number() {
        let st = normal([3, 2, 1], [Some(7), Some(5), Some(2)]);
        let courts = [Followers::new(4, 1, 1), Followers::new(4, 1, 1)];
        assert_eq!(scoring_of(&st, &courts).decided_by, None);
    }

    /// KS-22, KS-23: the British ending compares complete sets; teams pool
    /// theirs.
    #[test]
    fn ks_22_ks_23_the_british_ending_compares_sets() {
        let st = Standings {
            british: 4,
            provinces: [2, 1, 1],
            last_conquest: [Some(3), Some(5), Some(7)],
        };
        let three = [
            Followers::new(2, 2, 2),
            Followers::new(1, 3, 1),
            Followers::new(0, 0, 0),
        ];
        let s = scoring_of(&st, &three);
        assert_eq!((s.ruling, s.ranking.len()), (None, 0));
        assert_eq!(s.keys, vec![vec![2], vec![1], vec![0]]);
        assert_eq!(s.decided_by, Some(0));
        let four = [
            Followers::new(1, 1, 1),
            Followers::new(1, 1, 0),
            Followers::new(1, 1, 1),
            Followers::new(0, 0, 1),
        ];
        let s = scoring_of(&st, &four);
        assert_eq!(s.keys, vec![vec![2], vec![1], vec![2], vec![1]]);
        assert_eq!(s.decided_by, Some(0));
    }
}
