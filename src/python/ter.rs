//! Python bindings for sacrebleu-compatible TER: a reference cache object, per-segment statistics
//! and all-pairs scores as NumPy arrays. Texts are borrowed while attached; the work runs detached.
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::guard::guard;
use super::long_call::{self, Size};
use super::sentence::{sentence_texts, utf8};
use super::significance::{as_dtype, index_matrix};
use super::text_args::{str_items, stream_items, stream_texts, texts};
use super::workers::{threads, Workers};
use crate::error::Error;
use crate::ter::pairwise::pairwise;
use crate::ter::score::{bootstrap_scores, corpus_totals, ter_score};
use crate::ter::segment::{batch_stats, sentence_stats};
use crate::ter::{TerReferences as RefCache, Tercom};

pub(super) fn tercom(normalized: bool, no_punct: bool, asian_support: bool, lowercase: bool) -> Tercom {
    Tercom { normalized, no_punct, asian_support, lowercase }
}

/// Per-segment TER statistics kept native: the edits and the average reference length of each
/// segment. A corpus score needs only their totals, so it never builds an array.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct TerRows {
    pub rows: Vec<(u64, f64)>,
}

#[pymethods]
impl TerRows {
    fn __len__(&self) -> PyResult<usize> {
        guard("TerRows.__len__", || Ok(self.rows.len()))
    }

    /// `(edits, reference length)` summed in segment order, as sacrebleu sums them.
    fn totals(&self) -> PyResult<(u64, f64)> {
        guard("TerRows.totals", || Ok(corpus_totals(&self.rows)))
    }

    /// The rows as a NumPy float64 `(len, 2)` array.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("TerRows.__array__", || {
            let _ = copy;
            let flat: Vec<f64> = self.rows.iter().flat_map(|&(e, r)| [e as f64, r]).collect();
            as_dtype(PyArray1::from_vec(py, flat).reshape([self.rows.len(), 2])?.into_any(), dtype)
        })
    }
}

/// Rows `(edits, ref_len)` of a `(n, 2)` float64 array.
fn stats_rows(stats: &PyReadonlyArray2<'_, f64>) -> PyResult<Vec<(f64, f64)>> {
    if stats.shape()[1] != 2 {
        return Err(Error::value(
            "stats",
            format!("expected 2 columns (edits, ref_length), got {}", stats.shape()[1]),
        )
        .into());
    }
    Ok(stats.as_array().rows().into_iter().map(|r| (r[0], r[1])).collect())
}

/// One-shot per-segment statistics of `hypotheses` against reference `streams`:
/// `(native (n, 2) rows, references per segment or -1 when it varies)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, streams, normalized, no_punct, asian_support, lowercase, workers=None))]
#[allow(clippy::too_many_arguments)]
fn ter_stats<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    streams: &Bound<'py, PyAny>,
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    lowercase: bool,
    workers: Option<Workers>,
) -> PyResult<(TerRows, i64)> {
    guard("ter_stats", || {
        let t = tercom(normalized, no_punct, asian_support, lowercase);
        let workers = threads(workers);
        let hi = str_items(hypotheses, "hypotheses")?;
        let hyps = texts(&hi, "hypotheses")?;
        let handles = stream_items(streams)?;
        let refs = stream_texts(&handles)?;
        // Segment by segment: a reference cache would tokenize and number every word of the test
        // set before the first segment is scored, for nothing when the references come once.
        let (stats, num_refs) = long_call::run(py, Size::streams(hyps.len(), &hyps, &refs), || {
            batch_stats(&hyps, &refs, t, workers)
        })??;
        Ok((TerRows { rows: stats }, num_refs.map_or(-1, |n| n as i64)))
    })
}

