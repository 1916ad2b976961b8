//! The cards outside the hands: draw pile, display and discard pile
//! (AX-16, AX-17, AX-33, AX-34, AX-35).

use super::card::{Cards, Symbol};
use super::events::Event;
use super::state::{Slot, State};

/// AX-34: the top card of the draw pile, rebuilding it from the shuffled
/// discard pile first if it is empty. `None` when both are empty (AX-17).
pub fn draw_card(state: &mut State, events: &mut Vec<Event>) -> Option<Symbol> {
    if state.draw.is_empty() && !state.discard.is_empty() {
        let mut pile = std::mem::take(&mut state.discard);
        state.rng.shuffle(&mut pile);
        events.push(Event::Reshuffled { cards: pile.len() });
        state.draw = pile;
    }
    state.draw.pop()
}

/// Refill one empty slot if a card is available (AX-33).
pub fn refill_slot(state: &mut State, slot: Slot, events: &mut Vec<Event>) {
    if state.display[slot.index()].is_none()
        && let Some(c) = draw_card(state, events)
    {
        state.display[slot.index()] = Some(c);
        events.push(Event::CardRevealed { slot, symbol: c });
    }
}

/// Take a face-up card; the caller refills its slot at once with
/// [`refill_slot`] (AX-33) after reporting what was taken.
pub fn take_face_up(state: &mut State, slot: Slot) -> Option<Symbol> {
    state.display[slot.index()].take()
}

/// AX-33: at the end of an Alexander phase or completed action, fill empty
/// slots (slot 1 first) if cards have become available.
pub fn refill_display(state: &mut State, events: &mut Vec<Event>) {
    for slot in Slot::ALL {
        refill_slot(state, slot, events);
    }
}

/// AX-35: cards onto the discard pile, in symbol order.
pub fn discard(state: &mut State, cards: &Cards) {
    state.discard.extend(cards.in_order());
}
