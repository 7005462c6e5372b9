//! Python bindings for the stemmers: NLTK's Porter (rouge_score's), NLTK's Snowball stemmers and
//! the XL-Sum scorer's Turkish, Hindi and Bengali stemmers.
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rustc_hash::FxHashMap;

use super::guard::guard;
use super::long_call;
use super::workers::{threads, Workers};
use crate::batch;
use crate::stem::multilingual::Stemmer;
use crate::stem::nltk_porter;
use crate::stem::snowball::{self, History, Language};

/// Stem each word as `nltk.stem.porter.PorterStemmer().stem(word)` does (NLTK 3.10.4).
#[pyfunction]
fn nltk_porter_stem(py: Python<'_>, words: Vec<String>) -> PyResult<Vec<String>> {
    guard("nltk_porter_stem", || {
        // A serial pass, so that a long list is interruptible and reports its progress.
        long_call::run(py, words.len(), || batch::map(&words, Some(1), |w| nltk_porter::stem(w)))
    })
}

fn unknown_language(language: &str) -> PyErr {
    PyValueError::new_err(format!(
        "language: unknown stemmer language {language:?}; supported: {}",
        Stemmer::languages().join(", ")
    ))
}

fn stemmer(language: &str, ignore_stopwords: bool) -> PyResult<Stemmer> {
    match language {
        "turkish" | "hindi" | "bengali" => Stemmer::for_language(language),
        _ => Stemmer::snowball(language, ignore_stopwords),
    }
    .ok_or_else(|| unknown_language(language))
}

/// Stem many words in parallel: `language` is a Snowball language (NLTK's
/// `SnowballStemmer(language, ignore_stopwords)`, Arabic in its settled state) or `turkish`,
/// `hindi`, `bengali` (the XL-Sum scorer's stemmers; `ignore_stopwords` does not apply).
/// With `xlsum`, tokens of at most 3 code points are kept, as the XL-Sum scorer does.
#[pyfunction]
#[pyo3(signature = (words, language, ignore_stopwords=false, xlsum=false, workers=None))]
fn multilingual_stem(
    py: Python<'_>,
    words: Vec<String>,
    language: &str,
    ignore_stopwords: bool,
    xlsum: bool,
    workers: Option<Workers>,
) -> PyResult<Vec<String>> {
    guard("multilingual_stem", || {
        let s = stemmer(language, ignore_stopwords)?;
        let workers = threads(workers);
        long_call::run(py, words.len(), || {
            // Real text repeats words: stem each distinct word once (every stemmer here is a pure
            // function of the word), then copy the stems back in input order.
            let mut index: FxHashMap<&str, usize> = FxHashMap::default();
            let mut distinct: Vec<&str> = Vec::new();
            let slots: Vec<usize> = words
                .iter()
                .map(|w| {
                    *index.entry(w.as_str()).or_insert_with(|| {
                        distinct.push(w);
                        distinct.len() - 1
                    })
                })
                .collect();
            let stems = batch::map(&distinct, workers, |w| {
                if xlsum { s.stem_xlsum(w) } else { s.stem(w) }.into_owned()
            });
            slots.into_iter().map(|i| stems[i].clone()).collect()
        })
    })
}

/// `stemmer.stem(word)` for each word in turn, on one NLTK `SnowballStemmer` object whose
/// Arabic state is `arabic_settled`; returns the stems and the state afterwards.
#[pyfunction]
fn snowball_stem_sequence(
    py: Python<'_>,
    words: Vec<String>,
    language: &str,
    ignore_stopwords: bool,
    arabic_settled: bool,
) -> PyResult<(Vec<String>, bool)> {
    guard("snowball_stem_sequence", || {
        let lang = Language::from_name(language).ok_or_else(|| unknown_language(language))?;
        let mut history = if arabic_settled { History::settled() } else { History::fresh() };
        let out = long_call::run(py, words.len(), || {
            // In order (the history carries from word to word), as a pass: interruptible.
            let mut out = Vec::with_capacity(words.len());
            batch::steps(words.len(), |i| {
                out.push(snowball::stem_with_history(lang, &words[i], ignore_stopwords, &mut history))
            });
            out
        })?;
        Ok((out, history == History::settled()))
    })
}

/// NLTK's stopword list for a Snowball language (`stopwords.words(language)`), empty for porter.
#[pyfunction]
fn snowball_stopwords(language: &str) -> PyResult<Vec<&'static str>> {
    guard("snowball_stopwords", || {
        let lang = Language::from_name(language).ok_or_else(|| unknown_language(language))?;
        Ok(snowball::stopwords::list(lang).unwrap_or_default())
    })
}

/// The names `multilingual_stem` accepts.
#[pyfunction]
fn stem_languages() -> PyResult<Vec<&'static str>> {
    guard("stem_languages", || Ok(Stemmer::languages()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nltk_porter_stem, m)?)?;
    m.add_function(wrap_pyfunction!(multilingual_stem, m)?)?;
    m.add_function(wrap_pyfunction!(snowball_stem_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(snowball_stopwords, m)?)?;
    m.add_function(wrap_pyfunction!(stem_languages, m)?)?;
    Ok(())
}
