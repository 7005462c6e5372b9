//! Scores of resampled corpora for sacrebleu's confidence intervals and paired tests
//! (`sacrebleu/significance.py`). The draws are NumPy's (`crate::significance::numpy_rng`), so
//! that the same seed gives the same resamples as sacrebleu.
use super::score::{bleu_score_f32, bleu_score_only, Smooth};
use crate::kernels::resample::{float32, SegmentIndex, SumTable};

/// Bootstrap (Koehn 2004): for each row of `idx` (`n_samples x n` segment indices), the score of the
/// summed statistics of those segments. The statistics are summed in float32, one segment after
/// the other, as sacrebleu's `np.array(stats, dtype='float32')[idx].sum(0)` does, and scored with
/// float32 precisions as NumPy 2 computes them.
pub fn bootstrap_scores<I: SegmentIndex>(
    stats: &[u64],
    k: usize,
    idx: &[I],
    n: usize,
    smooth: Smooth,
    effective_order: bool,
    workers: Option<usize>,
) -> Vec<f64> {
    crate::kernels::resample::resample_scores(&float32(stats), k, idx, n, workers, |acc| {
        bleu_score_f32(acc, smooth, effective_order)
    })
}

/// [`bootstrap_scores`] of several systems (`systems`, each `n` rows of `k` statistics) with the
/// same draws, `rng.choice(n, (n_samples, n))`, made chunk by chunk
/// ([`crate::significance::shared_draws`]).
#[allow(clippy::too_many_arguments)]
pub fn shared_bootstrap_scores(
    systems: &[&[u64]],
    k: usize,
    rng: &mut crate::significance::numpy_rng::Pcg64,
    n: usize,
    n_samples: usize,
    smooth: Smooth,
    effective_order: bool,
    workers: Option<usize>,
) -> Vec<Vec<f64>> {
    let tables: Vec<SumTable> = systems.iter().map(|stats| SumTable::new(&float32(stats), k, n)).collect();
    crate::significance::shared_draws::shared_resample_scores(&tables, rng, n, n_samples, workers, |acc| {
        bleu_score_f32(acc, smooth, effective_order)
    })
}

/// Approximate randomization (Riezler & Maxwell 2005): for each row of `swap` (`n_samples x n`),
/// the scores of the two pseudo-systems that take the baseline's statistics where the row is
/// true and the system's elsewhere (and the reverse). Integer sums, as sacrebleu's int64 matmul.
#[allow(clippy::too_many_arguments)]
pub fn randomization_scores(
    baseline: &[u64],
    system: &[u64],
    k: usize,
    swap: &[bool],
    n: usize,
    smooth: Smooth,
    effective_order: bool,
    workers: Option<usize>,
) -> (Vec<f64>, Vec<f64>) {
    let n = n.max(1);
    let pairs = crate::batch::map_range(swap.len() / n, workers, |r| {
        let mut a = vec![0u64; k];
        let mut b = vec![0u64; k];
        for (j, &take_baseline) in swap[r * n..(r + 1) * n].iter().enumerate() {
            let (x, y) = if take_baseline { (baseline, system) } else { (system, baseline) };
            for c in 0..k {
                a[c] += x[j * k + c];
                b[c] += y[j * k + c];
            }
        }
        (bleu_score_only(&a, smooth, effective_order), bleu_score_only(&b, smooth, effective_order))
    });
    pairs.into_iter().unzip()
}
