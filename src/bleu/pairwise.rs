//! All-pairs sentence BLEU: every hypothesis against every single reference (MBR decoding,
//! similarity filtering).
//!
//! Each text is tokenized once; every distinct n-gram of either side gets a global id (a trie keyed
//! by `(parent id, token id)`), and each text keeps, per order, its n-gram ids sorted with their
//! counts. A pair then costs one merge of two short sorted lists per order.
use rustc_hash::FxHashMap;

use super::corpus::Preprocess;
use super::score::{bleu_score_only, Smooth};
use super::stats::stats_len;
use crate::allpairs::{self, PairScorer};
use crate::batch;
use crate::error::Result;
use crate::text::sacrebleu::preprocess;

/// Per-order sorted `(n-gram id, count)` lists of one text.
struct Profile {
    len: usize,
    /// `ngrams[offsets[n]..offsets[n + 1]]` are the n-grams of order `n + 1`.
    ngrams: Vec<(u32, u32)>,
    offsets: Vec<u32>,
}

fn profiles(texts: &[&str], prep: Preprocess, workers: Option<usize>) -> Vec<Profile> {
    let tokens = batch::map(texts, workers, |t| preprocess(t, prep.tokenizer, prep.lowercase));
    let mut vocab: FxHashMap<&str, u32> = FxHashMap::default();
    let mut trie: FxHashMap<u64, u32> = FxHashMap::default();
    let mut out = Vec::with_capacity(tokens.len());
    let mut ids: Vec<u32> = Vec::new();
    for t in &tokens {
        ids.clear();
        for w in t.iter() {
            let next = vocab.len() as u32;
            ids.push(*vocab.entry(w).or_insert(next));
        }
        let mut per_order: Vec<Vec<u32>> = vec![Vec::new(); prep.max_order];
        for i in 0..ids.len() {
            let mut node = u32::MAX;
            for (n, &tok) in ids[i..ids.len().min(i + prep.max_order)].iter().enumerate() {
                let fresh = trie.len() as u32;
                node = *trie.entry(((node as u64) << 32) | tok as u64).or_insert(fresh);
                per_order[n].push(node);
            }
        }
        let mut ngrams = Vec::new();
        let mut offsets = vec![0u32];
        for mut v in per_order {
            v.sort_unstable();
            for (j, &g) in v.iter().enumerate() {
                if j > 0 && v[j - 1] == g {
                    if let Some(last) = ngrams.last_mut() {
                        let (_, c): &mut (u32, u32) = last;
                        *c += 1;
                    }
                } else {
                    ngrams.push((g, 1));
                }
            }
            offsets.push(ngrams.len() as u32);
        }
        out.push(Profile { len: t.len(), ngrams, offsets });
    }
    out
}

fn clipped_matches(a: &[(u32, u32)], b: &[(u32, u32)]) -> u64 {
    let (mut i, mut j, mut m) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        let (ga, ca) = a[i];
        let (gb, cb) = b[j];
        if ga < gb {
            i += 1;
        } else if gb < ga {
            j += 1;
        } else {
            m += ca.min(cb) as u64;
            i += 1;
            j += 1;
        }
    }
    m
}

/// Sentence BLEU of hypotheses against single references, prepared for all pairs
/// ([`crate::allpairs`]): both sides are tokenized and profiled once.
pub struct BleuPairs {
    hyps: Vec<Profile>,
    refs: Vec<Profile>,
    order: usize,
    smooth: Smooth,
    effective_order: bool,
}

impl BleuPairs {
    pub fn new(
        hyps: &[&str],
        refs: &[&str],
        prep: Preprocess,
        smooth: Smooth,
        effective_order: bool,
        workers: Option<usize>,
    ) -> Self {
        let all: Vec<&str> = hyps.iter().chain(refs.iter()).copied().collect();
        let mut profs = profiles(&all, prep, workers);
        let refs = profs.split_off(hyps.len());
        BleuPairs { hyps: profs, refs, order: prep.max_order, smooth, effective_order }
    }
}

impl PairScorer for BleuPairs {
    fn cols(&self) -> usize {
        self.refs.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        let (h, order) = (&self.hyps[i], self.order);
        let mut stats = vec![0u64; stats_len(order)];
        for (r, slot) in self.refs.iter().zip(out) {
            stats[0] = h.len as u64;
            stats[1] = r.len as u64;
            for n in 0..order {
                let hs = &h.ngrams[h.offsets[n] as usize..h.offsets[n + 1] as usize];
                let rs = &r.ngrams[r.offsets[n] as usize..r.offsets[n + 1] as usize];
                stats[2 + n] = clipped_matches(hs, rs);
                stats[2 + order + n] = h.len.saturating_sub(n) as u64;
            }
            *slot = bleu_score_only(&stats, self.smooth, self.effective_order);
        }
    }
}

/// Sentence BLEU of each hypothesis against each reference, row-major `hyps.len() x refs.len()`.
/// The matrix is allocated (or refused with [`crate::Error::Memory`]) before any work.
pub fn pairwise(
    hyps: &[&str],
    refs: &[&str],
    prep: Preprocess,
    smooth: Smooth,
    effective_order: bool,
    workers: Option<usize>,
) -> Result<Vec<f64>> {
    let build = || BleuPairs::new(hyps, refs, prep, smooth, effective_order, workers);
    allpairs::matrix(hyps.len(), refs.len(), build, workers, "the pairwise score matrix")
}
