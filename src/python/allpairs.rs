//! Python bindings for the all-pairs utilities: ROUGE matrices, and the expected utility and
//! top-k of any metric (BLEU, a ROUGE type's F-measure, chrF, TER, METEOR 1.5), computed row by row without
//! the matrix.
use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::chrf::{options as chrf_options, Opts as ChrfOpts};
use super::errors::{null_error, type_name};
use super::guard::guard;
use super::long_call;
use super::meteor::Meteor15Scorer;
use super::ter::tercom;
use super::text_args::{rouge_items, rouge_text, RougeItems};
use super::workers::{threads, Workers};
use crate::allpairs::{self, PairScorer};
use crate::batch::fill_rows;
use crate::bleu::corpus::Preprocess;
use crate::bleu::pairwise::BleuPairs;
use crate::bleu::score::Smooth;
use crate::chrf::pairwise::ChrfPairs;
use crate::kernels::fmeasure::Prf;
use crate::memory::try_matrix;
use crate::meteor::Meteor15;
use crate::options::Vocabulary;
use crate::rouge::counts::FWeight;
use crate::rouge::pairwise::RougePairs;
use crate::rouge::scorer::Text;
use crate::rouge::types::RougeType;
use crate::ter::pairwise::TerPairs;
use crate::text::sacrebleu::Tokenizer;

/// BLEU's options as `BLEU` holds them: tokenize, lowercase, max order, smoothing, effective order.
type BleuOptions = (String, bool, i64, String, Option<f64>, bool);
/// ROUGE's options: the rouge type, stemming, and F's alpha (None: F1).
type RougeOptions = (String, bool, Option<f64>);
/// TER's options as `TER` passes them: normalized, no_punct, asian_support, lowercase.
type TerOptions = (bool, bool, bool, bool);

/// The metric of an expected-utility or top-k call: exactly one of these is given.
struct Metric {
    bleu: Option<BleuOptions>,
    rouge: Option<RougeOptions>,
    chrf: Option<ChrfOpts>,
    ter: Option<TerOptions>,
    meteor: Option<Arc<Meteor15>>,
}

/// The texts of a list argument (borrowed from objects the caller keeps alive) or a column.
fn texts<'a>(items: &'a RougeItems<'_>, what: &str, bytes_ok: bool) -> PyResult<Vec<Text<'a>>> {
    let items = match items {
        RougeItems::Objects(items) => items,
        RougeItems::Column(c) => {
            return c
                .iter()
                .enumerate()
                .map(|(i, t)| t.map(Text::from).ok_or_else(|| null_error(format!("{what}[{i}]"))))
                .collect()
        }
    };
    items
        .iter()
        .enumerate()
        .map(|(i, o)| {
            if !bytes_ok && !o.is_instance_of::<pyo3::types::PyString>() {
                return Err(PyTypeError::new_err(format!("{what}[{i}] must be a str, not {}", type_name(o))));
            }
            rouge_text(o, || format!("{what}[{i}]"))
        })
        .collect()
}

fn rouge_pairs(opts: &RougeOptions, h: &[Text], r: &[Text], workers: Option<usize>) -> PyResult<RougePairs> {
    let ty = RougeType::parse(&opts.0).map_err(|e| match e {
        crate::Error::Value { msg, .. } => crate::Error::value("rouge_type", msg),
        e => e,
    })?;
    Ok(RougePairs::new(ty, opts.1, opts.2.map_or(FWeight::F1, FWeight::Alpha), h, r, workers))
}

fn strs<'a>(texts: &[Text<'a>]) -> Vec<&'a str> {
    texts.iter().map(|t| t.text).collect()
}

/// The metric of an expected-utility or top-k call, prepared for all pairs.
fn prepare_metric(
    metric: Metric,
    h: &[Text],
    r: &[Text],
    workers: Option<usize>,
) -> PyResult<Box<dyn PairScorer>> {
    match metric {
        Metric {
            bleu: Some((tok, lowercase, order, smooth, value, effective)),
            rouge: None,
            chrf: None,
            ter: None,
            meteor: None,
        } => {
            let prep = Preprocess::new(Tokenizer::parse(&tok)?, lowercase, order)?;
            let smooth = Smooth::parse(&smooth, value)?;
            Ok(Box::new(BleuPairs::new(&strs(h), &strs(r), prep, smooth, effective, workers)))
        }
        Metric { bleu: None, rouge: Some(opts), chrf: None, ter: None, meteor: None } => {
            Ok(Box::new(rouge_pairs(&opts, h, r, workers)?))
        }
        Metric { bleu: None, rouge: None, chrf: Some(opts), ter: None, meteor: None } => {
            Ok(Box::new(ChrfPairs::new(&strs(h), &strs(r), &chrf_options(opts)?)))
        }
        Metric {
            bleu: None,
            rouge: None,
            chrf: None,
            ter: Some((normalized, no_punct, asian, lowercase)),
            meteor: None,
        } => {
            let t = tercom(normalized, no_punct, asian, lowercase);
            Ok(Box::new(TerPairs::new(&strs(h), &strs(r), t, workers)))
        }
        Metric { bleu: None, rouge: None, chrf: None, ter: None, meteor: Some(m) } => {
            Ok(Box::new(crate::meteor::scorer::pair_scorer(&m, &strs(h), &strs(r), workers)))
        }
        _ => Err(crate::Error::value("metric", "give exactly one metric").into()),
    }
}

