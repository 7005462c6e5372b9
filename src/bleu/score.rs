//! BLEU from summed sufficient statistics, with sacrebleu's smoothing and effective order
//! (Papineni et al. 2002 eq. 1-2; smoothing methods 1-3 of Chen & Cherry 2014; sacrebleu
//! `BLEU.compute_bleu`): precisions in percent, a `-9999999999` stand-in for `log(0)` (so an
//! unsmoothed zero order gives exactly 0 through `exp` underflow), and a plain left-to-right sum
//! of the logs, so the floating-point result is the same double as sacrebleu's.
use std::ops::{Add, Div, Mul};

use crate::error::Result;
use crate::options::Vocabulary;

/// sacrebleu's smoothing methods.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Smooth {
    /// No smoothing: a zero order makes the score 0.
    None,
    /// A zero count is replaced by the value (default 0.1).
    Floor(f64),
    /// The value (default 1) is added to counts and totals of orders 2 and up.
    AddK(f64),
    /// NIST geometric smoothing: the k-th zero order counts as 1/2^k of a match.
    Exp,
}

/// The names of the smoothing methods, without their values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmoothMethod {
    None,
    Floor,
    AddK,
    Exp,
}

impl Vocabulary for SmoothMethod {
    const ARGUMENT: &'static str = "smooth_method";
    const WHAT: &'static str = "smoothing method";
    // sacrebleu's order (`BLEU.SMOOTH_DEFAULTS`), which its command lists.
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("none", SmoothMethod::None),
        ("floor", SmoothMethod::Floor),
        ("add-k", SmoothMethod::AddK),
        ("exp", SmoothMethod::Exp),
    ];
}

impl Smooth {
    /// Parse a method name with an optional value (the method's default when `None`).
    pub fn parse(method: &str, value: Option<f64>) -> Result<Self> {
        Ok(match SmoothMethod::parse(method)? {
            SmoothMethod::None => Smooth::None,
            SmoothMethod::Exp => Smooth::Exp,
            SmoothMethod::Floor => Smooth::Floor(value.unwrap_or(0.1)),
            SmoothMethod::AddK => Smooth::AddK(value.unwrap_or(1.0)),
        })
    }
}

/// A BLEU score with what sacrebleu reports next to it. `counts`/`totals` include add-k's
/// additions, as sacrebleu's (mutated) lists do.
#[derive(Clone, Debug, PartialEq)]
pub struct BleuScore {
    pub score: f64,
    pub counts: Vec<f64>,
    pub totals: Vec<f64>,
    pub precisions: Vec<f64>,
    pub bp: f64,
    pub sys_len: i64,
    pub ref_len: i64,
}

#[inline]
fn my_log(p: f64) -> f64 {
    if p == 0.0 {
        -9999999999.0
    } else {
        p.ln()
    }
}

/// The brevity penalty `exp(1 - r/c)` for `c < r`, 0 for an empty system output.
pub fn brevity_penalty(sys_len: i64, ref_len: i64) -> f64 {
    if sys_len < ref_len {
        if sys_len > 0 {
            (1.0 - ref_len as f64 / sys_len as f64).exp()
        } else {
            0.0
        }
    } else {
        1.0
    }
}

/// The arithmetic sacrebleu's precisions use: `f64` for integer statistics, `f32` for the
/// float32 arrays its bootstrap resampling sums (NumPy 2 keeps Python floats "weak", so
/// `100. * c / t` is computed in float32 there).
trait Arith: Copy + PartialEq + Add<Output = Self> + Mul<Output = Self> + Div<Output = Self> {
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
}

impl Arith for f64 {
    fn from_f64(x: f64) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
}

