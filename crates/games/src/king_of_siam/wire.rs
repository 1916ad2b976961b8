//! Conversions between the typed engine and the messages of
//! `proto/satrap/v1/king_of_siam.proto`. Anything malformed coming in is a
//! [`WireError`], never a panic.

use super::KingOfSiam;
use super::actions::{Action, Sent};
use super::board::{Province, board};
use super::card::Card;
use super::events::Event;
use super::faction::{Controller, Faction, Followers};
use super::notation::format_action;
use super::scoring::Ending;
use super::setup::Options;
use super::state::Step;
use super::view::View;
use crate::wire_enum::{WireEnum, wire_enum};
use crate::{WireError, WireGame};
use satrap_proto as proto;
use satrap_proto::king_of_siam_action as pa;
use satrap_proto::king_of_siam_event as pe;
use satrap_proto::king_of_siam_view as pv;

const PROVINCE_PREFIX: &str = "KING_OF_SIAM_PROVINCE_";

wire_enum!(Faction as proto::KingOfSiamFaction, "faction" {
    Rama => Rama,
    Lao => Lao,
    Malay => Malay,
});

wire_enum!(Controller as proto::KingOfSiamController, "controller" {
    (Controller::Faction(Faction::Rama)) => Rama,
    (Controller::Faction(Faction::Lao)) => Lao,
    (Controller::Faction(Faction::Malay)) => Malay,
    (Controller::British) => British,
});

/// Provinces map by name: the board data stays the one source of ids.
fn province_to_proto(p: Province) -> i32 {
    proto::KingOfSiamProvince::from_str_name(&format!("{PROVINCE_PREFIX}{}", p.id()))
        .unwrap_or(proto::KingOfSiamProvince::Unspecified) as i32
}

fn opt_province_to_proto(p: Option<Province>) -> i32 {
    p.map(province_to_proto)
        .unwrap_or(proto::KingOfSiamProvince::Unspecified as i32)
}

fn province_from_proto(value: i32, field: &'static str) -> Result<Province, WireError> {
    let invalid = || WireError::Invalid {
        field,
        reason: format!("unknown province value {value}"),
    };
    match proto::KingOfSiamProvince::try_from(value) {
        Ok(proto::KingOfSiamProvince::Unspecified) => Err(WireError::Missing(field)),
        Ok(p) => p
            .as_str_name()
            .strip_prefix(PROVINCE_PREFIX)
            .and_then(Province::from_id)
            .ok_or_else(invalid),
        Err(_) => Err(invalid()),
    }
}

wire_enum!(Card as proto::KingOfSiamCard, "card" {
    Rama => Rama,
    Lao => Lao,
    Malay => Malay,
    KhonThai => KhonThai,
    OneVsOne => OneVsOne,
    TwoVsOne => TwoVsOne,
    King => King,
});

fn followers_to_proto(f: Followers) -> proto::KingOfSiamFollowers {
    proto::KingOfSiamFollowers {
        rama: u32::from(f.get(Faction::Rama)),
        lao: u32::from(f.get(Faction::Lao)),
        malay: u32::from(f.get(Faction::Malay)),
    }
}

wire_enum!(Ending as proto::KingOfSiamEnding, "ending" {
    British => British,
    Normal => Normal,
});

