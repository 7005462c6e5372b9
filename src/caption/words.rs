//! Captions -> token ids, split as pycocoevalcap's scorers split them: `str.split()` (runs of
//! Python whitespace) for BLEU and CIDEr, `str.split(" ")` (every single space, empty strings
//! kept) for ROUGE-L. After the PTB tokenizer both are the same but for an empty caption (`[""]`
//! for ROUGE-L, no word for the others) and tokens holding no-break spaces (`23 3/4` becomes one
//! token `23\u{a0}3/4`, which `split()` cuts in two).
use std::ops::Range;

use crate::text::intern::Interner;
use crate::text::whitespace::{self, is_py_space};

/// The words of a list of texts, as token ids.
#[derive(Default)]
pub struct Words {
    ids: Vec<u32>,
    /// Per text: its `split()` words and its `split(" ")` words, as ranges of `ids`.
    spans: Vec<(Range<u32>, Range<u32>)>,
}

/// Whether `bytes` are printable ASCII words between single spaces (no space at either end), in
/// one pass: then `split()` and `split(" ")` give the same pieces.
fn is_simple(bytes: &[u8]) -> bool {
    let mut after_space = true; // no leading space
    for &b in bytes {
        if b == b' ' {
            if after_space {
                return false;
            }
            after_space = true;
        } else if b <= b' ' || b >= 0x80 {
            return false;
        } else {
            after_space = false;
        }
    }
    !after_space // not empty, no trailing space
}

/// How words become ids.
pub trait Vocabulary {
    fn id(&mut self, word: &str) -> u32;
}

impl Vocabulary for Interner {
    fn id(&mut self, word: &str) -> u32 {
        self.intern(word)
    }
}

impl Words {
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The number of words of all texts (both splits).
    pub fn total(&self) -> usize {
        self.ids.len()
    }

    /// The largest word id, if there is a word.
    pub fn max_id(&self) -> Option<u32> {
        self.ids.iter().copied().max()
    }

    /// The `split()` words of text `i` (BLEU, CIDEr).
    pub fn words(&self, i: usize) -> &[u32] {
        let r = &self.spans[i].0;
        &self.ids[r.start as usize..r.end as usize]
    }

    /// The `split(" ")` words of text `i` (ROUGE-L).
    pub fn space_words(&self, i: usize) -> &[u32] {
        let r = &self.spans[i].1;
        &self.ids[r.start as usize..r.end as usize]
    }

    /// Adds a text, with ids from `vocab`.
    pub fn push_text(&mut self, text: &str, vocab: &mut impl Vocabulary) {
        let start = self.ids.len() as u32;
        // Tokenized captions are mostly ASCII words between single spaces: then both splits are
        // the pieces between spaces, found in one pass over the bytes.
        if is_simple(text.as_bytes()) {
            // Cut at the spaces found by byte (str::split's searcher costs more on short words);
            // a space is one byte, so every piece is text.
            let mut from = 0;
            for (i, &b) in text.as_bytes().iter().enumerate() {
                if b == b' ' {
                    self.ids.push(vocab.id(&text[from..i]));
                    from = i + 1;
                }
            }
            self.ids.push(vocab.id(&text[from..]));
            let words = start..self.ids.len() as u32;
            self.spans.push((words.clone(), words));
            return;
        }
        for w in whitespace::split(text) {
            self.ids.push(vocab.id(w));
        }
        let words = start..self.ids.len() as u32;
        // `split(" ")` gives the same words unless the text is empty, has other whitespace, or
        // spaces at its ends or side by side.
        let same = !text.is_empty()
            && !text.starts_with(' ')
            && !text.ends_with(' ')
            && !text.contains("  ")
            && !text.chars().any(|c| c != ' ' && is_py_space(c));
        let space_words = if same {
            words.clone()
        } else {
            let s = self.ids.len() as u32;
            for w in text.split(' ') {
                self.ids.push(vocab.id(w));
            }
            s..self.ids.len() as u32
        };
        self.spans.push((words, space_words));
    }

    /// Adds a text given as token ids (both splits are the ids themselves).
    pub fn push_ids(&mut self, ids: &[u32]) {
        let start = self.ids.len() as u32;
        self.ids.extend_from_slice(ids);
        let r = start..self.ids.len() as u32;
        self.spans.push((r.clone(), r));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_splits() {
        let mut vocab = Interner::new();
        let mut w = Words::default();
        for t in ["a dog runs", "", "23\u{a0}3/4 st", " a  b", "x\ty"] {
            w.push_text(t, &mut vocab);
        }
        let id = |s: &str| vocab.get(s).unwrap();
        assert_eq!(w.words(0), [id("a"), id("dog"), id("runs")]);
        assert_eq!(w.space_words(0), w.words(0));
        assert!(w.words(1).is_empty());
        assert_eq!(w.space_words(1), [id("")]);
        assert_eq!(w.words(2), [id("23"), id("3/4"), id("st")]);
        assert_eq!(w.space_words(2), [id("23\u{a0}3/4"), id("st")]);
        assert_eq!(w.space_words(3), [id(""), id("a"), id(""), id("b")]);
        assert_eq!(w.words(4).len(), 2);
        assert_eq!(w.space_words(4), [id("x\ty")]);
    }
}
