//! `bleuEvaluationScore` (MATLAB; Papineni et al. 2002, sentence level): clipped n-gram
//! precisions against the maximum count over references, `BP = exp(1 - r/c)` for `c <= r` with
//! `r` the reference length closest to `c` (ties to the shorter), weights normalised to sum to
//! one, no smoothing, 0–1 scale.
//!
//! Rules from MATLAB's page: a candidate with fewer words than weights scores 0; candidate and
//! references all empty score NaN. Orders of weight 0 are left out of the geometric mean.
use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::kernels::ngram::NgramKeys;
use crate::limits::MAX_NGRAM_ORDER;

/// Checks MATLAB's `NgramWeights` (finite, nonnegative, not all zero) and normalises them.
pub fn normalize_weights(weights: &[f64]) -> Result<Vec<f64>> {
    if weights.is_empty() {
        return Err(Error::value("ngram_weights", "must contain at least one weight"));
    }
    if weights.len() > MAX_NGRAM_ORDER {
        return Err(Error::value(
            "ngram_weights",
            format!("at most {MAX_NGRAM_ORDER} weights, got {}", weights.len()),
        ));
    }
    if let Some(w) = weights.iter().find(|w| !(w.is_finite() && **w >= 0.0)) {
        return Err(Error::value("ngram_weights", format!("must be finite and nonnegative, got {w}")));
    }
    let sum: f64 = weights.iter().sum();
    if sum <= 0.0 {
        return Err(Error::value("ngram_weights", "must not be all zero"));
    }
    Ok(weights.iter().map(|w| w / sum).collect())
}

/// BLEU of `candidate` against `references` with normalised `weights` (see the module docs).
pub fn score(candidate: &[u32], references: &[&[u32]], weights: &[f64]) -> f64 {
    let c = candidate.len();
    if c == 0 && references.iter().all(|r| r.is_empty()) {
        return f64::NAN;
    }
    if c < weights.len() || c == 0 {
        return 0.0;
    }
    let mut keys = NgramKeys::new();
    let (mut cand_keys, mut ref_keys) = (Vec::new(), Vec::new());
    let mut log_sum = 0.0;
    for (i, &w) in weights.iter().enumerate() {
        if w == 0.0 {
            continue;
        }
        let n = i + 1;
        let mut max_ref: FxHashMap<u64, u32> = FxHashMap::default();
        for r in references {
            keys.keys(r, n, &mut ref_keys);
            let mut counts: FxHashMap<u64, u32> = FxHashMap::default();
            for &k in &ref_keys {
                *counts.entry(k).or_insert(0) += 1;
            }
            for (k, v) in counts {
                let m = max_ref.entry(k).or_insert(0);
                *m = (*m).max(v);
            }
        }
        keys.keys(candidate, n, &mut cand_keys);
        let mut used: FxHashMap<u64, u32> = FxHashMap::default();
        let mut hits = 0usize;
        for &k in &cand_keys {
            if let Some(&limit) = max_ref.get(&k) {
                let u = used.entry(k).or_insert(0);
                if *u < limit {
                    *u += 1;
                    hits += 1;
                }
            }
        }
        if hits == 0 {
            return 0.0;
        }
        log_sum += w * (hits as f64 / cand_keys.len() as f64).ln();
    }
    brevity_penalty(c, references) * log_sum.exp()
}

/// `1` if the candidate is longer than the closest reference length `r`, else `exp(1 - r/c)`.
fn brevity_penalty(c: usize, references: &[&[u32]]) -> f64 {
    let r = references.iter().map(|r| r.len()).min_by_key(|&len| (len.abs_diff(c), len)).unwrap_or(0);
    if c > r {
        1.0
    } else {
        (1.0 - r as f64 / c as f64).exp()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The fast brown fox jumped over the lazy dog . / The quick brown {animal, fox} ...
    const CAND: [u32; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const REF_ANIMAL: [u32; 10] = [0, 10, 2, 11, 4, 5, 6, 7, 8, 9];
    const REF_FOX: [u32; 10] = [0, 10, 2, 3, 4, 5, 6, 7, 8, 9];

    #[test]
    fn seed_examples() {
        let w = normalize_weights(&[1.0; 4]).unwrap();
        let s = score(&CAND, &[&REF_ANIMAL, &REF_FOX], &w);
        assert!((s - 0.375f64.powf(0.25)).abs() < 1e-15, "{s}");
        let s2 = score(&CAND, &[&REF_ANIMAL, &REF_FOX], &normalize_weights(&[0.5, 0.5]).unwrap());
        assert!((s2 - 0.7f64.sqrt()).abs() < 1e-15, "{s2}");
    }

    #[test]
    fn short_and_empty_inputs() {
        let w = normalize_weights(&[0.25; 4]).unwrap();
        assert_eq!(score(&[1, 2, 3], &[&[1, 2, 3]], &w), 0.0);
        assert!(score(&[], &[&[], &[]], &w).is_nan());
        assert_eq!(score(&[], &[&[1]], &w), 0.0);
        assert_eq!(score(&[1, 2], &[&[]], &[1.0]), 0.0);
        // Brevity: c = 2 against the closest reference of 4 words: exp(1 - 4/2).
        let s = score(&[1, 2], &[&[1, 2, 3, 4], &[7; 9]], &[1.0]);
        assert!((s - (-1.0f64).exp()).abs() < 1e-15);
        // Zero weights drop their order: no 2-gram overlap but weight 0 on it.
        assert_eq!(score(&[1, 2], &[&[2, 1]], &normalize_weights(&[1.0, 0.0]).unwrap()), 1.0);
    }

    #[test]
    fn weights_are_checked() {
        assert!(normalize_weights(&[]).is_err());
        assert!(normalize_weights(&[0.0, 0.0]).is_err());
        assert!(normalize_weights(&[-1.0, 2.0]).is_err());
        assert!(normalize_weights(&[f64::NAN]).is_err());
        assert_eq!(normalize_weights(&[1.0, 3.0]).unwrap(), [0.25, 0.75]);
    }
}
