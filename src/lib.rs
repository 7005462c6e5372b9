//! rougebleu: ROUGE and BLEU with the exact numbers of the reference implementations.
//!
//! Layout (each folder has one job):
//! - [`text`]: text -> tokens -> interned `u32` ids (one tokenizer per reference implementation).
//! - [`stem`]: stemmers (NLTK's Porter for rouge_score, the Perl Porter of ROUGE-1.5.5).
//! - [`kernels`]: tokenization-free scoring over `&[u32]` (n-grams, LCS, ...).
//! - [`rouge`]: rouge_score-compatible scoring of texts (tokenize + kernels), single and batched.
//! - [`rouge155`]: the ROUGE-1.5.5 (Perl) compatibility mode.
//! - [`bleu`]: sacrebleu- and NLTK-compatible BLEU.
//! - [`caption`]: the COCO caption evaluation suite (pycocoevalcap): BLEU, ROUGE-L, CIDEr-D.
//! - [`ter`]: sacrebleu-compatible TER.
//! - [`chrf`]: sacrebleu-compatible chrF and chrF++.
//! - [`matlab`]: MATLAB Text Analytics Toolbox-compatible scoring.
//! - [`meteor`]: METEOR as the METEOR 1.5 jar computes it, and NLTK's `meteor_score`.
//! - [`report`]: the word-level analyses of a system comparison report (compare-mt's).
//! - [`allpairs`]: all-pairs matrices, expected utility (MBR) and top-k over any metric.
//! - [`columns`]: text columns read in place (Arrow's C data interface), NumPy texts, file lines.
//! - [`batch`]: rayon fan-out with a `workers` knob and input-ordered results.
//! - [`control`]: cancellation and progress of long calls, observed by every `batch` pass.
//! - [`limits`]: the documented bounds of every numeric option.
//! - [`memory`]: what may still be allocated, and allocation that fails with `MemoryError`.
//! - [`options`]: the vocabularies of the string options, each written once with its enum.
//! - [`stats`]: mergeable statistics and the exact float sum behind them.
//!
//! Nothing outside `src/python/` knows about Python; that module only exists with the
//! `python` feature (the extension module built by maturin).

pub mod allpairs;
pub mod batch;
pub mod bleu;
pub mod caption;
pub mod chrf;
pub mod columns;
pub mod control;
pub mod error;
pub mod kernels;
pub mod limits;
pub mod matlab;
pub mod memory;
pub mod meteor;
pub mod options;
pub mod report;
pub mod rouge;
pub mod rouge155;
pub mod significance;
pub mod stats;
pub mod stem;
pub mod ter;
#[cfg(test)]
mod test_rng;
pub mod text;

#[cfg(feature = "python")]
mod python;

pub use error::{Error, Result};
