//! Built-in bots: the server plays a seat itself when its `SeatRequest.bot`
//! names one. Bots see a game only through [`Position`], so they play every
//! game without knowing its rules; the search itself ([`ismcts`]) is
//! generic over the engine's [`Game`] contract, and each game declares its
//! own tuning ([`Game::search_tuning`]).
//!
//! This crate depends on the engine contract only: never on the games, the
//! wire format or the service.

pub mod ismcts;
mod mcts;
mod montecarlo;

pub use ismcts::{Budget, SearchStats, Worlds};
pub use mcts::MctsBot;
pub use montecarlo::MonteCarloBot;

use std::time::{Duration, Instant};

use satrap_engine::{Game, GameRng, SearchTuning, Seat};

/// What a bot may ask of a running game of any type. Implemented over the
/// typed game by whoever erases its type (the catalog), with the generic
/// helpers [`rollout`] and [`search`] below.
pub trait Position: Send + Sync {
    /// Number of seats.
    fn players(&self) -> usize;
    /// Whether no seat ever has hidden information, so a bot may look at
    /// the whole state without cheating.
    fn perfect_information(&self) -> bool;
    /// The game's search tuning for this player count.
    fn tuning(&self) -> SearchTuning;
    /// Number of legal actions of `seat` now.
    fn legal_count(&self, seat: Seat) -> usize;
    /// A copy of the game after `seat` played the `index`-th entry of its
    /// legal action list; `None` if there is no such entry.
    fn after(&self, seat: Seat, index: usize) -> Option<Box<dyn Position>>;
    /// Play uniformly random legal actions on a copy until the game ends
    /// (or `max_actions` were played) and return each seat's result score
    /// in `[0, 1]` (1 = sole winner).
    fn rollout(&self, rng: &mut GameRng, max_actions: usize) -> Option<Vec<f64>>;
    /// `seat`'s move chosen by information-set MCTS over worlds sampled
    /// from that seat's view only: an index into its legal action list,
    /// `None` if it has no move.
    fn search(
        &self,
        seat: Seat,
        budget: &Budget,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> (Option<usize>, SearchStats);
}

/// [`Position::rollout`] for a typed game: random play on a copy of `state`.
pub fn rollout<G: Game>(
    state: &G::State,
    players: usize,
    rng: &mut GameRng,
    max_actions: usize,
) -> Option<Vec<f64>> {
    let mut state = state.clone();
    let (mut to_act, mut legal, mut events) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..max_actions {
        G::to_act_into(&state, &mut to_act);
        if to_act.is_empty() {
            break;
        }
        let seat = to_act[rng.index(to_act.len())];
        G::legal_actions_into(&state, seat, &mut legal);
        if legal.is_empty() {
            return None;
        }
        G::apply_into(
            &mut state,
            seat,
            &legal[rng.index(legal.len())],
            &mut events,
        )
        .ok()?;
    }
    G::outcome(&state).map(|o| o.search_scores(players))
}

/// [`Position::search`] for a typed game: the search gets the sampler of
/// `seat`'s worlds only; the seat's own legal list (which it is shown
/// anyway) turns its answer into an index.
pub fn search<G: Game>(
    state: &G::State,
    players: usize,
    seat: Seat,
    budget: &Budget,
    rng: &mut GameRng,
    deadline: Instant,
) -> (Option<usize>, SearchStats) {
    if seat >= players {
        return (None, SearchStats::default());
    }
    let worlds = Worlds::<G>::new(state, seat);
    let (action, stats) = ismcts::search(&worlds, budget, rng, deadline);
    let index = action.and_then(|a| G::legal_actions(state, seat).iter().position(|x| *x == a));
    (index, stats)
}

/// A built-in player.
pub trait Bot: Send + Sync {
    /// The name clients use in `SeatRequest.bot`.
    fn name(&self) -> &'static str;
    /// Whether this bot may play a game of this kind. A bot that searches the
    /// whole state would cheat in a game with hidden information.
    fn supports(&self, perfect_information: bool) -> bool;
    /// The index of the chosen entry of `seat`'s legal action list, or `None`
    /// if it has none. A searching bot stops at `deadline` at the latest
    /// (its budget is in iterations; the deadline only caps slow machines).
    fn choose(
        &self,
        game: &dyn Position,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> Option<usize>;
    /// Playouts (or search iterations) one decision in `game` spends at
    /// most, for outside searches run at an equal count; `None` for a bot
    /// that does not search.
    fn iterations(&self, _game: &dyn Position) -> Option<u32> {
        None
    }
}

/// Picks uniformly among the legal actions.
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn supports(&self, _perfect_information: bool) -> bool {
        true
    }

    fn choose(
        &self,
        game: &dyn Position,
        seat: Seat,
        rng: &mut GameRng,
        _deadline: Instant,
    ) -> Option<usize> {
        let n = game.legal_count(seat);
        (n > 0).then(|| rng.index(n))
    }
}

/// The wall-clock cap of one decision the service applies: a decision never
/// takes longer, whatever the bot's budget and the machine.
pub const DECISION_TIME_CAP: Duration = Duration::from_millis(200);

/// The deadline of a decision that starts now.
pub fn deadline() -> Instant {
    Instant::now() + DECISION_TIME_CAP
}

static BOTS: &[&dyn Bot] = &[
    &RandomBot,
    &MonteCarloBot {
        playouts: 240,
        max_actions: 5_000,
    },
    &MctsBot::level("mcts", 1.0),
    &MctsBot::level("mcts-easy", 0.2),
    &MctsBot::level("mcts-hard", 4.0),
];

/// Every built-in bot.
pub fn all() -> &'static [&'static dyn Bot] {
    BOTS
}

/// Every built-in bot's name.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|b| b.name()).collect()
}

/// The bot with this name.
pub fn find(name: &str) -> Option<&'static dyn Bot> {
    BOTS.iter().copied().find(|b| b.name() == name)
}

/// Names of the bots that may play a game (for `GameType.bots`).
pub fn names_for(perfect_information: bool) -> Vec<&'static str> {
    BOTS.iter()
        .filter(|b| b.supports(perfect_information))
        .map(|b| b.name())
        .collect()
}

/// The generator a bot uses for the move that makes `version + 1`: derived
/// from the game's seed, so a game with bots replays identically.
pub fn rng_for(seed: u64, version: u64, seat: Seat) -> GameRng {
    GameRng::from_seed(
        seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 56) ^ 0xB07,
    )
}
