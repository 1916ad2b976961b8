//! Conversions between the typed engine and the messages of
//! `proto/satrap/v1/alexandros.proto`. Anything malformed coming in is a
//! [`WireError`], never a panic.

use super::Alexandros;
use super::actions::Action;
use super::board::{Point, Space, board};
use super::card::{Cards, Symbol};
use super::events::{Event, TakeFrom};
use super::scoring::Ending;
use super::setup::{DEFAULT_TURN_LIMIT, Options};
use super::state::{Colour, MoveKind, Slot, Stage, WallColour};
use super::view::View;
use crate::wire_enum::{WireEnum, wire_enum};
use crate::{WireError, WireGame};
use satrap_proto as proto;
use satrap_proto::alexandros_action as pa;
use satrap_proto::alexandros_event as pe;
use satrap_proto::alexandros_view as pv;

wire_enum!(Symbol as proto::AlexandrosSymbol, "symbol" {
    Temple => Temple,
    Amphora => Amphora,
    Horse => Horse,
    Lyre => Lyre,
    Soldier => Soldier,
});

wire_enum!(Colour as proto::AlexandrosColour, "colour" {
    Red => Red,
    Yellow => Yellow,
    Blue => Blue,
    Green => Green,
});

wire_enum!(WallColour as proto::AlexandrosWallColour, "wall colour" {
    Black => Black,
    Red => Red,
});

wire_enum!(Slot as proto::AlexandrosSlot, "slot" {
    One => One,
    Two => Two,
});

wire_enum!(TakeFrom as proto::AlexandrosTakeFrom, "source" {
    (TakeFrom::Slot(Slot::One)) => Slot1,
    (TakeFrom::Slot(Slot::Two)) => Slot2,
    (TakeFrom::Deck) => Deck,
});

wire_enum!(MoveKind as proto::AlexandrosMoveKind, "move kind" {
    Normal => Normal,
    Special => Special,
    Joker => Joker,
});

wire_enum!(Ending as proto::AlexandrosEnding, "ending" {
    HundredPoints => HundredPoints,
    Walls => Walls,
    TurnLimit => TurnLimit,
});

/// A seat colour of the options (AX-1). Every entry of the list is given,
/// so an unspecified one is as invalid as an unknown number.
fn colour_from_proto(value: i32) -> Result<Colour, WireError> {
    Colour::from_proto(value, "alexandros.colours").map_err(|_| WireError::Invalid {
        field: "alexandros.colours",
        reason: format!("invalid colour value {value}"),
    })
}

fn cards_to_proto(c: &Cards) -> proto::AlexandrosCards {
    proto::AlexandrosCards {
        temple: u32::from(c.get(Symbol::Temple)),
        amphora: u32::from(c.get(Symbol::Amphora)),
        horse: u32::from(c.get(Symbol::Horse)),
        lyre: u32::from(c.get(Symbol::Lyre)),
        soldier: u32::from(c.get(Symbol::Soldier)),
    }
}

fn space_from(text: &str, field: &'static str) -> Result<Space, WireError> {
    if text.is_empty() {
        return Err(WireError::Missing(field));
    }
    Space::from_id(text).ok_or_else(|| WireError::Invalid {
        field,
        reason: format!("unknown space {text:?}"),
    })
}

fn point_from(text: &str, field: &'static str) -> Result<Point, WireError> {
    if text.is_empty() {
        return Err(WireError::Missing(field));
    }
    Point::from_id(text).ok_or_else(|| WireError::Invalid {
        field,
        reason: format!("unknown point {text:?}"),
    })
}

fn ax_action_from_proto(a: &proto::AlexandrosAction) -> Result<Action, WireError> {
    let kind = a
        .kind
        .as_ref()
        .ok_or(WireError::Missing("alexandros.kind"))?;
    Ok(match kind {
        pa::Kind::AlexCard(x) => Action::AlexCard {
            slot: Slot::from_proto(x.slot, "alex_card.slot")?,
            symbol: Symbol::from_proto(x.symbol, "alex_card.symbol")?,
        },
        pa::Kind::AlexHand(x) => {
            Action::AlexHand(Symbol::from_proto(x.symbol, "alex_hand.symbol")?)
        }
        pa::Kind::AlexIdle(x) => Action::AlexIdle(Slot::from_proto(x.slot, "alex_idle.slot")?),
        pa::Kind::AlexDest(x) => Action::AlexDest(point_from(&x.point, "alex_dest.point")?),
        pa::Kind::AlexStep(x) => Action::AlexStep(point_from(&x.point, "alex_step.point")?),
        pa::Kind::TakeCard(x) => {
            Action::TakeCard(TakeFrom::from_proto(x.source, "take_card.from")?)
        }
        pa::Kind::Occupy(x) => Action::Occupy(space_from(&x.anchor, "occupy.anchor")?),
        pa::Kind::TakeOver(x) => Action::TakeOver(space_from(&x.anchor, "take_over.anchor")?),
        pa::Kind::PlaceGuard(x) => Action::PlaceGuard(space_from(&x.space, "place_guard.space")?),
        pa::Kind::ConfirmOccupation(_) => Action::ConfirmOccupation,
        pa::Kind::GiveCard(x) => {
            Action::GiveCard(Symbol::from_proto(x.symbol, "give_card.symbol")?)
        }
        pa::Kind::Levy(x) => Action::Levy(Symbol::from_proto(x.symbol, "levy.symbol")?),
        pa::Kind::TakeBack(x) => Action::TakeBack(space_from(&x.space, "take_back.space")?),
        pa::Kind::EndTurn(_) => Action::EndTurn,
    })
}

