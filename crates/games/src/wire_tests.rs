//! One wire and notation round trip for every game, generic over
//! [`WireGame`]: random playthroughs for every player count in which every
//! legal action of every seat to act goes to its proto message and back and
//! to its notation and back unchanged, every event (as every viewer gets it)
//! converts to its game's message with a one-line description, and every
//! view (spectator and each seat) converts to its game's message. The
//! envelope checks (missing game, another game's message, a message without
//! its kind, options) are the same for every game too.
//!
//! What is truly one game's (its malformed values, hand-made actions and
//! events that random play reaches rarely, view contents) stays in that
//! game's `wire.rs` and uses the helpers here.

use satrap_engine::{Game, GameRng, Seat};
use satrap_proto as proto;

use crate::alexandros::Alexandros;
use crate::king_of_siam::KingOfSiam;
use crate::ming_dynasty::MingDynasty;
use crate::territories::Territories;
use crate::{WireError, WireGame};

/// The game whose message an action carries. The matches here are
/// exhaustive over the oneofs: a new game's messages do not compile until
/// they are named, so the checks below cover it.
fn action_game(action: &proto::Action) -> Option<&'static str> {
    use proto::action::Game as A;
    Some(match action.game.as_ref()? {
        A::KingOfSiam(_) => KingOfSiam::ID,
        A::Alexandros(_) => Alexandros::ID,
        A::MingDynasty(_) => MingDynasty::ID,
        A::Territories(_) => Territories::ID,
    })
}

/// The same game's action message without its `kind`.
fn without_kind(action: &proto::Action) -> Option<proto::Action> {
    use proto::action::Game as A;
    let game = match action.game.as_ref()? {
        A::KingOfSiam(_) => A::KingOfSiam(Default::default()),
        A::Alexandros(_) => A::Alexandros(Default::default()),
        A::MingDynasty(_) => A::MingDynasty(Default::default()),
        A::Territories(_) => A::Territories(Default::default()),
    };
    Some(proto::Action { game: Some(game) })
}

/// The game of an event message, and whether its `kind` is set.
fn event_game(event: &proto::game_event::Event) -> Option<(&'static str, bool)> {
    use proto::game_event::Event as E;
    match event {
        E::KingOfSiam(e) => Some((KingOfSiam::ID, e.kind.is_some())),
        E::Alexandros(e) => Some((Alexandros::ID, e.kind.is_some())),
        E::MingDynasty(e) => Some((MingDynasty::ID, e.kind.is_some())),
        E::Territories(e) => Some((Territories::ID, e.kind.is_some())),
        E::TimedOut(_) => None,
    }
}

fn view_game(view: &proto::game_snapshot::State) -> &'static str {
    use proto::game_snapshot::State as S;
    match view {
        S::KingOfSiam(_) => KingOfSiam::ID,
        S::Alexandros(_) => Alexandros::ID,
        S::MingDynasty(_) => MingDynasty::ID,
        S::Territories(_) => Territories::ID,
    }
}

fn options_game(options: &proto::GameOptions) -> Option<&'static str> {
    use proto::game_options::Game as O;
    Some(match options.game.as_ref()? {
        O::KingOfSiam(_) => KingOfSiam::ID,
        O::Alexandros(_) => Alexandros::ID,
        O::MingDynasty(_) => MingDynasty::ID,
        O::Territories(_) => Territories::ID,
    })
}

/// `action` goes to its game's proto message and back unchanged, and the
/// message without its kind is refused as missing.
pub(crate) fn assert_action_round_trips<G: WireGame>(action: &G::Action) {
    let message = G::action_to_proto(action);
    assert_eq!(action_game(&message), Some(G::ID), "{action:?}");
    assert_eq!(
        G::action_from_proto(&message).as_ref(),
        Ok(action),
        "{message:?}"
    );
    let empty = without_kind(&message).expect("the message names its game");
    assert!(
        matches!(G::action_from_proto(&empty), Err(WireError::Missing(_))),
        "{empty:?}"
    );
}

/// `action` (legal in `state`) goes to its notation and back unchanged, in
/// the canonical form and in any case (the `Game::parse_action` contract).
fn assert_notation_round_trips<G: WireGame>(state: &G::State, action: &G::Action) {
    let text = G::format_action(state, action);
    assert!(
        !text.is_empty() && !text.contains('\n'),
        "{action:?}: {text:?}"
    );
    for written in [
        text.clone(),
        text.to_ascii_lowercase(),
        text.to_ascii_uppercase(),
    ] {
        assert_eq!(
            G::parse_action(state, &written).as_ref(),
            Ok(action),
            "{written:?}"
        );
    }
}

/// `event` converts to its game's message with its kind set, and its
/// description is one non-empty line.
pub(crate) fn assert_event_converts<G: WireGame>(event: &G::Event) {
    assert_eq!(
        event_game(&G::event_to_proto(event)),
        Some((G::ID, true)),
        "{event:?}"
    );
    let line = event.to_string();
    assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
}

