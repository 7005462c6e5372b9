//! The documented bounds of the numeric options (docs/limits.md), in one place for the kernels,
//! the bindings (which also export them to Python) and the command lines.
//!
//! Each bound is far beyond any practical use and chosen so that no accepted value can overflow
//! an integer, make a float infinite, or ask for an allocation that cannot succeed.

/// Largest n-gram order: ROUGE-N's n, BLEU's `max_ngram_order`, NLTK's weights per set,
/// MATLAB's `ngram_length` and `ngram_weights`, chrF's character and word orders. Published work
/// uses 1 to 9.
pub const MAX_NGRAM_ORDER: usize = 100;

/// Largest ROUGE-W weight: `f(k) = k^w` stays finite for every run length `k < 2^32`
/// (token positions are 32-bit), since `(2^32)^30 = 2^960 < f64::MAX`.
pub const MAX_WLCS_WEIGHT: f64 = 30.0;

/// Largest number of bootstrap resamples (sacrebleu and ROUGE-1.5.5 use 1,000).
pub const MAX_BOOTSTRAP: usize = 10_000_000;

/// Largest F-measure `beta`: `beta^2` must stay finite (and far from it).
pub const MAX_BETA: f64 = 1e100;

/// Largest chrF `beta`: its square is then an exact float32, as sacrebleu's bootstrap needs.
pub const MAX_CHRF_BETA: f64 = 1000.0;
