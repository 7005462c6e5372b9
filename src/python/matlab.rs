//! Python bindings for the MATLAB-style API: tokenization, stemming, ROUGE, BLEU and LexRank.
//! Documents arrive as `(tokens, sentence_lengths)`; token strings are borrowed from the Python
//! objects (kept alive by the extracted `Bound`s) while batches run detached on the rayon pool;
//! results come back as NumPy arrays.
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::guard::guard;
use super::long_call;
use super::workers::{threads, Workers};
use crate::batch::map_range;
use crate::error::Error;
use crate::kernels::skip_bigram::SkipDistance;
use crate::matlab::rouge::{RougeMethod, RougeOptions};
use crate::matlab::{bleu, intern, lexrank, rouge, DocText, Vocab};
use crate::options::Vocabulary;
use crate::text::matlab::tokenize;

type PyWords<'py> = Vec<Bound<'py, PyString>>;
type PyDoc<'py> = (PyWords<'py>, Vec<usize>);

fn words<'a>(tokens: &'a [Bound<'_, PyString>]) -> PyResult<Vec<&'a str>> {
    tokens.iter().map(|t| t.to_str()).collect()
}

fn doc_text<'a>((tokens, lengths): &'a PyDoc<'_>) -> PyResult<DocText<'a>> {
    Ok(DocText { tokens: words(tokens)?, sentence_lengths: lengths.clone() })
}

fn positive(value: i64, arg: &'static str) -> PyResult<usize> {
    if value < 1 {
        return Err(Error::value(arg, format!("must be a positive integer, got {value}")).into());
    }
    Ok(value as usize)
}

/// Tokens and type codes (`TokenType as u8`) of each text.
#[pyfunction]
#[pyo3(signature = (texts, workers=None))]
fn matlab_tokenize(
    py: Python<'_>,
    texts: Vec<String>,
    workers: Option<Workers>,
) -> PyResult<Vec<(Vec<String>, Vec<u8>)>> {
    guard("matlab_tokenize", || {
        let workers = threads(workers);
        long_call::run(py, texts.len(), || {
            map_range(texts.len(), workers, |i| {
                tokenize(&texts[i]).into_iter().map(|(t, k)| (t, k as u8)).unzip()
            })
        })
    })
}

/// Porter stems of lowercase words (the stemmer of `normalizeWords`).
#[pyfunction]
fn matlab_stem(py: Python<'_>, words: Vec<String>) -> PyResult<Vec<String>> {
    guard("matlab_stem", || {
        Ok(py.detach(|| words.iter().map(|w| crate::stem::nltk_porter::stem(w)).collect()))
    })
}

/// ROUGE of `candidates[i]` against the documents `references[i]`.
#[pyfunction]
#[pyo3(signature = (candidates, references, *, rouge_method, ngram_length, skip_distance, beta, weight, workers=None))]
#[allow(clippy::too_many_arguments)]
fn matlab_rouge<'py>(
    py: Python<'py>,
    candidates: Vec<PyDoc<'py>>,
    references: Vec<Vec<PyDoc<'py>>>,
    rouge_method: &str,
    ngram_length: i64,
    skip_distance: Option<i64>,
    beta: f64,
    weight: f64,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("matlab_rouge", || {
        let workers = threads(workers);
        let options = RougeOptions {
            method: RougeMethod::parse(rouge_method)?,
            ngram_length: positive(ngram_length, "ngram_length")?,
            skip_distance: match skip_distance {
                None => SkipDistance::Unlimited,
                Some(d) => SkipDistance::Max(positive(d, "skip_distance")?),
            },
            beta,
            weight,
        };
        options.validate()?;
        one_set_per_candidate(candidates.len(), references.len())?;
        let candidates: Vec<DocText> = candidates.iter().map(doc_text).collect::<PyResult<_>>()?;
        let references: Vec<Vec<DocText>> = references
            .iter()
            .map(|set| set.iter().map(doc_text).collect::<PyResult<Vec<_>>>())
            .collect::<PyResult<_>>()?;
        let scores = long_call::run(py, candidates.len(), || {
            map_range(candidates.len(), workers, |i| {
                let mut vocab = Vocab::new();
                let c = intern(&mut vocab, &candidates[i], false, "candidate")?;
                let refs = references[i]
                    .iter()
                    .map(|r| intern(&mut vocab, r, false, "references"))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok::<f64, Error>(rouge::score(&c, &refs, &options))
            })
            .into_iter()
            .collect::<Result<Vec<f64>, Error>>()
        })??;
        Ok(scores.into_pyarray(py))
    })
}

/// BLEU of `candidates[i]` against the token lists `references[i]`.
#[pyfunction]
#[pyo3(signature = (candidates, references, *, ngram_weights, ignore_case, workers=None))]
fn matlab_bleu<'py>(
    py: Python<'py>,
    candidates: Vec<PyWords<'py>>,
    references: Vec<Vec<PyWords<'py>>>,
    ngram_weights: Vec<f64>,
    ignore_case: bool,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("matlab_bleu", || {
        let workers = threads(workers);
        let weights = bleu::normalize_weights(&ngram_weights)?;
        one_set_per_candidate(candidates.len(), references.len())?;
        let candidates: Vec<Vec<&str>> = candidates.iter().map(|c| words(c)).collect::<PyResult<_>>()?;
        let references: Vec<Vec<Vec<&str>>> = references
            .iter()
            .map(|set| set.iter().map(|r| words(r)).collect::<PyResult<Vec<_>>>())
            .collect::<PyResult<_>>()?;
        let scores = long_call::run(py, candidates.len(), || {
            map_range(candidates.len(), workers, |i| {
                let mut vocab = Vocab::new();
                let c = vocab.ids(&candidates[i], ignore_case);
                let refs: Vec<Vec<u32>> = references[i].iter().map(|r| vocab.ids(r, ignore_case)).collect();
                let refs: Vec<&[u32]> = refs.iter().map(|r| r.as_slice()).collect();
                bleu::score(&c, &refs, &weights)
            })
        })?;
        Ok(scores.into_pyarray(py))
    })
}

/// LexRank scores of token lists (compared as they are).
#[pyfunction]
#[pyo3(signature = (documents, workers=None))]
fn matlab_lexrank<'py>(
    py: Python<'py>,
    documents: Vec<PyWords<'py>>,
    workers: Option<Workers>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    guard("matlab_lexrank", || {
        let workers = threads(workers);
        let documents: Vec<Vec<&str>> = documents.iter().map(|d| words(d)).collect::<PyResult<_>>()?;
        let scores = long_call::run(py, documents.len().saturating_mul(documents.len()), || {
            let mut vocab = Vocab::new();
            let ids: Vec<Vec<u32>> = documents.iter().map(|d| vocab.ids(d, false)).collect();
            lexrank::scores(&ids, workers)
        })?;
        Ok(scores?.into_pyarray(py))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(matlab_tokenize, m)?)?;
    m.add_function(wrap_pyfunction!(matlab_stem, m)?)?;
    m.add_function(wrap_pyfunction!(matlab_rouge, m)?)?;
    m.add_function(wrap_pyfunction!(matlab_bleu, m)?)?;
    m.add_function(wrap_pyfunction!(matlab_lexrank, m)?)?;
    Ok(())
}

/// Batch calls pair `candidates[i]` with the reference set `references[i]`.
fn one_set_per_candidate(candidates: usize, references: usize) -> Result<(), Error> {
    if candidates != references {
        return Err(Error::value(
            "references",
            format!(
                "needs one reference set per candidate, got {candidates} candidates and {references} sets"
            ),
        ));
    }
    Ok(())
}