fn ax_action_to_proto(action: &Action) -> proto::AlexandrosAction {
    let kind = match action {
        Action::AlexCard { slot, symbol } => pa::Kind::AlexCard(pa::AlexCard {
            slot: Slot::to_proto(*slot),
            symbol: Symbol::to_proto(*symbol),
        }),
        Action::AlexHand(s) => pa::Kind::AlexHand(pa::AlexHand {
            symbol: Symbol::to_proto(*s),
        }),
        Action::AlexIdle(slot) => pa::Kind::AlexIdle(pa::AlexIdle {
            slot: Slot::to_proto(*slot),
        }),
        Action::AlexDest(p) => pa::Kind::AlexDest(pa::AlexDest {
            point: p.id().to_owned(),
        }),
        Action::AlexStep(p) => pa::Kind::AlexStep(pa::AlexStep {
            point: p.id().to_owned(),
        }),
        Action::TakeCard(f) => pa::Kind::TakeCard(pa::TakeCard {
            source: TakeFrom::to_proto(*f),
        }),
        Action::Occupy(s) => pa::Kind::Occupy(pa::Occupy {
            anchor: s.id().to_owned(),
        }),
        Action::TakeOver(s) => pa::Kind::TakeOver(pa::TakeOver {
            anchor: s.id().to_owned(),
        }),
        Action::PlaceGuard(s) => pa::Kind::PlaceGuard(pa::PlaceGuard {
            space: s.id().to_owned(),
        }),
        Action::ConfirmOccupation => pa::Kind::ConfirmOccupation(pa::ConfirmOccupation {}),
        Action::GiveCard(s) => pa::Kind::GiveCard(pa::GiveCard {
            symbol: Symbol::to_proto(*s),
        }),
        Action::Levy(s) => pa::Kind::Levy(pa::Levy {
            symbol: Symbol::to_proto(*s),
        }),
        Action::TakeBack(s) => pa::Kind::TakeBack(pa::TakeBack {
            space: s.id().to_owned(),
        }),
        Action::EndTurn => pa::Kind::EndTurn(pa::EndTurn {}),
    };
    proto::AlexandrosAction { kind: Some(kind) }
}

