//! Python bindings for METEOR: METEOR 1.5 as the jar computes it (a configured scorer, per-segment
//! statistics kept native — the jar's 23 numbers per segment — and all-pairs scores) and NLTK's
//! `meteor_score` on word lists. The work runs detached through the long-call door.
use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyList, PyString, PyTuple};
use rustc_hash::{FxHashMap, FxHashSet};

use super::guard::guard;
use super::long_call;
use super::significance::as_dtype;
use super::text_args::{str_items, stream_items, stream_texts, texts};
use super::workers::{threads, Workers};
use crate::error::Error;
use crate::meteor::nltk::{self, Builtin, Lexicon, Params};
use crate::meteor::scorer::{self, total};
use crate::meteor::stats::STATS_LENGTH;
use crate::meteor::{Config, Meteor15, Module, Normalization, Stats, Task};
use crate::options::Vocabulary;

/// Per-segment METEOR 1.5 statistics, kept native: a corpus score sums them without NumPy.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct MeteorRows {
    pub rows: Vec<Stats>,
}

#[pymethods]
impl MeteorRows {
    fn __len__(&self) -> PyResult<usize> {
        guard("MeteorRows.__len__", || Ok(self.rows.len()))
    }

    /// The rows as a NumPy float64 `(len, 23)` array, in the jar's order.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("MeteorRows.__array__", || {
            let _ = copy;
            let flat: Vec<f64> = self.rows.iter().flat_map(|s| s.to_array()).collect();
            as_dtype(PyArray1::from_vec(py, flat).reshape([self.rows.len(), STATS_LENGTH])?.into_any(), dtype)
        })
    }

    /// Each row as the line the jar's `-stdio` mode prints for it.
    fn lines(&self) -> PyResult<Vec<String>> {
        guard("MeteorRows.lines", || Ok(self.rows.iter().map(Stats::to_line).collect()))
    }
}

/// The statistics of `rows`: native rows, or a float64 `(n, 23)` array.
fn rows_of(rows: &Bound<'_, PyAny>) -> PyResult<Vec<Stats>> {
    if let Ok(native) = rows.cast::<MeteorRows>() {
        return Ok(native.get().rows.clone());
    }
    let array: PyReadonlyArray2<'_, f64> = rows.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "stats: expected METEOR rows or a float64 array of shape (n, 23)",
        )
    })?;
    if array.shape()[1] != STATS_LENGTH {
        return Err(Error::value(
            "stats",
            format!("expected {STATS_LENGTH} columns, got {}", array.shape()[1]),
        )
        .into());
    }
    let view = array.as_array();
    Ok(view
        .rows()
        .into_iter()
        .map(|r| {
            let mut a = [0.0; STATS_LENGTH];
            for (x, v) in a.iter_mut().zip(r.iter()) {
                *x = *v;
            }
            Stats::from_array(&a)
        })
        .collect())
}

/// A METEOR 1.5 scorer for English with the jar's options.
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct Meteor15Scorer {
    pub(super) inner: Arc<Meteor15>,
}

