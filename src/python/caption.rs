//! Python bindings for the COCO caption suite: the PTB tokenizer as pycocoevalcap runs it, the
//! suite's scores of a batch, CIDEr document frequencies, and CIDEr-D of all pairs.
//!
//! Texts are strings or token ids (a sequence of non-negative integers, or a 1-D integer NumPy
//! array). They are copied into Rust while attached (a copy costs far less than the scoring),
//! then the work runs detached through the long-call door.
use std::sync::Arc;

use numpy::{
    PyArray1, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray1, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString, PyTuple};

use super::columns::{column, Column};
use super::errors::{null_error, type_name};
use super::guard::guard;
use super::long_call;
use super::text_args::str_text;
use super::workers::{threads, Workers};
use crate::allpairs;
use crate::caption::captions::{Captions, Text};
use crate::caption::cider::{CorpusVocabulary, DocumentFrequencies, Frequencies, Variant};
use crate::caption::pairs::CiderPairs;
use crate::caption::suite::{self, Metrics};
use crate::error::Error;
use crate::options::Vocabulary;
use crate::text::intern::Interner;
use crate::text::ptb;

/// A text as read from Python.
enum Owned {
    Str(String),
    Ids(Vec<u32>),
}

impl Owned {
    fn text(&self) -> Text<'_> {
        match self {
            Owned::Str(s) => Text::Str(s),
            Owned::Ids(ids) => Text::Ids(ids),
        }
    }
}

/// Token ids from a list/tuple of ints or a 1-D integer array, if `obj` is one.
fn token_ids(obj: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Option<Vec<u32>>> {
    let bad =
        || PyValueError::new_err(format!("{}: token ids must be integers from 0 to {}", what(), u32::MAX));
    if let Ok(a) = obj.cast::<PyUntypedArray>() {
        if !matches!(a.dtype().kind(), b'i' | b'u') || a.ndim() != 1 {
            return Err(PyTypeError::new_err(format!(
                "{} must be a one-dimensional integer array of token ids",
                what()
            )));
        }
        let ids = a.call_method1("astype", ("int64",))?;
        let ids: PyReadonlyArray1<'_, i64> = ids.extract()?;
        return ids
            .as_array()
            .iter()
            .map(|&v| u32::try_from(v).map_err(|_| bad()))
            .collect::<PyResult<_>>()
            .map(Some);
    }
    if !(obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()) {
        return Ok(None);
    }
    let mut out = Vec::new();
    for (k, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if item.is_instance_of::<PyBool>() || item.extract::<i128>().is_err() {
            return Err(PyTypeError::new_err(format!(
                "{}[{k}] must be a token id (int), got {}",
                what(),
                type_name(&item)
            )));
        }
        out.push(item.extract::<u32>().map_err(|_| bad())?);
    }
    Ok(Some(out))
}

/// One text: a `str`, or token ids.
fn read_text(obj: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Owned> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Owned::Str(str_text(s, what)?.to_owned()));
    }
    match token_ids(obj, what)? {
        Some(ids) => Ok(Owned::Ids(ids)),
        None => Err(PyTypeError::new_err(format!(
            "{} must be a str or a sequence of token ids, got {}",
            what(),
            type_name(obj)
        ))),
    }
}

/// A list argument of texts: a sequence, or a text column.
fn read_texts(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Owned>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must be a sequence of texts, not a single str")));
    }
    match column(obj, what)? {
        Some(Column::Text(t)) => {
            return t
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.map(|s| Owned::Str(s.to_owned())).ok_or_else(|| null_error(format!("{what}[{i}]")))
                })
                .collect()
        }
        Some(Column::List(_)) => {
            return Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
        }
        None => {}
    }
    let iter = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a sequence, got {}", type_name(obj))))?;
    iter.enumerate().map(|(i, item)| read_text(&item?, &|| format!("{what}[{i}]"))).collect()
}