/// Every viewer's view of `state` converts to its game's message.
fn assert_views_convert<G: WireGame>(state: &G::State, players: usize) {
    for viewer in std::iter::once(None).chain((0..players).map(Some)) {
        let view = G::view_to_proto(&G::view(state, viewer));
        assert_eq!(view_game(&view), G::ID, "viewer {viewer:?}");
    }
}

/// Random playthroughs of `G` for every player count, `seeds` games each,
/// checking every legal action, event and view on the way. Returns how many
/// actions were checked on the wire.
fn playthroughs<G: WireGame>(seeds: u64) -> usize {
    let mut checked = 0;
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        for seed in 0..seeds {
            let mut state =
                G::new_game(&G::Options::default(), players, seed).expect("default setup");
            let mut rng = GameRng::from_seed(seed ^ 0x005E_ED0F_3157);
            let viewers: Vec<Option<Seat>> = std::iter::once(None)
                .chain((0..players).map(Some))
                .collect();
            assert_views_convert::<G>(&state, players);
            let mut actions = 0;
            loop {
                let to_act = G::to_act(&state);
                if to_act.is_empty() {
                    assert!(G::outcome(&state).is_some(), "{} ended", G::ID);
                    break;
                }
                for &seat in &to_act {
                    for action in G::legal_actions(&state, seat) {
                        assert_action_round_trips::<G>(&action);
                        assert_notation_round_trips::<G>(&state, &action);
                        checked += 1;
                    }
                }
                let seat = to_act[rng.index(to_act.len())];
                let legal = G::legal_actions(&state, seat);
                let action = legal[rng.index(legal.len())].clone();
                let events = G::apply(&mut state, seat, &action).expect("a legal action applies");
                for event in &events {
                    assert_event_converts::<G>(event);
                    for &viewer in &viewers {
                        if let Some(seen) = G::event_for(event, viewer) {
                            assert_event_converts::<G>(&seen);
                        }
                    }
                }
                assert_views_convert::<G>(&state, players);
                actions += 1;
                assert!(
                    actions < 50_000,
                    "{} seed {seed}, {players} players: no end",
                    G::ID
                );
            }
        }
    }
    checked
}

/// One legal action of `G`'s first position, as a message of another game
/// for the wrong-game checks.
fn sample_action<G: WireGame>() -> proto::Action {
    let state = G::new_game(&G::Options::default(), G::MIN_PLAYERS, 1).expect("default setup");
    let seat = G::to_act(&state)[0];
    G::action_to_proto(&G::legal_actions(&state, seat)[0])
}

fn samples() -> Vec<(proto::Action, proto::GameOptions)> {
    fn of<G: WireGame>() -> (proto::Action, proto::GameOptions) {
        (
            sample_action::<G>(),
            G::options_to_proto(&G::Options::default()),
        )
    }
    vec![
        of::<Alexandros>(),
        of::<KingOfSiam>(),
        of::<MingDynasty>(),
        of::<Territories>(),
    ]
}

/// What every game answers to a message that is not one of its own, and
/// its options' round trip.
fn envelopes<G: WireGame>() {
    assert_eq!(
        G::action_from_proto(&proto::Action { game: None }),
        Err(WireError::Missing("action.game"))
    );
    let defaults = G::options_to_proto(&G::Options::default());
    assert_eq!(options_game(&defaults), Some(G::ID));
    let unset = proto::GameOptions { game: None };
    for request in [None, Some(&unset), Some(&defaults)] {
        let options = G::options_from_proto(request).expect("default options");
        assert_eq!(G::options_to_proto(&options), defaults, "{request:?}");
    }
    for (action, options) in samples() {
        if action_game(&action) == Some(G::ID) {
            continue;
        }
        assert_eq!(
            G::action_from_proto(&action),
            Err(WireError::WrongGame {
                expected: G::NAME,
                what: "action",
            })
        );
        assert!(
            matches!(
                G::options_from_proto(Some(&options)),
                Err(WireError::WrongGame {
                    expected,
                    what: "options",
                }) if expected == G::NAME
            ),
            "{options:?}"
        );
    }
}

/// Playthroughs per player count: enough that the rarer kinds of action
/// and event come up (Territories, two players only, gets more).
#[test]
fn alexandros_round_trips_on_the_wire_and_in_notation() {
    envelopes::<Alexandros>();
    assert!(playthroughs::<Alexandros>(10) > 0);
}

#[test]
fn king_of_siam_round_trips_on_the_wire_and_in_notation() {
    envelopes::<KingOfSiam>();
    assert!(playthroughs::<KingOfSiam>(10) > 0);
}

#[test]
fn ming_dynasty_round_trips_on_the_wire_and_in_notation() {
    envelopes::<MingDynasty>();
    assert!(playthroughs::<MingDynasty>(6) > 0);
}

#[test]
fn territories_round_trips_on_the_wire_and_in_notation() {
    envelopes::<Territories>();
    assert!(playthroughs::<Territories>(20) > 0);
}