/// The typed action of a King of Siam wire action.
fn kos_action_from_proto(a: &proto::KingOfSiamAction) -> Result<Action, WireError> {
    let kind = a
        .kind
        .as_ref()
        .ok_or(WireError::Missing("king_of_siam.kind"))?;
    Ok(match kind {
        pa::Kind::Pass(_) => Action::Pass,
        pa::Kind::Play(p) => Action::Play(Card::from_proto(p.card, "play.card")?),
        pa::Kind::Place(p) => Action::Place(province_from_proto(p.province, "place.province")?),
        pa::Kind::Exchange1v1(x) => Action::Exchange1v1 {
            p: province_from_proto(x.province_a, "exchange_1v1.province_a")?,
            f: Faction::from_proto(x.faction_a, "exchange_1v1.faction_a")?,
            q: province_from_proto(x.province_b, "exchange_1v1.province_b")?,
            g: Faction::from_proto(x.faction_b, "exchange_1v1.faction_b")?,
        },
        pa::Kind::Exchange2v1(x) => {
            if x.sent.is_empty() || x.sent.len() > 2 {
                return Err(WireError::Invalid {
                    field: "exchange_2v1.sent",
                    reason: format!("one or two factions expected, got {}", x.sent.len()),
                });
            }
            let sent = x
                .sent
                .iter()
                .map(|f| Faction::from_proto(*f, "exchange_2v1.sent"))
                .collect::<Result<Vec<_>, _>>()?;
            let Some(sent) = Sent::new(&sent) else {
                return Err(WireError::Invalid {
                    field: "exchange_2v1.sent",
                    reason: format!("one or two factions expected, got {}", sent.len()),
                });
            };
            Action::Exchange2v1 {
                p: province_from_proto(x.two_side, "exchange_2v1.two_side")?,
                sent,
                q: province_from_proto(x.one_side, "exchange_2v1.one_side")?,
                g: Faction::from_proto(x.returned, "exchange_2v1.returned")?,
            }
        }
        pa::Kind::King(k) => Action::King {
            t1: province_from_proto(k.tile_low, "king.tile_low")?,
            t2: province_from_proto(k.tile_high, "king.tile_high")?,
            marker: province_from_proto(k.marker, "king.marker")?,
        },
        pa::Kind::Take(t) => Action::Take {
            province: province_from_proto(t.province, "take.province")?,
            faction: Faction::from_proto(t.faction, "take.faction")?,
        },
    })
}

fn kos_action_to_proto(action: &Action) -> proto::KingOfSiamAction {
    let kind = match action {
        Action::Pass => pa::Kind::Pass(pa::Pass {}),
        Action::Play(c) => pa::Kind::Play(pa::Play {
            card: Card::to_proto(*c),
        }),
        Action::Place(p) => pa::Kind::Place(pa::Place {
            province: province_to_proto(*p),
        }),
        Action::Exchange1v1 { p, f, q, g } => pa::Kind::Exchange1v1(pa::Exchange1v1 {
            province_a: province_to_proto(*p),
            faction_a: Faction::to_proto(*f),
            province_b: province_to_proto(*q),
            faction_b: Faction::to_proto(*g),
        }),
        Action::Exchange2v1 { p, sent, q, g } => pa::Kind::Exchange2v1(pa::Exchange2v1 {
            two_side: province_to_proto(*p),
            sent: sent.iter().map(|f| Faction::to_proto(*f)).collect(),
            one_side: province_to_proto(*q),
            returned: Faction::to_proto(*g),
        }),
        Action::King { t1, t2, marker } => pa::Kind::King(pa::King {
            tile_low: province_to_proto(*t1),
            tile_high: province_to_proto(*t2),
            marker: province_to_proto(*marker),
        }),
        Action::Take { province, faction } => pa::Kind::Take(pa::Take {
            province: province_to_proto(*province),
            faction: Faction::to_proto(*faction),
        }),
    };
    proto::KingOfSiamAction { kind: Some(kind) }
}

