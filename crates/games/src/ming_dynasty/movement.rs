//! MD-41, MD-47: paying for steps, and the lookahead that keeps a move
//! finishable when it is entered one step at a time (AMB-26).

use std::collections::HashSet;

use satrap_engine::Seat;

use super::board::{Card, District};
use super::state::State;

/// The cards of `hand` that pay for crossing a border of `transport`: the
/// matching movement card, then the dragon (MD-41), each if held.
pub fn payments(hand: &[u8], transport: u8) -> impl Iterator<Item = Card> + '_ {
    [Card::Transport(transport), Card::Dragon]
        .into_iter()
        .filter(move |c| hand.get(c.index()).is_some_and(|n| *n > 0))
}

/// MD-47: after entering `at` with `hand` left, can the move of `seat` still
/// end in a district without another player's prince? Searches the pairs
/// (district, remaining hand) reachable by further legal payments; the hand
/// holds at most 5 cards, so the search is tiny.
pub fn can_finish(state: &State, seat: Seat, at: District, hand: &[u8]) -> bool {
    let mut seen: HashSet<(District, Vec<u8>)> = HashSet::new();
    let mut stack = vec![(at, hand.to_vec())];
    while let Some((d, h)) = stack.pop() {
        if !state.other_prince_in(d, seat) {
            return true;
        }
        if !seen.insert((d, h.clone())) {
            continue;
        }
        let Some(info) = d.info() else { continue };
        for (next, t) in &info.neighbours {
            for card in payments(&h, *t) {
                let mut rest = h.clone();
                rest[card.index()] -= 1;
                stack.push((*next, rest));
            }
        }
    }
    false
}

/// MD-47: whether `seat` may step from his prince's district into `to`,
/// paying with `card`. `None` when legal, else the reason.
pub fn step_error(state: &State, seat: Seat, to: District, card: Card) -> Option<&'static str> {
    let s = state.seats.get(seat)?;
    let from = s.prince?;
    let Some(transport) = from.border_with(to) else {
        return Some("the district does not border the prince's district");
    };
    if !card.is_valid() || !card.pays_for(transport) {
        return Some("the card does not pay for that border's transport");
    }
    if !s.holds(card) {
        return Some("the player holds no such card");
    }
    let mut rest = s.hand.clone();
    rest[card.index()] -= 1;
    if !can_finish(state, seat, to, &rest) {
        return Some("the move could not be finished outside another prince's district");
    }
    None
}

/// MD-41, MD-47: every legal step of `seat`, in border order, the movement
/// card before the dragon.
pub fn legal_steps(state: &State, seat: Seat) -> Vec<(District, Card)> {
    let Some(from) = state.seats.get(seat).and_then(|s| s.prince) else {
        return Vec::new();
    };
    let Some(info) = from.info() else {
        return Vec::new();
    };
    let hand = &state.seats[seat].hand;
    let mut out = Vec::new();
    for (to, t) in &info.neighbours {
        for card in payments(hand, *t) {
            if step_error(state, seat, *to, card).is_none() {
                out.push((*to, card));
            }
        }
    }
    out
}