/// The event message (its line for humans is `Event`'s `Display`).
fn ax_event(event: &Event) -> pe::Kind {
    match event {
        Event::TurnStarted { seat, turn } => pe::Kind::TurnStarted(pe::TurnStarted {
            seat: *seat as u32,
            turn: *turn,
        }),
        Event::AlexanderSkipped { seat } => {
            pe::Kind::AlexanderSkipped(pe::AlexanderSkipped { seat: *seat as u32 })
        }
        Event::AlexanderCard {
            seat,
            kind,
            slot,
            card,
            symbol,
        } => pe::Kind::AlexanderCard(pe::AlexanderCard {
            seat: *seat as u32,
            kind: MoveKind::opt_to_proto(*kind),
            slot: Slot::opt_to_proto(*slot),
            card: card.to_proto(),
            symbol: Symbol::opt_to_proto(*symbol),
        }),
        Event::CardRevealed { slot, symbol } => pe::Kind::CardRevealed(pe::CardRevealed {
            slot: slot.to_proto(),
            symbol: symbol.to_proto(),
        }),
        Event::Reshuffled { cards } => pe::Kind::Reshuffled(pe::Reshuffled {
            cards: *cards as u32,
        }),
        Event::DestinationChosen { seat, point } => {
            pe::Kind::DestinationChosen(pe::DestinationChosen {
                seat: *seat as u32,
                point: point.id().to_owned(),
            })
        }
        Event::AlexanderStepped {
            seat,
            from,
            to,
            side,
            wall,
        } => pe::Kind::AlexanderStepped(pe::AlexanderStepped {
            seat: *seat as u32,
            from_point: from.id().to_owned(),
            to_point: to.id().to_owned(),
            side: side.id().to_owned(),
            wall: WallColour::opt_to_proto(*wall),
        }),
        Event::FinalTurn { seat } => pe::Kind::FinalTurn(pe::FinalTurn { seat: *seat as u32 }),
        Event::AlexanderArrived {
            seat,
            point,
            provinces,
        } => pe::Kind::AlexanderArrived(pe::AlexanderArrived {
            seat: *seat as u32,
            point: point.id().to_owned(),
            provinces: *provinces as u32,
        }),
        Event::CardTaken { seat, from, symbol } => pe::Kind::CardTaken(pe::CardTaken {
            seat: *seat as u32,
            source: from.to_proto(),
            symbol: Symbol::opt_to_proto(*symbol),
        }),
        Event::OccupationStarted {
            seat,
            anchor,
            from,
            reserved,
        } => pe::Kind::OccupationStarted(pe::OccupationStarted {
            seat: *seat as u32,
            anchor: anchor.id().to_owned(),
            former_owner: from.map(|s| s as u32),
            reserved: Some(cards_to_proto(reserved)),
        }),
        Event::GuardChosen { seat, space } => pe::Kind::GuardChosen(pe::GuardChosen {
            seat: *seat as u32,
            space: space.id().to_owned(),
        }),
        Event::GuardsRemoved { owner, spaces } => pe::Kind::GuardsRemoved(pe::GuardsRemoved {
            owner: *owner as u32,
            spaces: spaces.iter().map(|s| s.id().to_owned()).collect(),
        }),
        Event::Occupied {
            seat,
            anchor,
            guards,
            paid,
            from,
        } => pe::Kind::Occupied(pe::Occupied {
            seat: *seat as u32,
            anchor: anchor.id().to_owned(),
            guards: guards.iter().map(|s| s.id().to_owned()).collect(),
            paid: Some(cards_to_proto(paid)),
            former_owner: from.map(|s| s as u32),
        }),
        Event::CardGiven { seat, to, symbol } => pe::Kind::CardGiven(pe::CardGiven {
            seat: *seat as u32,
            to: *to as u32,
            symbol: symbol.to_proto(),
        }),
        Event::CardsDiscarded { seat, cards } => pe::Kind::CardsDiscarded(pe::CardsDiscarded {
            seat: *seat as u32,
            cards: Some(cards_to_proto(cards)),
        }),
        Event::Levied { seat, symbol } => pe::Kind::Levied(pe::Levied {
            seat: *seat as u32,
            symbol: symbol.to_proto(),
        }),
        Event::Scored {
            seat,
            points,
            total,
        } => pe::Kind::Scored(pe::Scored {
            seat: *seat as u32,
            points: *points,
            total: *total,
        }),
        Event::GuardTakenBack { seat, space } => pe::Kind::GuardTakenBack(pe::GuardTakenBack {
            seat: *seat as u32,
            space: space.id().to_owned(),
        }),
        Event::TurnEnded { seat } => pe::Kind::TurnEnded(pe::TurnEnded { seat: *seat as u32 }),
        Event::GameEnded {
            ending,
            winners,
            summary,
        } => pe::Kind::GameEnded(pe::GameEnded {
            ending: ending.to_proto(),
            winners: winners.iter().map(|s| *s as u32).collect(),
            summary: summary.clone(),
        }),
    }
}

fn stage_to_proto(stage: &Stage, over: bool) -> (i32, pv::Progress) {
    let mut p = pv::Progress::default();
    let s = if over {
        proto::AlexandrosStage::Over
    } else {
        match stage {
            Stage::AlexSource => proto::AlexandrosStage::AlexSource,
            Stage::AlexDestination { symbol, kind } => {
                p.symbol = Symbol::to_proto(*symbol);
                p.kind = MoveKind::to_proto(*kind);
                proto::AlexandrosStage::AlexDestination
            }
            Stage::AlexRoute {
                symbol,
                kind,
                destination,
                ..
            } => {
                p.symbol = Symbol::to_proto(*symbol);
                p.kind = MoveKind::to_proto(*kind);
                p.destination = destination.id().to_owned();
                proto::AlexandrosStage::AlexRoute
            }
            Stage::Actions => proto::AlexandrosStage::Actions,
            Stage::Occupying(o) => {
                p.anchor = o.anchor.id().to_owned();
                p.former_owner = o.from.map(|s| s as u32);
                p.reserved = Some(cards_to_proto(&o.reserved));
                p.chosen = o.chosen.iter().map(|s| s.id().to_owned()).collect();
                proto::AlexandrosStage::Occupying
            }
            Stage::Compensating(c) => {
                p.anchor = c.anchor.id().to_owned();
                p.former_owner = Some(c.to as u32);
                p.remaining = Some(cards_to_proto(&c.remaining));
                p.owed = u32::from(c.owed);
                p.last = Symbol::opt_to_proto(c.last);
                proto::AlexandrosStage::Compensating
            }
        }
    };
    (s as i32, p)
}

