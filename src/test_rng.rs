//! The deterministic generator of the crate's randomized tests (xorshift64): the same inputs on
//! every run and every machine, with no dependency.

/// One xorshift64 step (13, 7, 17).
pub(crate) fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

/// A generator state with the draws the tests use.
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number in `0..m`.
    pub(crate) fn below(&mut self, m: usize) -> usize {
        self.0 = xorshift(self.0);
        (self.0 % m as u64) as usize
    }

    /// A sequence of up to `max_len` ids in `0..vocab`.
    pub(crate) fn seq(&mut self, max_len: usize, vocab: usize) -> Vec<u32> {
        let len = self.below(max_len + 1);
        (0..len).map(|_| self.below(vocab) as u32).collect()
    }
}
