//! A batch of captions to score: each item is a candidate caption and its references, the texts
//! already tokenized (PTB-tokenized strings, or token ids), read once into the words and n-grams
//! that every metric of the suite shares.
use std::ops::Range;

use rustc_hash::FxHashMap;

use super::ngrams::{NgramTable, Profiles};
use super::words::{Vocabulary, Words};
use crate::error::{Error, Result};

/// A text of an item: a string, or token ids.
#[derive(Clone, Copy)]
pub enum Text<'a> {
    Str(&'a str),
    Ids(&'a [u32]),
}

/// The texts of a batch, their words and n-grams.
pub struct Captions {
    pub words: Words,
    /// The batch's n-gram ids.
    pub table: NgramTable,
    pub profiles: Profiles,
    /// `split()` words per text.
    pub lens: Vec<u32>,
    /// Per item: the candidate's text, and its references' as a range of `references`.
    items: Vec<(usize, Range<usize>)>,
    references: Vec<usize>,
}

/// Adds `t` to `words` unless it is a string read before; returns its text index.
fn read<'a>(
    t: Text<'a>,
    words: &mut Words,
    seen: &mut FxHashMap<&'a str, usize>,
    vocab: &mut impl Vocabulary,
) -> usize {
    match t {
        Text::Str(s) => *seen.entry(s).or_insert_with(|| {
            words.push_text(s, vocab);
            words.len() - 1
        }),
        Text::Ids(ids) => {
            words.push_ids(ids);
            words.len() - 1
        }
    }
}

impl Captions {
    /// Reads texts without items, numbering words with `vocab` and n-grams of orders
    /// `1..=order`; also returns the text index of each of `texts` (equal strings share one).
    pub fn from_texts<'a>(
        texts: impl IntoIterator<Item = Text<'a>>,
        order: usize,
        vocab: &mut impl Vocabulary,
    ) -> (Captions, Vec<usize>) {
        let mut words = Words::default();
        let mut seen: FxHashMap<&'a str, usize> = FxHashMap::default();
        let index = texts.into_iter().map(|t| read(t, &mut words, &mut seen, vocab)).collect();
        (Self::finish(words, order, Vec::new(), Vec::new()), index)
    }

    fn finish(
        words: Words,
        order: usize,
        items: Vec<(usize, Range<usize>)>,
        references: Vec<usize>,
    ) -> Captions {
        let mut table = NgramTable::default();
        let profiles = Profiles::build(&words, order, &mut table);
        let lens = (0..words.len()).map(|t| words.words(t).len() as u32).collect();
        Captions { words, table, profiles, lens, items, references }
    }

    /// Reads `items` (`(candidate, references)`), numbering words with `vocab` and n-grams of
    /// orders `1..=order`. An item without references is an error naming it.
    pub fn new<'a>(
        items: impl IntoIterator<Item = (Text<'a>, Vec<Text<'a>>)>,
        order: usize,
        vocab: &mut impl Vocabulary,
    ) -> Result<Captions> {
        let mut words = Words::default();
        // Identical strings (a reference repeated for every sample of an image) are read once.
        let mut seen: FxHashMap<&'a str, usize> = FxHashMap::default();
        let mut text = |t: Text<'a>, words: &mut Words| read(t, words, &mut seen, vocab);
        let (mut out, mut references) = (Vec::new(), Vec::new());
        for (i, (cand, refs)) in items.into_iter().enumerate() {
            if refs.is_empty() {
                return Err(Error::value("references", format!("item {i} has no reference")));
            }
            let candidate = text(cand, &mut words);
            let start = references.len();
            for r in refs {
                references.push(text(r, &mut words));
            }
            out.push((candidate, start..references.len()));
        }
        Ok(Self::finish(words, order, out, references))
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The candidate's text of item `i`.
    #[inline]
    pub fn candidate(&self, i: usize) -> usize {
        self.items[i].0
    }

    /// The references' texts of item `i`.
    #[inline]
    pub fn references(&self, i: usize) -> &[usize] {
        &self.references[self.items[i].1.clone()]
    }

    /// Number of texts (distinct reference strings count once).
    pub fn texts(&self) -> usize {
        self.words.len()
    }
}
