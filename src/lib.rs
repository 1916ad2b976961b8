//! The `satrap` binary's library: the arena (`satrap arena`). The service,
//! the games and the bots are crates of their own (ARCHITECTURE.md).

pub mod arena;
