//! Per-model statistics of each ROUGE-1.5.5 measure, with the script's own definitions and
//! quirks. Each returns the clipped hit count against one model, the model and peer totals that
//! go into the denominators, and the per-model score `-f B` ranks models by.
use rustc_hash::FxHashMap;

use crate::kernels::lcs::BitMatcher;
use crate::kernels::ngram::{clipped_overlap, NgramKeys};
use crate::kernels::skip_bigram::{self, SkipDistance};

use super::wlcs::wlcs_mark;
pub use super::wlcs::WlcsScratch;

/// One peer against one model, before the models are combined (`-f A` / `-f B`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ModelStat {
    pub hit: f64,
    pub model_total: f64,
    pub peer_total: f64,
    /// The per-model score `-f B` keeps the best of (first wins on ties).
    pub score: f64,
}

/// A multiset of packed keys with its size (Perl's hash with its `_cn_` entry).
#[derive(Clone, Debug, Default)]
pub struct Bag {
    pub counts: FxHashMap<u64, u32>,
    pub total: usize,
}

impl Bag {
    pub fn add(&mut self, key: u64) {
        *self.counts.entry(key).or_insert(0) += 1;
        self.total += 1;
    }

    /// `Σ_g min(model(g), peer(g))` (`ngramScore`, `skipBigramScore`, `getBEScore`).
    pub fn clipped_hits(&self, other: &Bag) -> usize {
        let (small, large) =
            if self.counts.len() <= other.counts.len() { (self, other) } else { (other, self) };
        small.counts.iter().map(|(k, &c)| large.counts.get(k).map_or(0, |&d| c.min(d)) as usize).sum()
    }
}

/// Round to 5 decimals the way `sprintf("%7.5f", x)` followed by Perl's numeric reading does.
pub fn round5(x: f64) -> f64 {
    format!("{x:.5}").parse().unwrap_or(x)
}

/// Statistics for the count-based measures (N, S, SU, BE): `R = hit / |model|` and the `-f B`
/// score is that recall as `%07.5f` prints it (0 when the model is empty).
pub fn count_stat(model: &Bag, peer: &Bag) -> ModelStat {
    let hit = model.clipped_hits(peer) as f64;
    let model_total = model.total as f64;
    let score = if model.total != 0 { round5(hit / model_total) } else { 0.0 };
    ModelStat { hit, model_total, peer_total: peer.total as f64, score }
}

/// ROUGE-N n-grams of a token sequence (`createNGram`): `max(len - n + 1, 0)` of them.
pub fn ngram_bag(tokens: &[u32], n: usize, keys: &mut NgramKeys, scratch: &mut Vec<u64>) -> Bag {
    keys.keys(tokens, n, scratch);
    let mut bag = Bag::default();
    bag.counts.reserve(scratch.len());
    for &k in scratch.iter() {
        bag.add(k);
    }
    bag
}

const UNIGRAM_TAG: u64 = 0xFFFF_FFFF << 32;

/// Skip-bigrams of a token sequence (`createSkipBigram`): pairs `(i, j)`, `i < j ≤ i + d + 1`
/// (any `j` when `max_gap` is `None`), plus, for ROUGE-SU, the unigram of every token but the
/// last (Perl adds it inside the loop over `i < n - 1`).
pub fn skip_bigram_bag(tokens: &[u32], max_gap: Option<usize>, unigrams: bool) -> Bag {
    let n = tokens.len();
    let mut bag = Bag::default();
    // Sized once: growing the table pair by pair was a tenth of the time of ROUGE-S4.
    bag.counts.reserve(skip_bigram_total(n, max_gap, unigrams));
    for i in 0..n.saturating_sub(1) {
        let a = tokens[i] as u64;
        if unigrams {
            bag.add(UNIGRAM_TAG | a);
        }
        let end = match max_gap {
            Some(d) => n.min(i.saturating_add(d).saturating_add(2)),
            None => n,
        };
        for &b in &tokens[i + 1..end] {
            bag.add((a << 32) | b as u64);
        }
    }
    bag
}

