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
use crate::caption::words::BatchVocabulary;
use crate::error::Error;
use crate::options::Vocabulary;
use crate::text::ptb;

/// The texts of an argument, read while attached: `str`s stay in their Python objects (held
/// here, and borrowed by [`Texts::views`]), column rows and token ids are copied.
#[derive(Default)]
struct Texts<'py> {
    strs: Vec<Bound<'py, PyString>>,
    owned: Vec<String>,
    ids: Vec<Vec<u32>>,
    entries: Vec<Entry>,
    /// For reference sets: set `i` is `entries[bounds[i]..bounds[i + 1]]`.
    bounds: Vec<usize>,
}

#[derive(Clone, Copy)]
enum Entry {
    Py(usize),
    Owned(usize),
    Ids(usize),
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

impl<'py> Texts<'py> {
    /// Adds one text: a `str`, or token ids.
    fn push(&mut self, obj: Bound<'py, PyAny>, what: &dyn Fn() -> String) -> PyResult<()> {
        let obj = match obj.cast_into::<PyString>() {
            Ok(s) => {
                str_text(&s, what)?; // a lone surrogate is refused here, naming the text
                self.entries.push(Entry::Py(self.strs.len()));
                self.strs.push(s);
                return Ok(());
            }
            Err(e) => e.into_inner(),
        };
        match token_ids(&obj, what)? {
            Some(ids) => {
                self.entries.push(Entry::Ids(self.ids.len()));
                self.ids.push(ids);
                Ok(())
            }
            None => Err(PyTypeError::new_err(format!(
                "{} must be a str or a sequence of token ids, got {}",
                what(),
                type_name(&obj)
            ))),
        }
    }

    fn push_owned(&mut self, s: String) {
        self.entries.push(Entry::Owned(self.owned.len()));
        self.owned.push(s);
    }

    /// A list argument of texts: a sequence, or a text column.
    fn read(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a sequence of texts, not a single str"
            )));
        }
        let mut out = Texts::default();
        match column(obj, what)? {
            Some(Column::Text(t)) => {
                for (i, s) in t.iter().enumerate() {
                    out.push_owned(s.ok_or_else(|| null_error(format!("{what}[{i}]")))?.to_owned());
                }
                return Ok(out);
            }
            Some(Column::List(_)) => {
                return Err(PyTypeError::new_err(format!("{what} must be a column of strings, not of lists")))
            }
            None => {}
        }
        let iter = obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!("{what} must be a sequence, got {}", type_name(obj)))
        })?;
        for (i, item) in iter.enumerate() {
            out.push(item?, &|| format!("{what}[{i}]"))?;
        }
        Ok(out)
    }

    /// Reference sets: a sequence (per item) of sequences of texts (a bare `str` being one
    /// reference), or a list column (a text column: one reference per item).
    fn read_sets(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a sequence of reference lists, not a str"
            )));
        }
        let mut out = Texts { bounds: vec![0], ..Texts::default() };
        match column(obj, what)? {
            Some(Column::List(l)) => {
                for i in 0..l.len() {
                    let row = l.row(i).ok_or_else(|| null_error(format!("{what}[{i}]")))?;
                    for (k, s) in row.enumerate() {
                        out.push_owned(s.ok_or_else(|| null_error(format!("{what}[{i}][{k}]")))?.to_owned());
                    }
                    out.bounds.push(out.entries.len());
                }
                return Ok(out);
            }
            Some(Column::Text(t)) => {
                for (i, s) in t.iter().enumerate() {
                    out.push_owned(s.ok_or_else(|| null_error(format!("{what}[{i}]")))?.to_owned());
                    out.bounds.push(out.entries.len());
                }
                return Ok(out);
            }
            None => {}
        }
        let iter = obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!("{what} must be a sequence, got {}", type_name(obj)))
        })?;
        for (i, set) in iter.enumerate() {
            let set = set?;
            if set.is_instance_of::<PyString>() {
                out.push(set, &|| format!("{what}[{i}]"))?;
            } else {
                let items = set.try_iter().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "{what}[{i}] must be a list of references, got {}",
                        type_name(&set)
                    ))
                })?;
                for (k, r) in items.enumerate() {
                    out.push(r?, &|| format!("{what}[{i}][{k}]"))?;
                }
            }
            out.bounds.push(out.entries.len());
        }
        Ok(out)
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    /// Number of sets ([`Texts::read_sets`]).
    fn sets(&self) -> usize {
        self.bounds.len().saturating_sub(1)
    }

    /// The texts, borrowed (strings from their Python objects, valid while `self` lives).
    fn views(&self) -> PyResult<Vec<Text<'_>>> {
        self.entries
            .iter()
            .map(|&e| match e {
                Entry::Py(i) => Ok(Text::Str(self.strs[i].to_str()?)),
                Entry::Owned(i) => Ok(Text::Str(&self.owned[i])),
                Entry::Ids(i) => Ok(Text::Ids(&self.ids[i])),
            })
            .collect()
    }
}