fn ax_view_to_proto(v: &View) -> proto::AlexandrosView {
    let (stage, progress) = stage_to_proto(&v.stage, v.ending.is_some());
    proto::AlexandrosView {
        players: v.players as u32,
        current_player: v.current.map(|s| s as u32),
        start_player: v.start_player as u32,
        turn: v.turn,
        turn_limit: v.turn_limit,
        stage,
        progress: Some(progress),
        actions_used: u32::from(v.actions_used),
        levied: v.levied,
        final_turn: v.final_turn,
        seats: v
            .seats
            .iter()
            .map(|s| pv::Seat {
                seat: s.seat as u32,
                colour: Colour::to_proto(s.colour),
                score: s.score,
                supply: u32::from(s.supply),
                hand_count: s.hand_count,
                hand: s.hand.as_ref().map(cards_to_proto),
                tax: s.tax,
            })
            .collect(),
        alexander: v.alexander.id().to_owned(),
        walls: v
            .walls
            .iter()
            .map(|(side, w)| pv::Wall {
                side: side.id().to_owned(),
                colour: WallColour::to_proto(*w),
            })
            .collect(),
        black_left: u32::from(v.black_left),
        red_left: u32::from(v.red_left),
        guards: v
            .guards
            .iter()
            .map(|(s, g)| pv::Guard {
                space: s.id().to_owned(),
                seat: *g as u32,
            })
            .collect(),
        provinces: v
            .provinces
            .iter()
            .map(|p| pv::Province {
                anchor: p.anchor.id().to_owned(),
                spaces: p.spaces.iter().map(|s| s.id().to_owned()).collect(),
                open_spaces: p.open_spaces,
                symbols: Some(cards_to_proto(&p.symbols)),
                owner: p.owner.map(|s| s as u32),
                guards: p.guards,
            })
            .collect(),
        display_slot1: Symbol::opt_to_proto(v.display[0]),
        display_slot2: Symbol::opt_to_proto(v.display[1]),
        draw_count: v.draw_count,
        discard: v.discard.iter().map(|s| Symbol::to_proto(*s)).collect(),
        ending: Ending::opt_to_proto(v.ending),
        winners: v.winners.iter().map(|s| *s as u32).collect(),
        board_name: board().name.clone(),
    }
}

impl WireGame for Alexandros {
    const DESCRIPTION: &'static str = "Alexandros (Leo Colovini, 2001): Alexander's route walls the map of the Near \
        East into provinces. Each turn the active player moves Alexander to the nearest empty space of a card's symbol \
        (walls follow his shortest route), then takes up to two actions: take a card, occupy or take over a province \
        with guards and matching cards, levy taxes (everyone scores the open spaces of provinces where he has exactly \
        one guard), or take a guard back. The game ends at 100 points or when the black walls run out. 2-4 players; \
        hands are hidden. Moves are small steps: the Alexander move as card, destination and route point by point; an \
        occupation as province, guard spaces and confirmation.";
    const RULES: &'static str = "docs/rules/alexandros.md";

    fn options_from_proto(options: Option<&proto::GameOptions>) -> Result<Options, WireError> {
        let Some(options) = options else {
            return Ok(Options::default());
        };
        #[allow(unreachable_patterns)]
        let ax = match &options.game {
            None => return Ok(Options::default()),
            Some(proto::game_options::Game::Alexandros(o)) => o,
            Some(_) => {
                return Err(WireError::WrongGame {
                    expected: "Alexandros",
                    what: "options",
                });
            }
        };
        Ok(Options {
            start_player: ax.start_player.map(|s| s as usize),
            colours: ax
                .colours
                .iter()
                .map(|c| colour_from_proto(*c))
                .collect::<Result<_, _>>()?,
            turn_limit: ax.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
        })
    }

