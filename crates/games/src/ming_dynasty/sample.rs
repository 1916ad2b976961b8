//! The sampler of `Game::determinize`: a world `seat` cannot tell from the
//! real one, for search bots.
//!
//! Section 7 hides two things: the order of the face-down movement supply
//! (its cards are known as a multiset: hands, display and discard are
//! public) and the return-card choices other seats committed in an open
//! secret selection (MD-55). The supply is put in canonical order and
//! shuffled; the other seats' commitments are taken back, so in the world
//! they still have to choose (and the search decides for them).

use super::state::{Phase, State};
use satrap_engine::{GameRng, Seat};

/// A world consistent with what `seat` sees (see the module docs).
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut world = state.clone();
    world.movement_supply.sort_unstable();
    rng.shuffle(&mut world.movement_supply);
    if let Phase::SelectReturns { commits, .. } = &mut world.phase {
        for (other, c) in commits.iter_mut().enumerate() {
            if other != seat {
                *c = None;
            }
        }
    }
    world.rng = GameRng::from_seed(rng.next_u64());
    world
}
