//! Python bindings for the significance tests' shared pieces: NumPy's `default_rng` draws
//! (`NumpyGenerator`), the index matrices they give (`ResampleIndices`), per-segment statistics
//! kept native (`SegmentRows`) and resample scores with sacrebleu's summaries (`ResampleScores`).
//! Together they let a paired bootstrap run without NumPy; each converts to a NumPy array
//! (`__array__`) where a metric's NumPy path needs one.
use std::sync::Mutex;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::guard::guard;
use super::long_call;
use crate::error::Error;
use crate::significance::numpy_rng::Pcg64;
use crate::significance::summary::{estimate_ci, paired_p_value};

/// Row-major non-negative integer statistics from a 2-D int64 array whose column count `valid`
/// accepts (`columns` says which, for the error); BLEU's and chrF's segment statistics.
pub fn count_rows(
    stats: &PyReadonlyArray2<'_, i64>,
    arg: &'static str,
    valid: impl Fn(usize) -> bool,
    columns: &str,
) -> PyResult<(Vec<u64>, usize)> {
    let k = stats.shape()[1];
    if !valid(k) {
        return Err(Error::value(arg, format!("expected {columns} columns, got {k}")).into());
    }
    let mut out = Vec::with_capacity(stats.len());
    for &v in stats.as_array().iter() {
        if v < 0 {
            return Err(Error::value(arg, "statistics must be non-negative").into());
        }
        out.push(v as u64);
    }
    Ok((out, k))
}

/// sacrebleu's `(n_samples, n)` index matrix from NumPy as 32-bit indices, each checked to lie
/// in `0..n_seg`.
pub fn index_matrix(idx: &PyReadonlyArray2<'_, i64>, n_seg: usize) -> PyResult<Vec<u32>> {
    let mut out = Vec::with_capacity(idx.len());
    for &v in idx.as_array().iter() {
        if v < 0 || v as u64 >= n_seg as u64 || v > u32::MAX as i64 {
            return Err(Error::value("idx", format!("index {v} out of range for {n_seg} segments")).into());
        }
        out.push(v as u32);
    }
    Ok(out)
}

/// The end of an `__array__` method: `arr`, converted to `dtype` when NumPy asks for one (`copy`
/// is accepted and ignored: the array is always a new one, so a dtype it already has is no
/// reason to copy it again).
pub(super) fn as_dtype<'py>(
    arr: Bound<'py, PyAny>,
    dtype: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    match dtype {
        Some(d) if !d.is_none() => {
            let kwargs = pyo3::types::PyDict::new(arr.py());
            kwargs.set_item("copy", false)?;
            arr.call_method("astype", (d,), Some(&kwargs))
        }
        _ => Ok(arr),
    }
}

/// An `__array__` of integers: `values` as a NumPy int64 `(rows, cols)` matrix, then [`as_dtype`].
fn int64_matrix<'py>(
    py: Python<'py>,
    values: impl Iterator<Item = i64>,
    (rows, cols): (usize, usize),
    dtype: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    as_dtype(PyArray1::from_iter(py, values).reshape([rows, cols])?.into_any(), dtype)
}

/// NumPy's `numpy.random.default_rng(seed)`: `entropy` is the seed as little-endian 32-bit words.
#[pyclass(module = "rougebleu._rougebleu")]
pub struct NumpyGenerator {
    pub rng: Pcg64,
}

#[pymethods]
impl NumpyGenerator {
    #[new]
    fn new(entropy: Vec<u32>) -> PyResult<Self> {
        guard("NumpyGenerator.new", || {
            if entropy.is_empty() {
                return Err(Error::value("entropy", "give at least one word").into());
            }
            Ok(NumpyGenerator { rng: Pcg64::from_entropy(&entropy) })
        })
    }

    /// `choice(n, size=(rows, n), replace=True)`: `rows` bootstrap resamples of `n` segments.
    fn choice(&mut self, py: Python<'_>, n: usize, rows: usize) -> PyResult<ResampleIndices> {
        guard("NumpyGenerator.choice", || {
            if n as u64 > 1 << 32 {
                return Err(Error::value("n", format!("expected at most 2**32 segments, got {n}")).into());
            }
            if n == 0 {
                // NumPy draws nothing for no segments: an empty matrix, the generator untouched.
                return Ok(ResampleIndices { idx: IndexRows::Wide(Vec::new()), rows, n });
            }
            let idx = if n <= 1 << 16 {
                IndexRows::Narrow(self.draw::<u16>(py, n, rows)?)
            } else {
                IndexRows::Wide(self.draw::<u32>(py, n, rows)?)
            };
            Ok(ResampleIndices { idx, rows, n })
        })
    }

