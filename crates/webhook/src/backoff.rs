//! The pauses between attempts: doubling from the first to a cap, with a
//! little jitter.
//!
//! The jitter spreads the retries of many events that failed together (a
//! receiver that was down for a while) so that they do not all come back in
//! the same instant. It only ever shortens a pause, so the cap holds exactly.

use std::time::Duration;

/// The largest share of a pause the jitter can take off: one part in this.
const JITTER_PARTS: u32 = 10;

/// The pauses of one delivery, in order.
#[derive(Debug, Clone)]
pub(crate) struct Backoff {
    next: Duration,
    max: Duration,
}

impl Backoff {
    /// Pauses starting at `first` and doubling up to `max` (`first` is
    /// capped by `max` too).
    pub(crate) fn new(first: Duration, max: Duration) -> Self {
        Self {
            next: first.min(max),
            max,
        }
    }

    /// The next pause, jittered at random.
    pub(crate) fn next_pause(&mut self) -> Duration {
        self.next_with(rand::random::<f64>())
    }

    /// The next pause, shortened by `jitter` (0 to 1) times the jitter share.
    fn next_with(&mut self, jitter: f64) -> Duration {
        let base = self.next;
        self.next = base.saturating_mul(2).min(self.max);
        // Integer division first: a float product of a pause near
        // `Duration::MAX` could round above it and panic.
        let off = (base / JITTER_PARTS).mul_f64(jitter.clamp(0.0, 1.0));
        base.saturating_sub(off)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn without_jitter_pauses_double_up_to_the_cap() {
        let mut backoff = Backoff::new(1000 * MS, 60_000 * MS);
        let pauses: Vec<_> = (0..10).map(|_| backoff.next_with(0.0)).collect();
        let secs: Vec<_> = pauses.iter().map(Duration::as_secs).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    }

    #[test]
    fn the_cap_holds_with_any_jitter() {
        let (first, max) = (10 * MS, 75 * MS);
        let mut backoff = Backoff::new(first, max);
        let mut base = first;
        for _ in 0..200 {
            let pause = backoff.next_pause();
            assert!(pause <= max, "{pause:?} above the cap");
            assert!(pause <= base, "{pause:?} above its base {base:?}");
            let floor = base - base / JITTER_PARTS;
            assert!(pause >= floor, "{pause:?} jittered too far below {base:?}");
            base = (base * 2).min(max);
        }
    }

    #[test]
    fn full_jitter_takes_off_a_tenth() {
        let mut backoff = Backoff::new(1000 * MS, 60_000 * MS);
        assert_eq!(backoff.next_with(1.0), 900 * MS);
        assert_eq!(backoff.next_with(0.5), 1900 * MS);
    }

    #[test]
    fn a_first_pause_above_the_cap_is_capped() {
        let mut backoff = Backoff::new(5000 * MS, 2000 * MS);
        assert_eq!(backoff.next_with(0.0), 2000 * MS);
        assert_eq!(backoff.next_with(0.0), 2000 * MS);
    }

    #[test]
    fn huge_pauses_do_not_overflow() {
        let mut backoff = Backoff::new(Duration::MAX / 2 + MS, Duration::MAX);
        backoff.next_with(1.0);
        assert_eq!(backoff.next_with(0.0), Duration::MAX);
        assert!(backoff.next_with(1.0) < Duration::MAX);
    }
}
