//! The games satrap hosts: one folder per game, each with pure rules (the
//! engine's `Game` contract) plus a `wire.rs` that implements [`WireGame`]
//! (its typed values to and from its protobuf messages).
//!
//! This crate depends on the engine contract and the protobuf messages only:
//! no async runtime, RPC framework, database or bot. `satrap-catalog` puts
//! every game behind one object-safe interface and lists them.

pub mod alexandros;
pub mod king_of_siam;
pub mod ming_dynasty;
pub mod territories;
mod wire_enum;
#[cfg(test)]
mod wire_tests;

use satrap_engine::Game;
use satrap_proto as proto;

/// A request that does not fit a game's wire format (wrong game, missing or
/// unknown fields). Mapped to `INVALID_ARGUMENT`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("this is a {expected} game, but the {what} is for another game")]
    WrongGame {
        expected: &'static str,
        what: &'static str,
    },
    #[error("missing field {0}")]
    Missing(&'static str),
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
}

/// Conversion of a game's typed values to and from the protobuf messages of
/// its `.proto` file. Implemented in each game's `wire.rs`.
///
/// An event's one line for humans is its `Display` (in the game's
/// `events.rs`, next to the rules it reports), not part of the wire
/// conversion: the text is the rules' own words, the same in golden
/// playthroughs, logs and `GameEvent.description`.
pub trait WireGame: Game<Event: std::fmt::Display> {
    /// Longer description shown in `ListGameTypes`.
    const DESCRIPTION: &'static str;
    /// Path of the rules specification in the repository.
    const RULES: &'static str;

    /// Options from the request; `None` (unset) means the defaults.
    fn options_from_proto(options: Option<&proto::GameOptions>)
    -> Result<Self::Options, WireError>;
    /// Options as stored and shown in the history.
    fn options_to_proto(options: &Self::Options) -> proto::GameOptions;
    /// A typed action from the wire.
    fn action_from_proto(action: &proto::Action) -> Result<Self::Action, WireError>;
    /// A typed action for the wire.
    fn action_to_proto(action: &Self::Action) -> proto::Action;
    /// An event for the wire: the game-specific oneof.
    fn event_to_proto(event: &Self::Event) -> proto::game_event::Event;
    /// A view for the wire.
    fn view_to_proto(view: &Self::View) -> proto::game_snapshot::State;
}