    /// `integers(2, size=(rows, n), dtype=bool)`, as a NumPy bool array.
    fn booleans<'py>(&mut self, py: Python<'py>, rows: usize, n: usize) -> PyResult<Bound<'py, PyAny>> {
        guard("NumpyGenerator.booleans", || {
            let mut bits = crate::memory::try_matrix::<bool>(rows, n, "swap masks")?;
            self.rng.fill_booleans(&mut bits);
            Ok(PyArray1::from_vec(py, bits).reshape([rows, n])?.into_any())
        })
    }
}

impl NumpyGenerator {
    /// `rows x n` draws of `choice(n)` into a matrix of `T`, serially (one stream), in chunks.
    fn draw<T>(&mut self, py: Python<'_>, n: usize, rows: usize) -> PyResult<Vec<T>>
    where
        T: crate::memory::Zeroed + From<u16> + TryFrom<u32> + Send,
    {
        crate::batch::ready(None); // the call thread first, the matrix after (see `batch::ready`)
        let mut idx = crate::memory::try_matrix::<T>(rows, n, "bootstrap indices")?;
        let rng = Mutex::new(&mut self.rng);
        long_call::run(py, rows.saturating_mul(n), || {
            crate::batch::fill_rows(&mut idx, n, Some(1), |_, row| {
                rng.lock().unwrap_or_else(|e| e.into_inner()).fill_choice(n as u64, row)
            })
        })?;
        Ok(idx)
    }
}

/// The segment indices of a bootstrap matrix: 16-bit when every index fits (at most 65,536
/// segments), which halves the memory that drawing fills and resampling reads.
pub enum IndexRows {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// A bootstrap index matrix: `shape` `(rows, n)`, rows of segment indices.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct ResampleIndices {
    pub idx: IndexRows,
    pub rows: usize,
    pub n: usize,
}

#[pymethods]
impl ResampleIndices {
    #[getter]
    fn shape(&self) -> PyResult<(usize, usize)> {
        guard("ResampleIndices.shape", || Ok((self.rows, self.n)))
    }

    /// The matrix as NumPy int64, what `Generator.choice` returns.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("ResampleIndices.__array__", || {
            let _ = copy;
            let shape = (self.rows, self.n);
            match &self.idx {
                IndexRows::Narrow(ix) => int64_matrix(py, ix.iter().map(|&v| v as i64), shape, dtype),
                IndexRows::Wide(ix) => int64_matrix(py, ix.iter().map(|&v| v as i64), shape, dtype),
            }
        })
    }
}

/// Per-segment statistics, `len` rows of `k` non-negative integers, kept native.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct SegmentRows {
    pub data: Vec<u64>,
    pub k: usize,
}

impl SegmentRows {
    fn rows(&self) -> usize {
        self.data.len() / self.k.max(1)
    }
}

#[pymethods]
impl SegmentRows {
    fn __len__(&self) -> PyResult<usize> {
        guard("SegmentRows.__len__", || Ok(self.rows()))
    }

    /// The column sums (exact integers).
    fn totals(&self) -> PyResult<Vec<u128>> {
        guard("SegmentRows.totals", || {
            let mut out = vec![0u128; self.k];
            for row in self.data.chunks(self.k.max(1)) {
                for (o, &v) in out.iter_mut().zip(row) {
                    *o += v as u128;
                }
            }
            Ok(out)
        })
    }

    /// The rows as a NumPy int64 `(len, k)` array.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("SegmentRows.__array__", || {
            let _ = copy;
            int64_matrix(py, self.data.iter().map(|&v| v as i64), (self.rows(), self.k), dtype)
        })
    }
}

/// The float64 scores of bootstrap resamples, with sacrebleu's summaries of them.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct ResampleScores {
    pub scores: Vec<f64>,
}

#[pymethods]
impl ResampleScores {
    /// Scores computed elsewhere (any metric's float64 resample scores).
    #[new]
    fn new(scores: Vec<f64>) -> PyResult<Self> {
        guard("ResampleScores.new", || Ok(ResampleScores { scores }))
    }

    /// The scores as a list of floats.
    fn tolist(&self) -> PyResult<Vec<f64>> {
        guard("ResampleScores.tolist", || Ok(self.scores.clone()))
    }

    /// sacrebleu's `estimate_ci`: `(mean, half width of the 95% interval)`.
    fn estimate_ci(&self) -> PyResult<(f64, f64)> {
        guard("ResampleScores.estimate_ci", || {
            Ok(estimate_ci(&self.scores).ok_or_else(|| Error::value("scores", "no resample scores"))?)
        })
    }

