//! Python bindings for the exact sum behind `rougebleu.stats`: column sums of a float64 matrix as
//! exact integers (units of 2^-1074), which Python merges with plain `int` addition.
use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::guard::guard;
use super::long_call;
use crate::error::Error;
use crate::stats::ExactSum;

/// The exact sum of every column of a float64 `(n, k)` array: `k` little-endian two's complement
/// integers in units of 2^-1074 (`int.from_bytes(b, "little", signed=True)`).
#[pyfunction]
fn exact_column_sums<'py>(
    py: Python<'py>,
    values: PyReadonlyArray2<'py, f64>,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    guard("exact_column_sums", || {
        let view = values.as_array();
        let k = values.shape()[1];
        let sums = long_call::run(py, view.len(), || {
            let mut sums = vec![ExactSum::new(); k];
            for (i, row) in view.outer_iter().enumerate() {
                for (j, (sum, &x)) in sums.iter_mut().zip(row.iter()).enumerate() {
                    sum.add(x).map_err(|_| {
                        Error::value("values", format!("row {i}, column {j}: {x} is not finite"))
                    })?;
                }
            }
            Ok::<_, Error>(sums)
        })??;
        Ok(sums.iter().map(|s| PyBytes::new(py, &s.to_le_bytes())).collect())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(exact_column_sums, m)?)?;
    Ok(())
}
