//! N-gram ids and the statistics of one segment.
//!
//! An n-gram's id comes from the id of its first `n - 1` symbols and its last symbol, packed into
//! one `u64` key, so n-grams of every order are hashed as integers and no string is built per
//! n-gram. Ids are only meaningful within one [`NgramTable`].
use rustc_hash::FxHashMap;

use super::extract::{chars_into, words_into};
use super::score::f_score;
use super::ChrfOptions;
use crate::text::intern::Interner;

/// The id of an n-gram that is not in the table (looked up, not inserted).
pub const NONE: u32 = u32::MAX;

/// Character and word unigrams live in separate key ranges; longer n-grams are keyed by their
/// prefix's id, which already tells the two apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Char = 0,
    Word = 1,
}

#[inline]
fn unigram_key(kind: Kind, sym: u32) -> u64 {
    ((kind as u64) << 32) | sym as u64
}

#[inline]
fn extend_key(prefix: u32, sym: u32) -> u64 {
    ((prefix as u64 + 2) << 32) | sym as u64
}

/// Dense ids `0..len()` for the distinct n-grams inserted.
#[derive(Default, Debug, Clone)]
pub struct NgramTable {
    map: FxHashMap<u64, u32>,
}

impl NgramTable {
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn clear(&mut self) {
        self.map.clear();
    }

    #[inline]
    fn insert(&mut self, key: u64) -> u32 {
        let next = self.map.len() as u32;
        *self.map.entry(key).or_insert(next)
    }

    #[inline]
    fn get(&self, key: u64) -> u32 {
        self.map.get(&key).copied().unwrap_or(NONE)
    }

    /// Inserts every n-gram of `syms` of orders `1..=max_order` and calls `emit(n - 1, id)` for
    /// each occurrence. `ids` is a work buffer.
    pub fn insert_all(
        &mut self,
        kind: Kind,
        syms: &[u32],
        max_order: usize,
        ids: &mut Vec<u32>,
        mut emit: impl FnMut(usize, u32),
    ) {
        ids.clear();
        if max_order == 0 {
            return;
        }
        ids.extend(syms.iter().map(|&s| self.insert(unigram_key(kind, s))));
        ids.iter().for_each(|&id| emit(0, id));
        for n in 2..=max_order.min(syms.len()) {
            let m = ids.len() - 1;
            for i in 0..m {
                let id = self.insert(extend_key(ids[i], syms[i + n - 1]));
                ids[i] = id;
                emit(n - 1, id);
            }
            ids.truncate(m);
        }
    }

    /// Like [`insert_all`](Self::insert_all) without inserting: n-grams not in the table have the
    /// id [`NONE`] (and so do all their extensions).
    pub fn lookup_all(
        &self,
        kind: Kind,
        syms: &[u32],
        max_order: usize,
        ids: &mut Vec<u32>,
        mut emit: impl FnMut(usize, u32),
    ) {
        ids.clear();
        if max_order == 0 {
            return;
        }
        ids.extend(syms.iter().map(|&s| self.get(unigram_key(kind, s))));
        ids.iter().for_each(|&id| emit(0, id));
        for n in 2..=max_order.min(syms.len()) {
            let m = ids.len() - 1;
            for i in 0..m {
                let prev = ids[i];
                let id = if prev == NONE { NONE } else { self.get(extend_key(prev, syms[i + n - 1])) };
                ids[i] = id;
                emit(n - 1, id);
            }
            ids.truncate(m);
        }
    }
}

/// The number of n-grams of order `n` in a sequence of `len` symbols.
#[inline]
pub fn ngram_count(len: usize, n: usize) -> u64 {
    (len + 1).saturating_sub(n) as u64
}

/// Reusable buffers for [`segment_stats`].
#[derive(Default)]
pub struct Scratch {
    table: NgramTable,
    words: Interner,
    counts: Vec<u32>,
    matches: Vec<u64>,
    row: Vec<u64>,
    hyp_chars: Vec<u32>,
    hyp_words: Vec<u32>,
    ref_chars: Vec<u32>,
    ref_words: Vec<u32>,
    ids: Vec<u32>,
}

fn word_ids<'a>(text: &'a str, words: &mut Interner, buf: &mut Vec<&'a str>, out: &mut Vec<u32>) {
    words_into(text, buf);
    out.clear();
    out.extend(buf.iter().map(|w| words.intern(w)));
}

