//! Conversions between the typed engine and the messages of
//! `proto/satrap/v1/ming_dynasty.proto`. Anything malformed coming in is a
//! [`WireError`], never a panic.

use super::MingDynasty;
use super::actions::Action;
use super::board::{Card, District, Province, board};
use super::events::{Event, Family, PhaseName, ScoreReason};
use super::setup::Options;
use super::state::{Colour, Phase, ReturnCards, Stage};
use super::view::View;
use crate::wire_enum::{WireEnum, wire_enum};
use crate::{WireError, WireGame};
use satrap_proto as proto;
use satrap_proto::ming_dynasty_action as pa;
use satrap_proto::ming_dynasty_event as pe;
use satrap_proto::ming_dynasty_view as pv;
use std::sync::OnceLock;

const CARD_PREFIX: &str = "MING_DYNASTY_CARD_";

/// Cards map by name: the board file stays the one source of transports.
/// Each kind's name is looked up once: a view sends a card for every border
/// of every district, and building the name each time was a fifth of the
/// time a view took on the wire.
fn card_to_proto(c: Card) -> i32 {
    static BY_INDEX: OnceLock<Vec<i32>> = OnceLock::new();
    let unspecified = proto::MingDynastyCard::Unspecified as i32;
    if !c.is_valid() {
        return unspecified;
    }
    BY_INDEX
        .get_or_init(|| board().cards().map(card_to_proto_by_name).collect())
        .get(c.index())
        .copied()
        .unwrap_or(unspecified)
}

fn card_to_proto_by_name(c: Card) -> i32 {
    proto::MingDynastyCard::from_str_name(&format!("{CARD_PREFIX}{}", c.name().to_uppercase()))
        .unwrap_or(proto::MingDynastyCard::Unspecified) as i32
}

fn opt_card_to_proto(c: Option<Card>) -> i32 {
    c.map(card_to_proto)
        .unwrap_or(proto::MingDynastyCard::Unspecified as i32)
}

fn card_from_proto(value: i32, field: &'static str) -> Result<Card, WireError> {
    let invalid = || WireError::Invalid {
        field,
        reason: format!("unknown card value {value}"),
    };
    match proto::MingDynastyCard::try_from(value) {
        Ok(proto::MingDynastyCard::Unspecified) => Err(WireError::Missing(field)),
        Ok(c) => c
            .as_str_name()
            .strip_prefix(CARD_PREFIX)
            .and_then(Card::from_name)
            .ok_or_else(invalid),
        Err(_) => Err(invalid()),
    }
}

wire_enum!(Colour as proto::MingDynastyColour, "colour" {
    Red => Red,
    Yellow => Yellow,
    Green => Green,
    Blue => Blue,
});

wire_enum!(PhaseName as proto::MingDynastyPhase, "phase" {
    PlaceFamily => PlaceFamily,
    PlaceNeutral => PlaceNeutral,
    TakeCards => TakeCards,
    Travel => Travel,
    Scoring => Scoring,
});

wire_enum!(ScoreReason as proto::MingDynastyScoreReason, "score reason" {
    SixColourSet => SixColourSet,
    CityPieces => CityPieces,
    Cloisters => Cloisters,
    FiveColourSets => FiveColourSets,
    LeftoverTiles => LeftoverTiles,
});

fn district_from_proto(id: &str, field: &'static str) -> Result<District, WireError> {
    if id.is_empty() {
        return Err(WireError::Missing(field));
    }
    District::from_id(id).ok_or_else(|| WireError::Invalid {
        field,
        reason: format!("no district {id:?}"),
    })
}

fn number_from_proto(n: u32, field: &'static str) -> Result<Province, WireError> {
    if n == 0 || n as usize > Province::count() {
        return Err(WireError::Invalid {
            field,
            reason: format!("{n} is not a number 1-{}", Province::count()),
        });
    }
    Ok(Province((n - 1) as u8))
}

fn number(p: Province) -> u32 {
    p.index() as u32 + 1
}