/// The event message (its line for humans is `Event`'s `Display`).
fn kos_event(event: &Event) -> pe::Kind {
    match event {
        Event::CardPlayed {
            seat,
            card,
            last_card,
        } => pe::Kind::CardPlayed(pe::CardPlayed {
            seat: *seat as u32,
            card: card.to_proto(),
            last_card: *last_card,
        }),
        Event::Placed {
            seat,
            card,
            faction,
            count,
            province,
        } => pe::Kind::Placed(pe::Placed {
            seat: *seat as u32,
            card: card.to_proto(),
            faction: faction.to_proto(),
            count: u32::from(*count),
            province: province_to_proto(*province),
        }),
        Event::EffectSkipped {
            seat,
            card,
            faction,
        } => pe::Kind::EffectSkipped(pe::EffectSkipped {
            seat: *seat as u32,
            card: card.to_proto(),
            faction: Faction::opt_to_proto(*faction),
        }),
        Event::Exchanged {
            seat,
            card,
            p,
            from_p,
            q,
            from_q,
        } => pe::Kind::Exchanged(pe::Exchanged {
            seat: *seat as u32,
            card: card.to_proto(),
            from_province: province_to_proto(*p),
            sent: from_p.iter().map(|f| f.to_proto()).collect(),
            to_province: province_to_proto(*q),
            returned: from_q.to_proto(),
        }),
        Event::TilesSwapped {
            seat,
            t1,
            t1_box,
            t2,
            t2_box,
            marker,
        } => pe::Kind::TilesSwapped(pe::TilesSwapped {
            seat: *seat as u32,
            tile_low: province_to_proto(*t1),
            tile_low_box: u32::from(*t1_box),
            tile_high: province_to_proto(*t2),
            tile_high_box: u32::from(*t2_box),
            marker: province_to_proto(*marker),
        }),
        Event::FollowerTaken {
            seat,
            province,
            faction,
        } => pe::Kind::FollowerTaken(pe::FollowerTaken {
            seat: *seat as u32,
            province: province_to_proto(*province),
            faction: faction.to_proto(),
        }),
        Event::TakeSkipped { seat } => {
            pe::Kind::TakeSkipped(pe::TakeSkipped { seat: *seat as u32 })
        }
        Event::Passed {
            seat,
            automatic,
            passes,
        } => pe::Kind::Passed(pe::Passed {
            seat: *seat as u32,
            automatic: *automatic,
            passes: u32::from(*passes),
        }),
        Event::StruggleResolved {
            struggle,
            province,
            controller,
            returned,
            british,
        } => pe::Kind::StruggleResolved(pe::StruggleResolved {
            struggle: u32::from(*struggle),
            province: province_to_proto(*province),
            controller: controller.to_proto(),
            returned: Some(followers_to_proto(*returned)),
            british: u32::from(*british),
        }),
        Event::GameEnded {
            ending,
            winners,
            draw,
            summary,
        } => pe::Kind::GameEnded(pe::GameEnded {
            ending: ending.to_proto(),
            winners: winners.iter().map(|s| *s as u32).collect(),
            draw: *draw,
            summary: summary.clone(),
        }),
    }
}

fn step_to_proto(step: Step) -> (i32, i32) {
    let (s, f) = match step {
        Step::Target(x) => (proto::KingOfSiamStep::PlaceFactionCard, Some(x)),
        Step::KhonThai(x) => (proto::KingOfSiamStep::PlaceKhonThai, Some(x)),
        Step::Exchange1v1 => (proto::KingOfSiamStep::Exchange1v1, None),
        Step::Exchange2v1 => (proto::KingOfSiamStep::Exchange2v1, None),
        Step::King => (proto::KingOfSiamStep::King, None),
        Step::Take => (proto::KingOfSiamStep::Take, None),
    };
    (s as i32, Faction::opt_to_proto(f))
}

