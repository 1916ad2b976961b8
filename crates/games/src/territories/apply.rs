//! Atomic application of an action: [`check`] first (nothing changes and no
//! random value is drawn on rejection, TR-36), then the effect, then what the
//! engine does by itself ([`super::flow`]).

use std::collections::VecDeque;

use super::actions::{Action, BankGet, check};
use super::cards::{Resources, Suit};
use super::events::Event;
use super::flow;
use super::grid;
use super::pieces::{Ability, Building, Kind};
use super::state::{Decision, DecisionKind, Item, Phase, Queued, State};
use satrap_engine::{RuleError, Seat};

/// Apply `action` by `seat`: all or nothing. Its events are written into
/// `events` (cleared first).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    events.clear();
    check(state, seat, action)?;
    execute(state, seat, *action, events);
    Ok(())
}

/// Pay `cost` from `seat` into the bank (TR-16).
fn pay(state: &mut State, seat: Seat, cost: Resources) {
    for s in Suit::ALL {
        state.player_mut(seat).resources.sub(s, cost.get(s));
        state.bank.add(s, cost.get(s));
    }
}

/// The effect of a checked action.
fn execute(state: &mut State, seat: Seat, action: Action, events: &mut Vec<Event>) {
    let opponent = State::opponent(seat);
    match action {
        Action::PlaceSetup(at) => place_setup(state, seat, at, events),
        Action::Roll => {
            let d1 = state.die();
            let d2 = state.die();
            state.last_roll = Some((d1, d2));
            events.push(Event::Rolled { seat, d1, d2 });
            flow::after_roll(state, d1, d2, events);
        }
        Action::Discard(item) => flow::step(state, item, events),
        Action::TakeFree(s) | Action::Pay(s) => flow::step(state, Item::Resource(s), events),
        Action::RespondTrade(accepted) => {
            let Phase::Offered(offer) = state.phase else {
                return;
            };
            if accepted {
                let active = state.active;
                let a = state.player(active).resources;
                state.player_mut(active).resources = a.minus(&offer.give).plus(&offer.get);
                let o = state.player(seat).resources;
                state.player_mut(seat).resources = o.minus(&offer.get).plus(&offer.give);
            }
            events.push(Event::TradeAnswered {
                seat,
                accepted,
                offer,
            });
            state.phase = Phase::Main;
        }
        Action::BuildTown(at) => build(state, seat, at, Kind::Town, None, events),
        Action::Upgrade(at, kind) => build(state, seat, at, kind, Some(Kind::Town), events),
        Action::BuildCapital(at) => {
            let replaced = state.building(at).map(|b| b.kind);
            build(state, seat, at, Kind::Capital, replaced, events);
        }
        Action::BankTrade { give, get } => {
            pay(state, seat, Resources::of(give, 4));
            match get {
                BankGet::Resource(g) => {
                    state.bank.sub(g, 1);
                    state.player_mut(seat).resources.add(g, 1);
                }
                BankGet::Territory => {}
            }
            events.push(Event::BankTraded {
                seat,
                give,
                get: match get {
                    BankGet::Resource(g) => Some(g),
                    BankGet::Territory => None,
                },
            });
            if get == BankGet::Territory {
                flow::draw(state, seat, events);
            }
        }
        Action::TradeGive(s) | Action::TradeGet(s) => {
            let mut draft = match state.phase {
                Phase::Draft(d) => d,
                _ => Default::default(),
            };
            if matches!(action, Action::TradeGive(_)) {
                draft.give.add(s, 1);
            } else {
                draft.get.add(s, 1);
            }
            state.phase = Phase::Draft(draft);
            events.push(Event::DraftChanged { seat, draft });
        }
        Action::ProposeTrade => {
            if let Phase::Draft(offer) = state.phase {
                state.offers_made += 1;
                state.phase = Phase::Offered(offer);
                events.push(Event::TradeProposed {
                    seat,
                    offer,
                    number: state.offers_made,
                });
            }
        }
        Action::Swap { cell, card } | Action::Expand { cell, card } => {
            let ability = if matches!(action, Action::Swap { .. }) {
                Ability::Swap
            } else {
                Ability::Expand
            };
            state.abilities_used[ability.index()] = true;
            events.push(Event::AbilityActivated { seat, ability });
            let n = state.die();
            events.push(Event::PriceRolled { seat, die: n });
            let held = state.player(seat).resources;
            if held.total() < u32::from(n) {
                // TR-31: cannot pay: every resource card back to the bank.
                pay(state, seat, held);
                events.push(Event::LostEverything { seat, lost: held });
                return;
            }
            let mut queue = VecDeque::from([Queued::Effect {
                ability,
                cell,
                card,
            }]);
            let decision = Decision {
                kind: DecisionKind::Pay,
                seat,
                remaining: n,
                last: None,
            };
            if flow::start(state, decision, &mut queue, events) {
                flow::advance(state, queue, events);
            }
        }
        Action::Destroy(at) => {
            state.abilities_used[Ability::Destroy.index()] = true;
            events.push(Event::AbilityActivated {
                seat,
                ability: Ability::Destroy,
            });
            pay(state, seat, Resources::one_each());
            if opposed(state, events) {
                state.buildings.remove(&at);
                state.player_mut(opponent).supply.give_back(Kind::Town);
                events.push(Event::Destroyed { seat, at });
            }
        }
        Action::Convert { target, to, .. } => {
            state.abilities_used[Ability::Convert.index()] = true;
            events.push(Event::AbilityActivated {
                seat,
                ability: Ability::Convert,
            });
            pay(state, seat, Resources::one_each());
            if opposed(state, events) {
                if let Some(old) = state.building(target) {
                    state.player_mut(opponent).supply.give_back(old.kind);
                    state.player_mut(seat).supply.take(to);
                    state.buildings.insert(
                        target,
                        Building {
                            owner: seat,
                            kind: to,
                        },
                    );
                    events.push(Event::Converted {
                        seat,
                        at: target,
                        from: old.kind,
                        to,
                    });
                }
                flow::check_victory(state, events);
            }
        }
        Action::EndTurn => flow::end_turn(state, events),
    }
}

