//! KS-15, KS-29: the 3-player last-card restriction. A player
//! who starts a card play holding exactly one card may take each step of it
//! only if some completion of the card play (the remaining effect choices and
//! the take) makes him the sole winner of the hypothetical scoring.
//!
//! The search walks the remaining steps on copies of the state; nothing is
//! cached in the state, so state comparison is unaffected.
//!
//! Why the search is cheap although it looks at every completion: the
//! hypothetical scoring after a card play depends on the card play through
//! two facts only,
//!
//! * who would get the contested province as it then stands (KS-17 …
//!   KS-19): the effects move followers and tiles (KS-10 … KS-14) but never
//!   decide a province, so the controllers of the decided provinces, the
//!   British count and the struggle number stay as they are; and
//! * which faction the player takes into his court (KS-7), or none when the
//!   board is empty at the take; no other court changes.
//!
//! [`Goal`] answers the sole-winner question once for each of these (at
//! most 4 × 4) combinations. When none of them makes the player the sole
//! winner, no completion can, and the answer is "no" without any search;
//! otherwise the search over the effect steps ends at the take step with
//! look-ups in that table instead of copies of the state.

use std::cell::RefCell;

use super::actions::{Action, step_candidates};
use super::apply::perform_step;
use super::board::Province;
use super::events::Event;
use super::faction::{Controller, Faction, Followers};
use super::resolve::majority;
use super::scoring::{Standings, hypothetical_sole_winner, sole_winner};
use super::state::{State, Step};
use satrap_engine::Seat;

/// Number of players for which the restriction exists (KS-15).
pub const LAST_CARD_PLAYERS: usize = 3;

/// KS-15: whether a `PLAY` by `seat` now would be a last card under
/// the rule: 3 players, and exactly one card in hand.
pub fn applies_to_play(state: &State, seat: Seat) -> bool {
    state.players == LAST_CARD_PLAYERS && state.seats[seat].hand.len() == 1
}

/// KS-29: whether `action` (a step of a last card, `PLAY` included) is
/// allowed by the rules of the card and still leaves a winning completion.
pub fn keeps_win(state: &State, seat: Seat, action: &Action) -> bool {
    Search::new(state, seat).keeps_win(state, action)
}

/// KS-29: from a position inside (or just after) a card play of `seat`, can
/// the card play be completed so that `seat` is the sole winner of the
/// hypothetical scoring right after it?
pub fn winning_completion_exists(state: &State, seat: Seat) -> bool {
    match state.card_play {
        None => hypothetical_sole_winner(state) == Some(seat),
        Some(_) => Search::new(state, seat).completion_exists(state),
    }
}

/// The KS-15 hypothetical scoring for every way a card play can end, from a
/// position before the take of `seat`'s card play (see the module comment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    /// `wins[c][t]`: whether `seat` is the sole winner when the contested
    /// province goes to controller `c` ([`controller_index`]) and `seat`
    /// took faction `t` ([`taken_index`]).
    wins: [[bool; 4]; 5],
    any: bool,
}

/// Row of [`Goal::wins`]: the controller the contested province would get,
/// `None` when no province is contested.
fn controller_index(controller: Option<Controller>) -> usize {
    match controller {
        Some(Controller::Faction(f)) => f.index(),
        Some(Controller::British) => 3,
        None => 4,
    }
}

/// Column of [`Goal::wins`]: the faction taken by KS-7, `None` for a take
/// skipped because the board was empty.
fn taken_index(taken: Option<Faction>) -> usize {
    taken.map_or(3, Faction::index)
}

impl Goal {
    /// Tabulate the hypothetical scoring for `seat` from `state`, which must
    /// be before the take of the card play (or before its `PLAY`).
    pub fn new(state: &State, seat: Seat) -> Self {
        let base = Standings::of(state);
        // The effects keep the set of undecided provinces, so whether some
        // province is contested cannot change during the card play.
        let controllers: &[Option<Controller>] = if state.contested().is_some() {
            &[
                Some(Controller::Faction(Faction::Rama)),
                Some(Controller::Faction(Faction::Lao)),
                Some(Controller::Faction(Faction::Malay)),
                Some(Controller::British),
            ]
        } else {
            &[None]
        };
        let mut courts: Vec<Followers> = state.seats.iter().map(|s| s.court).collect();
        let own = courts[seat];
        let mut goal = Goal {
            wins: [[false; 4]; 5],
            any: false,
        };
        for &controller in controllers {
            let standings = base.resolved(controller, state.struggle);
            for taken in [
                None,
                Some(Faction::Rama),
                Some(Faction::Lao),
                Some(Faction::Malay),
            ] {
                courts[seat] = own;
                if let Some(f) = taken {
                    courts[seat].add(f, 1);
                }
                let win = sole_winner(&standings, &courts) == Some(seat);
                goal.wins[controller_index(controller)][taken_index(taken)] = win;
                goal.any |= win;
            }
        }
        goal
    }

    /// Whether some way of ending the card play makes the player win.
    pub fn any(&self) -> bool {
        self.any
    }

