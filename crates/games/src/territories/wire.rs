//! Conversions between the typed engine and the messages of
//! `proto/satrap/v1/territories.proto`. Anything malformed coming in is a
//! [`WireError`], never a panic.

use super::Territories;
use super::actions::{Action, BankGet};
use super::cards::{Card, Resources, Suit};
use super::events::Event;
use super::grid::{Cell, Point};
use super::pieces::{Ability, Kind, Supply};
use super::setup::Options;
use super::state::{DecisionKind, Ending, Item, Offer};
use super::view::{Step, View};
use crate::wire_enum::{WireEnum, wire_enum};
use crate::{WireError, WireGame};
use satrap_proto as proto;
use satrap_proto::territories_action as pa;
use satrap_proto::territories_event as pe;
use satrap_proto::territories_view as pv;

wire_enum!(Suit as proto::TerritoriesSuit, "suit" {
    H => Hearts,
    S => Spades,
    C => Clubs,
    D => Diamonds,
});

wire_enum!(Kind as proto::TerritoriesBuilding, "building" {
    Town => Town,
    Fort => Fort,
    Barracks => Barracks,
    Temple => Temple,
    Palace => Palace,
    Capital => Capital,
});

wire_enum!(Ability as proto::TerritoriesAbility, "ability" {
    Swap => Swap,
    Destroy => Destroy,
    Convert => Convert,
    Expand => Expand,
});

wire_enum!(Ending as proto::TerritoriesEnding, "ending" {
    Points => Points,
    Homeless => Homeless,
    TurnLimit => TurnLimit,
});

wire_enum!(Step as proto::TerritoriesStep, "step" {
    Setup => Setup,
    Roll => Roll,
    Main => Main,
    Discard => Discard,
    ChooseTemple => ChooseTemple,
    Pay => Pay,
    Draft => Draft,
    Respond => Respond,
    Over => Over,
});

fn card_to_proto(c: Card) -> proto::TerritoriesCard {
    proto::TerritoriesCard {
        suit: Suit::to_proto(c.suit()),
        number: u32::from(c.number()),
        name: c.to_string(),
    }
}

fn card_from_proto(
    c: Option<&proto::TerritoriesCard>,
    field: &'static str,
) -> Result<Card, WireError> {
    let c = c.ok_or(WireError::Missing(field))?;
    let suit = Suit::from_proto(c.suit, field)?;
    u8::try_from(c.number)
        .ok()
        .and_then(|n| Card::with_number(n, suit))
        .ok_or_else(|| WireError::Invalid {
            field,
            reason: format!("no territory card shows {}", c.number),
        })
}

fn coord(v: i32, field: &'static str) -> Result<i16, WireError> {
    i16::try_from(v).map_err(|_| WireError::Invalid {
        field,
        reason: format!("coordinate {v} out of range"),
    })
}

fn point_to_proto(p: Point) -> proto::TerritoriesPoint {
    proto::TerritoriesPoint {
        x: i32::from(p.x),
        y: i32::from(p.y),
    }
}

fn point_from_proto(
    p: Option<&proto::TerritoriesPoint>,
    field: &'static str,
) -> Result<Point, WireError> {
    let p = p.ok_or(WireError::Missing(field))?;
    Ok(Point::new(coord(p.x, field)?, coord(p.y, field)?))
}

fn cell_to_proto(c: Cell) -> proto::TerritoriesCell {
    proto::TerritoriesCell {
        c: i32::from(c.c),
        r: i32::from(c.r),
    }
}

fn cell_from_proto(
    c: Option<&proto::TerritoriesCell>,
    field: &'static str,
) -> Result<Cell, WireError> {
    let c = c.ok_or(WireError::Missing(field))?;
    Ok(Cell::new(coord(c.c, field)?, coord(c.r, field)?))
}

fn res_to_proto(r: Resources) -> proto::TerritoriesResources {
    proto::TerritoriesResources {
        h: u32::from(r.get(Suit::H)),
        s: u32::from(r.get(Suit::S)),
        c: u32::from(r.get(Suit::C)),
        d: u32::from(r.get(Suit::D)),
    }
}

