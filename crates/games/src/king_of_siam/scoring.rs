//! Section 6: the end of the game and its winners — the British ending
//! (KS-21 … KS-23), the normal ending (KS-24 … KS-26), the outcome report
//! (KS-32) and the hypothetical scoring of the 3-player last-card rule (KS-15).

use std::fmt::Write as _;

use super::faction::{Controller, Faction, Followers};
use super::resolve::majority;
use super::state::{BRITISH_LIMIT, State};
use satrap_engine::{Outcome, Seat, SeatResult};

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
        let controller = state
            .contested()
            .map(|p| majority(state.province(p).followers));
        Standings::of(state).resolved(controller, state.struggle)
    }

    /// KS-15, KS-18, KS-19: these standings after the contested province
    /// went to `controller` in power struggle `struggle` (`None`: no
    /// province was contested, nothing changes).
    pub fn resolved(mut self, controller: Option<Controller>, struggle: u8) -> Self {
        match controller {
            Some(Controller::Faction(f)) => {
                self.provinces[f.index()] += 1;
                self.last_conquest[f.index()] = Some(struggle);
            }
            Some(Controller::British) => self.british += 1,
            None => {}
        }
        self
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

    /// KS-25 step 4: each faction's group in [`Self::faction_ranking`]
    /// (0 = the first group): the number of distinct better keys, so that
    /// factions equal on both share a group. Allocation-free, for the
    /// hypothetical scoring of KS-15, which runs inside searches.
    pub fn places(&self) -> [usize; 3] {
        let key = |f: Faction| (self.provinces[f.index()], self.last_conquest[f.index()]);
        Faction::ALL.map(|f| {
            Faction::ALL
                .iter()
                .enumerate()
                .filter(|(i, g)| {
                    key(**g) > key(f) && !Faction::ALL[..*i].iter().any(|h| key(*h) == key(**g))
                })
                .count()
        })
    }

    /// KS-25 steps 2–3: the ruling faction (most provinces, ties to the latest
    /// conquest); `None` when no faction holds a province.
    pub fn ruling_faction(&self) -> Option<Faction> {
        self.ruling_in(&self.places())
    }

    /// [`ruling_faction`](Self::ruling_faction) from [`places`](Self::places)
    /// already computed.
    fn ruling_in(&self, places: &[usize; 3]) -> Option<Faction> {
        let mut top = Faction::ALL.into_iter().filter(|f| places[f.index()] == 0);
        match (top.next(), top.next()) {
            (Some(f), None) if self.provinces[f.index()] > 0 => Some(f),
            _ => None,
        }
    }
}

/// What courts are compared by, best first (lexicographic): complete sets
/// (KS-22), or the followers of each faction group in ranking order (KS-26,
/// Keys of one scoring always use the same number of places, so the
/// unused places (zero) do not change the order.
pub(super) type Key = [u32; 3];

/// KS-22: a court's key in the British ending.
pub(super) fn sets_key(court: Followers) -> Key {
    [u32::from(court.sets()), 0, 0]
}

/// KS-26: a court's key in the normal ending: its followers of the
/// ruling faction, then of the next-ranked group (a group of two tied
/// factions counts as a sum), and so on; `places` from [`Standings::places`].
pub(super) fn groups_key(places: &[usize; 3], court: Followers) -> Key {
    let mut key = [0; 3];
    for f in Faction::ALL {
        key[places[f.index()]] += u32::from(court.get(f));
    }
    key
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
                let team_keys: Vec<Key> = team_sets.iter().map(|s| [*s, 0, 0]).collect();
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
                let keys: Vec<Key> = courts.iter().map(|c| sets_key(*c)).collect();
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
            let places = standings.places();
            let keys: Vec<Key> = courts.iter().map(|c| groups_key(&places, *c)).collect();
            let scores = courts
                .iter()
                .map(|c| i64::from(c.get(ruling_faction)))
                .collect();
            if teams {
                // KS-26: the team of the single best individual court
                // wins; equal best keys across the teams are a draw.
                let team_keys: Vec<Key> = (0..2).map(|t| keys[t].max(keys[t + 2])).collect();
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
fn ranks_by_keys(keys: &[Key]) -> Vec<u32> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u32)
        .collect()
}

/// Two teams (seats t and t + 2): winners, draw flag and per-seat ranks;
/// partners share their team's rank.
fn team_result(team_keys: &[Key], players: usize) -> (Vec<Seat>, bool, Vec<u32>) {
    let team_ranks = ranks_by_keys(team_keys);
    let ranks: Vec<u32> = (0..players).map(|s| team_ranks[s % 2]).collect();
    if team_ranks[0] == team_ranks[1] {
        (Vec::new(), true, ranks)
    } else {
        let winner = if team_ranks[0] == 1 { 0 } else { 1 };
        (vec![winner, winner + 2], false, ranks)
    }
}