fn kos_view_to_proto(v: &View) -> proto::KingOfSiamView {
    proto::KingOfSiamView {
        players: v.players as u32,
        current_player: v.current_player.map(|s| s as u32),
        start_player: v.start_player as u32,
        game_over: v.over,
        struggle: u32::from(v.struggle),
        contested: opt_province_to_proto(v.contested),
        passes: u32::from(v.passes),
        british: u32::from(v.british),
        track: v
            .track
            .iter()
            .map(|b| pv::TrackBox {
                number: u32::from(b.number),
                province: province_to_proto(b.province),
                face_up: b.face_up,
                king_marker: b.king_marker.map(|s| s as u32),
            })
            .collect(),
        provinces: v
            .provinces
            .iter()
            .map(|p| pv::ProvinceState {
                province: province_to_proto(p.province),
                id: p.province.id().to_owned(),
                name: p.name.clone(),
                home_of: Faction::opt_to_proto(p.home_of),
                adjacent: p.adjacent.iter().map(|q| province_to_proto(*q)).collect(),
                followers: Some(followers_to_proto(p.followers)),
                controller: Controller::opt_to_proto(p.controller),
                resolved_at: p.resolved_at.map(u32::from),
                king_marker: p.king_marker.map(|s| s as u32),
                box_number: u32::from(p.box_number),
            })
            .collect(),
        pool: Some(followers_to_proto(v.pool)),
        seats: v
            .seats
            .iter()
            .map(|s| pv::SeatState {
                seat: s.seat as u32,
                team: s.team.map(|t| t as u32),
                court: Some(followers_to_proto(s.court)),
                hand: s.hand.iter().map(|c| Card::to_proto(*c)).collect(),
                played: s.played.iter().map(|c| Card::to_proto(*c)).collect(),
                king_marker_used: s.king_marker_used,
                takes_skipped: u32::from(s.takes_skipped),
            })
            .collect(),
        factions: v
            .factions
            .iter()
            .map(|f| pv::FactionStanding {
                faction: Faction::to_proto(f.faction),
                home: province_to_proto(f.home),
                provinces: u32::from(f.provinces),
                last_conquest: f.last_conquest.map(u32::from),
            })
            .collect(),
        card_play: v.card_play.as_ref().map(|cp| {
            let (next_step, step_faction) = step_to_proto(cp.step);
            pv::CardPlay {
                seat: cp.seat as u32,
                card: Card::to_proto(cp.card),
                next_step,
                step_faction,
                last_card: cp.last_card,
                choices: cp.choices.iter().map(kos_action_to_proto).collect(),
                choice_notation: cp.choices.iter().map(format_action).collect(),
            }
        }),
        board_name: board().name.clone(),
        scoring: v.scoring.as_ref().map(|s| pv::Scoring {
            ruling: Faction::opt_to_proto(s.ruling),
            ranking: s
                .ranking
                .iter()
                .map(|g| pv::scoring::FactionGroup {
                    factions: g.iter().map(|f| Faction::to_proto(*f)).collect(),
                })
                .collect(),
            keys: s
                .keys
                .iter()
                .map(|k| pv::scoring::Key { values: k.clone() })
                .collect(),
            decided_by: s.decided_by,
        }),
    }
}

impl WireGame for KingOfSiam {
    const DESCRIPTION: &'static str = "King of Siam (Peer Sylvester, 2007): three Siamese factions fight for eight \
        provinces, one power struggle at a time, while the British wait for ties. Every player holds the same eight \
        single-use cards to place and move followers, and takes one follower into his court with each card. 2 or 3 \
        players each for himself (3 players: the last card must make its player win), 4 players in two teams (seats \
        0+2 against 1+3). A card play is a sequence of small actions: PLAY, its effect steps, TAKE. All information \
        is public.";
    const RULES: &'static str = "docs/rules/king-of-siam.md";

    fn options_from_proto(options: Option<&proto::GameOptions>) -> Result<Options, WireError> {
        let Some(options) = options else {
            return Ok(Options::default());
        };
        #[allow(unreachable_patterns)]
        let kos = match &options.game {
            None => return Ok(Options::default()),
            Some(proto::game_options::Game::KingOfSiam(o)) => o,
            Some(_) => {
                return Err(WireError::WrongGame {
                    expected: "King of Siam",
                    what: "options",
                });
            }
        };
        let mut starting_pairs = Vec::with_capacity(kos.starting_pairs.len());
        for pair in &kos.starting_pairs {
            starting_pairs.push([
                Faction::from_proto(pair.first, "starting_pairs.first")?,
                Faction::from_proto(pair.second, "starting_pairs.second")?,
            ]);
        }
        Ok(Options { starting_pairs })
    }

