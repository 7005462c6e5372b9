//! BLEU sufficient statistics of one segment against its references (Papineni et al. 2002, §2.1):
//! `[hyp_len, ref_len, correct_1..N, total_1..N]`, as sacrebleu's `_compute_segment_statistics`.
//!
//! The statistics themselves are computed by [`super::segment`]; this module holds what every
//! path shares, and (in tests) the plain trie-of-hash-maps implementation that the fast path is
//! checked against.

/// Number of statistics per segment for a maximum n-gram order.
pub fn stats_len(max_order: usize) -> usize {
    2 + 2 * max_order
}

/// The closest reference length to `hyp_len`; ties go to the shorter reference
/// (sacrebleu `_get_closest_ref_len`, mteval-v13a `brevity_penalty_closest`).
pub fn closest_ref_len(hyp_len: usize, ref_lens: &[u32]) -> usize {
    let mut best: Option<(usize, usize)> = None;
    for &r in ref_lens {
        let r = r as usize;
        let d = hyp_len.abs_diff(r);
        best = match best {
            Some((bd, br)) if bd < d || (bd == d && br <= r) => Some((bd, br)),
            _ => Some((d, r)),
        };
    }
    best.map_or(0, |(_, r)| r)
}

/// The straightforward implementation: the n-grams of a segment's references in a trie keyed by
/// `(parent node, token id)` packed into a `u64`, each node holding the largest count of its n-gram
/// over the references (sacrebleu's multi-reference merge); a hypothesis n-gram is matched by
/// walking the trie from its first token.
#[cfg(test)]
pub(crate) mod oracle {
    use std::borrow::Borrow;
    use std::cell::RefCell;
    use std::hash::Hash;

    use rustc_hash::FxHashMap;

    use super::closest_ref_len;
    use crate::text::sacrebleu::Tokens;

