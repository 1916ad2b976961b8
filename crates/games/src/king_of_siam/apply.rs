//! Applying an action: validate it completely before changing anything, so
//! a rejected action changes nothing (KS-27). Every rejection names the rule
//! it breaks (KS-30). A step of a 3-player last card is performed only
//! once the last-card search has found that it keeps a win possible
//! (KS-15, KS-29).

use super::actions::Action;
use super::board::Province;
use super::card::Card;
use super::effects::{is_eligible_tile, is_faction_target, is_valid_pair, valid_pairs};
use super::events::Event;
use super::faction::Faction;
use super::last_card;
use super::resolve;
use super::state::{CardPlay, State, Step};
use satrap_engine::{RuleError, Seat};

/// Apply `action` by `seat`: all of it, or nothing with the rule it breaks.
/// Its events are written into `events` (cleared first; empty on `Err`).
pub fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    events.clear();
    let applied = apply_checked(state, seat, action, events);
    if applied.is_err() {
        // A refused step may have been tried on a copy to name its rule.
        events.clear();
    }
    applied
}

fn apply_checked(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if state.over {
        return Err(RuleError::new("KS-4", "the game is over"));
    }
    if seat != state.current {
        return Err(RuleError::new(
            "KS-4",
            format!("it is seat {}'s turn, not seat {seat}'s", state.current),
        ));
    }
    if *action == Action::Pass {
        if let Some(cp) = &state.card_play {
            return Err(RuleError::new(
                "KS-27",
                format!(
                    "cannot pass during a card play: the {} card needs its next step ({})",
                    cp.card.name(),
                    step_name(cp.step)
                ),
            ));
        }
        // KS-8, KS-9: a pass counts towards the end of the struggle.
        state.passes += 1;
        events.push(Event::Passed {
            seat,
            automatic: false,
            passes: state.passes,
        });
    } else {
        let last = match (&state.card_play, action) {
            (None, Action::Play(_)) => last_card::applies_to_play(state, seat),
            (Some(cp), _) => cp.last_card,
            _ => false,
        };
        if last && state.card_play.is_none() {
            // KS-15, KS-29: the `PLAY` of a last card is performed on a copy
            // (a refused one names the rule it breaks), which is kept only
            // if a win is still possible after it.
            let search = last_card::Search::new(state, seat);
            let mut next = state.clone();
            perform_step(&mut next, seat, action, events)?;
            if !search.keeps_win_after_play(&next) {
                return Err(last_card_refusal());
            }
            *state = next;
        } else if last {
            // KS-15, KS-29: each step of a last card must keep a win
            // possible. The search checks every condition of the step as
            // well, so a kept step is performed in place; a refused one is
            // tried on a copy to name the rule it breaks.
            if !last_card::keeps_win(state, seat, action) {
                let mut next = state.clone();
                perform_step(&mut next, seat, action, events)?;
                return Err(last_card_refusal());
            }
            perform_step(state, seat, action, events)?;
        } else {
            // `perform_step` checks everything before it changes anything.
            perform_step(state, seat, action, events)?;
        }
    }
    if state.card_play.is_none() {
        resolve::end_turn(state, events);
    }
    Ok(())
}

/// KS-15: the refusal of a last-card step that leaves no win possible.
fn last_card_refusal() -> RuleError {
    RuleError::new(
        "KS-15",
        "in the 3-player game a last card may only be played in a way that makes its player the sole winner",
    )
}

/// A short description of a step, for messages.
pub fn step_name(step: Step) -> String {
    match step {
        Step::Target(x) => format!("PLACE the {} followers", x.name()),
        Step::KhonThai(f) => format!("PLACE the {} follower", f.name()),
        Step::Exchange1v1 => "X1, the 1 vs 1 exchange".into(),
        Step::Exchange2v1 => "X2, the 2 vs 1 exchange".into(),
        Step::King => "KING, the tile swap".into(),
        Step::Take => "TAKE a follower".into(),
    }
}

