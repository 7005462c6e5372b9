//! Extracting texts from Python arguments without copying them.
//!
//! Strings are borrowed from the Python objects, which the caller keeps alive (in a `Vec` of
//! `Bound`s) for as long as the borrowed `&str`s are used, including inside `py.detach`.
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use super::columns::{column, Column, ListColumn, TextColumn};
use super::errors::{null_error, surrogate_error, type_name};
use crate::rouge::scorer::Text;
use crate::text::rouge_score::Lowercase;

/// A `str` (lowercased by `str.lower()`) or UTF-8 `bytes` (lowercased by `bytes.lower()`, as
/// rouge_score treats them). `what` names the argument in the error message.
pub fn rouge_text<'a>(obj: &'a Bound<'_, PyAny>, what: impl FnOnce() -> String) -> PyResult<Text<'a>> {
    if let Ok(s) = obj.cast::<PyString>() {
        // Only a lone surrogate (not valid Unicode text) makes a str unencodable.
        let text = s.to_str().map_err(|_| surrogate_error(what()))?;
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

/// Refuses one text (a `str` or `bytes`) where several are expected: iterating it would score its
/// characters. The same words as the Python layer's `_args.not_one_text`.
pub fn not_one_text(obj: &Bound<'_, PyAny>, what: &str, expected: &str) -> PyResult<()> {
    let noun = if obj.is_instance_of::<PyString>() {
        "string"
    } else if obj.is_instance_of::<PyBytes>() {
        "bytes object"
    } else {
        return Ok(());
    };
    Err(PyTypeError::new_err(format!("{what} must be {expected}, not a single {noun}")))
}

/// The items of a list or tuple (not a bare string), as owned handles.
pub fn sequence_items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    not_one_text(obj, what, "a list of strings")?;
    let iter = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a list, not {}", type_name(obj))))?;
    iter.collect()
}

/// The texts of a ROUGE batch argument: a sequence's items (`str` or `bytes`), or a column.
pub enum RougeItems<'py> {
    Objects(Vec<Bound<'py, PyAny>>),
    Column(TextColumn),
}

/// `obj` as a column, or else as a sequence of `str`/`bytes` (not a bare string).
pub fn rouge_items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<RougeItems<'py>> {
    match column(obj, what)? {
        Some(Column::Text(t)) => Ok(RougeItems::Column(t)),
        Some(Column::List(_)) => {
            Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
        }
        None => sequence_items(obj, what).map(RougeItems::Objects),
    }
}

/// The UTF-8 text of a `str`; a lone surrogate is a `ValueError` naming the item.
pub fn str_text<'a>(s: &'a Bound<'_, PyString>, what: impl FnOnce() -> String) -> PyResult<&'a str> {
    s.to_str().map_err(|_| surrogate_error(what()))
}

/// The texts of a batch argument: a Python sequence's `str` items (borrowed), or a column.
pub enum TextItems<'py> {
    Strs(Vec<Bound<'py, PyString>>),
    Column(TextColumn),
}

/// The texts of `obj`: a column (see columns.rs) or a sequence of `str` (not a bare string), as
/// handles the caller keeps alive while their text is borrowed.
pub fn str_items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<TextItems<'py>> {
    not_one_text(obj, what, "a sequence of strings")?;
    match column(obj, what)? {
        Some(Column::Text(t)) => return Ok(TextItems::Column(t)),
        Some(Column::List(_)) => {
            return Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
        }
        None => {}
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a sequence of strings, got {}", type_name(obj)))
    })?;
    iter.enumerate()
        .map(|(i, item)| {
            // The type's name only for the error: asking for it costs an attribute lookup and
            // an allocation, a measurable part of a sentence score per item.
            item?.cast_into::<PyString>().map_err(|e| {
                let name = type_name(&e.into_inner());
                PyTypeError::new_err(format!("{what}[{i}] must be a str, got {name}"))
            })
        })
        .collect::<PyResult<_>>()
        .map(TextItems::Strs)
}

/// The text of each of `str_items`' rows; `what` names the argument in errors (a null row of a
/// column is a `ValueError` naming it).
pub fn texts<'a>(items: &'a TextItems<'_>, what: &str) -> PyResult<Vec<&'a str>> {
    match items {
        TextItems::Strs(v) => {
            v.iter().enumerate().map(|(i, s)| str_text(s, || format!("{what}[{i}]"))).collect()
        }
        TextItems::Column(c) => {
            c.iter().enumerate().map(|(i, t)| t.ok_or_else(|| null_error(format!("{what}[{i}]")))).collect()
        }
    }
}

/// One reference stream: `str`/`None` handles from a Python sequence, or a column (nulls are
/// missing references, as sacrebleu's `None`).
pub enum StreamItems<'py> {
    Strs(Vec<Option<Bound<'py, PyString>>>),
    Column(TextColumn),
}

/// sacrebleu's reference streams `references[k][i]`, or a list column: row `i` holds the
/// references of segment `i` (streams are its positions; shorter rows and nulls are missing).
pub enum Streams<'py> {
    Streams(Vec<StreamItems<'py>>),
    Rows(ListColumn),
}

/// sacrebleu's reference streams (`str` or `None` items, or columns) as handles; a single text
/// column is one stream, a list column holds the references of each row.
pub fn stream_items<'py>(streams: &Bound<'py, PyAny>) -> PyResult<Streams<'py>> {
    not_one_text(streams, "references", "a sequence of reference streams")?;
    match column(streams, "references")? {
        Some(Column::Text(t)) => return Ok(Streams::Streams(vec![StreamItems::Column(t)])),
        Some(Column::List(l)) => return Ok(Streams::Rows(l)),
        None => {}
    }
    let mut handles = Vec::new();
    for (k, stream) in streams.try_iter()?.enumerate() {
        let stream = stream?;
        let what = format!("references[{k}]");
        not_one_text(&stream, &what, "a sequence of strings")?;
        match column(&stream, &what)? {
            Some(Column::Text(t)) => {
                handles.push(StreamItems::Column(t));
                continue;
            }
            Some(Column::List(_)) => {
                return Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
            }
            None => {}
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
        handles.push(StreamItems::Strs(items));
    }
    Ok(Streams::Streams(handles))
}

/// The texts of `stream_items`' handles, stream-major (`out[k][i]`).
pub fn stream_texts<'a>(handles: &'a Streams<'_>) -> PyResult<Vec<Vec<Option<&'a str>>>> {
    match handles {
        Streams::Streams(streams) => streams
            .iter()
            .enumerate()
            .map(|(k, s)| match s {
                StreamItems::Strs(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, o)| {
                        o.as_ref().map(|x| str_text(x, || format!("references[{k}][{i}]"))).transpose()
                    })
                    .collect::<PyResult<_>>(),
                StreamItems::Column(c) => Ok(c.iter().collect()),
            })
            .collect(),
        Streams::Rows(rows) => {
            let n = rows.len();
            let width = (0..n).map(|i| rows.row(i).map_or(0, |r| r.count())).max().unwrap_or(0);
            let mut out = vec![vec![None; n]; width.max(1)];
            for i in 0..n {
                for (column, t) in out.iter_mut().zip(rows.row(i).into_iter().flatten()) {
                    column[i] = t;
                }
            }
            Ok(out)
        }
    }
}
