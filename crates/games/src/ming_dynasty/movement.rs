//! MD-41, MD-47: paying for steps, and the lookahead that keeps a move
//! finishable when it is entered one step at a time (AMB-26).

use satrap_engine::Seat;

use super::board::{Card, District, MAX_CARD_KINDS};
use super::state::State;

/// The cards of `hand` that pay for crossing a border of `transport`: the
/// matching movement card, then the dragon (MD-41), each if held.
pub fn payments(hand: &[u8], transport: u8) -> impl Iterator<Item = Card> + '_ {
    [Card::Transport(transport), Card::Dragon]
        .into_iter()
        .filter(move |c| hand.get(c.index()).is_some_and(|n| *n > 0))
}

/// A hand's count of each card kind (transports, then the dragon), as
/// the lookahead copies it: a fixed array, so that exploring a payment
/// allocates nothing (the search bots list the steps thousands of times a
/// decision).
type Counts = [u8; MAX_CARD_KINDS];

/// `hand` as [`Counts`]; the board has at most [`MAX_CARD_KINDS`] kinds
/// (`board::parse`).
fn counts(hand: &[u8]) -> Counts {
    let mut out = [0; MAX_CARD_KINDS];
    for (count, held) in out.iter_mut().zip(hand) {
        *count = *held;
    }
    out
}

/// MD-47: after entering `at` with `hand` left, can the move of `seat` still
/// end in a district without another player's prince? Searches the pairs
/// (district, remaining hand) reachable by further legal payments; the hand
/// holds at most 5 cards, so the search is tiny, and the pairs seen are
/// kept in a list.
pub fn can_finish(state: &State, seat: Seat, at: District, hand: &[u8]) -> bool {
    if !state.other_prince_in(at, seat) {
        return true;
    }
    let mut seen: Vec<(District, Counts)> = Vec::new();
    let mut stack = vec![(at, counts(hand))];
    while let Some((d, h)) = stack.pop() {
        if !state.other_prince_in(d, seat) {
            return true;
        }
        if seen.contains(&(d, h)) {
            continue;
        }
        seen.push((d, h));
        let Some(info) = d.info() else { continue };
        for (next, t) in &info.neighbours {
            for card in payments(&h, *t) {
                let mut rest = h;
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
    let mut rest = counts(&s.hand);
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
