//! Stemmers. Each is a pure `&str -> String` function of one reference implementation.
pub mod nltk_porter;
pub mod perl_porter;