fn supply_to_proto(s: Supply) -> pv::Supply {
    pv::Supply {
        town: u32::from(s.get(Kind::Town)),
        fort: u32::from(s.get(Kind::Fort)),
        barracks: u32::from(s.get(Kind::Barracks)),
        temple: u32::from(s.get(Kind::Temple)),
        palace: u32::from(s.get(Kind::Palace)),
        capital: u32::from(s.get(Kind::Capital)),
    }
}

fn action_from(a: &proto::TerritoriesAction) -> Result<Action, WireError> {
    let kind = a
        .kind
        .as_ref()
        .ok_or(WireError::Missing("territories.kind"))?;
    Ok(match kind {
        pa::Kind::PlaceSetup(x) => {
            Action::PlaceSetup(point_from_proto(x.at.as_ref(), "place_setup.at")?)
        }
        pa::Kind::Roll(_) => Action::Roll,
        pa::Kind::Discard(x) => match &x.item {
            Some(pa::discard::Item::Suit(s)) => {
                Action::Discard(Item::Resource(Suit::from_proto(*s, "discard.suit")?))
            }
            Some(pa::discard::Item::Card(c)) => {
                Action::Discard(Item::Territory(card_from_proto(Some(c), "discard.card")?))
            }
            None => return Err(WireError::Missing("discard.item")),
        },
        pa::Kind::TakeFree(x) => Action::TakeFree(Suit::from_proto(x.suit, "take_free.suit")?),
        pa::Kind::Pay(x) => Action::Pay(Suit::from_proto(x.suit, "pay.suit")?),
        pa::Kind::RespondTrade(x) => Action::RespondTrade(x.accept),
        pa::Kind::BuildTown(x) => {
            Action::BuildTown(point_from_proto(x.at.as_ref(), "build_town.at")?)
        }
        pa::Kind::Upgrade(x) => Action::Upgrade(
            point_from_proto(x.at.as_ref(), "upgrade.at")?,
            Kind::from_proto(x.to, "upgrade.to")?,
        ),
        pa::Kind::BuildCapital(x) => {
            Action::BuildCapital(point_from_proto(x.at.as_ref(), "build_capital.at")?)
        }
        pa::Kind::BankTrade(x) => {
            let get = if x.territory {
                if x.get != proto::TerritoriesSuit::Unspecified as i32 {
                    return Err(WireError::Invalid {
                        field: "bank_trade.get",
                        reason: "set either get or territory".into(),
                    });
                }
                BankGet::Territory
            } else {
                BankGet::Resource(Suit::from_proto(x.get, "bank_trade.get")?)
            };
            Action::BankTrade {
                give: Suit::from_proto(x.give, "bank_trade.give")?,
                get,
            }
        }
        pa::Kind::TradeGive(x) => Action::TradeGive(Suit::from_proto(x.suit, "trade_give.suit")?),
        pa::Kind::TradeGet(x) => Action::TradeGet(Suit::from_proto(x.suit, "trade_get.suit")?),
        pa::Kind::ProposeTrade(_) => Action::ProposeTrade,
        pa::Kind::Swap(x) => Action::Swap {
            cell: cell_from_proto(x.cell.as_ref(), "swap.cell")?,
            card: card_from_proto(x.card.as_ref(), "swap.card")?,
        },
        pa::Kind::Expand(x) => Action::Expand {
            cell: cell_from_proto(x.cell.as_ref(), "expand.cell")?,
            card: card_from_proto(x.card.as_ref(), "expand.card")?,
        },
        pa::Kind::Destroy(x) => {
            Action::Destroy(point_from_proto(x.target.as_ref(), "destroy.target")?)
        }
        pa::Kind::Convert(x) => Action::Convert {
            source: point_from_proto(x.source.as_ref(), "convert.source")?,
            target: point_from_proto(x.target.as_ref(), "convert.target")?,
            to: Kind::from_proto(x.as_building, "convert.as_building")?,
        },
        pa::Kind::EndTurn(_) => Action::EndTurn,
    })
}

