//! Python bindings for rouge_score-compatible ROUGE: `RougeCore`, a scorer object with single,
//! multi-reference, batch and corpus calls. Arguments are extracted while attached, the work runs
//! detached from the interpreter, and batch results come back as NumPy arrays. The per-call path
//! of `RougeScorer.score` (strings to a result dict in one call) is `rouge_per_call.rs`.
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyType};

use super::columns::{column, Column};
use super::errors::null_error;
use super::guard::guard;
use super::long_call::{self, Size};
use super::pretokenized::token_batch;
use super::rouge_per_call::RougeDictScorer;
use super::text_args::{rouge_text, sequence_items};
use super::workers::{threads, Workers};
use super::xlsum::{external_segmenter, language_name};
use crate::error::{check_same_length, Error};
use crate::kernels::fmeasure::Prf;
use crate::options::Vocabulary;
use crate::rouge::corpus::{aggregate, Average, Bootstrap, Interval};
use crate::rouge::counts::{finish, Counts, FWeight};
use crate::rouge::multi::{MultiRef, TypeScore};
use crate::rouge::prepare::from_token_lists;
use crate::rouge::scorer::{Options, Scorer, Text};
use crate::rouge::RougeType;
use crate::rouge::Tokenization;
use crate::text::rouge_score::tokenize;

type ScoreTuple = (f64, f64, f64, bool);

/// Fields per item and rouge type in `item_stats`: P, R, F, hits, reference total, candidate total.
const ITEM_FIELDS: usize = 6;

fn as_refs(v: &[String]) -> Vec<&str> {
    v.iter().map(|s| s.as_str()).collect()
}

fn tuples(scores: Vec<TypeScore>) -> Vec<ScoreTuple> {
    scores.into_iter().map(|s| (s.prf.precision, s.prf.recall, s.prf.fmeasure, s.int_zero)).collect()
}

/// The native core of `rougebleu.RougeScorer` (argument order and semantics of rouge_score).
#[pyclass(frozen, module = "rougebleu._rougebleu")]
pub struct RougeCore {
    scorer: Scorer,
    /// The Python word segmenter `lang` needs (see `segmenter`).
    segmenter: Option<&'static str>,
}

