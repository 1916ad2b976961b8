//! Crash points for the durability tests: with `SATRAP_CRASH_POINT=NAME`
//! in its environment the process aborts (no unwinding, no cleanup, as a
//! `kill -9` stops it) when it reaches the point `NAME`. The variable is
//! read once; unset, a point costs one comparison. The points:
//! - `end-before-commit`: a game's end (its last entry, its event, its
//!   ratings) is written in the SQLite transaction, not yet committed;
//! - `end-after-commit`: that transaction is committed, nobody answered.

use std::sync::OnceLock;

/// Abort here if the environment names this point.
pub(crate) fn point(name: &str) {
    static AT: OnceLock<Option<String>> = OnceLock::new();
    let at = AT.get_or_init(|| std::env::var("SATRAP_CRASH_POINT").ok());
    if at.as_deref() == Some(name) {
        eprintln!("satrap: crash point {name} reached: aborting");
        std::process::abort();
    }
}
