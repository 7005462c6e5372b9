//! From statistics to TER: `(edits, reference length)` per segment, summed over a corpus.

/// sacrebleu's `TER._compute_score_from_stats`: `100 * edits / ref_len`; with no reference words,
/// 100 if there are edits (an empty reference and a non-empty hypothesis) and 0 otherwise.
#[inline]
pub fn ter_score(edits: f64, ref_len: f64) -> f64 {
    let rate = if ref_len > 0.0 {
        edits / ref_len
    } else if edits > 0.0 {
        1.0
    } else {
        0.0
    };
    100.0 * rate
}

/// Corpus totals in segment order (sacrebleu's `sum_of_lists`): edits as an integer, reference
/// lengths as a float sum from the first segment on.
pub fn corpus_totals(stats: &[(u64, f64)]) -> (u64, f64) {
    let mut edits = 0u64;
    let mut ref_len = 0.0f64;
    for &(e, r) in stats {
        edits = edits.saturating_add(e);
        ref_len += r;
    }
    (edits, ref_len)
}

/// Bootstrap resample TERs (sacrebleu's `_bootstrap_resample` for TER): for each `n`-long row of
/// `idx`, the `(edits, reference length)` rows of those segments converted to float32 and summed in
/// segment order, then `100 * edits / length` in float32. The flag is false where sacrebleu's score
/// is a Python float instead of a float32 (an empty reference length: 100 or 0).
pub fn bootstrap_scores(
    stats: &[(f64, f64)],
    idx: &[u32],
    n: usize,
    workers: Option<usize>,
) -> Vec<(f64, bool)> {
    let flat: Vec<f32> = stats.iter().flat_map(|&(e, r)| [e as f32, r as f32]).collect();
    crate::kernels::resample::resample_scores(&flat, 2, idx, n, workers, |acc| {
        let (edits, ref_len) = (acc[0], acc[1]);
        if ref_len > 0.0 {
            (f64::from(100f32 * (edits / ref_len)), true)
        } else {
            (if edits > 0.0 { 100.0 } else { 0.0 }, false)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_and_hundred_rules() {
        assert_eq!(ter_score(0.0, 0.0), 0.0);
        assert_eq!(ter_score(3.0, 0.0), 100.0);
        assert_eq!(ter_score(1.0, 4.0), 25.0);
        assert_eq!(corpus_totals(&[(1, 2.5), (2, 0.5)]), (3, 3.0));
    }
}
