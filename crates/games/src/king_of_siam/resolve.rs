//! Section 5 and KS-9, KS-28: the end of a turn, automatic passes, the end of
//! a power struggle and its resolution.

use super::events::Event;
use super::faction::{Controller, Faction, Followers};
use super::scoring;
use super::state::{BRITISH_LIMIT, State};

/// KS-17, KS-19: who gets a province with these followers — the faction with
/// strictly more followers than each other faction, otherwise (a tie for the
/// most, including 0/0/0) the British.
pub fn majority(followers: Followers) -> Controller {
    let most = Faction::ALL
        .into_iter()
        .map(|f| followers.get(f))
        .max()
        .unwrap_or(0);
    let mut leaders = Faction::ALL
        .into_iter()
        .filter(|f| followers.get(*f) == most);
    match (leaders.next(), leaders.next()) {
        (Some(single), None) => Controller::Faction(single),
        _ => Controller::British,
    }
}

/// After a turn (a pass or a finished card play) of `state.current`: end the
/// struggle if everybody passed in a row (KS-9), then give the turn to the
/// next player clockwise (KS-3), passing automatically for players with no
/// cards (KS-28 step 4) until someone can act or the game is over.
pub fn end_turn(state: &mut State, events: &mut Vec<Event>) {
    loop {
        if usize::from(state.passes) >= state.players {
            resolve_contested(state, events);
            if state.over {
                let outcome = scoring::outcome(state);
                if let Some(o) = outcome {
                    events.push(Event::GameEnded {
                        ending: scoring::ending(state),
                        winners: o.winners,
                        draw: o.draw,
                        summary: o.summary,
                    });
                }
                return;
            }
            state.passes = 0;
        }
        // KS-3: play continues clockwise, also into the next struggle.
        state.current = (state.current + 1) % state.players;
        if !state.seats[state.current].hand.is_empty() {
            return;
        }
        state.passes += 1;
        events.push(Event::Passed {
            seat: state.current,
            automatic: true,
            passes: state.passes,
        });
    }
}

/// KS-17 … KS-21: resolve the contested province as it stands, then end the
/// game if the British hold their 4th province or no face-up tile remains.
pub fn resolve_contested(state: &mut State, events: &mut Vec<Event>) {
    let Some(province) = state.contested() else {
        state.over = true;
        return;
    };
    let struggle = state.struggle;
    let returned = state.province(province).followers;
    let controller = majority(returned);
    // KS-18, KS-19: all followers go back to the pool, tile face-down.
    state.pool.add_all(returned);
    let p = state.province_mut(province);
    p.followers = Followers::EMPTY;
    p.controller = Some(controller);
    p.resolved_at = Some(struggle);
    match controller {
        Controller::Faction(f) => state.last_conquest[f.index()] = Some(struggle),
        Controller::British => state.british += 1,
    }
    events.push(Event::StruggleResolved {
        struggle,
        province,
        controller,
        returned,
        british: state.british,
    });
    state.struggle += 1;
    // KS-20, KS-21, KS-24.
    if state.british >= BRITISH_LIMIT || state.contested().is_none() {
        state.over = true;
    }
}
