//! Client input quoted in error messages, bounded: a value is shown quoted
//! (control characters escaped) and cut after [`ECHO_CHARS`] characters with
//! a marker, so an error never repeats an unbounded client value. Rules
//! engines use it for notation they cannot parse; the service for ids,
//! names and tokens.

use std::fmt;

/// Characters of a client value that an error message repeats.
pub const ECHO_CHARS: usize = 64;

/// A client value as an error message shows it: `"abc…" (+N bytes)`.
pub struct Echo<'a>(pub &'a str);

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = self
            .0
            .char_indices()
            .nth(ECHO_CHARS)
            .map_or(self.0.len(), |(i, _)| i);
        let (shown, cut) = self.0.split_at(end);
        write!(f, "{shown:?}")?;
        if !cut.is_empty() {
            write!(f, " (+{} more bytes)", cut.len())?;
        }
        Ok(())
    }
}
