//! The one seeded generator of a game.
//!
//! Games are stored as seed + action log and rebuilt by replay, so the random
//! stream must never change between crate versions. We therefore use ChaCha8
//! (value-stable across `rand_chacha` releases) and derive every draw from its
//! raw `u32` output with our own unbiased sampling, instead of `rand`'s
//! distribution helpers whose algorithms may change between major versions.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Deterministic, portable random source stored inside a game's state.
#[derive(Clone, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng);

impl std::fmt::Debug for GameRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the generator state: it would reveal hidden information.
        f.write_str("GameRng(..)")
    }
}

impl GameRng {
    pub fn from_seed(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Uniform integer in `0..n` (rejection sampling, no modulo bias).
    /// Panics only on `n == 0`, which is a programming error.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "GameRng::below(0)");
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform index into a slice of length `len` (`len > 0`).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("slice too long for GameRng")) as usize
    }

    /// A raw 64-bit draw, to seed other generators (e.g. the generator of a
    /// world a search bot samples).
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Fisher–Yates shuffle (from the back), one draw per position.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::from_seed(42);
        let mut b = GameRng::from_seed(42);
        let xs: Vec<u32> = (0..100).map(|_| a.below(1000)).collect();
        let ys: Vec<u32> = (0..100).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn stream_is_pinned() {
        // Guards against a dependency upgrade silently changing every stored game.
        let mut r = GameRng::from_seed(7);
        let got: Vec<u32> = (0..8).map(|_| r.below(100)).collect();
        assert_eq!(got, PINNED_SEED_7);
    }

    const PINNED_SEED_7: [u32; 8] = [39, 76, 70, 19, 93, 37, 51, 2];

    #[test]
    fn below_stays_in_range_and_covers() {
        let mut r = GameRng::from_seed(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = r.below(7) as usize;
            seen[x] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn shuffle_is_permutation() {
        let mut r = GameRng::from_seed(3);
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
    }
}
