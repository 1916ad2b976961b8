//! What the engine does by itself (TR-40 rule 2): production and the seven
//! after ROLL, territory draws and reshuffles, one-card-at-a-time decisions
//! with their forced completion, the queue of decisions and effects, the end
//! of a turn and the end of the game.

use std::collections::VecDeque;

use super::cards::{Card, Resources, Suit};
use super::events::Event;
use super::grid::{self, Cell};
use super::pieces::{Ability, Kind};
use super::state::{
    Decision, DecisionKind, Ending, GameResult, HAND_LIMIT, Item, Phase, Queued, State, TURN_LIMIT,
    WINNING_POINTS,
};
use satrap_engine::Seat;

/// TR-32: `seat` draws the top territory card, reshuffling the discard pile
/// first when the draw pile is empty (RNG-3). Nothing if both are empty.
pub fn draw(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    if state.draw_pile.is_empty() && !state.discard_pile.is_empty() {
        let mut pile = std::mem::take(&mut state.discard_pile);
        state.rng.shuffle(&mut pile);
        events.push(Event::DiscardReshuffled {
            cards: pile.len() as u8,
        });
        state.draw_pile = pile;
    }
    if state.draw_pile.is_empty() {
        events.push(Event::CardDrawn {
            seat,
            card: None,
            drawn: false,
        });
        return;
    }
    let card = state.draw_pile.remove(0);
    state.player_mut(seat).add_card(card, false);
    events.push(Event::CardDrawn {
        seat,
        card: Some(card),
        drawn: true,
    });
}

/// TR-2: after ROLL, production (TR-3 … TR-9) or the seven (TR-10 … TR-14).
pub fn after_roll(state: &mut State, d1: u8, d2: u8, events: &mut Vec<Event>) {
    let active = state.active;
    let opponent = State::opponent(active);
    let mut queue = VecDeque::new();
    if d1 + d2 == 7 {
        // TR-10, TR-11, TR-13: nothing produced; discards, then the roller's card.
        queue.extend([
            Queued::Discard(active),
            Queued::Discard(opponent),
            Queued::RollerDraw,
        ]);
    } else {
        let wild = produce(state, d1 + d2, events);
        for seat in [active, opponent] {
            if wild[seat] > 0 {
                queue.push_back(Queued::Temple {
                    seat,
                    wild: wild[seat],
                });
            }
        }
    }
    advance(state, queue, events);
}

/// TR-3 … TR-7 (the normative reference procedure): fixed yields with the
/// shortage rule, then capital draws; returns the free choices per seat.
pub fn produce(state: &mut State, sum: u8, events: &mut Vec<Event>) -> [u32; 2] {
    let mut fixed = [Resources::NONE; 2];
    let mut wild = [0u32; 2];
    let mut cap_draw = [false; 2];
    for (p, b) in &state.buildings {
        let cells = grid::touching_cards(&state.grid, *p);
        let owner = b.owner.min(1);
        if b.kind == Kind::Capital {
            // TR-5: once per roll, one of each distinct suit touched.
            if cells.clone().any(|(_, c)| c.number() == sum) {
                for s in Suit::ALL {
                    if cells.clone().any(|(_, c)| c.suit() == s) {
                        fixed[owner].add(s, 1);
                    }
                }
                cap_draw[owner] = true;
            }
            continue;
        }
        for (_, card) in cells.filter(|(_, c)| c.number() == sum) {
            match b.kind {
                Kind::Town | Kind::Fort | Kind::Barracks => fixed[owner].add(card.suit(), 1),
                Kind::Palace => fixed[owner].add(card.suit(), 2),
                Kind::Temple => wild[owner] += 1,
                Kind::Capital => {}
            }
        }
    }
    // TR-6: per suit, pay both, or the only claimant what is left, or nobody.
    let mut gained = [Resources::NONE; 2];
    for s in Suit::ALL {
        let (a, b) = (fixed[0].get(s), fixed[1].get(s));
        let bank = state.bank.get(s);
        let give = if u32::from(a) + u32::from(b) <= u32::from(bank) {
            [a, b]
        } else if a > 0 && b == 0 {
            [bank, 0]
        } else if b > 0 && a == 0 {
            [0, bank]
        } else {
            [0, 0]
        };
        for seat in 0..2 {
            gained[seat].add(s, give[seat]);
            state.bank.sub(s, give[seat]);
            state.players[seat].resources.add(s, give[seat]);
        }
    }
    let active = state.active;
    for seat in [active, State::opponent(active)] {
        if !gained[seat].is_empty() {
            events.push(Event::Produced {
                seat,
                gained: gained[seat],
            });
        }
    }
    // TR-7: capital draws, the active player's first.
    for seat in [active, State::opponent(active)] {
        if cap_draw[seat] {
            draw(state, seat, events);
        }
    }
    wild
}

