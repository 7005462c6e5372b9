//! The single mapping from the crate's `Error` to Python exceptions.
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ConfigError", m.py().get_type::<ConfigError>())?;
    Ok(())
}
