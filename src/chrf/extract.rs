//! What chrF counts in a text: code points for character n-grams, words for chrF++.
use std::cell::Cell;

use rustc_hash::FxHashMap;

use crate::text::bytemask::mask64;
use crate::text::whitespace::{is_py_ascii_space, is_py_space, may_start_py_space, space_at};

/// Python's `string.punctuation`, the only characters chrF++ splits off words.
#[inline]
fn is_punct(c: u8) -> bool {
    c.is_ascii_punctuation()
}

/// The code points character n-grams run over: the whole text with `whitespace`, else the text
/// without Python's whitespace characters (sacrebleu's `''.join(line.split())`).
pub fn chars_into(text: &str, whitespace: bool, out: &mut Vec<u32>) {
    out.clear();
    crate::memory::reserve(out, text.len(), "chrF's characters");
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if i > 0 {
            // A cancelled call stops inside a huge text too (once per chunk after the first).
            crate::control::poll();
        }
        let stop = bytes.len().min(i + POLL_CHUNK);
        while i < stop {
            let b = bytes[i];
            if b < 0x80 {
                // ASCII: one byte, one code point.
                if whitespace || !is_py_ascii_space(b) {
                    out.push(b as u32);
                }
                i += 1;
            } else {
                let c = text[i..].chars().next().unwrap_or('\0');
                if whitespace || !is_py_space(c) {
                    out.push(c as u32);
                }
                i += c.len_utf8();
            }
        }
    }
}

/// The decoding loops poll the call once per this many bytes.
const POLL_CHUNK: usize = 1 << 20;

/// The id of a code point that is left out (whitespace, unless it is kept).
const SKIP: u32 = u32::MAX;

/// Code points with one or two UTF-8 bytes, which get their ids from a direct table.
const SMALL: usize = 0x800;

/// Dense symbol ids for the code points of one hypothesis, `1..size()` in order of first sight,
/// and the same ids for its references, where a code point the hypothesis lacks is 0: what
/// [`super::levels`] counts over. Code points below U+0800 (ASCII, Latin, Greek, Cyrillic,
/// Hebrew, Arabic...) are looked up in a table indexed by the code point, the rest in a hash map.
/// Each text is decoded from UTF-8 once, whitespace removal included.
#[derive(Clone, Debug)]
pub struct Alphabet {
    /// Per small code point: its id, 0 = none yet, [`SKIP`] = whitespace being removed.
    small: Vec<u32>,
    /// The small code points with an id (the first `used_len`), to forget them.
    used: Vec<u16>,
    used_len: usize,
    other: FxHashMap<u32, u32>,
    len: u32,
    /// The `whitespace` option `small`'s [`SKIP`] marks were made for.
    whitespace: bool,
}

impl Default for Alphabet {
    fn default() -> Self {
        let mut a = Alphabet {
            small: vec![0; SMALL],
            used: vec![0; SMALL + 1],
            used_len: 0,
            other: FxHashMap::default(),
            len: 0,
            whitespace: true,
        };
        a.reset(false);
        a
    }
}

/// Decodes `text` into `out`, one id per code point: `small(cp)` for code points below
/// [`SMALL`], `big(c)` for the others (Python whitespace is left out here unless `whitespace`);
/// [`SKIP`] ids are dropped.
#[inline(always)]
fn decode(
    text: &str,
    whitespace: bool,
    out: &mut Vec<u32>,
    mut small: impl FnMut(usize) -> u32,
    mut big: impl FnMut(char) -> u32,
) {
    let b = text.as_bytes();
    out.clear();
    crate::memory::resize(out, b.len(), 0, "chrF's characters");
    let (mut i, mut k) = (0, 0);
    while i < b.len() {
        if i > 0 {
            // A cancelled call stops inside a huge text too (once per chunk after the first).
            crate::control::poll();
        }
        let stop = b.len().min(i + POLL_CHUNK);
        while i < stop {
            let x = b[i];
            let id = if x < 0x80 {
                i += 1;
                small(x as usize)
            } else if x < 0xE0 && i + 1 < b.len() {
                // A two-byte sequence (the text is valid UTF-8, so `x` is a lead byte).
                let cp = ((x as usize & 0x1F) << 6) | (b[i + 1] as usize & 0x3F);
                i += 2;
                small(cp)
            } else {
                let c = text[i..].chars().next().unwrap_or('\0');
                i += c.len_utf8();
                if !whitespace && is_py_space(c) {
                    SKIP
                } else {
                    big(c)
                }
            };
            if k < out.len() {
                out[k] = id;
            }
            k += (id != SKIP) as usize;
        }
    }
    out.truncate(k);
}

impl Alphabet {
    /// Forget every id; whitespace is removed from the texts that follow unless `whitespace`.
    pub fn reset(&mut self, whitespace: bool) {
        for &cp in &self.used[..self.used_len] {
            self.small[cp as usize & (SMALL - 1)] = 0;
        }
        self.used_len = 0;
        if !self.other.is_empty() {
            self.other.clear();
        }
        self.len = 0;
        if whitespace != self.whitespace {
            let mark = if whitespace { 0 } else { SKIP };
            for cp in 0..SMALL as u32 {
                if char::from_u32(cp).is_some_and(is_py_space) {
                    self.small[cp as usize] = mark;
                }
            }
            self.whitespace = whitespace;
        }
    }