/// Perform one action of a card play (`PLAY` or an effect step or `TAKE`) on
/// `state`, without moving the turn on. Every arm checks all the conditions
/// of its rule before its first change (`record` comes after the checks), so
/// a rejected step leaves `state` as it was.
pub fn perform_step(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(cp) = &state.card_play else {
        return match action {
            Action::Play(card) => play(state, seat, *card, events),
            _ => Err(RuleError::new(
                "KS-27",
                "no card play is in progress: the only actions are PASS and PLAY",
            )),
        };
    };
    let (card, step) = (cp.card, cp.step);
    match (step, action) {
        (_, Action::Pass) => Err(RuleError::new(
            "KS-27",
            format!(
                "cannot pass during a card play; next step: {}",
                step_name(step)
            ),
        )),
        (_, Action::Play(_)) => Err(RuleError::new(
            "KS-27",
            format!(
                "the {} card is still being played; next step: {}",
                card.name(),
                step_name(step)
            ),
        )),
        (Step::Target(x), Action::Place(p)) => {
            if !is_faction_target(state, x, *p) {
                return Err(RuleError::new(
                    "KS-10",
                    format!(
                        "{p} is not a valid target of the {} card: it must be undecided and next to a {} anchor",
                        card.name(),
                        x.name()
                    ),
                ));
            }
            record(state, action);
            let count = state.pool.get(x).min(2);
            state.pool.remove(x, count);
            state.province_mut(*p).followers.add(x, count);
            events.push(Event::Placed {
                seat,
                card,
                faction: x,
                count,
                province: *p,
            });
            go_to_take(state, seat, events);
            Ok(())
        }
        (Step::KhonThai(f), Action::Place(p)) => {
            if !state.is_undecided(*p) {
                return Err(RuleError::new(
                    "KS-11",
                    format!("{p} is decided: Khon Thai places only into undecided provinces"),
                ));
            }
            record(state, action);
            state.pool.remove(f, 1);
            state.province_mut(*p).followers.add(f, 1);
            events.push(Event::Placed {
                seat,
                card,
                faction: f,
                count: 1,
                province: *p,
            });
            khon_thai_from(state, seat, f.index() + 1, events);
            Ok(())
        }
        (Step::Exchange1v1, Action::Exchange1v1 { p, f, q, g }) => {
            if p >= q {
                return Err(RuleError::new(
                    "KS-12",
                    "the pair of a 1 vs 1 is unordered: write the province that comes first in the province list first",
                ));
            }
            check_pair("KS-12", state, *p, *q)?;
            if !state.province(*p).followers.has(*f) {
                return Err(RuleError::new(
                    "KS-12",
                    format!("{p} holds no {} follower", f.name()),
                ));
            }
            if !state.province(*q).followers.has(*g) {
                return Err(RuleError::new(
                    "KS-12",
                    format!("{q} holds no {} follower", g.name()),
                ));
            }
            record(state, action);
            exchange(state, *p, &[*f], *q, *g);
            events.push(Event::Exchanged {
                seat,
                card,
                p: *p,
                from_p: vec![*f],
                q: *q,
                from_q: *g,
            });
            go_to_take(state, seat, events);
            Ok(())
        }
        (Step::Exchange2v1, Action::Exchange2v1 { p, sent, q, g }) => {
            check_pair("KS-13", state, *p, *q)?;
            let here = state.province(*p).followers;
            let k = here.total().min(2) as usize;
            if sent.len() != k {
                return Err(RuleError::new(
                    "KS-13",
                    format!(
                        "the two side {p} holds {} followers, so exactly {k} must be sent",
                        here.total()
                    ),
                ));
            }
            if !sent.is_sorted() {
                return Err(RuleError::new(
                    "KS-13",
                    "write the factions sent in the order Rama, Lao, Malay",
                ));
            }
            if !here.contains_all(sent) {
                return Err(RuleError::new(
                    "KS-13",
                    format!("{p} does not hold the followers {}", faction_list(sent)),
                ));
            }
            if !state.province(*q).followers.has(*g) {
                return Err(RuleError::new(
                    "KS-13",
                    format!("{q} holds no {} follower", g.name()),
                ));
            }
            record(state, action);
            exchange(state, *p, sent, *q, *g);
            events.push(Event::Exchanged {
                seat,
                card,
                p: *p,
                from_p: sent.to_vec(),
                q: *q,
                from_q: *g,
            });
            go_to_take(state, seat, events);
            Ok(())
        }
        (Step::King, Action::King { t1, t2, marker }) => {
            for t in [t1, t2] {
                if !is_eligible_tile(state, *t) {
                    return Err(RuleError::new(
                        "KS-14",
                        format!(
                            "the tile of {t} cannot be moved: it is decided or carries a King marker"
                        ),
                    ));
                }
            }
            let (b1, b2) = (state.box_of(*t1), state.box_of(*t2));
            if b1 >= b2 {
                return Err(RuleError::new(
                    "KS-14",
                    "name the two tiles in box order, the lower box first",
                ));
            }
            if marker != t1 && marker != t2 {
                return Err(RuleError::new(
                    "KS-14",
                    "the King marker goes onto one of the two swapped tiles",
                ));
            }
            record(state, action);
            state.track.swap(b1, b2);
            state.province_mut(*marker).king_marker = Some(seat);
            state.seats[seat].king_marker_used = true;
            events.push(Event::TilesSwapped {
                seat,
                t1: *t1,
                t1_box: b2 as u8 + 1,
                t2: *t2,
                t2_box: b1 as u8 + 1,
                marker: *marker,
            });
            go_to_take(state, seat, events);
            Ok(())
        }
        (Step::Take, Action::Take { province, faction }) => {
            if !state.province(*province).followers.has(*faction) {
                return Err(RuleError::new(
                    "KS-7",
                    format!("{province} holds no {} follower to take", faction.name()),
                ));
            }
            record(state, action);
            state.province_mut(*province).followers.remove(*faction, 1);
            state.seats[seat].court.add(*faction, 1);
            events.push(Event::FollowerTaken {
                seat,
                province: *province,
                faction: *faction,
            });
            finish_card_play(state);
            Ok(())
        }
        (step, _) => Err(RuleError::new(
            "KS-27",
            format!(
                "wrong step for the {} card: the next step is {}",
                card.name(),
                step_name(step)
            ),
        )),
    }
}

