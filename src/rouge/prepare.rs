//! Text -> interned token ids (whole text and newline sentences). Each scored unit gets dense
//! ids from a small per-unit table; with stemming, a per-thread cache stems each distinct word once.
use std::borrow::Cow;
use std::cell::RefCell;

use crate::control::Poller;
use crate::rouge::Tokenization;
use crate::stem::nltk_porter;
use crate::text::intern::{Interner, StrMap, UnitMap};
use crate::text::rouge_score::{
    for_each_packed_token, for_each_token, should_stem, split_sentences, Lowercase, Token,
};
use crate::text::{unicode, xlsum};

/// A text ready for scoring.
#[derive(Debug, Default, Clone)]
pub struct Prepared {
    /// Token ids of the whole text (rougeN, rougeL).
    pub tokens: Vec<u32>,
    /// Token ids per non-empty `\n`-separated line (rougeLsum); empty unless requested.
    pub sentences: Vec<Vec<u32>>,
}

/// What to extract from a text.
#[derive(Debug, Clone, Copy)]
pub struct Needs {
    pub tokens: bool,
    pub sentences: bool,
    pub stem: bool,
    /// The tokenizer and the stemmer `stem` means.
    pub mode: Tokenization,
}

/// The final form of a raw token under `mode`: its stem, or `None` to keep it.
pub(super) fn stem_of<'a>(mode: &Tokenization, raw: &'a str) -> Option<Cow<'a, str>> {
    match mode {
        Tokenization::RougeScore => should_stem(raw).then(|| Cow::Owned(nltk_porter::stem(raw))),
        Tokenization::XlSum { stemmer, .. } => stemmer.as_ref().map(|s| s.stem_xlsum(raw)),
        Tokenization::Unicode => {
            (should_stem(raw) && raw.is_ascii()).then(|| Cow::Owned(nltk_porter::stem(raw)))
        }
    }
}

/// Whether a text's tokens are its lines' tokens in order (`\n` is a separator and lines are
/// tokenized like the whole text), so they need not be computed twice.
pub(super) fn lines_make_the_text(mode: &Tokenization, lowercase: Lowercase) -> bool {
    match mode {
        Tokenization::RougeScore => lowercase == Lowercase::Unicode,
        Tokenization::Unicode => true,
        Tokenization::XlSum { .. } => false,
    }
}

/// Scratch buffers of the tokenizers.
#[derive(Default)]
pub(super) struct TokenScratch {
    buf: String,
    /// The text as [`for_each_packed_token`] scans it.
    clean: Vec<u8>,
    xlsum: xlsum::Scratch,
}

/// Calls `emit` with the raw tokens of a whole text (rougeN, rougeL).
pub(super) fn for_each_raw_token(
    mode: &Tokenization,
    text: &str,
    lowercase: Lowercase,
    scratch: &mut TokenScratch,
    emit: impl FnMut(&str),
) {
    match mode {
        Tokenization::RougeScore => for_each_token(text, lowercase, &mut scratch.buf, emit),
        Tokenization::XlSum { language, .. } => {
            xlsum::for_each_token(text, lowercase, language, &mut scratch.xlsum, emit)
        }
        Tokenization::Unicode => unicode::for_each_token(text, &mut scratch.buf, emit),
    }
}

/// The rougeLsum lines of a text, each to be tokenized by [`for_each_line_raw_token`].
pub(super) fn lines<'a>(mode: &Tokenization, text: &'a str) -> impl Iterator<Item = &'a str> {
    let text = match mode {
        Tokenization::XlSum { language, .. } if language.segmenter == xlsum::Segmenter::External => {
            xlsum::split_presegmented(text).1
        }
        _ => text,
    };
    split_sentences(text)
}

/// Calls `emit` with the raw tokens of one rougeLsum line.
pub(super) fn for_each_line_raw_token(
    mode: &Tokenization,
    line: &str,
    scratch: &mut TokenScratch,
    emit: impl FnMut(&str),
) {
    match mode {
        // rouge_score decodes bytes before splitting sentences, so they always get str.lower().
        Tokenization::RougeScore => for_each_token(line, Lowercase::Unicode, &mut scratch.buf, emit),
        Tokenization::XlSum { .. } => xlsum::for_each_line_token(line, &mut scratch.xlsum, emit),
        Tokenization::Unicode => unicode::for_each_token(line, &mut scratch.buf, emit),
    }
}