    /// The paired bootstrap p-value of these (a system's) scores against `baseline`'s, drawn with
    /// the same indices, given the real difference of the two corpus scores.
    fn p_value(&self, baseline: &ResampleScores, real_difference: f64) -> PyResult<f64> {
        guard("ResampleScores.p_value", || {
            if baseline.scores.len() != self.scores.len() {
                return Err(Error::value("baseline", "a different number of resamples").into());
            }
            Ok(paired_p_value(&self.scores, &baseline.scores, real_difference))
        })
    }

    /// The scores as a NumPy float64 array.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("ResampleScores.__array__", || {
            let _ = copy;
            as_dtype(PyArray1::from_slice(py, &self.scores).into_any(), dtype)
        })
    }
}

/// The `(n, k)` float64 table of the mean-based tests as one segment-major slice, with `k`.
fn mean_table(values: &PyReadonlyArray2<'_, f64>) -> PyResult<(Vec<f64>, usize)> {
    let (n, k) = (values.shape()[0], values.shape()[1]);
    if k == 0 {
        return Err(Error::value("values", "expected at least one column").into());
    }
    if n as u64 > 1 << 32 {
        return Err(Error::value("values", format!("expected at most 2**32 segments, got {n}")).into());
    }
    Ok((values.as_array().iter().copied().collect(), k))
}

fn check_samples(n_samples: usize, width: usize) -> PyResult<()> {
    if n_samples > crate::limits::MAX_BOOTSTRAP {
        let most = crate::limits::MAX_BOOTSTRAP;
        return Err(Error::value("n_samples", format!("must be at most {most}, got {n_samples}")).into());
    }
    crate::memory::check_matrix::<f64>(width, n_samples, "resample scores")?;
    Ok(())
}

/// Paired bootstrap of scores that are means of per-segment values: for each column of `values`
/// (`(n, k)` float64, segment-major), the means of the resamples `generator.choice(n, n_samples)`,
/// NumPy's `values[idx, c].mean(axis=1)` to the last bit (drawn a few rows at a time).
#[pyfunction]
fn mean_resample_scores(
    py: Python<'_>,
    values: PyReadonlyArray2<'_, f64>,
    mut generator: PyRefMut<'_, NumpyGenerator>,
    n_samples: usize,
) -> PyResult<Vec<ResampleScores>> {
    guard("mean_resample_scores", || {
        let (table, k) = mean_table(&values)?;
        check_samples(n_samples, k)?;
        let rng = &mut generator.rng;
        let work = n_samples.saturating_mul(table.len() / k);
        let columns = long_call::run(py, work, || {
            crate::significance::means::bootstrap_means(&table, k, rng, n_samples)
        })?;
        Ok(columns.into_iter().map(|scores| ResampleScores { scores }).collect())
    })
}

/// Approximate randomization of scores that are means of per-segment values: with the swap masks
/// `generator.booleans(n_samples, n)`, for each `(baseline, system)` pair of columns of `values`,
/// the float64 arrays `(a, b)` of NumPy's `np.where(swap, baseline, system).mean(axis=1)` and
/// `np.where(swap, system, baseline).mean(axis=1)`.
#[pyfunction]
fn mean_randomization_scores<'py>(
    py: Python<'py>,
    values: PyReadonlyArray2<'py, f64>,
    pairs: Vec<(usize, usize)>,
    mut generator: PyRefMut<'py, NumpyGenerator>,
    n_samples: usize,
) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    guard("mean_randomization_scores", || {
        let (table, k) = mean_table(&values)?;
        if let Some(&(b, s)) = pairs.iter().find(|&&(b, s)| b >= k || s >= k) {
            return Err(
                Error::value("pairs", format!("column ({b}, {s}) out of range for {k} columns")).into()
            );
        }
        check_samples(n_samples, 2 * pairs.len())?;
        let rng = &mut generator.rng;
        let work = n_samples.saturating_mul(table.len() / k);
        let out = long_call::run(py, work, || {
            crate::significance::means::randomization_means(&table, k, &pairs, rng, n_samples)
        })?;
        Ok(out
            .into_iter()
            .map(|(a, b)| (PyArray1::from_vec(py, a).into_any(), PyArray1::from_vec(py, b).into_any()))
            .collect())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mean_resample_scores, m)?)?;
    m.add_function(wrap_pyfunction!(mean_randomization_scores, m)?)?;
    m.add_class::<NumpyGenerator>()?;
    m.add_class::<ResampleIndices>()?;
    m.add_class::<SegmentRows>()?;
    m.add_class::<ResampleScores>()?;
    Ok(())
}
