//! Python bindings for the stemmers (used by the parity tests against the reference stemmers).
use pyo3::prelude::*;

use super::guard::guard;
use crate::stem::nltk_porter;

/// Stem each word as `nltk.stem.porter.PorterStemmer().stem(word)` does (NLTK 3.10.4).
#[pyfunction]
fn nltk_porter_stem(py: Python<'_>, words: Vec<String>) -> PyResult<Vec<String>> {
    guard("nltk_porter_stem", || Ok(py.detach(|| words.iter().map(|w| nltk_porter::stem(w)).collect())))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nltk_porter_stem, m)?)?;
    Ok(())
}
