//! sacrebleu-compatible BLEU (Papineni et al. 2002): tokenizers, sufficient statistics, scores,
//! all-pairs matrices and the resampling behind confidence intervals and paired tests.
//! (NLTK's BLEU, which works on token lists, lives in the Python package.)
pub mod corpus;
pub mod pairwise;
mod regexp;
pub mod resample;
pub mod score;
pub mod segment;
pub mod stats;
pub mod tokenize;
pub mod tokenize_13a;
pub mod tokenize_intl;
pub mod tokenize_zh;
mod unicode_classes;
pub mod whitespace;