#[pymethods]
impl Meteor15Scorer {
    /// `normalize`: none, lower, norm, norm_nopunct; `task`: the jar's `-t`; `parameters`,
    /// `weights`, `modules`: its `-p`, `-w`, `-m` (None: the task's); `paraphrase_table`: the
    /// gzip file, required with the paraphrase module; `cache_dir`: where its fast form is kept.
    #[new]
    #[pyo3(signature = (*, normalize="norm", task="rank", parameters=None, weights=None, modules=None, beam_size=40, char_based=false, paraphrase_table=None, cache_dir=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        normalize: &str,
        task: &str,
        parameters: Option<(f64, f64, f64, f64)>,
        weights: Option<Vec<f64>>,
        modules: Option<Vec<String>>,
        beam_size: i64,
        char_based: bool,
        paraphrase_table: Option<PathBuf>,
        cache_dir: Option<PathBuf>,
    ) -> PyResult<Self> {
        guard("Meteor15Scorer.new", || {
            let modules = modules
                .map(|m| m.iter().map(|n| Module::parse(n)).collect::<Result<Vec<_>, _>>())
                .transpose()?;
            if !(1..=100_000).contains(&beam_size) {
                return Err(
                    Error::value("beam_size", format!("must be from 1 to 100000, got {beam_size}")).into()
                );
            }
            let mut config = Config::from_options(
                Task::parse(task)?,
                Normalization::parse(normalize)?,
                parameters.map(|(a, b, g, d)| [a, b, g, d]),
                weights,
                modules,
            )?;
            config.beam_size = beam_size as usize;
            config.char_based = char_based;
            let table = match (&paraphrase_table, config.uses(Module::Paraphrase)) {
                (Some(path), true) => {
                    Some(py.detach(|| scorer::paraphrase_table(path, cache_dir.as_deref()))?)
                }
                _ => None,
            };
            Ok(Meteor15Scorer { inner: Arc::new(Meteor15::new(config, table)?) })
        })
    }

    /// The jar's Eval ID of this configuration.
    #[getter]
    fn eval_id(&self) -> PyResult<String> {
        guard("Meteor15Scorer.eval_id", || Ok(self.inner.config.eval_id()))
    }

    /// `(alpha, beta, gamma, delta)`.
    #[getter]
    fn parameters(&self) -> PyResult<(f64, f64, f64, f64)> {
        guard("Meteor15Scorer.parameters", || {
            let [a, b, g, d] = self.inner.config.parameters;
            Ok((a, b, g, d))
        })
    }

    #[getter]
    fn weights(&self) -> PyResult<Vec<f64>> {
        guard("Meteor15Scorer.weights", || Ok(self.inner.config.weights.clone()))
    }

    #[getter]
    fn modules(&self) -> PyResult<Vec<&'static str>> {
        guard("Meteor15Scorer.modules", || Ok(self.inner.config.modules.iter().map(|m| m.name()).collect()))
    }

    /// The words the jar aligns for `text` (normalized, lowercased, split).
    fn words(&self, text: &str) -> PyResult<Vec<String>> {
        guard("Meteor15Scorer.words", || Ok(self.inner.words(text)))
    }

    /// Per-segment statistics of `hypotheses` against reference `streams` (sacrebleu's layout;
    /// `None` is a missing reference). `stdio`: with pycocoevalcap's string handling.
    #[pyo3(signature = (hypotheses, streams, stdio=false, workers=None))]
    fn stats(
        &self,
        py: Python<'_>,
        hypotheses: &Bound<'_, PyAny>,
        streams: &Bound<'_, PyAny>,
        stdio: bool,
        workers: Option<Workers>,
    ) -> PyResult<MeteorRows> {
        guard("Meteor15Scorer.stats", || {
            let workers = threads(workers);
            let hi = str_items(hypotheses, "hypotheses")?;
            let hyps = texts(&hi, "hypotheses")?;
            let handles = stream_items(streams)?;
            let refs = stream_texts(&handles)?;
            if let Some(k) = refs.iter().position(|s| s.len() != hyps.len()) {
                return Err(Error::value(
                    "references",
                    format!("stream {k} has {} segments for {} hypotheses", refs[k].len(), hyps.len()),
                )
                .into());
            }
            let per_item: Vec<Vec<&str>> =
                (0..hyps.len()).map(|i| refs.iter().filter_map(|s| s[i]).collect()).collect();
            let meteor = &self.inner;
            let rows = long_call::run(py, hyps.len(), || {
                if stdio {
                    meteor.stdio_segments(&hyps, &per_item, workers)
                } else {
                    meteor.segments(&hyps, &per_item, workers)
                }
            })??;
            Ok(MeteorRows { rows })
        })
    }

    /// Sentence METEOR of every hypothesis against every candidate, float64
    /// `(len(hypotheses), len(candidates))`.
    #[pyo3(signature = (hypotheses, candidates, workers=None))]
    fn pairwise<'py>(
        &self,
        py: Python<'py>,
        hypotheses: &Bound<'py, PyAny>,
        candidates: &Bound<'py, PyAny>,
        workers: Option<Workers>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("Meteor15Scorer.pairwise", || {
            let workers = threads(workers);
            let (hi, ci) = (str_items(hypotheses, "hypotheses")?, str_items(candidates, "candidates")?);
            let (h, c) = (texts(&hi, "hypotheses")?, texts(&ci, "candidates")?);
            let (n, m) = (h.len(), c.len());
            let meteor = &self.inner;
            let scores =
                long_call::run(py, n.saturating_mul(m), || scorer::pairwise(meteor, &h, &c, workers))??;
            Ok(PyArray1::from_vec(py, scores).reshape([n, m])?.into_any())
        })
    }

    /// The score of each row of statistics (native rows or an `(n, 23)` array), float64.
    fn scores<'py>(&self, py: Python<'py>, stats: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        guard("Meteor15Scorer.scores", || {
            let rows = rows_of(stats)?;
            Ok(PyArray1::from_vec(py, rows.iter().map(|s| self.inner.score(s).score).collect()))
        })
    }

    /// The score of each native row as a list of floats (pycocoevalcap's per-item list, without
    /// importing NumPy, which would take longer than scoring the COCO captions).
    fn score_list(&self, stats: &Bound<'_, MeteorRows>) -> PyResult<Vec<f64>> {
        guard("Meteor15Scorer.score_list", || {
            Ok(stats.get().rows.iter().map(|s| self.inner.score(s).score).collect())
        })
    }

    /// The corpus score of statistics summed as the jar sums them: `(score, precision, recall,
    /// f1, f_mean, fragmentation_penalty, totals)`, `totals` the 23 summed statistics.
    #[allow(clippy::type_complexity)]
    fn corpus(&self, stats: &Bound<'_, PyAny>) -> PyResult<(f64, f64, f64, f64, f64, f64, Vec<f64>)> {
        guard("Meteor15Scorer.corpus", || {
            let sum = total(&rows_of(stats)?);
            let s = self.inner.score(&sum);
            Ok((
                s.score,
                s.precision,
                s.recall,
                s.f1,
                s.f_mean,
                s.fragmentation_penalty,
                sum.to_array().to_vec(),
            ))
        })
    }
}

