//! Territories: the complete rules engine.
//!
//! The specification is `docs/rules/territories.md`; rule numbers (`TR-n`,
//! `SET-n`, `GEO-n`, `END-n`, `HID-n`, `RNG-n`) and decisions (section 10)
//! in the comments refer to it. One module per job:
//!
//! * [`cards`]: suits, resource amounts, territory cards (2.1, 2.2)
//! * [`grid`]: cells, intersections, touching, growth (section 3)
//! * [`pieces`]: building types, piece supplies, abilities (2.4, TR-25)
//! * [`state`]: the state of a game (Appendix B)
//! * [`setup`]: section 4, drawing from the generator in the order of RNG-2
//! * [`actions`]: the actions (TR-37), their checks and the legal-action generator
//! * [`apply`]: atomic application of an action
//! * [`flow`]: production, the seven, decisions card by card, draws, turn end (TR-40)
//! * [`scoring`]: the outcome (END-6)
//! * [`events`], [`notation`], [`text`], [`view`]: what clients see
//! * [`wire`]: protobuf conversions

pub mod action_ids;
pub mod actions;
pub mod apply;
pub mod cards;
pub mod events;
pub mod flow;
pub mod grid;
pub mod heuristic;
pub mod notation;
pub mod observation;
pub mod pieces;
pub mod sample;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod text;
pub mod view;
mod wire;

#[cfg(test)]
mod tests;

pub use actions::{Action, BankGet};
pub use cards::{Card, Resources, Suit};
pub use events::Event;
pub use grid::{Cell, Point};
pub use pieces::{Ability, Building, Kind, Supply};
pub use setup::Options;
pub use state::{Decision, DecisionKind, Ending, Item, Offer, Phase, State};
pub use view::View;

use satrap_engine::{
    Game, GameRng, NotationError, Outcome, RuleError, SearchTuning, Seat, SetupError,
};

/// The Territories rules engine.
pub struct Territories;

impl Game for Territories {
    const ID: &'static str = "territories";
    const NAME: &'static str = "Territories";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 2;
    /// HID-2: territory cards in hand and the draw order are hidden.
    const PERFECT_INFORMATION: bool = false;

    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn new_game(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
        setup::new_game(options, players, seed)
    }

    /// TR-40 rule 1: exactly one seat while the game runs, nobody once over.
    fn to_act_into(state: &State, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(actions::seat_to_act(state));
    }

    fn legal_actions_into(state: &State, seat: Seat, out: &mut Vec<Action>) {
        actions::legal_actions(state, seat, out);
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

    /// HID-3: public information plus the viewer's own territory cards.
    fn view(state: &State, viewer: Option<Seat>) -> View {
        view::view(state, viewer)
    }

    /// HID-3: a drawn card's identity only for its drawer.
    fn event_for(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        Some(event.for_viewer(viewer))
    }

    /// HID-1: every accepted action and its parameters are public (the cards
    /// named in SWAP, EXPAND and DISCARD are revealed by playing them).
    fn action_visible(_action: &Action, _actor: Seat, _viewer: Option<Seat>) -> bool {
        true
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        sample::determinize(state, seat, rng)
    }

    fn evaluate(state: &State) -> Option<Vec<f64>> {
        Some(heuristic::evaluate(state))
    }

    /// The turn number (TR-33): a playout cut after a few turns.
    fn progress(state: &State) -> u32 {
        state.turn
    }

    /// A random playout to the end runs some 180 turns and a thousand
    /// moves, so playouts stop after four turns (horizon 4, see
    /// [`Game::progress`]) and are scored by [`heuristic`] (docs/bots.md).
    fn search_tuning(_players: usize) -> SearchTuning {
        SearchTuning {
            horizon: 4,
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
