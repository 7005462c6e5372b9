//! rougeLsum hits of one hypothesis against every reference: the summary-level union LCS with
//! clipping of [`crate::kernels::lcs::union_lcs_hits`], with everything that depends on the
//! hypothesis alone built once per row (its sentences' match masks and token counts).
//!
//! Per reference sentence, each position on the LCS against any hypothesis sentence is marked;
//! a marked position is a hit while its token has unused occurrences in the hypothesis (the
//! reference side never runs out: a token is marked at most as often as the reference holds it),
//! so a token's hits are `min(marked, count in the hypothesis)`, in any order.
use super::local::{with_local_ids, LocalIds, ABSENT};
use super::matcher::{MarkScratch, SentenceMatcher};
use crate::rouge::prepare::Prepared;

/// Per-row scratch space.
#[derive(Default)]
struct Scratch {
    /// Occurrences of each local token already counted as hits in the current pair.
    used: Vec<u32>,
    /// The local tokens whose `used` is not zero.
    touched: Vec<u32>,
    /// One reference sentence in local ids, tokens the hypothesis lacks left out.
    sentence: Vec<u32>,
    /// Marked positions of `sentence`, one bit each.
    marks: Vec<u64>,
    mark: MarkScratch,
}

/// The hypothesis of a row: its sentences' matchers, its token counts, and for each token the
/// sentences holding it.
struct Row {
    matchers: Vec<SentenceMatcher>,
    counts: Vec<u32>,
    /// Bit `k` of `in_sentences[t]`: sentence `k` holds token `t` (only used when there are at
    /// most 64 sentences; with more, every sentence is tried). The last entry, for tokens the
    /// hypothesis lacks, is 0.
    in_sentences: Vec<u64>,
}

impl Row {
    fn new(hyp: &Prepared, ids: &mut LocalIds) -> Row {
        let mut local: Vec<Vec<u32>> = Vec::with_capacity(hyp.sentences.len());
        for s in &hyp.sentences {
            let mut l = Vec::with_capacity(s.len());
            ids.add(s, &mut l);
            local.push(l);
        }
        let distinct = ids.len();
        let mut counts = vec![0u32; distinct];
        // One more entry, 0, read for absent tokens.
        let mut in_sentences = vec![0u64; distinct + 1];
        for (k, s) in local.iter().enumerate() {
            for &t in s {
                counts[t as usize] += 1;
                in_sentences[t as usize] |= 1u64.checked_shl(k as u32).unwrap_or(0);
            }
        }
        let matchers = local.iter().map(|s| SentenceMatcher::new(s, distinct)).collect();
        Row { matchers, counts, in_sentences }
    }

    /// The rougeLsum hits against one reference.
    fn hits(&self, r: &Prepared, ids: &LocalIds, s: &mut Scratch) -> u32 {
        if let ([one_ref], [one_hyp]) = (&r.sentences[..], &self.matchers[..]) {
            // One sentence each: the union is the one LCS, whose tokens pair up distinct
            // occurrences on both sides, so clipping removes nothing.
            return one_hyp.lcs_len(one_ref.iter().map(|&t| ids.get(t))) as u32;
        }
        let mut hits = 0;
        for sentence in &r.sentences {
            // Without branches: most reference tokens are absent, in no predictable pattern.
            s.sentence.clear();
            s.sentence.resize(sentence.len(), 0);
            let (mut kept, mut sentences) = (0, 0u64);
            let absent = self.counts.len();
            for &t in sentence {
                let t = ids.get(t);
                s.sentence[kept] = t;
                kept += (t != ABSENT) as usize;
                sentences |= self.in_sentences[(t as usize).min(absent)];
            }
            if kept == 0 {
                continue;
            }
            s.sentence.truncate(kept);
            if self.matchers.len() > 64 {
                sentences = !0;
            }
            s.marks.clear();
            s.marks.resize(s.sentence.len().div_ceil(64), 0);
            for (k, m) in self.matchers.iter().enumerate() {
                if (sentences >> k.min(63)) & 1 == 1 {
                    m.mark(&s.sentence, &mut s.marks, &mut s.mark);
                }
            }
            for (w, &bits) in s.marks.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let t = s.sentence[w * 64 + bits.trailing_zeros() as usize] as usize;
                    bits &= bits - 1;
                    if s.used[t] < self.counts[t] {
                        if s.used[t] == 0 {
                            s.touched.push(t as u32);
                        }
                        s.used[t] += 1;
                        hits += 1;
                    }
                }
            }
        }
        for &t in &s.touched {
            s.used[t as usize] = 0;
        }
        s.touched.clear();
        hits
    }
}

/// `hits[j]` = the rougeLsum hits of `hyp` (the candidate) against `refs[j]`; token ids are
/// `< vocab`.
pub fn hits_row(hyp: &Prepared, refs: &[Prepared], vocab: usize, hits: &mut [u32]) {
    if hyp.sentences.iter().all(|s| s.is_empty()) {
        return;
    }
    with_local_ids(vocab, |ids| {
        let row = Row::new(hyp, ids);
        let mut s = Scratch { used: vec![0; ids.len()], ..Scratch::default() };
        for (r, slot) in refs.iter().zip(hits) {
            *slot = row.hits(r, ids, &mut s);
        }
    })
}