pub(super) fn courts(state: &State) -> Vec<Followers> {
    state.seats.iter().map(|s| s.court).collect()
}

/// KS-15: the sole winner of the hypothetical scoring right now (the
/// contested province resolved as it stands, other undecided provinces left
/// uncontrolled), if there is exactly one.
pub fn hypothetical_sole_winner(state: &State) -> Option<Seat> {
    sole_winner(&Standings::with_contested_resolved(state), &courts(state))
}

/// KS-15: the sole winner of scoring `courts` against `standings`, if there
/// is exactly one: the winners of [`decide`], without its allocations (the
/// last-card search calls this many times).
pub fn sole_winner(standings: &Standings, courts: &[Followers]) -> Option<Seat> {
    SoleWinner::new(standings).of(courts)
}

/// KS-15: [`sole_winner`] with what depends on the standings alone (the
/// ending, the ruling faction, the faction groups) worked out once, for
/// scoring several sets of courts against the same standings: the
/// last-card goal table scores four per standings.
#[derive(Debug, Clone, Copy)]
pub struct SoleWinner(CourtKey);

/// How [`SoleWinner`] compares courts.
#[derive(Debug, Clone, Copy)]
enum CourtKey {
    /// KS-22: complete sets (the British ending).
    Sets,
    /// KS-26: followers by faction group, with [`Standings::places`].
    Groups([usize; 3]),
    /// KS-15: no faction holds a province, nobody is the winner.
    Nobody,
}

impl SoleWinner {
    /// The scoring against `standings`.
    pub fn new(standings: &Standings) -> Self {
        SoleWinner(match standings.ending() {
            Ending::British => CourtKey::Sets,
            Ending::Normal => {
                // The places once: the ruling faction is read from them.
                let places = standings.places();
                match standings.ruling_in(&places) {
                    Some(_) => CourtKey::Groups(places),
                    None => CourtKey::Nobody,
                }
            }
        })
    }

    /// Whether `seat` is the sole winner of `courts` (one per seat): its
    /// key is better than every other seat's. The same answer as
    /// `self.of(courts) == Some(seat)`, with one comparison per seat.
    pub fn is_sole_winner(&self, courts: &[Followers], seat: Seat) -> bool {
        self.sole_winner_with(courts, seat)(courts[seat])
    }

    /// [`is_sole_winner`](Self::is_sole_winner) for `seat` holding a court
    /// to be named, against the other seats' courts in `courts` (the entry
    /// of `seat` is not read): their best key is computed once, since the
    /// last-card goal table asks about four courts of the one seat. With 4
    /// seats nobody wins alone (KS-23, KS-26: a team of two wins, or the
    /// teams draw).
    pub fn sole_winner_with<'a>(
        &'a self,
        courts: &[Followers],
        seat: Seat,
    ) -> impl Fn(Followers) -> bool + 'a {
        let possible = courts.len() != 4 && !matches!(self.0, CourtKey::Nobody);
        let best_other = courts
            .iter()
            .enumerate()
            .filter(|(other, _)| *other != seat)
            .map(|(_, court)| self.key_of(*court))
            .max();
        move |own| possible && best_other.is_none_or(|best| best < self.key_of(own))
    }

    /// A court's key (all zero when nobody can win: never compared then).
    fn key_of(&self, court: Followers) -> Key {
        match &self.0 {
            CourtKey::Sets => sets_key(court),
            CourtKey::Groups(places) => groups_key(places, court),
            CourtKey::Nobody => [0; 3],
        }
    }

    /// The sole winner of `courts` (one per seat), if there is one.
    pub fn of(&self, courts: &[Followers]) -> Option<Seat> {
        if courts.len() == 4 {
            // KS-23, KS-26: a team of two wins, or the teams draw.
            return None;
        }
        match &self.0 {
            CourtKey::Sets => sole_best(courts.iter().map(|c| sets_key(*c))),
            CourtKey::Groups(places) => sole_best(courts.iter().map(|c| groups_key(places, *c))),
            CourtKey::Nobody => None,
        }
    }
}

