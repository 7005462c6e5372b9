//! Python bindings for sacrebleu-compatible chrF/chrF++: per-segment statistics and sentence scores
//! as NumPy arrays, a reference cache object, the all-pairs matrix and bootstrap scores. Texts are
//! borrowed while attached; the work runs detached.
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::guard::guard;
use super::long_call::{self, Size};
use super::sentence::{sentence_texts, utf8};
use super::significance::{count_rows, index_matrix, SegmentRows};
use super::text_args::{str_items, stream_items, stream_texts, texts};
use super::workers::{threads, Workers};
use crate::batch::map_range;
use crate::chrf::corpus::{with_segment_stats, ChrfRefs};
use crate::chrf::pairwise::pairwise;
use crate::chrf::score::{bootstrap_scores, f_score};
use crate::chrf::ChrfOptions;
use crate::error::Error;

/// `(char_order, word_order, beta, whitespace, eps_smoothing)` as Python passes them.
pub(super) type Opts = (i64, i64, f64, bool, bool);

pub(super) fn options(o: Opts) -> PyResult<ChrfOptions> {
    Ok(ChrfOptions::new(o.0, o.1, o.2, o.3, o.4)?)
}

fn refs_from(py: Python<'_>, streams: &Bound<'_, PyAny>) -> PyResult<ChrfRefs> {
    let handles = stream_items(streams)?;
    let borrowed = stream_texts(&handles)?;
    let size = Size::streams(borrowed.iter().map(|s| s.len()).max().unwrap_or(0), &[], &borrowed);
    Ok(long_call::run(py, size, || ChrfRefs::new(&borrowed))??)
}

/// Row-major statistics from a 2-D integer array with `3 * orders` columns.
fn stats_rows(stats: &PyReadonlyArray2<'_, i64>, arg: &'static str) -> PyResult<(Vec<u64>, usize)> {
    count_rows(stats, arg, |k| k >= 3 && k % 3 == 0, "3 * (char_order + word_order)")
}

/// The references of a test set, checked and copied once, reusable for any number of systems.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct ChrfReferences {
    refs: ChrfRefs,
}

#[pymethods]
impl ChrfReferences {
    /// `streams[k][i]` = reference k of segment i (`None` = missing).
    #[new]
    fn new(py: Python<'_>, streams: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard("ChrfReferences.new", || Ok(ChrfReferences { refs: refs_from(py, streams)? }))
    }

    /// References per segment, or -1 when it varies.
    #[getter]
    fn num_refs(&self) -> PyResult<i64> {
        guard("ChrfReferences.num_refs", || Ok(self.refs.num_refs.map_or(-1, |n| n as i64)))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard("ChrfReferences.__len__", || Ok(self.refs.len()))
    }

    /// Per-segment statistics, `(n, 3 * orders)` native rows (NumPy int64 through `__array__`).
    #[pyo3(signature = (hypotheses, options, workers=None))]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        hypotheses: &Bound<'py, PyAny>,
        options: Opts,
        workers: Option<Workers>,
    ) -> PyResult<SegmentRows> {
        guard("ChrfReferences.stats", || {
            let opts = self::options(options)?;
            let workers = threads(workers);
            let items = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&items, "hypotheses")?;
            let size =
                Size::bytes(hyps.len(), hyps.iter().map(|h| h.len()).sum::<usize>() + self.refs.text_len());
            let flat = long_call::run(py, size, || self.refs.stats(&hyps, &opts, workers))??;
            Ok(SegmentRows { data: flat, k: opts.stats_len() })
        })
    }

    /// Sentence chrF of each hypothesis against its segment's references, float64 array.
    #[pyo3(signature = (hypotheses, options, workers=None))]
    fn sentence_scores<'py>(
        &self,
        py: Python<'py>,
        hypotheses: &Bound<'py, PyAny>,
        options: Opts,
        workers: Option<Workers>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        guard("ChrfReferences.sentence_scores", || {
            let opts = self::options(options)?;
            let workers = threads(workers);
            let items = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&items, "hypotheses")?;
            let size =
                Size::bytes(hyps.len(), hyps.iter().map(|h| h.len()).sum::<usize>() + self.refs.text_len());
            let scores = long_call::run(py, size, || self.refs.sentence_scores(&hyps, &opts, workers))??;
            Ok(PyArray1::from_vec(py, scores))
        })
    }
}

