//! Python bindings for sacrebleu-compatible BLEU: a reference cache object, batch statistics and
//! scores as NumPy arrays, the all-pairs matrix and the resampling kernels. Texts are copied out
//! while attached; the work runs detached.
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::guard::guard;
use super::long_call::{self, Size};
use super::sentence::{sentence_texts, utf8};
use super::significance::{
    count_rows, index_matrix, IndexRows, NumpyGenerator, ResampleIndices, ResampleScores, SegmentRows,
};
use super::text_args::{str_items, stream_items, stream_texts, texts};
use super::workers::{threads, Workers};
use crate::bleu::corpus::{map_segments, segment_row, stats_with_references, Preprocess, RefCache};
use crate::bleu::pairwise::pairwise;
use crate::bleu::resample::{bootstrap_scores, randomization_scores, shared_bootstrap_scores};
use crate::bleu::score::{bleu_from_stats, bleu_score_only, Smooth};
use crate::bleu::stats::stats_len;
use crate::error::Error;
use crate::options::Vocabulary;
use crate::text::sacrebleu::{preprocess, Tokenizer};

type ScoreTuple = (f64, Vec<f64>, Vec<f64>, Vec<f64>, f64, i64, i64);

fn prep(tokenize: &str, lowercase: bool, max_order: i64) -> PyResult<Preprocess> {
    Ok(Preprocess::new(Tokenizer::parse(tokenize)?, lowercase, max_order)?)
}

/// Row-major statistics from a 2-D integer array with `2 + 2N` columns.
fn stats_rows(stats: &PyReadonlyArray2<'_, i64>, arg: &'static str) -> PyResult<(Vec<u64>, usize)> {
    count_rows(stats, arg, |k| k >= 4 && k % 2 == 0, "2 + 2 * max_ngram_order")
}

/// One-shot per-segment statistics of `hypotheses` against reference `streams`: the rows
/// `[hyp_len, ref_len, correct_1..N, total_1..N]` (native; NumPy's int64 array via `__array__`) and
/// the references per segment (-1 when it varies).
#[pyfunction]
#[pyo3(signature = (hypotheses, streams, tokenize, lowercase, max_ngram_order, workers=None))]
fn bleu_stats(
    py: Python<'_>,
    hypotheses: &Bound<'_, PyAny>,
    streams: &Bound<'_, PyAny>,
    tokenize: &str,
    lowercase: bool,
    max_ngram_order: i64,
    workers: Option<Workers>,
) -> PyResult<(SegmentRows, i64)> {
    guard("bleu_stats", || {
        let prep = prep(tokenize, lowercase, max_ngram_order)?;
        let workers = threads(workers);
        let hi = str_items(hypotheses, "hypotheses")?;
        let hyps = texts(&hi, "hypotheses")?;
        let handles = stream_items(streams)?;
        let refs = stream_texts(&handles)?;
        let (data, num_refs) = long_call::run(py, Size::streams(hyps.len(), &hyps, &refs), || {
            stats_with_references(&hyps, &refs, prep, workers)
        })??;
        Ok((SegmentRows { data, k: stats_len(prep.max_order) }, num_refs.map_or(-1, |n| n as i64)))
    })
}

/// Sentence BLEU of each hypothesis against its references (one-shot), float64 array and the
/// references per segment (-1 when it varies).
#[pyfunction]
#[pyo3(signature = (hypotheses, streams, tokenize, lowercase, max_ngram_order, smooth_method, smooth_value, effective_order, workers=None))]
#[allow(clippy::too_many_arguments)]
fn bleu_sentence_scores<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    streams: &Bound<'py, PyAny>,
    tokenize: &str,
    lowercase: bool,
    max_ngram_order: i64,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, i64)> {
    guard("bleu_sentence_scores", || {
        let prep = prep(tokenize, lowercase, max_ngram_order)?;
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let workers = threads(workers);
        let hi = str_items(hypotheses, "hypotheses")?;
        let hyps = texts(&hi, "hypotheses")?;
        let handles = stream_items(streams)?;
        let refs = stream_texts(&handles)?;
        let (scores, num_refs) = long_call::run(py, Size::streams(hyps.len(), &hyps, &refs), || {
            map_segments(&hyps, &refs, prep, workers, |row| bleu_score_only(row, smooth, effective_order))
        })??;
        Ok((PyArray1::from_vec(py, scores), num_refs.map_or(-1, |n| n as i64)))
    })
}

