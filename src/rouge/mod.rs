//! rouge_score-compatible ROUGE over texts: tokenize (Rust), intern, score with the kernels.
pub mod prepare;
pub mod scorer;
pub mod types;

pub use prepare::Prepared;
pub use scorer::{Scorer, TypeScore};
pub use types::RougeType;