/// The caller's stems and synonyms (NLTK's `stemmer=` and `wordnet=` objects, run in Python on
/// the words of the call); the built-in ones where not given.
struct Given {
    stems: Option<FxHashMap<String, String>>,
    synonyms: Option<FxHashMap<String, FxHashSet<String>>>,
}

impl Lexicon for Given {
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str> {
        match &self.stems {
            Some(map) => Cow::Owned(map.get(word).cloned().unwrap_or_else(|| word.to_string())),
            None => Builtin.stem(word),
        }
    }

    fn synonym(&self, hypothesis: &str, reference: &str) -> bool {
        match &self.synonyms {
            Some(map) => map.get(hypothesis).is_some_and(|s| s.contains(reference)),
            None => Builtin.synonym(hypothesis, reference),
        }
    }
}

fn nltk_params(alpha: f64, beta: f64, gamma: f64) -> PyResult<Params> {
    for (name, v) in [("alpha", alpha), ("beta", beta), ("gamma", gamma)] {
        if !v.is_finite() {
            return Err(Error::value(name, format!("must be a finite number, got {v}")).into());
        }
    }
    Ok(Params { alpha, beta, gamma })
}

fn lowered(words: Vec<String>, lowercase: bool) -> Vec<String> {
    if lowercase {
        words
            .into_iter()
            .map(|w| if w.is_ascii() { w.to_ascii_lowercase() } else { w.to_lowercase() })
            .collect()
    } else {
        words
    }
}