fn cards_from_proto(values: &[u32], field: &'static str) -> Result<ReturnCards, WireError> {
    let small: Vec<u8> = values.iter().map(|v| (*v).min(255) as u8).collect();
    ReturnCards::from_values(&small).ok_or_else(|| WireError::Invalid {
        field,
        reason: "distinct return card values 0-3, at least one".into(),
    })
}

fn cards_to_proto(r: ReturnCards) -> Vec<u32> {
    r.values().into_iter().map(u32::from).collect()
}

fn md_action_from_proto(a: &proto::MingDynastyAction) -> Result<Action, WireError> {
    let kind = a
        .kind
        .as_ref()
        .ok_or(WireError::Missing("ming_dynasty.kind"))?;
    Ok(match kind {
        pa::Kind::PlacePrince(x) => {
            Action::PlacePrince(district_from_proto(&x.district, "place_prince.district")?)
        }
        pa::Kind::PlaceOnSpace(x) => {
            Action::PlaceOnSpace(number_from_proto(x.space, "place_on_space.space")?)
        }
        pa::Kind::NeutralPlace(x) => {
            Action::NeutralPlace(district_from_proto(&x.district, "neutral_place.district")?)
        }
        pa::Kind::TakeDisplay(x) => {
            Action::TakeDisplay(number_from_proto(x.slot, "take_display.slot")?)
        }
        pa::Kind::TakeDragon(x) => {
            Action::TakeDragon(number_from_proto(x.space, "take_dragon.space")?)
        }
        pa::Kind::MoveStep(x) => Action::MoveStep {
            to: district_from_proto(&x.district, "move_step.district")?,
            card: card_from_proto(x.card, "move_step.card")?,
        },
        pa::Kind::Stay(x) => Action::Stay(card_from_proto(x.card, "stay.card")?),
        pa::Kind::Deploy(x) => {
            if x.count > 3 {
                return Err(WireError::Invalid {
                    field: "deploy.count",
                    reason: format!("{} is more than 3", x.count),
                });
            }
            Action::Deploy {
                count: x.count as u8,
                cloister: x.cloister,
            }
        }
        pa::Kind::Pass(_) => Action::Pass,
        pa::Kind::SelectReturn(x) => {
            Action::SelectReturn(cards_from_proto(&x.cards, "select_return.cards")?)
        }
        pa::Kind::ChooseReturns(x) => {
            let mut m = Vec::with_capacity(x.returns.len());
            for r in &x.returns {
                let d = district_from_proto(&r.district, "choose_returns.district")?;
                if r.count > 255 {
                    return Err(WireError::Invalid {
                        field: "choose_returns.count",
                        reason: format!("{} is too many", r.count),
                    });
                }
                m.push((d, r.count as u8));
            }
            Action::ChooseReturns(m)
        }
    })
}

fn md_action_to_proto(action: &Action) -> proto::MingDynastyAction {
    let kind = match action {
        Action::PlacePrince(d) => pa::Kind::PlacePrince(pa::PlacePrince {
            district: d.id().into(),
        }),
        Action::PlaceOnSpace(p) => pa::Kind::PlaceOnSpace(pa::PlaceOnSpace { space: number(*p) }),
        Action::NeutralPlace(d) => pa::Kind::NeutralPlace(pa::NeutralPlace {
            district: d.id().into(),
        }),
        Action::TakeDisplay(p) => pa::Kind::TakeDisplay(pa::TakeDisplay { slot: number(*p) }),
        Action::TakeDragon(p) => pa::Kind::TakeDragon(pa::TakeDragon { space: number(*p) }),
        Action::MoveStep { to, card } => pa::Kind::MoveStep(pa::MoveStep {
            district: to.id().into(),
            card: card_to_proto(*card),
        }),
        Action::Stay(c) => pa::Kind::Stay(pa::Stay {
            card: card_to_proto(*c),
        }),
        Action::Deploy { count, cloister } => pa::Kind::Deploy(pa::Deploy {
            count: u32::from(*count),
            cloister: *cloister,
        }),
        Action::Pass => pa::Kind::Pass(pa::Pass {}),
        Action::SelectReturn(r) => pa::Kind::SelectReturn(pa::SelectReturn {
            cards: cards_to_proto(*r),
        }),
        Action::ChooseReturns(m) => pa::Kind::ChooseReturns(pa::ChooseReturns {
            returns: m
                .iter()
                .map(|(d, k)| pa::DistrictCount {
                    district: d.id().into(),
                    count: u32::from(*k),
                })
                .collect(),
        }),
    };
    proto::MingDynastyAction { kind: Some(kind) }
}