/// Precision, recall and F of every hypothesis against every reference: float64 `(n, m, 3)`.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, rouge_type, use_stemmer=false, alpha=None, workers=None))]
fn rouge_pairwise<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    rouge_type: String,
    use_stemmer: bool,
    alpha: Option<f64>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyAny>> {
    guard("rouge_pairwise", || {
        let workers = threads(workers);
        let (hi, ri) = (rouge_items(hypotheses, "hypotheses")?, rouge_items(references, "references")?);
        let (h, r) = (texts(&hi, "hypotheses", true)?, texts(&ri, "references", true)?);
        let (n, m) = (h.len(), r.len());
        // Refuse an impossible result before any work: the (n, m, 3) array itself, filled in place.
        let mut flat = try_matrix::<[f64; 3]>(n, m, "the pairwise ROUGE matrices")?.into_flattened();
        let opts = (rouge_type, use_stemmer, alpha);
        long_call::run(py, n.saturating_mul(m), || {
            let pairs = rouge_pairs(&opts, &h, &r, workers)?;
            fill_rows(&mut flat, 3 * m, workers, |i, row| {
                let mut prf = vec![Prf::default(); m];
                pairs.prf_row(i, &mut prf);
                for (out, p) in row.chunks_exact_mut(3).zip(&prf) {
                    out.copy_from_slice(&[p.precision, p.recall, p.fmeasure]);
                }
            });
            Ok::<_, PyErr>(())
        })??;
        Ok(PyArray1::from_vec(py, flat).reshape([n, m, 3])?.into_any())
    })
}

/// The expected utility of each hypothesis against the pseudo-references (MBR): float64 `(n,)`.
/// For a loss (TER), the expected loss.
#[pyfunction]
#[pyo3(signature = (hypotheses, references, bleu=None, rouge=None, weights=None, workers=None, chrf=None, ter=None, meteor=None))]
#[allow(clippy::too_many_arguments)]
fn allpairs_expected_utility<'py>(
    py: Python<'py>,
    hypotheses: &Bound<'py, PyAny>,
    references: &Bound<'py, PyAny>,
    bleu: Option<BleuOptions>,
    rouge: Option<RougeOptions>,
    weights: Option<Vec<f64>>,
    workers: Option<Workers>,
    chrf: Option<ChrfOpts>,
    ter: Option<TerOptions>,
    meteor: Option<PyRef<'py, Meteor15Scorer>>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("allpairs_expected_utility", || {
        let workers = threads(workers);
        let (hi, ri) =
            (rouge_items(hypotheses, "hypotheses")?, rouge_items(references, "pseudo_references")?);
        let bytes_ok = rouge.is_some();
        let meteor = meteor.map(|m| Arc::clone(&m.inner));
        let metric = Metric { bleu, rouge, chrf, ter, meteor };
        let (h, r) = (texts(&hi, "hypotheses", bytes_ok)?, texts(&ri, "pseudo_references", bytes_ok)?);
        if let Some(w) = &weights {
            allpairs::check_weights(w, r.len())?;
        }
        let out = long_call::run(py, h.len().saturating_mul(r.len()), || {
            let scorer = prepare_metric(metric, &h, &r, workers)?;
            Ok::<_, PyErr>(allpairs::expected_utility(&*scorer, h.len(), weights.as_deref(), workers)?)
        })??;
        Ok(PyArray1::from_vec(py, out))
    })
}

/// The `k` best candidates of each query: `(indices int64 (n, k'), scores float64 (n, k'))`,
/// `k' = min(k, len(candidates))`, best first (for a loss, TER, the lowest first), ties to the
/// lower index.
#[pyfunction]
#[pyo3(signature = (queries, candidates, k, bleu=None, rouge=None, workers=None, chrf=None, ter=None, meteor=None))]
#[allow(clippy::too_many_arguments)]
fn allpairs_top_k<'py>(
    py: Python<'py>,
    queries: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    k: usize,
    bleu: Option<BleuOptions>,
    rouge: Option<RougeOptions>,
    workers: Option<Workers>,
    chrf: Option<ChrfOpts>,
    ter: Option<TerOptions>,
    meteor: Option<PyRef<'py, Meteor15Scorer>>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    guard("allpairs_top_k", || {
        let workers = threads(workers);
        let (qi, ci) = (rouge_items(queries, "queries")?, rouge_items(candidates, "candidates")?);
        let bytes_ok = rouge.is_some();
        let meteor = meteor.map(|m| Arc::clone(&m.inner));
        let metric = Metric { bleu, rouge, chrf, ter, meteor };
        let (q, c) = (texts(&qi, "queries", bytes_ok)?, texts(&ci, "candidates", bytes_ok)?);
        let (idx, scores) = long_call::run(py, q.len().saturating_mul(c.len()), || {
            let scorer = prepare_metric(metric, &q, &c, workers)?;
            Ok::<_, PyErr>(allpairs::top_k(&*scorer, q.len(), k, workers)?)
        })??;
        let kk = k.min(c.len());
        let n = q.len();
        Ok((
            PyArray1::from_vec(py, idx).reshape([n, kk])?.into_any(),
            PyArray1::from_vec(py, scores).reshape([n, kk])?.into_any(),
        ))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rouge_pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(allpairs_expected_utility, m)?)?;
    m.add_function(wrap_pyfunction!(allpairs_top_k, m)?)?;
    Ok(())
}