fn as_strs(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// The tokens of a call's segments copied into one buffer (a `String` per token cost an
/// allocation each, more than scoring them): token `k` is `text[ends[k]..ends[k + 1]]`.
struct FlatTokens {
    text: String,
    ends: Vec<usize>,
}

impl FlatTokens {
    /// The tokens of `tokens`, a list or tuple of `str`, appended; the range of their numbers.
    fn push(
        &mut self,
        tokens: &Bound<'_, PyAny>,
        what: &dyn Fn() -> String,
    ) -> PyResult<std::ops::Range<usize>> {
        let first = self.ends.len() - 1;
        for_each_item(tokens, what, |t| {
            let word = t
                .cast::<PyString>()
                .map_err(|_| PyTypeError::new_err(format!("{} must hold str tokens", what())))?;
            self.text.push_str(word.to_str()?);
            self.ends.push(self.text.len());
            Ok(())
        })?;
        Ok(first..self.ends.len() - 1)
    }

    fn words(&self, tokens: std::ops::Range<usize>) -> Vec<&str> {
        tokens.map(|k| &self.text[self.ends[k]..self.ends[k + 1]]).collect()
    }
}

/// Calls `f` on each item of a list or tuple, else a `TypeError` naming `what()`.
fn for_each_item<'py>(
    seq: &Bound<'py, PyAny>,
    what: &dyn Fn() -> String,
    f: impl FnMut(Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    if let Ok(list) = seq.cast_exact::<PyList>() {
        list.iter().try_for_each(f)
    } else if let Ok(tuple) = seq.cast_exact::<PyTuple>() {
        tuple.iter().try_for_each(f)
    } else {
        Err(PyTypeError::new_err(format!("{} must be a list or tuple", what())))
    }
}

/// Items of a list or tuple, else a `TypeError` naming `what`.
fn sequence_items<'py>(seq: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let mut items = Vec::new();
    for_each_item(seq, &|| what.to_string(), |item| {
        items.push(item);
        Ok(())
    })?;
    Ok(items)
}

/// Hypotheses (token lists) and references (lists of token lists) read into one buffer: each
/// hypothesis's tokens, each item's references (a range of `references`' token ranges).
struct FlatSegments {
    tokens: FlatTokens,
    hypotheses: Vec<std::ops::Range<usize>>,
    items: Vec<std::ops::Range<usize>>,
    references: Vec<std::ops::Range<usize>>,
}

fn flat_segments(hypotheses: &Bound<'_, PyAny>, references: &Bound<'_, PyAny>) -> PyResult<FlatSegments> {
    let hyps = sequence_items(hypotheses, "hypotheses")?;
    let items = sequence_items(references, "references")?;
    crate::error::check_segment_count(hyps.len(), items.len())?;
    let mut flat = FlatSegments {
        tokens: FlatTokens { text: String::new(), ends: vec![0] },
        hypotheses: Vec::with_capacity(hyps.len()),
        items: Vec::with_capacity(items.len()),
        references: Vec::new(),
    };
    for (i, h) in hyps.iter().enumerate() {
        flat.hypotheses.push(flat.tokens.push(h, &|| format!("hypotheses[{i}]"))?);
    }
    for (i, item) in items.iter().enumerate() {
        let refs = sequence_items(item, &format!("references[{i}]"))?;
        if refs.is_empty() {
            return Err(Error::value("references", format!("segment {i} has no reference")).into());
        }
        let first = flat.references.len();
        for (k, r) in refs.iter().enumerate() {
            flat.references.push(flat.tokens.push(r, &|| format!("references[{i}][{k}]"))?);
        }
        flat.items.push(first..flat.references.len());
    }
    Ok(flat)
}