#[pymethods]
impl RougeCore {
    #[new]
    #[pyo3(signature = (rouge_types, use_stemmer, multi_ref="max", alpha=None, jackknife=false, lang=None, tokenizer=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rouge_types: Vec<String>,
        use_stemmer: bool,
        multi_ref: &str,
        alpha: Option<f64>,
        jackknife: bool,
        lang: Option<&Bound<'_, PyAny>>,
        tokenizer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        guard("RougeCore.new", || {
            // `lang` is resolved here, once: the Python layer asks `segmenter` what it needs.
            let tokenization =
                match (lang, tokenizer) {
                    (Some(_), Some(_)) => return Err(PyValueError::new_err(
                        "lang and tokenizer cannot be combined: lang selects the XL-Sum scorer's tokenizer",
                    )),
                    (Some(l), None) => Tokenization::xlsum(language_name(l)?, use_stemmer)?,
                    (None, Some(t)) => match t.cast::<PyString>() {
                        Ok(name) => Tokenization::named(name.to_str()?)?,
                        // An object with a `tokenize` method (RougeScorer's): the Python layer
                        // tokenizes with it and hands the core tokens.
                        Err(_) => Tokenization::RougeScore,
                    },
                    (None, None) => Tokenization::RougeScore,
                };
            let segmenter = match &tokenization {
                Tokenization::XlSum { language, .. } => external_segmenter(language),
                _ => None,
            };
            let options = Options {
                stem: use_stemmer,
                multi_ref: MultiRef::parse(multi_ref)?,
                weight: alpha.map_or(FWeight::F1, FWeight::Alpha),
                jackknife,
                tokenization,
            };
            Ok(RougeCore { scorer: Scorer::from_names(&rouge_types, options)?, segmenter })
        })
    }

    /// The Python library's word segmenter the language of `lang` needs (`"chinese"`, `"thai"`
    /// or `"japanese"`), or `None`: the texts of those languages arrive presegmented.
    #[getter]
    fn segmenter(&self) -> PyResult<Option<&'static str>> {
        guard("RougeCore.segmenter", || Ok(self.segmenter))
    }

    /// `[(precision, recall, fmeasure, int_zero)]` per rouge type.
    fn score(
        &self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        prediction: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<ScoreTuple>> {
        guard("RougeCore.score", || {
            let t = rouge_text(target, || "target".into())?;
            let p = rouge_text(prediction, || "prediction".into())?;
            let size = Size::bytes(1, t.text.len() + p.text.len());
            Ok(tuples(long_call::run(py, size, || self.scorer.score(t, p))?))
        })
    }

    fn score_multi(
        &self,
        py: Python<'_>,
        targets: &Bound<'_, PyAny>,
        prediction: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<ScoreTuple>> {
        guard("RougeCore.score_multi", || {
            let items = sequence_items(targets, "targets")?;
            let ts = items
                .iter()
                .enumerate()
                .map(|(i, o)| rouge_text(o, || format!("targets[{i}]")))
                .collect::<PyResult<Vec<_>>>()?;
            let p = rouge_text(prediction, || "prediction".into())?;
            let size = Size::texts(1, ts.iter().chain([&p]).map(|t| t.text));
            Ok(tuples(long_call::run(py, size, || self.scorer.score_multi(&ts, p))??))
        })
    }

    /// Scores `predictions[i]` against `references[i]` (a string, or a list of strings scored
    /// with `score_multi`'s rule). Returns `(prf, int_zero)`: float64 `(n, types, 3)` and bool `(n, types)`.
    #[pyo3(signature = (predictions, references, workers=None, pretokenized=false))]
    fn score_batch<'py>(
        &self,
        py: Python<'py>,
        predictions: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
        workers: Option<Workers>,
        pretokenized: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        guard("RougeCore.score_batch", || {
            let scores = self.run_batch(py, predictions, references, "references", workers, pretokenized)?;
            let n_types = self.scorer.types().len();
            let mut prf = Vec::with_capacity(scores.len() * n_types * 3);
            let mut int_zero = Vec::with_capacity(scores.len() * n_types);
            for s in scores.iter().flatten() {
                prf.extend([s.prf.precision, s.prf.recall, s.prf.fmeasure]);
                int_zero.push(s.int_zero);
            }
            let n = scores.len();
            let prf = PyArray1::from_vec(py, prf).reshape([n, n_types, 3])?;
            let int_zero = PyArray1::from_vec(py, int_zero).reshape([n, n_types])?;
            Ok((prf.into_any(), int_zero.into_any()))
        })
    }

    /// `score_batch` of several systems' predictions against the same references, each
    /// segment's references tokenized once: float64 `(systems, n, types, 3)` precision, recall, F.
    #[pyo3(signature = (systems, references, workers=None))]
    fn score_systems<'py>(
        &self,
        py: Python<'py>,
        systems: Vec<Bound<'py, PyAny>>,
        references: &Bound<'py, PyAny>,
        workers: Option<Workers>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("RougeCore.score_systems", || {
            let workers = threads(workers);
            let inputs: Vec<TextInput<'py>> = systems
                .iter()
                .enumerate()
                .map(|(s, p)| TextInput::of(p, &format!("systems[{s}]")))
                .collect::<PyResult<_>>()?;
            let ref_items = ReferenceInput::of(references, "references")?;
            let texts: Vec<Vec<Text>> = inputs
                .iter()
                .enumerate()
                .map(|(s, p)| p.texts(&format!("systems[{s}]")))
                .collect::<PyResult<_>>()?;
            let refs = ref_items.texts()?;
            let n = refs.len();
            let work = n.saturating_mul(texts.len());
            let scores =
                long_call::run(py, work, || self.scorer.score_batch_systems(&texts, &refs, workers))??;
            let n_types = self.scorer.types().len();
            let mut prf = vec![0.0; texts.len() * n * n_types * 3];
            for (i, per_system) in scores.iter().enumerate() {
                for (s, per_type) in per_system.iter().enumerate() {
                    for (t, sc) in per_type.iter().enumerate() {
                        let at = ((s * n + i) * n_types + t) * 3;
                        prf[at..at + 3].copy_from_slice(&[sc.prf.precision, sc.prf.recall, sc.prf.fmeasure]);
                    }
                }
            }
            Ok(PyArray1::from_vec(py, prf).reshape([texts.len(), n, n_types, 3])?.into_any())
        })
    }

    /// Like `score_batch`, but returns one `{type: score_cls(p, r, f)}` dict per pair, built
    /// here rather than in Python (`int_zero` is used where rouge_score returns int zeros).
    /// `references_name` is what errors call the references (`score_batch` calls them `targets`).
    #[pyo3(signature = (predictions, references, rouge_types, score_cls, int_zero, workers=None, pretokenized=false, references_name="references"))]
    #[allow(clippy::too_many_arguments)]
    fn score_batch_dicts<'py>(
        &self,
        py: Python<'py>,
        predictions: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
        rouge_types: Vec<Bound<'py, PyString>>,
        score_cls: &Bound<'py, PyAny>,
        int_zero: &Bound<'py, PyAny>,
        workers: Option<Workers>,
        pretokenized: bool,
        references_name: &str,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        guard("RougeCore.score_batch_dicts", || {
            // The errors keep the name (`&'static`): it is one of the two the front ends use.
            let references_name = if references_name == "targets" { "targets" } else { "references" };
            let scores =
                self.run_batch(py, predictions, references, references_name, workers, pretokenized)?;
            scores
                .iter()
                .map(|per_type| {
                    let d = PyDict::new(py);
                    for (name, s) in rouge_types.iter().zip(per_type) {
                        if s.int_zero {
                            d.set_item(name, int_zero)?;
                        } else {
                            d.set_item(
                                name,
                                score_cls.call1((s.prf.precision, s.prf.recall, s.prf.fmeasure))?,
                            )?;
                        }
                    }
                    Ok(d)
                })
                .collect()
        })
    }

    /// The per-call scorer: its `score`/`score_multi` return `{keys[k]: score_cls(p, r, f)}` for
    /// the k-th rouge type, and `int_zero` where rouge_score returns int zeros. `score_cls` must
    /// be a namedtuple class of three fields (it is built as `tuple.__new__(score_cls, (p, r, f))`).
    fn dict_scorer(
        &self,
        keys: Vec<Py<PyAny>>,
        score_cls: &Bound<'_, PyType>,
        int_zero: Py<PyAny>,
    ) -> PyResult<RougeDictScorer> {
        guard("RougeCore.dict_scorer", || {
            if keys.len() != self.scorer.types().len() {
                return Err(PyValueError::new_err(format!(
                    "keys: expected {} names, got {}",
                    self.scorer.types().len(),
                    keys.len()
                )));
            }
            RougeDictScorer::new(self.scorer.clone(), keys, score_cls, int_zero)
        })
    }

    /// Scores already-tokenized texts (a user tokenizer's output): each text is a pair
    /// `(tokens, sentences)`; sentences feed rougeLsum.
    fn score_tokens(
        &self,
        targets: Vec<TokenizedText>,
        prediction: TokenizedText,
    ) -> PyResult<Vec<ScoreTuple>> {
        guard("RougeCore.score_tokens", || {
            if targets.is_empty() {
                return Err(PyValueError::new_err("targets must contain at least one text"));
            }
            let all: Vec<&TokenizedText> = std::iter::once(&prediction).chain(&targets).collect();
            let tokens: Vec<Vec<&str>> = all.iter().map(|t| as_refs(&t.0)).collect();
            let sentences: Vec<Vec<Vec<&str>>> =
                all.iter().map(|t| t.1.iter().map(|s| as_refs(s)).collect()).collect();
            let prepared = from_token_lists(&tokens, &sentences);
            Ok(tuples(self.scorer.score_prepared(&prepared[1..], &prepared[0])))
        })
    }

    /// Corpus scores per type: `[((P, lo, hi), (R, lo, hi), (F, lo, hi))]`.
    #[pyo3(signature = (predictions, references, average, n_bootstrap, confidence, seed, workers=None, pretokenized=false))]
    #[allow(clippy::too_many_arguments)]
    fn corpus<'py>(
        &self,
        py: Python<'py>,
        predictions: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
        average: &str,
        n_bootstrap: usize,
        confidence: f64,
        seed: u64,
        workers: Option<Workers>,
        pretokenized: bool,
    ) -> PyResult<Vec<[(f64, f64, f64); 3]>> {
        guard("RougeCore.corpus", || {
            let scores = self.run_batch(py, predictions, references, "references", workers, pretokenized)?;
            let bootstrap = Bootstrap { resamples: n_bootstrap, confidence, seed };
            self.aggregate_all(py, &scores, average, bootstrap, workers)
        })
    }

    /// Per-item statistics, float64 `(n, types, 6)`: precision, recall, F and the counts behind
    /// them (hits, reference total, candidate total; NaN where the mode has no counts). What
    /// `rougebleu.stats.RougeStats` sums and, to bootstrap, keeps.
    #[pyo3(signature = (predictions, references, workers=None))]
    fn item_stats<'py>(
        &self,
        py: Python<'py>,
        predictions: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
        workers: Option<Workers>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard("RougeCore.item_stats", || {
            let scores = self.run_batch(py, predictions, references, "references", workers, false)?;
            let n_types = self.scorer.types().len();
            let mut flat = Vec::with_capacity(scores.len() * n_types * ITEM_FIELDS);
            for s in scores.iter().flatten() {
                let c = s.counts.map_or([f64::NAN; 3], |c| [c.hits, c.reference_total, c.candidate_total]);
                flat.extend([s.prf.precision, s.prf.recall, s.prf.fmeasure, c[0], c[1], c[2]]);
            }
            Ok(PyArray1::from_vec(py, flat).reshape([scores.len(), n_types, ITEM_FIELDS])?.into_any())
        })
    }

    /// `corpus` over per-item statistics from `item_stats` (possibly concatenated from parts).
    #[pyo3(signature = (items, average, n_bootstrap, confidence, seed, workers=None))]
    #[allow(clippy::too_many_arguments)]
    fn corpus_from_items(
        &self,
        py: Python<'_>,
        items: PyReadonlyArray3<'_, f64>,
        average: &str,
        n_bootstrap: usize,
        confidence: f64,
        seed: u64,
        workers: Option<Workers>,
    ) -> PyResult<Vec<[(f64, f64, f64); 3]>> {
        guard("RougeCore.corpus_from_items", || {
            let shape = items.shape();
            let n_types = self.scorer.types().len();
            if shape[1] != n_types || shape[2] != ITEM_FIELDS {
                return Err(Error::value(
                    "items",
                    format!("expected shape (n, {n_types}, {ITEM_FIELDS}), got {shape:?}"),
                )
                .into());
            }
            let view = items.as_array();
            let mut scores = Vec::with_capacity(shape[0]);
            for (i, row) in view.outer_iter().enumerate() {
                let mut per_type = Vec::with_capacity(n_types);
                for f in row.outer_iter() {
                    if f.iter().take(3).any(|x| !x.is_finite()) {
                        return Err(Error::value("items", format!("row {i}: scores must be finite")).into());
                    }
                    let counts = (f[3].is_finite() && f[4].is_finite() && f[5].is_finite())
                        .then_some(Counts { hits: f[3], reference_total: f[4], candidate_total: f[5] });
                    let prf = Prf { precision: f[0], recall: f[1], fmeasure: f[2] };
                    per_type.push(TypeScore { prf, int_zero: false, counts });
                }
                scores.push(per_type);
            }
            let bootstrap = Bootstrap { resamples: n_bootstrap, confidence, seed };
            self.aggregate_all(py, &scores, average, bootstrap, workers)
        })
    }

    /// Precision, recall and F of summed counts `(hits, reference total, candidate total)`, one
    /// triple per rouge type (micro averaging).
    fn finish_counts(&self, totals: Vec<(f64, f64, f64)>) -> PyResult<Vec<(f64, f64, f64)>> {
        guard("RougeCore.finish_counts", || {
            let types = self.scorer.types();
            if totals.len() != types.len() {
                return Err(Error::value(
                    "totals",
                    format!("expected {} triples, got {}", types.len(), totals.len()),
                )
                .into());
            }
            let weight = self.scorer.options().weight;
            Ok(types
                .iter()
                .zip(totals)
                .map(|(&ty, (h, r, c))| {
                    let p = finish(ty, Counts { hits: h, reference_total: r, candidate_total: c }, weight);
                    (p.precision, p.recall, p.fmeasure)
                })
                .collect())
        })
    }
}

