//! Mergeable statistics: what a partition of a corpus contributes to its corpus score, so that
//! partitions scored apart (threads, processes, Spark or Ray workers) combine into the number the
//! whole corpus gives at once. Integer statistics (BLEU, chrF, counts) merge exactly by addition;
//! float ones (ROUGE per-item scores, TER's average reference lengths) go through [`ExactSum`].
pub mod exact_sum;

pub use exact_sum::ExactSum;
