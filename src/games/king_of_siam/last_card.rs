//! KS-15, KS-29: the 3-player last-card restriction. A player
//! who starts a card play holding exactly one card may take each step of it
//! only if some completion of the card play (the remaining effect choices and
//! the take) makes him the sole winner of the hypothetical scoring.
//!
//! The search walks the remaining steps on copies of the state; nothing is
//! cached in the state, so state comparison is unaffected.

use super::actions::{Action, step_candidates};
use super::apply::perform_step;
use super::scoring::hypothetical_sole_winner;
use super::state::State;
use crate::engine::Seat;

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
    let mut next = state.clone();
    let mut events = Vec::new();
    perform_step(&mut next, seat, action, &mut events).is_ok()
        && winning_completion_exists(&next, seat)
}

/// KS-29: from a position inside (or just after) a card play of `seat`, can
/// the card play be completed so that `seat` is the sole winner of the
/// hypothetical scoring right after it?
pub fn winning_completion_exists(state: &State, seat: Seat) -> bool {
    if state.card_play.is_none() {
        return hypothetical_sole_winner(state) == Some(seat);
    }
    step_candidates(state)
        .iter()
        .any(|a| keeps_win(state, seat, a))
}