/// NLTK's `meteor_score` of each hypothesis (words) against its references (lists of words),
/// float64; `lowercase`: NLTK's default `preprocess=str.lower`, done here. `stems` and `synonyms`
/// replace the built-in Porter stemmer and WordNet when given.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, alpha, beta, gamma, lowercase, stems=None, synonyms=None, workers=None))]
#[allow(clippy::too_many_arguments)]
fn nltk_meteor_scores<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    alpha: f64,
    beta: f64,
    gamma: f64,
    lowercase: bool,
    stems: Option<FxHashMap<String, String>>,
    synonyms: Option<FxHashMap<String, FxHashSet<String>>>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("nltk_meteor_scores", || {
        let params = nltk_params(alpha, beta, gamma)?;
        let workers = threads(workers);
        let scores = if stems.is_none() && synonyms.is_none() {
            // NLTK's defaults: each thread's vocabulary lowercases and numbers the words.
            let flat = flat_segments(hypotheses, references)?;
            let items: Vec<usize> = (0..flat.hypotheses.len()).collect();
            long_call::run(py, items.len(), || {
                crate::batch::map(&items, workers, |&i| {
                    let refs = flat.items[i].clone().map(|k| flat.tokens.words(flat.references[k].clone()));
                    let r: Vec<Vec<&str>> = refs.collect();
                    let h = flat.tokens.words(flat.hypotheses[i].clone());
                    nltk::best_builtin(&r, &h, lowercase, params).expect("checked: at least one reference")
                })
            })?
        } else {
            let hypotheses: Vec<Vec<String>> = hypotheses.extract()?;
            let references: Vec<Vec<Vec<String>>> = references.extract()?;
            crate::error::check_segment_count(hypotheses.len(), references.len())?;
            if let Some(i) = references.iter().position(Vec::is_empty) {
                return Err(Error::value("references", format!("segment {i} has no reference")).into());
            }
            let items: Vec<usize> = (0..hypotheses.len()).collect();
            let hyps: Vec<Vec<String>> = hypotheses.into_iter().map(|h| lowered(h, lowercase)).collect();
            let refs: Vec<Vec<Vec<String>>> = references
                .into_iter()
                .map(|rs| rs.into_iter().map(|r| lowered(r, lowercase)).collect())
                .collect();
            let lexicon = Given { stems, synonyms };
            long_call::run(py, items.len(), || {
                crate::batch::map(&items, workers, |&i| {
                    let r: Vec<Vec<&str>> = refs[i].iter().map(|r| as_strs(r)).collect();
                    nltk::best(&r, &as_strs(&hyps[i]), &lexicon, params)
                        .expect("checked: at least one reference")
                })
            })?
        };
        Ok(PyArray1::from_vec(py, scores))
    })
}

/// NLTK's `single_meteor_score(reference, hypothesis)` (see `nltk_meteor_scores`), one call.
#[pyfunction]
#[pyo3(signature = (reference, hypothesis, alpha, beta, gamma, lowercase, stems=None, synonyms=None))]
#[allow(clippy::too_many_arguments)]
fn nltk_single_meteor(
    reference: Vec<String>,
    hypothesis: Vec<String>,
    alpha: f64,
    beta: f64,
    gamma: f64,
    lowercase: bool,
    stems: Option<FxHashMap<String, String>>,
    synonyms: Option<FxHashMap<String, FxHashSet<String>>>,
) -> PyResult<f64> {
    guard("nltk_single_meteor", || {
        let params = nltk_params(alpha, beta, gamma)?;
        if stems.is_none() && synonyms.is_none() {
            let best = nltk::best_builtin(&[as_strs(&reference)], &as_strs(&hypothesis), lowercase, params);
            return Ok(best.expect("one reference"));
        }
        let (r, h) = (lowered(reference, lowercase), lowered(hypothesis, lowercase));
        Ok(nltk::single(&as_strs(&r), &as_strs(&h), &Given { stems, synonyms }, params))
    })
}

/// The longest pair (hypothesis words times reference words) [`nltk_meteor_score`] scores in
/// the calling thread; longer ones go through the long-call door.
const SHORT_CALL: usize = 1 << 20;

