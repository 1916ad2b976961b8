//! The typed contract of one game (OpenSpiel-style: one shape for every game).

use std::fmt::Debug;

use super::action_space::ActionSpace;
use super::tensor::Tensor;
use super::{NotationError, Outcome, RuleError, Seat, SetupError};

/// A complete rules engine. Implemented by a zero-sized marker type per game
/// (`KingOfSiam`), all functions are associated so the state stays plain data.
///
/// Contract the property tests check for every game:
/// * `legal_actions` is complete and exact: every listed action is accepted by
///   `apply`, and `apply` accepts nothing that is not listed.
/// * `apply` is atomic: on `Err` the state is unchanged.
/// * `parse_action(format_action(a)) == a` for every legal action.
/// * Replaying the seed and the action log reproduces the state exactly.
/// * `view(state, Some(s))` never contains another seat's hidden information,
///   and no view contains the seed or the generator.
pub trait Game: 'static {
    /// Stable id used on the wire (`king_of_siam`).
    const ID: &'static str;
    /// Display name (`King of Siam`).
    const NAME: &'static str;
    const MIN_PLAYERS: usize;
    const MAX_PLAYERS: usize;
    /// True when no seat ever has hidden information (every view is the
    /// whole state but the generator). Search bots are offered only then.
    const PERFECT_INFORMATION: bool = false;

    /// Variant options chosen when the game is created.
    type Options: Clone + Debug + Default + Send + Sync;
    /// The full state, hidden information included.
    type State: Clone + Debug + PartialEq + Send + Sync;
    /// One step a seat can take.
    /// `Hash` lets search bots key their trees by action.
    type Action: Clone + Debug + PartialEq + Eq + std::hash::Hash + Send + Sync;
    /// Something that happened while an action was applied (including steps the
    /// engine performed itself, such as automatic passes or resolutions).
    type Event: Clone + Debug + PartialEq + Send + Sync;
    /// What one seat (or a spectator) may see.
    type View: Clone + Debug + Send + Sync;

    /// Set up a new game. All randomness comes from `seed`.
    fn new_game(
        options: &Self::Options,
        players: usize,
        seed: u64,
    ) -> Result<Self::State, SetupError>;

    /// Seats that must act now, written into `out` (cleared first); none
    /// once the game is over.
    ///
    /// The lists of the contract are written into buffers the caller keeps:
    /// playout loops (the search bots' and
    /// [`crate::conformance::fast_playout`]) keep one each for the seats, the
    /// legal actions and the events through a whole playout, so a step
    /// allocates nothing. [`Game::to_act`], [`Game::legal_actions`] and
    /// [`Game::apply`] return new lists for everyone else.
    fn to_act_into(state: &Self::State, out: &mut Vec<Seat>);

    /// Every legal action of `seat` now, in a fixed order, written into
    /// `out` (cleared first); none if the seat need not act.
    fn legal_actions_into(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Apply one action by `seat`, its events written into `events`
    /// (cleared first). Either it happens completely, or the state is
    /// unchanged, `events` is empty and the error names the rule that
    /// forbids it.
    fn apply_into(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;

    /// Seats that must act now; empty once the game is over.
    fn to_act(state: &Self::State) -> Vec<Seat> {
        let mut out = Vec::new();
        Self::to_act_into(state, &mut out);
        out
    }

    /// Every legal action of `seat` now, in a fixed order; empty if the seat
    /// need not act.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action> {
        let mut out = Vec::new();
        Self::legal_actions_into(state, seat, &mut out);
        out
    }

    /// Apply one action by `seat`. Either it happens completely, or the state is
    /// unchanged and the error names the rule that forbids it.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let mut events = Vec::new();
        Self::apply_into(state, seat, action, &mut events)?;
        Ok(events)
    }

    /// Winners, ranking and scores once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// What `viewer` may see (`None`: a spectator).
    fn view(state: &Self::State, viewer: Option<Seat>) -> Self::View;

    /// The event as `viewer` may see it (`None`: hide it entirely). Games
    /// without hidden information keep the default.
    fn event_for(event: &Self::Event, _viewer: Option<Seat>) -> Option<Self::Event> {
        Some(event.clone())
    }

    /// Whether `viewer` may see the action `actor` took, while the game runs.
    /// (Once the game is over every action is shown.)
    fn action_visible(_action: &Self::Action, _actor: Seat, _viewer: Option<Seat>) -> bool {
        true
    }

    /// A full state that `seat` cannot tell apart from `state`: everything
    /// `seat` may see is kept, everything hidden from it (other hands, the
    /// order of face-down piles, other seats' secret choices) is dealt anew
    /// at random from what `seat` cannot have seen, and the generator is
    /// reseeded from `rng` so future draws are unknown too. Search bots
    /// search only such worlds (see `bots::ismcts`), never the real state.
    ///
    /// Contract (tested for every game): two states that differ only in
    /// what `seat` cannot see give equal results for the same `rng`.
    /// Each game implements it in its `sample.rs`.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut super::GameRng) -> Self::State;

    /// Search knowledge (optional): each seat's estimated result from
    /// `state`, in `[0, 1]` like `Outcome::search_scores`, without playing
    /// on. Search bots with a playout horizon stop a random playout once
    /// [`Game::progress`] has advanced that far and score it with this
    /// estimate instead of playing to the end. It is only ever called on
    /// sampled worlds (`determinize`), so it cannot leak hidden
    /// information. `None` (the default): playouts run to the end.
    fn evaluate(_state: &Self::State) -> Option<Vec<f64>> {
        None
    }

    /// `seat`'s figure of [`Game::evaluate`], the same number: what the
    /// search reads of the estimate for one seat (each candidate move of
    /// an informed playout, a move's progressive bias). The default takes
    /// it from `evaluate`; a game whose estimate costs something per seat
    /// computes that seat's alone, since the search calls this once or
    /// twice for every move it simulates.
    fn evaluate_seat(state: &Self::State, seat: Seat) -> Option<f64> {
        Self::evaluate(state).and_then(|scores| scores.get(seat).copied())
    }

    /// A counter that only grows as the game advances (King of Siam: the
    /// power struggle in progress), marking where a playout may stop and
    /// call [`Game::evaluate`]. The default never advances.
    fn progress(_state: &Self::State) -> u32 {
        0
    }

    /// The team of each seat with `players` seats: seats of one team win
    /// or lose together, and ratings treat them as one side. The default:
    /// everyone plays for themselves.
    fn teams(players: usize) -> Vec<usize> {
        (0..players).collect()
    }

    /// How the built-in search bots play this game with `players` seats
    /// (iterations, exploration, playout horizon). The default suits a
    /// game that has measured nothing better.
    fn search_tuning(_players: usize) -> crate::SearchTuning {
        crate::SearchTuning::DEFAULT
    }

    /// The fixed action space for `players` seats (OpenSpiel's
    /// `num_distinct_actions` is its length): blocks of ids per kind of
    /// action, laid out in the game's `action_ids.rs`.
    fn action_space(players: usize) -> &'static ActionSpace;

    /// The fixed id of `action` in [`Game::action_space`]: a function of the
    /// action alone, so the same move always has the same id (tested: ids
    /// are unique among the legal actions of every state).
    fn action_id(action: &Self::Action) -> usize;

    /// Write the observation tensor of `view` for a table of `players`
    ///: a fixed number of values per game and player count, in
    /// named sections (the game's `observation.rs`). Written from the view,
    /// never the state, so it holds only what the view's viewer may see.
    fn observe(view: &Self::View, players: usize, tensor: &mut Tensor);

    /// Short text notation of an action (`PLAY KHON_THAI`).
    fn format_action(state: &Self::State, action: &Self::Action) -> String;

    /// Inverse of [`Game::format_action`]; accepts the canonical form (case-insensitive).
    fn parse_action(state: &Self::State, text: &str) -> Result<Self::Action, NotationError>;

    /// A plain-text picture of the board as `viewer` may see it.
    fn render_text(state: &Self::State, viewer: Option<Seat>) -> String;
}
