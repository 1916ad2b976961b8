//! The `satrap` binary's library: the arena (`satrap arena`) and the
//! ladder (`satrap ladder`). The service,
//! the games and the bots are crates of their own (ARCHITECTURE.md).

pub mod arena;
pub mod ladder;