fn action_to(action: &Action) -> proto::TerritoriesAction {
    let kind = match *action {
        Action::PlaceSetup(p) => pa::Kind::PlaceSetup(pa::PlaceSetup {
            at: Some(point_to_proto(p)),
        }),
        Action::Roll => pa::Kind::Roll(pa::Roll {}),
        Action::Discard(item) => pa::Kind::Discard(pa::Discard {
            item: Some(match item {
                Item::Resource(s) => pa::discard::Item::Suit(Suit::to_proto(s)),
                Item::Territory(c) => pa::discard::Item::Card(card_to_proto(c)),
            }),
        }),
        Action::TakeFree(s) => pa::Kind::TakeFree(pa::TakeFree {
            suit: Suit::to_proto(s),
        }),
        Action::Pay(s) => pa::Kind::Pay(pa::Pay {
            suit: Suit::to_proto(s),
        }),
        Action::RespondTrade(accept) => pa::Kind::RespondTrade(pa::RespondTrade { accept }),
        Action::BuildTown(p) => pa::Kind::BuildTown(pa::BuildTown {
            at: Some(point_to_proto(p)),
        }),
        Action::Upgrade(p, k) => pa::Kind::Upgrade(pa::Upgrade {
            at: Some(point_to_proto(p)),
            to: Kind::to_proto(k),
        }),
        Action::BuildCapital(p) => pa::Kind::BuildCapital(pa::BuildCapital {
            at: Some(point_to_proto(p)),
        }),
        Action::BankTrade { give, get } => pa::Kind::BankTrade(pa::BankTrade {
            give: Suit::to_proto(give),
            get: match get {
                BankGet::Resource(s) => Suit::to_proto(s),
                BankGet::Territory => proto::TerritoriesSuit::Unspecified as i32,
            },
            territory: get == BankGet::Territory,
        }),
        Action::TradeGive(s) => pa::Kind::TradeGive(pa::TradeGive {
            suit: Suit::to_proto(s),
        }),
        Action::TradeGet(s) => pa::Kind::TradeGet(pa::TradeGet {
            suit: Suit::to_proto(s),
        }),
        Action::ProposeTrade => pa::Kind::ProposeTrade(pa::ProposeTrade {}),
        Action::Swap { cell, card } => pa::Kind::Swap(pa::Swap {
            cell: Some(cell_to_proto(cell)),
            card: Some(card_to_proto(card)),
        }),
        Action::Expand { cell, card } => pa::Kind::Expand(pa::Expand {
            cell: Some(cell_to_proto(cell)),
            card: Some(card_to_proto(card)),
        }),
        Action::Destroy(p) => pa::Kind::Destroy(pa::Destroy {
            target: Some(point_to_proto(p)),
        }),
        Action::Convert { source, target, to } => pa::Kind::Convert(pa::Convert {
            source: Some(point_to_proto(source)),
            target: Some(point_to_proto(target)),
            as_building: Kind::to_proto(to),
        }),
        Action::EndTurn => pa::Kind::EndTurn(pa::EndTurn {}),
    };
    proto::TerritoriesAction { kind: Some(kind) }
}