/// A user tokenizer's output for one text: all tokens, and the tokens of each sentence.
type TokenizedText = (Vec<String>, Vec<Vec<String>>);

impl RougeCore {
    /// Extract the batch while attached, score it detached.
    /// Corpus scores per type of per-item scores (`corpus` and `corpus_from_items`).
    fn aggregate_all(
        &self,
        py: Python<'_>,
        scores: &[Vec<TypeScore>],
        average: &str,
        bootstrap: Bootstrap,
        workers: Option<Workers>,
    ) -> PyResult<Vec<[(f64, f64, f64); 3]>> {
        let avg = Average::parse(average)?;
        let w = threads(workers);
        let weight = self.scorer.options().weight;
        let types = self.scorer.types().to_vec();
        let out = long_call::run(py, scores.len().saturating_mul(bootstrap.resamples.max(1)), || {
            types
                .iter()
                .enumerate()
                .map(|(k, &ty)| {
                    let column: Vec<TypeScore> = scores.iter().map(|s| s[k]).collect();
                    aggregate(ty, &column, avg, weight, bootstrap, w)
                })
                .collect::<crate::Result<Vec<_>>>()
        })??;
        let t = |i: Interval| (i.score, i.low, i.high);
        Ok(out.into_iter().map(|c| [t(c.precision), t(c.recall), t(c.fmeasure)]).collect())
    }