/// The reference sets: a sequence (per item) of sequences of texts (a bare `str` being one
/// reference), or a list column.
fn read_reference_sets(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Vec<Owned>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must be a sequence of reference lists, not a str")));
    }
    match column(obj, what)? {
        Some(Column::List(l)) => {
            return (0..l.len())
                .map(|i| {
                    let row = l.row(i).ok_or_else(|| null_error(format!("{what}[{i}]")))?;
                    row.enumerate()
                        .map(|(k, s)| {
                            s.map(|s| Owned::Str(s.to_owned()))
                                .ok_or_else(|| null_error(format!("{what}[{i}][{k}]")))
                        })
                        .collect()
                })
                .collect()
        }
        Some(Column::Text(t)) => {
            // One reference per item.
            return t
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.map(|s| vec![Owned::Str(s.to_owned())])
                        .ok_or_else(|| null_error(format!("{what}[{i}]")))
                })
                .collect();
        }
        None => {}
    }
    let iter = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a sequence, got {}", type_name(obj))))?;
    iter.enumerate()
        .map(|(i, set)| {
            let set = set?;
            if set.is_instance_of::<PyString>() {
                return Ok(vec![read_text(&set, &|| format!("{what}[{i}]"))?]);
            }
            let items = set.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{what}[{i}] must be a list of references, got {}",
                    type_name(&set)
                ))
            })?;
            items.enumerate().map(|(k, r)| read_text(&r?, &|| format!("{what}[{i}][{k}]"))).collect()
        })
        .collect()
}

/// All strings (the tokenizer's input), else an error naming the first other text.
fn strings<'a>(texts: impl Iterator<Item = &'a Owned>, what: &str) -> PyResult<Vec<&'a str>> {
    texts
        .map(|t| match t {
            Owned::Str(s) => Ok(s.as_str()),
            Owned::Ids(_) => {
                Err(PyTypeError::new_err(format!("{what}: token ids cannot be tokenized; pass strings")))
            }
        })
        .collect()
}

/// Each text as pycocoevalcap's `PTBTokenizer().tokenize` returns it (lowercased, punctuation
/// removed), the texts tokenized as one input, in order.
#[pyfunction]
fn ptb_tokenize<'py>(py: Python<'py>, texts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    guard("ptb_tokenize", || {
        let owned = read_texts(texts, "texts")?;
        let strs = strings(owned.iter(), "texts")?;
        let out = long_call::run(py, strs.len(), || ptb::coco_tokenize(&strs))?;
        PyList::new(py, out)
    })
}

/// The line Stanford's `PTBTokenizer -preserveLines [-lowerCase]` prints for each text.
#[pyfunction]
#[pyo3(signature = (texts, lowercase=true))]
fn ptb_lines<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyAny>,
    lowercase: bool,
) -> PyResult<Bound<'py, PyList>> {
    guard("ptb_lines", || {
        let owned = read_texts(texts, "texts")?;
        let strs = strings(owned.iter(), "texts")?;
        let out = long_call::run(py, strs.len(), || ptb::ptb_lines(&strs, lowercase))?;
        PyList::new(py, out)
    })
}

/// Document frequencies for CIDEr, computed once over a corpus.
#[pyclass(frozen, module = "rougebleu._rougebleu", name = "CiderFrequencies")]
pub struct PyFrequencies {
    df: Arc<DocumentFrequencies>,
}

fn check_order(order: i64) -> PyResult<usize> {
    if !(1..=crate::limits::MAX_NGRAM_ORDER as i64).contains(&order) {
        return Err(Error::value(
            "n",
            format!("must be an integer from 1 to {}, got {order}", crate::limits::MAX_NGRAM_ORDER),
        )
        .into());
    }
    Ok(order as usize)
}

#[pymethods]
impl PyFrequencies {
    /// Frequencies over `references` (per image, a list of reference texts), orders `1..=order`.
    #[staticmethod]
    #[pyo3(signature = (references, order=4, tokenize=false))]
    fn from_references(
        py: Python<'_>,
        references: &Bound<'_, PyAny>,
        order: i64,
        tokenize: bool,
    ) -> PyResult<Self> {
        guard("CiderFrequencies.from_references", || {
            let order = check_order(order)?;
            let mut sets = read_reference_sets(references, "references")?;
            let n: usize = sets.iter().map(Vec::len).sum();
            let df = long_call::run(py, n, || -> PyResult<DocumentFrequencies> {
                if tokenize {
                    tokenize_sets(&mut sets)?;
                }
                let views: Vec<Vec<Text>> =
                    sets.iter().map(|s| s.iter().map(Owned::text).collect()).collect();
                Ok(DocumentFrequencies::from_references(&views, order)?)
            })??;
            Ok(PyFrequencies { df: Arc::new(df) })
        })
    }

