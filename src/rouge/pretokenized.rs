//! Pre-tokenized texts: a user's own segmenter output or a model tokenizer's ids go straight to
//! the id kernels, skipping rouge_score's tokenizer, lowercasing and stemming.
use rustc_hash::FxHashMap;

use crate::rouge::prepare::{Needs, Prepared};

/// One pre-tokenized text: its token ids in order, cut into sentences (for rougeLsum) before
/// each index of `ends`. The whole-text tokens (rougeN, rougeL, ...) are all sentences in order,
/// as they are for rouge_score's tokenizer, where a newline only separates tokens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenText {
    pub ids: Vec<u64>,
    /// The end of each sentence in `ids` (non-decreasing, the last one `ids.len()`).
    pub ends: Vec<usize>,
}

impl TokenText {
    /// A text of one sentence.
    pub fn flat(ids: Vec<u64>) -> Self {
        let n = ids.len();
        TokenText { ids, ends: vec![n] }
    }

    /// A text of several sentences.
    pub fn from_sentences<I: IntoIterator<Item = Vec<u64>>>(sentences: I) -> Self {
        let mut t = TokenText::default();
        for s in sentences {
            t.ids.extend(s);
            t.ends.push(t.ids.len());
        }
        t
    }

    fn sentences(&self) -> impl Iterator<Item = &[u64]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.ids[a..b])
    }
}

/// Renumbers one scored unit's ids densely (0, 1, 2, ...), as the kernels index small tables
/// by id: a vocabulary of 250,000 model tokens must not mean tables of that size per pair.
#[derive(Default)]
pub struct Densify {
    ids: FxHashMap<u64, u32>,
}

impl Densify {
    /// Starts a new unit: ids from different units are not comparable.
    pub fn start_unit(&mut self) {
        if self.ids.capacity() > 1 << 14 {
            self.ids = FxHashMap::default();
        } else {
            self.ids.clear();
        }
    }

    fn id(&mut self, raw: u64) -> u32 {
        let next = self.ids.len() as u32;
        *self.ids.entry(raw).or_insert(next)
    }

    /// `text` as the kernels take it, into `out` (its buffers are reused).
    pub fn prepare_into(&mut self, text: &TokenText, needs: Needs, out: &mut Prepared) {
        out.tokens.clear();
        out.sentences.clear();
        if needs.sentences {
            for s in text.sentences() {
                let ids: Vec<u32> = s.iter().map(|&t| self.id(t)).collect();
                out.sentences.push(ids);
            }
        }
        if needs.tokens {
            if needs.sentences {
                out.sentences.iter().for_each(|s| out.tokens.extend_from_slice(s));
            } else {
                out.tokens.extend(text.ids.iter().map(|&t| self.id(t)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_concatenate_into_the_whole_text() {
        let t = TokenText::from_sentences([vec![7, 9], vec![], vec![9, 1_000_000]]);
        assert_eq!(t.sentences().collect::<Vec<_>>(), vec![&[7, 9][..], &[][..], &[9, 1_000_000][..]]);
        let mut d = Densify::default();
        let mut p = Prepared::default();
        let needs = Needs {
            tokens: true,
            sentences: true,
            stem: false,
            mode: crate::rouge::Tokenization::RougeScore,
        };
        d.prepare_into(&t, needs, &mut p);
        assert_eq!(p.tokens, vec![0, 1, 1, 2]);
        assert_eq!(p.sentences, vec![vec![0, 1], vec![], vec![1, 2]]);
    }
}