/// TR-29 / TR-30: attacker's die, then defender's; ties favour the defender.
fn opposed(state: &mut State, events: &mut Vec<Event>) -> bool {
    let attacker = state.die();
    let defender = state.die();
    let success = attacker > defender;
    events.push(Event::OpposedRoll {
        attacker,
        defender,
        success,
    });
    success
}

/// TR-17 … TR-19: pay, place the piece, return the replaced one, check END-1.
fn build(
    state: &mut State,
    seat: Seat,
    at: grid::Point,
    kind: Kind,
    replaced: Option<Kind>,
    events: &mut Vec<Event>,
) {
    pay(state, seat, kind.cost());
    let me = state.player_mut(seat);
    me.supply.take(kind);
    if let Some(r) = replaced {
        me.supply.give_back(r);
    }
    state.buildings.insert(at, Building { owner: seat, kind });
    events.push(Event::Built {
        seat,
        at,
        kind,
        replaced,
    });
    flow::check_victory(state, events);
}

/// SET-5: the snake P1, P2, P2 (collects), P1 (collects), then turn 1 (SET-6).
fn place_setup(state: &mut State, seat: Seat, at: grid::Point, events: &mut Vec<Event>) {
    let Phase::Setup(step) = state.phase else {
        return;
    };
    state.player_mut(seat).supply.take(Kind::Town);
    state.buildings.insert(
        at,
        Building {
            owner: seat,
            kind: Kind::Town,
        },
    );
    let mut collected = Resources::NONE;
    if step >= 2 {
        for (_, card) in grid::touching(&state.grid, at) {
            if state.bank.get(card.suit()) > 0 {
                state.bank.sub(card.suit(), 1);
                collected.add(card.suit(), 1);
            }
        }
        let me = state.player_mut(seat);
        me.resources = me.resources.plus(&collected);
    }
    events.push(Event::SetupTownPlaced {
        seat,
        at,
        collected,
    });
    if step >= 3 {
        state.turn = 1;
        state.active = state.p1;
        state.phase = Phase::Roll;
        events.push(Event::TurnStarted {
            seat: state.p1,
            turn: 1,
        });
    } else {
        state.active = placer(state, step + 1);
        state.phase = Phase::Setup(step + 1);
    }
}

/// SET-5: who places in setup step `step` (0-based): P1, P2, P2, P1.
pub fn placer(state: &State, step: u8) -> Seat {
    match step {
        1 | 2 => state.p2(),
        _ => state.p1,
    }
}
