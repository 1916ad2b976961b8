//! Log lines that repeat: a warning that a loop would write on every turn
//! (a store that does not answer, a match that cannot be created) is
//! written at most once per [`EVERY`] per source, with how many were held
//! back, so a fault never floods the log.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most one line per source per this long.
pub const EVERY: Duration = Duration::from_secs(10);

/// One source of repeating lines.
#[derive(Debug, Default)]
pub struct Every {
    state: Mutex<(Option<Instant>, u64)>,
}

impl Every {
    pub const fn new() -> Self {
        Every {
            state: Mutex::new((None, 0)),
        }
    }

    /// `Some(held back)` when a line may be written now (with how many
    /// were held back since the last), `None` to hold this one back.
    pub fn allow(&self) -> Option<u64> {
        self.allow_at(Instant::now())
    }

    fn allow_at(&self, now: Instant) -> Option<u64> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let (last, held) = &mut *state;
        if last.is_some_and(|at| now.duration_since(at) < EVERY) {
            *held += 1;
            return None;
        }
        *last = Some(now);
        Some(std::mem::take(held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_period_with_the_count_held_back() {
        let every = Every::new();
        let t0 = Instant::now();
        assert_eq!(every.allow_at(t0), Some(0));
        for i in 1..=5 {
            assert_eq!(every.allow_at(t0 + Duration::from_secs(i)), None);
        }
        assert_eq!(every.allow_at(t0 + EVERY), Some(5));
        assert_eq!(every.allow_at(t0 + EVERY + Duration::from_secs(1)), None);
    }
}