    /// Frequencies given as n-grams (word strings or token-id sequences) and their counts.
    #[staticmethod]
    #[pyo3(signature = (ngrams, counts, ref_len, order=4))]
    fn from_counts(ngrams: &Bound<'_, PyAny>, counts: Vec<f64>, ref_len: f64, order: i64) -> PyResult<Self> {
        guard("CiderFrequencies.from_counts", || {
            let order = check_order(order)?;
            let grams = read_texts(ngrams, "ngrams")?;
            if grams.len() != counts.len() {
                return Err(Error::value(
                    "counts",
                    format!("{} counts for {} n-grams", counts.len(), grams.len()),
                )
                .into());
            }
            let df =
                DocumentFrequencies::from_counts(grams.iter().map(Owned::text).zip(counts), ref_len, order)?;
            Ok(PyFrequencies { df: Arc::new(df) })
        })
    }

    /// The frequencies as bytes ([`PyFrequencies::from_bytes`] reads them).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        guard("CiderFrequencies.to_bytes", || {
            let mut out = Vec::new();
            self.df.write(&mut out).map_err(|e| Error::Input(e.to_string()))?;
            Ok(PyBytes::new(py, &out))
        })
    }

    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Self> {
        guard("CiderFrequencies.from_bytes", || {
            let df = DocumentFrequencies::read(&mut &data[..]).map_err(|e| match e {
                Error::Input(msg) => Error::value("data", msg),
                e => e,
            })?;
            Ok(PyFrequencies { df: Arc::new(df) })
        })
    }

    /// Writes the frequencies to a file.
    fn write(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        guard("CiderFrequencies.write", || {
            py.detach(|| -> Result<(), Error> {
                let file = std::fs::File::create(&path)
                    .map_err(|e| Error::Input(format!("{}: {e}", path.display())))?;
                let mut w = std::io::BufWriter::new(file);
                self.df
                    .write(&mut w)
                    .and_then(|_| std::io::Write::flush(&mut w))
                    .map_err(|e| Error::Input(format!("{}: {e}", path.display())))
            })?;
            Ok(())
        })
    }

    /// Reads frequencies written by [`PyFrequencies::write`].
    #[staticmethod]
    fn read(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        guard("CiderFrequencies.read", || {
            let df = py.detach(|| -> Result<DocumentFrequencies, Error> {
                let file = std::fs::File::open(&path)
                    .map_err(|e| Error::Input(format!("{}: {e}", path.display())))?;
                DocumentFrequencies::read(&mut std::io::BufReader::new(file)).map_err(|e| match e {
                    Error::Input(msg) => Error::Input(format!("{}: {msg}", path.display())),
                    e => e,
                })
            })?;
            Ok(PyFrequencies { df: Arc::new(df) })
        })
    }

    #[getter]
    fn order(&self) -> PyResult<usize> {
        guard("CiderFrequencies.order", || Ok(self.df.order()))
    }

    #[getter]
    fn ref_len(&self) -> PyResult<f64> {
        guard("CiderFrequencies.ref_len", || Ok(self.df.ref_len()))
    }

    #[getter]
    fn by_words(&self) -> PyResult<bool> {
        guard("CiderFrequencies.by_words", || Ok(self.df.by_words()))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard("CiderFrequencies.__len__", || Ok(self.df.len()))
    }

    /// The document frequency of an n-gram (its words as one string, or its token ids).
    fn get(&self, ngram: &Bound<'_, PyAny>) -> PyResult<f64> {
        guard("CiderFrequencies.get", || {
            let t = read_text(ngram, &|| "ngram".to_string())?;
            Ok(self.df.get(t.text()))
        })
    }
}

/// Replaces each reference set's strings by their PTB tokenization, all references as one input.
fn tokenize_sets(sets: &mut [Vec<Owned>]) -> PyResult<()> {
    let flat = strings(sets.iter().flatten(), "references")?;
    let tokenized = ptb::coco_tokenize(&flat);
    let mut it = tokenized.into_iter();
    for t in sets.iter_mut().flatten() {
        *t = Owned::Str(it.next().expect("one line per text"));
    }
    Ok(())
}

