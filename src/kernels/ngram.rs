//! Clipped n-gram overlap (ROUGE-N; Lin 2004 §2): `Σ_g min(count_ref(g), count_cand(g))`.
use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::control::Poller;

/// Number of n-grams in a sequence of `len` tokens.
#[inline]
pub fn ngram_count(len: usize, n: usize) -> usize {
    (len + 1).saturating_sub(n)
}

/// Packs every n-gram of a set of token sequences into one `u64` key, exactly (no hashing
/// collisions): unigrams are the ids themselves, and an n-gram is the key of the pair
/// (key of its (n-1)-gram prefix, last token), assigned densely as it is first seen.
/// All sequences keyed by one `NgramKeys` share the key space, so their keys compare.
pub struct NgramKeys {
    pairs: FxHashMap<(u64, u32), u64>,
    /// Bigram key multiplier: `a * vocab + b`; any id must be `< vocab`.
    vocab: u64,
}

impl Default for NgramKeys {
    fn default() -> Self {
        Self::new()
    }
}

impl NgramKeys {
    /// Keys for arbitrary `u32` ids.
    pub fn new() -> Self {
        NgramKeys { pairs: FxHashMap::default(), vocab: 1 << 32 }
    }

    /// Keys for ids `< vocab`: bigram keys stay below `vocab²`, small enough for
    /// [`clipped_overlap`] to count in an array when the vocabulary is small.
    pub fn with_vocab(vocab: u32) -> Self {
        NgramKeys { pairs: FxHashMap::default(), vocab: (vocab as u64).max(1) }
    }

    /// Forget all keys and take ids `< vocab` from now on, keeping the table's allocation.
    pub fn reset(&mut self, vocab: u32) {
        self.pairs.clear();
        self.vocab = (vocab as u64).max(1);
    }

    /// Drop the pair table if it grew past `max` entries (clearing costs its capacity).
    pub fn trim(&mut self, max: usize) {
        if self.pairs.capacity() > max {
            self.pairs = FxHashMap::default();
        }
    }

    /// Keys of all n-grams of `tokens`, in order; `out` is cleared first.
    pub fn keys(&mut self, tokens: &[u32], n: usize, out: &mut Vec<u64>) {
        out.clear();
        if n == 0 || tokens.len() < n {
            return;
        }
        crate::memory::reserve(out, tokens.len(), "the n-gram keys");
        if n == 1 {
            out.extend(tokens.iter().map(|&t| t as u64));
            return;
        }
        let v = self.vocab;
        debug_assert!(tokens.iter().all(|&t| (t as u64) < v));
        out.extend(tokens.windows(2).map(|w| w[0] as u64 * v + w[1] as u64));
        // n >= 3: extend the bigram keys one token at a time through the pair table.
        let mut poller = Poller::default();
        for k in 2..n {
            let len = tokens.len() - k;
            for i in 0..len {
                if self.pairs.len() == self.pairs.capacity() {
                    grow_pairs(&mut self.pairs);
                }
                poller.tick(1);
                let next = self.pairs.len() as u64;
                out[i] = *self.pairs.entry((out[i], tokens[i + k])).or_insert(next);
            }
            out.truncate(len);
        }
    }
}

/// Doubles the pair table's room, fallibly (see `crate::memory`).
#[cold]
fn grow_pairs(pairs: &mut FxHashMap<(u64, u32), u64>) {
    let more = pairs.len().max(1 << 10);
    let bytes = (pairs.len() + more) as u128 * 33;
    if let Err(e) = crate::memory::check(bytes, || "the n-gram key table".into()) {
        crate::memory::stop(e);
    }
    if pairs.try_reserve(more).is_err() {
        crate::memory::stop(crate::memory::refused("the n-gram key table", bytes));
    }
}

impl NgramKeys {
    /// A bound (exclusive) on the keys of order `n` made since the last reset: the ids' bound
    /// for unigrams, `vocab²` for bigrams, the pair table's size beyond.
    pub fn bound(&self, n: usize) -> u64 {
        match n {
            0 | 1 => self.vocab,
            2 => self.vocab.saturating_mul(self.vocab),
            _ => self.pairs.len() as u64,
        }
    }
}

/// Keys below this are counted in a per-thread array instead of a hash map.
pub(crate) const DENSE_KEYS: u64 = 1 << 20;

