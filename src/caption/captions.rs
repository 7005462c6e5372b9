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
        Text::Str(s) => *seen.entry(s).or_insert_with(|| push(t, words, vocab)),
        Text::Ids(_) => push(t, words, vocab),
    }
}

/// How many earlier samples of the same image a candidate is compared with.
const LOOK_BACK: usize = 32;

fn same_string(a: Text<'_>, b: Text<'_>) -> bool {
    matches!((a, b), (Text::Str(x), Text::Str(y)) if x == y)
}

/// Reads a text as a new one; returns its index.
fn push(t: Text<'_>, words: &mut Words, vocab: &mut impl Vocabulary) -> usize {
    match t {
        Text::Str(s) => words.push_text(s, vocab),
        Text::Ids(ids) => words.push_ids(ids),
    }
    words.len() - 1
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
        // Unigrams are the words' own ids when those are dense (numbered by an interner; token
        // ids of a model's vocabulary usually are too).
        let top = words.max_id().map_or(0, |m| m as usize + 1);
        let unigrams = if top <= 4 * words.total() + 1024 { top as u32 } else { 0 };
        let mut table = NgramTable::with_capacity(words.total() * order.saturating_sub(1), unigrams);
        // The batch's table is only read through its entries (corpus frequencies) and the ids.
        let profiles = Profiles::build(&words, order, &mut table, false);
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
        let (candidates, sets): (Vec<Text<'a>>, Vec<Vec<Text<'a>>>) = items.into_iter().unzip();
        Self::grouped(&candidates, &sets, 1, order, vocab)
    }

    /// Reads reference sets and `samples` candidates per set (`candidates[i]` is scored against
    /// `sets[i / samples]`, whose texts are read once), numbering words with `vocab` and n-grams
    /// of orders `1..=order`. An empty set is an error naming it.
    pub fn grouped<'a>(
        candidates: &[Text<'a>],
        sets: &[Vec<Text<'a>>],
        samples: usize,
        order: usize,
        vocab: &mut impl Vocabulary,
    ) -> Result<Captions> {
        if candidates.len() != sets.len() * samples {
            return Err(Error::value(
                "candidates",
                format!(
                    "{} candidates for {} reference sets of {samples} samples each",
                    candidates.len(),
                    sets.len()
                ),
            ));
        }
        let texts = candidates.len() + sets.iter().map(Vec::len).sum::<usize>();
        let mut words = Words::default();
        let mut references = Vec::with_capacity(texts - candidates.len());
        let mut ranges = Vec::with_capacity(sets.len());
        for (i, set) in sets.iter().enumerate() {
            if set.is_empty() {
                return Err(Error::value("references", format!("item {i} has no reference")));
            }
            let start = references.len();
            for &r in set {
                references.push(push(r, &mut words, vocab));
            }
            ranges.push(start..references.len());
        }
        // A sampled caption equal to an earlier sample of its image (sampling often repeats one)
        // is read once; looking back a few samples finds those without hashing every text.
        let mut items: Vec<(usize, Range<usize>)> = Vec::with_capacity(candidates.len());
        for (i, &c) in candidates.iter().enumerate() {
            let earlier = &candidates[i - (i % samples).min(LOOK_BACK)..i];
            let text = match (c, earlier.iter().rposition(|e| same_string(*e, c))) {
                (Text::Str(_), Some(j)) => items[i - earlier.len() + j].0,
                _ => push(c, &mut words, vocab),
            };
            items.push((text, ranges[i / samples].clone()));
        }
        Ok(Self::finish(words, order, items, references))
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

    /// Runs of consecutive items that share their references (the samples of an image).
    pub fn groups(&self) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = Vec::new();
        for (i, item) in self.items.iter().enumerate() {
            match out.last_mut() {
                Some(last) if self.items[last.start].1 == item.1 => last.end = i + 1,
                _ => out.push(i..i + 1),
            }
        }
        out
    }

    /// Number of texts (distinct reference strings count once).
    pub fn texts(&self) -> usize {
        self.words.len()
    }
}
