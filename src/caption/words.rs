//! Captions -> token ids, split as pycocoevalcap's scorers split them: `str.split()` (runs of
//! Python whitespace) for BLEU and CIDEr, `str.split(" ")` (every single space, empty strings
//! kept) for ROUGE-L. After the PTB tokenizer both are the same but for an empty caption (`[""]`
//! for ROUGE-L, no word for the others) and tokens holding no-break spaces (`23 3/4` becomes one
//! token `23\u{a0}3/4`, which `split()` cuts in two).
use std::ops::Range;

use crate::text::intern::{Interner, UnitMap};
use crate::text::whitespace::{self, is_py_space};

/// The words of a list of texts, as token ids.
#[derive(Default)]
pub struct Words {
    ids: Vec<u32>,
    /// Per text: its `split()` words and its `split(" ")` words, as ranges of `ids`.
    spans: Vec<(Range<u32>, Range<u32>)>,
}

/// Whether `bytes` are printable ASCII words between single spaces (no space at either end): then
/// `split()` and `split(" ")` give the same pieces. No early exit: the flags of every byte are
/// OR-ed together, which the compiler vectorizes (a branch per byte mispredicted at every space).
fn is_simple(bytes: &[u8]) -> bool {
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else { return false };
    // Allowed: the space and 0x21..=0x7f (nothing else is ASCII and not Python whitespace).
    let bad_byte = bytes.iter().fold(false, |bad, &b| bad | ((b != b' ') & (b.wrapping_sub(0x21) > 0x5e)));
    let double_space = bytes.windows(2).fold(false, |bad, w| bad | ((w[0] == b' ') & (w[1] == b' ')));
    !(bad_byte | double_space | (first == b' ') | (last == b' '))
}

/// How words become ids.
pub trait Vocabulary {
    fn id(&mut self, word: &str) -> u32;

    /// The id of the word `text[a..b]` (a vocabulary may read it from the text around it).
    #[inline]
    fn id_at(&mut self, text: &str, a: usize, b: usize) -> u32 {
        self.id(&text[a..b])
    }
}

/// Word ids for one batch, dense from 0 in order of first sight, from a table keyed by the words'
/// packed bytes (read with two unconditional loads, no string hashing); the thread's table is
/// reused from call to call, emptied in constant time.
pub struct BatchVocabulary {
    map: UnitMap,
    next: u32,
}

/// Tables with room for more words than this give their memory back when dropped.
const KEEP_WORDS: usize = 1 << 17;

thread_local! {
    static SPARE_WORDS: std::cell::RefCell<Option<UnitMap>> = const { std::cell::RefCell::new(None) };
}

impl BatchVocabulary {
    pub fn new() -> Self {
        let mut map = SPARE_WORDS.with(|spare| spare.borrow_mut().take()).unwrap_or_default();
        map.clear();
        BatchVocabulary { map, next: 0 }
    }
}

impl Default for BatchVocabulary {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for BatchVocabulary {
    fn drop(&mut self) {
        if self.map.capacity() <= KEEP_WORDS {
            let map = std::mem::take(&mut self.map);
            // Absent during the thread's teardown: the table is then simply freed.
            let _ = SPARE_WORDS.try_with(|spare| *spare.borrow_mut() = Some(map));
        }
    }
}

impl Vocabulary for BatchVocabulary {
    #[inline]
    fn id(&mut self, word: &str) -> u32 {
        self.map.number_at(word, 0, word.len(), &mut self.next)
    }

    #[inline]
    fn id_at(&mut self, text: &str, a: usize, b: usize) -> u32 {
        self.map.number_at(text, a, b, &mut self.next)
    }
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
                    self.ids.push(vocab.id_at(text, from, i));
                    from = i + 1;
                }
            }
            self.ids.push(vocab.id_at(text, from, text.len()));
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

    #[test]
    fn simple_texts_are_found_without_branching_alike() {
        // What the one-pass test decides, byte by byte, for texts around every boundary.
        let naive = |t: &str| {
            !t.is_empty()
                && !t.starts_with(' ')
                && !t.ends_with(' ')
                && !t.contains("  ")
                && t.bytes().all(|b| b == b' ' || (0x21..0x80).contains(&b))
        };
        let pieces = ["a", " ", "  ", "\t", "\u{7f}", "\u{a0}", "\u{1f}", "~", "!", "\u{e9}", "dog"];
        let mut texts = vec![String::new()];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    texts.push(format!("{a}{b}{c}"));
                    texts.push(format!("x{a}y{b}z{c}w"));
                }
            }
        }
        for t in &texts {
            assert_eq!(is_simple(t.as_bytes()), naive(t), "{t:?}");
        }
    }

    #[test]
    fn batch_words_are_numbered_as_an_interner_numbers_them() {
        let texts = ["a dog runs", "", "a  b", "the extraordinarily long word a dog", "x\ty", "runs a dog"];
        for round in 0..2 {
            // The second round reuses the thread's table.
            let (mut interner, mut batch) = (Interner::new(), BatchVocabulary::new());
            let (mut a, mut b) = (Words::default(), Words::default());
            for t in texts {
                a.push_text(t, &mut interner);
                b.push_text(t, &mut batch);
            }
            assert_eq!(a.ids, b.ids, "round {round}");
            assert_eq!(a.spans, b.spans);
        }
    }
}
