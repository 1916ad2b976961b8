//! Search knowledge for King of Siam: a static estimate of each seat's
//! chance to win, for search bots that stop a playout early
//! (`Game::evaluate`). Random playouts to the end of the game are very
//! noisy here: with up to eight struggles left, random takes and random
//! card plays decide which faction rules and whose court is best almost
//! by chance. Stopping after the struggle in progress has been resolved
//! and estimating the rest keeps the part of the playout that the moves
//! searched actually influence.
//!
//! The search also plays its playouts by this estimate (each playout move
//! is the better of two random legal moves by it), in every player count:
//! a random player throws its cards away on most turns and takes random
//! followers, so even the struggle in progress was decided by chance.
//!
//! The estimate follows the scoring rules:
//! * KS-25: the ruling faction is the one with the most provinces. Each
//!   faction's *projected* provinces are the provinces it holds plus a
//!   share of each undecided province it leads now (KS-17; a tie for the
//!   most goes to the British, KS-19). The contested province counts more
//!   than later ones, which the cards still have time to change. A softmax
//!   of the projections gives each faction's chance to rule.
//! * KS-21: the British ending's chance grows with the British provinces,
//!   held and projected, around the 4th.
//! * KS-26 / KS-22: a seat's standing in a faction (or in complete sets) is
//!   a logistic function of its lead over the best other court, plus a
//!   little for holding more cards than the others (each card is one more
//!   take, KS-7). In the team game (KS-23, KS-26) a team's best court
//!   counts in the normal ending and its pooled sets in the British one.
//!
//! The weights are round numbers chosen by hand and checked with the arena
//! (docs/bots.md); the estimate never decides a finished game, which the
//! search scores with the real outcome.

use super::KingOfSiam;
use super::faction::{Controller, Faction, Followers};
use super::resolve::majority;
use super::state::{BRITISH_LIMIT, State};
use satrap_engine::{Game, Seat};

/// Weight of the contested province's current leader in the projection.
const CONTESTED_WEIGHT: f64 = 0.6;
/// Weight of the leader of an undecided province further down the track.
const LATER_WEIGHT: f64 = 0.25;
/// Provinces per unit of the softmax over projected provinces.
const RULE_TEMPERATURE: f64 = 0.8;
/// Steepness of the British ending's chance around the 4th province.
const BRITISH_STEEPNESS: f64 = 2.5;
/// Steepness of a seat's standing in its lead in followers or sets.
const LEAD_STEEPNESS: f64 = 1.2;
/// Followers of lead one more card in hand is worth.
const CARD_WORTH: f64 = 0.3;

/// Each seat's estimated chance to win, in `[0, 1]` (both partners of a
/// team get the team's figure). A finished game gets its real result:
/// 1 for a winner (shared wins split), 0 otherwise.
pub fn evaluate(state: &State) -> Vec<f64> {
    if state.over {
        return finished(state);
    }
    let outlook = Outlook::new(state);
    (0..state.players)
        .map(|seat| outlook.chance(state, seat))
        .collect()
}

/// `seat`'s figure of [`evaluate`], the same number, without the other
/// seats': the informed playouts ask for one seat's estimate after each
/// candidate move, and with 4 players the other three seats' figures were
/// most of the cost.
pub fn evaluate_seat(state: &State, seat: Seat) -> f64 {
    if state.over {
        return finished(state).get(seat).copied().unwrap_or(0.0);
    }
    Outlook::new(state).chance(state, seat)
}

/// What every seat's estimate shares: each faction's chance to rule
/// (KS-25), the British ending's chance (KS-21) and the cards in hand.
struct Outlook {
    rule: [f64; 3],
    p_british: f64,
    cards: [f64; KingOfSiam::MAX_PLAYERS],
}

impl Outlook {
    fn new(state: &State) -> Self {
        let (rule, british) = projections(state);
        let p_british = logistic(BRITISH_STEEPNESS * (british - (f64::from(BRITISH_LIMIT) - 0.5)));
        let mut cards = [0.0; KingOfSiam::MAX_PLAYERS];
        for (c, s) in cards.iter_mut().zip(&state.seats) {
            *c = s.hand.len() as f64;
        }
        Self {
            rule: softmax(rule.map(|p| p / RULE_TEMPERATURE)),
            p_british,
            cards,
        }
    }

