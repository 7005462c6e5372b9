//! Combining the scores of one candidate against several references, and jackknifing.
use crate::kernels::fmeasure::Prf;
use crate::options::Vocabulary;
use crate::rouge::counts::{finish, Counts, FWeight};
use crate::rouge::types::RougeType;

/// How several references are combined into one score (per rouge type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MultiRef {
    /// The reference with the highest F (first on ties): rouge_score's `score_multi`, MATLAB.
    Max,
    /// Counts summed over references (ROUGE-1.5.5 `-f A`): `R = Σ hits / Σ |ref|`,
    /// `P = Σ hits / (M · |cand|)`.
    Pooled,
    /// The reference with the highest recall (first on ties), as ROUGE-1.5.5 `-f B` picks it.
    BestRecall,
    /// The mean of the per-reference precision, recall and F.
    Mean,
}

impl Vocabulary for MultiRef {
    const ARGUMENT: &'static str = "multi_ref";
    const WHAT: &'static str = "multi-reference mode";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("max", MultiRef::Max),
        ("pooled", MultiRef::Pooled),
        ("best-recall", MultiRef::BestRecall),
        ("mean", MultiRef::Mean),
    ];
}

impl MultiRef {
    /// Whether the combined score has counts behind it (needed for micro-averaging).
    pub fn has_counts(&self) -> bool {
        !matches!(self, MultiRef::Mean)
    }
}

/// One rouge type's score of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TypeScore {
    pub prf: Prf,
    /// rouge_score returns the Python ints `Score(0, 0, 0)` (not floats) for rougeL/rougeLsum
    /// when either side has no tokens; callers that build Python objects mirror that.
    pub int_zero: bool,
    /// The counts behind `prf` (the chosen reference's, or the pooled ones), when there are any.
    pub counts: Option<Counts>,
}

fn single(ty: RougeType, c: Counts, weight: FWeight) -> TypeScore {
    let empty = c.reference_total == 0.0 || c.candidate_total == 0.0;
    TypeScore { prf: finish(ty, c, weight), int_zero: ty.int_zero_when_empty() && empty, counts: Some(c) }
}

fn first_max(scores: &[TypeScore], key: impl Fn(&TypeScore) -> f64) -> TypeScore {
    let mut best = scores[0];
    for s in &scores[1..] {
        if key(s) > key(&best) {
            best = *s;
        }
    }
    best
}

/// Combine the per-reference counts of one type (at least one reference).
pub fn combine(ty: RougeType, mode: MultiRef, per_ref: &[Counts], weight: FWeight) -> TypeScore {
    debug_assert!(!per_ref.is_empty());
    if per_ref.len() == 1 {
        return single(ty, per_ref[0], weight);
    }
    let scores = || per_ref.iter().map(|c| single(ty, *c, weight)).collect::<Vec<_>>();
    match mode {
        MultiRef::Max => first_max(&scores(), |s| s.prf.fmeasure),
        MultiRef::BestRecall => first_max(&scores(), |s| s.prf.recall),
        MultiRef::Pooled => {
            let mut total = Counts::default();
            per_ref.iter().for_each(|c| total += *c);
            TypeScore { int_zero: false, ..single(ty, total, weight) }
        }
        MultiRef::Mean => {
            let s = scores();
            TypeScore { prf: mean_prf(s.iter().map(|x| x.prf)), int_zero: false, counts: None }
        }
    }
}

/// Leave-one-out jackknifing (Lin 2004 §2.1): the mean over k of the score against all
/// references but the k-th. With a single reference it is the plain score.
pub fn jackknife(ty: RougeType, mode: MultiRef, per_ref: &[Counts], weight: FWeight) -> TypeScore {
    if per_ref.len() < 2 {
        return combine(ty, mode, per_ref, weight);
    }
    let mut rest = Vec::with_capacity(per_ref.len() - 1);
    let folds = (0..per_ref.len()).map(|k| {
        rest.clear();
        rest.extend(per_ref.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, c)| *c));
        combine(ty, mode, &rest, weight).prf
    });
    let prf = mean_prf(folds.collect::<Vec<_>>().into_iter());
    TypeScore { prf, int_zero: false, counts: None }
}

fn mean_prf(items: impl Iterator<Item = Prf>) -> Prf {
    let (mut n, mut sum) = (0usize, Prf::default());
    for p in items {
        n += 1;
        sum.precision += p.precision;
        sum.recall += p.recall;
        sum.fmeasure += p.fmeasure;
    }
    let k = n.max(1) as f64;
    Prf { precision: sum.precision / k, recall: sum.recall / k, fmeasure: sum.fmeasure / k }
}

#[cfg(test)]
mod tests {
    use super::*;

    const N1: RougeType = RougeType::N(1);

    fn c(h: f64, r: f64, p: f64) -> Counts {
        Counts { hits: h, reference_total: r, candidate_total: p }
    }

    #[test]
    fn modes_combine_as_documented() {
        // Candidate of 4 tokens; reference A: 2 hits of 4, B: 3 hits of 6.
        let refs = [c(2.0, 4.0, 4.0), c(3.0, 6.0, 4.0)];
        let w = FWeight::F1;
        // F: A = 0.5, B = 0.6 -> max picks B; recall A = 0.5 = B -> best-recall keeps A.
        assert_eq!(combine(N1, MultiRef::Max, &refs, w).prf.precision, 0.75);
        assert_eq!(combine(N1, MultiRef::BestRecall, &refs, w).prf.precision, 0.5);
        let pooled = combine(N1, MultiRef::Pooled, &refs, w).prf;
        assert_eq!((pooled.recall, pooled.precision), (0.5, 5.0 / 8.0));
        let mean = combine(N1, MultiRef::Mean, &refs, w).prf;
        assert_eq!(mean.precision, 0.625);
    }

    #[test]
    fn jackknife_averages_leave_one_out_scores() {
        let refs = [c(1.0, 2.0, 2.0), c(2.0, 2.0, 2.0), c(0.0, 2.0, 2.0)];
        // Max over the remaining pair: {B,C} -> 1.0, {A,C} -> 0.5, {A,B} -> 1.0.
        let j = jackknife(N1, MultiRef::Max, &refs, FWeight::F1).prf;
        assert!((j.recall - 2.5 / 3.0).abs() < 1e-15);
        assert_eq!(jackknife(N1, MultiRef::Max, &refs[..1], FWeight::F1).prf.recall, 0.5);
        assert!(MultiRef::parse("avg").is_err());
    }
}
