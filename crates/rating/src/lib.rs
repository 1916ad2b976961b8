//! Player ratings for rated games, and grouping queued players into games.
//!
//! # Why Weng-Lin (OpenSkill)
//!
//! Elo and Glicko rate two players at a time. Satrap's games seat three or
//! four players, sometimes in teams (King of Siam's four-player game is seats
//! 0 and 2 against seats 1 and 3), and several players can share a place.
//! Weng and Lin's Bayesian approximation ("A Bayesian Approximation Method
//! for Online Ranking", JMLR 2011; the model behind OpenSkill) rates a whole
//! ranking of teams in one closed-form update, with shared ranks as draws,
//! and needs no iterative message passing as TrueSkill does. The update here
//! is the Bradley-Terry model with full pairing, as `skillratings`'
//! `weng_lin_multi_team` implements it.
//!
//! # The model
//!
//! A player's skill is a normal belief: mean `rating` (mu) and standard
//! deviation `uncertainty` (sigma). Everyone starts at mu 25, sigma 25/3. A
//! team's skill is the sum of its players'. After a game each team is
//! compared with every other: it gains for each team it beat, loses for each
//! team that beat it, half of each for a shared rank, weighted by how
//! surprising the result was; each player gets a share of the team's change
//! in proportion to their own variance, and every game shrinks sigma.
//!
//! Players are ranked by [`Rating::display`], `mu - 3 sigma` (OpenSkill's
//! "ordinal"): a rating the player is very probably above. A new player
//! shows 0 and climbs as games make the engine surer of them; a strong
//! regular shows about 30.
//!
//! Everything here is pure: no async, no I/O.

pub mod matching;
mod rating;
mod update;

pub use rating::{Placing, Rating};
pub use update::{RateError, rate};