    /// The number of ids plus one (ids are `1..size()`).
    pub fn size(&self) -> usize {
        self.len as usize + 1
    }

    /// The ids of a hypothesis' code points, giving new code points the next ids.
    pub fn hyp_into(&mut self, text: &str, out: &mut Vec<u32>) {
        let Alphabet { small, used, used_len, other, len, whitespace } = self;
        let len = Cell::new(*len);
        let (small, used) = (&mut small[..SMALL], &mut used[..SMALL + 1]);
        decode(
            text,
            *whitespace,
            out,
            |cp| {
                // Without branches: a new code point takes the next id and is noted as used.
                let cp = cp & (SMALL - 1);
                let e = small[cp];
                let new = e == 0;
                let id = if new { len.get() + 1 } else { e };
                small[cp] = id;
                len.set(len.get() + new as u32);
                used[(*used_len).min(SMALL)] = cp as u16;
                *used_len += new as usize;
                id
            },
            |c| big_id(other, c, &len),
        );
        self.len = len.get();
    }

    /// The ids of a reference's code points (0 for those the hypothesis lacks).
    pub fn ref_into(&self, text: &str, out: &mut Vec<u32>) {
        let (small, other) = (&self.small[..SMALL], &self.other);
        decode(
            text,
            self.whitespace,
            out,
            |cp| small[cp & (SMALL - 1)],
            |c| other.get(&(c as u32)).copied().unwrap_or(0),
        );
    }
}

/// The id of a code point from U+0800 on in a hypothesis, the next id if it is new.
#[inline(never)]
fn big_id(other: &mut FxHashMap<u32, u32>, c: char, len: &Cell<u32>) -> u32 {
    *other.entry(c as u32).or_insert_with(|| {
        len.set(len.get() + 1);
        len.get()
    })
}

/// The length of the UTF-8 sequence led by `x`.
#[inline]
fn utf8_len(x: u8) -> usize {
    match x {
        0..=0x7F => 1,
        0x80..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// 1 for the bytes that may start a whitespace character: Python's ASCII whitespace (`\t..\r`,
/// `\x1c..' '`) and the lead bytes of the others (decided by [`space_at`]).
const fn break_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (is_py_ascii_space(b as u8) || may_start_py_space(b as u8)) as u8;
        b += 1;
    }
    t
}

static BREAK: [u8; 256] = break_table();

/// The byte spans of the words of chrF++ (sacrebleu's `_remove_punctuation`): `str.split()`,
/// then a word of two or more characters loses one punctuation character at its end, or else at
/// its start, which becomes a word of its own (so `(hi)` gives `(hi` and `)`).
///
/// Whitespace is found 64 bytes at a time as a bit mask (see [`crate::text::bytemask`]): only the
/// flagged bytes are visited, so the bytes inside words cost no branch.
pub fn word_spans(text: &str, out: &mut Vec<(usize, usize)>) {
    out.clear();
    let b = text.as_bytes();
    let n = b.len();
    // `b[tok..p]` holds no whitespace: (part of) a word still open.
    let mut tok = 0usize;
    let mut base = 0;
    while base < n {
        if base > 0 && base % (1 << 20) == 0 {
            // A cancelled call stops inside a huge text too (once per MiB after the first).
            crate::control::poll();
        }
        let mut mask = mask64(&b[base..n.min(base + 64)], &BREAK);
        while mask != 0 {
            let p = base + mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let Some(len) = (if b[p] < 0x80 { Some(1) } else { space_at(text, p) }) else {
                continue;
            };
            if p > tok {
                push_word(b, tok, p, out);
            }
            tok = p + len;
        }
        base += 64;
    }
    if n > tok {
        push_word(b, tok, n, out);
    }
}

/// Appends the word `b[start..end]` to `out`, its punctuation split off by chrF++'s rule. Whether
/// a word is split is unpredictable, so both possible spans are written and the length advances
/// by one or two, without a branch.
#[inline(always)]
fn push_word(b: &[u8], start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    if out.capacity() - out.len() < 2 {
        crate::memory::reserve(out, out.len().max(16), "chrF's words");
    }
    let several = utf8_len(b[start]) != end - start;
    let last = several & is_punct(b[end - 1]);
    let first = several & !last & is_punct(b[start]);
    // The word ends at `cut`, and the punctuation split off (if any) runs from there to `end`.
    let cut = if last {
        end - 1
    } else if first {
        start + 1
    } else {
        end
    };
    let spare = out.spare_capacity_mut();
    spare[0].write((start, cut));
    spare[1].write((cut, end));
    // SAFETY: the two spare slots were just written, and at most two are taken.
    unsafe { out.set_len(out.len() + 1 + (last | first) as usize) };
}

