//! KS-15, KS-29: the 3-player last-card restriction. A player
//! who starts a card play holding exactly one card may take each step of it
//! only if some completion of the card play (the remaining effect choices and
//! the take) makes him the sole winner of the hypothetical scoring.
//!
//! Nothing is cached in the state, so state comparison is unaffected.
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
//! winner, no completion can, and the answer is "no" without any search.
//! Otherwise the search never copies the state or lists actions inside the
//! card play: what the remaining steps can still change is the followers
//! on the board and the order of the tiles (a [`Board`] of a few dozen
//! bytes), so each effect step is performed on that summary, and the take
//! is a look-up in the table. Only the `PLAY` itself is tried on a copy of
//! the state (once per decision). The search as first written, on copies
//! of the whole state, is kept as the tests' oracle ([`plain`]).

use super::actions::Action;
use super::apply::perform_step;
use super::board::{PROVINCE_COUNT, Province};
use super::effects::{
    is_eligible_tile, is_faction_target, is_valid_pair, two_side_picks, valid_pairs,
};
use super::faction::{Controller, Faction, Followers};
use super::resolve::majority;
use super::scoring::{SoleWinner, Standings, hypothetical_sole_winner};
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
        // At most 4 seats (the caller's game has 3): a fixed array, so the
        // table allocates nothing.
        let mut courts = [Followers::EMPTY; 4];
        let players = state.seats.len().min(courts.len());
        for (court, seat_state) in courts.iter_mut().zip(&state.seats) {
            *court = seat_state.court;
        }
        let courts = &courts[..players];
        let own = courts[seat];
        let mut goal = Goal {
            wins: [[false; 4]; 5],
            any: false,
        };
        for &controller in controllers {
            let scoring = SoleWinner::new(&base.resolved(controller, state.struggle));
            let wins_with = scoring.sole_winner_with(courts, seat);
            for taken in [
                None,
                Some(Faction::Rama),
                Some(Faction::Lao),
                Some(Faction::Malay),
            ] {
                let mut court = own;
                if let Some(f) = taken {
                    court.add(f, 1);
                }
                let win = wins_with(court);
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

/// What the rest of a card play can still change, and all the take and
/// the hypothetical scoring read (module comment): the followers in each
/// province and the contested province (the King card reorders the tiles).
/// The set of undecided provinces, the pool of the factions still to be
/// placed and the courts stay as in the state the search started from.
#[derive(Debug, Clone, Copy)]
struct Board {
    followers: [Followers; PROVINCE_COUNT],
    contested: Option<Province>,
}

impl Board {
    fn of(state: &State) -> Self {
        Board {
            followers: state.provinces.map(|p| p.followers),
            contested: state.contested(),
        }
    }

    /// KS-10, KS-11: `count` followers of `faction` placed into `p`.
    fn placed(mut self, p: Province, faction: Faction, count: u8) -> Self {
        self.followers[p.index()].add(faction, count);
        self
    }

    /// KS-12, KS-13: the simultaneous exchange, as `apply` performs it.
    fn exchanged(mut self, p: Province, from_p: &[Faction], q: Province, from_q: Faction) -> Self {
        for f in from_p {
            self.followers[p.index()].remove(*f, 1);
            self.followers[q.index()].add(*f, 1);
        }
        self.followers[q.index()].remove(from_q, 1);
        self.followers[p.index()].add(from_q, 1);
        self
    }

    /// KS-14: the tiles in boxes `b1` and `b2` swapped; the contested
    /// province is again the face-up tile in the lowest box (3.2).
    fn swapped(mut self, state: &State, b1: usize, b2: usize) -> Self {
        let mut track = state.track;
        track.swap(b1, b2);
        self.contested = track.into_iter().find(|p| state.is_undecided(*p));
        self
    }

    fn has_followers(&self) -> bool {
        self.followers.iter().any(|f| !f.is_empty())
    }

    /// KS-17 … KS-19: who the contested province would go to, after
    /// `taken` (province and faction) left the board.
    fn contested_controller(&self, taken: Option<(Province, Faction)>) -> Option<Controller> {
        self.contested.map(|contested| {
            let mut followers = self.followers[contested.index()];
            if let Some((p, f)) = taken
                && p == contested
            {
                followers.remove(f, 1);
            }
            majority(followers)
        })
    }
}

/// The last-card search of one seat from one position: the [`Goal`] is
/// computed once and shared by every action it is asked about.
#[derive(Debug)]
pub struct Search {
    seat: Seat,
    goal: Goal,
}

impl Search {
    /// The search for `seat` from `state` (before the take of the card play).
    pub fn new(state: &State, seat: Seat) -> Self {
        Search {
            seat,
            goal: Goal::new(state, seat),
        }
    }

    /// KS-29: [`keeps_win`] for a position of this search. Every condition
    /// `perform_step` checks is checked here too (an action it would refuse
    /// keeps no win), so `apply` can perform a kept step in place.
    pub fn keeps_win(&self, state: &State, action: &Action) -> bool {
        if !self.goal.any() {
            return false;
        }
        let Some(cp) = &state.card_play else {
            // The `PLAY` (KS-5) sets up the card play: tried on a copy.
            let mut next = state.clone();
            return perform_step(&mut next, self.seat, action, &mut Vec::new()).is_ok()
                && self.keeps_win_after_play(&next);
        };
        let board = Board::of(state);
        match (cp.step, action) {
            (Step::Target(x), Action::Place(p)) => {
                is_faction_target(state, x, *p)
                    && self.after_effect(board.placed(*p, x, state.pool.get(x).min(2)))
            }
            (Step::KhonThai(f), Action::Place(p)) => {
                state.is_undecided(*p) && self.khon_thai_after(state, board.placed(*p, f, 1), f)
            }
            (Step::Exchange1v1, Action::Exchange1v1 { p, f, q, g }) => {
                p < q
                    && is_valid_pair(state, *p, *q)
                    && state.province(*p).followers.has(*f)
                    && state.province(*q).followers.has(*g)
                    && self.after_effect(board.exchanged(*p, &[*f], *q, *g))
            }
            (Step::Exchange2v1, Action::Exchange2v1 { p, sent, q, g }) => {
                let here = state.province(*p).followers;
                is_valid_pair(state, *p, *q)
                    && sent.len() == here.total().min(2) as usize
                    && sent.is_sorted()
                    && here.contains_all(sent)
                    && state.province(*q).followers.has(*g)
                    && self.after_effect(board.exchanged(*p, sent, *q, *g))
            }
            (Step::King, Action::King { t1, t2, marker }) => {
                let (b1, b2) = (state.box_of(*t1), state.box_of(*t2));
                is_eligible_tile(state, *t1)
                    && is_eligible_tile(state, *t2)
                    && b1 < b2
                    && (marker == t1 || marker == t2)
                    && self.after_effect(board.swapped(state, b1, b2))
            }
            (Step::Take, Action::Take { province, faction }) => {
                state.province(*province).followers.has(*faction)
                    && self.take_wins(&board, *province, *faction)
            }
            _ => false,
        }
    }

    /// KS-29: whether the `PLAY` that led from this search's position to
    /// `next` keeps a win possible ([`keeps_win`](Self::keeps_win) of a
    /// `PLAY` already performed, so that `apply` performs it only once).
    pub fn keeps_win_after_play(&self, next: &State) -> bool {
        self.goal.any() && self.completion_exists(next)
    }

    /// KS-29: [`winning_completion_exists`] for a position of this search.
    pub fn completion_exists(&self, state: &State) -> bool {
        let cp = match &state.card_play {
            // The card play is over (the take is in the court): score it.
            None => return hypothetical_sole_winner(state) == Some(self.seat),
            Some(_) if !self.goal.any() => return false,
            Some(cp) => cp,
        };
        let board = Board::of(state);
        match cp.step {
            Step::Target(x) => {
                let count = state.pool.get(x).min(2);
                Province::all().any(|p| {
                    is_faction_target(state, x, p) && self.after_effect(board.placed(p, x, count))
                })
            }
            Step::KhonThai(f) => state
                .undecided()
                .any(|p| self.khon_thai_after(state, board.placed(p, f, 1), f)),
            Step::Exchange1v1 => valid_pairs(state).any(|(p, q)| {
                let (in_p, in_q) = (board.followers[p.index()], board.followers[q.index()]);
                Faction::ALL.into_iter().any(|f| {
                    in_p.has(f)
                        && Faction::ALL.into_iter().any(|g| {
                            in_q.has(g) && self.after_effect(board.exchanged(p, &[f], q, g))
                        })
                })
            }),
            // Both orders of each pair: either province may be the "two" side.
            Step::Exchange2v1 => {
                valid_pairs(state)
                    .flat_map(|(p, q)| [(p, q), (q, p)])
                    .any(|(p, q)| {
                        let in_q = board.followers[q.index()];
                        two_side_picks(board.followers[p.index()]).any(|(pick, k)| {
                            Faction::ALL.into_iter().any(|g| {
                                in_q.has(g)
                                    && self.after_effect(board.exchanged(p, &pick[..k], q, g))
                            })
                        })
                    })
            }
            // The King marker changes nothing the scoring reads: each pair
            // of eligible tiles once.
            Step::King => (0..PROVINCE_COUNT).any(|b1| {
                is_eligible_tile(state, state.track[b1])
                    && (b1 + 1..PROVINCE_COUNT).any(|b2| {
                        is_eligible_tile(state, state.track[b2])
                            && self.after_effect(board.swapped(state, b1, b2))
                    })
            }),
            Step::Take => self.take_exists(&board),
        }
    }

    /// KS-11: after the follower of `f` was placed, the next faction in
    /// the pool (in the order Rama, Lao, Malay) is placed, or the take
    /// follows.
    fn khon_thai_after(&self, state: &State, board: Board, f: Faction) -> bool {
        match Faction::ALL
            .into_iter()
            .skip(f.index() + 1)
            .find(|g| state.pool.has(*g))
        {
            Some(g) => state
                .undecided()
                .any(|p| self.khon_thai_after(state, board.placed(p, g, 1), g)),
            None => self.after_effect(board),
        }
    }

    /// KS-7, KS-28 step 2: after the effect, the take, or no take
    /// when the board is empty.
    fn after_effect(&self, board: Board) -> bool {
        if board.has_followers() {
            self.take_exists(&board)
        } else {
            self.goal.wins(board.contested_controller(None), None)
        }
    }

    /// KS-7: whether some take ends the card play with a sole win.
    fn take_exists(&self, board: &Board) -> bool {
        Province::all().any(|p| {
            let here = board.followers[p.index()];
            Faction::ALL
                .into_iter()
                .any(|f| here.has(f) && self.take_wins(board, p, f))
        })
    }

    /// KS-7 then KS-15: whether taking a follower of `faction` from
    /// `province` (which holds one) ends the card play with a sole win.
    fn take_wins(&self, board: &Board, province: Province, faction: Faction) -> bool {
        self.goal.wins(
            board.contested_controller(Some((province, faction))),
            Some(faction),
        )
    }
}

/// The search as first written: every completion played out on copies of
/// the state and scored. Kept as the oracle for the tests of [`Search`].
#[cfg(test)]
pub mod plain {
    use super::super::actions::step_candidates;
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
    use super::super::actions::{Sent, step_candidates};
    use super::super::card::{Card, DECK, Hand};
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

    /// Any action, its fields at random (`sent` of 0 to 3 factions).
    fn random_action(rng: &mut GameRng) -> Action {
        let mut province = || Province::from_index(rng.index(PROVINCE_COUNT)).expect("index");
        let (p, q) = (province(), province());
        let mut faction = || Faction::ALL[rng.index(3)];
        let (f, g) = (faction(), faction());
        match rng.index(7) {
            0 => Action::Pass,
            1 => Action::Play(Card::ALL[rng.index(Card::ALL.len())]),
            2 => Action::Place(p),
            3 => Action::Exchange1v1 { p, f, q, g },
            4 => {
                let len = rng.index(4);
                let sent: Vec<Faction> = (0..len).map(|_| Faction::ALL[rng.index(3)]).collect();
                let sent = Sent::new(&sent).expect("at most three factions");
                Action::Exchange2v1 { p, sent, q, g }
            }
            5 => Action::King {
                t1: p,
                t2: q,
                marker: if rng.index(3) == 0 {
                    Province::from_index(rng.index(PROVINCE_COUNT)).expect("index")
                } else {
                    q
                },
            },
            _ => Action::Take {
                province: p,
                faction: f,
            },
        }
    }

    /// `apply` of a last-card step (which performs a kept step in place)
    /// gives what the plain search decides: the step applied when it keeps
    /// a win, otherwise the rule of the card it breaks, or KS-15.
    fn assert_apply_agrees(state: &State, seat: Seat, action: &Action) {
        let mut applied = state.clone();
        let result = KingOfSiam::apply(&mut applied, seat, action);
        let mut expected = state.clone();
        let step = perform_step(&mut expected, seat, action, &mut Vec::new());
        match result {
            Ok(_) => {
                assert!(plain::keeps_win(state, seat, action), "{action:?}");
                assert_eq!(step, Ok(()));
                if applied.card_play.is_some() {
                    assert_eq!(applied, expected, "{action:?}");
                }
            }
            Err(e) => {
                assert!(!plain::keeps_win(state, seat, action), "{action:?}");
                assert_eq!(&applied, state, "a refused step changes nothing");
                match step {
                    Err(step) => assert_eq!(e.rule, step.rule, "{action:?}"),
                    Ok(()) => assert_eq!(e.rule, "KS-15", "{action:?}"),
                }
            }
        }
    }

    /// KS-15, KS-29: the search with its goal table gives the same answer
    /// as the exhaustive search for every action of every step of random
    /// last cards, and both answers occur often.
    #[test]
    fn ks_29_search_agrees_with_the_exhaustive_search() {
        let (mut kept, mut refused, mut positions, mut foreign) = (0, 0, 0, 0);
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
                    assert_apply_agrees(&state, seat, a);
                    if fast { kept += 1 } else { refused += 1 }
                }
                // Actions of every kind with random fields, mostly against
                // the rules of the step: the search refuses exactly what
                // `perform_step` refuses.
                for _ in 0..30 {
                    let a = random_action(&mut rng);
                    if a == Action::Pass && state.card_play.is_none() {
                        // A pass is a turn of its own, not a step of the card.
                        continue;
                    }
                    assert_eq!(
                        search.keeps_win(&state, &a),
                        plain::keeps_win(&state, seat, &a),
                        "seed {seed} {a:?}"
                    );
                    assert_apply_agrees(&state, seat, &a);
                    foreign += 1;
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
        assert!(foreign > 3000, "only {foreign} random actions");
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
