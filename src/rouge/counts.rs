//! Per-type sufficient statistics of one (reference, candidate) comparison, and turning them
//! into precision, recall and F. Multi-reference pooling and micro-averaging sum these counts.
use crate::kernels::fmeasure::{f1, f_alpha, Prf};
use crate::kernels::lcs::{lcs_len, union_lcs_hits};
use crate::kernels::ngram::{clipped_overlap_below, NgramKeys};
use crate::kernels::skip_bigram;
use crate::kernels::wlcs::{weight_fn, weight_fn_inverse, wlcs};
use crate::rouge::prepare::Prepared;
use crate::rouge::types::RougeType;

/// `recall = g(hits / reference_total)`, `precision = g(hits / candidate_total)`, where `g` is
/// the identity, or `f⁻¹` for ROUGE-W (where the totals are `f(length)`, Lin 2004 eq. 10–11).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Counts {
    pub hits: f64,
    pub reference_total: f64,
    pub candidate_total: f64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.hits += o.hits;
        self.reference_total += o.reference_total;
        self.candidate_total += o.candidate_total;
    }
}

/// How F is computed from P and R.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FWeight {
    /// rouge_score's `2PR / (P + R)`, evaluated in its order for bit-identical results.
    F1,
    /// ROUGE-1.5.5's `-p alpha`: `PR / ((1 - alpha) P + alpha R)`; `beta` maps to `1 / (1 + beta²)`.
    Alpha(f64),
}

impl FWeight {
    pub fn f(&self, precision: f64, recall: f64) -> f64 {
        match *self {
            FWeight::F1 => f1(precision, recall),
            FWeight::Alpha(a) => f_alpha(precision, recall, a),
        }
    }
}

/// Scratch space reused across the comparisons of one unit.
#[derive(Default)]
pub struct Scratch {
    keys: NgramKeys,
    a: Vec<u64>,
    b: Vec<u64>,
}

impl Scratch {
    /// Scratch for texts whose token ids are all `< vocab` (compact n-gram keys).
    pub fn with_vocab(vocab: u32) -> Self {
        Scratch { keys: NgramKeys::with_vocab(vocab), ..Default::default() }
    }

    /// Ready for a new unit whose token ids are all `< vocab`, keeping the allocations.
    pub fn reset(&mut self, vocab: u32) {
        self.keys.reset(vocab);
    }

    /// Free buffers grown past `max` entries.
    pub fn trim(&mut self, max: usize) {
        if self.a.capacity() > max || self.b.capacity() > max {
            *self = Scratch::default();
        }
        self.keys.trim(max);
    }
}

/// The counts of one rouge type for a (reference, candidate) pair of prepared texts.
pub fn counts(ty: RougeType, reference: &Prepared, candidate: &Prepared, s: &mut Scratch) -> Counts {
    let (r, c) = (&reference.tokens, &candidate.tokens);
    let int = |hits: usize, rt: usize, ct: usize| Counts {
        hits: hits as f64,
        reference_total: rt as f64,
        candidate_total: ct as f64,
    };
    match ty {
        RougeType::N(n) => {
            s.keys.keys(r, n, &mut s.a);
            s.keys.keys(c, n, &mut s.b);
            int(clipped_overlap_below(&s.a, &s.b, s.keys.bound(n)), s.a.len(), s.b.len())
        }
        RougeType::L => int(lcs_len(r, c), r.len(), c.len()),
        RougeType::Lsum => {
            let rs: Vec<&[u32]> = reference.sentences.iter().map(|x| x.as_slice()).collect();
            let cs: Vec<&[u32]> = candidate.sentences.iter().map(|x| x.as_slice()).collect();
            let (m, n) = (rs.iter().map(|x| x.len()).sum(), cs.iter().map(|x| x.len()).sum());
            if m == 0 || n == 0 {
                return int(0, m, n);
            }
            if let ([r], [c]) = (&rs[..], &cs[..]) {
                // One sentence each: the union is the one LCS, whose tokens pair up distinct
                // occurrences on both sides, so clipping removes nothing.
                return int(lcs_len(r, c), m, n);
            }
            int(union_lcs_hits(&rs, &cs), m, n)
        }
        RougeType::W(w) => Counts {
            hits: wlcs(r, c, w),
            reference_total: weight_fn(r.len() as f64, w),
            candidate_total: weight_fn(c.len() as f64, w),
        },
        RougeType::S(d) => int(
            skip_bigram::hits_with(r, c, d, &mut s.a, &mut s.b),
            skip_bigram::total(r.len(), d),
            skip_bigram::total(c.len(), d),
        ),
        RougeType::SU(d) => {
            s.keys.keys(r, 1, &mut s.a);
            s.keys.keys(c, 1, &mut s.b);
            let unigrams = clipped_overlap_below(&s.a, &s.b, s.keys.bound(1));
            int(
                skip_bigram::hits_with(r, c, d, &mut s.a, &mut s.b) + unigrams,
                skip_bigram::total(r.len(), d) + r.len(),
                skip_bigram::total(c.len(), d) + c.len(),
            )
        }
    }
}

/// Precision, recall and F from counts. A zero total gives a zero ratio (rouge_score's
/// `max(total, 1)` floor).
pub fn finish(ty: RougeType, c: Counts, weight: FWeight) -> Prf {
    let ratio = |total: f64| if total > 0.0 { c.hits / total } else { 0.0 };
    let (mut precision, mut recall) = (ratio(c.candidate_total), ratio(c.reference_total));
    if let RougeType::W(w) = ty {
        precision = weight_fn_inverse(precision, w);
        recall = weight_fn_inverse(recall, w);
    }
    Prf { precision, recall, fmeasure: weight.f(precision, recall) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::skip_bigram::SkipDistance;

    fn prep(tokens: &[u32]) -> Prepared {
        Prepared { tokens: tokens.to_vec(), sentences: vec![tokens.to_vec()] }
    }

    #[test]
    fn paper_s_and_su_examples() {
        // Lin 2004 §5: S1 vs S2 "police killed the gunman" / "police kill the gunman".
        let s1 = prep(&[1, 2, 3, 4]);
        let s2 = prep(&[1, 5, 3, 4]);
        let mut s = Scratch::default();
        let skip = counts(RougeType::S(SkipDistance::Unlimited), &s1, &s2, &mut s);
        assert_eq!((skip.hits, skip.reference_total), (3.0, 6.0));
        let prf = finish(RougeType::S(SkipDistance::Unlimited), skip, FWeight::F1);
        assert_eq!(prf.recall, 0.5);
        let su = counts(RougeType::SU(SkipDistance::Unlimited), &s1, &s2, &mut s);
        assert_eq!((su.hits, su.reference_total), (6.0, 10.0));
    }

    #[test]
    fn alpha_half_equals_f1() {
        let c = Counts { hits: 3.0, reference_total: 7.0, candidate_total: 5.0 };
        let a = finish(RougeType::N(1), c, FWeight::F1);
        let b = finish(RougeType::N(1), c, FWeight::Alpha(0.5));
        assert!((a.fmeasure - b.fmeasure).abs() < 1e-15);
    }
}