/// The references of a test set, tokenized once and reusable for any number of systems.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct BleuReferences {
    cache: RefCache,
}

#[pymethods]
impl BleuReferences {
    /// `streams[k][i]` = reference k of segment i (`None` = missing).
    #[new]
    #[pyo3(signature = (streams, tokenize, lowercase, max_ngram_order, workers=None))]
    fn new(
        py: Python<'_>,
        streams: &Bound<'_, PyAny>,
        tokenize: &str,
        lowercase: bool,
        max_ngram_order: i64,
        workers: Option<Workers>,
    ) -> PyResult<Self> {
        guard("BleuReferences.new", || {
            let prep = prep(tokenize, lowercase, max_ngram_order)?;
            let workers = threads(workers);
            let handles = stream_items(streams)?;
            let borrowed = stream_texts(&handles)?;
            let size = Size::streams(borrowed.iter().map(|s| s.len()).max().unwrap_or(0), &[], &borrowed);
            let cache = long_call::run(py, size, || RefCache::new(&borrowed, prep, workers))??;
            Ok(BleuReferences { cache })
        })
    }

    /// References per segment, or -1 when it varies.
    #[getter]
    fn num_refs(&self) -> PyResult<i64> {
        guard("BleuReferences.num_refs", || Ok(self.cache.num_refs.map_or(-1, |n| n as i64)))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard("BleuReferences.__len__", || Ok(self.cache.len()))
    }

    /// Sentence BLEU of each hypothesis against its segment's references, float64 array.
    #[pyo3(signature = (hypotheses, smooth_method, smooth_value, effective_order, workers=None))]
    fn sentence_scores<'py>(
        &self,
        py: Python<'py>,
        hypotheses: &Bound<'py, PyAny>,
        smooth_method: &str,
        smooth_value: Option<f64>,
        effective_order: bool,
        workers: Option<Workers>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        guard("BleuReferences.sentence_scores", || {
            let smooth = Smooth::parse(smooth_method, smooth_value)?;
            let workers = threads(workers);
            let items = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&items, "hypotheses")?;
            let scores = long_call::run(py, Size::texts(hyps.len(), hyps.iter().copied()), || {
                self.cache.map(&hyps, workers, |row| bleu_score_only(row, smooth, effective_order))
            })??;
            Ok(PyArray1::from_vec(py, scores))
        })
    }

    /// Per-segment statistics `[hyp_len, ref_len, correct_1..N, total_1..N]` of the hypotheses
    /// (native rows; NumPy's int64 `(n, 2+2N)` array via `__array__`).
    #[pyo3(signature = (hypotheses, workers=None))]
    fn stats(
        &self,
        py: Python<'_>,
        hypotheses: &Bound<'_, PyAny>,
        workers: Option<Workers>,
    ) -> PyResult<SegmentRows> {
        guard("BleuReferences.stats", || {
            let workers = threads(workers);
            let items = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&items, "hypotheses")?;
            let size = Size::texts(hyps.len(), hyps.iter().copied());
            let data = long_call::run(py, size, || self.cache.stats(&hyps, workers))??;
            Ok(SegmentRows { data, k: stats_len(self.cache.prep.max_order) })
        })
    }

    /// `stats` of several systems at once (each segment's references counted once for all).
    #[pyo3(signature = (systems, workers=None))]
    fn stats_many(
        &self,
        py: Python<'_>,
        systems: Vec<Bound<'_, PyAny>>,
        workers: Option<Workers>,
    ) -> PyResult<Vec<SegmentRows>> {
        guard("BleuReferences.stats_many", || {
            let workers = threads(workers);
            let items = systems
                .iter()
                .enumerate()
                .map(|(s, h)| str_items(h, &format!("systems[{s}]")))
                .collect::<PyResult<Vec<_>>>()?;
            let hyps = items
                .iter()
                .enumerate()
                .map(|(s, it)| texts(it, &format!("systems[{s}]")))
                .collect::<PyResult<Vec<_>>>()?;
            let work: usize = hyps.iter().map(Vec::len).sum();
            let data = long_call::run(py, work, || self.cache.stats_many(&hyps, workers))??;
            let k = stats_len(self.cache.prep.max_order);
            Ok(data.into_iter().map(|data| SegmentRows { data, k }).collect())
        })
    }
}