/// All-pairs sentence TER, float64 `(len(hypotheses), len(candidates))`; each candidate is a
/// single reference.
#[pyfunction]
#[pyo3(signature = (hypotheses, candidates, normalized, no_punct, asian_support, lowercase, workers=None))]
#[allow(clippy::too_many_arguments)]
fn ter_pairwise<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    lowercase: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("ter_pairwise", || {
        let t = tercom(normalized, no_punct, asian_support, lowercase);
        let workers = threads(workers);
        let (hi, ri) = (str_items(hypotheses, "hypotheses")?, str_items(candidates, "candidates")?);
        let (h, r) = (texts(&hi, "hypotheses")?, texts(&ri, "candidates")?);
        let (n, m) = (h.len(), r.len());
        let scores = long_call::run(py, n.saturating_mul(m), || pairwise(&h, &r, t, workers))??;
        Ok(PyArray1::from_vec(py, scores).reshape([n, m])?.into_any())
    })
}

/// Sentence TER of each `(edits, ref_len)` row, float64 array.
#[pyfunction]
fn ter_scores_from_stats<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, f64>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("ter_scores_from_stats", || {
        let rows = stats_rows(&stats)?;
        Ok(PyArray1::from_vec(py, rows.iter().map(|&(e, r)| ter_score(e, r)).collect()))
    })
}

/// Corpus totals of `(n, 2)` statistics, summed in segment order as sacrebleu does:
/// `(edits, reference length)`.
#[pyfunction]
fn ter_corpus_totals(stats: PyReadonlyArray2<'_, f64>) -> PyResult<(u64, f64)> {
    guard("ter_corpus_totals", || {
        let rows = stats_rows(&stats)?;
        let mut int_rows = Vec::with_capacity(rows.len());
        for (i, &(e, r)) in rows.iter().enumerate() {
            if !(e >= 0.0 && e.fract() == 0.0 && e < 9.007_199_254_740_992e15) {
                return Err(Error::value(
                    "stats",
                    format!("row {i}: edits must be a non-negative integer, got {e}"),
                )
                .into());
            }
            int_rows.push((e as u64, r));
        }
        Ok(corpus_totals(&int_rows))
    })
}

/// Bootstrap resample scores (`idx` is sacrebleu's `(n_samples, n)` index matrix over the `(n, 2)`
/// statistics) and whether each is a float32 in sacrebleu (bool array).
#[pyfunction]
#[pyo3(signature = (stats, idx, workers=None))]
#[allow(clippy::type_complexity)]
fn ter_bootstrap_scores<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, f64>,
    idx: PyReadonlyArray2<'py, i64>,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<bool>>)> {
    guard("ter_bootstrap_scores", || {
        let rows = stats_rows(&stats)?;
        let n = idx.shape()[1];
        let ix = index_matrix(&idx, rows.len())?;
        let (scores, is32): (Vec<f64>, Vec<bool>) = long_call::run(py, n.saturating_mul(rows.len()), || {
            bootstrap_scores(&rows, &ix, n, threads(workers)).into_iter().unzip()
        })?;
        Ok((PyArray1::from_vec(py, scores), PyArray1::from_vec(py, is32)))
    })
}

/// The words TER compares: sacrebleu's tercom tokenizer after `rstrip()`, then `split()`; with
/// `reference=True` applied twice, as sacrebleu does to references.
#[pyfunction]
#[pyo3(signature = (texts, normalized=false, no_punct=false, asian_support=false, lowercase=false, reference=false))]
fn ter_tokenize(
    py: Python<'_>,
    texts: Vec<String>,
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    lowercase: bool,
    reference: bool,
) -> PyResult<Vec<Vec<String>>> {
    guard("ter_tokenize", || {
        Ok({
            let t = tercom(normalized, no_punct, asian_support, lowercase);
            long_call::run(py, texts.len(), || {
                texts.iter().map(|s| if reference { t.reference_words(s) } else { t.words(s) }).collect()
            })?
        })
    })
}

/// The references of a test set, tokenized once and reusable for any number of systems.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct TerReferences {
    cache: RefCache,
}