fn event_kind(event: &Event) -> pe::Kind {
    let seat = |s: usize| s as u32;
    match event {
        Event::SetupTownPlaced {
            seat: s,
            at,
            collected,
        } => pe::Kind::SetupTownPlaced(pe::SetupTownPlaced {
            seat: seat(*s),
            at: Some(point_to_proto(*at)),
            collected: Some(res_to_proto(*collected)),
        }),
        Event::TurnStarted { seat: s, turn } => pe::Kind::TurnStarted(pe::TurnStarted {
            seat: seat(*s),
            turn: *turn,
        }),
        Event::Rolled { seat: s, d1, d2 } => pe::Kind::Rolled(pe::Rolled {
            seat: seat(*s),
            d1: u32::from(*d1),
            d2: u32::from(*d2),
        }),
        Event::Produced { seat: s, gained } => pe::Kind::Produced(pe::Produced {
            seat: seat(*s),
            gained: Some(res_to_proto(*gained)),
        }),
        Event::CardDrawn {
            seat: s,
            card,
            drawn,
        } => pe::Kind::CardDrawn(pe::CardDrawn {
            seat: seat(*s),
            card: card.map(card_to_proto),
            drawn: *drawn,
        }),
        Event::DiscardReshuffled { cards } => pe::Kind::DiscardReshuffled(pe::DiscardReshuffled {
            cards: u32::from(*cards),
        }),
        Event::Discarded {
            seat: s,
            item,
            automatic,
        } => pe::Kind::Discarded(pe::Discarded {
            seat: seat(*s),
            suit: match item {
                Item::Resource(x) => Suit::to_proto(*x),
                Item::Territory(_) => proto::TerritoriesSuit::Unspecified as i32,
            },
            card: match item {
                Item::Territory(c) => Some(card_to_proto(*c)),
                Item::Resource(_) => None,
            },
            automatic: *automatic,
        }),
        Event::FreeTaken {
            seat: s,
            suit,
            automatic,
        } => pe::Kind::FreeTaken(pe::FreeTaken {
            seat: seat(*s),
            suit: Suit::to_proto(*suit),
            automatic: *automatic,
        }),
        Event::Paid {
            seat: s,
            suit,
            automatic,
        } => pe::Kind::Paid(pe::Paid {
            seat: seat(*s),
            suit: Suit::to_proto(*suit),
            automatic: *automatic,
        }),
        Event::FreeChoicesLost { seat: s, lost } => {
            pe::Kind::FreeChoicesLost(pe::FreeChoicesLost {
                seat: seat(*s),
                lost: *lost,
            })
        }
        Event::Built {
            seat: s,
            at,
            kind,
            replaced,
        } => pe::Kind::Built(pe::Built {
            seat: seat(*s),
            at: Some(point_to_proto(*at)),
            building: Kind::to_proto(*kind),
            replaced: Kind::opt_to_proto(*replaced),
        }),
        Event::BankTraded { seat: s, give, get } => pe::Kind::BankTraded(pe::BankTraded {
            seat: seat(*s),
            give: Suit::to_proto(*give),
            get: Suit::opt_to_proto(*get),
        }),
        Event::DraftChanged { seat: s, draft } => pe::Kind::DraftChanged(pe::DraftChanged {
            seat: seat(*s),
            give: Some(res_to_proto(draft.give)),
            get: Some(res_to_proto(draft.get)),
        }),
        Event::TradeProposed {
            seat: s,
            offer,
            number,
        } => pe::Kind::TradeProposed(pe::TradeProposed {
            seat: seat(*s),
            give: Some(res_to_proto(offer.give)),
            get: Some(res_to_proto(offer.get)),
            number: u32::from(*number),
        }),
        Event::TradeAnswered {
            seat: s,
            accepted,
            offer,
        } => pe::Kind::TradeAnswered(pe::TradeAnswered {
            seat: seat(*s),
            accepted: *accepted,
            give: Some(res_to_proto(offer.give)),
            get: Some(res_to_proto(offer.get)),
        }),
        Event::AbilityActivated { seat: s, ability } => {
            pe::Kind::AbilityActivated(pe::AbilityActivated {
                seat: seat(*s),
                ability: Ability::to_proto(*ability),
            })
        }
        Event::PriceRolled { seat: s, die } => pe::Kind::PriceRolled(pe::PriceRolled {
            seat: seat(*s),
            die: u32::from(*die),
        }),
        Event::LostEverything { seat: s, lost } => pe::Kind::LostEverything(pe::LostEverything {
            seat: seat(*s),
            lost: Some(res_to_proto(*lost)),
        }),
        Event::OpposedRoll {
            attacker,
            defender,
            success,
        } => pe::Kind::OpposedRoll(pe::OpposedRoll {
            attacker: u32::from(*attacker),
            defender: u32::from(*defender),
            success: *success,
        }),
        Event::Swapped {
            seat: s,
            cell,
            placed,
            taken,
        } => pe::Kind::Swapped(pe::Swapped {
            seat: seat(*s),
            cell: Some(cell_to_proto(*cell)),
            placed: Some(card_to_proto(*placed)),
            taken: Some(card_to_proto(*taken)),
        }),
        Event::Expanded {
            seat: s,
            cell,
            card,
        } => pe::Kind::Expanded(pe::Expanded {
            seat: seat(*s),
            cell: Some(cell_to_proto(*cell)),
            card: Some(card_to_proto(*card)),
        }),
        Event::Destroyed { seat: s, at } => pe::Kind::Destroyed(pe::Destroyed {
            seat: seat(*s),
            at: Some(point_to_proto(*at)),
        }),
        Event::Converted {
            seat: s,
            at,
            from,
            to,
        } => pe::Kind::Converted(pe::Converted {
            seat: seat(*s),
            at: Some(point_to_proto(*at)),
            from_building: Kind::to_proto(*from),
            to_building: Kind::to_proto(*to),
        }),
        Event::TurnEnded { seat: s, homeless } => pe::Kind::TurnEnded(pe::TurnEnded {
            seat: seat(*s),
            homeless: u32::from(*homeless),
        }),
        Event::GameEnded {
            winner,
            ending,
            points,
        } => pe::Kind::GameEnded(pe::GameEnded {
            winner: winner.map(|w| w as u32),
            ending: Ending::to_proto(*ending),
            points: points.to_vec(),
        }),
    }
}

