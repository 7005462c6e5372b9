//! One entry point for every stemmer the XL-Sum multilingual scorer uses, by language name.
//!
//! ```
//! use rougebleu::stem::multilingual::Stemmer;
//! let german = Stemmer::for_language("german").unwrap();
//! assert_eq!(german.stem("Autobahnen"), "autobahn");
//! assert_eq!(german.stem("keine"), "keine"); // a stopword: the scorer bypasses it
//! ```
use std::borrow::Cow;

use super::snowball;

/// The XL-Sum scorer stems only tokens longer than this many code points
/// (`MultiStemmer(min_char_length=3)`: `len(token) > 3`).
pub const XLSUM_MIN_CHAR_LENGTH: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Algorithm {
    Snowball { language: snowball::Language, ignore_stopwords: bool },
}

/// A stemmer for one language; cheap to copy, `Send + Sync`, no state between words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stemmer {
    algorithm: Algorithm,
}

impl Stemmer {
    /// The stemmer the XL-Sum scorer (`multilingual_rouge_scoring`, PyPI `multilingual-rouge`
    /// 0.0.1) uses for its language `name`: NLTK's `SnowballStemmer(name, ignore_stopwords=True)`
    /// for NLTK's Snowball languages (and `"porter"`). `None` for a language without a stemmer
    /// (the scorer then leaves tokens unchanged). Names are the scorer's, lower case; aliases and
    /// ISO codes are the caller's business.
    pub fn for_language(name: &str) -> Option<Stemmer> {
        Stemmer::snowball(name, true)
    }

    /// NLTK's `SnowballStemmer(name, ignore_stopwords)`; `None` for a name NLTK does not know.
    pub fn snowball(name: &str, ignore_stopwords: bool) -> Option<Stemmer> {
        let language = snowball::Language::from_name(name)?;
        Some(Stemmer { algorithm: Algorithm::Snowball { language, ignore_stopwords } })
    }

    /// The language name this stemmer was made for.
    pub fn language(&self) -> &'static str {
        match self.algorithm {
            Algorithm::Snowball { language, .. } => language.name(),
        }
    }

    /// The stem of one word, exactly as the reference stemmer gives it (no length rule: see
    /// [`Stemmer::stem_xlsum`]). Borrowed when the stem is the word itself.
    pub fn stem<'a>(&self, word: &'a str) -> Cow<'a, str> {
        let out = match self.algorithm {
            Algorithm::Snowball { language, ignore_stopwords } => {
                snowball::stem(language, word, ignore_stopwords)
            }
        };
        if out == word {
            Cow::Borrowed(word)
        } else {
            Cow::Owned(out)
        }
    }

    /// What the XL-Sum scorer does with a token: stem it if it is longer than
    /// [`XLSUM_MIN_CHAR_LENGTH`] code points, else keep it.
    pub fn stem_xlsum<'a>(&self, token: &'a str) -> Cow<'a, str> {
        if token.chars().count() > XLSUM_MIN_CHAR_LENGTH {
            self.stem(token)
        } else {
            Cow::Borrowed(token)
        }
    }
}