impl Arith for f32 {
    fn from_f64(x: f64) -> Self {
        x as f32
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
}

/// The score and brevity penalty; `precisions` (zeroed by the caller, one per order) receives the
/// precisions.
fn compute<T: Arith>(
    correct: &mut [T],
    total: &mut [T],
    precisions: &mut [f64],
    sys_len: i64,
    ref_len: i64,
    smooth: Smooth,
    effective_order: bool,
) -> (f64, f64) {
    let order = correct.len();
    let bp = brevity_penalty(sys_len, ref_len);
    let zero = T::from_f64(0.0);
    if correct.iter().all(|&c| c == zero) {
        return (0.0, bp);
    }
    let hundred = T::from_f64(100.0);
    let mut smooth_mteval = 1.0f64;
    let mut eff_order = order;
    for n in 0..order {
        if let Smooth::AddK(k) = smooth {
            if n > 0 {
                correct[n] = correct[n] + T::from_f64(k);
                total[n] = total[n] + T::from_f64(k);
            }
        }
        if total[n] == zero {
            break;
        }
        if effective_order {
            eff_order = n + 1;
        }
        precisions[n] = if correct[n] == zero {
            match smooth {
                Smooth::Exp => {
                    smooth_mteval *= 2.0;
                    (hundred / (T::from_f64(smooth_mteval) * total[n])).to_f64()
                }
                Smooth::Floor(k) => (T::from_f64(100.0 * k) / total[n]).to_f64(),
                _ => 0.0,
            }
        } else {
            (hundred * correct[n] / total[n]).to_f64()
        };
    }
    let mut log_sum = 0.0f64;
    for &p in &precisions[..eff_order] {
        log_sum += my_log(p);
    }
    (bp * (log_sum / eff_order as f64).exp(), bp)
}

/// sacrebleu's BLEU from summed statistics `[sys_len, ref_len, correct_1..N, total_1..N]`.
pub fn bleu_from_stats(stats: &[u64], smooth: Smooth, effective_order: bool) -> BleuScore {
    let order = (stats.len() - 2) / 2;
    let mut counts: Vec<f64> = stats[2..2 + order].iter().map(|&c| c as f64).collect();
    let mut totals: Vec<f64> = stats[2 + order..].iter().map(|&c| c as f64).collect();
    let (sys_len, ref_len) = (stats[0] as i64, stats[1] as i64);
    let mut precisions = vec![0.0f64; order];
    let (score, bp) =
        compute(&mut counts, &mut totals, &mut precisions, sys_len, ref_len, smooth, effective_order);
    BleuScore { score, counts, totals, precisions, bp, sys_len, ref_len }
}

/// Only the score, for the batch paths: [`bleu_from_stats`] without its allocations (up to 16
/// orders on the stack).
#[inline]
pub fn bleu_score_only(stats: &[u64], smooth: Smooth, effective_order: bool) -> f64 {
    const MAX: usize = 16;
    let order = (stats.len() - 2) / 2;
    if order > MAX {
        return bleu_from_stats(stats, smooth, effective_order).score;
    }
    let (mut counts, mut totals, mut precisions) = ([0.0f64; MAX], [0.0f64; MAX], [0.0f64; MAX]);
    for n in 0..order {
        counts[n] = stats[2 + n] as f64;
        totals[n] = stats[2 + order + n] as f64;
    }
    let (sys_len, ref_len) = (stats[0] as i64, stats[1] as i64);
    compute(
        &mut counts[..order],
        &mut totals[..order],
        &mut precisions[..order],
        sys_len,
        ref_len,
        smooth,
        effective_order,
    )
    .0
}

/// The score sacrebleu's bootstrap computes from a float32 row of summed statistics.
pub fn bleu_score_f32(stats: &[f32], smooth: Smooth, effective_order: bool) -> f64 {
    let order = (stats.len() - 2) / 2;
    let mut counts: Vec<f32> = stats[2..2 + order].to_vec();
    let mut totals: Vec<f32> = stats[2 + order..].to_vec();
    // `int(stats[0])` truncates the float32 value.
    let (sys_len, ref_len) = (stats[0] as i64, stats[1] as i64);
    let mut precisions = vec![0.0f64; order];
    compute(&mut counts, &mut totals, &mut precisions, sys_len, ref_len, smooth, effective_order).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_match_is_100() {
        let s = bleu_from_stats(&[4, 4, 4, 3, 2, 1, 4, 3, 2, 1], Smooth::Exp, false);
        // exp(log(100)) is not exactly 100 in binary; sacrebleu reports the same 100.00000000000004.
        assert_eq!(s.score, 100.00000000000004);
        assert_eq!(s.bp, 1.0);
    }

    #[test]
    fn zero_order_without_smoothing_is_zero_and_addk_mutates_counts() {
        let st = [3, 5, 2, 0, 0, 0, 3, 2, 1, 0];
        assert_eq!(bleu_from_stats(&st, Smooth::None, false).score, 0.0);
        let s = bleu_from_stats(&st, Smooth::AddK(1.0), false);
        assert_eq!(s.counts, [2.0, 1.0, 1.0, 1.0]);
        assert_eq!(s.totals, [3.0, 3.0, 2.0, 1.0]);
        // No match at all: 0 and no mutation.
        let s = bleu_from_stats(&[3, 5, 0, 0, 0, 0, 3, 2, 1, 0], Smooth::AddK(1.0), false);
        assert_eq!((s.score, s.counts[1]), (0.0, 0.0));
    }
}
