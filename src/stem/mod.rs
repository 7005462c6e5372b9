//! Stemmers. Each reproduces one reference implementation exactly.
//!
//! * [`nltk_porter`]: NLTK's Porter stemmer (rouge_score's), [`perl_porter`]: ROUGE-1.5.5's.
//! * [`snowball`]: NLTK 3.10.4's Snowball stemmers, with NLTK's stopword lists.
//! * [`meteor_snowball`]: Snowball's English stemmer as METEOR 1.5's jar runs it.
//! * [`turkish`] (the `TurkishStemmer` 1.3 package), [`hindi`] and [`bengali`] (the XL-Sum
//!   scorer's own stemmers).
//! * [`multilingual`]: the entry point by language name — the stemmers of the XL-Sum scorer:
//!
//! ```
//! use rougebleu::stem::multilingual::Stemmer;
//! let s = Stemmer::for_language("english").expect("a stemmed language");
//! assert_eq!(s.stem("running"), "run");
//! assert_eq!(s.stem_xlsum("runs"), "run"); // stems only tokens of more than 3 code points
//! assert_eq!(s.stem_xlsum("ran"), "ran");
//! assert!(Stemmer::for_language("korean").is_none()); // no stemmer: tokens stay as they are
//! ```
pub mod bengali;
pub mod hindi;
pub mod meteor_snowball;
pub mod multilingual;
pub mod nltk_porter;
pub mod perl_porter;
pub mod snowball;
pub mod turkish;
