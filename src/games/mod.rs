//! The games satrap hosts, and the bridge between their typed rules engines
//! and the generic service.
//!
//! Each game lives in its own folder with pure rules plus a `wire.rs` that
//! implements [`WireGame`] (to/from protobuf). [`instance::Instance`] wraps any
//! such game behind the object-safe [`GameInstance`], and [`registry`] lists
//! them. The service never names a game: adding one means a new folder and a
//! line in [`registry`] (plus its messages in the proto oneofs).

pub mod alexandros;
mod instance;
pub mod king_of_siam;
pub mod ming_dynasty;
mod registry;
pub mod territories;

pub use instance::{ActionInput, ApplyError, GameInstance, Instance};
pub use registry::{CreateError, GameKind, find, registry};

use crate::engine::Game;
use crate::proto;

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
pub trait WireGame: Game {
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
    /// An event for the wire: the game-specific oneof and one line for humans.
    fn event_to_proto(event: &Self::Event) -> (proto::game_event::Event, String);
    /// A view for the wire.
    fn view_to_proto(view: &Self::View) -> proto::game_snapshot::State;
}
