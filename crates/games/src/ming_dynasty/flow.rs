//! Everything the engine carries out itself between decisions (Section 11):
//! turn order and skipping (MD-11, MD-31, MD-40), phase changes (MD-10),
//! refills and reshuffles (MD-30, MD-35), the round end (MD-60).

use super::actions::finished_taking;
use super::board::{Card, Province};
use super::events::{Event, PhaseName};
use super::scoring;
use super::state::{NEUTRAL_PER_PLAYER, PLACEMENTS_PER_ROUND, Phase, ROUNDS, Stage, State};

/// MD-20: Phase 1 begins; each player takes up to 5 pieces to place.
pub fn start_family_phase(state: &mut State, events: &mut Vec<Event>) {
    for s in &mut state.seats {
        s.to_place = s.supply.min(PLACEMENTS_PER_ROUND);
    }
    state.phase = Phase::PlaceFamily;
    events.push(Event::PhaseStarted {
        round: state.round,
        phase: PhaseName::PlaceFamily,
    });
    state.turn = state.start_player;
    if state.seats[state.turn].to_place == 0 {
        next_family_turn(state, events);
    }
}

/// MD-21: the next player clockwise with pieces left to place.
pub fn next_family_turn(state: &mut State, events: &mut Vec<Event>) {
    let n = state.players;
    for i in 1..=n {
        let seat = (state.turn + i) % n;
        if state.seats[seat].to_place > 0 {
            state.turn = seat;
            return;
        }
    }
    // MD-23: the neutral placements follow in the 2-player game.
    if state.neutral.is_some() && state.neutral_supply > 0 {
        state.phase = Phase::PlaceNeutral { placed: [0, 0] };
        state.turn = state.start_player;
        events.push(Event::PhaseStarted {
            round: state.round,
            phase: PhaseName::PlaceNeutral,
        });
    } else {
        start_card_phase(state, events);
    }
}

/// MD-81: start player, other player, alternating until each placed 2.
pub fn next_neutral_turn(state: &mut State, events: &mut Vec<Event>) {
    let Phase::PlaceNeutral { placed } = state.phase else {
        return;
    };
    let other = 1 - state.turn.min(1);
    if state.neutral_supply > 0 {
        if placed[other] < NEUTRAL_PER_PLAYER {
            state.turn = other;
            return;
        }
        if placed[state.turn.min(1)] < NEUTRAL_PER_PLAYER {
            return;
        }
    }
    start_card_phase(state, events);
}

/// MD-35: refill one display slot, reshuffling the discard pile (without its
/// dragons, AMB-10) when the supply is empty; the slot stays empty if no
/// movement card is left (AMB-12).
pub fn refill(state: &mut State, slot: Province, events: &mut Vec<Event>) {
    if state.movement_supply.is_empty() && !state.discard.is_empty() {
        let dragons = state.discard.iter().filter(|c| **c == Card::Dragon).count();
        state.discard.retain(|c| *c != Card::Dragon);
        state.dragon_supply += dragons as u8;
        let mut pile = std::mem::take(&mut state.discard);
        state.rng.shuffle(&mut pile);
        events.push(Event::Reshuffled {
            cards: pile.len() as u32,
            dragons_returned: dragons as u32,
        });
        state.movement_supply = pile;
    }
    let card = state.movement_supply.pop();
    if let Some(x) = state.display.get_mut(slot.index()) {
        *x = card;
    }
    events.push(Event::SlotRefilled { slot, card });
}

/// MD-30: Phase 2 begins; every empty slot is refilled in slot order.
pub fn start_card_phase(state: &mut State, events: &mut Vec<Event>) {
    state.phase = Phase::TakeCards;
    for s in &mut state.seats {
        s.finished = false;
    }
    events.push(Event::PhaseStarted {
        round: state.round,
        phase: PhaseName::TakeCards,
    });
    for p in Province::all() {
        if state.display.get(p.index()).is_some_and(|c| c.is_none()) {
            refill(state, p, events);
        }
    }
    next_card_turn(state, state.start_player, events);
}

/// MD-31: the first player clockwise from `from` (inclusive) who is not
/// finished; when all are, Phase 3 begins. Finishing is checked when the
/// turn comes up and is final for the phase (AMB-40).
pub fn next_card_turn(state: &mut State, from: usize, events: &mut Vec<Event>) {
    let n = state.players;
    for i in 0..n {
        let seat = (from + i) % n;
        if state.seats[seat].finished {
            continue;
        }
        if finished_taking(state, seat) {
            state.seats[seat].finished = true;
            continue;
        }
        state.turn = seat;
        return;
    }
    start_travel_phase(state, events);
}

/// MD-40: Phase 3 begins with the start player.
pub fn start_travel_phase(state: &mut State, events: &mut Vec<Event>) {
    for s in &mut state.seats {
        s.passed = false;
    }
    state.phase = Phase::Travel {
        stage: Stage::Start,
    };
    state.turn = state.start_player;
    events.push(Event::PhaseStarted {
        round: state.round,
        phase: PhaseName::Travel,
    });
}

/// MD-40: after a Deploy or a Pass, the next player clockwise who has not
/// passed; when all have, Phase 3 ends (MD-45).
pub fn next_travel_turn(state: &mut State, events: &mut Vec<Event>) {
    let n = state.players;
    for i in 1..=n {
        let seat = (state.turn + i) % n;
        if !state.seats[seat].passed {
            state.turn = seat;
            state.phase = Phase::Travel {
                stage: Stage::Start,
            };
            return;
        }
    }
    // MD-10 step 4: scoring only in rounds 2, 4 and 6.
    if state.round % 2 == 0 {
        events.push(Event::PhaseStarted {
            round: state.round,
            phase: PhaseName::Scoring,
        });
        scoring::begin(state, events);
    } else {
        end_round(state, events);
    }
}

/// MD-60, MD-62: the next round, or the end of the game after round 6.
pub fn end_round(state: &mut State, events: &mut Vec<Event>) {
    if state.round >= ROUNDS {
        scoring::end_game(state, events);
        return;
    }
    state.round += 1;
    // MD-60, MD-61 (AMB-7), MD-86: plain clockwise rotation.
    state.start_player = (state.start_player + 1) % state.players;
    events.push(Event::RoundStarted {
        round: state.round,
        start_player: state.start_player,
    });
    start_family_phase(state, events);
}