/// Token ids of one thread. Each scored unit (a prediction with its references, prepared
/// entirely by one thread) gets dense ids 0, 1, 2, ... from a small per-unit table; with
/// stemming, a per-thread cache keeps each distinct word's stem so it is computed once.
#[derive(Default)]
struct Vocab {
    /// Per unit: raw token -> dense id. Small, so it stays in cache.
    unit_ids: UnitMap,
    next_dense: u32,
    unit: u32,
    stems: Stems,
    scratch: TokenScratch,
}

/// The per-thread stem cache, and the thread ids' dense ids in the current unit.
#[derive(Default)]
struct Stems {
    /// Stem -> thread id, and raw token -> thread id of its stem.
    final_forms: Interner,
    stemmed: StrMap<u32>,
    /// Per unit: thread id -> dense id, as `dense[id] = (unit, dense id)`; entries of older
    /// units are stale. An array instead of a map: thread ids are small and dense.
    dense: Vec<(u32, u32)>,
    /// The tokenization the stem cache was filled under.
    mode: Tokenization,
}

impl Stems {
    /// The dense id in unit `unit` of a raw token new to the unit's table: words that share a
    /// stem share it, through the stem's thread id.
    fn dense_id(&mut self, raw: &str, unit: u32, next_dense: &mut u32) -> u32 {
        let Stems { final_forms, stemmed, dense, mode } = self;
        let thread_id = match stemmed.get(raw) {
            Some(id) => id,
            None => {
                // Stemming is the slow part of a huge text of new words.
                crate::control::poll();
                let id = match stem_of(mode, raw) {
                    Some(form) => final_forms.intern(&form),
                    None => final_forms.intern(raw),
                };
                stemmed.insert(raw, id);
                id
            }
        };
        // Thread id -> dense id of this unit, through the stamped array.
        let i = thread_id as usize;
        if i >= dense.len() {
            dense.resize((i + 1).next_power_of_two(), (0, 0));
        }
        let e = &mut dense[i];
        if e.0 != unit {
            *e = (unit, *next_dense);
            *next_dense += 1;
        }
        e.1
    }
}

/// Beyond this many bytes the per-thread stem cache is dropped between units (docs/limits.md):
/// a stream of ever-new words (random strings, hashes, long numbers) would otherwise grow it
/// without end, on every thread.
pub const MAX_CACHE_BYTES: usize = 64 << 20;

/// The tokenizer's copy of a text longer than this is freed after use.
const MAX_CLEAN_BYTES: usize = 1 << 20;

/// A per-unit table grown larger than this (by a very long text) is replaced, not cleared.
const MAX_UNIT_CAPACITY: usize = 1 << 14;

thread_local! {
    static VOCAB: RefCell<Vocab> = RefCell::new(Vocab::default());
}

impl Vocab {
    /// About how many heap bytes the caches that outlive a unit hold.
    fn cache_bytes(&self) -> usize {
        let s = &self.stems;
        s.final_forms.heap_bytes()
            + s.stemmed.heap_bytes()
            + s.dense.capacity() * std::mem::size_of::<(u32, u32)>()
    }

    fn start_unit(&mut self) {
        self.unit = self.unit.wrapping_add(1);
        if self.unit == 0 {
            // Wrapped around: forget every stamp so none looks current.
            self.stems.dense.iter_mut().for_each(|e| *e = (0, 0));
            self.unit = 1;
        }
        self.next_dense = 0;
        if self.unit_ids.capacity() > MAX_UNIT_CAPACITY {
            // Clearing costs the table's capacity: after a huge document, start small again.
            self.unit_ids = UnitMap::default();
        } else {
            self.unit_ids.clear();
        }
    }

    /// The dense id (within the current unit) of a raw token: one probe of the small unit table
    /// for a word seen before in this unit.
    #[inline]
    fn id(&mut self, raw: &str, stem: bool) -> u32 {
        let Vocab { unit_ids, next_dense, unit, stems, .. } = self;
        unit_ids.get_or_insert_with(raw, || {
            if stem {
                stems.dense_id(raw, *unit, next_dense)
            } else {
                // Without stemming, a word not seen in this unit is a new token.
                *next_dense += 1;
                *next_dense - 1
            }
        })
    }

    /// rouge_score's tokens of `text` as ids, through [`for_each_packed_token`]; `false`
    /// (nothing pushed) where that declines the text.
    fn packed_tokens_into(
        &mut self,
        text: &str,
        lowercase: Lowercase,
        stem: bool,
        out: &mut Vec<u32>,
    ) -> bool {
        let done = self.packed_tokens_keeping_copy(text, lowercase, stem, out);
        if self.scratch.clean.capacity() > MAX_CLEAN_BYTES {
            // A copy of a huge text is not kept for the next call.
            self.scratch.clean = Vec::new();
        }
        done
    }

