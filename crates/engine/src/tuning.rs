//! How the built-in search bots play a game: each game declares its own
//! numbers next to its rules ([`crate::Game::search_tuning`]), so the bots
//! never name a game.

/// The search settings of one game and player count, for the default level
/// (`mcts`); the other levels scale [`SearchTuning::iterations`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchTuning {
    /// Iterations of one decision of the default level. Playouts cost very
    /// different times per game, so each game picks the count that fits
    /// well under the service's 200 ms decision cap on one core of the
    /// project's machines (`cargo bench --bench bots`, docs/bots.md).
    /// Counts, not times: a level's strength does not depend on the machine.
    pub iterations: u32,
    /// UCB1 exploration constant (results lie in `[0, 1]`).
    pub exploration: f64,
    /// Stop a playout once `Game::progress` advanced this much and score it
    /// with `Game::evaluate`; 0 plays every playout to the end.
    pub horizon: u32,
    /// Extra multiple for the levels above the default (`mcts-hard`), where
    /// more search still pays and a decision stays under the cap.
    pub strong_scale: f64,
    /// Weight of progressive bias from [`crate::Game::evaluate`]: the
    /// estimate after a move guides its first visits and fades as results
    /// come in; 0 (the default) leaves the tree to the playouts alone.
    pub bias: f64,
    /// Moves one decision may simulate in all (tree descents and playouts),
    /// whatever the level's iterations; 0: no cap. A count, not a time, so
    /// a capped level still plays the same on every machine: it is set
    /// where a level's longest decisions (early in a game, when playouts
    /// are long) would pass the service's 200 ms cap on one core, and
    /// leaves the shorter decisions their full iterations.
    pub max_moves: u64,
}

impl SearchTuning {
    /// What a game that declares nothing gets.
    pub const DEFAULT: Self = Self {
        iterations: 300,
        exploration: 0.7,
        horizon: 0,
        strong_scale: 1.0,
        bias: 0.0,
        max_moves: 0,
    };
}

impl Default for SearchTuning {
    fn default() -> Self {
        Self::DEFAULT
    }
}