/// The statistics of `hyp` against the best of `refs` (the first with the highest sentence-level
/// score, sacrebleu's rule) written to `out` (`3 * orders` values). No reference gives zeros.
pub fn segment_stats(hyp: &str, refs: &[&str], opts: &ChrfOptions, s: &mut Scratch, out: &mut [u64]) {
    let (nc, nw) = (opts.char_order, opts.word_order);
    let orders = nc + nw;
    out.fill(0);
    s.words.clear();
    chars_into(hyp, opts.whitespace, &mut s.hyp_chars);
    let mut wbuf = Vec::new();
    if nw > 0 {
        word_ids(hyp, &mut s.words, &mut wbuf, &mut s.hyp_words);
    }
    s.row.resize(3 * orders, 0);
    s.matches.resize(orders, 0);
    let mut best = -1.0f64;
    for r in refs {
        s.table.clear();
        s.counts.clear();
        s.matches.fill(0);
        chars_into(r, opts.whitespace, &mut s.ref_chars);
        let counts = &mut s.counts;
        let mut count = |_: usize, id: u32| {
            if id as usize == counts.len() {
                counts.push(1);
            } else {
                counts[id as usize] += 1;
            }
        };
        s.table.insert_all(Kind::Char, &s.ref_chars, nc, &mut s.ids, &mut count);
        if nw > 0 {
            word_ids(r, &mut s.words, &mut wbuf, &mut s.ref_words);
            s.table.insert_all(Kind::Word, &s.ref_words, nw, &mut s.ids, &mut count);
        }
        // Clipped matches: each hypothesis occurrence takes one of the reference's occurrences.
        let (counts, matches) = (&mut s.counts, &mut s.matches);
        s.table.lookup_all(Kind::Char, &s.hyp_chars, nc, &mut s.ids, |o, id| {
            if id != NONE && counts[id as usize] > 0 {
                counts[id as usize] -= 1;
                matches[o] += 1;
            }
        });
        if nw > 0 {
            s.table.lookup_all(Kind::Word, &s.hyp_words, nw, &mut s.ids, |o, id| {
                if id != NONE && counts[id as usize] > 0 {
                    counts[id as usize] -= 1;
                    matches[nc + o] += 1;
                }
            });
        }
        for o in 0..orders {
            let (hl, rl, n) = if o < nc {
                (s.hyp_chars.len(), s.ref_chars.len(), o + 1)
            } else {
                (s.hyp_words.len(), s.ref_words.len(), o - nc + 1)
            };
            let ref_total = ngram_count(rl, n);
            s.row[3 * o] = if ref_total > 0 { ngram_count(hl, n) } else { 0 };
            s.row[3 * o + 1] = ref_total;
            s.row[3 * o + 2] = s.matches[o];
        }
        let f = f_score(&s.row, opts.beta, opts.eps_smoothing);
        if f > best {
            best = f;
            out.copy_from_slice(&s.row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(h: &str, refs: &[&str], c: i64, w: i64) -> Vec<u64> {
        let opts = ChrfOptions::new(c, w, 2.0, false, false).unwrap();
        let mut out = vec![0; opts.stats_len()];
        segment_stats(h, refs, &opts, &mut Scratch::default(), &mut out);
        out
    }

    #[test]
    fn counts_and_clipped_matches() {
        // "aab" vs "ab": unigrams a,a,b vs a,b -> 2 matches; bigrams aa,ab vs ab -> 1.
        assert_eq!(stats("aab", &["ab"], 3, 0), [3, 2, 2, 2, 1, 1, 0, 0, 0]);
        // A reference without n-grams of an order zeroes the hypothesis count of that order.
        assert_eq!(stats("abc", &["a"], 2, 0), [3, 1, 1, 0, 0, 0]);
        assert_eq!(stats("", &["ab"], 2, 0), [0, 2, 0, 0, 1, 0]);
    }

    #[test]
    fn words_and_best_reference() {
        assert_eq!(stats("a b.", &["a b ."], 1, 2), [3, 3, 3, 3, 3, 3, 2, 2, 2]);
        // The second reference is better; an equal later one would not replace the first.
        let s = stats("abc", &["xyz", "abc", "abc"], 2, 0);
        assert_eq!(s, [3, 3, 3, 2, 2, 2]);
    }

    #[test]
    fn high_orders_do_not_confuse_kinds() {
        let s = stats("ab ab", &["ab ab"], 5, 3);
        assert_eq!(s[0..3], [4, 4, 4]);
        assert_eq!(s[12..15], [0, 0, 0]);
        assert_eq!(s[15..18], [2, 2, 2]);
        assert_eq!(s[18..21], [1, 1, 1]);
    }
}
