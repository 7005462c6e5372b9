//! Significance tests' shared machinery, exactly as sacrebleu runs them with NumPy: the random
//! draws ([`numpy_rng`]) and the summaries of resample scores ([`summary`]). The metrics' own
//! resample kernels live with each metric (`bleu::resample`, ...).
pub mod numpy_rng;
pub mod summary;
