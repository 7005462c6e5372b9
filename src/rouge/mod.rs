//! ROUGE over texts: rouge_score-compatible by default, plus the rest of Lin (2004)'s family,
//! multi-reference modes, jackknifing and corpus-level aggregation.
pub mod corpus;
pub mod counts;
pub mod multi;
pub mod pairwise;
pub mod prepare;
pub mod pretokenized;
pub mod scorer;
pub mod shared_vocab;
pub mod tokenization;
pub mod types;

pub use multi::{MultiRef, TypeScore};
pub use prepare::Prepared;
pub use scorer::{Options, Scorer};
pub use tokenization::Tokenization;
pub use types::RougeType;
