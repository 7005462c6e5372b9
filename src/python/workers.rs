//! The `workers` argument of every batch call, checked once for all of them.
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::batch::{resolve_workers, MAX_WORKERS};

/// A checked `workers` value (`-1`: all cores; `1..=MAX_WORKERS`: at most that many threads).
/// Extracting it from any Python int gives a `ValueError` naming `workers` when it is out of
/// range, instead of the `OverflowError` naming nothing that an `i64` extraction raises.
#[derive(Clone, Copy)]
pub struct Workers(Option<usize>);

impl<'a, 'py> FromPyObject<'a, 'py> for Workers {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
            let name = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into());
            return Err(PyTypeError::new_err(format!("workers must be an int or None, not {name}")));
        }
        let n: i64 = obj.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "workers: must be an integer from 1 to {MAX_WORKERS}, -1 or None, got {}",
                obj.as_any()
            ))
        })?;
        Ok(Workers(resolve_workers(Some(n))?))
    }
}

/// The thread count for the batch helpers (`None`: one thread per core), with the threads the
/// call can use already running: entry points call this first, before they allocate anything
/// sized by their input (see `crate::batch::ready`).
pub fn threads(workers: Option<Workers>) -> Option<usize> {
    let workers = workers.and_then(|w| w.0);
    crate::batch::ready(workers);
    workers
}
