//! Text -> tokens -> interned ids. One file per tokenizer family.
pub mod intern;
pub mod matlab;
pub mod rouge_score;
