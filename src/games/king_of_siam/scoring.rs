//! Section 6: the end of the game and its winners — the British ending
//! (KS-21 … KS-23), the normal ending (KS-24 … KS-26), the outcome report
//! (KS-32) and the hypothetical scoring of the 3-player last-card rule (KS-15).

use std::fmt::Write as _;

use super::faction::{Controller, Faction, Followers};
use super::resolve::majority;
use super::state::{BRITISH_LIMIT, State};
use crate::engine::{Outcome, Seat, SeatResult};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// KS-21: the British took their 4th province.
    British,
    /// KS-24: all eight provinces decided with at most 3 British.
    Normal,
}

impl Ending {
    /// Machine-friendly name (`british`, `normal`), as in `Outcome.ending`.
    pub fn id(self) -> &'static str {
        match self {
            Ending::British => "british",
            Ending::Normal => "normal",
        }
    }
}

/// The provinces held: what scoring needs from the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standings {
    /// British provinces (KS-19).
    pub british: u8,
    /// Provinces controlled by each faction (KS-25 step 1).
    pub provinces: [u8; 3],
    /// Each faction's most recent conquest (KS-18).
    pub last_conquest: [Option<u8>; 3],
}

impl Standings {
    /// The standings on the board now.
    pub fn of(state: &State) -> Self {
        Standings {
            british: state.british,
            provinces: Faction::ALL.map(|f| state.faction_provinces(f)),
            last_conquest: state.last_conquest,
        }
    }

    /// KS-15: the standings if the contested province were resolved now, as
    /// it stands (with the conquest index of the struggle in progress).
    pub fn with_contested_resolved(state: &State) -> Self {
        let mut st = Standings::of(state);
        if let Some(p) = state.contested() {
            match majority(state.province(p).followers) {
                Controller::Faction(f) => {
                    st.provinces[f.index()] += 1;
                    st.last_conquest[f.index()] = Some(state.struggle);
                }
                Controller::British => st.british += 1,
            }
        }
        st
    }

    /// KS-21 / KS-24: which ending scoring uses.
    pub fn ending(&self) -> Ending {
        if self.british >= BRITISH_LIMIT {
            Ending::British
        } else {
            Ending::Normal
        }
    }

    /// KS-25 step 4: the faction ranking — provinces descending, then
    /// most recent conquest later first; factions equal on both (those with
    /// 0 provinces) share a group.
    pub fn faction_ranking(&self) -> Vec<Vec<Faction>> {
        let key = |f: Faction| (self.provinces[f.index()], self.last_conquest[f.index()]);
        let mut factions = Faction::ALL.to_vec();
        factions.sort_by(|a, b| key(*b).cmp(&key(*a)).then(a.cmp(b)));
        let mut groups: Vec<Vec<Faction>> = Vec::new();
        for f in factions {
            match groups.last_mut() {
                Some(g) if key(g[0]) == key(f) => g.push(f),
                _ => groups.push(vec![f]),
            }
        }
        groups
    }

    /// KS-25 steps 2–3: the ruling faction (most provinces, ties to the latest
    /// conquest); `None` when no faction holds a province.
    pub fn ruling_faction(&self) -> Option<Faction> {
        let top = self.faction_ranking().into_iter().next()?;
        match top.as_slice() {
            [f] if self.provinces[f.index()] > 0 => Some(*f),
            _ => None,
        }
    }
}

/// Who wins, and everybody's score and rank (KS-22, KS-23, KS-26, KS-32).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The ending scored.
    pub ending: Ending,
    /// Winning seats (empty for a team draw or when nobody can win).
    pub winners: Vec<Seat>,
    /// True for a team draw (KS-23, KS-26).
    pub draw: bool,
    /// Per seat: the main score (sets, team sets, or ruling-faction followers).
    pub scores: Vec<i64>,
    /// Per seat: the rank, 1 = best.
    pub ranks: Vec<u32>,
    /// The ruling faction in the normal ending.
    pub ruling: Option<Faction>,
}

/// Score `courts` against `standings` as if the game ended now.
pub fn decide(standings: &Standings, courts: &[Followers]) -> Decision {
    let players = courts.len();
    let teams = players == 4;
    let ending = standings.ending();
    match ending {
        Ending::British => {
            if teams {
                // KS-23: pooled team sets.
                let team_sets: Vec<u32> = (0..2)
                    .map(|t| {
                        let mut pooled = courts[t];
                        pooled.add_all(courts[t + 2]);
                        u32::from(pooled.sets())
                    })
                    .collect();
                let team_keys: Vec<Vec<u32>> = team_sets.iter().map(|s| vec![*s]).collect();
                let (winners, draw, ranks) = team_result(&team_keys, players);
                let scores = (0..players).map(|s| i64::from(team_sets[s % 2])).collect();
                Decision {
                    ending,
                    winners,
                    draw,
                    scores,
                    ranks,
                    ruling: None,
                }
            } else {
                // KS-22: most complete sets; ties share the victory.
                let keys: Vec<Vec<u32>> =
                    courts.iter().map(|c| vec![u32::from(c.sets())]).collect();
                let ranks = ranks_by_keys(&keys);
                let winners = (0..players).filter(|s| ranks[*s] == 1).collect();
                let scores = courts.iter().map(|c| i64::from(c.sets())).collect();
                Decision {
                    ending,
                    winners,
                    draw: false,
                    scores,
                    ranks,
                    ruling: None,
                }
            }
        }
        Ending::Normal => {
            let ruling = standings.ruling_faction();
            let Some(ruling_faction) = ruling else {
                // KS-15: no faction holds a province, nobody is the winner.
                return Decision {
                    ending,
                    winners: Vec::new(),
                    draw: false,
                    scores: vec![0; players],
                    ranks: vec![1; players],
                    ruling,
                };
            };
            // KS-26: ruling-faction followers, then the next-ranked
            // faction groups (a group of two tied factions counts as a sum).
            let groups = standings.faction_ranking();
            let keys: Vec<Vec<u32>> = courts
                .iter()
                .map(|c| {
                    groups
                        .iter()
                        .map(|g| g.iter().map(|f| u32::from(c.get(*f))).sum())
                        .collect()
                })
                .collect();
            let scores = courts
                .iter()
                .map(|c| i64::from(c.get(ruling_faction)))
                .collect();
            if teams {
                // KS-26: the team of the single best individual court
                // wins; equal best keys across the teams are a draw.
                let team_keys: Vec<Vec<u32>> = (0..2)
                    .map(|t| std::cmp::max(keys[t].clone(), keys[t + 2].clone()))
                    .collect();
                let (winners, draw, ranks) = team_result(&team_keys, players);
                Decision {
                    ending,
                    winners,
                    draw,
                    scores,
                    ranks,
                    ruling,
                }
            } else {
                let ranks = ranks_by_keys(&keys);
                let winners = (0..players).filter(|s| ranks[*s] == 1).collect();
                Decision {
                    ending,
                    winners,
                    draw: false,
                    scores,
                    ranks,
                    ruling,
                }
            }
        }
    }
}