    fn options_to_proto(options: &Options) -> proto::GameOptions {
        proto::GameOptions {
            game: Some(proto::game_options::Game::Alexandros(
                proto::AlexandrosOptions {
                    start_player: options.start_player.map(|s| s as u32),
                    colours: options
                        .colours
                        .iter()
                        .map(|c| Colour::to_proto(*c))
                        .collect(),
                    turn_limit: Some(options.turn_limit),
                },
            )),
        }
    }

    fn action_from_proto(action: &proto::Action) -> Result<Action, WireError> {
        #[allow(unreachable_patterns)]
        match &action.game {
            Some(proto::action::Game::Alexandros(a)) => ax_action_from_proto(a),
            Some(_) => Err(WireError::WrongGame {
                expected: "Alexandros",
                what: "action",
            }),
            None => Err(WireError::Missing("action.game")),
        }
    }

    fn action_to_proto(action: &Action) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::Alexandros(ax_action_to_proto(action))),
        }
    }

    fn event_to_proto(event: &Event) -> proto::game_event::Event {
        proto::game_event::Event::Alexandros(proto::AlexandrosEvent {
            kind: Some(ax_event(event)),
        })
    }

    fn view_to_proto(view: &View) -> proto::game_snapshot::State {
        proto::game_snapshot::State::Alexandros(ax_view_to_proto(view))
    }
}

/// Alexandros's own wire data; the round trips of every legal action,
/// event and view and the envelope checks are `crate::wire_tests`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire_tests::assert_action_round_trips;

    fn wrap(kind: pa::Kind) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::Alexandros(proto::AlexandrosAction {
                kind: Some(kind),
            })),
        }
    }

    #[test]
    fn malformed_wire_actions_are_errors() {
        for bad in [
            wrap(pa::Kind::AlexCard(pa::AlexCard { slot: 0, symbol: 1 })),
            wrap(pa::Kind::AlexCard(pa::AlexCard { slot: 3, symbol: 1 })),
            wrap(pa::Kind::AlexCard(pa::AlexCard { slot: 1, symbol: 9 })),
            wrap(pa::Kind::AlexHand(pa::AlexHand { symbol: -1 })),
            wrap(pa::Kind::AlexDest(pa::AlexDest {
                point: "v99_1".into(),
            })),
            wrap(pa::Kind::AlexStep(pa::AlexStep {
                point: String::new(),
            })),
            wrap(pa::Kind::TakeCard(pa::TakeCard { source: 7 })),
            wrap(pa::Kind::Occupy(pa::Occupy {
                anchor: "r0c8".into(),
            })),
            wrap(pa::Kind::PlaceGuard(pa::PlaceGuard { space: "x".into() })),
            wrap(pa::Kind::Levy(pa::Levy { symbol: 0 })),
        ] {
            assert!(Alexandros::action_from_proto(&bad).is_err(), "{bad:?}");
        }
    }

    /// Every kind of action, including the ones random play reaches rarely
    /// (AX-13's idle card, take-overs, compensation cards).
    #[test]
    fn every_kind_of_action_round_trips() {
        let s = Space::from_id("r1c0").expect("space");
        let p = Point::from_id("v0_3").expect("point");
        for a in [
            Action::AlexCard {
                slot: Slot::Two,
                symbol: Symbol::Lyre,
            },
            Action::AlexHand(Symbol::Temple),
            Action::AlexIdle(Slot::One),
            Action::AlexDest(p),
            Action::AlexStep(p),
            Action::TakeCard(TakeFrom::Deck),
            Action::TakeCard(TakeFrom::Slot(Slot::Two)),
            Action::Occupy(s),
            Action::TakeOver(s),
            Action::PlaceGuard(s),
            Action::ConfirmOccupation,
            Action::GiveCard(Symbol::Soldier),
            Action::Levy(Symbol::Horse),
            Action::TakeBack(s),
            Action::EndTurn,
        ] {
            assert_action_round_trips::<Alexandros>(&a);
        }
    }

    #[test]
    fn options_round_trip_and_colours_are_checked() {
        let o = Options {
            start_player: Some(1),
            colours: vec![Colour::Green, Colour::Red],
            turn_limit: 40,
        };
        assert_eq!(
            Alexandros::options_from_proto(Some(&Alexandros::options_to_proto(&o))),
            Ok(o)
        );
        for colour in [0, 9] {
            let bad = proto::GameOptions {
                game: Some(proto::game_options::Game::Alexandros(
                    proto::AlexandrosOptions {
                        start_player: None,
                        colours: vec![colour],
                        turn_limit: None,
                    },
                )),
            };
            assert_eq!(
                Alexandros::options_from_proto(Some(&bad)),
                Err(WireError::Invalid {
                    field: "alexandros.colours",
                    reason: format!("invalid colour value {colour}"),
                })
            );
        }
    }
}