/// chrF of summed statistics (`3 * orders` non-negative integers).
#[pyfunction]
fn chrf_score_from_stats(stats: Vec<i64>, beta: f64, eps_smoothing: bool) -> PyResult<f64> {
    guard("chrf_score_from_stats", || {
        if stats.is_empty() || stats.len() % 3 != 0 || stats.iter().any(|&v| v < 0) {
            return Err(Error::value(
                "stats",
                "expected 3 * (char_order + word_order) non-negative integers",
            )
            .into());
        }
        ChrfOptions::new(1, 0, beta, false, eps_smoothing)?;
        let stats: Vec<u64> = stats.into_iter().map(|v| v as u64).collect();
        Ok(f_score(&stats, beta, eps_smoothing))
    })
}

/// One chrF per row of statistics, float64 array.
#[pyfunction]
#[pyo3(signature = (stats, beta, eps_smoothing, workers=None))]
fn chrf_scores_from_stats<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, i64>,
    beta: f64,
    eps_smoothing: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("chrf_scores_from_stats", || {
        ChrfOptions::new(1, 0, beta, false, eps_smoothing)?;
        let workers = threads(workers);
        let (flat, k) = stats_rows(&stats, "stats")?;
        let n = flat.len() / k;
        let scores = long_call::run(py, n, || {
            map_range(n, workers, |i| f_score(&flat[i * k..(i + 1) * k], beta, eps_smoothing))
        })?;
        Ok(PyArray1::from_vec(py, scores))
    })
}

/// One-shot per-segment statistics against reference `streams`: `((n, 3 * orders) native rows,
/// references per segment or -1 when it varies)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, streams, options, workers=None))]
fn chrf_stats<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    streams: &Bound<'py, PyAny>,
    options: Opts,
    workers: Option<Workers>,
) -> PyResult<(SegmentRows, i64)> {
    guard("chrf_stats", || {
        let opts = self::options(options)?;
        let workers = threads(workers);
        let items = str_items(hypotheses, "hypotheses")?;
        let hyps = texts(&items, "hypotheses")?;
        let refs = refs_from(py, streams)?;
        let size = Size::bytes(hyps.len(), hyps.iter().map(|h| h.len()).sum::<usize>() + refs.text_len());
        let flat = long_call::run(py, size, || refs.stats(&hyps, &opts, workers))??;
        Ok((SegmentRows { data: flat, k: opts.stats_len() }, refs.num_refs.map_or(-1, |n| n as i64)))
    })
}

/// Sentence chrF of each hypothesis against its references (one-shot), float64 array and the
/// references per segment (-1 when it varies).
#[pyfunction]
#[pyo3(signature = (hypotheses, streams, options, workers=None))]
fn chrf_sentence_scores<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    streams: &Bound<'py, PyAny>,
    options: Opts,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, i64)> {
    guard("chrf_sentence_scores", || {
        let opts = self::options(options)?;
        let workers = threads(workers);
        let items = str_items(hypotheses, "hypotheses")?;
        let hyps = texts(&items, "hypotheses")?;
        let refs = refs_from(py, streams)?;
        let size = Size::bytes(hyps.len(), hyps.iter().map(|h| h.len()).sum::<usize>() + refs.text_len());
        let scores = long_call::run(py, size, || refs.sentence_scores(&hyps, &opts, workers))??;
        Ok((PyArray1::from_vec(py, scores), refs.num_refs.map_or(-1, |n| n as i64)))
    })
}

