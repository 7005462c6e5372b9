//! Significance tests' shared machinery, exactly as sacrebleu runs them with NumPy: the random
//! draws ([`numpy_rng`]) and the summaries of resample scores ([`summary`]). The metrics' own
//! resample kernels live with each metric (`bleu::resample`, ...); [`shared_draws`] runs one
//! kernel over several systems' statistics with the same draws.
pub mod numpy_rng;
pub mod shared_draws;
pub mod summary;