/// Work through `queue` until a decision must wait for a player (TR-40
/// rule 2); then the main phase (TR-9, TR-14).
pub fn advance(state: &mut State, mut queue: VecDeque<Queued>, events: &mut Vec<Event>) {
    while let Some(next) = queue.pop_front() {
        match next {
            Queued::Discard(seat) => {
                // TR-11: the number to discard is fixed when the decision starts.
                let size = state.player(seat).hand_size();
                if size > HAND_LIMIT {
                    let decision = Decision {
                        kind: DecisionKind::Discard,
                        seat,
                        remaining: (size - HAND_LIMIT).min(u32::from(u8::MAX)) as u8,
                        last: None,
                    };
                    if !start(state, decision, &mut queue, events) {
                        return;
                    }
                }
            }
            Queued::Temple { seat, wild } => {
                // TR-8: k = min(w, bank) when this player's turn to choose comes.
                let k = wild.min(state.bank.total());
                if k < wild {
                    events.push(Event::FreeChoicesLost {
                        seat,
                        lost: wild - k,
                    });
                }
                if k > 0 {
                    let decision = Decision {
                        kind: DecisionKind::Temple,
                        seat,
                        remaining: k.min(u32::from(u8::MAX)) as u8,
                        last: None,
                    };
                    if !start(state, decision, &mut queue, events) {
                        return;
                    }
                }
            }
            Queued::RollerDraw => {
                let active = state.active;
                draw(state, active, events);
            }
            Queued::Effect {
                ability,
                cell,
                card,
            } => effect(state, ability, cell, card, events),
        }
    }
    state.phase = Phase::Main;
}

/// Start a decision: finish it at once if forced (TR-35) and return true,
/// otherwise make it pending (with the rest of the queue) and return false.
pub fn start(
    state: &mut State,
    decision: Decision,
    queue: &mut VecDeque<Queued>,
    events: &mut Vec<Event>,
) -> bool {
    if let Some(items) = forced_items(state, &decision) {
        for item in items {
            move_item(state, decision.kind, decision.seat, item, true, events);
        }
        true
    } else {
        state.phase = Phase::Deciding {
            decision,
            queue: std::mem::take(queue),
        };
        false
    }
}

/// TR-38: one named item, then the decision ends, is forced, or waits.
pub fn step(state: &mut State, item: Item, events: &mut Vec<Event>) {
    if !matches!(state.phase, Phase::Deciding { .. }) {
        return;
    }
    let Phase::Deciding {
        mut decision,
        mut queue,
    } = std::mem::replace(&mut state.phase, Phase::Main)
    else {
        return;
    };
    move_item(state, decision.kind, decision.seat, item, false, events);
    decision.remaining = decision.remaining.saturating_sub(1);
    decision.last = Some(item);
    if decision.remaining > 0 && !start(state, decision, &mut queue, events) {
        return;
    }
    advance(state, queue, events);
}

/// TR-38 rule 3: the card moves at once.
fn move_item(
    state: &mut State,
    kind: DecisionKind,
    seat: Seat,
    item: Item,
    automatic: bool,
    events: &mut Vec<Event>,
) {
    match (kind, item) {
        (DecisionKind::Discard, Item::Resource(s)) => {
            state.player_mut(seat).resources.sub(s, 1);
            state.bank.add(s, 1);
        }
        (DecisionKind::Discard, Item::Territory(c)) => {
            // TR-12: face up onto the discard pile, in canonical order.
            if state.player_mut(seat).remove_card(c) {
                state.discard_pile.push(c);
            }
        }
        (DecisionKind::Temple, Item::Resource(s)) => {
            state.bank.sub(s, 1);
            state.player_mut(seat).resources.add(s, 1);
        }
        (DecisionKind::Pay, Item::Resource(s)) => {
            state.player_mut(seat).resources.sub(s, 1);
            state.bank.add(s, 1);
        }
        (_, Item::Territory(_)) => return,
    }
    events.push(match (kind, item) {
        (DecisionKind::Discard, item) => Event::Discarded {
            seat,
            item,
            automatic,
        },
        (DecisionKind::Temple, Item::Resource(suit)) => Event::FreeTaken {
            seat,
            suit,
            automatic,
        },
        (DecisionKind::Pay, Item::Resource(suit)) => Event::Paid {
            seat,
            suit,
            automatic,
        },
        (_, Item::Territory(_)) => return,
    });
}

