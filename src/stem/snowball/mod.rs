//! NLTK's Snowball stemmers (`nltk.stem.snowball.SnowballStemmer`, NLTK 3.10.4), ported from
//! NLTK's own Python code, not from the Snowball project's algorithms: the two differ for Arabic
//! on a large share of words and for a few words in Hungarian, Italian, Portuguese, Russian,
//! Spanish and Finnish, and NLTK has a stopword bypass (`ignore_stopwords=True`) that Snowball
//! does not (docs/stemmers.md).
//!
//! Every stemmer first lowercases the word with full Unicode lowercasing (Python's `str.lower`);
//! with `ignore_stopwords` a lowercased word found in NLTK's stopword list for the language is
//! returned as it is. One module per language or family; `util` gives them Python's slicing.

// The ports keep NLTK's branches one for one (including branches with the same body and ifs
// that could be merged), so that each can be read against NLTK's code line by line.
#![allow(clippy::if_same_then_else, clippy::collapsible_if, clippy::collapsible_match)]

mod arabic;
mod dutch;
mod english;
mod finnish;
mod french;
mod german;
mod hungarian;
mod italian;
mod portuguese;
mod romanian;
mod russian;
mod scandinavian;
mod spanish;
#[rustfmt::skip]
mod stopword_lists;
pub mod stopwords;
mod util;

/// The languages of `SnowballStemmer.languages`, in NLTK's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    Arabic,
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
    Russian,
    Spanish,
    Swedish,
}

impl Language {
    /// Every language, in NLTK's (alphabetical) order.
    pub const ALL: &'static [Language] = &[
        Language::Arabic,
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
        Language::Russian,
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
            Language::Arabic => "arabic",
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
            Language::Russian => "russian",
            Language::Spanish => "spanish",
            Language::Swedish => "swedish",
        }
    }

    /// Whether NLTK has a stopword list for the language (all but `porter`).
    pub fn has_stopwords(self) -> bool {
        stopwords::list(self).is_some()
    }
}

/// What an NLTK stemmer object carries from one word to the next. Only Arabic has any: NLTK's
/// `ArabicStemmer` never resets its `suffixes_verb_step1_success` flag, so once a word has lost a
/// verb suffix in step 1, later verb candidates are stemmed differently (docs/stemmers.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct History {
    arabic_verb_step1_seen: bool,
}

impl History {
    /// A new NLTK stemmer object's state.
    pub fn fresh() -> History {
        History::default()
    }

    /// The state of a stemmer object that has stemmed real text: the first Arabic verb with a
    /// pronoun suffix sets the flag for good, so this is what any long-lived NLTK stemmer (such
    /// as the XL-Sum scorer's) is in after its first few sentences.
    pub fn settled() -> History {
        History { arabic_verb_step1_seen: true }
    }
}

/// `SnowballStemmer(language, ignore_stopwords).stem(word)` for a stemmer object in the
/// [`History::settled`] state (see [`stem_with_history`] for the exact object semantics).
///
/// `porter` is NLTK's Porter stemmer (`SnowballStemmer("porter")` delegates to it); it has no
/// stopword list, so `ignore_stopwords` changes nothing there (NLTK refuses to build it).
pub fn stem(language: Language, word: &str, ignore_stopwords: bool) -> String {
    stem_with_history(language, word, ignore_stopwords, &mut History::settled())
}

/// `stemmer.stem(word)` for an NLTK stemmer object whose state is `history`, updated as NLTK
/// updates it.
pub fn stem_with_history(
    language: Language,
    word: &str,
    ignore_stopwords: bool,
    history: &mut History,
) -> String {
    let stop = |w: &str| ignore_stopwords && stopwords::contains(language, w);
    match language {
        Language::Porter => return super::nltk_porter::stem(word),
        // Russian and Arabic do not lowercase, and test stopwords on the word as given
        // (Arabic: after removing diacritics).
        Language::Russian => {
            return if stop(word) { word.to_string() } else { russian::stem(word) };
        }
        Language::Arabic => {
            let chars = util::w(word);
            let out = arabic::stem(&chars, |t| stop(&util::s(t)), &mut history.arabic_verb_step1_seen);
            return util::s(&out);
        }
        _ => {}
    }
    // Tokens usually come lowercased already: checking is cheaper than lowercasing again.
    let lower = crate::text::xlsum::chars::to_lowercase(word);
    if stop(&lower) {
        return lower.into_owned();
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
        Language::Porter | Language::Russian | Language::Arabic => unreachable!("handled above"),
    };
    util::s(&out)
}
