//! Extracting texts from Python arguments without copying them.
//!
//! Strings are borrowed from the Python objects, which the caller keeps alive (in a `Vec` of
//! `Bound`s) for as long as the borrowed `&str`s are used, including inside `py.detach`.
use pyo3::exceptions::PyTypeError;
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
