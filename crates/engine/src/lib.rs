//! The game contract every rules engine implements.
//!
//! Rules code is plain Rust: no async, no I/O, no protobuf types. The service
//! only ever talks to a game through [`Game`] (typed, here) and its type-erased
//! wrapper in `satrap-catalog`. Adding a game means adding one folder under
//! `crates/games/src/` and one line in the catalog; nothing here changes.
//!
//! This crate depends on no async runtime, RPC framework or database: the
//! rules of every game build on it alone.

pub mod action_space;
/// The property checks every game's tests run (feature `conformance`).
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
mod echo;
mod error;
mod game;
mod outcome;
mod rng;
pub mod tensor;
mod tuning;

pub use echo::{ECHO_CHARS, Echo};
pub use error::{NotationError, RuleError, SetupError};
pub use game::Game;
pub use outcome::{Outcome, SeatResult};
pub use rng::GameRng;
pub use tuning::SearchTuning;

/// A seat at the table, numbered `0..players` in turn order.
pub type Seat = usize;
