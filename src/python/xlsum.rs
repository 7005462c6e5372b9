//! Python helpers of the multilingual modes (`lang=`, `tokenizer="unicode"`): language lookup, the
//! presegmented text of a language that a Python library segments, and the scorer's tokens (for
//! tests and for users who want to see them).
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::errors::type_name;
use super::guard::guard;
use super::text_args::rouge_text;
use crate::rouge::Tokenization;
use crate::text::xlsum::{self, sanitize, Language, Segmenter};

/// The Python segmenter a language needs (`"chinese"`, `"thai"`, `"japanese"`), if any.
pub fn external_segmenter(language: &Language) -> Option<&'static str> {
    (language.segmenter == Segmenter::External).then_some(language.name)
}

/// The value of a `lang=` argument as a name: a `TypeError` naming the argument for anything but
/// a `str` (every entry point that takes `lang` reads it through here).
pub fn language_name<'a>(lang: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    let name = lang.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("lang must be a language name (str), not {}", type_name(lang)))
    })?;
    name.to_str()
}

/// `(name, segmenter)` of a language: the scorer's name and `"default"`, `"burmese"`, or the
/// external segmenter's language (`"chinese"`, `"thai"`, `"japanese"`).
#[pyfunction]
fn xlsum_language(lang: &Bound<'_, PyAny>) -> PyResult<(&'static str, &'static str)> {
    guard("xlsum_language", || {
        let l = Language::parse(language_name(lang)?)?;
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
#[allow(clippy::type_complexity)]
fn xlsum_languages() -> PyResult<(Vec<&'static str>, Vec<(&'static str, &'static str)>)> {
    guard("xlsum_languages", || Ok((Language::names().collect(), Language::aliases().collect())))
}

/// The scorer's segmenter input: `text` lowercased and sanitized, words joined by one space.
#[pyfunction]
fn xlsum_sanitize(text: &Bound<'_, PyAny>) -> PyResult<String> {
    guard("xlsum_sanitize", || {
        let t = rouge_text(text, || "text".into())?;
        Ok(sanitize::sanitized(t.text, t.lowercase))
    })
}

/// `text` (a `str` or UTF-8 `bytes`) as the tokenizer takes it for a language a Python library
/// segments: `segment` (the library's word segmenter) applied to the sanitized text, its tokens
/// and the original text joined as [`xlsum::presegmented`] says.
fn presegment(text: &Bound<'_, PyAny>, segment: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let t = rouge_text(text, || what.to_owned())?;
    let sanitized = sanitize::sanitized(t.text, t.lowercase);
    let tokens: Vec<String> =
        if sanitized.is_empty() { Vec::new() } else { segment.call1((sanitized,))?.extract()? };
    Ok(xlsum::presegmented(tokens.iter().map(String::as_str), t.text))
}

/// [`presegment`] for the Python layer's batches.
#[pyfunction]
#[pyo3(signature = (text, segment, what="text"))]
fn xlsum_presegment(text: &Bound<'_, PyAny>, segment: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    guard("xlsum_presegment", || presegment(text, segment, what))
}

/// The scorer's tokens of `text` in `lang`: `(tokens, line_tokens)`, stemmed with `use_stemmer`.
/// For Chinese, Thai and Japanese, `load_segmenter(language)` gives the Python word segmenter
/// (without it, `text` must be presegmented already).
#[pyfunction]
#[pyo3(signature = (text, lang, use_stemmer=false, load_segmenter=None))]
fn xlsum_tokenize(
    text: &Bound<'_, PyAny>,
    lang: &Bound<'_, PyAny>,
    use_stemmer: bool,
    load_segmenter: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    guard("xlsum_tokenize", || {
        let Tokenization::XlSum { language, stemmer } =
            Tokenization::xlsum(language_name(lang)?, use_stemmer)?
        else {
            unreachable!("xlsum() builds the XL-Sum mode")
        };
        let segmented = match (external_segmenter(&language), load_segmenter) {
            (Some(name), Some(load)) => Some(presegment(text, &load.call1((name,))?, "text")?),
            _ => None,
        };
        let segmented = segmented.map(|s| PyString::new(text.py(), &s).into_any());
        let t = rouge_text(segmented.as_ref().unwrap_or(text), || "text".into())?;
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

/// The tokens of `tokenizer="unicode"`.
#[pyfunction]
fn unicode_tokenize(text: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    guard("unicode_tokenize", || {
        let t = rouge_text(text, || "text".into())?;
        Ok(crate::text::unicode::tokenize(t.text))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(xlsum_language, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_languages, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_sanitize, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_presegment, m)?)?;
    m.add_function(wrap_pyfunction!(xlsum_tokenize, m)?)?;
    m.add_function(wrap_pyfunction!(unicode_tokenize, m)?)?;
    Ok(())
}