/// Above this many skip-bigrams in a text, unlimited-gap ROUGE-S(U) is counted without
/// materialising the pairs (the shared streaming kernel), in O((m + n)·V) time and O(V)
/// memory over the V token types the two texts share.
pub const MATERIALISE_LIMIT: usize = 1 << 16;

/// Number of skip-bigrams (plus, for SU, unigrams) `createSkipBigram` counts for `n` tokens.
pub fn skip_bigram_total(n: usize, max_gap: Option<usize>, unigrams: bool) -> usize {
    let d = max_gap.map_or(SkipDistance::Unlimited, SkipDistance::Max);
    skip_bigram::total(n, d) + if unigrams { n.saturating_sub(1) } else { 0 }
}

/// ROUGE-S* / SU* of long texts without their O(n²) pairs: the clipped pair overlap from the
/// streaming kernel plus, for SU, the clipped overlap of the unigrams of all but the last token.
pub fn unlimited_skip_stat(model: &[u32], peer: &[u32], unigrams: bool) -> ModelStat {
    let mut hit = skip_bigram::hits(model, peer, SkipDistance::Unlimited);
    if unigrams {
        let drop_last =
            |t: &[u32]| -> Vec<u64> { t[..t.len().saturating_sub(1)].iter().map(|&x| x as u64).collect() };
        hit += clipped_overlap(&drop_last(model), &drop_last(peer));
    }
    let model_total = skip_bigram_total(model.len(), None, unigrams);
    let score = if model_total != 0 { round5(hit as f64 / model_total as f64) } else { 0.0 };
    ModelStat {
        hit: hit as f64,
        model_total: model_total as f64,
        peer_total: skip_bigram_total(peer.len(), None, unigrams) as f64,
        score,
    }
}

/// Unigram counts indexed by token id: the clipping budget of ROUGE-L/W (v1.4.1 fix).
pub fn unigram_counts(tokens: &[u32], vocab: usize) -> Vec<i32> {
    let mut c = vec![0i32; vocab];
    for &t in tokens {
        c[t as usize] += 1;
    }
    c
}

/// ROUGE-L of a peer against one model (`lcs`): each model sentence is marked with its union
/// LCS against every peer sentence; a marked token counts while both the model's and the
/// peer's whole-text unigram budgets for it last, and uses one of each.
/// `R = hit / Σ|model sentences|`; the `-f B` score is that ratio unrounded.
pub fn lcs_stat(
    model_sents: &[Vec<u32>],
    peer: &[BitMatcher],
    model_budget: &mut [i32],
    peer_budget: &mut [i32],
    peer_total: usize,
    rows: &mut Vec<u64>,
) -> ModelStat {
    let mut hit = 0usize;
    let mut base = 0usize;
    let mut mask = Vec::new();
    for s in model_sents {
        base += s.len();
        mask.clear();
        mask.resize(s.len(), false);
        for p in peer {
            p.mark_lcs(s, &mut mask, rows);
        }
        for (j, &t) in s.iter().enumerate() {
            let t = t as usize;
            if mask[j] && model_budget[t] > 0 && peer_budget[t] > 0 {
                hit += 1;
                model_budget[t] -= 1;
                peer_budget[t] -= 1;
            }
        }
    }
    let score = if base > 0 { hit as f64 / base as f64 } else { 0.0 };
    ModelStat { hit: hit as f64, model_total: base as f64, peer_total: peer_total as f64, score }
}

/// `f(k) = k^w` for k = 0..=max, as Perl's `$r**$power` (C `pow`).
pub fn weight_table(max: usize, w: f64) -> Vec<f64> {
    (0..=max + 1).map(|k| (k as f64).powf(w)).collect()
}