fn family_to_proto(f: Family) -> (Option<u32>, bool) {
    match f {
        Family::Seat(s) => (Some(s as u32), false),
        Family::Neutral => (None, true),
    }
}

/// The event message (its line for humans is `Event`'s `Display`).
fn md_event(event: &Event) -> pe::Kind {
    match event {
        Event::PrincePlaced {
            seat,
            district,
            tile,
        } => pe::Kind::PrincePlaced(pe::PrincePlaced {
            seat: *seat as u32,
            district: district.id().into(),
            tile: *tile,
        }),
        Event::PhaseStarted { round, phase } => pe::Kind::PhaseStarted(pe::PhaseStarted {
            round: u32::from(*round),
            phase: phase.to_proto(),
        }),
        Event::FamilyPlaced { seat, space } => pe::Kind::FamilyPlaced(pe::FamilyPlaced {
            seat: *seat as u32,
            space: number(*space),
        }),
        Event::NeutralPlaced { seat, district } => pe::Kind::NeutralPlaced(pe::NeutralPlaced {
            seat: *seat as u32,
            district: district.id().into(),
        }),
        Event::SlotRefilled { slot, card } => pe::Kind::SlotRefilled(pe::SlotRefilled {
            slot: number(*slot),
            card: opt_card_to_proto(*card),
        }),
        Event::Reshuffled {
            cards,
            dragons_returned,
        } => pe::Kind::Reshuffled(pe::Reshuffled {
            cards: *cards,
            dragons_returned: *dragons_returned,
        }),
        Event::DisplayTaken { seat, slot, card } => pe::Kind::DisplayTaken(pe::DisplayTaken {
            seat: *seat as u32,
            slot: number(*slot),
            card: card_to_proto(*card),
        }),
        Event::DragonTaken { seat, space } => pe::Kind::DragonTaken(pe::DragonTaken {
            seat: *seat as u32,
            space: number(*space),
        }),
        Event::Stepped {
            seat,
            from,
            to,
            card,
        } => pe::Kind::Stepped(pe::Stepped {
            seat: *seat as u32,
            from: from.id().into(),
            to: to.id().into(),
            card: card_to_proto(*card),
        }),
        Event::Stayed { seat, card } => pe::Kind::Stayed(pe::Stayed {
            seat: *seat as u32,
            card: card_to_proto(*card),
        }),
        Event::Deployed {
            seat,
            district,
            count,
            cloister,
            ousted,
        } => pe::Kind::Deployed(pe::Deployed {
            seat: *seat as u32,
            district: district.id().into(),
            count: u32::from(*count),
            cloister: *cloister,
            ousted: ousted.map(|s| s as u32),
        }),
        Event::Passed { seat } => pe::Kind::Passed(pe::Passed { seat: *seat as u32 }),
        Event::MovedToCity {
            family,
            district,
            count,
        } => {
            let (seat, neutral) = family_to_proto(*family);
            pe::Kind::MovedToCity(pe::MovedToCity {
                seat,
                neutral,
                district: district.id().into(),
                count: u32::from(*count),
            })
        }
        Event::TileTaken {
            seat,
            province,
            taken,
        } => pe::Kind::TileTaken(pe::TileTaken {
            seat: *seat as u32,
            province: province.id().into(),
            taken: *taken,
        }),
        Event::SetExchanged { seat } => {
            pe::Kind::SetExchanged(pe::SetExchanged { seat: *seat as u32 })
        }
        Event::ReturnCommitted {
            seat,
            province,
            cards,
        } => pe::Kind::ReturnCommitted(pe::ReturnCommitted {
            seat: *seat as u32,
            province: province.id().into(),
            cards: cards.map(cards_to_proto).unwrap_or_default(),
        }),
        Event::ReturnsRevealed { province, choices } => {
            pe::Kind::ReturnsRevealed(pe::ReturnsRevealed {
                province: province.id().into(),
                choices: choices
                    .iter()
                    .map(|(s, c, n)| pe::RevealedChoice {
                        seat: *s as u32,
                        cards: cards_to_proto(*c),
                        returns: u32::from(*n),
                    })
                    .collect(),
            })
        }
        Event::PiecesReturned {
            seat,
            district,
            count,
        } => pe::Kind::PiecesReturned(pe::PiecesReturned {
            seat: *seat as u32,
            district: district.id().into(),
            count: u32::from(*count),
        }),
        Event::PiecesBoxed {
            family,
            province,
            count,
        } => {
            let (seat, neutral) = family_to_proto(*family);
            pe::Kind::PiecesBoxed(pe::PiecesBoxed {
                seat,
                neutral,
                province: province.id().into(),
                count: u32::from(*count),
            })
        }
        Event::Scored {
            seat,
            points,
            reason,
        } => pe::Kind::Scored(pe::Scored {
            seat: *seat as u32,
            points: *points,
            reason: reason.to_proto(),
        }),
        Event::RoundStarted {
            round,
            start_player,
        } => pe::Kind::RoundStarted(pe::RoundStarted {
            round: u32::from(*round),
            start_player: *start_player as u32,
        }),
        Event::GameEnded { winners, summary } => pe::Kind::GameEnded(pe::GameEnded {
            winners: winners.iter().map(|s| *s as u32).collect(),
            summary: summary.clone(),
        }),
    }
}

