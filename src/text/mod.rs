//! Text -> tokens -> interned ids. One file per tokenizer family.
pub mod intern;
pub mod rouge_score;
pub mod matlab;