    /// [`Vocab::packed_tokens_into`], which then drops the text's copy if it is huge.
    fn packed_tokens_keeping_copy(
        &mut self,
        text: &str,
        lowercase: Lowercase,
        stem: bool,
        out: &mut Vec<u32>,
    ) -> bool {
        let Vocab { unit_ids, next_dense, unit, stems, scratch } = self;
        // Room for the usual number of tokens (one per 5 to 6 bytes of English text).
        crate::memory::reserve(out, text.len() / 4, "ROUGE's token ids");
        // A huge text takes a while: a cancelled call stops inside it.
        let mut poller = Poller::default();
        if !stem {
            // One probe per token, and no branch on whether it is new.
            return for_each_packed_token(text, lowercase, &mut scratch.clean, |t| {
                poller.tick(1);
                out.push(match t {
                    Token::Packed(p) => unit_ids.get_or_number(p, next_dense),
                    Token::Long(s) => unit_ids.get_or_insert_long(s, || {
                        *next_dense += 1;
                        *next_dense - 1
                    }),
                })
            });
        }
        let unit = *unit;
        for_each_packed_token(text, lowercase, &mut scratch.clean, |t| {
            poller.tick(1);
            out.push(match t {
                Token::Packed(p) => unit_ids.get_or_insert_packed(p, || {
                    let (bytes, len) = p.bytes();
                    let raw = std::str::from_utf8(&bytes[..len]).expect("ASCII letters and digits");
                    stems.dense_id(raw, unit, next_dense)
                }),
                Token::Long(s) => unit_ids.get_or_insert_long(s, || stems.dense_id(s, unit, next_dense)),
            })
        })
    }

    fn tokens_into(&mut self, text: &str, lowercase: Lowercase, stem: bool, out: &mut Vec<u32>) {
        let mode = self.stems.mode;
        if matches!(mode, Tokenization::RougeScore) && self.packed_tokens_into(text, lowercase, stem, out) {
            return;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut poller = Poller::default();
        for_each_raw_token(&mode, text, lowercase, &mut scratch, |t| {
            poller.tick(1);
            out.push(self.id(t, stem))
        });
        self.scratch = scratch;
    }

    /// The whole-text tokens from the words the lines gave (see [`xlsum::lines_give_the_words`]).
    fn remembered_tokens_into(&mut self, stem: bool, out: &mut Vec<u32>) {
        let mut scratch = std::mem::take(&mut self.scratch);
        xlsum::for_each_remembered_token(&mut scratch.xlsum, |t| out.push(self.id(t, stem)));
        self.scratch = scratch;
    }

    fn line_tokens_into(&mut self, line: &str, stem: bool, out: &mut Vec<u32>) {
        let mode = self.stems.mode;
        // rouge_score decodes bytes before splitting sentences, so lines always get str.lower().
        if matches!(mode, Tokenization::RougeScore)
            && self.packed_tokens_into(line, Lowercase::Unicode, stem, out)
        {
            return;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut poller = Poller::default();
        for_each_line_raw_token(&mode, line, &mut scratch, |t| {
            poller.tick(1);
            out.push(self.id(t, stem))
        });
        self.scratch = scratch;
    }

    /// Fills `p` (its buffers are reused: cleared, not reallocated).
    fn prepare_into(&mut self, text: &str, needs: Needs, lowercase: Lowercase, p: &mut Prepared) {
        p.tokens.clear();
        let mut used = 0;
        // The XL-Sum tokenizer lowercases and splits each line as it would the whole text: keep
        // the lines' words for the whole-text tokens instead of doing that twice.
        let share = needs.sentences
            && needs.tokens
            && matches!(&self.stems.mode, Tokenization::XlSum { language, .. }
                if xlsum::lines_give_the_words(lowercase, language));
        self.scratch.xlsum.remember_lines(share);
        if needs.sentences {
            let mode = self.stems.mode;
            for s in lines(&mode, text) {
                if used == p.sentences.len() {
                    p.sentences.push(Vec::with_capacity(s.len() / 4));
                }
                let mut ids = std::mem::take(&mut p.sentences[used]);
                ids.clear();
                self.line_tokens_into(s, needs.stem, &mut ids);
                p.sentences[used] = ids;
                used += 1;
            }
        }
        p.sentences.truncate(used);
        if needs.tokens {
            if needs.sentences && lines_make_the_text(&self.stems.mode, lowercase) {
                // `\n` is a separator, so the whole-text tokens are the sentences' tokens in order.
                p.sentences.iter().for_each(|s| p.tokens.extend_from_slice(s));
            } else if share {
                p.tokens.reserve(text.len() / 5);
                self.remembered_tokens_into(needs.stem, &mut p.tokens);
            } else {
                self.tokens_into(text, lowercase, needs.stem, &mut p.tokens);
            }
        }
        if share {
            self.scratch.xlsum.remember_lines(false);
        }
    }
}

/// Prepares texts for one scored unit (a pair, or a prediction with its references).
///
/// Ids are renumbered densely (0, 1, 2, ...) within the unit, so kernels can index small tables
/// by token id instead of hashing.
pub struct Preparer<'a> {
    vocab: &'a mut Vocab,
    needs: Needs,
}

impl Preparer<'_> {
    pub fn prepare(&mut self, text: &str, lowercase: Lowercase) -> Prepared {
        let mut p = Prepared::default();
        self.prepare_into(text, lowercase, &mut p);
        p
    }

