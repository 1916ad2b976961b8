//! Atomic application of one decision (section 11). The action is checked
//! against the legal list first; a refused action changes nothing and names
//! the rule it breaks.

use super::actions::{Action, is_legal, reject};
use super::alexander::has_target;
use super::board::{Side, board};
use super::card::Cards;
use super::deck::{discard, draw_card, refill_display, refill_slot, take_face_up};
use super::events::{Event, TakeFrom};
use super::geometry::{add_walls, provinces};
use super::occupation::{occupation_cost, owed_for, start};
use super::scoring::{Ending, taxes};
use super::state::{Compensation, MoveKind, Stage, State, WallColour};
use super::turn::{complete_action, end_turn, finish};
use satrap_engine::{RuleError, Seat};

/// Apply `action` for `seat`: all or nothing. Its events are written into
/// `events` (cleared first).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    events.clear();
    if !is_legal(state, seat, action) {
        return Err(reject(state, seat, action));
    }
    perform(state, seat, action, events);
    Ok(())
}

/// Carry out a legal action.
fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    match action {
        Action::AlexCard { slot, symbol } => {
            let Some(card) = take_face_up(state, *slot) else {
                return;
            };
            state.seats[seat].hand.add(card, 1);
            let kind = if card == *symbol && has_target(state, card) {
                MoveKind::Normal
            } else {
                MoveKind::Joker
            };
            events.push(Event::AlexanderCard {
                seat,
                kind: Some(kind),
                slot: Some(*slot),
                card,
                symbol: Some(*symbol),
            });
            refill_slot(state, *slot, events);
            state.stage = Stage::AlexDestination {
                symbol: *symbol,
                kind,
            };
        }
        Action::AlexHand(symbol) => {
            state.seats[seat].hand.take(*symbol);
            state.discard.push(*symbol);
            events.push(Event::AlexanderCard {
                seat,
                kind: Some(MoveKind::Special),
                slot: None,
                card: *symbol,
                symbol: Some(*symbol),
            });
            state.stage = Stage::AlexDestination {
                symbol: *symbol,
                kind: MoveKind::Special,
            };
        }
        Action::AlexIdle(slot) => {
            let Some(card) = take_face_up(state, *slot) else {
                return;
            };
            state.seats[seat].hand.add(card, 1);
            events.push(Event::AlexanderCard {
                seat,
                kind: None,
                slot: Some(*slot),
                card,
                symbol: None,
            });
            refill_slot(state, *slot, events);
            refill_display(state, events);
            state.stage = Stage::Actions;
        }
        Action::AlexDest(point) => {
            if let Stage::AlexDestination { symbol, kind } = state.stage {
                events.push(Event::DestinationChosen {
                    seat,
                    point: *point,
                });
                state.stage = Stage::AlexRoute {
                    symbol,
                    kind,
                    destination: *point,
                    walls: Vec::new(),
                };
            }
        }
        Action::AlexStep(to) => step(state, seat, *to, events),
        Action::TakeCard(from) => {
            let card = match from {
                TakeFrom::Slot(slot) => take_face_up(state, *slot),
                TakeFrom::Deck => draw_card(state, events),
            };
            if let Some(card) = card {
                state.seats[seat].hand.add(card, 1);
                events.push(Event::CardTaken {
                    seat,
                    from: *from,
                    symbol: Some(card),
                });
            }
            if let TakeFrom::Slot(slot) = from {
                refill_slot(state, *slot, events);
            }
            complete_action(state, events);
        }
        Action::Occupy(anchor) | Action::TakeOver(anchor) => {
            let takeover = matches!(action, Action::TakeOver(_));
            if let Ok(occ) = start(state, seat, *anchor, takeover) {
                events.push(Event::OccupationStarted {
                    seat,
                    anchor: *anchor,
                    from: occ.from,
                    reserved: occ.reserved,
                });
                state.stage = Stage::Occupying(occ);
            }
        }
        Action::PlaceGuard(space) => {
            if let Stage::Occupying(occ) = &mut state.stage {
                occ.chosen.push(*space);
                events.push(Event::GuardChosen {
                    seat,
                    space: *space,
                });
            }
        }
        Action::ConfirmOccupation => confirm(state, seat, events),
        Action::GiveCard(symbol) => {
            let Stage::Compensating(c) = &mut state.stage else {
                return;
            };
            c.remaining.take(*symbol);
            c.owed -= 1;
            c.last = Some(*symbol);
            let (to, done, rest) = (c.to, c.owed == 0, c.remaining);
            state.seats[to].hand.add(*symbol, 1);
            events.push(Event::CardGiven {
                seat,
                to,
                symbol: *symbol,
            });
            if done {
                discard(state, &rest);
                events.push(Event::CardsDiscarded { seat, cards: rest });
                complete_action(state, events);
            }
        }
        Action::Levy(symbol) => {
            state.seats[seat].hand.take(*symbol);
            state.discard.push(*symbol);
            state.levied = true;
            events.push(Event::Levied {
                seat,
                symbol: *symbol,
            });
            // AX-29: the active player first, then clockwise.
            let tax = taxes(state);
            for k in 0..state.players {
                let s = (seat + k) % state.players;
                state.seats[s].score += tax[s];
                events.push(Event::Scored {
                    seat: s,
                    points: tax[s],
                    total: state.seats[s].score,
                });
            }
            // AX-30 / AX-37: the 100-point check ends the game at once.
            let end = board().constants.end_score;
            if state.seats.iter().any(|s| s.score >= end) {
                state.actions_used += 1;
                finish(state, Ending::HundredPoints, events);
            } else {
                complete_action(state, events);
            }
        }
        Action::TakeBack(space) => {
            state.guards[space.index()] = None;
            state.seats[seat].supply += 1;
            events.push(Event::GuardTakenBack {
                seat,
                space: *space,
            });
            complete_action(state, events);
        }
        Action::EndTurn => end_turn(state, events),
    }
}

