//! The sampler of `Game::determinize`: a world `seat` cannot tell from the
//! real one, for search bots.
//!
//! Section 7 hides the opponent's territory cards except the publicly known
//! ones (HID-2, HID-3) and the order of the draw pile; the dice to come are
//! in the generator. Everything `seat` has not seen is one multiset: the
//! opponent's unknown cards plus the draw pile. We sort it (forgetting where
//! each card really was), shuffle it, give the opponent its known cards plus
//! as many as it holds, and make the rest the draw pile.

use super::state::State;
use satrap_engine::{GameRng, Seat};

/// A world consistent with what `seat` sees (see the module docs).
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut world = state.clone();
    let other = State::opponent(seat);
    let mut pool = state.draw_pile.clone();
    let mut hidden = state.player(other).territories.clone();
    for known in &state.player(other).known {
        if let Some(i) = hidden.iter().position(|c| c == known) {
            hidden.swap_remove(i);
        }
    }
    let dealt = hidden.len();
    pool.extend(hidden);
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let opponent = world.player_mut(other);
    opponent.territories = opponent.known.clone();
    for card in pool.drain(pool.len() - dealt..) {
        opponent.add_card(card, false);
    }
    world.draw_pile = pool;
    world.scripted_dice.clear();
    world.rng = GameRng::from_seed(rng.next_u64());
    world
}
