//! The single mapping from the crate's `Error` to Python exceptions, and the messages the
//! argument extraction shares (a type's name, a lone surrogate, a null row).
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::PyErr;

use crate::error::Error;

pyo3::create_exception!(
    _rougebleu,
    ConfigError,
    PyValueError,
    "A ROUGE-1.5.5 configuration file that cannot be read or does not describe an evaluation."
);

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        match err {
            Error::Value { .. } => PyValueError::new_err(err.to_string()),
            Error::Input(msg) => PyOSError::new_err(msg),
            Error::Config(msg) => ConfigError::new_err(msg),
            Error::Memory { .. } => PyMemoryError::new_err(err.to_string()),
        }
    }
}

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into())
}

/// The error for a `str` that is not valid Unicode text (it holds a lone surrogate).
pub fn surrogate_error(what: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!(
        "{what} contains a lone surrogate code point, which is not valid Unicode text"
    ))
}

/// The error for a null row where a text is required.
pub fn null_error(what: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{what} is null (missing); fill or drop missing rows first"))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ConfigError", m.py().get_type::<ConfigError>())?;
    Ok(())
}
