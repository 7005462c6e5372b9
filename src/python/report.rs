//! Bindings for the word-level analyses of the comparison report (`crate::report`).
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use super::guard::guard;
use super::long_call;
use super::text_args::{str_items, texts, TextItems};
use super::text_lines::TextLines;
use crate::options::Vocabulary;
use crate::report::{analyze, NgramKind, NgramRow, Options};
use crate::text::sacrebleu::Tokenizer;

type Row = (String, f64, u64, u64);

fn rows(rows: Vec<NgramRow>) -> Vec<Row> {
    rows.into_iter().map(|r| (r.ngram, r.score, r.system, r.baseline)).collect()
}

/// The word-level analyses of `systems` (the first is the baseline) against `references` (one
/// text per segment), as a dict: `ref_lengths` (uint32 array), `hyp_lengths` (uint32
/// `(systems, segments)`), `ref_totals`, `out_totals` and `matches` per frequency bucket, and
/// `ngrams[s - 1][k] = (high, low)` for each system after the baseline and each kind of
/// `ngram_kinds`: rows `(ngram, score, system count, baseline count)`.
#[pyfunction]
#[pyo3(signature = (references, systems, freq_corpus, tokenize, lowercase, freq_cutoffs, min_order, max_order, ngram_kinds, top, alpha))]
#[allow(clippy::too_many_arguments)]
fn report_word_analysis<'py>(
    py: Python<'py>,
    references: &Bound<'py, PyAny>,
    systems: Vec<Bound<'py, PyAny>>,
    freq_corpus: Option<Bound<'py, PyAny>>,
    tokenize: &str,
    lowercase: bool,
    freq_cutoffs: Vec<u64>,
    min_order: usize,
    max_order: usize,
    ngram_kinds: Vec<String>,
    top: usize,
    alpha: f64,
) -> PyResult<Bound<'py, PyDict>> {
    guard("report_word_analysis", || {
        let opts = Options {
            tokenizer: Tokenizer::parse(tokenize)?,
            lowercase,
            freq_cutoffs,
            min_order,
            max_order,
            kinds: ngram_kinds.iter().map(|k| NgramKind::parse(k)).collect::<crate::Result<_>>()?,
            top,
            alpha,
        };
        let ref_items = str_items(references, "references")?;
        let refs = texts(&ref_items, "references")?;
        let sys_items: Vec<TextItems<'_>> = systems
            .iter()
            .enumerate()
            .map(|(i, s)| str_items(s, &format!("systems[{i}]")))
            .collect::<PyResult<_>>()?;
        let hyps: Vec<Vec<&str>> = sys_items
            .iter()
            .enumerate()
            .map(|(i, items)| texts(items, &format!("systems[{i}]")))
            .collect::<PyResult<_>>()?;
        let freq_items = freq_corpus.as_ref().map(|f| str_items(f, "freq_corpus")).transpose()?;
        let freq = freq_items.as_ref().map(|items| texts(items, "freq_corpus")).transpose()?;
        let columns: Vec<&[&str]> = hyps.iter().map(|h| h.as_slice()).collect();
        let work = refs.len().saturating_mul(1 + hyps.len());
        let analysis = long_call::run(py, work, || analyze(&refs, &columns, freq.as_deref(), &opts))??;
        let out = PyDict::new(py);
        out.set_item("ref_lengths", PyArray1::from_vec(py, analysis.ref_lengths))?;
        let n = refs.len();
        let flat: Vec<u32> = analysis.hyp_lengths.into_iter().flatten().collect();
        out.set_item("hyp_lengths", PyArray1::from_vec(py, flat).reshape([hyps.len(), n])?)?;
        out.set_item("ref_totals", analysis.ref_totals)?;
        out.set_item("out_totals", analysis.out_totals)?;
        out.set_item("matches", analysis.matches)?;
        let ngrams: Vec<Vec<(Vec<Row>, Vec<Row>)>> = analysis
            .ngrams
            .into_iter()
            .map(|kinds| kinds.into_iter().map(|(high, low)| (rows(high), rows(low))).collect())
            .collect();
        out.set_item("ngrams", ngrams)?;
        Ok(out)
    })
}

/// The lines of a file read natively, as `str`s, with every literal backslash-n made a newline
/// (the sentence break in the line-per-text files of the ROUGE commands).
#[pyfunction]
fn lines_with_sentence_breaks<'py>(
    py: Python<'py>,
    lines: PyRef<'py, TextLines>,
) -> PyResult<Vec<Bound<'py, PyString>>> {
    guard("lines_with_sentence_breaks", || {
        Ok(lines.lines.iter().map(|l| PyString::new(py, &crate::report::with_sentence_breaks(l))).collect())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(report_word_analysis, m)?)?;
    m.add_function(wrap_pyfunction!(lines_with_sentence_breaks, m)?)?;
    Ok(())
}