    fn run_batch<'py>(
        &self,
        py: Python<'py>,
        predictions: &Bound<'py, PyAny>,
        references: &Bound<'py, PyAny>,
        references_name: &'static str,
        workers: Option<Workers>,
        pretokenized: bool,
    ) -> PyResult<Vec<Vec<TypeScore>>> {
        let workers = threads(workers);
        if pretokenized {
            if self.scorer.options().stem {
                return Err(PyValueError::new_err(
                    "use_stemmer applies to texts; pre-tokenized tokens are compared as given (stem them first)",
                ));
            }
            let sentences = self.scorer.types().contains(&RougeType::Lsum);
            let (preds, refs) = token_batch(predictions, references, references_name, sentences)?;
            return Ok(long_call::run(py, preds.len(), || {
                self.scorer.score_batch_tokens(&preds, &refs, workers)
            })??);
        }
        // Columns (Arrow, Polars, pandas, NumPy) are read without Python strings; other
        // sequences item by item, as rouge_score takes them (str or bytes).
        let pred_items = TextInput::of(predictions, "predictions")?;
        let ref_items = ReferenceInput::of(references, references_name)?;
        check_same_length("predictions", pred_items.len(), references_name, ref_items.len())?;
        let preds = pred_items.texts("predictions")?;
        let refs = ref_items.texts()?;
        let size = Size::texts(preds.len(), preds.iter().chain(refs.iter().flatten()).map(|t| t.text));
        Ok(long_call::run(py, size, || self.scorer.score_batch(&preds, &refs, workers))??)
    }
}

