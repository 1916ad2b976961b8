//! Atomic application of one action: every check first (each rejection cites
//! the rule it breaks, Section 11), then the effect, which cannot fail.

use satrap_engine::{RuleError, Seat};

use super::actions::{Action, deploy_choices, may_take_display, may_take_dragon, return_choices};
use super::board::{Card, District, Province};
use super::events::Event;
use super::flow;
use super::movement::step_error;
use super::scoring;
use super::state::{HAND_LIMIT, NEUTRAL_PER_PLAYER, Phase, Stage, State};

fn err(rule: &'static str, msg: impl Into<String>) -> RuleError {
    RuleError::new(rule, msg)
}

fn valid_district(d: District, rule: &'static str) -> Result<(), RuleError> {
    if d.info().is_none() {
        return Err(err(rule, format!("there is no district number {}", d.0)));
    }
    Ok(())
}

fn valid_province(p: Province, rule: &'static str, what: &str) -> Result<(), RuleError> {
    if p.index() >= Province::count() {
        return Err(err(rule, format!("there is no {what} {}", p.index() + 1)));
    }
    Ok(())
}

fn wrong_phase(rule: &'static str, what: &str) -> RuleError {
    err(
        rule,
        format!("{what} is not a decision of the current phase"),
    )
}

/// Every check of Section 11, in the order of the table; `Ok` means `apply`
/// will succeed.
fn check(state: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    if state.over() {
        return Err(err("MD-70", "the game is over"));
    }
    if !super::is_to_act(state, seat) {
        return Err(err("MD-11", format!("seat {seat} is not to act now")));
    }
    let s = &state.seats[seat];
    match (action, &state.phase) {
        (Action::PlacePrince(d), Phase::PlacePrinces) => {
            valid_district(*d, "MD-1")?;
            if let Some(other) = state.prince_in(*d) {
                return Err(err(
                    "MD-1",
                    format!("{d} already holds the prince of seat {other} (AMB-17)"),
                ));
            }
        }
        (Action::PlacePrince(_), _) => return Err(wrong_phase("MD-1", "placing a prince")),
        (Action::PlaceOnSpace(p), Phase::PlaceFamily) => {
            valid_province(*p, "MD-21", "province space")?;
        }
        (Action::PlaceOnSpace(_), _) => {
            return Err(wrong_phase("MD-21", "placing on a province space"));
        }
        (Action::NeutralPlace(d), Phase::PlaceNeutral { .. }) => valid_district(*d, "MD-81")?,
        (Action::NeutralPlace(_), _) => return Err(wrong_phase("MD-81", "a neutral placement")),
        (Action::TakeDisplay(p) | Action::TakeDragon(p), Phase::TakeCards) => {
            let is_display = matches!(action, Action::TakeDisplay(_));
            let rule = if is_display { "MD-33" } else { "MD-32" };
            valid_province(*p, rule, "province space")?;
            if s.hand_size() >= HAND_LIMIT {
                return Err(err("MD-34", "no card may be taken with 5 cards in hand"));
            }
            if is_display && !may_take_display(state, seat, *p) {
                return Err(err(
                    "MD-33",
                    format!(
                        "slot {} holds no card or seat {seat} has no piece on province space {}",
                        p.index() + 1,
                        p.index() + 1
                    ),
                ));
            }
            if !is_display && !may_take_dragon(state, seat, *p) {
                return Err(err(
                    "MD-32",
                    format!(
                        "the dragon supply is empty or seat {seat} has no piece on province space {}",
                        p.index() + 1
                    ),
                ));
            }
        }
        (Action::TakeDisplay(_), _) => return Err(wrong_phase("MD-33", "taking a display card")),
        (Action::TakeDragon(_), _) => return Err(wrong_phase("MD-32", "taking a dragon card")),
        (Action::MoveStep { to, card }, Phase::Travel { stage }) => {
            if *stage == Stage::AfterStay {
                return Err(err("MD-42", "after a Stay only the deployment follows"));
            }
            valid_district(*to, "MD-41")?;
            if let Some(why) = step_error(state, seat, *to, *card) {
                let rule = if why.contains("finished") {
                    "MD-47"
                } else {
                    "MD-41"
                };
                return Err(err(rule, why));
            }
        }
        (Action::MoveStep { .. }, _) => return Err(wrong_phase("MD-41", "a move step")),
        (Action::Stay(card), Phase::Travel { stage }) => {
            if *stage != Stage::Start {
                return Err(err("MD-47", "Stay is only possible at the start of a turn"));
            }
            if !s.holds(*card) {
                return Err(err("MD-42", format!("seat {seat} holds no {card} card")));
            }
        }
        (Action::Stay(_), _) => return Err(wrong_phase("MD-42", "a Stay")),
        (Action::Deploy { count, cloister }, Phase::Travel { stage }) => {
            match stage {
                Stage::Start => {
                    return Err(err("MD-43", "a deployment only follows a Move or a Stay"));
                }
                Stage::Moving { .. } => {
                    if s.prince.is_some_and(|d| state.other_prince_in(d, seat)) {
                        return Err(err(
                            "MD-41",
                            "the move must not end in another player's prince's district",
                        ));
                    }
                }
                Stage::AfterStay => {}
            }
            if !deploy_choices(state, seat).contains(&(*count, *cloister)) {
                return Err(err(
                    "MD-43",
                    format!(
                        "seat {seat} cannot deploy {count}{} here (block, pieces on the province space, or cloister)",
                        if *cloister { " with the cloister" } else { "" }
                    ),
                ));
            }
        }
        (Action::Deploy { .. }, _) => return Err(wrong_phase("MD-43", "a deployment")),
        (Action::Pass, Phase::Travel { stage }) => {
            if *stage != Stage::Start {
                return Err(err("MD-44", "Pass is only possible at the start of a turn"));
            }
        }
        (Action::Pass, _) => return Err(wrong_phase("MD-44", "a Pass")),
        (Action::SelectReturn(cards), Phase::SelectReturns { .. }) => {
            if !cards.is_valid() {
                return Err(err(
                    "MD-55",
                    "the choice must be a non-empty subset of the return cards 0, 1, 2, 3",
                ));
            }
        }
        (Action::SelectReturn(_), _) => {
            return Err(wrong_phase("MD-55", "a return-card selection"));
        }
        (
            Action::ChooseReturns(m),
            Phase::ChooseReturns {
                province, returns, ..
            },
        ) => {
            let n = returns.get(seat).copied().unwrap_or(0);
            if !return_choices(state, seat, *province, n).contains(m) {
                return Err(err(
                    "MD-56",
                    format!(
                        "seat {seat} returns {n} pieces from the houses of {} (per district, in district order, no zeros)",
                        province.id()
                    ),
                ));
            }
        }
        (Action::ChooseReturns(_), _) => return Err(wrong_phase("MD-56", "choosing returns")),
    }
    Ok(())
}

