//! Precision, recall and the F-measure.

/// Precision, recall and F-measure of one comparison.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub fmeasure: f64,
}

impl Prf {
    /// `hits / candidate_total` and `hits / reference_total`, each denominator floored at 1
    /// (rouge_score's `max(count, 1)`), with the balanced F1.
    pub fn from_counts(hits: usize, candidate_total: usize, reference_total: usize) -> Prf {
        let precision = hits as f64 / candidate_total.max(1) as f64;
        let recall = hits as f64 / reference_total.max(1) as f64;
        Prf { precision, recall, fmeasure: f1(precision, recall) }
    }
}

/// rouge_score's `scoring.fmeasure`: `2 * p * r / (p + r)`, or 0 when `p + r == 0`.
/// Evaluated in the same order as Python for bit-identical results.
#[inline]
pub fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

/// Van Rijsbergen's weighted F with recall weight `alpha` (ROUGE-1.5.5 `-p`):
/// `F = P·R / ((1 - alpha)·P + alpha·R)`; `alpha = 0.5` is F1. Zero when the denominator is zero.
#[inline]
pub fn f_alpha(precision: f64, recall: f64, alpha: f64) -> f64 {
    let denom = (1.0 - alpha) * precision + alpha * recall;
    if denom > 0.0 {
        precision * recall / denom
    } else {
        0.0
    }
}

/// F-beta (Lin 2004 eq. 4, MATLAB's `Beta`): `(1 + β²)·P·R / (R + β²·P)`; zero when undefined.
#[inline]
pub fn f_beta(precision: f64, recall: f64, beta: f64) -> f64 {
    let b2 = beta * beta;
    let denom = recall + b2 * precision;
    if denom > 0.0 {
        (1.0 + b2) * precision * recall / denom
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f_measures_agree_on_the_balanced_case() {
        let (p, r) = (0.75, 0.6);
        let f = f1(p, r);
        assert!((f - 2.0 / 3.0).abs() < 1e-15);
        assert!((f_alpha(p, r, 0.5) - f).abs() < 1e-15);
        assert!((f_beta(p, r, 1.0) - f).abs() < 1e-15);
        assert_eq!(f1(0.0, 0.0), 0.0);
        assert_eq!(f_alpha(0.0, 0.0, 0.5), 0.0);
        assert_eq!(f_beta(0.0, 0.0, 2.0), 0.0);
    }

    #[test]
    fn counts_floor_denominators_at_one() {
        let s = Prf::from_counts(0, 0, 0);
        assert_eq!((s.precision, s.recall, s.fmeasure), (0.0, 0.0, 0.0));
        let s = Prf::from_counts(2, 4, 8);
        assert_eq!((s.precision, s.recall), (0.5, 0.25));
    }
}