/// The views of reference sets, set by set.
fn split_sets<'a>(views: Vec<Text<'a>>, bounds: &[usize]) -> Vec<Vec<Text<'a>>> {
    bounds.windows(2).map(|w| views[w[0]..w[1]].to_vec()).collect()
}

/// All strings (the tokenizer's input), else an error naming the argument.
fn strings<'a>(texts: &[Text<'a>], what: &str) -> PyResult<Vec<&'a str>> {
    texts
        .iter()
        .map(|t| match *t {
            Text::Str(s) => Ok(s),
            Text::Ids(_) => {
                Err(PyTypeError::new_err(format!("{what}: token ids cannot be tokenized; pass strings")))
            }
        })
        .collect()
}

/// Each text as pycocoevalcap's `PTBTokenizer().tokenize` returns it (lowercased, punctuation
/// removed), the texts tokenized as one input, in order.
#[pyfunction]
#[pyo3(signature = (texts, workers=None))]
fn ptb_tokenize<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyAny>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyList>> {
    guard("ptb_tokenize", || {
        let workers = threads(workers);
        let held = Texts::read(texts, "texts")?;
        let strs = strings(&held.views()?, "texts")?;
        let out = long_call::run(py, strs.len(), || ptb::coco_tokenize(&strs, workers))?;
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
        let held = Texts::read(texts, "texts")?;
        let strs = strings(&held.views()?, "texts")?;
        let out = long_call::run(py, strs.len(), || ptb::ptb_lines(&strs, lowercase, None))?;
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
            let held = Texts::read_sets(references, "references")?;
            let views = held.views()?;
            if tokenize {
                strings(&views, "references")?;
            }
            let df = long_call::run(py, views.len(), || -> PyResult<DocumentFrequencies> {
                let tokenized = tokenize.then(|| tokenize_all(&views, None));
                let views =
                    tokenized.as_ref().map_or(views.clone(), |t| t.iter().map(|s| Text::Str(s)).collect());
                Ok(DocumentFrequencies::from_references(&split_sets(views, &held.bounds), order)?)
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
            let held = Texts::read(ngrams, "ngrams")?;
            let grams = held.views()?;
            if grams.len() != counts.len() {
                return Err(Error::value(
                    "counts",
                    format!("{} counts for {} n-grams", counts.len(), grams.len()),
                )
                .into());
            }
            let df = DocumentFrequencies::from_counts(grams.into_iter().zip(counts), ref_len, order)?;
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
            let mut held = Texts::default();
            held.push(ngram.clone(), &|| "ngram".to_string())?;
            Ok(self.df.get(held.views()?[0]))
        })
    }
}

/// The PTB tokenization of `texts` (all strings), as one input.
fn tokenize_all(texts: &[Text], workers: Option<usize>) -> Vec<String> {
    let strs: Vec<&str> = texts.iter().map(|t| if let Text::Str(s) = *t { s } else { "" }).collect();
    ptb::coco_tokenize(&strs, workers)
}

fn variant(name: &str, sigma: f64) -> PyResult<Variant> {
    Ok(Variant::parse(name)?.with_sigma(sigma)?)
}

/// The suite's scores of `candidates` (one per item) against `references` (per item, a list):
/// a dict with `"Bleu"` (per order: `(corpus, per-item values)`), `"bleu_stats"`, `"ROUGE_L"` and
/// `"CIDEr"` for the requested metrics. Per-item values are float64 arrays, or with `lists` Python
/// lists (which spare a caller that may never look at them the import of NumPy). With `tokens`
/// (and `tokenize`), `"tokens"` holds the tokenized candidates and reference lists, for a scorer
/// that reads strings (METEOR) to take them rather than tokenize again.
#[pyfunction]
#[pyo3(signature = (candidates, references, bleu=0, rouge_l=false, cider=None, order=4, sigma=6.0, frequencies=None, tokenize=false, workers=None, lists=false, samples=1, tokens=false))]
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
    lists: bool,
    samples: usize,
    tokens: bool,
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
        let cand_held = Texts::read(candidates, "candidates")?;
        let ref_held = Texts::read_sets(references, "references")?;
        if samples == 0 {
            return Err(Error::value("samples", "must be at least 1").into());
        }
        if cand_held.len() != ref_held.sets() * samples {
            let each = if samples > 1 { format!(" ({samples} per set)") } else { String::new() };
            return Err(Error::value(
                "candidates",
                format!("{} candidates for {} reference sets{each}", cand_held.len(), ref_held.sets()),
            )
            .into());
        }
        let (cands, refs) = (cand_held.views()?, ref_held.views()?);
        if tokenize {
            strings(&cands, "candidates")?;
            strings(&refs, "references")?;
        }
        let metrics =
            Metrics { bleu: (bleu > 0).then_some(bleu as usize), rouge_l, cider: cider.map(|v| (v, order)) };
        let (result, tokenized) = long_call::run(py, cands.len() + refs.len(), || -> PyResult<_> {
            // pycocoevalcap tokenizes the references as one input and the candidates as another.
            let tokenized = tokenize.then(|| (tokenize_all(&cands, workers), tokenize_all(&refs, workers)));
            let result = {
                let (cand_texts, ref_texts): (Vec<Text>, Vec<Text>) = match &tokenized {
                    Some((c, r)) => {
                        (c.iter().map(|s| Text::Str(s)).collect(), r.iter().map(|s| Text::Str(s)).collect())
                    }
                    None => (cands.clone(), refs.clone()),
                };
                let sets = split_sets(ref_texts, &ref_held.bounds);
                let order = metrics.order();
                let captions = match &df {
                    Some(df) => {
                        Captions::grouped(&cand_texts, &sets, samples, order, &mut CorpusVocabulary::new(df))?
                    }
                    None => {
                        Captions::grouped(&cand_texts, &sets, samples, order, &mut BatchVocabulary::new())?
                    }
                };
                let freq = df.as_deref().map_or(Frequencies::Batch, Frequencies::Corpus);
                suite::run(&captions, metrics, freq, workers)
            };
            Ok((result, tokenized))
        })??;
        let values = |v: Vec<f64>| -> PyResult<Bound<'py, PyAny>> {
            Ok(if lists { PyList::new(py, v)?.into_any() } else { PyArray1::from_vec(py, v).into_any() })
        };
        let out = PyDict::new(py);
        if !result.bleu.is_empty() {
            let cols = result
                .bleu
                .into_iter()
                .map(|c| Ok((c.corpus, values(c.per_item)?)))
                .collect::<PyResult<Vec<_>>>()?;
            out.set_item("Bleu", cols)?;
            let s = result.bleu_stats.unwrap_or_default();
            out.set_item("bleu_stats", (s.testlen, s.reflen, s.guess.to_vec(), s.correct.to_vec()))?;
        }
        if let Some(c) = result.rouge_l {
            out.set_item("ROUGE_L", (c.corpus, values(c.per_item)?))?;
        }
        if let Some(c) = result.cider {
            out.set_item("CIDEr", (c.corpus, values(c.per_item)?))?;
        }
        if let Some((c, r)) = tokenized.filter(|_| tokens) {
            let sets = ref_held
                .bounds
                .windows(2)
                .map(|w| PyList::new(py, &r[w[0]..w[1]]))
                .collect::<PyResult<Vec<_>>>()?;
            out.set_item("tokens", (c, sets))?;
        }
        Ok(out)
    })
}

