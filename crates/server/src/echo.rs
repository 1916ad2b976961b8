//! Client input quoted in error messages, bounded. A message that repeated
//! a 4 MB game id would be sent back whole, and past about 16 kB the
//! client's HTTP/2 stack refuses the `grpc-message` header and reports
//! RESOURCE_EXHAUSTED instead of the real code. So every client-supplied
//! value in a message goes through [`Echo`]: quoted, control characters
//! escaped, cut after [`ECHO_CHARS`] characters with a marker saying how
//! much was cut.

/// Longest message a status carries; a safety net behind [`Echo`] for
/// messages that quote engine errors.
pub const MAX_MESSAGE_BYTES: usize = 1024;

pub use satrap_engine::{ECHO_CHARS, Echo};

/// An owned, already bounded echo (for error variants that keep a value).
pub fn echo(value: &str) -> String {
    Echo(value).to_string()
}

/// `message` cut to at most [`MAX_MESSAGE_BYTES`] at a character boundary.
pub fn bounded(mut message: String) -> String {
    if message.len() > MAX_MESSAGE_BYTES {
        let mut end = MAX_MESSAGE_BYTES - 16;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push_str(" …(cut)");
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_quoted_whole() {
        assert_eq!(echo("king_of_siam"), "\"king_of_siam\"");
        assert_eq!(echo("a\nb"), "\"a\\nb\"");
    }

    #[test]
    fn long_values_are_cut_with_a_marker() {
        let long = "x".repeat(4_000_000);
        let shown = echo(&long);
        assert!(shown.len() < 100, "{}", shown.len());
        assert!(shown.ends_with(&format!("(+{} more bytes)", 4_000_000 - ECHO_CHARS)));
        // Multi-byte characters are never split.
        let wide = "é".repeat(100);
        assert!(echo(&wide).starts_with(&format!("\"{}\"", "é".repeat(ECHO_CHARS))));
    }

    #[test]
    fn messages_are_bounded() {
        let m = bounded("ü".repeat(5000));
        assert!(m.len() <= MAX_MESSAGE_BYTES);
        assert!(m.ends_with("…(cut)"));
        assert_eq!(bounded("short".into()), "short");
    }
}
