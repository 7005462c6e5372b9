//! NLTK's stopword lists (`nltk_data/corpora/stopwords`), compiled into the binary.
//!
//! The files in `stopwords/` are the nltk_data files unchanged (see `stopwords/README` and
//! `stopwords/LICENSE.md`). NLTK reads them with `stopwords.words(lang)`: one word per line, blank
//! lines dropped, no other normalisation.
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

use super::Language;

fn text(language: Language) -> Option<&'static str> {
    Some(match language {
        Language::Arabic => include_str!("stopwords/arabic.txt"),
        Language::Danish => include_str!("stopwords/danish.txt"),
        Language::Dutch => include_str!("stopwords/dutch.txt"),
        Language::English => include_str!("stopwords/english.txt"),
        Language::Finnish => include_str!("stopwords/finnish.txt"),
        Language::French => include_str!("stopwords/french.txt"),
        Language::German => include_str!("stopwords/german.txt"),
        Language::Hungarian => include_str!("stopwords/hungarian.txt"),
        Language::Italian => include_str!("stopwords/italian.txt"),
        Language::Norwegian => include_str!("stopwords/norwegian.txt"),
        Language::Portuguese => include_str!("stopwords/portuguese.txt"),
        Language::Romanian => include_str!("stopwords/romanian.txt"),
        Language::Russian => include_str!("stopwords/russian.txt"),
        Language::Spanish => include_str!("stopwords/spanish.txt"),
        Language::Swedish => include_str!("stopwords/swedish.txt"),
        Language::Porter => return None,
    })
}

/// The words of the list, in file order (what `stopwords.words(lang)` returns).
pub fn list(language: Language) -> Option<Vec<&'static str>> {
    text(language).map(|t| t.lines().filter(|l| !l.trim_end().is_empty()).collect())
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
