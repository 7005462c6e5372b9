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