/// The texts of a predictions argument: a column, or a sequence of `str`/`bytes` kept alive
/// while their text is borrowed.
struct TextInput<'py> {
    column: Option<Column>,
    items: Vec<Bound<'py, PyAny>>,
}

impl<'py> TextInput<'py> {
    fn of(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Self> {
        let column = column(obj, what)?;
        let items = if column.is_none() { sequence_items(obj, what)? } else { Vec::new() };
        Ok(TextInput { column, items })
    }

    fn len(&self) -> usize {
        self.column.as_ref().map_or(self.items.len(), |c| c.len())
    }

    fn texts(&self, what: &str) -> PyResult<Vec<Text<'_>>> {
        match &self.column {
            Some(Column::Text(c)) => c
                .iter()
                .enumerate()
                .map(|(i, t)| t.map(Text::from).ok_or_else(|| null_error(format!("{what}[{i}]"))))
                .collect(),
            Some(Column::List(_)) => {
                Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
            }
            None => {
                self.items.iter().enumerate().map(|(i, o)| rouge_text(o, || format!("{what}[{i}]"))).collect()
            }
        }
    }
}

/// The references argument: a column, or a sequence whose items are a text or a list of texts;
/// `name` is what its errors call it (`score_batch` calls it `targets`).
struct ReferenceInput<'py> {
    column: Option<Column>,
    groups: Vec<Vec<Bound<'py, PyAny>>>,
    name: &'static str,
}