/// KS-5, KS-27: start a card play.
fn play(
    state: &mut State,
    seat: Seat,
    card: Card,
    events: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !state.seats[seat].hand.has(card) {
        return Err(RuleError::new(
            "KS-2",
            format!("seat {seat} holds no {} card", card.name()),
        ));
    }
    let last_card = last_card::applies_to_play(state, seat);
    state.seats[seat].hand.remove(card);
    // KS-9: any card play resets the pass counter.
    state.passes = 0;
    // Room for the whole card play at once (its `PLAY`, the effect's
    // steps and the take): grown one action at a time, the list was
    // reallocated twice in most card plays.
    let mut choices = Vec::with_capacity(8);
    choices.push(Action::Play(card));
    state.card_play = Some(CardPlay {
        seat,
        card,
        step: Step::Take,
        last_card,
        choices,
    });
    events.push(Event::CardPlayed {
        seat,
        card,
        last_card,
    });
    // The first effect step, if the card allows any choice now (KS-28 step 1).
    let first = match (card, card.faction()) {
        (_, Some(x)) => (state.pool.has(x)
            && Province::all().any(|p| is_faction_target(state, x, p)))
        .then_some(Step::Target(x)),
        (Card::Rama | Card::Lao | Card::Malay, None) => None,
        (Card::KhonThai, _) => {
            khon_thai_from(state, seat, 0, events);
            return Ok(());
        }
        (Card::OneVsOne, _) => valid_pairs(state)
            .next()
            .is_some()
            .then_some(Step::Exchange1v1),
        (Card::TwoVsOne, _) => valid_pairs(state)
            .next()
            .is_some()
            .then_some(Step::Exchange2v1),
        (Card::King, _) => {
            let mut eligible = Province::all().filter(|p| is_eligible_tile(state, *p));
            eligible.nth(1).is_some().then_some(Step::King)
        }
    };
    match first {
        Some(step) => set_step(state, step),
        None => {
            // KS-6, KS-28 step 1: nothing can be done; straight on to the take.
            events.push(Event::EffectSkipped {
                seat,
                card,
                faction: None,
            });
            go_to_take(state, seat, events);
        }
    }
    Ok(())
}

/// KS-11: the next Khon Thai step, for the first faction from `from` on
/// (Rama, Lao, Malay) that is in the pool; absent factions are skipped.
fn khon_thai_from(state: &mut State, seat: Seat, from: usize, events: &mut Vec<Event>) {
    for f in Faction::ALL.into_iter().skip(from) {
        if state.pool.has(f) {
            set_step(state, Step::KhonThai(f));
            return;
        }
        events.push(Event::EffectSkipped {
            seat,
            card: Card::KhonThai,
            faction: Some(f),
        });
    }
    go_to_take(state, seat, events);
}

/// KS-7, KS-28 step 2: the take is due; skip it if the board is empty.
fn go_to_take(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    if state.board_has_followers() {
        set_step(state, Step::Take);
    } else {
        events.push(Event::TakeSkipped { seat });
        state.seats[seat].takes_skipped += 1;
        finish_card_play(state);
    }
}

/// KS-5: the card goes onto the played stack; the card play is over.
fn finish_card_play(state: &mut State) {
    if let Some(cp) = state.card_play.take() {
        state.seats[cp.seat].played.push(cp.card);
    }
}

fn set_step(state: &mut State, step: Step) {
    if let Some(cp) = &mut state.card_play {
        cp.step = step;
    }
}

fn record(state: &mut State, action: &Action) {
    if let Some(cp) = &mut state.card_play {
        cp.choices.push(action.clone());
    }
}

/// KS-12, KS-13: simultaneous exchange between `p` and `q`.
fn exchange(state: &mut State, p: Province, from_p: &[Faction], q: Province, from_q: Faction) {
    for f in from_p {
        state.province_mut(p).followers.remove(*f, 1);
        state.province_mut(q).followers.add(*f, 1);
    }
    state.province_mut(q).followers.remove(from_q, 1);
    state.province_mut(p).followers.add(from_q, 1);
}

/// KS-12 / KS-13: explain why {p, q} is not a valid pair.
fn check_pair(
    rule: &'static str,
    state: &State,
    p: Province,
    q: Province,
) -> Result<(), RuleError> {
    if is_valid_pair(state, p, q) {
        return Ok(());
    }
    let why = if p == q {
        "an exchange needs two different provinces".to_string()
    } else if !p.is_adjacent(q) {
        format!("{p} and {q} are not adjacent")
    } else if !state.is_undecided(p) || !state.is_undecided(q) {
        "both provinces of an exchange must be undecided".to_string()
    } else {
        "both provinces of an exchange must hold at least one follower".to_string()
    };
    Err(RuleError::new(rule, why))
}

fn faction_list(factions: &[Faction]) -> String {
    factions
        .iter()
        .map(|f| f.id())
        .collect::<Vec<_>>()
        .join(",")
}
