//! NLTK's stopword lists (`nltk_data/corpora/stopwords`), compiled into the binary.
//!
//! The lists are in `stopword_lists.rs`, generated from the nltk_data files by
//! tools/gen_stem_data.py (provenance and licences: `STOPWORDS_LICENSE.md`). NLTK reads them with
//! `stopwords.words(lang)`: one word per line, blank lines dropped, no other normalisation.
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

use super::stopword_lists as lists;
use super::Language;

fn words(language: Language) -> Option<&'static [&'static str]> {
    Some(match language {
        Language::Arabic => lists::ARABIC,
        Language::Danish => lists::DANISH,
        Language::Dutch => lists::DUTCH,
        Language::English => lists::ENGLISH,
        Language::Finnish => lists::FINNISH,
        Language::French => lists::FRENCH,
        Language::German => lists::GERMAN,
        Language::Hungarian => lists::HUNGARIAN,
        Language::Italian => lists::ITALIAN,
        Language::Norwegian => lists::NORWEGIAN,
        Language::Portuguese => lists::PORTUGUESE,
        Language::Romanian => lists::ROMANIAN,
        Language::Russian => lists::RUSSIAN,
        Language::Spanish => lists::SPANISH,
        Language::Swedish => lists::SWEDISH,
        Language::Porter => return None,
    })
}

/// The words of the list, in file order (what `stopwords.words(lang)` returns).
pub fn list(language: Language) -> Option<Vec<&'static str>> {
    words(language).map(|w| w.to_vec())
}

/// Whether `word` (already lowercased) is in the language's list.
pub fn contains(language: Language, word: &str) -> bool {
    // Indexed by language: this runs once for every word stemmed. Most words are longer than
    // any stopword, which settles them without hashing.
    static SETS: OnceLock<Vec<(usize, FxHashSet<&'static str>)>> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        Language::ALL
            .iter()
            .map(|&l| {
                let words = list(l).unwrap_or_default();
                (words.iter().map(|w| w.len()).max().unwrap_or(0), words.into_iter().collect())
            })
            .collect()
    });
    let (longest, set) = &sets[language as usize];
    word.len() <= *longest && set.contains(word)
}
