//! Errors a rules engine reports. They carry the rule that forbids a move so a
//! client (and a human reading logs) learns *why*, not just *that*.

use std::fmt;

use super::Echo;

/// A well-formed action that the rules forbid in the current state.
///
/// `rule` is the identifier from the rules specification (`"KS-7"`), `message`
/// says in words what is wrong. Display renders `"KS-7: ..."`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct RuleError {
    /// Rule identifier, e.g. `KS-7`.
    pub rule: &'static str,
    /// Human-readable reason.
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Self {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

/// A game could not be created with the requested players or options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} is played by {min}..={max} players, not {got}")]
    PlayerCount {
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("invalid option: {0}")]
    InvalidOption(String),
}

/// Text that is not the notation of any action of this game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot parse {}: {reason}", Echo(input))]
pub struct NotationError {
    pub input: String,
    pub reason: String,
}

impl NotationError {
    pub fn new(input: &str, reason: impl Into<String>) -> Self {
        Self {
            input: input.to_owned(),
            reason: reason.into(),
        }
    }
}
