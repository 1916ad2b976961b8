//! The decisions of section 11 and the legal-action generator. `apply`
//! accepts exactly what [`legal_actions`] lists (it checks membership), so
//! the two agree by construction; [`reject`] only explains a refusal with
//! the rule it breaks.

use super::alexander::{
    destination_set, has_target, has_targets, is_destination, is_step, offered_slots, step_iter,
    target_set,
};
use super::board::{Point, Space, board};
use super::card::Symbol;
use super::events::TakeFrom;
use super::geometry::SpaceSet;
use super::occupation::{
    SymbolScan, check_confirm, check_give, check_guard, give_refusal, guard_refusal,
    guard_refusal_among, may_confirm, start, start_with,
};
use super::state::{Slot, Stage, State};
use satrap_engine::{RuleError, Seat};

/// One decision of a player (section 11).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// AX-7 / AX-13: take a face-up card and move for `symbol`.
    AlexCard { slot: Slot, symbol: Symbol },
    /// AX-12: discard a hand card and move for its symbol.
    AlexHand(Symbol),
    /// AX-13 (D-5): take a face-up card without moving (no target at all).
    AlexIdle(Slot),
    /// AX-9: Alexander's destination point.
    AlexDest(Point),
    /// AX-38: the next point of the route.
    AlexStep(Point),
    /// AX-16: take a card.
    TakeCard(TakeFrom),
    /// AX-18: occupy the unoccupied province with this anchor.
    Occupy(Space),
    /// AX-23: take over the opponent's province with this anchor.
    TakeOver(Space),
    /// AX-39: a guard on this space.
    PlaceGuard(Space),
    /// AX-39: carry out the occupation or take-over.
    ConfirmOccupation,
    /// AX-40: hand over one paid card of this symbol.
    GiveCard(Symbol),
    /// AX-28: levy taxes with a card of this symbol.
    Levy(Symbol),
    /// AX-31: take back the guard on this space.
    TakeBack(Space),
    /// AX-15 / D-7: end the turn.
    EndTurn,
}

/// Every legal action of `seat` now, in a fixed order, written into `out`
/// (cleared first).
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if state.over() || seat != state.current {
        return;
    }
    // Room for a typical action phase (take, occupy, levy, take back, end)
    // at once, instead of growing the list step by step.
    out.reserve(32);
    match &state.stage {
        Stage::AlexSource => {
            let targets = has_targets(state);
            let any = targets.iter().any(|t| *t);
            for (slot, card) in offered_slots(state) {
                if !any {
                    // AX-13, D-5: nothing has a target; take it without moving.
                    out.push(Action::AlexIdle(slot));
                } else if targets[card.index()] {
                    out.push(Action::AlexCard { slot, symbol: card });
                } else {
                    // AX-13: a joker for every symbol with a target set.
                    for s in Symbol::ALL {
                        if targets[s.index()] {
                            out.push(Action::AlexCard { slot, symbol: s });
                        }
                    }
                }
            }
            let hand = state.seats[seat].hand;
            for s in Symbol::ALL {
                if hand.get(s) > 0 && targets[s.index()] {
                    out.push(Action::AlexHand(s));
                }
            }
        }
        Stage::AlexDestination { symbol, .. } => {
            out.extend(
                destination_set(state, *symbol)
                    .iter()
                    .map(|p| Action::AlexDest(Point(p))),
            );
        }
        Stage::AlexRoute { destination, .. } => {
            out.extend(step_iter(state, *destination).map(Action::AlexStep));
        }
        Stage::Actions => {
            for (slot, _) in offered_slots(state) {
                out.push(Action::TakeCard(TakeFrom::Slot(slot)));
            }
            if !state.draw.is_empty() || !state.discard.is_empty() {
                out.push(Action::TakeCard(TakeFrom::Deck));
            }
            // AX-39: naming a province needs at least one guard in supply;
            // without one, no province's facts are gathered.
            let scan = SymbolScan::of(state, seat, state.seats[seat].supply > 0);
            for (a, info) in scan.provinces() {
                if start_with(state, seat, a, false, &info).is_ok() {
                    out.push(Action::Occupy(a));
                }
            }
            for (a, info) in scan.provinces() {
                if start_with(state, seat, a, true, &info).is_ok() {
                    out.push(Action::TakeOver(a));
                }
            }
            if !state.levied {
                let hand = state.seats[seat].hand;
                for s in Symbol::ALL {
                    if hand.get(s) > 0 && scan.guarded(s) {
                        out.push(Action::Levy(s));
                    }
                }
            }
            out.extend(scan.guards().map(Action::TakeBack));
            out.push(Action::EndTurn);
        }
        Stage::Occupying(occ) => {
            let province: SpaceSet = state.province_symbol_spaces(occ.anchor).collect();
            for &sp in province.iter() {
                if !occ.chosen.contains(&sp)
                    && guard_refusal_among(state, seat, occ, sp, province.iter().copied()).is_none()
                {
                    out.push(Action::PlaceGuard(sp));
                }
            }
            if may_confirm(state, seat, occ) {
                out.push(Action::ConfirmOccupation);
            }
        }
        Stage::Compensating(c) => {
            for s in Symbol::ALL {
                if give_refusal(c, s).is_none() {
                    out.push(Action::GiveCard(s));
                }
            }
        }
    }
}