fn offer_to_proto(o: Offer, proposed: bool) -> pv::Offer {
    pv::Offer {
        give: Some(res_to_proto(o.give)),
        get: Some(res_to_proto(o.get)),
        proposed,
    }
}

fn view_to(v: &View) -> proto::TerritoriesView {
    proto::TerritoriesView {
        grid: v
            .grid
            .iter()
            .map(|(cell, card)| pv::GridCard {
                cell: Some(cell_to_proto(*cell)),
                card: Some(card_to_proto(*card)),
            })
            .collect(),
        intersections: v.intersections.iter().map(|p| point_to_proto(*p)).collect(),
        growth_cells: v.growth_cells.iter().map(|c| cell_to_proto(*c)).collect(),
        buildings: v
            .buildings
            .iter()
            .map(|(p, b)| pv::PlacedBuilding {
                at: Some(point_to_proto(*p)),
                owner: b.owner as u32,
                building: Kind::to_proto(b.kind),
            })
            .collect(),
        bank: Some(res_to_proto(v.bank)),
        draw_pile_size: v.draw_pile_size,
        discard_pile: v.discard_pile.iter().map(|c| card_to_proto(*c)).collect(),
        players: v
            .players
            .iter()
            .map(|p| pv::Player {
                seat: p.seat as u32,
                resources: Some(res_to_proto(p.resources)),
                territory_count: p.territory_count,
                known_cards: p.known_cards.iter().map(|c| card_to_proto(*c)).collect(),
                hand: p.hand.iter().flatten().map(|c| card_to_proto(*c)).collect(),
                hand_visible: p.hand.is_some(),
                supply: Some(supply_to_proto(p.supply)),
                homeless: u32::from(p.homeless),
                points: p.points,
            })
            .collect(),
        p1: v.p1 as u32,
        turn: v.turn,
        active: v.active as u32,
        step: Step::to_proto(v.step),
        to_act: v.to_act.map(|s| s as u32),
        setup_step: v.setup_step.map_or(0, u32::from),
        decision: v.decision.as_ref().map(|d| pv::Decision {
            kind: Step::to_proto(match d.kind {
                DecisionKind::Discard => Step::Discard,
                DecisionKind::Temple => Step::ChooseTemple,
                DecisionKind::Pay => Step::Pay,
            }),
            seat: d.seat as u32,
            remaining: u32::from(d.remaining),
            last_suit: match d.last {
                Some(Item::Resource(s)) => Suit::to_proto(s),
                _ => 0,
            },
            last_card: match d.last {
                Some(Item::Territory(c)) => Some(card_to_proto(c)),
                _ => None,
            },
        }),
        offer: v.offer.map(|o| offer_to_proto(o, v.step == Step::Respond)),
        offers_made: u32::from(v.offers_made),
        abilities_used: v.abilities_used.iter().map(|a| a.to_proto()).collect(),
        last_roll: v
            .last_roll
            .map_or(Vec::new(), |(a, b)| vec![u32::from(a), u32::from(b)]),
        opening_rolls: v
            .opening_rolls
            .iter()
            .map(|r| pv::OpeningRoll {
                seat0: vec![u32::from(r[0]), u32::from(r[1])],
                seat1: vec![u32::from(r[2]), u32::from(r[3])],
            })
            .collect(),
        winner: v.result.and_then(|r| r.winner).map(|w| w as u32),
        ending: v.result.map_or(0, |r| Ending::to_proto(r.ending)),
        viewer: v.viewer.map(|s| s as u32),
    }
}