    /// `seat`'s chance: by the ruling faction's courts in the normal
    /// ending (KS-26), by complete sets in the British one (KS-22).
    fn chance(&self, state: &State, seat: Seat) -> f64 {
        let normal: f64 = Faction::ALL
            .into_iter()
            .map(|f| {
                let lead = lead(state, seat, &self.cards, |court| f64::from(court.get(f)));
                self.rule[f.index()] * logistic(LEAD_STEEPNESS * lead)
            })
            .sum();
        let sets = logistic(LEAD_STEEPNESS * sets_lead(state, seat, &self.cards));
        (1.0 - self.p_british) * normal + self.p_british * sets
    }
}

/// Projected provinces per faction and projected British provinces.
fn projections(state: &State) -> ([f64; 3], f64) {
    let mut rule = Faction::ALL.map(|f| f64::from(state.faction_provinces(f)));
    let mut british = f64::from(state.british);
    let contested = state.contested();
    for p in state.undecided() {
        let weight = if Some(p) == contested {
            CONTESTED_WEIGHT
        } else {
            LATER_WEIGHT
        };
        match majority(state.province(p).followers) {
            Controller::Faction(f) => rule[f.index()] += weight,
            Controller::British => british += weight,
        }
    }
    (rule, british)
}

/// `seat`'s lead in `score` over the best court of another side, counting
/// the cards in hand (future takes): in the team game a side is a team and
/// its best partner counts (KS-26).
fn lead(state: &State, seat: Seat, cards: &[f64], score: impl Fn(&Followers) -> f64) -> f64 {
    let value = |s: Seat| score(&state.seats[s].court) + CARD_WORTH * cards[s];
    let mine = (0..state.players)
        .filter(|s| same_side(state, seat, *s))
        .map(value)
        .fold(f64::MIN, f64::max);
    let theirs = (0..state.players)
        .filter(|s| !same_side(state, seat, *s))
        .map(value)
        .fold(f64::MIN, f64::max);
    mine - theirs
}

/// `seat`'s lead in complete sets (KS-22); pooled per team (KS-23).
fn sets_lead(state: &State, seat: Seat, cards: &[f64]) -> f64 {
    if state.players != 4 {
        return lead(state, seat, cards, |court| f64::from(court.sets()));
    }
    let side = |mine: bool| {
        let mut pooled = Followers::EMPTY;
        let mut hand = 0.0;
        for s in (0..state.players).filter(|s| same_side(state, seat, *s) == mine) {
            pooled.add_all(state.seats[s].court);
            hand += cards[s];
        }
        f64::from(pooled.sets()) + CARD_WORTH * hand
    };
    side(true) - side(false)
}

/// Whether `a` and `b` play for the same side (the same seat, or partners
/// in the team game, 3.5).
fn same_side(state: &State, a: Seat, b: Seat) -> bool {
    a == b || (state.team(a).is_some() && state.team(a) == state.team(b))
}