/// TR-35: the items the engine takes itself when the decision is forced, on
/// public counts only; `None` when the player must choose.
pub fn forced_items(state: &State, d: &Decision) -> Option<Vec<Item>> {
    if d.remaining == 0 {
        return Some(Vec::new());
    }
    let (res, cards) = match d.kind {
        DecisionKind::Discard => {
            let p = state.player(d.seat);
            (p.resources, p.territories.clone())
        }
        DecisionKind::Temple => (state.bank, Vec::new()),
        DecisionKind::Pay => (state.player(d.seat).resources, Vec::new()),
    };
    // The candidates: after a territory card only the territory cards left;
    // otherwise resources from the last suit named on, plus all territory cards.
    let mut candidates: Vec<Item> = Vec::new();
    match d.last {
        Some(Item::Territory(_)) => {}
        last => {
            let from = match last {
                Some(Item::Resource(s)) => s,
                _ => Suit::H,
            };
            for s in Suit::ALL.into_iter().filter(|s| *s >= from) {
                candidates.extend((0..res.get(s)).map(|_| Item::Resource(s)));
            }
        }
    }
    candidates.extend(cards.iter().map(|c| Item::Territory(*c)));
    let remaining = usize::from(d.remaining);
    if candidates.len() == remaining {
        return Some(candidates);
    }
    let first = *candidates.first()?;
    let one_suit = matches!(first, Item::Resource(_)) && candidates.iter().all(|c| *c == first);
    if one_suit && candidates.len() >= remaining {
        return Some(vec![first; remaining]);
    }
    None
}

/// TR-27 / TR-28: the effect of a paid SWAP or EXPAND.
fn effect(state: &mut State, ability: Ability, cell: Cell, card: Card, events: &mut Vec<Event>) {
    let seat = state.active;
    if !state.player_mut(seat).remove_card(card) {
        return;
    }
    match ability {
        Ability::Swap => {
            if let Some(taken) = state.grid.insert(cell, card) {
                // Decision 28, 47: into the swapper's hand, publicly known.
                state.player_mut(seat).add_card(taken, true);
                events.push(Event::Swapped {
                    seat,
                    cell,
                    placed: card,
                    taken,
                });
            }
        }
        _ => {
            state.grid.insert(cell, card);
            events.push(Event::Expanded { seat, cell, card });
        }
    }
}

/// END-1 check after an action that raised the active player's points (TR-21).
pub fn check_victory(state: &mut State, events: &mut Vec<Event>) {
    if state.points(state.active) >= WINNING_POINTS {
        let winner = state.active;
        end_game(state, Some(winner), Ending::Points, events);
    }
}

/// The game is over (END-6).
pub fn end_game(state: &mut State, winner: Option<Seat>, ending: Ending, events: &mut Vec<Event>) {
    state.result = Some(GameResult { winner, ending });
    state.phase = Phase::Over;
    events.push(Event::GameEnded {
        winner,
        ending,
        points: [state.points(0), state.points(1)],
    });
}

/// TR-33: homeless check (END-3), turn limit (END-4), then the next turn.
pub fn end_turn(state: &mut State, events: &mut Vec<Event>) {
    let seat = state.active;
    let opponent = State::opponent(seat);
    let homeless = if state.has_building(seat) {
        0
    } else {
        state.player(seat).homeless.saturating_add(1)
    };
    state.player_mut(seat).homeless = homeless;
    events.push(Event::TurnEnded { seat, homeless });
    if homeless >= 2 {
        end_game(state, Some(opponent), Ending::Homeless, events);
        return;
    }
    if state.turn >= TURN_LIMIT {
        let (a, b) = (state.points(seat), state.points(opponent));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(seat),
            std::cmp::Ordering::Less => Some(opponent),
            std::cmp::Ordering::Equal => None,
        };
        end_game(state, winner, Ending::TurnLimit, events);
        return;
    }
    state.active = opponent;
    state.turn += 1;
    state.offers_made = 0;
    state.abilities_used = [false; 4];
    state.phase = Phase::Roll;
    events.push(Event::TurnStarted {
        seat: opponent,
        turn: state.turn,
    });
}