impl WireGame for Territories {
    const DESCRIPTION: &'static str = "Territories: a two-player settlement game with two card decks, two dice and a \
        chess set. Twenty territory cards form a growing grid; towns on their corners produce resources on matching \
        rolls. Upgrade towns into forts, barracks, temples and palaces, crown one with the capital, swap and add grid \
        cards, destroy and convert enemy buildings. First to 15 points wins. Decisions (discards, free choices, \
        payments, trade offers) are taken one card per action. Resource hands are public; territory cards in hand \
        are private.";
    const RULES: &'static str = "docs/rules/territories.md";

    fn options_from_proto(options: Option<&proto::GameOptions>) -> Result<Options, WireError> {
        #[allow(unreachable_patterns)]
        match options.and_then(|o| o.game.as_ref()) {
            None | Some(proto::game_options::Game::Territories(_)) => Ok(Options::default()),
            Some(_) => Err(WireError::WrongGame {
                expected: "Territories",
                what: "options",
            }),
        }
    }

    fn options_to_proto(_options: &Options) -> proto::GameOptions {
        proto::GameOptions {
            game: Some(proto::game_options::Game::Territories(
                proto::TerritoriesOptions {},
            )),
        }
    }

    fn action_from_proto(action: &proto::Action) -> Result<Action, WireError> {
        #[allow(unreachable_patterns)]
        match &action.game {
            Some(proto::action::Game::Territories(a)) => action_from(a),
            Some(_) => Err(WireError::WrongGame {
                expected: "Territories",
                what: "action",
            }),
            None => Err(WireError::Missing("action.game")),
        }
    }

    fn action_to_proto(action: &Action) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::Territories(action_to(action))),
        }
    }

    fn event_to_proto(event: &Event) -> proto::game_event::Event {
        proto::game_event::Event::Territories(proto::TerritoriesEvent {
            kind: Some(event_kind(event)),
        })
    }

    fn view_to_proto(view: &View) -> proto::game_snapshot::State {
        proto::game_snapshot::State::Territories(view_to(view))
    }
}

/// Territories' own wire data; the round trips of every legal action,
/// event and view and the envelope checks are `crate::wire_tests`.
#[cfg(test)]
mod tests {
    use super::*;
    use satrap_engine::Game;

    #[test]
    fn malformed_wire_actions_are_errors_not_panics() {
        let bad = [
            pa::Kind::PlaceSetup(pa::PlaceSetup { at: None }),
            pa::Kind::Pay(pa::Pay { suit: 99 }),
            pa::Kind::TakeFree(pa::TakeFree { suit: 0 }),
            pa::Kind::BuildTown(pa::BuildTown {
                at: Some(proto::TerritoriesPoint { x: i32::MAX, y: 0 }),
            }),
            pa::Kind::Swap(pa::Swap {
                cell: Some(proto::TerritoriesCell { c: 0, r: 0 }),
                card: Some(proto::TerritoriesCard {
                    suit: 1,
                    number: 7,
                    name: String::new(),
                }),
            }),
            pa::Kind::BankTrade(pa::BankTrade {
                give: 1,
                get: 2,
                territory: true,
            }),
            pa::Kind::Discard(pa::Discard { item: None }),
            pa::Kind::Convert(pa::Convert {
                source: None,
                target: None,
                as_building: 0,
            }),
        ];
        for kind in bad {
            let a = proto::Action {
                game: Some(proto::action::Game::Territories(proto::TerritoriesAction {
                    kind: Some(kind),
                })),
            };
            assert!(Territories::action_from_proto(&a).is_err(), "{a:?}");
        }
    }

    #[test]
    fn views_on_the_wire_hide_other_hands() {
        let mut s = Territories::new_game(&Options::default(), 2, 5).unwrap();
        s.players[0].add_card(super::super::cards::card("QH"), false);
        s.players[1].add_card(super::super::cards::card("2C"), false);
        let proto::game_snapshot::State::Territories(v) =
            Territories::view_to_proto(&Territories::view(&s, Some(0)))
        else {
            panic!("not a Territories view");
        };
        assert_eq!(v.players[0].hand.len(), 1);
        assert!(v.players[0].hand_visible);
        assert!(v.players[1].hand.is_empty() && !v.players[1].hand_visible);
        assert_eq!(v.players[1].territory_count, 1);
        assert_eq!(v.intersections.len(), 30);
        assert_eq!(v.growth_cells.len(), 18);
    }
}
