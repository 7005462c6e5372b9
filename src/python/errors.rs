//! The single mapping from the crate's `Error` to Python exceptions.
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::PyErr;

use crate::error::Error;

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        match err {
            Error::Value { .. } => PyValueError::new_err(err.to_string()),
            Error::Input(msg) => PyOSError::new_err(msg),
        }
    }
}
