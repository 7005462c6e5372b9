//! The arguments of a sentence-level call (`sentence_score(hypothesis, references)`) taken
//! without building any list: the fast path of the per-call scorers.
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// A hypothesis and its references, as Python strings.
pub type Texts<'py> = (Bound<'py, PyString>, Vec<Bound<'py, PyString>>);

/// One segment's texts: `Some((hypothesis, references))` when `hypothesis` is a `str` and
/// `references` a list or tuple of `str`/`None` with at least one `str` (the `None`s left out),
/// `None` otherwise: the caller then takes its general path, which raises the right error. With
/// `lower`, the texts are Python's own `str.lower()` of the arguments, as sacrebleu lowercases.
pub fn sentence_texts<'py>(
    hypothesis: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    lower: bool,
) -> PyResult<Option<Texts<'py>>> {
    let text = |item: &Bound<'py, PyAny>| -> PyResult<Option<Bound<'py, PyString>>> {
        let Ok(s) = item.cast_exact::<PyString>() else {
            return Ok(None);
        };
        if lower {
            let lowered = s.call_method0(intern!(item.py(), "lower"))?;
            return Ok(lowered.cast_into::<PyString>().ok());
        }
        Ok(Some(s.clone()))
    };
    let Some(hyp) = text(hypothesis)? else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = if let Ok(list) = references.cast_exact::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = references.cast_exact::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return Ok(None);
    };
    let mut refs = Vec::with_capacity(items.len());
    for item in &items {
        if item.is_none() {
            continue;
        }
        let Some(r) = text(item)? else {
            return Ok(None);
        };
        refs.push(r);
    }
    Ok(if refs.is_empty() { None } else { Some((hyp, refs)) })
}

/// The UTF-8 text of each string, or `None` if one cannot be encoded (a lone surrogate: the
/// general path reports it).
pub fn utf8<'a>(strings: &'a [Bound<'_, PyString>]) -> Option<Vec<&'a str>> {
    strings.iter().map(|s| s.to_str().ok()).collect()
}