fn phase_to_proto(p: &Phase) -> (i32, i32, u32) {
    use proto::MingDynastyPhase as P;
    use proto::MingDynastyStage as S;
    let (phase, stage, steps) = match p {
        Phase::PlacePrinces => (P::PlacePrinces, S::Unspecified, 0),
        Phase::PlaceFamily => (P::PlaceFamily, S::Unspecified, 0),
        Phase::PlaceNeutral { .. } => (P::PlaceNeutral, S::Unspecified, 0),
        Phase::TakeCards => (P::TakeCards, S::Unspecified, 0),
        Phase::Travel { stage } => match stage {
            Stage::Start => (P::Travel, S::Start, 0),
            Stage::Moving { steps } => (P::Travel, S::Moving, u32::from(*steps)),
            Stage::AfterStay => (P::Travel, S::AfterStay, 0),
        },
        Phase::SelectReturns { .. } => (P::SelectReturns, S::Unspecified, 0),
        Phase::ChooseReturns { .. } => (P::ChooseReturns, S::Unspecified, 0),
        Phase::Over => (P::Over, S::Unspecified, 0),
    };
    (phase as i32, stage as i32, steps)
}

fn md_view_to_proto(v: &View) -> proto::MingDynastyView {
    let b = board();
    let (phase, stage, steps) = phase_to_proto(&v.phase);
    let (city, returns) = match &v.phase {
        Phase::SelectReturns { province, .. } => (province.id().to_owned(), Vec::new()),
        Phase::ChooseReturns {
            province, returns, ..
        } => (
            province.id().to_owned(),
            returns.iter().map(|n| u32::from(*n)).collect(),
        ),
        _ => (String::new(), Vec::new()),
    };
    let own_choice = |seat: usize| -> Vec<u32> {
        match &v.phase {
            Phase::SelectReturns { commits, .. } => commits
                .get(seat)
                .copied()
                .flatten()
                .map(cards_to_proto)
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    };
    proto::MingDynastyView {
        players: v.players as u32,
        round: u32::from(v.round),
        phase,
        stage,
        steps,
        start_player: v.start_player as u32,
        to_act: v.to_act.iter().map(|s| *s as u32).collect(),
        seats: v
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| pv::SeatState {
                seat: i as u32,
                colour: s.colour.to_proto(),
                hand: b
                    .cards()
                    .map(|c| pv::CardCount {
                        card: card_to_proto(c),
                        count: u32::from(s.hand[c.index()]),
                    })
                    .collect(),
                hand_size: u32::from(s.hand_size()),
                to_place: u32::from(s.to_place),
                supply: u32::from(s.supply),
                boxed: u32::from(s.boxed),
                score: s.score,
                tiles: s.tiles.iter().map(|n| u32::from(*n)).collect(),
                prince: s.prince.map(|d| d.id().to_owned()).unwrap_or_default(),
                passed: s.passed,
                committed: v.committed.get(i).copied().unwrap_or(false),
                return_cards: own_choice(i),
                finished: s.finished && v.phase == Phase::TakeCards,
            })
            .collect(),
        neutral_colour: Colour::opt_to_proto(v.neutral),
        neutral_supply: u32::from(v.neutral_supply),
        neutral_boxed: u32::from(v.neutral_boxed),
        provinces: Province::all()
            .map(|p| {
                let info = p.info();
                pv::ProvinceState {
                    id: info.id.clone(),
                    name: info.name.clone(),
                    color: info.color.clone(),
                    space: number(p),
                    space_pieces: v.spaces[p.index()].iter().map(|n| u32::from(*n)).collect(),
                    display: opt_card_to_proto(v.display[p.index()]),
                    districts: info.districts.iter().map(|d| d.id().to_owned()).collect(),
                    tile_supply: u32::from(v.tile_supply[p.index()]),
                }
            })
            .collect(),
        districts: District::all()
            .filter_map(|d| {
                let info = d.info()?;
                let ds = &v.districts[d.index()];
                Some(pv::DistrictState {
                    id: info.id.clone(),
                    province: info.province.id().to_owned(),
                    part: info.part.clone(),
                    x: info.xy[0],
                    y: info.xy[1],
                    neighbours: info
                        .neighbours
                        .iter()
                        .map(|(n, t)| pv::Neighbour {
                            district: n.id().into(),
                            transport: card_to_proto(Card::Transport(*t)),
                        })
                        .collect(),
                    open: ds.open.iter().map(|n| u32::from(*n)).collect(),
                    cloister: ds.cloister.map(|s| s as u32),
                    houses: ds.houses.iter().map(|n| u32::from(*n)).collect(),
                    prince: v
                        .seats
                        .iter()
                        .position(|s| s.prince == Some(d))
                        .map(|s| s as u32),
                })
            })
            .collect(),
        movement_supply: v.movement_supply as u32,
        discard: v.discard.iter().map(|c| card_to_proto(*c)).collect(),
        dragon_supply: u32::from(v.dragon_supply),
        city,
        returns,
        board_name: b.name.clone(),
        game_over: v.phase == Phase::Over,
    }
}