thread_local! {
    static DENSE_COUNTS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's array of at least `len` counters, all zero. `f` must leave every
/// counter it touched at zero again (so no call pays for clearing the whole array).
pub(crate) fn with_dense_counts<R>(len: usize, f: impl FnOnce(&mut [u32]) -> R) -> R {
    DENSE_COUNTS.with(|cell| {
        let mut counts = cell.borrow_mut();
        if counts.len() < len {
            crate::memory::resize(&mut counts, len, 0, "the n-gram counters");
        }
        f(&mut counts[..len])
    })
}

/// Clipped overlap of two multisets of keys: `Σ_k min(count_ref(k), count_cand(k))`.
pub fn clipped_overlap(reference: &[u64], candidate: &[u64]) -> usize {
    clipped_overlap_below(reference, candidate, u64::MAX)
}

/// [`clipped_overlap`] of keys all below `bound` (such as [`NgramKeys::bound`]): a small bound
/// saves finding the largest key.
pub fn clipped_overlap_below(reference: &[u64], candidate: &[u64], bound: u64) -> usize {
    if reference.is_empty() || candidate.is_empty() {
        return 0;
    }
    // A bound well below DENSE_KEYS is taken as is (the counter array grows to it once per
    // thread); a larger one could grow the array far beyond the keys actually present.
    let max = if bound <= DENSE_KEYS >> 4 {
        debug_assert!(reference.iter().chain(candidate).all(|&k| k < bound));
        bound - 1
    } else {
        reference.iter().chain(candidate).copied().max().unwrap_or(0)
    };
    if max >= DENSE_KEYS {
        return clipped_overlap_hashed(reference, candidate);
    }
    with_dense_counts(max as usize + 1, |counts| {
        for &k in reference {
            counts[k as usize] += 1;
        }
        let mut hits = 0;
        for &k in candidate {
            // Without a branch: whether a key is left to match is unpredictable.
            let c = &mut counts[k as usize];
            let hit = (*c > 0) as u32;
            *c -= hit;
            hits += hit as usize;
        }
        for &k in reference {
            counts[k as usize] = 0;
        }
        hits
    })
}

fn clipped_overlap_hashed(reference: &[u64], candidate: &[u64]) -> usize {
    let (small, large) =
        if reference.len() <= candidate.len() { (reference, candidate) } else { (candidate, reference) };
    if small.is_empty() {
        return 0;
    }
    // Sized as the distinct keys come (long texts repeat their n-grams), each growth fallible.
    let mut counts: FxHashMap<u64, u32> = FxHashMap::default();
    let mut poller = Poller::default();
    for &k in small {
        if counts.len() == counts.capacity() {
            let more = counts.len().max(1 << 10);
            let bytes = (counts.len() + more) as u128 * 18;
            if let Err(e) = crate::memory::check(bytes, || "the n-gram counts".into()) {
                crate::memory::stop(e);
            }
            if counts.try_reserve(more).is_err() {
                crate::memory::stop(crate::memory::refused("the n-gram counts", bytes));
            }
        }
        poller.tick(1);
        *counts.entry(k).or_insert(0) += 1;
    }
    let mut hits = 0;
    for k in large {
        poller.tick(1);
        if let Some(c) = counts.get_mut(k) {
            if *c > 0 {
                *c -= 1;
                hits += 1;
            }
        }
    }
    hits
}

/// Clipped n-gram overlap of two token sequences, with the n-gram totals of each.
pub fn overlap(reference: &[u32], candidate: &[u32], n: usize) -> (usize, usize, usize) {
    let mut keys = NgramKeys::new();
    let (mut r, mut c) = (Vec::new(), Vec::new());
    keys.keys(reference, n, &mut r);
    keys.keys(candidate, n, &mut c);
    (clipped_overlap_below(&r, &c, keys.bound(n)), r.len(), c.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Direct definition: count every n-gram as a Vec.
    fn naive(reference: &[u32], candidate: &[u32], n: usize) -> usize {
        let mut counts: std::collections::HashMap<&[u32], i64> = Default::default();
        if reference.len() >= n {
            for g in reference.windows(n) {
                *counts.entry(g).or_default() += 1;
            }
        }
        let mut hits = 0;
        if candidate.len() >= n {
            for g in candidate.windows(n) {
                if let Some(c) = counts.get_mut(g) {
                    if *c > 0 {
                        *c -= 1;
                        hits += 1;
                    }
                }
            }
        }
        hits
    }

    #[test]
    fn matches_the_definition_on_pseudo_random_texts() {
        let mut x: u64 = 0x9E3779B97F4A7C15;
        let mut next = |m: u32| {
            x = crate::test_rng::xorshift(x);
            (x % m as u64) as u32
        };
        for trial in 0..300 {
            let (lr, lc) = (next(40) as usize, next(40) as usize);
            let vocab = 2 + trial % 6;
            let r: Vec<u32> = (0..lr).map(|_| next(vocab)).collect();
            let c: Vec<u32> = (0..lc).map(|_| next(vocab)).collect();
            for n in 1..=6 {
                let (hits, tr, tc) = overlap(&r, &c, n);
                assert_eq!(hits, naive(&r, &c, n), "n={n} r={r:?} c={c:?}");
                assert_eq!(tr, ngram_count(r.len(), n));
                assert_eq!(tc, ngram_count(c.len(), n));
            }
        }
    }

    #[test]
    fn dense_and_hashed_counting_agree() {
        let a: Vec<u64> = (0..500).map(|i| (i * 7919) % 97).collect();
        let b: Vec<u64> = (0..300).map(|i| (i * 104729) % 89).collect();
        assert_eq!(clipped_overlap(&a, &b), clipped_overlap_hashed(&a, &b));
        let big: Vec<u64> = a.iter().map(|k| k << 40).collect();
        let big_b: Vec<u64> = b.iter().map(|k| k << 40).collect();
        assert_eq!(clipped_overlap(&big, &big_b), clipped_overlap_hashed(&a, &b));
        // Compact keys with a vocabulary give the same overlaps as the generic ones.
        let r: Vec<u32> = (0..80).map(|i| (i * 13 % 11) as u32).collect();
        let c: Vec<u32> = (0..70).map(|i| (i * 7 % 11) as u32).collect();
        for n in 1..=5 {
            let (mut k1, mut k2, mut k3, mut k4) = (vec![], vec![], vec![], vec![]);
            let (mut g, mut d) = (NgramKeys::new(), NgramKeys::with_vocab(11));
            g.keys(&r, n, &mut k1);
            g.keys(&c, n, &mut k2);
            d.keys(&r, n, &mut k3);
            d.keys(&c, n, &mut k4);
            assert_eq!(clipped_overlap(&k1, &k2), clipped_overlap(&k3, &k4), "n={n}");
            assert_eq!(clipped_overlap(&k3, &k4), clipped_overlap_below(&k3, &k4, d.bound(n)), "n={n}");
        }
    }

    #[test]
    fn short_texts_have_no_ngrams() {
        assert_eq!(overlap(&[1], &[1], 2), (0, 0, 0));
        assert_eq!(ngram_count(0, 1), 0);
        assert_eq!(ngram_count(3, 3), 1);
    }
}
