//! Turn flow (AX-1, AX-2, AX-14, AX-36, D-21): starting and ending turns,
//! completing actions and ending the game.

use super::alexander::no_move_possible;
use super::deck::refill_display;
use super::events::Event;
use super::scoring::{Ending, leaders, summary};
use super::state::{Stage, State};

/// AX-2: start the active player's turn; AX-14 skips an impossible
/// Alexander phase without a decision.
pub fn begin_turn(state: &mut State, events: &mut Vec<Event>) {
    state.actions_used = 0;
    state.levied = false;
    state.final_turn = false;
    state.stage = Stage::AlexSource;
    events.push(Event::TurnStarted {
        seat: state.current,
        turn: state.turn + 1,
    });
    if no_move_possible(state) {
        events.push(Event::AlexanderSkipped {
            seat: state.current,
        });
        refill_display(state, events);
        state.stage = Stage::Actions;
    }
}

/// An action is complete: AX-33 refill, then the turn ends after the second.
pub fn complete_action(state: &mut State, events: &mut Vec<Event>) {
    state.actions_used += 1;
    refill_display(state, events);
    state.stage = Stage::Actions;
    if state.actions_used >= super::board::board().constants.actions_per_turn {
        end_turn(state, events);
    }
}

/// AX-36 / D-21: end the turn; the game ends after a final turn or at the
/// turn limit, otherwise play passes clockwise (AX-1).
pub fn end_turn(state: &mut State, events: &mut Vec<Event>) {
    events.push(Event::TurnEnded {
        seat: state.current,
    });
    state.turn += 1;
    if state.final_turn {
        finish(state, Ending::Walls, events);
    } else if state.turn >= state.turn_limit {
        finish(state, Ending::TurnLimit, events);
    } else {
        state.current = (state.current + 1) % state.players;
        begin_turn(state, events);
    }
}

/// The game is over.
pub fn finish(state: &mut State, ending: Ending, events: &mut Vec<Event>) {
    state.ending = Some(ending);
    state.stage = Stage::Actions;
    events.push(Event::GameEnded {
        ending,
        winners: leaders(state),
        summary: summary(state, ending),
    });
}
