//! Skip-bigram co-occurrence (ROUGE-S; Lin 2004 §5): ordered token pairs `(x_i, x_j)`, `i < j`,
//! with at most `d` tokens between them (`j - i - 1 <= d`), or any gap when unlimited.
//!
//! Hits are the clipped overlap `Σ_{(a,b)} min(count_ref(a,b), count_cand(a,b))`. Totals are
//! closed-form. Unlimited-gap hits on long texts are counted without materialising the
//! O(n²) pairs: for each token type `a` shared by both texts, one pass over each text counts
//! `count(a, b)` for every `b` (how many `a`s precede each `b`), costing O((m + n)·V) time and
//! O(V) memory for V shared types.
use rustc_hash::{FxHashMap, FxHashSet};

use super::ngram::{clipped_overlap, with_dense_counts, DENSE_KEYS};
use crate::control::Poller;

/// The maximum gap between the two words of a skip-bigram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipDistance {
    /// Any gap (ROUGE-S*).
    Unlimited,
    /// At most this many tokens between the two words (ROUGE-S4: 4). `Max(0)` is bigrams.
    Max(usize),
}

/// Number of skip-bigrams of a text of `len` tokens.
pub fn total(len: usize, distance: SkipDistance) -> usize {
    if len < 2 {
        return 0;
    }
    match distance {
        SkipDistance::Unlimited => len * (len - 1) / 2,
        // Σ_{i=0}^{len-2} min(d + 1, len - 1 - i)
        SkipDistance::Max(d) => {
            let span = d.saturating_add(1).min(len - 1);
            // The first len-1-span starts reach a full window; the last `span` starts see 1..span.
            (len - 1 - span) * span + span * (span + 1) / 2
        }
    }
}

/// Keys `a * vocab + b` of every skip-bigram `(a, b)` of `tokens`, in order; every id must be
/// `< vocab` (`1 << 32` fits any id). `out` is cleared first.
pub fn keys(tokens: &[u32], distance: SkipDistance, vocab: u64, out: &mut Vec<u64>) {
    out.clear();
    crate::memory::reserve(out, total(tokens.len(), distance), "the skip-bigrams");
    let n = tokens.len();
    let mut poller = Poller::default();
    for i in 0..n.saturating_sub(1) {
        let end = match distance {
            SkipDistance::Unlimited => n,
            SkipDistance::Max(d) => i.saturating_add(d).saturating_add(2).min(n),
        };
        poller.tick(end - i);
        let a = tokens[i] as u64 * vocab;
        out.extend(tokens[i + 1..end].iter().map(|&b| a + b as u64));
    }
}

/// Calls `f(a, b)` for every skip-bigram of `tokens`.
#[inline]
fn for_each_pair(tokens: &[u32], distance: SkipDistance, mut f: impl FnMut(u32, u32)) {
    let n = tokens.len();
    for i in 0..n.saturating_sub(1) {
        let end = match distance {
            SkipDistance::Unlimited => n,
            SkipDistance::Max(d) => i.saturating_add(d).saturating_add(2).min(n),
        };
        for &b in &tokens[i + 1..end] {
            f(tokens[i], b);
        }
    }
}

/// Above this many pairs (per text) unlimited-gap hits use the streaming count.
const MATERIALISE_LIMIT: usize = 1 << 16;

/// Clipped skip-bigram overlap of two token sequences.
pub fn hits(reference: &[u32], candidate: &[u32], distance: SkipDistance) -> usize {
    hits_with(reference, candidate, distance, &mut Vec::new(), &mut Vec::new())
}

/// [`hits`] with caller-provided key buffers, reused across calls.
pub fn hits_with(
    reference: &[u32],
    candidate: &[u32],
    distance: SkipDistance,
    ref_keys: &mut Vec<u64>,
    cand_keys: &mut Vec<u64>,
) -> usize {
    let big = total(reference.len(), distance).max(total(candidate.len(), distance));
    if distance == SkipDistance::Unlimited && big > MATERIALISE_LIMIT {
        return unlimited_hits_streaming(reference, candidate);
    }
    // Compact keys over the ids in use let small vocabularies be counted in an array, straight
    // from the pair loops without materialising the keys.
    let vocab = reference.iter().chain(candidate).copied().max().map_or(1, |m| m as u64 + 1);
    if vocab * vocab < DENSE_KEYS {
        let v = vocab as usize;
        return with_dense_counts(v * v, |counts| {
            for_each_pair(reference, distance, |a, b| counts[a as usize * v + b as usize] += 1);
            let mut hits = 0;
            for_each_pair(candidate, distance, |a, b| {
                let c = &mut counts[a as usize * v + b as usize];
                if *c > 0 {
                    *c -= 1;
                    hits += 1;
                }
            });
            for_each_pair(reference, distance, |a, b| counts[a as usize * v + b as usize] = 0);
            hits
        });
    }
    keys(reference, distance, vocab, ref_keys);
    keys(candidate, distance, vocab, cand_keys);
    clipped_overlap(ref_keys, cand_keys)
}

