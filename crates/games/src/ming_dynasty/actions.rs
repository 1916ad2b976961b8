//! Section 11: the decisions a player makes, and the legal-action generator.
//! `apply` accepts exactly the actions listed here (checked both ways by the
//! property tests).

use satrap_engine::Seat;

use super::board::{Card, District, Province};
use super::movement::legal_steps;
use super::state::{HAND_LIMIT, Phase, ReturnCards, Stage, State};

/// One decision (Section 11). Province spaces and display slots are
/// 0-based here (`Province`), 1-based in notation and on the wire.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// MD-1 step 7.
    PlacePrince(District),
    /// MD-21.
    PlaceOnSpace(Province),
    /// MD-81.
    NeutralPlace(District),
    /// MD-33: take the card of this display slot.
    TakeDisplay(Province),
    /// MD-32: take a dragon, boxing one own piece from this province space.
    TakeDragon(Province),
    /// MD-47: one step of a Move.
    MoveStep { to: District, card: Card },
    /// MD-42.
    Stay(Card),
    /// MD-43, MD-48.
    Deploy { count: u8, cloister: bool },
    /// MD-44.
    Pass,
    /// MD-55: the secret return-card choice for the current city.
    SelectReturn(ReturnCards),
    /// MD-56: how many pieces return to each district, by district order,
    /// only districts with at least one.
    ChooseReturns(Vec<(District, u8)>),
}

/// MD-43: the deployment choices of `seat` in his prince's district.
pub fn deploy_choices(state: &State, seat: Seat) -> Vec<(u8, bool)> {
    let Some(s) = state.seats.get(seat) else {
        return Vec::new();
    };
    let Some(d) = s.prince else {
        return Vec::new();
    };
    let cloister = state.district(d).and_then(|x| x.cloister);
    // Step 1 (AMB-3): his own cloister piece blocks the whole district.
    let blocked = cloister == Some(seat);
    let on_space = state
        .spaces
        .get(d.province().index())
        .and_then(|sp| sp.get(seat))
        .copied()
        .unwrap_or(0);
    let max = if blocked { 0 } else { on_space.min(3) };
    let mut out = Vec::new();
    for k in 0..=max {
        out.push((k, false));
        if k >= 1 {
            out.push((k, true));
        }
    }
    out
}

/// MD-32: `seat` may take a dragon card now (ignoring the hand limit).
pub fn may_take_dragon(state: &State, seat: Seat, space: Province) -> bool {
    state.dragon_supply > 0 && own_on_space(state, seat, space) > 0
}

/// MD-33: `seat` may take the card of display slot `slot`.
pub fn may_take_display(state: &State, seat: Seat, slot: Province) -> bool {
    state.display.get(slot.index()).is_some_and(|c| c.is_some())
        && own_on_space(state, seat, slot) > 0
}

/// The pieces of `seat` on province space `p` (0 for out-of-range input).
pub fn own_on_space(state: &State, seat: Seat, p: Province) -> u8 {
    state
        .spaces
        .get(p.index())
        .and_then(|s| s.get(seat))
        .copied()
        .unwrap_or(0)
}

/// MD-31, AMB-11: `seat` is finished with Phase 2 (5 cards, or nothing he
/// may take).
pub fn finished_taking(state: &State, seat: Seat) -> bool {
    let Some(s) = state.seats.get(seat) else {
        return true;
    };
    if s.hand_size() >= HAND_LIMIT {
        return true;
    }
    !Province::all().any(|p| may_take_display(state, seat, p) || may_take_dragon(state, seat, p))
}

/// MD-56: the ways `seat` can return `n` of his pieces from the city of `p`,
/// as (district, count) lists in district order without zeros.
pub fn return_choices(state: &State, seat: Seat, p: Province, n: u8) -> Vec<Vec<(District, u8)>> {
    let origins: Vec<(District, u8)> = p
        .districts()
        .iter()
        .filter_map(|d| {
            let k = state.district(*d)?.houses.get(seat).copied().unwrap_or(0);
            (k > 0).then_some((*d, k))
        })
        .collect();
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn rec(
        origins: &[(District, u8)],
        left: u8,
        current: &mut Vec<(District, u8)>,
        out: &mut Vec<Vec<(District, u8)>>,
    ) {
        let Some(((d, max), rest)) = origins.split_first() else {
            if left == 0 {
                out.push(current.clone());
            }
            return;
        };
        for k in (0..=(*max).min(left)).rev() {
            if k > 0 {
                current.push((*d, k));
            }
            rec(rest, left - k, current, out);
            if k > 0 {
                current.pop();
            }
        }
    }
    rec(&origins, n, &mut current, &mut out);
    out
}

/// Every legal action of `seat` now, in a fixed order (Section 11).
pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    if !super::is_to_act(state, seat) {
        return Vec::new();
    }
    let s = &state.seats[seat];
    match &state.phase {
        Phase::Over => Vec::new(),
        Phase::PlacePrinces => District::all()
            .filter(|d| state.prince_in(*d).is_none())
            .map(Action::PlacePrince)
            .collect(),
        Phase::PlaceFamily => Province::all().map(Action::PlaceOnSpace).collect(),
        Phase::PlaceNeutral { .. } => District::all().map(Action::NeutralPlace).collect(),
        Phase::TakeCards => {
            if s.hand_size() >= HAND_LIMIT {
                return Vec::new();
            }
            let mut out: Vec<Action> = Province::all()
                .filter(|p| may_take_display(state, seat, *p))
                .map(Action::TakeDisplay)
                .collect();
            out.extend(
                Province::all()
                    .filter(|p| may_take_dragon(state, seat, *p))
                    .map(Action::TakeDragon),
            );
            out
        }
        Phase::Travel { stage } => {
            let mut out = Vec::new();
            let here_free = s.prince.is_some_and(|d| !state.other_prince_in(d, seat));
            if matches!(stage, Stage::Start | Stage::Moving { .. }) {
                out.extend(
                    legal_steps(state, seat)
                        .into_iter()
                        .map(|(to, card)| Action::MoveStep { to, card }),
                );
            }
            match stage {
                Stage::Start => {
                    out.extend(
                        super::board::board()
                            .cards()
                            .filter(|c| s.holds(*c))
                            .map(Action::Stay),
                    );
                    out.push(Action::Pass);
                }
                Stage::Moving { .. } if here_free => out.extend(
                    deploy_choices(state, seat)
                        .into_iter()
                        .map(|(count, cloister)| Action::Deploy { count, cloister }),
                ),
                Stage::AfterStay => out.extend(
                    deploy_choices(state, seat)
                        .into_iter()
                        .map(|(count, cloister)| Action::Deploy { count, cloister }),
                ),
                Stage::Moving { .. } => {}
            }
            out
        }
        Phase::SelectReturns { .. } => ReturnCards::all().map(Action::SelectReturn).collect(),
        Phase::ChooseReturns {
            province, returns, ..
        } => {
            let n = returns.get(seat).copied().unwrap_or(0);
            return_choices(state, seat, *province, n)
                .into_iter()
                .map(Action::ChooseReturns)
                .collect()
        }
    }
}