/// The words of chrF++ as slices of `text` (see [`word_spans`]); `spans` is a work buffer.
pub fn words_into<'a>(text: &'a str, out: &mut Vec<&'a str>) {
    let mut spans = Vec::new();
    word_spans(text, &mut spans);
    out.clear();
    crate::memory::reserve(out, spans.len(), "chrF's words");
    out.extend(spans.iter().map(|&(s, e)| &text[s..e]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::whitespace::split;

    fn words(s: &str) -> Vec<&str> {
        let mut v = Vec::new();
        words_into(s, &mut v);
        v
    }

    /// The words by the definition: Python's `str.split()`, then the punctuation rule.
    fn words_by_definition(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for w in split(text) {
            let b = w.as_bytes();
            if w.chars().nth(1).is_none() {
                out.push(w);
            } else if is_punct(b[b.len() - 1]) {
                out.extend([&w[..w.len() - 1], &w[w.len() - 1..]]);
            } else if is_punct(b[0]) {
                out.extend([&w[..1], &w[1..]]);
            } else {
                out.push(w);
            }
        }
        out
    }

    #[test]
    fn words_follow_the_definition() {
        let pieces = [
            "a", "bé", ".", "(", "x)", " ", "\t", "\u{85}", "\u{a0}", "\u{1680}", "\u{2000}", "\u{200a}",
            "\u{200b}", "\u{2028}", "\u{202f}", "\u{205f}", "\u{3000}", "\u{3001}", "€", "😀", "\u{1c}",
            "\u{c2}", "\u{e2}x", "«", "é.",
        ];
        let mut seed = 3u64;
        for round in 0..6000 {
            let mut v = Vec::new();
            let mut text = String::new();
            // Some texts run over several 64-byte blocks, so that words and multi-byte spaces
            // straddle the blocks' edges.
            let pieces_in = if round % 6 == 0 { 8 * (seed >> 59) + 40 } else { (seed >> 60) + 1 };
            for _ in 0..pieces_in {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            words_into(&text, &mut v);
            assert_eq!(v, words_by_definition(&text), "{text:?}");
        }
        // Every code point below U+3100, alone and between letters.
        for c in (0..0x3100u32).filter_map(char::from_u32) {
            for text in [c.to_string(), format!("a{c}b"), format!("ab{c}")] {
                let mut v = Vec::new();
                words_into(&text, &mut v);
                assert_eq!(v, words_by_definition(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn punctuation_is_split_once() {
        assert_eq!(
            words("(hi) a. ,b . ..x \"q\""),
            ["(hi", ")", "a", ".", ",", "b", ".", ".", ".x", "\"q", "\""]
        );
        assert_eq!(words("é. ¿qué? «x»"), ["é", ".", "¿qué", "?", "«x»"]);
        assert_eq!(words(" \u{a0}\u{1f} "), Vec::<&str>::new());
    }

    #[test]
    fn alphabet_ids_follow_chars_into() {
        let texts = ["", " a b\u{a0}c\u{200b}d\u{1c}e\u{3000}", "aé€😀 é\u{85}x\u{2028}", "ba\u{7ff}\u{800}"];
        let mut a = Alphabet::default();
        for ws in [false, true, false] {
            for h in texts {
                a.reset(ws);
                let (mut hc, mut hid) = (Vec::new(), Vec::new());
                chars_into(h, ws, &mut hc);
                a.hyp_into(h, &mut hid);
                assert_eq!(hid.len(), hc.len());
                let mut distinct: Vec<u32> = Vec::new();
                for &c in &hc {
                    if !distinct.contains(&c) {
                        distinct.push(c);
                    }
                }
                assert_eq!(a.size(), distinct.len() + 1);
                let id = |c: u32| distinct.iter().position(|&d| d == c).map_or(0, |k| k as u32 + 1);
                assert_eq!(hid, hc.iter().map(|&c| id(c)).collect::<Vec<_>>(), "{h:?}");
                for r in texts {
                    let (mut rc, mut rid) = (Vec::new(), Vec::new());
                    chars_into(r, ws, &mut rc);
                    a.ref_into(r, &mut rid);
                    assert_eq!(rid, rc.iter().map(|&c| id(c)).collect::<Vec<_>>(), "{h:?} {r:?}");
                }
            }
        }
    }

    #[test]
    fn python_whitespace_is_removed() {
        let mut v = Vec::new();
        chars_into("a b\u{a0}c\u{200b}d\u{1c}e\u{3000}", false, &mut v);
        assert_eq!(v, ['a', 'b', 'c', '\u{200b}', 'd', 'e'].map(|c| c as u32));
        chars_into(" a ", true, &mut v);
        assert_eq!(v, [' ', 'a', ' '].map(|c| c as u32));
        // Every code point agrees with str.split()'s whitespace set, in both modes.
        let all: String = (0..0x3100u32).filter_map(char::from_u32).collect();
        chars_into(&all, false, &mut v);
        let want: Vec<u32> = all.chars().filter(|&c| !is_py_space(c)).map(|c| c as u32).collect();
        assert_eq!(v, want);
        chars_into(&all, true, &mut v);
        assert_eq!(v, all.chars().map(|c| c as u32).collect::<Vec<_>>());
    }
}