impl WireGame for MingDynasty {
    const DESCRIPTION: &'static str = "Ming Dynasty (Robert F. Watson, 2007): imperial princes travel across six \
        provinces while their families compete for district majorities, city houses, cloisters and sets of \
        province tiles over 6 rounds with scorings after rounds 2, 4 and 6. 2-4 players (2 players share a \
        neutral family). Moves are small steps (STEP, STAY, DEPLOY, PASS); the return cards of a city are chosen \
        secretly by every involved seat at once. Hidden: the supply order and open return choices.";
    const RULES: &'static str = "docs/rules/ming-dynasty.md";

    fn options_from_proto(options: Option<&proto::GameOptions>) -> Result<Options, WireError> {
        let Some(options) = options else {
            return Ok(Options::default());
        };
        #[allow(unreachable_patterns)]
        let md = match &options.game {
            None => return Ok(Options::default()),
            Some(proto::game_options::Game::MingDynasty(o)) => o,
            Some(_) => {
                return Err(WireError::WrongGame {
                    expected: "Ming Dynasty",
                    what: "options",
                });
            }
        };
        Ok(Options {
            start_player: md.start_player.map(|s| s as usize),
        })
    }

    fn options_to_proto(options: &Options) -> proto::GameOptions {
        proto::GameOptions {
            game: Some(proto::game_options::Game::MingDynasty(
                proto::MingDynastyOptions {
                    start_player: options.start_player.map(|s| s as u32),
                },
            )),
        }
    }