/// AX-38 with AX-10 and AX-32: one side of the route, a wall if needed; on
/// arrival AX-11 and AX-33.
fn step(state: &mut State, seat: Seat, to: super::board::Point, events: &mut Vec<Event>) {
    let Stage::AlexRoute { destination, .. } = &state.stage else {
        return;
    };
    let destination = *destination;
    let from = state.alexander;
    // `to` is a route step (`apply` checked it): the side leading there.
    let Some(&(_, side)) = from.neighbours().iter().find(|(q, _)| *q == to) else {
        return;
    };
    let mut wall = None;
    if !side.is_border() && state.wall(side).is_none() {
        let colour = if state.black_left > 0 {
            state.black_left -= 1;
            WallColour::Black
        } else {
            // AX-32: red walls end the game after this turn; D-12 beyond them.
            if state.red_left > 0 {
                state.red_left -= 1;
            } else {
                state.virtual_walls += 1;
            }
            if !state.final_turn {
                state.final_turn = true;
                events.push(Event::FinalTurn { seat });
            }
            WallColour::Red
        };
        state.walls[side.index()] = Some(colour);
        if let Stage::AlexRoute { walls, .. } = &mut state.stage {
            walls.push(side);
        }
        wall = Some(colour);
    }
    state.alexander = to;
    events.push(Event::AlexanderStepped {
        seat,
        from,
        to,
        side,
        wall,
    });
    if to == destination {
        let walls = match &mut state.stage {
            Stage::AlexRoute { walls, .. } => std::mem::take(walls),
            _ => Vec::new(),
        };
        update_provinces(state, &walls);
        let count = state.anchor_count();
        events.push(Event::AlexanderArrived {
            seat,
            point: to,
            provinces: count,
        });
        refill_display(state, events);
        state.stage = Stage::Actions;
    }
}

/// AX-11: the provinces after the route's walls `new` were placed (the
/// provinces before them are those in `state`).
fn update_provinces(state: &mut State, new: &[Side]) {
    let walls = &state.walls;
    add_walls(
        &mut state.province,
        |s| walls.get(s.index()).copied().flatten().is_some(),
        new,
    );
}

/// AX-11: the provinces of the walls on the board, by one flood fill (at
/// setup, and in the tests).
pub fn recompute_provinces(state: &mut State) {
    let walls = &state.walls;
    state.province = provinces(|s| walls.get(s.index()).copied().flatten().is_some());
}

/// AX-19 … AX-27: carry out a confirmed occupation or take-over.
fn confirm(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let Stage::Occupying(occ) = state.stage.clone() else {
        return;
    };
    let cost = occupation_cost(state, &occ);
    let paid: Cards = occ.reserved.plus(&cost);
    if let Some(hand) = state.seats[seat].hand.minus(&paid) {
        state.seats[seat].hand = hand;
    }
    if let Some(q) = occ.from {
        let removed: Vec<_> = state
            .province_spaces(occ.anchor)
            .filter(|s| state.guard(*s) == Some(q))
            .collect();
        for s in &removed {
            state.guards[s.index()] = None;
        }
        state.seats[q].supply += removed.len() as u8;
        events.push(Event::GuardsRemoved {
            owner: q,
            spaces: removed,
        });
    }
    for s in &occ.chosen {
        state.guards[s.index()] = Some(seat);
    }
    state.seats[seat].supply -= occ.chosen.len() as u8;
    events.push(Event::Occupied {
        seat,
        anchor: occ.anchor,
        guards: occ.chosen.clone(),
        paid,
        from: occ.from,
    });
    match occ.from {
        // AX-27: with 3 or 4 players the former owner gets ceil(N/2) cards.
        Some(q) if state.players >= 3 => {
            state.stage = Stage::Compensating(Compensation {
                anchor: occ.anchor,
                to: q,
                remaining: paid,
                owed: owed_for(paid.total()),
                last: None,
            });
        }
        _ => {
            discard(state, &paid);
            events.push(Event::CardsDiscarded { seat, cards: paid });
            complete_action(state, events);
        }
    }
}
