//! chrF from statistics, with sacrebleu's floating-point operations in sacrebleu's order.
//!
//! Per order: precision and recall (epsilon `1e-16` when the hypothesis or reference has no
//! n-gram of that order) and their F-beta. By default the precisions and recalls of the orders
//! where both sides have n-grams are averaged and one F-beta is taken of the averages (sacrebleu's
//! effective order); with `eps_smoothing` the score is the mean of the per-order F-betas (chrF++.py,
//! NLTK, Moses). Scores are on the 0-100 scale.

const EPS: f64 = 1e-16;

/// chrF of integer statistics (`[hyp, ref, match]` per order), as sacrebleu computes it in Python
/// floats.
pub fn f_score(stats: &[u64], beta: f64, eps_smoothing: bool) -> f64 {
    let factor = beta * beta;
    let orders = stats.len() / 3;
    let (mut score, mut avg_prec, mut avg_rec, mut effective) = (0.0f64, 0.0f64, 0.0f64, 0u32);
    for st in stats.chunks_exact(3) {
        let (h, r, m) = (st[0], st[1], st[2]);
        let prec = if h > 0 { m as f64 / h as f64 } else { EPS };
        let rec = if r > 0 { m as f64 / r as f64 } else { EPS };
        let denom = factor * prec + rec;
        score += if denom > 0.0 { (1.0 + factor) * prec * rec / denom } else { EPS };
        if h > 0 && r > 0 {
            avg_prec += prec;
            avg_rec += rec;
            effective += 1;
        }
    }
    if eps_smoothing {
        return 100.0 * score / orders as f64;
    }
    if effective == 0 {
        return 0.0;
    }
    avg_prec /= effective as f64;
    avg_rec /= effective as f64;
    if avg_prec + avg_rec != 0.0 {
        let mut s = (1.0 + factor) * avg_prec * avg_rec;
        s /= factor * avg_prec + avg_rec;
        100.0 * s
    } else {
        0.0
    }
}

/// A number in sacrebleu's bootstrap arithmetic: NumPy float32 statistics mixed with Python
/// floats and ints, which NumPy 2 treats as "weak" (converted to float32 when they meet one).
#[derive(Clone, Copy, Debug)]
enum Num {
    Py(f64),
    F32(f32),
}

impl Num {
    #[inline]
    fn op(self, o: Num, f: fn(f64, f64) -> f64, g: fn(f32, f32) -> f32) -> Num {
        match (self, o) {
            (Num::Py(a), Num::Py(b)) => Num::Py(f(a, b)),
            (Num::Py(a), Num::F32(b)) => Num::F32(g(a as f32, b)),
            (Num::F32(a), Num::Py(b)) => Num::F32(g(a, b as f32)),
            (Num::F32(a), Num::F32(b)) => Num::F32(g(a, b)),
        }
    }
    fn add(self, o: Num) -> Num {
        self.op(o, |a, b| a + b, |a, b| a + b)
    }
    fn mul(self, o: Num) -> Num {
        self.op(o, |a, b| a * b, |a, b| a * b)
    }
    fn div(self, o: Num) -> Num {
        self.op(o, |a, b| a / b, |a, b| a / b)
    }
    fn value(self) -> f64 {
        match self {
            Num::Py(a) => a,
            Num::F32(a) => a as f64,
        }
    }
    fn is_f32(self) -> bool {
        matches!(self, Num::F32(_))
    }
}

/// chrF of float32 statistics as sacrebleu's bootstrap computes it (NumPy 2 promotion rules).
/// Returns the score and whether it is a float32 (sacrebleu returns a Python `0.0` in some cases).
pub fn f_score_f32(stats: &[f32], beta: f64, eps_smoothing: bool) -> (f64, bool) {
    let factor = Num::Py(beta * beta);
    let one_plus = Num::Py(1.0 + beta * beta);
    let eps = Num::Py(EPS);
    let orders = stats.len() / 3;
    let (mut score, mut avg_prec, mut avg_rec, mut effective) =
        (Num::Py(0.0), Num::Py(0.0), Num::Py(0.0), 0u32);
    for st in stats.chunks_exact(3) {
        let (h, r, m) = (st[0], st[1], st[2]);
        let prec = if h > 0.0 { Num::F32(m / h) } else { eps };
        let rec = if r > 0.0 { Num::F32(m / r) } else { eps };
        let denom = factor.mul(prec).add(rec);
        score = score.add(if denom.value() > 0.0 { one_plus.mul(prec).mul(rec).div(denom) } else { eps });
        if h > 0.0 && r > 0.0 {
            avg_prec = avg_prec.add(prec);
            avg_rec = avg_rec.add(rec);
            effective += 1;
        }
    }
    let out = if eps_smoothing {
        Num::Py(100.0).mul(score).div(Num::Py(orders as f64))
    } else {
        if effective == 0 {
            avg_prec = Num::Py(0.0);
            avg_rec = Num::Py(0.0);
        } else {
            avg_prec = avg_prec.div(Num::Py(effective as f64));
            avg_rec = avg_rec.div(Num::Py(effective as f64));
        }
        if avg_prec.add(avg_rec).value() != 0.0 {
            let s = one_plus.mul(avg_prec).mul(avg_rec);
            let s = s.div(factor.mul(avg_prec).add(avg_rec));
            Num::Py(100.0).mul(s)
        } else {
            Num::Py(0.0)
        }
    };
    (out.value(), out.is_f32())
}

/// Bootstrap resample scores (sacrebleu's `_bootstrap_resample`): for each row of `idx`
/// (`n_samples x n` segment indices) the statistics of those segments summed in float32, one
/// segment after the other as NumPy sums axis 0, then scored by [`f_score_f32`].
pub fn bootstrap_scores(
    stats: &[u64],
    k: usize,
    idx: &[u32],
    n: usize,
    beta: f64,
    eps_smoothing: bool,
    workers: Option<usize>,
) -> Vec<(f64, bool)> {
    use crate::kernels::resample::{float32, resample_scores};
    resample_scores(&float32(stats), k, idx, n, workers, |acc| f_score_f32(acc, beta, eps_smoothing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_and_disjoint() {
        assert_eq!(f_score(&[3, 3, 3, 2, 2, 2], 2.0, false), 100.0);
        assert_eq!(f_score(&[3, 3, 0, 2, 2, 0], 2.0, false), 0.0);
        assert_eq!(f_score(&[0, 0, 0], 2.0, false), 0.0);
        assert!(f_score(&[0, 0, 0], 2.0, true) > 0.0);
    }

    #[test]
    fn float32_path_agrees_on_small_counts() {
        let st = [10u64, 12, 7, 9, 11, 4, 8, 10, 2];
        let f: Vec<f32> = st.iter().map(|&v| v as f32).collect();
        let (a, is32) = f_score_f32(&f, 2.0, false);
        assert!(is32);
        assert!((a - f_score(&st, 2.0, false)).abs() < 1e-4);
    }
}
