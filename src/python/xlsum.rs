//! Python helpers of the XL-Sum mode: language lookup, the sanitized text a Python segmenter
//! needs, and the scorer's tokens (for tests and for users who want to see them).
use pyo3::prelude::*;

use super::guard::guard;
use super::text_args::rouge_text;
use crate::text::xlsum::{self, sanitize, Language, Segmenter};
use crate::text::Tokenization;

/// `(name, segmenter)` of a language: the scorer's name and `"default"`, `"burmese"`, or the
/// external segmenter's language (`"chinese"`, `"thai"`, `"japanese"`).
#[pyfunction]
fn xlsum_language(lang: &str) -> PyResult<(&'static str, &'static str)> {
    guard("xlsum_language", || {
        let l = Language::parse(lang)?;
        let seg = match l.segmenter {
            Segmenter::Default => "default",
            Segmenter::Burmese => "burmese",
            Segmenter::External => l.name,
        };
        Ok((l.name, seg))
    })
}

/// Every supported language name (`"und"` first) and every `(alias, name)` pair.
#[pyfunction]
fn xlsum_languages() -> (Vec<&'static str>, Vec<(&'static str, &'static str)>) {
    (Language::names().collect(), Language::aliases().collect())
}

/// The scorer's segmenter input: `text` lowercased and sanitized, words joined by one space.
#[pyfunction]
fn xlsum_sanitize(text: &Bound<'_, PyAny>) -> PyResult<String> {
    guard("xlsum_sanitize", || {
        let t = rouge_text(text, || "text".into())?;
        Ok(sanitize::sanitized(t.text, t.lowercase))
    })
}

/// The scorer's tokens of `text` in `lang`: `(tokens, line_tokens)`, stemmed with `use_stemmer`.
/// For Chinese, Thai and Japanese, `text` is the segmented form the Python layer builds.
#[pyfunction]
#[pyo3(signature = (text, lang, use_stemmer=false))]
fn xlsum_tokenize(
    text: &Bound<'_, PyAny>,
    lang: &str,
    use_stemmer: bool,
) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    guard("xlsum_tokenize", || {
        let t = rouge_text(text, || "text".into())?;
        let Tokenization::XlSum { language, stemmer } = Tokenization::xlsum(lang, use_stemmer)? else {
            unreachable!("xlsum() builds the XL-Sum mode")
        };
        let form = |w: String| match (&stemmer, use_stemmer) {
            (Some(s), true) => s.stem_xlsum(&w).into_owned(),
            _ => w,
        };
        let tokens = xlsum::tokenize(t.text, t.lowercase, &language).into_iter().map(form).collect();
        let lines = xlsum::tokenize_lines(t.text, &language)
            .into_iter()
            .map(|l| l.into_iter().map(form).filter(|w| !w.is_empty()).collect())
            .collect();
        Ok((tokens, lines))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(xlsum_language, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_languages, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_sanitize, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_tokenize, m)?)?;
    Ok(())
}