/// ROUGE-W of a peer against one model (`wlcs`), with both quirks of ROUGE-1.5.5: the hit is
/// `Σ f(run)` over runs of consecutive marked positions, where a position failing the unigram
/// clip neither counts nor breaks a run and a run is only added when the next position is
/// unmarked or the sentence ends; and the model total is `f(Σ_i f(|s_i|))` (f applied twice)
/// while the peer total is `f(|peer|)`. The `-f B` score is `(hit / Σ_i f(|s_i|))^(1/w)`.
#[allow(clippy::too_many_arguments)]
pub fn wlcs_stat(
    model_sents: &[Vec<u32>],
    peer_sents: &[Vec<u32>],
    model_budget: &mut [i32],
    peer_budget: &mut [i32],
    peer_total: usize,
    w: f64,
    f: &[f64],
    sc: &mut WlcsScratch,
) -> ModelStat {
    let mut hit = 0.0f64;
    let mut base = 0.0f64;
    let mut mask = Vec::new();
    for s in model_sents {
        base += f[s.len()];
        mask.clear();
        mask.resize(s.len(), false);
        for p in peer_sents {
            wlcs_mark(s, p, f, &mut mask, sc);
        }
        let mut run = 0usize;
        for (j, &t) in s.iter().enumerate() {
            let t = t as usize;
            if mask[j] && model_budget[t] > 0 && peer_budget[t] > 0 {
                run += 1;
                if (j + 1 < s.len() && !mask[j + 1]) || j + 1 == s.len() {
                    hit += f[run];
                    run = 0;
                }
                model_budget[t] -= 1;
                peer_budget[t] -= 1;
            }
        }
    }
    // Perl dies dividing by a zero base (a model without tokens); 0 is the only sane score.
    let score = if base != 0.0 { (hit / base).powf(1.0 / w) } else { 0.0 };
    ModelStat { hit, model_total: base.powf(w), peer_total: (peer_total as f64).powf(w), score }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn su_skips_the_last_unigram() {
        let b = skip_bigram_bag(&[1, 2, 3], Some(0), true);
        // pairs (1,2), (2,3) and unigrams 1, 2 (not 3)
        assert_eq!(b.total, 4);
        assert_eq!(skip_bigram_bag(&[7], None, true).total, 0);
        assert_eq!(skip_bigram_bag(&[1, 2, 3, 4], None, false).total, 6);
        assert_eq!(skip_bigram_bag(&[1, 2, 3, 4], Some(1), false).total, 5);
        for n in 0..12 {
            let t: Vec<u32> = (0..n).collect();
            for gap in [None, Some(0), Some(2), Some(20)] {
                for su in [false, true] {
                    assert_eq!(skip_bigram_bag(&t, gap, su).total, skip_bigram_total(n as usize, gap, su));
                }
            }
        }
    }

    #[test]
    fn streaming_unlimited_skip_bigrams_equal_the_materialised_count() {
        let mut x = 12345u64;
        let mut rand = |k: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % k) as u32
        };
        for _ in 0..50 {
            let a: Vec<u32> = (0..rand(40)).map(|_| rand(6)).collect();
            let b: Vec<u32> = (0..rand(40)).map(|_| rand(6)).collect();
            for su in [false, true] {
                let want = count_stat(&skip_bigram_bag(&a, None, su), &skip_bigram_bag(&b, None, su));
                assert_eq!(unlimited_skip_stat(&a, &b, su), want);
            }
        }
    }

    #[test]
    fn wlcs_identical_sentence_quirk() {
        // "a b c d" against itself: R = 0.75786, P = 1 in ROUGE-1.5.5 (f applied twice).
        let s = vec![vec![0u32, 1, 2, 3]];
        let f = weight_table(8, 1.2);
        let (mut mb, mut pb) = (vec![1; 4], vec![1; 4]);
        let st = wlcs_stat(&s, &s, &mut mb, &mut pb, 4, 1.2, &f, &mut WlcsScratch::default());
        let r = (st.hit / st.model_total).powf(1.0 / 1.2);
        let p = (st.hit / st.peer_total).powf(1.0 / 1.2);
        assert_eq!(format!("{r:.5} {p:.5}"), "0.75786 1.00000");
    }

    #[test]
    fn lcs_clips_with_unigram_budgets() {
        // model "a a" vs peer "a": the union LCS marks one position; budgets allow one hit.
        let model = vec![vec![0u32, 0]];
        let peer = [BitMatcher::new(&[0u32])];
        let (mut mb, mut pb) = (vec![2], vec![1]);
        let st = lcs_stat(&model, &peer, &mut mb, &mut pb, 1, &mut Vec::new());
        assert_eq!((st.hit, st.model_total, st.peer_total), (1.0, 2.0, 1.0));
    }
}
