//! Portable, seedable randomness. Every chance outcome of a session comes from ChaCha8 keyed by the
//! session's seed, one ChaCha stream per outcome, so the k-th outcome depends only on (seed, k) and
//! the list of outcomes: the same on every machine and in every version that keeps this file's
//! arithmetic. The bounded-integer and shuffle code is ours so that no dependency upgrade can change
//! a replay.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// The random source of a session: a seed and how many chance outcomes have been drawn from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceRng {
    pub seed: u64,
    pub draws: u64,
}

impl ChanceRng {
    pub fn new(seed: u64) -> Self {
        Self { seed, draws: 0 }
    }

    /// Picks the next outcome among `n` equally likely ones and advances the counter.
    pub fn pick(&mut self, n: usize) -> usize {
        let mut stream = self.stream(self.draws);
        self.draws += 1;
        below(&mut stream, n)
    }

    /// The generator that decides outcome number `k`.
    pub fn stream(&self, k: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(k);
        rng
    }
}

/// A uniform integer in `0..n` (`n > 0`), by rejection so that no value is favoured.
/// Returns 0 when `n` is 0 so that callers never divide by zero.
#[inline]
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let n = n as u64;
    loop {
        let v = rng.next_u64();
        // The 2^64 mod n values at the top of the range would favour small results and are
        // redrawn. That count is below n, so a draw under the top n - 1 values is kept without
        // working it out: the two divisions it costs are paid about once in 2^57 draws for the
        // lists a game offers, not on every call.
        if v <= u64::MAX - (n - 1) {
            return (v % n) as usize;
        }
        let excess = (u64::MAX % n + 1) % n;
        if v <= u64::MAX - excess {
            return (v % n) as usize;
        }
    }
}

/// Fisher-Yates shuffle.
pub fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_outcomes() {
        let mut a = ChanceRng::new(7);
        let mut b = ChanceRng::new(7);
        let xs: Vec<usize> = (0..100).map(|_| a.pick(6)).collect();
        let ys: Vec<usize> = (0..100).map(|_| b.pick(6)).collect();
        assert_eq!(xs, ys);
        let mut c = ChanceRng::new(8);
        let zs: Vec<usize> = (0..100).map(|_| c.pick(6)).collect();
        assert_ne!(xs, zs);
    }

    #[test]
    fn outcome_k_depends_only_on_seed_and_k() {
        let mut a = ChanceRng::new(3);
        for _ in 0..10 {
            a.pick(6);
        }
        let tenth_direct = below(&mut ChanceRng::new(3).stream(10), 6);
        assert_eq!(a.pick(6), tenth_direct);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = below(&mut rng, 7);
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(below(&mut rng, 1), 0);
    }

    /// Hands out the given values in turn, as a generator would.
    struct Scripted(std::vec::IntoIter<u64>);

    impl RngCore for Scripted {
        fn next_u32(&mut self) -> u32 {
            self.next_u64() as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0.next().expect("the script ran out")
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            rand_core::impls::fill_bytes_via_next(self, dest);
        }
    }

    /// The rejection rule written out in full: the threshold worked out before every draw.
    fn below_by_the_rule(values: &[u64], n: u64) -> (usize, usize) {
        let excess = (u64::MAX % n + 1) % n;
        let (used, v) = values.iter().enumerate().find(|(_, v)| **v <= u64::MAX - excess).expect("a kept value");
        ((v % n) as usize, used + 1)
    }

    #[test]
    fn below_keeps_and_redraws_exactly_the_values_the_rule_does() {
        // Sizes whose redrawn top is empty (powers of two), one value (3), the most it can be
        // (n - 1, for the factors of 2^64 + 1), or nearly half the range (2^63 + 1), with draws
        // at, just under and far under the top of the range.
        for n in [2u64, 3, 6, 7, 32, 60, 274_177, 67_280_421_310_721, 1 << 40, (1 << 63) + 1, u64::MAX] {
            let excess = (u64::MAX % n + 1) % n;
            for script in [
                vec![0, 5],
                vec![u64::MAX, 12_345],
                vec![u64::MAX - excess, 7],
                vec![(u64::MAX - excess).wrapping_add(1), u64::MAX, 99],
                vec![u64::MAX - (n - 1), 1],
                vec![u64::MAX - n, 1],
            ] {
                let (expected, used) = below_by_the_rule(&script, n);
                let mut rng = Scripted(script.clone().into_iter());
                assert_eq!(below(&mut rng, n as usize), expected, "n {n}, draws {script:?}");
                assert_eq!(rng.0.len(), script.len() - used, "n {n}, draws {script:?}: draws used");
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut rng, &mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
