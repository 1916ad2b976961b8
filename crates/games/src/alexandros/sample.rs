//! The sampler of `Game::determinize`: a world `seat` cannot tell from the
//! real one, for search bots.
//!
//! Section 7 hides the other hands (only their sizes are public) and the
//! order of the draw pile. Cards of one symbol are interchangeable (AX-35),
//! so everything `seat` has not seen is one multiset: the other hands plus
//! the draw pile, taken as counts per symbol. That multiset is public
//! knowledge (the whole deck minus the cards `seat` sees), and counting it
//! keeps nothing of where each card really is. We shuffle it and deal each
//! other seat a hand of its public size, then the rest becomes the draw
//! pile. The removal cards of an occupation in progress are public (the
//! stage is shown, AX-39), so the occupier keeps them.

use super::card::{Cards, Symbol};
use super::state::{Stage, State};
use satrap_engine::{GameRng, Seat};

/// A world consistent with what `seat` sees (see the module docs).
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut world = state.clone();
    // The public part of each hidden hand, and the count still to deal.
    let mut fixed = vec![Cards::EMPTY; state.players];
    if let Stage::Occupying(occ) = &state.stage
        && state.current != seat
    {
        fixed[state.current] = occ.reserved;
    }
    let mut unseen = Cards::of(&state.draw);
    for (other, s) in state.seats.iter().enumerate() {
        if other != seat {
            unseen = unseen.plus(&s.hand.minus(&fixed[other]).unwrap_or(s.hand));
        }
    }
    let mut pool: Vec<Symbol> = unseen.in_order();
    rng.shuffle(&mut pool);
    for (other, s) in world.seats.iter_mut().enumerate() {
        if other == seat {
            continue;
        }
        let size = s.hand.total() as usize;
        let mut hand = fixed[other];
        let dealt = size.saturating_sub(hand.total() as usize).min(pool.len());
        for card in pool.drain(pool.len() - dealt..) {
            hand.add(card, 1);
        }
        s.hand = hand;
    }
    world.draw = pool;
    world.rng = GameRng::from_seed(rng.next_u64());
    world
}