    fn action_from_proto(action: &proto::Action) -> Result<Action, WireError> {
        #[allow(unreachable_patterns)]
        match &action.game {
            Some(proto::action::Game::MingDynasty(a)) => md_action_from_proto(a),
            Some(_) => Err(WireError::WrongGame {
                expected: "Ming Dynasty",
                what: "action",
            }),
            None => Err(WireError::Missing("action.game")),
        }
    }

    fn action_to_proto(action: &Action) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::MingDynasty(md_action_to_proto(action))),
        }
    }

    fn event_to_proto(event: &Event) -> proto::game_event::Event {
        proto::game_event::Event::MingDynasty(proto::MingDynastyEvent {
            kind: Some(md_event(event)),
        })
    }

    fn view_to_proto(view: &View) -> proto::game_snapshot::State {
        proto::game_snapshot::State::MingDynasty(md_view_to_proto(view))
    }
}

/// Ming Dynasty's own wire data; the round trips of every legal action,
/// event and view and the envelope checks are `crate::wire_tests`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire_tests::assert_action_round_trips;

    #[test]
    fn every_card_kind_has_a_wire_value() {
        for c in board().cards() {
            let v = card_to_proto(c);
            assert_ne!(v, 0, "{c} has no MingDynastyCard value");
            assert_eq!(card_from_proto(v, "c"), Ok(c));
            assert_eq!(
                v,
                card_to_proto_by_name(c),
                "{c}: the table and the name disagree"
            );
        }
        // A transport past the board's list has no value; it must not take
        // the dragon's place in the table (the dragon's index follows the
        // transports).
        let past = Card::Transport(board().transports.len() as u8);
        assert_eq!(card_to_proto(past), 0);
        assert_eq!(card_to_proto_by_name(past), 0);
    }

    #[test]
    fn malformed_wire_actions_are_errors() {
        let wrap = |kind| proto::Action {
            game: Some(proto::action::Game::MingDynasty(proto::MingDynastyAction {
                kind: Some(kind),
            })),
        };
        for bad in [
            wrap(pa::Kind::PlacePrince(pa::PlacePrince {
                district: "P9z".into(),
            })),
            wrap(pa::Kind::PlaceOnSpace(pa::PlaceOnSpace { space: 0 })),
            wrap(pa::Kind::TakeDisplay(pa::TakeDisplay { slot: 7 })),
            wrap(pa::Kind::Stay(pa::Stay { card: 0 })),
            wrap(pa::Kind::Stay(pa::Stay { card: 99 })),
            wrap(pa::Kind::Deploy(pa::Deploy {
                count: 4,
                cloister: false,
            })),
            wrap(pa::Kind::SelectReturn(pa::SelectReturn { cards: vec![] })),
            wrap(pa::Kind::SelectReturn(pa::SelectReturn {
                cards: vec![1, 1],
            })),
            wrap(pa::Kind::SelectReturn(pa::SelectReturn { cards: vec![4] })),
            wrap(pa::Kind::ChooseReturns(pa::ChooseReturns {
                returns: vec![pa::DistrictCount {
                    district: "P1a".into(),
                    count: 300,
                }],
            })),
        ] {
            assert!(MingDynasty::action_from_proto(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn actions_and_options_round_trip() {
        let d = District::from_id("P2a").expect("board");
        for a in [
            Action::PlacePrince(d),
            Action::PlaceOnSpace(Province(5)),
            Action::NeutralPlace(d),
            Action::TakeDisplay(Province(0)),
            Action::TakeDragon(Province(3)),
            Action::MoveStep {
                to: d,
                card: Card::Dragon,
            },
            Action::Stay(Card::Transport(2)),
            Action::Deploy {
                count: 2,
                cloister: true,
            },
            Action::Pass,
            Action::SelectReturn(ReturnCards(0b1010)),
            Action::ChooseReturns(vec![(d, 1), (District(4), 2)]),
        ] {
            assert_action_round_trips::<MingDynasty>(&a);
        }
        let o = Options {
            start_player: Some(2),
        };
        assert_eq!(
            MingDynasty::options_from_proto(Some(&MingDynasty::options_to_proto(&o))),
            Ok(o)
        );
    }
}
