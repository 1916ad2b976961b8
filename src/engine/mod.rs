//! The game contract every rules engine implements.
//!
//! Rules code is plain Rust: no async, no I/O, no protobuf types. The service
//! only ever talks to a game through [`Game`] (typed, here) and its type-erased
//! wrapper in [`crate::games`]. Adding a game means adding one folder under
//! `src/games/` and one line in the registry; nothing here changes.

pub mod action_space;
pub mod conformance;
mod echo;
mod error;
mod game;
mod outcome;
mod rng;
pub mod tensor;

pub use echo::{ECHO_CHARS, Echo};
pub use error::{NotationError, RuleError, SetupError};
pub use game::Game;
pub use outcome::{Outcome, SeatResult};
pub use rng::GameRng;

/// A seat at the table, numbered `0..players` in turn order.
pub type Seat = usize;