impl<'py> ReferenceInput<'py> {
    fn of(references: &Bound<'py, PyAny>, name: &'static str) -> PyResult<Self> {
        let column = column(references, name)?;
        let mut groups = Vec::new();
        if column.is_none() {
            let items = sequence_items(references, name)?;
            groups.reserve(items.len());
            for (i, r) in items.iter().enumerate() {
                if r.is_instance_of::<PyString>() || r.is_instance_of::<PyBytes>() {
                    groups.push(vec![r.clone()]);
                } else {
                    let inner = sequence_items(r, &format!("{name}[{i}]"))?;
                    if inner.is_empty() {
                        return Err(PyValueError::new_err(format!(
                            "{name}[{i}] is an empty list; give at least one reference"
                        )));
                    }
                    groups.push(inner);
                }
            }
        }
        Ok(ReferenceInput { column, groups, name })
    }

    fn len(&self) -> usize {
        self.column.as_ref().map_or(self.groups.len(), |c| c.len())
    }

    fn texts(&self) -> PyResult<Vec<Vec<Text<'_>>>> {
        if let Some(col) = &self.column {
            return column_references(col, self.name);
        }
        let name = self.name;
        self.groups
            .iter()
            .enumerate()
            .map(|(i, group)| {
                group
                    .iter()
                    .enumerate()
                    .map(|(k, o)| {
                        rouge_text(o, || {
                            if group.len() == 1 {
                                format!("{name}[{i}]")
                            } else {
                                format!("{name}[{i}][{k}]")
                            }
                        })
                    })
                    .collect::<PyResult<Vec<Text>>>()
            })
            .collect()
    }
}

/// The references of a column (called `name` in errors): one text per row, or a list of them
/// (several references); a null anywhere is a `ValueError` naming it (rouge_score has no missing
/// reference).
fn column_references<'c>(col: &'c Column, name: &str) -> PyResult<Vec<Vec<Text<'c>>>> {
    match col {
        Column::Text(c) => c
            .iter()
            .enumerate()
            .map(|(i, t)| t.map(|t| vec![Text::from(t)]).ok_or_else(|| null_error(format!("{name}[{i}]"))))
            .collect(),
        Column::List(l) => (0..l.len())
            .map(|i| {
                let row = l.row(i).ok_or_else(|| null_error(format!("{name}[{i}]")))?;
                let texts = row
                    .enumerate()
                    .map(|(k, t)| t.map(Text::from).ok_or_else(|| null_error(format!("{name}[{i}][{k}]"))))
                    .collect::<PyResult<Vec<Text>>>()?;
                if texts.is_empty() {
                    return Err(PyValueError::new_err(format!(
                        "{name}[{i}] is an empty list; give at least one reference"
                    )));
                }
                Ok(texts)
            })
            .collect(),
    }
}

/// rouge_score's default tokenizer: `tokenize(text, use_stemmer)` -> list of tokens.
#[pyfunction]
#[pyo3(signature = (text, use_stemmer=false))]
fn rouge_score_tokenize(text: &Bound<'_, PyAny>, use_stemmer: bool) -> PyResult<Vec<String>> {
    guard("rouge_score_tokenize", || {
        let t = rouge_text(text, || "text".into())?;
        let tokens = tokenize(t.text, t.lowercase);
        Ok(if use_stemmer {
            tokens
                .into_iter()
                .map(|w| {
                    if crate::text::rouge_score::should_stem(&w) {
                        crate::stem::nltk_porter::stem(&w)
                    } else {
                        w
                    }
                })
                .collect()
        } else {
            tokens
        })
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RougeCore>()?;
    m.add_function(wrap_pyfunction!(rouge_score_tokenize, m)?)?;
    Ok(())
}