/// Unlimited-gap hits in O((m + n)·V) time and O(V) memory over the V shared types.
fn unlimited_hits_streaming(reference: &[u32], candidate: &[u32]) -> usize {
    let in_ref: FxHashSet<u32> = reference.iter().copied().collect();
    let shared: FxHashSet<u32> = candidate.iter().copied().filter(|t| in_ref.contains(t)).collect();
    if shared.is_empty() {
        return 0;
    }
    // Dense ids over the shared types; other tokens are dropped (they cannot be hits), which
    // keeps the order of the rest, and order is all an unlimited gap depends on.
    let mut dense: FxHashMap<u32, usize> = FxHashMap::default();
    let mut shared_sorted: Vec<u32> = shared.into_iter().collect();
    shared_sorted.sort_unstable();
    for (i, t) in shared_sorted.iter().enumerate() {
        dense.insert(*t, i);
    }
    let project = |s: &[u32]| s.iter().filter_map(|t| dense.get(t).copied()).collect::<Vec<usize>>();
    let (r, c) = (project(reference), project(candidate));
    let v = shared_sorted.len();
    let (mut count_r, mut count_c) = (vec![0u64; v], vec![0u64; v]);
    let mut hits: u64 = 0;
    let mut poller = Poller::default();
    for a in 0..v {
        poller.tick(r.len() + c.len() + v);
        pair_counts_after(&r, a, &mut count_r);
        pair_counts_after(&c, a, &mut count_c);
        hits += count_r.iter().zip(&count_c).map(|(x, y)| *x.min(y)).sum::<u64>();
    }
    hits as usize
}

/// `out[b]` = number of pairs (i < j) with `s[i] = a`, `s[j] = b`.
fn pair_counts_after(s: &[usize], a: usize, out: &mut [u64]) {
    out.iter_mut().for_each(|x| *x = 0);
    let mut seen_a = 0u64;
    for &t in s {
        out[t] += seen_a;
        if t == a {
            seen_a += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_are_closed_form_counts() {
        for len in 0..30 {
            for d in
                [SkipDistance::Unlimited, SkipDistance::Max(0), SkipDistance::Max(1), SkipDistance::Max(4)]
            {
                let tokens: Vec<u32> = (0..len as u32).collect();
                let mut k = Vec::new();
                keys(&tokens, d, 1 << 32, &mut k);
                assert_eq!(total(len, d), k.len(), "len={len} d={d:?}");
            }
        }
    }

    #[test]
    fn paper_example_police_killed_the_gunman() {
        // Lin 2004 §5: S1 "police killed the gunman", S2 "police kill the gunman",
        // S3 "the gunman kill police", S4 "the gunman police killed": SKIP2(S1,S2)=3, (S1,S3)=1, (S1,S4)=2.
        let (police, killed, the, gunman, kill) = (1, 2, 3, 4, 5);
        let s1 = [police, killed, the, gunman];
        let s2 = [police, kill, the, gunman];
        let s3 = [the, gunman, kill, police];
        let s4 = [the, gunman, police, killed];
        let u = SkipDistance::Unlimited;
        assert_eq!(hits(&s1, &s2, u), 3);
        assert_eq!(hits(&s1, &s3, u), 1);
        assert_eq!(hits(&s1, &s4, u), 2);
        assert_eq!(total(4, u), 6);
    }

    #[test]
    fn streaming_count_equals_enumeration() {
        let mut x: u64 = 88172645463325252;
        let mut next = |m: u64| {
            x = crate::test_rng::xorshift(x);
            (x % m) as u32
        };
        for _ in 0..200 {
            let (lr, lc) = (next(60) as usize, next(60) as usize);
            let vocab = 1 + next(9) as u64;
            let r: Vec<u32> = (0..lr).map(|_| next(vocab)).collect();
            let c: Vec<u32> = (0..lc).map(|_| next(vocab + 2)).collect();
            let (mut kr, mut kc) = (Vec::new(), Vec::new());
            keys(&r, SkipDistance::Unlimited, 1 << 32, &mut kr);
            keys(&c, SkipDistance::Unlimited, 1 << 32, &mut kc);
            assert_eq!(unlimited_hits_streaming(&r, &c), clipped_overlap(&kr, &kc));
            for d in [SkipDistance::Unlimited, SkipDistance::Max(0), SkipDistance::Max(3)] {
                keys(&r, d, 1 << 32, &mut kr);
                keys(&c, d, 1 << 32, &mut kc);
                assert_eq!(hits(&r, &c, d), clipped_overlap(&kr, &kc), "{d:?}");
            }
        }
    }
}
