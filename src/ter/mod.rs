//! TER (translation edit rate, Snover et al. 2006) exactly as sacrebleu 2.6.0 computes it:
//! tercom's tokenizer, tercom's greedy shift search under sacrebleu's limits (blocks of at most
//! 10 words within 50 positions, 1,000 candidates per pair), and the beam-limited edit distance.
//!
//! - [`tokenize`]: the tercom tokenizer and normalizer (`normalized`, `no_punct`, `asian_support`).
//! - [`beam`]: the banded edit distance, its trace and alignment.
//! - [`shift`]: the shift search; TER of one hypothesis against one reference.
//! - [`segment`]: per-segment statistics over several references; the reference cache.
//! - [`pairwise`]: all-pairs sentence TER.
//! - [`score`]: statistics to score.
pub mod beam;
pub mod pairwise;
pub mod score;
pub mod segment;
pub mod shift;
pub mod tokenize;

pub use segment::{segment_stats, TerReferences};
pub use shift::ter_pair;
pub use tokenize::Tercom;