    /// [`Preparer::prepare`] into existing buffers, which keep their capacity.
    pub fn prepare_into(&mut self, text: &str, lowercase: Lowercase, out: &mut Prepared) {
        self.vocab.prepare_into(text, self.needs, lowercase, out)
    }
}

/// Run `f` with this thread's preparer. Call once per scored unit: ids from different calls
/// must not be compared (the cache may be reset between calls).
pub fn with_preparer<R>(needs: Needs, f: impl FnOnce(&mut Preparer) -> R) -> R {
    VOCAB.with(|cell| {
        let mut vocab = cell.borrow_mut();
        if vocab.cache_bytes() > MAX_CACHE_BYTES || vocab.stems.mode != needs.mode {
            // The stem cache holds one stemmer's forms.
            *vocab = Vocab { stems: Stems { mode: needs.mode, ..Stems::default() }, ..Vocab::default() };
        }
        vocab.start_unit();
        f(&mut Preparer { vocab: &mut vocab, needs })
    })
}

/// Intern pre-tokenized texts (a user tokenizer's output) into one id space.
pub fn from_token_lists(tokens: &[Vec<&str>], sentences: &[Vec<Vec<&str>>]) -> Vec<Prepared> {
    let mut interner = Interner::new();
    let mut ids = |ts: &[&str]| ts.iter().map(|t| interner.intern(t)).collect::<Vec<u32>>();
    tokens
        .iter()
        .zip(sentences)
        .map(|(t, s)| Prepared { tokens: ids(t), sentences: s.iter().map(|x| ids(x)).collect() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_and_tokens_share_ids() {
        let needs = Needs { tokens: true, sentences: true, stem: false, mode: Tokenization::RougeScore };
        let (a, b) = with_preparer(needs, |p| {
            (p.prepare("The cat.\nThe dog", Lowercase::Unicode), p.prepare("the DOG\n", Lowercase::Unicode))
        });
        assert_eq!(a.sentences.len(), 2);
        assert_eq!(a.tokens.len(), 4);
        assert_eq!(a.tokens[0], a.tokens[2]);
        assert_eq!(b.tokens, a.sentences[1]);
    }

    #[test]
    fn texts_tokenized_either_way_share_ids() {
        // The first text has U+0130, so it takes the character-wise tokenizer; the second the
        // packed one. Equal words (short, 8-15 bytes, longer) must get equal ids either way.
        let words = "cat Sevenxy eightxyz fifteen-letters fifteenletterss sixteenletterssx";
        for stem in [false, true] {
            let needs = Needs { tokens: true, sentences: true, stem, mode: Tokenization::RougeScore };
            let (a, b) = with_preparer(needs, |p| {
                let a = p.prepare(&format!("İ {words}"), Lowercase::Unicode);
                let b = p.prepare(&words.to_uppercase(), Lowercase::Unicode);
                (a, b)
            });
            assert_eq!(a.tokens[1..], b.tokens[..], "stem={stem}");
            assert_eq!(a.sentences[0][1..], b.sentences[0][..], "stem={stem}");
        }
    }

    #[test]
    fn ascii_lowercase_only_changes_whole_text_tokens() {
        let needs = Needs { tokens: true, sentences: true, stem: false, mode: Tokenization::RougeScore };
        let p = with_preparer(needs, |p| p.prepare("İx", Lowercase::Ascii));
        assert_eq!(p.tokens.len(), 1);
        assert_eq!(p.sentences[0].len(), 2);
    }
}
