//! Tokenization-free scoring kernels over interned `u32` token ids.
pub mod fmeasure;
pub mod lcs;
pub mod lcs_word;
pub mod ngram;
pub mod resample;
pub mod skip_bigram;
pub mod wlcs;