/// The position of the single highest key, `None` when the highest is shared.
fn sole_best(keys: impl Iterator<Item = Key>) -> Option<Seat> {
    let mut best: Option<(Seat, Key)> = None;
    let mut shared = false;
    for (seat, key) in keys.enumerate() {
        match best {
            Some((_, b)) if key < b => {}
            Some((_, b)) if key == b => shared = true,
            _ => {
                best = Some((seat, key));
                shared = false;
            }
        }
    }
    best.filter(|_| !shared).map(|(seat, _)| seat)
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

/// `seat 0`, `seat 0 and seat 1`, `seat 0, seat 1 and seat 2`.
fn write_seat_list(s: &mut String, seats: &[Seat]) {
    for (i, seat) in seats.iter().enumerate() {
        let separator = match i {
            0 => "",
            i if i + 1 == seats.len() => " and ",
            _ => ", ",
        };
        let _ = write!(s, "{separator}seat {seat}");
    }
}

/// One line for humans, written in place (built once a game, and random
/// playouts are short games: its lists of strings were a thirtieth of one).
fn summary(state: &State, st: &Standings, courts: &[Followers], d: &Decision) -> String {
    let mut s = String::with_capacity(160);
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
                s.push_str("Sets: ");
                for (i, court) in courts.iter().enumerate() {
                    let separator = if i == 0 { "" } else { ", " };
                    let _ = write!(s, "{separator}seat {i} {}", court.sets());
                }
                s.push_str(". ");
            }
        }
        Ending::Normal => {
            let ruling = d.ruling.map(|f| f.name()).unwrap_or("no faction");
            let _ = write!(s, "Normal ending: {ruling} rules Siam (");
            for f in Faction::ALL {
                let _ = write!(s, "{} {}, ", f.name(), st.provinces[f.index()]);
            }
            let _ = write!(s, "British {}). {ruling} followers: ", st.british);
            for (i, n) in d.scores.iter().enumerate() {
                let separator = if i == 0 { "" } else { ", " };
                let _ = write!(s, "{separator}seat {i} {n}");
            }
            s.push_str(". ");
        }
    }
    if d.draw {
        s.push_str("The teams draw.");
    } else if teams {
        s.push_str("Team of ");
        write_seat_list(&mut s, &d.winners);
        s.push_str(" wins.");
    } else if d.winners.len() == 1 {
        write_seat_list(&mut s, &d.winners);
        s.push_str(" wins.");
    } else {
        write_seat_list(&mut s, &d.winners);
        s.push_str(" share the victory.");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use satrap_engine::GameRng;

    fn random_standings(rng: &mut GameRng) -> Standings {
        let mut provinces = [0; 3];
        let mut last_conquest = [None; 3];
        for f in 0..3 {
            provinces[f] = rng.below(4) as u8;
            if provinces[f] > 0 {
                last_conquest[f] = Some(1 + rng.below(8) as u8);
            }
        }
        Standings {
            british: rng.below(5) as u8,
            provinces,
            last_conquest,
        }
    }

    fn random_court(rng: &mut GameRng) -> Followers {
        Followers::new(rng.below(5) as u8, rng.below(5) as u8, rng.below(5) as u8)
    }

    /// KS-25: `places` numbers the groups of `faction_ranking`.
    #[test]
    fn ks_25_places_are_the_faction_ranking_groups() {
        let mut rng = GameRng::from_seed(25);
        for _ in 0..5000 {
            let st = random_standings(&mut rng);
            let places = st.places();
            for (i, group) in st.faction_ranking().iter().enumerate() {
                for f in group {
                    assert_eq!(places[f.index()], i, "{st:?}");
                }
            }
        }
    }

    /// KS-15: `sole_winner` names exactly the single winner of `decide`, for
    /// 2, 3 and 4 players in both endings.
    #[test]
    fn ks_15_sole_winner_agrees_with_decide() {
        let mut rng = GameRng::from_seed(15);
        let mut sole = 0;
        for i in 0..20_000 {
            let st = random_standings(&mut rng);
            let players = 2 + i % 3;
            let courts: Vec<Followers> = (0..players).map(|_| random_court(&mut rng)).collect();
            let d = decide(&st, &courts);
            let expected = match d.winners.as_slice() {
                [single] if !d.draw => Some(*single),
                _ => None,
            };
            assert_eq!(sole_winner(&st, &courts), expected, "{st:?} {courts:?}");
            let scoring = SoleWinner::new(&st);
            for seat in 0..players {
                assert_eq!(
                    scoring.is_sole_winner(&courts, seat),
                    expected == Some(seat),
                    "{st:?} {courts:?} seat {seat}"
                );
            }
            sole += usize::from(expected.is_some());
        }
        assert!(sole > 5000, "only {sole} sole winners");
    }
}