/// Bootstrap resample scores of native statistics and indices (see `bleu_bootstrap_scores`).
#[pyfunction]
#[pyo3(signature = (stats, idx, smooth_method, smooth_value, effective_order, workers=None))]
fn bleu_resample_scores(
    py: Python<'_>,
    stats: &SegmentRows,
    idx: &ResampleIndices,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<ResampleScores> {
    guard("bleu_resample_scores", || {
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let n_seg = stats.data.len() / stats.k.max(1);
        if idx.n != n_seg {
            return Err(Error::value("idx", format!("resamples of {} segments for {n_seg}", idx.n)).into());
        }
        let scores = long_call::run(py, idx.rows * idx.n, || match &idx.idx {
            IndexRows::Narrow(ix) => {
                bootstrap_scores(&stats.data, stats.k, ix, idx.n, smooth, effective_order, threads(workers))
            }
            IndexRows::Wide(ix) => {
                bootstrap_scores(&stats.data, stats.k, ix, idx.n, smooth, effective_order, threads(workers))
            }
        })?;
        Ok(ResampleScores { scores })
    })
}

/// Bootstrap resample scores of several systems' native statistics with the same draws:
/// `generator.choice(n, n_samples)` (drawn a few rows at a time, never held whole), as
/// `bleu_resample_scores` of each system with that matrix would give them.
#[pyfunction]
#[pyo3(signature = (systems, generator, n_samples, smooth_method, smooth_value, effective_order, workers=None))]
#[allow(clippy::too_many_arguments)]
fn bleu_shared_resample_scores(
    py: Python<'_>,
    systems: Vec<PyRef<'_, SegmentRows>>,
    mut generator: PyRefMut<'_, NumpyGenerator>,
    n_samples: usize,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<Vec<ResampleScores>> {
    guard("bleu_shared_resample_scores", || {
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let Some(first) = systems.first() else { return Ok(Vec::new()) };
        let (k, n) = (first.k, first.data.len() / first.k.max(1));
        if systems.iter().any(|s| s.k != k || s.data.len() != first.data.len()) {
            return Err(Error::value("systems", "statistics of different shapes").into());
        }
        if n_samples > crate::limits::MAX_BOOTSTRAP {
            let most = crate::limits::MAX_BOOTSTRAP;
            return Err(Error::value("n_samples", format!("must be at most {most}, got {n_samples}")).into());
        }
        crate::memory::check_matrix::<f64>(systems.len(), n_samples, "resample scores")?;
        if n == 0 || n_samples == 0 {
            return Ok(systems.iter().map(|_| ResampleScores { scores: Vec::new() }).collect());
        }
        if n as u64 > 1 << 32 {
            return Err(Error::value("systems", format!("expected at most 2**32 segments, got {n}")).into());
        }
        let data: Vec<&[u64]> = systems.iter().map(|s| s.data.as_slice()).collect();
        let rng = &mut generator.rng;
        let work = n_samples.saturating_mul(n).saturating_mul(systems.len());
        let scores = long_call::run(py, work, || {
            shared_bootstrap_scores(&data, k, rng, n, n_samples, smooth, effective_order, threads(workers))
        })?;
        Ok(scores.into_iter().map(|scores| ResampleScores { scores }).collect())
    })
}

/// `(score, counts, totals, precisions, bp, sys_len, ref_len)` from summed statistics.
#[pyfunction]
fn bleu_score_from_stats(
    stats: Vec<i64>,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
) -> PyResult<ScoreTuple> {
    guard("bleu_score_from_stats", || {
        if stats.len() < 4 || stats.len() % 2 != 0 || stats.iter().any(|&v| v < 0) {
            return Err(
                Error::value("stats", "expected 2 + 2 * max_ngram_order non-negative integers").into()
            );
        }
        let stats: Vec<u64> = stats.into_iter().map(|v| v as u64).collect();
        let s = bleu_from_stats(&stats, Smooth::parse(smooth_method, smooth_value)?, effective_order);
        Ok((s.score, s.counts, s.totals, s.precisions, s.bp, s.sys_len, s.ref_len))
    })
}

/// One BLEU score per row of statistics, float64 array.
#[pyfunction]
#[pyo3(signature = (stats, smooth_method, smooth_value, effective_order, workers=None))]
fn bleu_scores_from_stats<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, i64>,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("bleu_scores_from_stats", || {
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let workers = threads(workers);
        let (flat, k) = stats_rows(&stats, "stats")?;
        let n = flat.len() / k;
        let scores = long_call::run(py, n, || {
            crate::batch::map_range(n, workers, |i| {
                bleu_score_only(&flat[i * k..(i + 1) * k], smooth, effective_order)
            })
        })?;
        Ok(PyArray1::from_vec(py, scores))
    })
}

/// All-pairs sentence BLEU, float64 `(len(hypotheses), len(references))`.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, tokenize, lowercase, max_ngram_order, smooth_method, smooth_value, effective_order, workers=None))]
#[allow(clippy::too_many_arguments)]
fn bleu_pairwise<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    tokenize: &str,
    lowercase: bool,
    max_ngram_order: i64,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("bleu_pairwise", || {
        let prep = prep(tokenize, lowercase, max_ngram_order)?;
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let workers = threads(workers);
        let (hi, ri) = (str_items(hypotheses, "hypotheses")?, str_items(references, "references")?);
        let (h, r) = (texts(&hi, "hypotheses")?, texts(&ri, "references")?);
        let (n, m) = (h.len(), r.len());
        let scores = long_call::run(py, n.saturating_mul(m), || {
            pairwise(&h, &r, prep, smooth, effective_order, workers)
        })??;
        Ok(PyArray1::from_vec(py, scores).reshape([n, m])?.into_any())
    })
}

