//! Text -> tokens -> interned ids. One file (or folder) per tokenizer family.
pub mod bytemask;
pub mod intern;
pub mod lines;
pub mod matlab;
pub mod prefetch;
pub mod ptb;
pub mod rouge_score;
pub mod sacrebleu;
pub mod unicode;
pub mod whitespace;
pub mod xlsum;
