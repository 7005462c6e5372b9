//! NLTK's Snowball stemmers (`nltk.stem.snowball.SnowballStemmer`, NLTK 3.10.4), ported from
//! NLTK's own Python code, not from the Snowball project's algorithms: the two differ for Arabic
//! on a large share of words and for a few words in Hungarian, Italian, Portuguese, Russian,
//! Spanish and Finnish, and NLTK has a stopword bypass (`ignore_stopwords=True`) that Snowball
//! does not (docs/stemmers.md).
//!
//! Every stemmer first lowercases the word with full Unicode lowercasing (Python's `str.lower`);
//! with `ignore_stopwords` a lowercased word found in NLTK's stopword list for the language is
//! returned as it is. One module per language or family; `util` gives them Python's slicing.

mod dutch;
mod english;
mod finnish;
mod french;
mod german;
mod hungarian;
mod italian;
mod portuguese;
mod romanian;
mod scandinavian;
mod spanish;
pub mod stopwords;
mod util;

/// The languages of `SnowballStemmer.languages`, in NLTK's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    Danish,
    Dutch,
    English,
    Finnish,
    French,
    German,
    Hungarian,
    Italian,
    Norwegian,
    Porter,
    Portuguese,
    Romanian,
    Spanish,
    Swedish,
}

impl Language {
    /// Every language, in NLTK's (alphabetical) order.
    pub const ALL: &'static [Language] = &[
        Language::Danish,
        Language::Dutch,
        Language::English,
        Language::Finnish,
        Language::French,
        Language::German,
        Language::Hungarian,
        Language::Italian,
        Language::Norwegian,
        Language::Porter,
        Language::Portuguese,
        Language::Romanian,
        Language::Spanish,
        Language::Swedish,
    ];

    /// The language for NLTK's name of it (`"english"`, ...; lower case, as NLTK requires).
    pub fn from_name(name: &str) -> Option<Language> {
        Language::ALL.iter().copied().find(|l| l.name() == name)
    }

    /// NLTK's name of the language.
    pub fn name(self) -> &'static str {
        match self {
            Language::Danish => "danish",
            Language::Dutch => "dutch",
            Language::English => "english",
            Language::Finnish => "finnish",
            Language::French => "french",
            Language::German => "german",
            Language::Hungarian => "hungarian",
            Language::Italian => "italian",
            Language::Norwegian => "norwegian",
            Language::Porter => "porter",
            Language::Portuguese => "portuguese",
            Language::Romanian => "romanian",
            Language::Spanish => "spanish",
            Language::Swedish => "swedish",
        }
    }

    /// Whether NLTK has a stopword list for the language (all but `porter`).
    pub fn has_stopwords(self) -> bool {
        stopwords::list(self).is_some()
    }
}

/// `SnowballStemmer(language, ignore_stopwords).stem(word)`.
///
/// `porter` is NLTK's Porter stemmer (`SnowballStemmer("porter")` delegates to it); it has no
/// stopword list, so `ignore_stopwords` changes nothing there (NLTK refuses to build it).
pub fn stem(language: Language, word: &str, ignore_stopwords: bool) -> String {
    if language == Language::Porter {
        return super::nltk_porter::stem(word);
    }
    let lower = word.to_lowercase();
    if ignore_stopwords && stopwords::contains(language, &lower) {
        return lower;
    }
    let chars = util::w(&lower);
    let out = match language {
        Language::Danish => scandinavian::danish(chars),
        Language::Dutch => dutch::stem(chars),
        Language::English => english::stem(chars),
        Language::Finnish => finnish::stem(chars),
        Language::French => french::stem(chars),
        Language::German => german::stem(chars),
        Language::Hungarian => hungarian::stem(chars),
        Language::Italian => italian::stem(chars),
        Language::Norwegian => scandinavian::norwegian(chars),
        Language::Portuguese => portuguese::stem(chars),
        Language::Romanian => romanian::stem(chars),
        Language::Spanish => spanish::stem(chars),
        Language::Swedish => scandinavian::swedish(chars),
        Language::Porter => unreachable!("handled above"),
    };
    util::s(&out)
}