/// Bootstrap resample scores: `idx` is sacrebleu's `(n_samples, n)` index matrix.
#[pyfunction]
#[pyo3(signature = (stats, idx, smooth_method, smooth_value, effective_order, workers=None))]
fn bleu_bootstrap_scores<'py>(
    py: Python<'py>,
    stats: PyReadonlyArray2<'py, i64>,
    idx: PyReadonlyArray2<'py, i64>,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("bleu_bootstrap_scores", || {
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let (flat, k) = stats_rows(&stats, "stats")?;
        let n_seg = flat.len() / k;
        let n = idx.shape()[1];
        let ix = index_matrix(&idx, n_seg)?;
        let scores = long_call::run(py, n.saturating_mul(flat.len() / k.max(1)), || {
            bootstrap_scores(&flat, k, &ix, n, smooth, effective_order, threads(workers))
        })?;
        Ok(PyArray1::from_vec(py, scores))
    })
}

/// Approximate-randomization scores of the two pseudo-systems per row of `swap` (bool `(n_samples, n)`).
#[pyfunction]
#[pyo3(signature = (baseline, system, swap, smooth_method, smooth_value, effective_order, workers=None))]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn bleu_randomization_scores<'py>(
    py: Python<'py>,
    baseline: PyReadonlyArray2<'py, i64>,
    system: PyReadonlyArray2<'py, i64>,
    swap: PyReadonlyArray2<'py, bool>,
    smooth_method: &str,
    smooth_value: Option<f64>,
    effective_order: bool,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>)> {
    guard("bleu_randomization_scores", || {
        let smooth = Smooth::parse(smooth_method, smooth_value)?;
        let (bl, k) = stats_rows(&baseline, "baseline")?;
        let (sy, k2) = stats_rows(&system, "system")?;
        let n = swap.shape()[1];
        if k != k2 || bl.len() != sy.len() || bl.len() / k != n {
            return Err(Error::value("system", "baseline, system and swap shapes disagree").into());
        }
        let sw: Vec<bool> = swap.as_array().iter().copied().collect();
        let (a, b) = long_call::run(py, n.saturating_mul(bl.len() / k.max(1)), || {
            randomization_scores(&bl, &sy, k, &sw, n, smooth, effective_order, threads(workers))
        })?;
        Ok((PyArray1::from_vec(py, a), PyArray1::from_vec(py, b)))
    })
}

/// sacrebleu's preprocessing of each text: `lower()` (optional), `rstrip()`, tokenizer, `split()`.
#[pyfunction]
#[pyo3(signature = (texts, tokenize="13a", lowercase=false))]
fn bleu_tokenize(
    py: Python<'_>,
    texts: Vec<String>,
    tokenize: &str,
    lowercase: bool,
) -> PyResult<Vec<Vec<String>>> {
    guard("bleu_tokenize", || {
        let tok = Tokenizer::parse(tokenize)?;
        long_call::run(py, texts.len(), || {
            texts.iter().map(|t| preprocess(t, tok, lowercase).iter().map(str::to_owned).collect()).collect()
        })
    })
}

