//! MATLAB Text Analytics Toolbox-compatible scoring: `rougeEvaluationScore`,
//! `bleuEvaluationScore` and the LexRank behind `extractSummary`, on interned documents.
//!
//! A document is its tokens and the lengths of its sentences (MATLAB's `addSentenceDetails`);
//! a document without sentence details is one sentence. Tokenization is `crate::text::matlab`.
pub mod bleu;
pub mod lexrank;
pub mod rouge;

use std::borrow::Cow;

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};

/// A document as strings: tokens and sentence lengths (empty = one sentence).
#[derive(Debug, Clone, Default)]
pub struct DocText<'a> {
    pub tokens: Vec<&'a str>,
    pub sentence_lengths: Vec<usize>,
}

impl<'a> DocText<'a> {
    /// One sentence of these tokens.
    pub fn words(tokens: &[&'a str]) -> DocText<'a> {
        DocText { tokens: tokens.to_vec(), sentence_lengths: Vec::new() }
    }
}

/// Token ids for the documents of one comparison, borrowing the token strings (allocating only
/// for tokens that lowercasing changes).
#[derive(Default)]
pub struct Vocab<'a> {
    ids: FxHashMap<Cow<'a, str>, u32>,
}

impl<'a> Vocab<'a> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of `token` (of its lowercase form when `lowercase`, as `IgnoreCase` compares).
    pub fn id(&mut self, token: &'a str, lowercase: bool) -> u32 {
        let key: Cow<'a, str> = if lowercase {
            let lower = token.to_lowercase();
            if lower == token {
                Cow::Borrowed(token)
            } else {
                Cow::Owned(lower)
            }
        } else {
            Cow::Borrowed(token)
        };
        if let Some(&id) = self.ids.get(key.as_ref()) {
            return id;
        }
        let id = self.ids.len() as u32;
        self.ids.insert(key, id);
        id
    }

    pub fn ids(&mut self, tokens: &[&'a str], lowercase: bool) -> Vec<u32> {
        tokens.iter().map(|t| self.id(t, lowercase)).collect()
    }
}

/// A document of interned token ids, split into sentences.
#[derive(Debug, Clone, Default)]
pub struct Document {
    pub tokens: Vec<u32>,
    /// End offset of each non-empty sentence; the last is `tokens.len()` (none when empty).
    ends: Vec<usize>,
}

impl Document {
    /// `sentence_lengths` must sum to the number of tokens; empty means one sentence.
    pub fn new(tokens: Vec<u32>, sentence_lengths: &[usize], arg: &'static str) -> Result<Document> {
        let total: usize = sentence_lengths.iter().sum();
        if !sentence_lengths.is_empty() && total != tokens.len() {
            return Err(Error::value(
                arg,
                format!("sentence lengths add up to {total}, but the document has {} tokens", tokens.len()),
            ));
        }
        let mut ends = Vec::new();
        if sentence_lengths.is_empty() {
            if !tokens.is_empty() {
                ends.push(tokens.len());
            }
        } else {
            let mut end = 0;
            for &len in sentence_lengths.iter().filter(|&&l| l > 0) {
                end += len;
                ends.push(end);
            }
        }
        Ok(Document { tokens, ends })
    }

    /// One sentence (a document without sentence details).
    pub fn single(tokens: Vec<u32>) -> Document {
        let ends = if tokens.is_empty() { Vec::new() } else { vec![tokens.len()] };
        Document { tokens, ends }
    }

    /// The non-empty sentences, in order.
    pub fn sentences(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let s = &self.tokens[start..end];
            start = end;
            s
        })
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

/// Interns `doc` (lowercased first when `lowercase`, as `IgnoreCase` compares).
pub fn intern<'a>(
    vocab: &mut Vocab<'a>,
    doc: &DocText<'a>,
    lowercase: bool,
    arg: &'static str,
) -> Result<Document> {
    Document::new(vocab.ids(&doc.tokens, lowercase), &doc.sentence_lengths, arg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_follow_the_lengths() {
        let d = Document::new(vec![1, 2, 3, 4, 5], &[2, 0, 3], "d").unwrap();
        let s: Vec<&[u32]> = d.sentences().collect();
        assert_eq!(s, [&[1, 2][..], &[3, 4, 5][..]]);
        assert_eq!(Document::single(vec![]).sentences().count(), 0);
        assert!(Document::new(vec![1, 2], &[3], "d").is_err());
    }

    #[test]
    fn vocab_borrows_and_folds_case() {
        let mut v = Vocab::new();
        let doc = DocText { tokens: vec!["The", "the", "THE", "cat"], sentence_lengths: vec![] };
        assert_eq!(intern(&mut v, &doc, false, "d").unwrap().tokens, [0, 1, 2, 3]);
        let mut v = Vocab::new();
        assert_eq!(intern(&mut v, &doc, true, "d").unwrap().tokens, [0, 0, 0, 1]);
        assert_eq!(DocText::words(&["a", "b"]).tokens.len(), 2);
    }
}