/// Whether `action` is in [`legal_actions`] for `seat`, without building
/// any list (each kind is checked with the very predicates the generator
/// uses; the move's source asks only about the symbols the action names).
/// The property tests hold the two together: every listed action is
/// accepted, and arbitrary ones only when listed.
pub fn is_legal(state: &State, seat: Seat, action: &Action) -> bool {
    if state.over() || seat != state.current {
        return false;
    }
    match (action, &state.stage) {
        (Action::TakeCard(TakeFrom::Slot(slot)), Stage::Actions) => {
            offered_slots(state).any(|(s, _)| s == *slot)
        }
        (Action::TakeCard(TakeFrom::Deck), Stage::Actions) => {
            !state.draw.is_empty() || !state.discard.is_empty()
        }
        (Action::Occupy(a), Stage::Actions) => start(state, seat, *a, false).is_ok(),
        (Action::TakeOver(a), Stage::Actions) => start(state, seat, *a, true).is_ok(),
        (Action::Levy(s), Stage::Actions) => {
            !state.levied && state.seats[seat].hand.get(*s) > 0 && guards_on_symbol(state, seat, *s)
        }
        (Action::TakeBack(sp), Stage::Actions) => state.guard(*sp) == Some(seat),
        (Action::EndTurn, Stage::Actions) => true,
        (_, Stage::Actions) => false,
        (Action::PlaceGuard(sp), Stage::Occupying(occ)) => {
            !occ.chosen.contains(sp) && guard_refusal(state, seat, occ, *sp).is_none()
        }
        (Action::ConfirmOccupation, Stage::Occupying(occ)) => may_confirm(state, seat, occ),
        (_, Stage::Occupying(_)) => false,
        (Action::GiveCard(s), Stage::Compensating(c)) => give_refusal(c, *s).is_none(),
        (_, Stage::Compensating(_)) => false,
        (Action::AlexDest(p), Stage::AlexDestination { symbol, .. }) => {
            is_destination(state, *symbol, *p)
        }
        (_, Stage::AlexDestination { .. }) => false,
        (Action::AlexStep(p), Stage::AlexRoute { destination, .. }) => {
            is_step(state, *destination, *p)
        }
        (_, Stage::AlexRoute { .. }) => false,
        // The source of the move (AX-7, AX-12, AX-13, AX-41), as the
        // generator lists it, asking only about the symbols named.
        (Action::AlexCard { slot, symbol }, Stage::AlexSource) => {
            offered_slots(state).any(|(s, card)| {
                s == *slot
                    && if has_target(state, card) {
                        *symbol == card
                    } else {
                        has_target(state, *symbol)
                    }
            })
        }
        (Action::AlexHand(symbol), Stage::AlexSource) => {
            state.seats[seat].hand.get(*symbol) > 0 && has_target(state, *symbol)
        }
        (Action::AlexIdle(slot), Stage::AlexSource) => {
            offered_slots(state).any(|(s, _)| s == *slot) && !has_targets(state).contains(&true)
        }
        (_, Stage::AlexSource) => false,
    }
}

/// AX-28: one of `seat`'s guards stands on a space of this symbol.
pub fn guards_on_symbol(state: &State, seat: Seat, symbol: Symbol) -> bool {
    board()
        .symbol_spaces(symbol)
        .iter()
        .any(|s| state.guard(*s) == Some(seat))
}