    fn options_to_proto(options: &Options) -> proto::GameOptions {
        proto::GameOptions {
            game: Some(proto::game_options::Game::KingOfSiam(
                proto::KingOfSiamOptions {
                    starting_pairs: options
                        .starting_pairs
                        .iter()
                        .map(|[a, b]| proto::KingOfSiamStartingPair {
                            first: Faction::to_proto(*a),
                            second: Faction::to_proto(*b),
                        })
                        .collect(),
                },
            )),
        }
    }

    fn action_from_proto(action: &proto::Action) -> Result<Action, WireError> {
        #[allow(unreachable_patterns)]
        match &action.game {
            Some(proto::action::Game::KingOfSiam(a)) => kos_action_from_proto(a),
            Some(_) => Err(WireError::WrongGame {
                expected: "King of Siam",
                what: "action",
            }),
            None => Err(WireError::Missing("action.game")),
        }
    }

    fn action_to_proto(action: &Action) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::KingOfSiam(kos_action_to_proto(action))),
        }
    }

    fn event_to_proto(event: &Event) -> proto::game_event::Event {
        proto::game_event::Event::KingOfSiam(proto::KingOfSiamEvent {
            kind: Some(kos_event(event)),
        })
    }

    fn view_to_proto(view: &View) -> proto::game_snapshot::State {
        proto::game_snapshot::State::KingOfSiam(kos_view_to_proto(view))
    }
}

/// King of Siam's own wire data; the round trips of every legal action,
/// event and view and the envelope checks are `crate::wire_tests`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire_tests::assert_action_round_trips;

    #[test]
    fn every_board_province_has_a_wire_value() {
        for p in Province::all() {
            let v = province_to_proto(p);
            assert_ne!(v, 0, "{p} has no KingOfSiamProvince value");
            assert_eq!(province_from_proto(v, "p"), Ok(p));
        }
    }

    #[test]
    fn malformed_wire_actions_are_errors() {
        let wrap = |kind| proto::Action {
            game: Some(proto::action::Game::KingOfSiam(proto::KingOfSiamAction {
                kind: Some(kind),
            })),
        };
        for bad in [
            wrap(pa::Kind::Play(pa::Play { card: 0 })),
            wrap(pa::Kind::Play(pa::Play { card: 99 })),
            wrap(pa::Kind::Place(pa::Place { province: -3 })),
            wrap(pa::Kind::Take(pa::Take {
                province: 2,
                faction: 7,
            })),
            wrap(pa::Kind::Exchange2v1(pa::Exchange2v1 {
                two_side: 2,
                sent: vec![],
                one_side: 3,
                returned: 1,
            })),
            wrap(pa::Kind::Exchange2v1(pa::Exchange2v1 {
                two_side: 2,
                sent: vec![1, 1, 1],
                one_side: 3,
                returned: 1,
            })),
            wrap(pa::Kind::King(pa::King {
                tile_low: 1,
                tile_high: 2,
                marker: 0,
            })),
        ] {
            assert!(KingOfSiam::action_from_proto(&bad).is_err(), "{bad:?}");
        }
        // KS-13: two followers of one faction sent in a 2-vs-1 exchange.
        for a in [
            Action::Pass,
            Action::Play(Card::TwoVsOne),
            Action::Exchange2v1 {
                p: Province::all().next().unwrap(),
                sent: Sent::new(&[Faction::Lao, Faction::Lao]).expect("two factions"),
                q: Province::all().nth(1).unwrap(),
                g: Faction::Malay,
            },
        ] {
            assert_action_round_trips::<KingOfSiam>(&a);
        }
    }

    #[test]
    fn options_round_trip_and_factions_are_checked() {
        let o = Options {
            starting_pairs: vec![
                [Faction::Rama, Faction::Malay],
                [Faction::Lao, Faction::Rama],
            ],
        };
        assert_eq!(
            KingOfSiam::options_from_proto(Some(&KingOfSiam::options_to_proto(&o))),
            Ok(o)
        );
        let bad = proto::GameOptions {
            game: Some(proto::game_options::Game::KingOfSiam(
                proto::KingOfSiamOptions {
                    starting_pairs: vec![proto::KingOfSiamStartingPair {
                        first: 0,
                        second: 1,
                    }],
                },
            )),
        };
        assert_eq!(
            KingOfSiam::options_from_proto(Some(&bad)),
            Err(WireError::Missing("starting_pairs.first"))
        );
    }
}

