//! What sacrebleu computes from resample scores with NumPy, in NumPy's own arithmetic: the mean of
//! `np.mean` (pairwise summation, then one division), the 95% interval of
//! `estimate_ci` (sorted scores, the 1/40 quantiles) and the p-value of `_compute_p_value` on the
//! centred absolute differences of paired resamples. Exact to the last bit, so reports match.

/// NumPy's `pairwise_sum` of a contiguous run: plain below 8 values, 8 interleaved accumulators up
/// to 128, else the two halves (the first a multiple of 8 long) summed recursively.
fn pairwise_sum(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        let mut res = 0.0;
        for &x in a {
            res += x;
        }
        res
    } else if n <= 128 {
        let mut r = [0.0; 8];
        r.copy_from_slice(&a[..8]);
        let body = n - n % 8;
        for chunk in a[8..body].chunks_exact(8) {
            for j in 0..8 {
                r[j] += chunk[j];
            }
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for &x in &a[body..] {
            res += x;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        pairwise_sum(&a[..n2]) + pairwise_sum(&a[n2..])
    }
}

/// `np.add.reduce` of a contiguous float64 array: its pairwise sum.
pub fn numpy_sum(a: &[f64]) -> f64 {
    pairwise_sum(a)
}

/// `np.mean` of a non-empty float64 array.
pub fn numpy_mean(a: &[f64]) -> f64 {
    numpy_sum(a) / a.len() as f64
}

/// sacrebleu's `estimate_ci`: the mean of the scores and half the width of the interval between
/// the sorted scores at `n // 40` and `n - n // 40 - 1`. `None` for no scores.
pub fn estimate_ci(scores: &[f64]) -> Option<(f64, f64)> {
    if scores.is_empty() {
        return None;
    }
    let mut s = scores.to_vec();
    // NumPy sorts NaN last; scores are never NaN, but a total order keeps the sort defined.
    s.sort_by(|a, b| a.total_cmp(b));
    let n = s.len();
    let lower = n / 40;
    Some((numpy_mean(&s), 0.5 * (s[n - lower - 1] - s[lower])))
}

/// sacrebleu's paired-bootstrap p-value: with `d = |system - baseline|` per resample, the share of
/// `d - mean(d)` strictly above the real difference, plus one on both sides (multeval's rule).
pub fn paired_p_value(system: &[f64], baseline: &[f64], real_difference: f64) -> f64 {
    let d: Vec<f64> = system.iter().zip(baseline).map(|(s, b)| (s - b).abs()).collect();
    let mean = if d.is_empty() { 0.0 } else { numpy_mean(&d) };
    let above = d.iter().filter(|&&x| x - mean > real_difference).count();
    (above + 1) as f64 / (d.len() + 1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NumPy's algorithm written out with explicit recursion points, for small cases by hand.
    #[test]
    fn pairwise_order_is_numpys() {
        // Below 8: left to right.
        let a = [1e16, 1.0, -1e16, 1.0];
        assert_eq!(numpy_sum(&a), ((1e16 + 1.0) + -1e16) + 1.0);
        // 9 values: 8 accumulators combined as a tree, then the ninth.
        let b: Vec<f64> = (0..9).map(|i| if i % 2 == 0 { 1e16 } else { 1.0 }).collect();
        let tree = ((b[0] + b[1]) + (b[2] + b[3])) + ((b[4] + b[5]) + (b[6] + b[7]));
        assert_eq!(numpy_sum(&b), tree + b[8]);
        // Above 128 the halves split at a multiple of 8.
        let c: Vec<f64> = (0..300).map(|i| (i as f64).sin() * 1e10).collect();
        assert_eq!(numpy_sum(&c), pairwise_sum(&c[..144]) + pairwise_sum(&c[144..]));
    }

    #[test]
    fn interval_and_p_value() {
        let scores: Vec<f64> = (0..1000).rev().map(|i| i as f64 / 10.0).collect();
        let (mean, ci) = estimate_ci(&scores).unwrap();
        assert!((mean - 49.95).abs() < 1e-9);
        // Sorted: 0.0 .. 99.9; quantiles at 25 and 974.
        assert_eq!(ci, 0.5 * (97.4 - 2.5));
        assert_eq!(estimate_ci(&[]), None);
        let sys = [1.0, 2.0, 3.0];
        let bl = [1.0, 1.0, 1.0];
        // |d| = 0, 1, 2; mean 1; centred -1, 0, 1; above 0.5: one.
        assert_eq!(paired_p_value(&sys, &bl, 0.5), 2.0 / 4.0);
    }
}