    /// Per-thread buffers reused from segment to segment (a batch builds millions of these).
    #[derive(Default)]
    struct Scratch {
        counts: Vec<u32>,
        touched: Vec<u32>,
        ids: Vec<u32>,
    }

    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }

    /// Run `f` with this thread's scratch buffers (fresh ones if they are already in use).
    fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut s) => f(&mut s),
            Err(_) => f(&mut Scratch::default()),
        })
    }

    /// The parent of unigram nodes.
    const ROOT: u32 = u32::MAX;

    #[inline]
    fn key(parent: u32, token: u32) -> u64 {
        ((parent as u64) << 32) | token as u64
    }

    /// The merged reference n-grams of one segment, tokens keyed by `K` (owned or borrowed).
    #[derive(Clone, Debug, Default)]
    pub struct SegmentRefs<K = Box<str>> {
        vocab: FxHashMap<K, u32>,
        trie: FxHashMap<u64, u32>,
        max_counts: Vec<u32>,
        lens: Vec<u32>,
    }

    impl<K: Borrow<str> + Eq + Hash> SegmentRefs<K> {
        /// Build from the preprocessed references of one segment (at least one).
        pub fn new<'a>(refs: &'a [Tokens], max_order: usize) -> Self
        where
            K: From<&'a str>,
        {
            let n_tokens: usize = refs.iter().map(Tokens::len).sum();
            let mut s = SegmentRefs {
                vocab: FxHashMap::with_capacity_and_hasher(n_tokens, Default::default()),
                trie: FxHashMap::with_capacity_and_hasher(n_tokens * (max_order - 1), Default::default()),
                max_counts: Vec::with_capacity(n_tokens * max_order),
                lens: Vec::with_capacity(refs.len()),
            };
            // Node ids are dense over unigrams (the vocabulary: a token's id is its unigram node) and
            // longer n-grams (the trie) together, so counts can live in plain vectors.
            let mut n_nodes = 0u32;
            with_scratch(|sc| {
                let Scratch { counts, touched, ids } = sc;
                counts.clear();
                touched.clear();
                for r in refs {
                    s.lens.push(r.len() as u32);
                    ids.clear();
                    for t in r.iter() {
                        let id = *s.vocab.entry(K::from(t)).or_insert_with(|| {
                            n_nodes += 1;
                            n_nodes - 1
                        });
                        ids.push(id);
                    }
                    for i in 0..ids.len() {
                        let mut node = ids[i];
                        let end = ids.len().min(i + max_order);
                        for (j, &tok) in ids.iter().enumerate().take(end).skip(i) {
                            if j > i {
                                node = *s.trie.entry(key(node, tok)).or_insert_with(|| {
                                    n_nodes += 1;
                                    n_nodes - 1
                                });
                            }
                            if node as usize >= counts.len() {
                                counts.resize(n_nodes as usize, 0);
                            }
                            if counts[node as usize] == 0 {
                                touched.push(node);
                            }
                            counts[node as usize] += 1;
                        }
                    }
                    s.max_counts.resize(n_nodes as usize, 0);
                    for &n in touched.iter() {
                        let c = &mut counts[n as usize];
                        let m = &mut s.max_counts[n as usize];
                        *m = (*m).max(*c);
                        *c = 0;
                    }
                    touched.clear();
                }
            });
            s
        }

        /// Write the statistics of `hyp` into `out` (length [`stats_len`]).
        pub fn stats(&self, hyp: &Tokens, max_order: usize, out: &mut [u64]) {
            let len = hyp.len();
            out[0] = len as u64;
            out[1] = closest_ref_len(len, &self.lens) as u64;
            let (correct, total) = out[2..].split_at_mut(max_order);
            for (n, t) in total.iter_mut().enumerate() {
                *t = (len.saturating_sub(n)) as u64;
            }
            correct.fill(0);
            if len == 0 || self.max_counts.is_empty() {
                return;
            }
            with_scratch(|sc| {
                let Scratch { counts: used, ids, .. } = sc;
                ids.clear();
                ids.extend(hyp.iter().map(|t| self.vocab.get(t).copied().unwrap_or(ROOT)));
                // How many occurrences of each reference n-gram the hypothesis has used up so far:
                // clipping one occurrence at a time sums to min(hyp count, max ref count) per n-gram.
                used.clear();
                used.resize(self.max_counts.len(), 0);
                for i in 0..len {
                    let mut node = ids[i];
                    if node == ROOT {
                        continue;
                    }
                    let end = len.min(i + max_order);
                    for j in i..end {
                        if j > i {
                            if ids[j] == ROOT {
                                break;
                            }
                            match self.trie.get(&key(node, ids[j])) {
                                Some(&next) => node = next,
                                None => break,
                            }
                        }
                        let u = &mut used[node as usize];
                        if *u < self.max_counts[node as usize] {
                            *u += 1;
                            correct[j - i] += 1;
                        }
                    }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::oracle::SegmentRefs;
    use super::*;
    use crate::text::sacrebleu::{preprocess, Tokenizer, Tokens};

    fn t(s: &str) -> Tokens<'_> {
        preprocess(s, Tokenizer::None, false)
    }

    #[test]
    fn clipped_counts_and_closest_length() {
        let refs = [t("the cat is on the mat"), t("there is a cat on the mat")];
        let seg: SegmentRefs = SegmentRefs::new(&refs, 4);
        let borrowed: SegmentRefs<&str> = SegmentRefs::new(&refs, 4);
        let (mut a, mut b) = ([0u64; 10], [0u64; 10]);
        borrowed.stats(&t("the cat the mat"), 4, &mut a);
        seg.stats(&t("the cat the mat"), 4, &mut b);
        assert_eq!(a, b);
        let mut out = [0u64; 10];
        seg.stats(&t("the the the the the the the"), 4, &mut out);
        // "the" occurs at most twice in one reference.
        assert_eq!(out, [7, 7, 2, 0, 0, 0, 7, 6, 5, 4]);
        seg.stats(&t("the cat is on the mat"), 4, &mut out);
        assert_eq!(out, [6, 6, 6, 5, 4, 3, 6, 5, 4, 3]);
        assert_eq!(closest_ref_len(5, &[4, 6]), 4);
        assert_eq!(closest_ref_len(5, &[6, 4]), 4);
        assert_eq!(closest_ref_len(0, &[]), 0);
    }
}