    /// Whether the player wins when the contested province goes to
    /// `controller` and he took `taken`.
    pub fn wins(&self, controller: Option<Controller>, taken: Option<Faction>) -> bool {
        self.wins[controller_index(controller)][taken_index(taken)]
    }
}

/// The last-card search of one seat from one position: the [`Goal`] is
/// computed once and shared by every action it is asked about, and the
/// positions it tries are copied into spare states that are reused (their
/// vectors keep their buffers), one per level of the card play.
#[derive(Debug)]
pub struct Search {
    seat: Seat,
    goal: Goal,
    spare: RefCell<Vec<(State, Vec<Event>)>>,
}

impl Search {
    /// The search for `seat` from `state` (before the take of the card play).
    pub fn new(state: &State, seat: Seat) -> Self {
        Search {
            seat,
            goal: Goal::new(state, seat),
            spare: RefCell::new(Vec::new()),
        }
    }

    /// KS-29: [`keeps_win`] for a position of this search.
    pub fn keeps_win(&self, state: &State, action: &Action) -> bool {
        if !self.goal.any() {
            return false;
        }
        // KS-7: the take ends the card play; look it up without a copy.
        if let (Some(cp), Action::Take { province, faction }) = (&state.card_play, action)
            && cp.step == Step::Take
            && state.province(*province).followers.has(*faction)
        {
            return self.take_wins(state, state.contested(), *province, *faction);
        }
        let spare = self.spare.borrow_mut().pop();
        let (mut next, mut events) = match spare {
            Some((mut next, mut events)) => {
                next.clone_from(state);
                events.clear();
                (next, events)
            }
            None => (state.clone(), Vec::new()),
        };
        let kept = perform_step(&mut next, self.seat, action, &mut events).is_ok()
            && self.completion_exists(&next);
        self.spare.borrow_mut().push((next, events));
        kept
    }

    /// KS-29: [`winning_completion_exists`] for a position of this search.
    pub fn completion_exists(&self, state: &State) -> bool {
        match &state.card_play {
            // The card play is over (the take is in the court): score it.
            None => hypothetical_sole_winner(state) == Some(self.seat),
            Some(_) if !self.goal.any() => false,
            // KS-7: every take, by look-ups only.
            Some(cp) if cp.step == Step::Take => {
                let contested = state.contested();
                Province::all().any(|p| {
                    let here = state.province(p).followers;
                    Faction::ALL
                        .into_iter()
                        .any(|f| here.has(f) && self.take_wins(state, contested, p, f))
                })
            }
            Some(_) => step_candidates(state)
                .iter()
                .any(|a| self.keeps_win(state, a)),
        }
    }

    /// KS-7 then KS-15: whether taking a follower of `faction` from
    /// `province` (which holds one) ends the card play with a sole win.
    fn take_wins(
        &self,
        state: &State,
        contested: Option<Province>,
        province: Province,
        faction: Faction,
    ) -> bool {
        let controller = contested.map(|contested| {
            let mut followers = state.province(contested).followers;
            if contested == province {
                followers.remove(faction, 1);
            }
            majority(followers)
        });
        self.goal.wins(controller, Some(faction))
    }
}

/// The search as first written: every completion played out on copies of
/// the state and scored. Kept as the oracle for the tests of [`Search`].
#[cfg(test)]
pub mod plain {
    use super::*;

    /// KS-29 by exhaustive search (see [`super::keeps_win`]).
    pub fn keeps_win(state: &State, seat: Seat, action: &Action) -> bool {
        let mut next = state.clone();
        let mut events = Vec::new();
        perform_step(&mut next, seat, action, &mut events).is_ok()
            && winning_completion_exists(&next, seat)
    }

    /// KS-29 by exhaustive search (see [`super::winning_completion_exists`]).
    pub fn winning_completion_exists(state: &State, seat: Seat) -> bool {
        if state.card_play.is_none() {
            return hypothetical_sole_winner(state) == Some(seat);
        }
        step_candidates(state)
            .iter()
            .any(|a| keeps_win(state, seat, a))
    }
}

#[cfg(test)]
mod tests {
    use super::super::card::{DECK, Hand};
    use super::super::{KingOfSiam, setup::Options};
    use super::*;
    use satrap_engine::{Game, GameRng};

    /// A 3-player position from a random game, turned into a last-card
    /// position: the player to act holds one card and the courts are
    /// random, so that winning and losing completions both occur.
    fn last_card_position(seed: u64) -> Option<State> {
        let mut rng = GameRng::from_seed(seed);
        let mut state = KingOfSiam::new_game(&Options::default(), 3, seed).ok()?;
        for _ in 0..rng.index(40) {
            let seat = state.current;
            let legal = KingOfSiam::legal_actions(&state, seat);
            if legal.is_empty() {
                return None;
            }
            let action = legal[rng.index(legal.len())].clone();
            KingOfSiam::apply(&mut state, seat, &action).ok()?;
        }
        if state.over || state.card_play.is_some() {
            return None;
        }
        for seat in &mut state.seats {
            seat.court = Followers::new(rng.below(7) as u8, rng.below(7) as u8, rng.below(7) as u8);
        }
        let seat = state.current;
        state.seats[seat].hand = Hand::of(&[DECK[rng.index(DECK.len())]]);
        Some(state)
    }