/// `meteor_score(references, hypothesis)` with NLTK's defaults (`str.lower`, `PorterStemmer()`,
/// WordNet 3.0), for what a loop passes: lists or tuples of `str` tokens, at least one reference,
/// `alpha`, `beta`, `gamma` finite floats, short texts. Returns `None` for anything else, and the
/// caller then takes the general path, which also says what is wrong with the arguments.
/// Each token is read in place and numbered by the thread's vocabulary in one step.
#[pyfunction]
fn nltk_meteor_score(
    references: &Bound<'_, PyAny>,
    hypothesis: &Bound<'_, PyAny>,
    alpha: &Bound<'_, PyAny>,
    beta: &Bound<'_, PyAny>,
    gamma: &Bound<'_, PyAny>,
) -> PyResult<Option<f64>> {
    guard("nltk_meteor_score", || {
        let number = |x: &Bound<'_, PyAny>| {
            x.cast_exact::<PyFloat>().ok().map(|f| f.value()).filter(|v| v.is_finite())
        };
        let (Some(alpha), Some(beta), Some(gamma)) = (number(alpha), number(beta), number(gamma)) else {
            return Ok(None);
        };
        let params = Params { alpha, beta, gamma };
        Ok(nltk::Vocab::with(|v| {
            let mut hyp = Vec::new();
            if !token_ids(v, hypothesis, &mut hyp) {
                return None;
            }
            let (mut refs, mut ends) = (Vec::new(), Vec::new());
            let all_tokens =
                |r: &Bound<'_, PyAny>, v: &mut nltk::Vocab, refs: &mut Vec<u32>, ends: &mut Vec<usize>| {
                    let before = refs.len();
                    let ok = token_ids(v, r, refs);
                    ends.push(refs.len());
                    ok && hyp.len().saturating_mul(refs.len() - before) <= SHORT_CALL
                };
            let ok = if let Ok(list) = references.cast_exact::<PyList>() {
                list.iter().all(|r| all_tokens(&r, v, &mut refs, &mut ends))
            } else if let Ok(tuple) = references.cast_exact::<PyTuple>() {
                tuple.iter().all(|r| all_tokens(&r, v, &mut refs, &mut ends))
            } else {
                false
            };
            if !ok {
                return None;
            }
            v.best(&hyp, &refs, &ends, params)
        }))
    })
}

/// The ids of the tokens of a list or tuple of `str` (lowercased), appended to `out`; false for
/// anything else.
fn token_ids(v: &mut nltk::Vocab, tokens: &Bound<'_, PyAny>, out: &mut Vec<u32>) -> bool {
    let mut push = |t: Bound<'_, PyAny>| -> bool {
        match t.cast_exact::<PyString>().ok().and_then(|s| s.to_str().ok()) {
            Some(word) => {
                out.push(v.id(word, true));
                true
            }
            None => false,
        }
    };
    if let Ok(list) = tokens.cast_exact::<PyList>() {
        list.iter().all(&mut push)
    } else if let Ok(tuple) = tokens.cast_exact::<PyTuple>() {
        tuple.iter().all(&mut push)
    } else {
        false
    }
}

/// The lemma names (without `_`) of `wordnet.synsets(word)` in NLTK with WordNet 3.0, sorted.
#[pyfunction]
fn nltk_wordnet_synonyms(word: &str) -> PyResult<Vec<&'static str>> {
    guard("nltk_wordnet_synonyms", || {
        let wordnet = crate::meteor::wordnet::WordNet::get();
        let mut names: Vec<&str> = wordnet.nltk_synonyms(word).into_iter().map(|i| wordnet.name(i)).collect();
        names.sort_unstable();
        Ok(names)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Meteor15Scorer>()?;
    m.add_class::<MeteorRows>()?;
    m.add_function(wrap_pyfunction!(nltk_meteor_scores, m)?)?;
    m.add_function(wrap_pyfunction!(nltk_single_meteor, m)?)?;
    m.add_function(wrap_pyfunction!(nltk_meteor_score, m)?)?;
    m.add_function(wrap_pyfunction!(nltk_wordnet_synonyms, m)?)?;
    Ok(())
}
