//! Ming Dynasty (Robert F. Watson, 2007): the complete rules engine.
//!
//! The specification is `docs/rules/ming-dynasty.md`; rule numbers (`MD-n`)
//! and decisions (`AMB-n`) in the comments refer to it. One module per job:
//!
//! * [`board`]: the board file beside the rules (Section 3), parsed once
//! * [`state`]: the state of a game (5.6)
//! * [`setup`]: Section 4 (MD-1 … MD-6)
//! * [`actions`]: the decisions of Section 11 and the legal-action generator
//! * [`movement`]: paying for steps and the MD-47 lookahead
//! * [`apply`]: atomic application, rejections citing the rule
//! * [`flow`]: turns, phases, refills, round end (MD-10, MD-11, MD-30, MD-35, MD-60)
//! * [`scoring`]: Section 6 (majorities, tiles, returns, cloisters, final tiles, winner)
//! * [`events`], [`notation`], [`text`], [`view`]: what clients see
//! * `wire`: protobuf conversions

pub mod action_ids;
pub mod actions;
pub mod apply;
pub mod board;
pub mod events;
pub mod flow;
pub mod movement;
pub mod notation;
pub mod observation;
pub mod sample;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod text;
pub mod view;
mod wire;

#[cfg(test)]
mod tests;

pub use actions::Action;
pub use board::{Card, District, Province};
pub use events::{Event, Family, ScoreReason};
pub use setup::Options;
pub use state::{Colour, Phase, ReturnCards, Stage, State};
pub use view::View;

use satrap_engine::{
    Game, GameRng, NotationError, Outcome, RuleError, SearchTuning, Seat, SetupError,
};

/// The Ming Dynasty rules engine.
pub struct MingDynasty;

/// Section 11: whether `seat` must act now. One seat, except in the
/// secret selection of MD-55, where every involved seat that has not
/// committed yet; nobody once over.
pub fn is_to_act(state: &State, seat: Seat) -> bool {
    match &state.phase {
        Phase::Over => false,
        Phase::SelectReturns {
            involved, commits, ..
        } => involved.get(seat) == Some(&true) && commits.get(seat).is_some_and(Option::is_none),
        _ => seat == state.turn,
    }
}

/// The seats to act now, in seat order ([`is_to_act`]).
pub fn seats_to_act(state: &State) -> impl Iterator<Item = Seat> + '_ {
    (0..state.players).filter(|s| is_to_act(state, *s))
}

impl Game for MingDynasty {
    const ID: &'static str = "ming_dynasty";
    const NAME: &'static str = "Ming Dynasty";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    /// Section 7: the supply order and the secret return choices are hidden.
    const PERFECT_INFORMATION: bool = false;

    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new_game(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        setup::new_game(options, players, seed)
    }

    fn to_act_into(state: &State, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(seats_to_act(state));
    }

    /// The lists are built by collecting; the buffer is replaced.
    fn legal_actions_into(state: &State, seat: Seat, out: &mut Vec<Action>) {
        *out = actions::legal_actions(state, seat);
    }

    fn apply_into(
        state: &mut State,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        apply::apply(state, seat, action, events)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        scoring::outcome(state)
    }

    fn view(state: &State, viewer: Option<Seat>) -> View {
        view::view(state, viewer)
    }

    /// Section 7: a commitment shows its cards only to its owner.
    fn event_for(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        match event {
            Event::ReturnCommitted {
                seat,
                province,
                cards: Some(_),
            } if viewer != Some(*seat) => Some(Event::ReturnCommitted {
                seat: *seat,
                province: *province,
                cards: None,
            }),
            _ => Some(event.clone()),
        }
    }

    /// Section 7: a return-card choice is seen only by its owner while the
    /// game runs (the reveal event makes it public).
    fn action_visible(action: &Action, actor: Seat, viewer: Option<Seat>) -> bool {
        !matches!(action, Action::SelectReturn(_)) || viewer == Some(actor)
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        sample::determinize(state, seat, rng)
    }

    /// A playout runs to the end: 1,200 iterations a decision with two
    /// players, 800 with more. At most 430,000 simulated moves a decision:
    /// about 150 ms of one core (2.9 M moves/s in the search), so
    /// `mcts-hard`'s longest decisions, early in the game, fit the
    /// service's 200 ms cap; `mcts` never reaches it (docs/bots.md).
    fn search_tuning(players: usize) -> SearchTuning {
        SearchTuning {
            iterations: if players == 2 { 1_200 } else { 800 },
            max_moves: 430_000,
            ..SearchTuning::DEFAULT
        }
    }

    fn action_space(_players: usize) -> &'static satrap_engine::action_space::ActionSpace {
        action_ids::space()
    }

    fn action_id(action: &Action) -> usize {
        action_ids::action_id(action)
    }

    fn observe(view: &View, players: usize, tensor: &mut satrap_engine::tensor::Tensor) {
        observation::observe(view, players, tensor)
    }

    fn format_action(_state: &State, action: &Action) -> String {
        notation::format_action(action)
    }

    fn parse_action(_state: &State, text: &str) -> Result<Action, NotationError> {
        notation::parse_action(text)
    }

    fn render_text(state: &State, viewer: Option<Seat>) -> String {
        text::render(state, viewer)
    }
}
