//! `TextLines`: a text file read natively as lines (see `crate::text::lines`), a column that every
//! batch call reads without a Python string per line; indexing gives the lines as `str`.
use std::sync::Arc;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use super::guard::guard;
use crate::text::lines::Lines;

#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct TextLines {
    pub lines: Arc<Lines>,
}

#[pymethods]
impl TextLines {
    /// The lines of the UTF-8 file at `path` (split at "\n", each `str.rstrip()`ed, as Python's
    /// `open(path, encoding="utf-8", newline="\n")` and sacrebleu read them), or None when the
    /// file cannot be read or is not UTF-8: the caller then reads it with Python, which words the error.
    #[staticmethod]
    fn read(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Option<TextLines>> {
        guard("TextLines.read", || {
            Ok(py.detach(|| Lines::read_utf8(&path)).map(|lines| TextLines { lines: Arc::new(lines) }))
        })
    }

    /// [`TextLines::read`] of several files at once, in parallel (a command reads its reference
    /// and system files together): one `TextLines` or None per path, in order.
    #[staticmethod]
    fn read_many(py: Python<'_>, paths: Vec<std::path::PathBuf>) -> PyResult<Vec<Option<TextLines>>> {
        guard("TextLines.read_many", || {
            let read = py.detach(|| crate::batch::map(&paths, None, |p| Lines::read_utf8(p)));
            Ok(read.into_iter().map(|l| l.map(|lines| TextLines { lines: Arc::new(lines) })).collect())
        })
    }

    fn __len__(&self) -> PyResult<usize> {
        guard("TextLines.__len__", || Ok(self.lines.len()))
    }

    fn __getitem__(&self, index: isize) -> PyResult<&str> {
        guard("TextLines.__getitem__", || {
            let n = self.lines.len() as isize;
            let i = if index < 0 { index + n } else { index };
            if !(0..n).contains(&i) {
                return Err(PyIndexError::new_err("TextLines index out of range"));
            }
            Ok(self.lines.get(i as usize))
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guard("TextLines.__repr__", || Ok(format!("<TextLines: {} lines>", self.lines.len())))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TextLines>()?;
    Ok(())
}