/// CIDEr-D (or CIDEr) options as Python passes them: variant, order, sigma, frequencies.
type PairOptions<'py> = (String, i64, f64, Option<PyRef<'py, PyFrequencies>>);

/// Both sides' texts, the order, the variant and the frequencies of an all-pairs call.
type Pairs<'py> = (Texts<'py>, Texts<'py>, usize, Variant, Option<Arc<DocumentFrequencies>>);

fn prepare_pairs<'py>(
    hyps: &Bound<'py, PyAny>,
    refs: &Bound<'py, PyAny>,
    names: (&str, &str),
    opts: &PairOptions<'_>,
) -> PyResult<Pairs<'py>> {
    let order = check_order(opts.1)?;
    let v = variant(&opts.0, opts.2)?;
    let df = opts.3.as_ref().map(|f| f.df.clone());
    Ok((Texts::read(hyps, names.0)?, Texts::read(refs, names.1)?, order, v, df))
}

fn pairs(h: &[Text], r: &[Text], order: usize, v: Variant, df: Option<&DocumentFrequencies>) -> CiderPairs {
    CiderPairs::new(h, r, order, v, df)
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
        let (hh, rh, order, v, df) =
            prepare_pairs(hypotheses, references, ("hypotheses", "references"), &options)?;
        let (h, r) = (hh.views()?, rh.views()?);
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
        let (hh, rh, order, v, df) =
            prepare_pairs(hypotheses, references, ("hypotheses", "pseudo_references"), &options)?;
        let (h, r) = (hh.views()?, rh.views()?);
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
        let (qh, ch, order, v, df) = prepare_pairs(queries, candidates, ("queries", "candidates"), &options)?;
        let (q, c) = (qh.views()?, ch.views()?);
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