fn variant(name: &str, sigma: f64) -> PyResult<Variant> {
    Ok(Variant::parse(name)?.with_sigma(sigma)?)
}

/// The suite's scores of `candidates` (one per item) against `references` (per item, a list):
/// a dict with `"Bleu"` (per order: `(corpus, per-item array)`), `"bleu_stats"`, `"ROUGE_L"` and
/// `"CIDEr"` for the requested metrics.
#[pyfunction]
#[pyo3(signature = (candidates, references, bleu=0, rouge_l=false, cider=None, order=4, sigma=6.0, frequencies=None, tokenize=false, workers=None))]
#[allow(clippy::too_many_arguments)]
fn caption_suite<'py>(
    py: Python<'py>,
    candidates: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    bleu: i64,
    rouge_l: bool,
    cider: Option<&str>,
    order: i64,
    sigma: f64,
    frequencies: Option<PyRef<'py, PyFrequencies>>,
    tokenize: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyDict>> {
    guard("caption_suite", || {
        let workers = threads(workers);
        if !(0..=crate::caption::bleu::MAX_ORDER as i64).contains(&bleu) {
            return Err(Error::value("n", format!("BLEU orders go from 1 to 4, got {bleu}")).into());
        }
        let order = check_order(order)?;
        let cider = cider.map(|c| variant(c, sigma)).transpose()?;
        let df = frequencies.as_ref().map(|f| f.df.clone());
        if let Some(df) = &df {
            if df.order() < order {
                return Err(Error::value(
                    "frequencies",
                    format!("computed for n-grams up to {}, not {order}", df.order()),
                )
                .into());
            }
        }
        let mut cands = read_texts(candidates, "candidates")?;
        let mut refs = read_reference_sets(references, "references")?;
        crate::error::check_segment_count(cands.len(), refs.len()).map_err(|_| {
            Error::value(
                "candidates",
                format!("{} candidates for {} reference sets", cands.len(), refs.len()),
            )
        })?;
        let metrics =
            Metrics { bleu: (bleu > 0).then_some(bleu as usize), rouge_l, cider: cider.map(|v| (v, order)) };
        let total: usize = cands.len() + refs.iter().map(Vec::len).sum::<usize>();
        let result = long_call::run(py, total, || -> PyResult<suite::Suite> {
            if tokenize {
                let tokenized = ptb::coco_tokenize(&strings(cands.iter(), "candidates")?);
                cands = tokenized.into_iter().map(Owned::Str).collect();
                tokenize_sets(&mut refs)?;
            }
            let items = cands.iter().zip(&refs).map(|(c, r)| (c.text(), r.iter().map(Owned::text).collect()));
            let captions = match &df {
                Some(df) => Captions::new(items, metrics.order(), &mut CorpusVocabulary::new(df))?,
                None => Captions::new(items, metrics.order(), &mut Interner::new())?,
            };
            let freq = df.as_deref().map_or(Frequencies::Batch, Frequencies::Corpus);
            Ok(suite::run(&captions, metrics, freq, workers))
        })??;
        let out = PyDict::new(py);
        if !result.bleu.is_empty() {
            let cols = result
                .bleu
                .into_iter()
                .map(|c| (c.corpus, PyArray1::from_vec(py, c.per_item)))
                .collect::<Vec<_>>();
            out.set_item("Bleu", cols)?;
            let s = result.bleu_stats.unwrap_or_default();
            out.set_item("bleu_stats", (s.testlen, s.reflen, s.guess.to_vec(), s.correct.to_vec()))?;
        }
        if let Some(c) = result.rouge_l {
            out.set_item("ROUGE_L", (c.corpus, PyArray1::from_vec(py, c.per_item)))?;
        }
        if let Some(c) = result.cider {
            out.set_item("CIDEr", (c.corpus, PyArray1::from_vec(py, c.per_item)))?;
        }
        Ok(out)
    })
}

/// CIDEr-D (or CIDEr) options as Python passes them: variant, order, sigma, frequencies.
type PairOptions<'py> = (String, i64, f64, Option<PyRef<'py, PyFrequencies>>);