/// Rank entries by descending keys (lexicographic); equal keys share a rank.
fn ranks_by_keys(keys: &[Vec<u32>]) -> Vec<u32> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u32)
        .collect()
}

/// Two teams (seats t and t + 2): winners, draw flag and per-seat ranks;
/// partners share their team's rank.
fn team_result(team_keys: &[Vec<u32>], players: usize) -> (Vec<Seat>, bool, Vec<u32>) {
    let team_ranks = ranks_by_keys(team_keys);
    let ranks: Vec<u32> = (0..players).map(|s| team_ranks[s % 2]).collect();
    if team_ranks[0] == team_ranks[1] {
        (Vec::new(), true, ranks)
    } else {
        let winner = if team_ranks[0] == 1 { 0 } else { 1 };
        (vec![winner, winner + 2], false, ranks)
    }
}

fn courts(state: &State) -> Vec<Followers> {
    state.seats.iter().map(|s| s.court).collect()
}

/// KS-15: the sole winner of the hypothetical scoring right now (the
/// contested province resolved as it stands, other undecided provinces left
/// uncontrolled), if there is exactly one.
pub fn hypothetical_sole_winner(state: &State) -> Option<Seat> {
    let d = decide(&Standings::with_contested_resolved(state), &courts(state));
    match d.winners.as_slice() {
        [single] if !d.draw => Some(*single),
        _ => None,
    }
}

/// The ending of a finished game.
pub fn ending(state: &State) -> Ending {
    Standings::of(state).ending()
}

/// KS-32: the outcome of a finished game; `None` while it runs.
pub fn outcome(state: &State) -> Option<Outcome> {
    if !state.over {
        return None;
    }
    let st = Standings::of(state);
    let courts = courts(state);
    let d = decide(&st, &courts);
    let results = (0..state.players)
        .map(|seat| SeatResult {
            seat,
            rank: d.ranks[seat],
            score: d.scores[seat],
        })
        .collect();
    Some(Outcome {
        winners: d.winners.clone(),
        draw: d.draw,
        results,
        ending: d.ending.id().to_owned(),
        summary: summary(state, &st, &courts, &d),
    })
}

fn seat_list(seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(|s| format!("seat {s}")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn summary(state: &State, st: &Standings, courts: &[Followers], d: &Decision) -> String {
    let mut s = String::new();
    let teams = state.players == 4;
    match d.ending {
        Ending::British => {
            let _ = write!(
                s,
                "British ending: the British hold {} provinces. ",
                st.british
            );
            if teams {
                let _ = write!(
                    s,
                    "Team sets: seats 0+2 {}, seats 1+3 {}. ",
                    d.scores[0], d.scores[1]
                );
            } else {
                let sets: Vec<String> = courts
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("seat {i} {}", c.sets()))
                    .collect();
                let _ = write!(s, "Sets: {}. ", sets.join(", "));
            }
        }
        Ending::Normal => {
            let counts: Vec<String> = Faction::ALL
                .iter()
                .map(|f| format!("{} {}", f.name(), st.provinces[f.index()]))
                .chain(std::iter::once(format!("British {}", st.british)))
                .collect();
            let ruling = d.ruling.map(|f| f.name()).unwrap_or("no faction");
            let _ = write!(
                s,
                "Normal ending: {ruling} rules Siam ({}). ",
                counts.join(", ")
            );
            let followers: Vec<String> = d
                .scores
                .iter()
                .enumerate()
                .map(|(i, n)| format!("seat {i} {n}"))
                .collect();
            let _ = write!(s, "{ruling} followers: {}. ", followers.join(", "));
        }
    }
    if d.draw {
        s.push_str("The teams draw.");
    } else if teams {
        let _ = write!(s, "Team of {} wins.", seat_list(&d.winners));
    } else if d.winners.len() == 1 {
        let _ = write!(s, "{} wins.", seat_list(&d.winners));
    } else {
        let _ = write!(s, "{} share the victory.", seat_list(&d.winners));
    }
    s
}
