//! TEMPORARY STUB so the service can be built while the real engine is written.
use crate::engine::{Game, NotationError, Outcome, RuleError, Seat, SeatResult, SetupError};
use crate::games::{WireError, WireGame};
use crate::proto;

pub struct KingOfSiam;

#[derive(Debug, Clone, PartialEq)]
pub struct State {
    players: usize,
    turn: usize,
    passes: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Pass,
}

impl Game for KingOfSiam {
    const ID: &'static str = "king_of_siam";
    const NAME: &'static str = "King of Siam";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    type Options = ();
    type State = State;
    type Action = Action;
    type Event = Seat;
    type View = ();
    fn new_game(_: &(), players: usize, _seed: u64) -> Result<State, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount {
                game: "King of Siam",
                min: 2,
                max: 4,
                got: players,
            });
        }
        Ok(State {
            players,
            turn: 0,
            passes: 0,
        })
    }
    fn to_act(s: &State) -> Vec<Seat> {
        if s.passes >= 6 { vec![] } else { vec![s.turn] }
    }
    fn legal_actions(s: &State, seat: Seat) -> Vec<Action> {
        if Self::to_act(s).contains(&seat) {
            vec![Action::Pass]
        } else {
            vec![]
        }
    }
    fn apply(s: &mut State, seat: Seat, _: &Action) -> Result<Vec<Seat>, RuleError> {
        if !Self::to_act(s).contains(&seat) {
            return Err(RuleError::new("KS-4", "not your turn"));
        }
        s.passes += 1;
        s.turn = (s.turn + 1) % s.players;
        Ok(vec![seat])
    }
    fn outcome(s: &State) -> Option<Outcome> {
        (s.passes >= 6).then(|| Outcome {
            winners: vec![0],
            draw: false,
            results: (0..s.players)
                .map(|i| SeatResult {
                    seat: i,
                    rank: 1,
                    score: 0,
                })
                .collect(),
            ending: "stub".into(),
            summary: "stub".into(),
        })
    }
    fn view(_: &State, _: Option<Seat>) {}
    fn format_action(_: &State, _: &Action) -> String {
        "PASS".into()
    }
    fn parse_action(_: &State, t: &str) -> Result<Action, NotationError> {
        if t.eq_ignore_ascii_case("pass") {
            Ok(Action::Pass)
        } else {
            Err(NotationError::new(t, "unknown"))
        }
    }
    fn render_text(s: &State, _: Option<Seat>) -> String {
        format!("{s:?}")
    }
}

impl WireGame for KingOfSiam {
    const DESCRIPTION: &'static str = "stub";
    const RULES: &'static str = "docs/rules/king-of-siam.md";
    fn options_from_proto(_: Option<&proto::GameOptions>) -> Result<(), WireError> {
        Ok(())
    }
    fn options_to_proto(_: &()) -> proto::GameOptions {
        proto::GameOptions {
            game: Some(proto::game_options::Game::KingOfSiam(
                proto::KingOfSiamOptions {},
            )),
        }
    }
    fn action_from_proto(a: &proto::Action) -> Result<Action, WireError> {
        match a.game {
            Some(proto::action::Game::KingOfSiam(_)) => Ok(Action::Pass),
            None => Err(WireError::Missing("action")),
        }
    }
    fn action_to_proto(_: &Action) -> proto::Action {
        proto::Action {
            game: Some(proto::action::Game::KingOfSiam(proto::KingOfSiamAction {})),
        }
    }
    fn event_to_proto(e: &Seat) -> (proto::game_event::Event, String) {
        (
            proto::game_event::Event::KingOfSiam(proto::KingOfSiamEvent {}),
            format!("seat {e} passed"),
        )
    }
    fn view_to_proto(_: &()) -> proto::game_snapshot::State {
        proto::game_snapshot::State::KingOfSiam(proto::KingOfSiamView {})
    }
}