#[cfg(test)]
mod view_tests {
    use super::*;
    use satrap_engine::Game;

    // Matches stay refutable once other games join the oneofs.
    #[allow(unreachable_patterns)]
    fn kos_view(view: &View) -> proto::KingOfSiamView {
        match KingOfSiam::view_to_proto(view) {
            proto::game_snapshot::State::KingOfSiam(v) => v,
            _ => panic!("not a King of Siam view"),
        }
    }

    #[test]
    fn view_message_carries_the_whole_public_state() {
        let mut s = KingOfSiam::new_game(&Options::default(), 4, 11).unwrap();
        let seat = s.current;
        KingOfSiam::apply(&mut s, seat, &Action::Play(Card::KhonThai)).unwrap();
        let v = kos_view(&KingOfSiam::view(&s, None));
        assert_eq!(
            (v.players, v.current_player, v.game_over, v.struggle),
            (4, Some(seat as u32), false, 1)
        );
        assert_eq!(v.track.len(), 8);
        assert_eq!(v.provinces.len(), 8);
        assert_eq!(v.provinces[0].id, "CHIANG_MAI");
        assert_eq!(v.provinces[0].home_of, proto::KingOfSiamFaction::Lao as i32);
        assert_eq!(v.provinces[0].adjacent.len(), 2);
        assert_eq!(v.factions.len(), 3);
        assert_eq!(v.seats.len(), 4);
        assert_eq!(v.seats[1].team, Some(1));
        assert_eq!(v.seats[seat].hand.len(), 7);
        assert_ne!(v.contested, 0);
        let cp = v.card_play.unwrap();
        assert_eq!(cp.card, proto::KingOfSiamCard::KhonThai as i32);
        assert_eq!(cp.next_step, proto::KingOfSiamStep::PlaceKhonThai as i32);
        assert_eq!(cp.choice_notation, ["PLAY KHON_THAI"]);
        assert_eq!(v.board_name, "King of Siam engine board v1");
    }

    #[test]
    fn every_kind_of_event_has_a_message_and_a_line() {
        let p = Province::from_index(3).unwrap();
        let events = [
            Event::CardPlayed {
                seat: 1,
                card: Card::King,
                last_card: true,
            },
            Event::Placed {
                seat: 1,
                card: Card::Rama,
                faction: Faction::Rama,
                count: 2,
                province: p,
            },
            Event::EffectSkipped {
                seat: 1,
                card: Card::KhonThai,
                faction: Some(Faction::Lao),
            },
            Event::EffectSkipped {
                seat: 1,
                card: Card::OneVsOne,
                faction: None,
            },
            Event::Exchanged {
                seat: 1,
                card: Card::TwoVsOne,
                p,
                from_p: vec![Faction::Rama],
                q: p,
                from_q: Faction::Lao,
            },
            Event::TilesSwapped {
                seat: 1,
                t1: p,
                t1_box: 4,
                t2: p,
                t2_box: 2,
                marker: p,
            },
            Event::FollowerTaken {
                seat: 1,
                province: p,
                faction: Faction::Malay,
            },
            Event::TakeSkipped { seat: 1 },
            Event::Passed {
                seat: 1,
                automatic: true,
                passes: 2,
            },
            Event::StruggleResolved {
                struggle: 3,
                province: p,
                controller: Controller::British,
                returned: Followers::new(1, 1, 0),
                british: 2,
            },
            Event::GameEnded {
                ending: Ending::British,
                winners: vec![],
                draw: true,
                summary: "x".into(),
            },
        ];
        for e in &events {
            crate::wire_tests::assert_event_converts::<KingOfSiam>(e);
        }
    }
}