/// Apply `action` for `seat`: all or nothing. Its events are written into
/// `events` (cleared first).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    events.clear();
    check(state, seat, action)?;
    perform(state, seat, action, events);
    Ok(())
}

fn discard(state: &mut State, seat: Seat, card: Card) {
    state.seats[seat].hand[card.index()] -= 1;
    state.discard.push(card);
}

fn perform(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    match action {
        Action::PlacePrince(d) => {
            state.seats[seat].prince = Some(*d);
            let c = d.province().index();
            let tile = state.tile_supply[c] > 0;
            if tile {
                state.tile_supply[c] -= 1;
                state.seats[seat].tiles[c] += 1;
            }
            events.push(Event::PrincePlaced {
                seat,
                district: *d,
                tile,
            });
            let next = (seat + 1) % state.players;
            if state.seats[next].prince.is_none() {
                state.turn = next;
            } else {
                flow::start_family_phase(state, events);
            }
        }
        Action::PlaceOnSpace(p) => {
            let s = &mut state.seats[seat];
            s.to_place -= 1;
            s.supply -= 1;
            state.spaces[p.index()][seat] += 1;
            events.push(Event::FamilyPlaced { seat, space: *p });
            flow::next_family_turn(state, events);
        }
        Action::NeutralPlace(d) => {
            state.neutral_supply -= 1;
            if let Some(n) = state.neutral_index() {
                state.districts[d.index()].open[n] += 1;
            }
            if let Phase::PlaceNeutral { placed } = &mut state.phase {
                placed[seat.min(1)] = (placed[seat.min(1)] + 1).min(NEUTRAL_PER_PLAYER);
            }
            events.push(Event::NeutralPlaced { seat, district: *d });
            flow::next_neutral_turn(state, events);
        }
        Action::TakeDisplay(p) => {
            if let Some(card) = state.display[p.index()].take() {
                state.seats[seat].hand[card.index()] += 1;
                events.push(Event::DisplayTaken {
                    seat,
                    slot: *p,
                    card,
                });
            }
            flow::refill(state, *p, events);
            flow::next_card_turn(state, seat + 1, events);
        }
        Action::TakeDragon(p) => {
            state.dragon_supply -= 1;
            state.seats[seat].hand[Card::Dragon.index()] += 1;
            state.spaces[p.index()][seat] -= 1;
            state.seats[seat].boxed += 1;
            events.push(Event::DragonTaken { seat, space: *p });
            flow::next_card_turn(state, seat + 1, events);
        }
        Action::MoveStep { to, card } => {
            let from = state.seats[seat].prince.unwrap_or(*to);
            discard(state, seat, *card);
            state.seats[seat].prince = Some(*to);
            let steps = match state.phase {
                Phase::Travel {
                    stage: Stage::Moving { steps },
                } => steps.saturating_add(1),
                _ => 1,
            };
            state.phase = Phase::Travel {
                stage: Stage::Moving { steps },
            };
            events.push(Event::Stepped {
                seat,
                from,
                to: *to,
                card: *card,
            });
        }
        Action::Stay(card) => {
            discard(state, seat, *card);
            state.phase = Phase::Travel {
                stage: Stage::AfterStay,
            };
            events.push(Event::Stayed { seat, card: *card });
        }
        Action::Deploy { count, cloister } => {
            let Some(d) = state.seats[seat].prince else {
                return;
            };
            let p = d.province().index();
            state.spaces[p][seat] -= count;
            let ds = &mut state.districts[d.index()];
            ds.open[seat] += count;
            let mut ousted = None;
            if *cloister {
                ds.open[seat] -= 1;
                ousted = ds.cloister.replace(seat);
                if let Some(o) = ousted {
                    ds.open[o] += 1;
                }
            }
            events.push(Event::Deployed {
                seat,
                district: d,
                count: *count,
                cloister: *cloister,
                ousted,
            });
            flow::next_travel_turn(state, events);
        }
        Action::Pass => {
            state.seats[seat].passed = true;
            events.push(Event::Passed { seat });
            flow::next_travel_turn(state, events);
        }
        Action::SelectReturn(cards) => {
            let mut all_in = false;
            let mut province = Province(0);
            if let Phase::SelectReturns {
                province: p,
                involved,
                commits,
            } = &mut state.phase
            {
                commits[seat] = Some(*cards);
                province = *p;
                all_in = involved
                    .iter()
                    .zip(commits.iter())
                    .all(|(i, c)| !*i || c.is_some());
            }
            events.push(Event::ReturnCommitted {
                seat,
                province,
                cards: Some(*cards),
            });
            if all_in {
                scoring::reveal(state, events);
            }
        }
        Action::ChooseReturns(m) => {
            let Phase::ChooseReturns {
                province,
                returns,
                next,
            } = state.phase.clone()
            else {
                return;
            };
            for (d, k) in m {
                scoring::return_pieces(state, seat, *d, *k, events);
            }
            scoring::process_returns(state, province, returns, next + 1, events);
        }
    }
}