/// All-pairs sentence chrF, float64 `(len(hypotheses), len(candidates))`, each candidate a single reference.
#[pyfunction]
#[pyo3(signature = (hypotheses, candidates, options, workers=None))]
fn chrf_pairwise<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    options: Opts,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("chrf_pairwise", || {
        let opts = self::options(options)?;
        let workers = threads(workers);
        let (hi, ri) = (str_items(hypotheses, "hypotheses")?, str_items(candidates, "candidates")?);
        let (h, r) = (texts(&hi, "hypotheses")?, texts(&ri, "candidates")?);
        let (n, m) = (h.len(), r.len());
        let scores = long_call::run(py, n.saturating_mul(m), || pairwise(&h, &r, &opts, workers))??;
        Ok(PyArray1::from_vec(py, scores).reshape([n, m])?.into_any())
    })
}

/// Bootstrap resample scores (`idx` is sacrebleu's `(n_samples, n)` index matrix) and whether each
/// is a float32 in sacrebleu (bool array).
#[pyfunction]
#[pyo3(signature = (stats, idx, beta, eps_smoothing, workers=None))]
#[allow(clippy::type_complexity)]
fn chrf_bootstrap_scores<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, i64>,
    idx: PyReadonlyArray2<'py, i64>,
    beta: f64,
    eps_smoothing: bool,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<bool>>)> {
    guard("chrf_bootstrap_scores", || {
        ChrfOptions::new(1, 0, beta, false, eps_smoothing)?;
        let (flat, k) = stats_rows(&stats, "stats")?;
        let n_seg = flat.len() / k;
        let n = idx.shape()[1];
        let ix = index_matrix(&idx, n_seg)?;
        let (scores, is32): (Vec<f64>, Vec<bool>) =
            long_call::run(py, n.saturating_mul(flat.len() / k.max(1)), || {
                bootstrap_scores(&flat, k, &ix, n, beta, eps_smoothing, threads(workers)).into_iter().unzip()
            })?;
        Ok((PyArray1::from_vec(py, scores), PyArray1::from_vec(py, is32)))
    })
}

/// Sentence chrF for one call: options checked once, a hypothesis and its references in, the
/// score out, with no arrays in between.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct ChrfSentence {
    opts: ChrfOptions,
    lowercase: bool,
}

#[pymethods]
impl ChrfSentence {
    /// `lowercase` applies Python's `str.lower()` to the texts, as sacrebleu does.
    #[new]
    fn new(options: Opts, lowercase: bool) -> PyResult<Self> {
        guard("ChrfSentence.new", || Ok(ChrfSentence { opts: self::options(options)?, lowercase }))
    }

    /// `(score, number of references)` of `hypothesis` against `references`, or `None` unless
    /// the hypothesis is a `str` and the references a list or tuple of `str`/`None` with at least
    /// one `str`.
    fn score(
        &self,
        py: Python<'_>,
        hypothesis: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(f64, usize)>> {
        guard("ChrfSentence.score", || {
            let Some((hyp, refs)) = sentence_texts(hypothesis, references, self.lowercase)? else {
                return Ok(None);
            };
            let (Ok(hyp), Some(refs)) = (hyp.to_str(), utf8(&refs)) else {
                return Ok(None);
            };
            let opts = &self.opts;
            let work = || {
                with_segment_stats(hyp, refs.iter().copied(), opts, |row| {
                    f_score(row, opts.beta, opts.eps_smoothing)
                })
            };
            let bytes = hyp.len() + refs.iter().map(|r| r.len()).sum::<usize>();
            let score =
                if bytes > 1 << 14 { long_call::run(py, Size::bytes(1, bytes), work)? } else { work() };
            Ok(Some((score, refs.len())))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ChrfReferences>()?;
    m.add_class::<ChrfSentence>()?;
    m.add_function(wrap_pyfunction!(chrf_stats, m)?)?;
    m.add_function(wrap_pyfunction!(chrf_sentence_scores, m)?)?;
    m.add_function(wrap_pyfunction!(chrf_score_from_stats, m)?)?;
    m.add_function(wrap_pyfunction!(chrf_scores_from_stats, m)?)?;
    m.add_function(wrap_pyfunction!(chrf_pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(chrf_bootstrap_scores, m)?)?;
    Ok(())
}