    /// KS-15, KS-29: the search with its goal table gives the same answer
    /// as the exhaustive search for every action of every step of random
    /// last cards, and both answers occur often.
    #[test]
    fn ks_29_search_agrees_with_the_exhaustive_search() {
        let (mut kept, mut refused, mut positions) = (0, 0, 0);
        for seed in 0..1000 {
            let Some(mut state) = last_card_position(seed) else {
                continue;
            };
            positions += 1;
            let seat = state.current;
            let mut rng = GameRng::from_seed(seed ^ 0xABCD);
            // The PLAY, then each step of the card play, choosing at random
            // among the steps the card allows (winning or not).
            loop {
                let candidates = match &state.card_play {
                    None => vec![Action::Play(state.seats[seat].hand.cards()[0])],
                    Some(_) => step_candidates(&state),
                };
                if candidates.is_empty() {
                    break;
                }
                let search = Search::new(&state, seat);
                for a in &candidates {
                    let fast = search.keeps_win(&state, a);
                    assert_eq!(fast, keeps_win(&state, seat, a), "seed {seed} {a:?}");
                    assert_eq!(fast, plain::keeps_win(&state, seat, a), "seed {seed} {a:?}");
                    if fast { kept += 1 } else { refused += 1 }
                }
                assert_eq!(
                    winning_completion_exists(&state, seat),
                    plain::winning_completion_exists(&state, seat),
                    "seed {seed}"
                );
                let a = candidates[rng.index(candidates.len())].clone();
                perform_step(&mut state, seat, &a, &mut Vec::new()).expect("a candidate step");
                if state.card_play.is_none() {
                    assert_eq!(
                        winning_completion_exists(&state, seat),
                        plain::winning_completion_exists(&state, seat),
                        "seed {seed} after the take"
                    );
                    break;
                }
            }
        }
        assert!(positions > 300, "only {positions} positions");
        assert!(
            kept > 200 && refused > 200,
            "kept {kept}, refused {refused}"
        );
    }

    /// KS-15: the table agrees with scoring the position reached, for every
    /// take of random positions.
    #[test]
    fn ks_15_goal_table_matches_the_hypothetical_scoring() {
        let mut checked = 0;
        for seed in 0..200 {
            let Some(mut state) = last_card_position(seed) else {
                continue;
            };
            let seat = state.current;
            let card = state.seats[seat].hand.cards()[0];
            let goal = Goal::new(&state, seat);
            perform_step(&mut state, seat, &Action::Play(card), &mut Vec::new())
                .expect("the card is in hand");
            // Walk to the take with the first choices.
            while let Some(cp) = &state.card_play {
                let candidates = step_candidates(&state);
                if cp.step == Step::Take {
                    for a in candidates {
                        let Action::Take { province, faction } = a else {
                            panic!("a take step lists takes only")
                        };
                        let mut after = state.clone();
                        perform_step(&mut after, seat, &a, &mut Vec::new()).expect("a take");
                        let controller = after
                            .contested()
                            .map(|p| majority(after.province(p).followers));
                        assert_eq!(
                            goal.wins(controller, Some(faction)),
                            hypothetical_sole_winner(&after) == Some(seat),
                            "seed {seed}: take {province:?} {faction:?}"
                        );
                        checked += 1;
                    }
                    break;
                }
                let first = candidates[0].clone();
                perform_step(&mut state, seat, &first, &mut Vec::new()).expect("a step");
            }
        }
        assert!(checked > 500, "only {checked} takes checked");
    }

    /// The spare states of the search: `clone_from` gives exactly the
    /// source, whatever was in the spare before (other player counts, card
    /// plays in progress or not, longer or shorter vectors).
    #[test]
    fn clone_from_copies_every_field() {
        let mut states = Vec::new();
        for seed in 0..30u64 {
            let players = 2 + (seed % 3) as usize;
            let mut rng = GameRng::from_seed(seed);
            let mut state =
                KingOfSiam::new_game(&Options::default(), players, seed).expect("setup");
            for _ in 0..rng.index(60) {
                let seat = state.current;
                let legal = KingOfSiam::legal_actions(&state, seat);
                if legal.is_empty() {
                    break;
                }
                let action = legal[rng.index(legal.len())].clone();
                KingOfSiam::apply(&mut state, seat, &action).expect("legal");
            }
            states.push(state);
        }
        assert!(states.iter().any(|s| s.card_play.is_some()));
        assert!(states.iter().any(|s| s.card_play.is_none()));
        for a in &states {
            for b in &states {
                let mut copy = a.clone();
                copy.clone_from(b);
                assert_eq!(&copy, b);
            }
        }
    }
}
