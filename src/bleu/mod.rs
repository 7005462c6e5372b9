//! sacrebleu-compatible BLEU (Papineni et al. 2002): sufficient statistics, scores, all-pairs
//! matrices and the resampling behind confidence intervals and paired tests. sacrebleu's
//! tokenizers, which chrF and TER share, are in [`crate::text::sacrebleu`].
//! (NLTK's BLEU, which works on token lists, lives in the Python package.)
pub mod corpus;
pub mod pairwise;
pub mod resample;
pub mod score;
pub mod segment;
pub mod stats;
