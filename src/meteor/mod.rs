//! METEOR, both as the METEOR 1.5 jar computes it (Denkowski & Lavie 2014; the `meteor-1.5.jar`
//! that coco-caption, nlg-eval and the E2E metrics run) and as NLTK 3.10.4's `meteor_score` does
//! (Lavie & Agarwal 2007 as NLTK implements it). The two disagree by tens of points on the same
//! sentence, so each has its own entry points and names.
//!
//! METEOR 1.5:
//! - [`config`]: its options (normalization, tasks, modules, weights) and Eval ID;
//! - [`normalize`]: its `-norm` tokenizer/normalizer for English;
//! - [`lexicon`]: what the matchers need of each word, worked out once per thread;
//! - [`align`]: the four matchers and the beam search for the best alignment;
//! - [`stats`]: the 23 sufficient statistics, their sums and the score;
//! - [`scorer`]: a configured scorer, best reference, the `-stdio` mode pycocoevalcap drives;
//! - [`paraphrase`]: the user's paraphrase table, and its cache.
//!
//! NLTK 3.10.4: [`nltk`] (`meteor_score`, `single_meteor_score`).
//!
//! Both: [`wordnet`] (WordNet 3.0, compiled in) and [`java`] (the Java behaviours the jar's
//! numbers depend on).
pub mod align;
pub mod config;
mod jar_lists;
pub mod java;
mod lexicon;
pub mod nltk;
pub mod normalize;
pub mod paraphrase;
mod pow;
#[rustfmt::skip]
mod java_pow;
pub mod scorer;
pub mod stats;
pub mod wordnet;

pub use config::{Config, Module, Normalization, Task};
pub use paraphrase::ParaphraseTable;
pub use scorer::Meteor15;
pub use stats::{Score, Stats};
