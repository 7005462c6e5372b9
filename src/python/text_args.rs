//! Extracting texts from Python arguments without copying them.
//!
//! Strings are borrowed from the Python objects, which the caller keeps alive (in a `Vec` of
//! `Bound`s) for as long as the borrowed `&str`s are used, including inside `py.detach`.
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::rouge::scorer::Text;
use crate::text::rouge_score::Lowercase;

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into())
}

/// A `str` (lowercased by `str.lower()`) or UTF-8 `bytes` (lowercased by `bytes.lower()`, as
/// rouge_score treats them). `what` names the argument in the error message.
pub fn rouge_text<'a>(obj: &'a Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<Text<'a>> {
    if let Ok(s) = obj.cast::<PyString>() {
        // Only a lone surrogate (not valid Unicode text) makes a str unencodable.
        let text = s.to_str().map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{} contains a lone surrogate code point, which is not valid Unicode text",
                what()
            ))
        })?;
        return Ok(Text { text, lowercase: Lowercase::Unicode });
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        let text = std::str::from_utf8(b.as_bytes()).map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(format!("{}: invalid UTF-8: {e}", what()))
        })?;
        return Ok(Text { text, lowercase: Lowercase::Ascii });
    }
    Err(PyTypeError::new_err(format!("{} must be str or bytes, not {}", what(), type_name(obj))))
}

/// The items of a list or tuple (not a bare string), as owned handles.
pub fn sequence_items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list of strings, not a single {}",
            type_name(obj)
        )));
    }
    let iter = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a list, not {}", type_name(obj))))?;
    iter.collect()
}

/// The error for a `str` that is not valid Unicode text (it holds a lone surrogate).
pub fn surrogate_error(what: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!(
        "{what} contains a lone surrogate code point, which is not valid Unicode text"
    ))
}

/// The UTF-8 text of a `str`; a lone surrogate is a `ValueError` naming the item.
pub fn str_text<'a>(s: &'a Bound<'_, PyString>, what: impl FnOnce() -> String) -> PyResult<&'a str> {
    s.to_str().map_err(|_| surrogate_error(what()))
}

/// The `str` items of a sequence (not a bare string), as handles the caller keeps alive while
/// their text is borrowed.
pub fn str_items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyString>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must be a sequence of strings, not a single str")));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a sequence of strings, got {}", type_name(obj)))
    })?;
    iter.enumerate()
        .map(|(i, item)| {
            let item = item?;
            let name = type_name(&item);
            item.cast_into::<PyString>()
                .map_err(|_| PyTypeError::new_err(format!("{what}[{i}] must be a str, got {name}")))
        })
        .collect()
}

/// The text of each of `str_items`' handles; `what` names the argument in errors.
pub fn texts<'a>(items: &'a [Bound<'_, PyString>], what: &str) -> PyResult<Vec<&'a str>> {
    items.iter().enumerate().map(|(i, s)| str_text(s, || format!("{what}[{i}]"))).collect()
}

/// sacrebleu's reference streams `references[k][i]` as handles (`None`: a missing reference).
pub type Streams<'py> = Vec<Vec<Option<Bound<'py, PyString>>>>;

/// sacrebleu's reference streams (`str` or `None` items) as handles.
pub fn stream_items<'py>(streams: &Bound<'py, PyAny>) -> PyResult<Streams<'py>> {
    if streams.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("references must be a sequence of reference streams, not a str"));
    }
    let mut handles = Vec::new();
    for (k, stream) in streams.try_iter()?.enumerate() {
        let stream = stream?;
        if stream.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "references[{k}] must be a sequence of strings, not a str"
            )));
        }
        let mut items = Vec::new();
        for (i, item) in stream.try_iter()?.enumerate() {
            let item = item?;
            items.push(if item.is_none() {
                None
            } else {
                Some(item.cast_into::<PyString>().map_err(|_| {
                    PyTypeError::new_err(format!("references[{k}][{i}] must be a str or None"))
                })?)
            });
        }
        handles.push(items);
    }
    Ok(handles)
}

/// The texts of `stream_items`' handles.
pub fn stream_texts<'a>(
    handles: &'a [Vec<Option<Bound<'_, PyString>>>],
) -> PyResult<Vec<Vec<Option<&'a str>>>> {
    handles
        .iter()
        .enumerate()
        .map(|(k, s)| {
            s.iter()
                .enumerate()
                .map(|(i, o)| o.as_ref().map(|x| str_text(x, || format!("references[{k}][{i}]"))).transpose())
                .collect::<PyResult<_>>()
        })
        .collect()
}