/// Statistics of token lists (NLTK's input), int64 `(n, 2 + 2 * max_ngram_order)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, max_ngram_order, workers=None))]
fn bleu_token_stats<'py>(
    py: Python<'py>,
    hypotheses: Vec<Vec<String>>,
    references: Vec<Vec<Vec<String>>>,
    max_ngram_order: i64,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("bleu_token_stats", || {
        if max_ngram_order < 1 {
            return Err(Error::value(
                "max_ngram_order",
                format!("must be at least 1, got {max_ngram_order}"),
            )
            .into());
        }
        let order = max_ngram_order as usize;
        let workers = threads(workers);
        let flat = long_call::run(py, hypotheses.len(), || {
            crate::bleu::corpus::token_stats(&hypotheses, &references, order, workers)
        })??;
        let k = stats_len(order);
        let n = flat.len() / k;
        let flat: Vec<i64> = flat.into_iter().map(|v| v as i64).collect();
        Ok(PyArray1::from_vec(py, flat).reshape([n, k])?.into_any())
    })
}

/// Sentence BLEU for one call: options parsed once, a hypothesis and its references in, the
/// score's fields out, with no arrays in between.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct BleuSentence {
    prep: Preprocess,
    smooth: Smooth,
    effective_order: bool,
}

#[pymethods]
impl BleuSentence {
    #[new]
    #[pyo3(signature = (tokenize, lowercase, max_ngram_order, smooth_method, smooth_value, effective_order))]
    fn new(
        tokenize: &str,
        lowercase: bool,
        max_ngram_order: i64,
        smooth_method: &str,
        smooth_value: Option<f64>,
        effective_order: bool,
    ) -> PyResult<Self> {
        guard("BleuSentence.new", || {
            Ok(BleuSentence {
                prep: prep(tokenize, lowercase, max_ngram_order)?,
                smooth: Smooth::parse(smooth_method, smooth_value)?,
                effective_order,
            })
        })
    }

    /// `(score, counts, totals, precisions, bp, sys_len, ref_len, num_refs)` of `hypothesis`
    /// against `references` (`counts`/`totals` as the statistics' ints), or `None` unless the
    /// hypothesis is a `str` and the references a list or tuple of `str`/`None` with at least one `str`.
    #[allow(clippy::type_complexity)]
    fn score<'py>(
        &self,
        py: Python<'py>,
        hypothesis: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
    ) -> PyResult<Option<(f64, Vec<u64>, Vec<u64>, Vec<f64>, f64, i64, i64, usize)>> {
        guard("BleuSentence.score", || {
            // The shared sentence-level argument reading of BLEU, chrF and TER.
            let Some((hyp, refs)) = sentence_texts(hypothesis, references, false)? else {
                return Ok(None);
            };
            let (Some(hyp), Some(refs)) = (utf8(std::slice::from_ref(&hyp)), utf8(&refs)) else {
                return Ok(None);
            };
            let hyp = hyp[0];
            let k = stats_len(self.prep.max_order);
            let mut row = vec![0u64; k];
            let bytes = hyp.len() + refs.iter().map(|r| r.len()).sum::<usize>();
            let mut work = || {
                segment_row(hyp, refs.iter().copied(), self.prep, &mut row);
                bleu_from_stats(&row, self.smooth, self.effective_order)
            };
            let s = if bytes > 1 << 14 { long_call::run(py, Size::bytes(1, bytes), work)? } else { work() };
            let order = self.prep.max_order;
            let (counts, totals) = (row[2..2 + order].to_vec(), row[2 + order..].to_vec());
            Ok(Some((s.score, counts, totals, s.precisions, s.bp, s.sys_len, s.ref_len, refs.len())))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BleuReferences>()?;
    m.add_class::<BleuSentence>()?;
    m.add_function(wrap_pyfunction!(bleu_stats, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_sentence_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_score_from_stats, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_scores_from_stats, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_bootstrap_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_randomization_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_resample_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_shared_resample_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_tokenize, m)?)?;
    m.add_function(wrap_pyfunction!(bleu_token_stats, m)?)?;
    Ok(())
}
