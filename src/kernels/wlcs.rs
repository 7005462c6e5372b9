//! Weighted longest common subsequence (ROUGE-W; Lin 2004 §3.3, Figure 2).
//!
//! The DP keeps, besides the score `c[i][j]`, the length `w[i][j]` of the run of consecutive
//! matches ending at (i, j); a match extends the run and adds `f(k+1) - f(k)`, so a run of
//! length k contributes `f(k)` in total and consecutive matches are rewarded when `f` is
//! super-linear. With `f(k) = k^weight`, `weight > 1`.
//!
//! Memory: two rows of each table (O(length)); time: the whole table, polled for Ctrl-C
//! (`crate::control::Poller`) as it goes.

/// `f(k) = k^weight`, the weighting function of ROUGE-W (ROUGE-1.5.5 `-w weight`).
#[inline]
pub fn weight_fn(k: f64, weight: f64) -> f64 {
    k.powf(weight)
}

/// `f⁻¹(x) = x^(1/weight)`.
#[inline]
pub fn weight_fn_inverse(x: f64, weight: f64) -> f64 {
    x.powf(1.0 / weight)
}

/// The WLCS score of `x` and `y` with `f(k) = k^weight` (Lin 2004 Figure 2). Symmetric in value.
pub fn wlcs(x: &[u32], y: &[u32], weight: f64) -> f64 {
    if x.is_empty() || y.is_empty() {
        return 0.0;
    }
    // gain[k] = f(k+1) - f(k): the increment for extending a run of length k.
    let longest = x.len().min(y.len());
    let gain: Vec<f64> =
        (0..=longest).map(|k| weight_fn((k + 1) as f64, weight) - weight_fn(k as f64, weight)).collect();
    let n = y.len();
    let (mut c_prev, mut c_cur) = (vec![0.0f64; n + 1], vec![0.0f64; n + 1]);
    let (mut w_prev, mut w_cur) = (vec![0usize; n + 1], vec![0usize; n + 1]);
    let mut poller = crate::control::Poller::default();
    for &xi in x {
        poller.tick(n);
        c_cur[0] = 0.0;
        w_cur[0] = 0;
        for j in 1..=n {
            if xi == y[j - 1] {
                let k = w_prev[j - 1];
                c_cur[j] = c_prev[j - 1] + gain[k];
                w_cur[j] = k + 1;
            } else if c_prev[j] > c_cur[j - 1] {
                c_cur[j] = c_prev[j];
                w_cur[j] = 0;
            } else {
                c_cur[j] = c_cur[j - 1];
                w_cur[j] = 0;
            }
        }
        std::mem::swap(&mut c_prev, &mut c_cur);
        std::mem::swap(&mut w_prev, &mut w_cur);
    }
    c_prev[n]
}

/// ROUGE-W recall and precision (Lin 2004 eq. 10–11): `R = f⁻¹(WLCS / f(|reference|))`,
/// `P = f⁻¹(WLCS / f(|candidate|))`; zero for empty texts.
pub fn wlcs_recall_precision(reference: &[u32], candidate: &[u32], weight: f64) -> (f64, f64) {
    if reference.is_empty() || candidate.is_empty() {
        return (0.0, 0.0);
    }
    let score = wlcs(reference, candidate, weight);
    let r = weight_fn_inverse(score / weight_fn(reference.len() as f64, weight), weight);
    let p = weight_fn_inverse(score / weight_fn(candidate.len() as f64, weight), weight);
    (r, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_example_prefers_consecutive_matches() {
        // Lin 2004 §3.3: X = [A B C D E F G], Y1 = [A B C D H I K], Y2 = [A H B K C I D].
        let x = [1, 2, 3, 4, 5, 6, 7];
        let y1 = [1, 2, 3, 4, 8, 9, 10];
        let y2 = [1, 8, 2, 10, 3, 9, 4];
        // f(k) = k^2: Y1 has one run of 4 (16), Y2 four runs of 1 (4).
        assert_eq!(wlcs(&x, &y1, 2.0), 16.0);
        assert_eq!(wlcs(&x, &y2, 2.0), 4.0);
        let (r1, _) = wlcs_recall_precision(&x, &y1, 2.0);
        let (r2, _) = wlcs_recall_precision(&x, &y2, 2.0);
        assert!((r1 - 4.0 / 7.0).abs() < 1e-15 && (r2 - 2.0 / 7.0).abs() < 1e-15);
    }

    #[test]
    fn weight_one_is_plain_lcs() {
        let a = [1, 2, 3, 1, 2, 4, 5];
        let b = [2, 1, 3, 2, 4, 1, 5];
        assert_eq!(wlcs(&a, &b, 1.0), crate::kernels::lcs::lcs_len(&a, &b) as f64);
        assert_eq!(wlcs_recall_precision(&[], &b, 1.2), (0.0, 0.0));
    }

    #[test]
    fn identical_texts_score_one() {
        let a = [5, 6, 7, 8];
        let (r, p) = wlcs_recall_precision(&a, &a, 1.2);
        assert!((r - 1.0).abs() < 1e-15 && (p - 1.0).abs() < 1e-15);
    }
}
