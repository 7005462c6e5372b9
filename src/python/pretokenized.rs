//! Pre-tokenized batch arguments: lists of string tokens, or integer token ids (lists or NumPy
//! integer arrays, e.g. a model tokenizer's output), read into [`TokenText`]s for the id kernels.
//! With rougeLsum each text is a list of sentences, each a list of tokens.
use numpy::{PyArrayDescrMethods, PyReadonlyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyTuple};
use rustc_hash::FxHashMap;

use super::errors::type_name;
use super::text_args::sequence_items;
use crate::error::check_same_length;
use crate::rouge::pretokenized::TokenText;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Strs,
    Ids,
}

/// Reads a batch's texts, checking that all of them are of one kind (string tokens or ids).
struct Reader {
    kind: Option<(Kind, String)>,
    /// String tokens -> ids, shared by the whole batch (the kernels renumber them per pair).
    vocab: FxHashMap<String, u64>,
    sentences: bool,
}

fn int_array<'py>(obj: &Bound<'py, PyAny>) -> Option<Bound<'py, PyUntypedArray>> {
    let a = obj.cast::<PyUntypedArray>().ok()?;
    matches!(a.dtype().kind(), b'i' | b'u').then(|| a.clone())
}

fn is_sequence(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() || obj.cast::<PyUntypedArray>().is_ok()
}

/// How deeply sequences nest in `obj` (0: a token), following first items; an empty sequence is 1.
fn depth(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    if let Some(a) = int_array(obj) {
        return Ok(a.ndim());
    }
    if !is_sequence(obj) {
        return Ok(0);
    }
    match obj.try_iter()?.next() {
        None => Ok(1),
        Some(first) => Ok(1 + depth(&first?)?),
    }
}

impl Reader {
    fn kind(&mut self, kind: Kind, what: &str) -> PyResult<()> {
        match &self.kind {
            None => self.kind = Some((kind, what.to_owned())),
            Some((k, first)) if *k != kind => {
                return Err(PyTypeError::new_err(format!(
                    "{what}: pre-tokenized texts mix string tokens and integer ids (see {first})"
                )))
            }
            _ => {}
        }
        Ok(())
    }

    /// One token sequence: `str` tokens, or integer ids.
    fn tokens(&mut self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u64>> {
        if let Some(a) = int_array(obj) {
            if a.ndim() != 1 {
                return Err(PyValueError::new_err(format!(
                    "{what} must be a one-dimensional array of token ids"
                )));
            }
            self.kind(Kind::Ids, what)?;
            // Any integer dtype: as int64 (uint64 ids keep their bits, so distinct stay distinct).
            let ids = a.call_method1("astype", ("int64",))?;
            let ids: PyReadonlyArray1<'_, i64> = ids.extract()?;
            return Ok(ids.as_array().iter().map(|&v| v as u64).collect());
        }
        if !(obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()) {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a list of tokens (str) or token ids (int), got {}",
                type_name(obj)
            )));
        }
        let mut out = Vec::new();
        for (k, item) in obj.try_iter()?.enumerate() {
            let item = item?;
            if let Ok(s) = item.cast::<PyString>() {
                self.kind(Kind::Strs, what)?;
                let s = super::text_args::str_text(s, || format!("{what}[{k}]"))?;
                let next = self.vocab.len() as u64;
                out.push(match self.vocab.get(s) {
                    Some(&id) => id,
                    None => {
                        self.vocab.insert(s.to_owned(), next);
                        next
                    }
                });
            } else if item.is_instance_of::<PyInt>() && !item.is_instance_of::<PyBool>()
                || (!item.is_instance_of::<PyBool>()
                    && item.hasattr("__index__")?
                    && !item.is_instance_of::<PyBytes>())
            {
                self.kind(Kind::Ids, what)?;
                let id = item.extract::<i64>().map(|v| v as u64).or_else(|_| item.extract::<u64>()).map_err(
                    |_| PyValueError::new_err(format!("{what}[{k}]: a token id must fit in 64 bits")),
                )?;
                out.push(id);
            } else {
                return Err(PyTypeError::new_err(format!(
                    "{what}[{k}] must be a token (str) or a token id (int), got {}",
                    type_name(&item)
                )));
            }
        }
        Ok(out)
    }

    /// One text: a token sequence, or with rougeLsum a list of sentences.
    fn text(&mut self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<TokenText> {
        if !self.sentences {
            return Ok(TokenText::flat(self.tokens(obj, what)?));
        }
        if !is_sequence(obj) || depth(obj)? == 1 && obj.try_iter()?.next().is_some() {
            return Err(PyTypeError::new_err(format!(
                "{what}: with rougeLsum, a pre-tokenized text is a list of sentences, each a list of tokens"
            )));
        }
        let mut sentences = Vec::new();
        for (k, s) in obj.try_iter()?.enumerate() {
            sentences.push(self.tokens(&s?, &format!("{what}[{k}]"))?);
        }
        Ok(TokenText::from_sentences(sentences))
    }
}

/// The pre-tokenized predictions and references of a batch (`references[i]`: a text, or a list of
/// texts), the references called `references_name` in errors. `sentences`: texts are lists of
/// sentences (rougeLsum is among the types).
pub fn token_batch(
    predictions: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
    references_name: &'static str,
    sentences: bool,
) -> PyResult<(Vec<TokenText>, Vec<Vec<TokenText>>)> {
    let mut r = Reader { kind: None, vocab: FxHashMap::default(), sentences };
    let preds = sequence_items(predictions, "predictions")?;
    let refs = sequence_items(references, references_name)?;
    check_same_length("predictions", preds.len(), references_name, refs.len())?;
    let preds = preds
        .iter()
        .enumerate()
        .map(|(i, p)| r.text(p, &format!("predictions[{i}]")))
        .collect::<PyResult<Vec<_>>>()?;
    let text_depth = 1 + usize::from(sentences);
    let mut out = Vec::with_capacity(refs.len());
    for (i, obj) in refs.iter().enumerate() {
        let what = format!("{references_name}[{i}]");
        let d = depth(obj)?;
        if d == text_depth + 1 {
            let texts = obj
                .try_iter()?
                .enumerate()
                .map(|(k, t)| r.text(&t?, &format!("{what}[{k}]")))
                .collect::<PyResult<Vec<_>>>()?;
            out.push(texts);
        } else if d == text_depth || d == 1 {
            // `d == 1` with sentences: an empty text, or a flat list that `text` refuses by name.
            out.push(vec![r.text(obj, &what)?]);
        } else {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a pre-tokenized text or a list of them (nesting depth {d})"
            )));
        }
    }
    Ok((preds, out))
}
