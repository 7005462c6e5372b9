//! The vocabularies of the string options (`crate::options`) for the Python front ends:
//! `OPTIONS` lists each one's names, and `check_option` validates a value against one, with the
//! same error the native calls give. `DEFAULT_ROUGE_TYPES` is the default of every ROUGE call.
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use super::errors::type_name;
use super::guard::guard;
use crate::options::{all, Listing};

fn find(vocabulary: &str) -> PyResult<Listing> {
    all()
        .into_iter()
        .find(|l| l.key == vocabulary)
        .ok_or_else(|| PyKeyError::new_err(format!("no option vocabulary {vocabulary:?}")))
}

/// `check_option(vocabulary, value, name)`: `value` when it is one of the names of `vocabulary`
/// (a key of `OPTIONS`); a `TypeError` naming `name` when it is not a `str`, the vocabulary's
/// `ValueError` when it is not one of them.
#[pyfunction]
fn check_option<'py>(
    vocabulary: &str,
    value: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Bound<'py, PyString>> {
    guard("check_option", || {
        let listing = find(vocabulary)?;
        let s = value
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err(format!("{name} must be a str, not {}", type_name(value))))?;
        (listing.check)(s.to_str()?)?;
        Ok(s.clone())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let options = PyDict::new(m.py());
    for l in all() {
        options.set_item(l.key, PyTuple::new(m.py(), l.names)?)?;
    }
    m.add("OPTIONS", options)?;
    m.add("DEFAULT_ROUGE_TYPES", PyTuple::new(m.py(), crate::rouge::types::DEFAULT_TYPES)?)?;
    m.add_function(wrap_pyfunction!(check_option, m)?)?;
    Ok(())
}