#[pymethods]
impl TerReferences {
    /// `streams[k][i]` = reference k of segment i (`None` = missing).
    #[new]
    #[pyo3(signature = (streams, normalized, no_punct, asian_support, lowercase, workers=None))]
    fn new(
        py: Python<'_>,
        streams: &Bound<'_, PyAny>,
        normalized: bool,
        no_punct: bool,
        asian_support: bool,
        lowercase: bool,
        workers: Option<Workers>,
    ) -> PyResult<Self> {
        guard("TerReferences.new", || {
            let t = tercom(normalized, no_punct, asian_support, lowercase);
            let workers = threads(workers);
            let handles = stream_items(streams)?;
            let borrowed = stream_texts(&handles)?;
            let size = Size::streams(borrowed.iter().map(|s| s.len()).max().unwrap_or(0), &[], &borrowed);
            let cache = long_call::run(py, size, || RefCache::new(&borrowed, t, workers))??;
            Ok(TerReferences { cache })
        })
    }

    /// References per segment, or -1 when it varies.
    #[getter]
    fn num_refs(&self) -> PyResult<i64> {
        guard("TerReferences.num_refs", || Ok(self.cache.num_refs.map_or(-1, |n| n as i64)))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard("TerReferences.__len__", || Ok(self.cache.len()))
    }

    /// Per-segment statistics of the hypotheses, native `(n, 2)` rows: edits, average reference length.
    #[pyo3(signature = (hypotheses, workers=None))]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        hypotheses: &Bound<'py, PyAny>,
        workers: Option<Workers>,
    ) -> PyResult<TerRows> {
        guard("TerReferences.stats", || {
            let workers = threads(workers);
            let items = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&items, "hypotheses")?;
            let size = Size::texts(hyps.len(), hyps.iter().copied());
            let stats = long_call::run(py, size, || self.cache.stats(&hyps, workers))??;
            Ok(TerRows { rows: stats })
        })
    }
}

/// Sentence TER for one call: a hypothesis and its references in, `(edits, average reference
/// length)` out, with no arrays in between.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct TerSentence {
    tercom: Tercom,
    /// Lowercase with Python's `str.lower()` first (sacrebleu's `case_sensitive=False`).
    lowercase: bool,
}

#[pymethods]
impl TerSentence {
    #[new]
    fn new(normalized: bool, no_punct: bool, asian_support: bool, lowercase: bool) -> PyResult<Self> {
        guard("TerSentence.new", || {
            Ok(TerSentence { tercom: tercom(normalized, no_punct, asian_support, false), lowercase })
        })
    }

    /// `(edits, average reference length, number of references)` of `hypothesis` against
    /// `references`, or `None` unless the hypothesis is a `str` and the references a list or
    /// tuple of `str`/`None` with at least one `str`.
    fn score(
        &self,
        py: Python<'_>,
        hypothesis: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(u64, f64, usize)>> {
        guard("TerSentence.score", || {
            let Some((hyp, refs)) = sentence_texts(hypothesis, references, self.lowercase)? else {
                return Ok(None);
            };
            let (Ok(hyp), Some(refs)) = (hyp.to_str(), utf8(&refs)) else {
                return Ok(None);
            };
            let work = || sentence_stats(self.tercom, hyp, refs.iter().copied());
            // The shift search grows fast with the length: let other threads run meanwhile.
            let bytes = hyp.len() + refs.iter().map(|r| r.len()).sum::<usize>();
            let (edits, ref_len) =
                if bytes > 1 << 9 { long_call::run(py, Size::bytes(1, bytes), work)? } else { work() };
            Ok(Some((edits, ref_len, refs.len())))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TerReferences>()?;
    m.add_class::<TerRows>()?;
    m.add_class::<TerSentence>()?;
    m.add_function(wrap_pyfunction!(ter_stats, m)?)?;
    m.add_function(wrap_pyfunction!(ter_pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(ter_scores_from_stats, m)?)?;
    m.add_function(wrap_pyfunction!(ter_corpus_totals, m)?)?;
    m.add_function(wrap_pyfunction!(ter_bootstrap_scores, m)?)?;
    m.add_function(wrap_pyfunction!(ter_tokenize, m)?)?;
    Ok(())
}