/// The real result of a finished game: 1 for each winner (split when the
/// victory is shared), 0.5 each in a team draw.
fn finished(state: &State) -> Vec<f64> {
    let mut values = vec![0.0; state.players];
    if let Some(outcome) = super::scoring::outcome(state) {
        if outcome.draw {
            values.iter_mut().for_each(|v| *v = 0.5);
        } else if !outcome.winners.is_empty() {
            let share = 1.0 / outcome.winners.len() as f64;
            for w in outcome.winners.iter().filter(|w| **w < state.players) {
                values[*w] = share;
            }
        }
    }
    values
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn softmax(x: [f64; 3]) -> [f64; 3] {
    let max = x.iter().copied().fold(f64::MIN, f64::max);
    let e = x.map(|v| (v - max).exp());
    let sum: f64 = e.iter().sum();
    e.map(|v| v / sum)
}

#[cfg(test)]
mod tests {
    use super::{evaluate, evaluate_seat};
    use crate::king_of_siam::faction::{Controller, Faction, Followers};
    use crate::king_of_siam::{KingOfSiam, Options, State};
    use satrap_engine::{Game, GameRng};

    fn new(players: usize, seed: u64) -> State {
        KingOfSiam::new_game(&Options::default(), players, seed).expect("setup")
    }

    /// Random moves from `seed` until the game ends, checking the estimate
    /// of every position on the way with `check`.
    fn along_random_game(players: usize, seed: u64, mut check: impl FnMut(&State, &[f64])) {
        let mut state = new(players, seed);
        let mut rng = GameRng::from_seed(seed);
        while let Some(&seat) = KingOfSiam::to_act(&state).first() {
            check(&state, &evaluate(&state));
            let legal = KingOfSiam::legal_actions(&state, seat);
            let action = legal[rng.index(legal.len())].clone();
            KingOfSiam::apply(&mut state, seat, &action).expect("legal");
        }
        check(&state, &evaluate(&state));
    }

    #[test]
    fn one_seats_estimate_is_that_seats_figure_of_the_whole_estimate() {
        for players in 2..=4 {
            for seed in 0..3 {
                along_random_game(players, seed, |state, v| {
                    for (seat, figure) in v.iter().enumerate() {
                        // The same number, bit for bit: the search plays the
                        // same moves whichever of the two it asks.
                        assert_eq!(evaluate_seat(state, seat).to_bits(), figure.to_bits());
                    }
                });
            }
        }
    }

    #[test]
    fn estimates_are_one_per_seat_within_zero_and_one() {
        for players in 2..=4 {
            for seed in 0..5 {
                along_random_game(players, seed, |state, v| {
                    assert_eq!(v.len(), players);
                    assert!(
                        v.iter().all(|x| (0.0..=1.0).contains(x)),
                        "{v:?} in {state:?}"
                    );
                });
            }
        }
    }

    #[test]
    fn ks_32_a_finished_game_is_scored_by_its_outcome() {
        for players in 2..=4 {
            along_random_game(players, 9, |state, v| {
                if state.over {
                    let o = KingOfSiam::outcome(state).expect("over");
                    for seat in 0..players {
                        let won = o.winners.contains(&seat);
                        assert_eq!(v[seat] > 0.0, won || o.draw, "seat {seat}: {v:?} {o:?}");
                    }
                }
            });
        }
    }

    #[test]
    fn ks_23_ks_26_partners_share_one_estimate() {
        along_random_game(4, 3, |_, v| {
            assert!((v[0] - v[2]).abs() < 1e-12 && (v[1] - v[3]).abs() < 1e-12);
        });
    }

    /// A 2-player position with Rama holding most provinces.
    fn rama_ahead() -> State {
        let mut state = new(2, 1);
        for p in state.track.iter().take(3).copied().collect::<Vec<_>>() {
            let province = state.province_mut(p);
            province.followers = Followers::EMPTY;
            province.controller = Some(Controller::Faction(Faction::Rama));
        }
        state.struggle = 4;
        state.last_conquest = [Some(3), None, None];
        state
    }

    #[test]
    fn ks_26_the_larger_court_of_the_leading_faction_is_ahead() {
        let mut state = rama_ahead();
        state.seats[0].court = Followers::new(4, 0, 1);
        state.seats[1].court = Followers::new(1, 3, 1);
        let v = evaluate(&state);
        assert!(v[0] > 0.7 && v[1] < 0.3, "{v:?}");
        // The same courts the other way round.
        state.seats.swap(0, 1);
        let w = evaluate(&state);
        assert!((w[1] - v[0]).abs() < 1e-12 && (w[0] - v[1]).abs() < 1e-12);
    }

    #[test]
    fn ks_21_ks_22_with_three_british_provinces_sets_count() {
        let mut state = rama_ahead();
        state.seats[0].court = Followers::new(4, 0, 0);
        state.seats[1].court = Followers::new(2, 2, 2);
        let before = evaluate(&state);
        // Three British provinces and an empty contested province (a tie,
        // KS-19) make the British ending likely: the complete sets of seat
        // 1 now outweigh seat 0's Rama followers.
        for p in state
            .track
            .iter()
            .skip(3)
            .take(3)
            .copied()
            .collect::<Vec<_>>()
        {
            let province = state.province_mut(p);
            province.followers = Followers::EMPTY;
            province.controller = Some(Controller::British);
        }
        state.british = 3;
        state.struggle = 7;
        let contested = state.contested().expect("undecided");
        state.province_mut(contested).followers = Followers::EMPTY;
        let after = evaluate(&state);
        assert!(before[0] > before[1], "{before:?}");
        assert!(after[1] > after[0], "{after:?}");
    }
}