/// Both sides' texts, the order, the variant and the frequencies of an all-pairs call.
type Pairs = (Vec<Owned>, Vec<Owned>, usize, Variant, Option<Arc<DocumentFrequencies>>);

fn prepare_pairs(
    hyps: &Bound<'_, PyAny>,
    refs: &Bound<'_, PyAny>,
    names: (&str, &str),
    opts: &PairOptions<'_>,
) -> PyResult<Pairs> {
    let order = check_order(opts.1)?;
    let v = variant(&opts.0, opts.2)?;
    let df = opts.3.as_ref().map(|f| f.df.clone());
    Ok((read_texts(hyps, names.0)?, read_texts(refs, names.1)?, order, v, df))
}

fn pairs(h: &[Owned], r: &[Owned], order: usize, v: Variant, df: Option<&DocumentFrequencies>) -> CiderPairs {
    let h: Vec<Text> = h.iter().map(Owned::text).collect();
    let r: Vec<Text> = r.iter().map(Owned::text).collect();
    CiderPairs::new(&h, &r, order, v, df)
}

/// CIDEr-D of every hypothesis against every reference alone: float64 `(n, m)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, options, workers=None))]
fn cider_pairwise<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    options: PairOptions<'py>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("cider_pairwise", || {
        let workers = threads(workers);
        let (h, r, order, v, df) =
            prepare_pairs(hypotheses, references, ("hypotheses", "references"), &options)?;
        let (n, m) = (h.len(), r.len());
        let flat = long_call::run(py, n.saturating_mul(m), || {
            allpairs::matrix(
                n,
                m,
                || pairs(&h, &r, order, v, df.as_deref()),
                workers,
                "the pairwise CIDEr matrix",
            )
        })??;
        Ok(PyArray1::from_vec(py, flat).reshape([n, m])?.into_any())
    })
}

/// The expected CIDEr-D of each hypothesis against the pseudo-references (MBR): float64 `(n,)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, options, weights=None, workers=None))]
fn cider_expected_utility<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    options: PairOptions<'py>,
    weights: Option<Vec<f64>>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("cider_expected_utility", || {
        let workers = threads(workers);
        let (h, r, order, v, df) =
            prepare_pairs(hypotheses, references, ("hypotheses", "pseudo_references"), &options)?;
        if let Some(w) = &weights {
            allpairs::check_weights(w, r.len())?;
        }
        let out = long_call::run(py, h.len().saturating_mul(r.len()), || {
            let scorer = pairs(&h, &r, order, v, df.as_deref());
            allpairs::expected_utility(&scorer, scorer.rows(), weights.as_deref(), workers)
        })??;
        Ok(PyArray1::from_vec(py, out))
    })
}

/// The `k` candidates of highest CIDEr-D for each query: `(indices (n, k'), scores (n, k'))`.
#[pyfunction]
#[pyo3(signature = (queries, candidates, k, options, workers=None))]
fn cider_top_k<'py>(
    py: Python<'py>,
    queries: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    k: usize,
    options: PairOptions<'py>,
    workers: Option<Workers>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    guard("cider_top_k", || {
        let workers = threads(workers);
        let (q, c, order, v, df) = prepare_pairs(queries, candidates, ("queries", "candidates"), &options)?;
        let (n, kk) = (q.len(), k.min(c.len()));
        let (idx, scores) = long_call::run(py, n.saturating_mul(c.len()), || {
            let scorer = pairs(&q, &c, order, v, df.as_deref());
            allpairs::top_k(&scorer, n, k, workers)
        })??;
        Ok((
            PyArray1::from_vec(py, idx).reshape([n, kk])?.into_any(),
            PyArray1::from_vec(py, scores).reshape([n, kk])?.into_any(),
        ))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ptb_tokenize, m)?)?;
    m.add_function(wrap_pyfunction!(ptb_lines, m)?)?;
    m.add_function(wrap_pyfunction!(caption_suite, m)?)?;
    m.add_function(wrap_pyfunction!(cider_pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(cider_expected_utility, m)?)?;
    m.add_function(wrap_pyfunction!(cider_top_k, m)?)?;
    m.add_class::<PyFrequencies>()?;
    Ok(())
}
