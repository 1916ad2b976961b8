//! The `satrap` binary's library: the arena (`satrap arena`), the
//! ladder (`satrap ladder`) and the health probe's TLS (`satrap health`). The service,
//! the games and the bots are crates of their own (ARCHITECTURE.md).

pub mod arena;
pub mod ladder;
pub mod ladder_tournament;
pub mod probe_tls;
