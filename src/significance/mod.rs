//! Significance tests' shared machinery, exactly as sacrebleu runs them with NumPy: the random
//! draws ([`numpy_rng`]) and the summaries of resample scores ([`summary`]). The metrics' own
//! resample kernels live with each metric (`bleu::resample`, ...); [`shared_draws`] runs one
//! kernel over several systems' statistics with the same draws; [`means`] runs the paired tests of
//! scores that are means of per-segment values (ROUGE).
pub mod means;
pub mod numpy_rng;
pub mod shared_draws;
pub mod summary;

/// The paired tests of sacrebleu (and of the ROUGE significance tests built like them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestType {
    /// Paired bootstrap resampling (Koehn 2004).
    Bootstrap,
    /// Approximate randomization (Riezler & Maxwell 2005).
    Randomization,
}

impl crate::options::Vocabulary for TestType {
    const ARGUMENT: &'static str = "test_type";
    const WHAT: &'static str = "test";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("bs", TestType::Bootstrap), ("ar", TestType::Randomization)];
}