fn err(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

fn from_pair((rule, message): (&'static str, String)) -> RuleError {
    RuleError::new(rule, message)
}

/// Why `action` is not legal for `seat` (called only for unlisted actions):
/// the first broken condition of section 11, with its rule.
pub fn reject(state: &State, seat: Seat, action: &Action) -> RuleError {
    if state.over() {
        return err("AX-37", "the game is over");
    }
    if seat >= state.players {
        return err("AX-1", format!("there is no seat {seat}"));
    }
    if seat != state.current {
        return err(
            "AX-1",
            format!("it is seat {}'s turn, not seat {seat}'s", state.current),
        );
    }
    let stage = state.stage.id();
    let wrong_stage = |rule: &'static str| err(rule, format!("not possible in stage {stage}"));
    match (action, &state.stage) {
        (Action::AlexCard { slot, symbol }, Stage::AlexSource) => {
            match state.display[slot.index()] {
                None => err("AX-7", format!("slot {} is empty", slot.number())),
                Some(_) if *slot == Slot::Two && state.display[0] == state.display[1] => {
                    err("AX-41", "both face-up cards are equal: take slot 1")
                }
                Some(card) if !target_set(state, card).is_empty() && card != *symbol => err(
                    "AX-7",
                    format!("the {card} card has targets, so it moves for {card}"),
                ),
                Some(_) if target_set(state, *symbol).is_empty() => {
                    err("AX-13", format!("{symbol} has no target set"))
                }
                Some(_) => err("AX-13", "no symbol has a target set: take the card idle"),
            }
        }
        (Action::AlexHand(symbol), Stage::AlexSource) => {
            if state.seats[seat].hand.get(*symbol) == 0 {
                err("AX-12", format!("no {symbol} card in the hand"))
            } else {
                err("AX-12", format!("{symbol} has no target set"))
            }
        }
        (Action::AlexIdle(slot), Stage::AlexSource) => {
            if state.display[slot.index()].is_none() {
                err("AX-13", format!("slot {} is empty", slot.number()))
            } else if *slot == Slot::Two && state.display[0] == state.display[1] {
                err("AX-41", "both face-up cards are equal: take slot 1")
            } else {
                err("AX-13", "some symbol has a target set: Alexander must move")
            }
        }
        (Action::AlexDest(p), Stage::AlexDestination { symbol, .. }) => err(
            "AX-9",
            format!("{p} is not a corner of a {symbol} target space"),
        ),
        (Action::AlexStep(p), Stage::AlexRoute { destination, .. }) => err(
            "AX-38",
            format!(
                "{p} is not a neighbour of {} one side closer to {destination}",
                state.alexander
            ),
        ),
        (Action::TakeCard(from), Stage::Actions) => match from {
            TakeFrom::Slot(Slot::Two) if state.display[1].is_some() => {
                err("AX-41", "both face-up cards are equal: take slot 1")
            }
            TakeFrom::Slot(slot) => err("AX-16", format!("slot {} is empty", slot.number())),
            TakeFrom::Deck => err("AX-17", "the draw and discard piles are empty"),
        },
        (Action::Occupy(a), Stage::Actions) => match start(state, seat, *a, false) {
            Err(e) => from_pair(e),
            Ok(_) => err("AX-18", "not possible now"),
        },
        (Action::TakeOver(a), Stage::Actions) => match start(state, seat, *a, true) {
            Err(e) => from_pair(e),
            Ok(_) => err("AX-23", "not possible now"),
        },
        (Action::Levy(symbol), Stage::Actions) => {
            if state.levied {
                err("AX-28", "only one levy per turn")
            } else if state.seats[seat].hand.get(*symbol) == 0 {
                err("AX-28", format!("no {symbol} card in the hand"))
            } else {
                err(
                    "AX-28",
                    format!("none of your guards stands on a {symbol} space"),
                )
            }
        }
        (Action::TakeBack(s), Stage::Actions) => {
            err("AX-31", format!("no guard of yours stands on {s}"))
        }
        (Action::PlaceGuard(s), Stage::Occupying(occ)) => {
            if occ.chosen.contains(s) {
                err("AX-19", format!("{s} is already chosen"))
            } else {
                match check_guard(state, seat, occ, *s) {
                    Err(e) => from_pair(e),
                    Ok(_) => err("AX-39", "not possible now"),
                }
            }
        }
        (Action::ConfirmOccupation, Stage::Occupying(occ)) => match check_confirm(state, seat, occ)
        {
            Err(e) => from_pair(e),
            Ok(_) => err("AX-39", "not possible now"),
        },
        (Action::GiveCard(s), Stage::Compensating(c)) => match check_give(c, *s) {
            Err(e) => from_pair(e),
            Ok(_) => err("AX-40", "not possible now"),
        },
        (Action::AlexCard { .. } | Action::AlexHand(_) | Action::AlexIdle(_), _) => {
            wrong_stage("AX-6")
        }
        (Action::AlexDest(_), _) => wrong_stage("AX-9"),
        (Action::AlexStep(_), _) => wrong_stage("AX-38"),
        (Action::TakeCard(_) | Action::Levy(_) | Action::TakeBack(_), _)
        | (Action::Occupy(_) | Action::TakeOver(_), _) => wrong_stage("AX-15"),
        (Action::EndTurn, Stage::Occupying(_) | Stage::Compensating(_)) => err(
            "AX-39",
            "a move or action in progress must be completed (D-33)",
        ),
        (Action::EndTurn, _) => wrong_stage("AX-2"),
        (Action::PlaceGuard(_) | Action::ConfirmOccupation, _) => wrong_stage("AX-39"),
        (Action::GiveCard(_), _) => wrong_stage("AX-40"),
    }
}
