//! The tercom tokenizer of sacrebleu's TER (`tokenizers/tokenizer_ter.py`, after tercom's
//! `Normalizer.java`): optional lowercasing, the "western" normalization (line joining, four XML
//! entities, punctuation split off, possessive `'s`, periods and commas away from digits), the
//! CJK split, and punctuation removal.
//!
//! Every rule is a left-to-right, non-overlapping rewrite, as Python's `re.sub` applies it; the
//! patterns only look at ASCII characters or at single code points, so working on bytes gives the
//! same text.
use std::borrow::Cow;

use crate::text::whitespace::{rstrip, split};

/// The four switches of sacrebleu's `TER` that shape its tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tercom {
    /// tercom's normalization (`normalized=True`).
    pub normalized: bool,
    /// Remove `.,?:;!"()` (and CJK / full-width punctuation with `asian_support`).
    pub no_punct: bool,
    /// Split CJK characters apart (with `normalized`) and drop CJK punctuation (with `no_punct`).
    pub asian_support: bool,
    /// Lowercase with Rust's `str::to_lowercase` (sacrebleu's default, `case_sensitive=False`).
    /// Python callers lowercase with `str.lower()` themselves and leave this off, so the running
    /// Python's Unicode tables decide, as they do in sacrebleu.
    pub lowercase: bool,
}

impl Tercom {
    /// `TercomTokenizer(...)(line.rstrip())`: the normalized text, whose whitespace split gives
    /// the words (the caller splits with [`split`]).
    pub fn apply<'a>(&self, line: &'a str) -> Cow<'a, str> {
        let line = rstrip(line);
        if line.is_empty() {
            return Cow::Borrowed("");
        }
        let mut text: Cow<'a, str> =
            if self.lowercase { Cow::Owned(line.to_lowercase()) } else { line.into() };
        if self.normalized {
            let mut t = normalize_western(&text);
            if self.asian_support {
                t = split_asian(&t);
            }
            text = Cow::Owned(t);
        }
        if self.no_punct {
            let asian = self.asian_support;
            if text.chars().any(|c| is_removed_punct(c, asian)) {
                text = Cow::Owned(text.chars().filter(|&c| !is_removed_punct(c, asian)).collect());
            }
        }
        text
    }

    /// The words of a hypothesis: one pass of the tokenizer, then the whitespace split.
    pub fn words(&self, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.for_each_word(line, |w| out.push(w.to_owned()));
        out
    }

    /// The words of a reference (see [`for_each_reference_word`](Self::for_each_reference_word)).
    pub fn reference_words(&self, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.for_each_reference_word(line, |w| out.push(w.to_owned()));
        out
    }

    /// `f` on each word of a hypothesis, in order, without copying the words.
    pub fn for_each_word(&self, line: &str, f: impl FnMut(&str)) {
        split(&self.apply(line)).for_each(f);
    }

    /// `f` on each word of a reference, in order. sacrebleu tokenizes references twice (once when
    /// caching them, once more when extracting their words), and the normalization is not
    /// idempotent (`". .3"` becomes `". . 3"` the second time), so neither are we. Without
    /// normalization or lowercasing the second pass changes nothing (a trailing-whitespace strip
    /// and, with `no_punct`, removing characters already gone), so it is skipped.
    pub fn for_each_reference_word(&self, line: &str, f: impl FnMut(&str)) {
        let first = self.apply(line);
        if !self.normalized && !self.lowercase {
            return split(&first).for_each(f);
        }
        let joined = split(&first).collect::<Vec<_>>().join(" ");
        split(&self.apply(&joined)).for_each(f);
    }
}

/// tercom's punctuation class `[{-~[-\` -&(-+:-@/]`: ASCII punctuation except `'`, `,`, `-`, `.`,
/// plus the space itself.
#[inline]
fn is_split_punct(b: u8) -> bool {
    matches!(b, b'{'..=b'~' | b'['..=b'`' | b' '..=b'&' | b'('..=b'+' | b':'..=b'@' | b'/')
}

/// `[\.,\?:;!\"\(\)]`, and with `asian` the CJK and full-width punctuation sets.
#[inline]
fn is_removed_punct(c: char, asian: bool) -> bool {
    matches!(c, '.' | ',' | '?' | ':' | ';' | '!' | '"' | '(' | ')')
        || (asian && (is_asian_punct(c) || is_full_width_punct(c)))
}

/// sacrebleu's `ASIAN_PUNCT`.
#[inline]
fn is_asian_punct(c: char) -> bool {
    matches!(c, '\u{3001}' | '\u{3002}' | '\u{3008}'..='\u{3011}' | '\u{3014}'..='\u{301f}' | '\u{ff61}'..='\u{ff65}' | '\u{30fb}')
}

/// sacrebleu's `FULL_WIDTH_PUNCT`.
#[inline]
fn is_full_width_punct(c: char) -> bool {
    matches!(
        c,
        '\u{ff0e}'
            | '\u{ff0c}'
            | '\u{ff1f}'
            | '\u{ff1a}'
            | '\u{ff1b}'
            | '\u{ff01}'
            | '\u{ff02}'
            | '\u{ff08}'
            | '\u{ff09}'
    )
}

/// Characters `_normalize_asian` surrounds with spaces: CJK ideographs (with extension A),
/// strokes, radicals, compatibility blocks and forms, the range U+3200..U+3F22 (named "Enclosed
/// CJK Letters and Months" in sacrebleu but reaching into extension A), and the CJK and full-width
/// punctuation.
#[inline]
fn is_asian_split(c: char) -> bool {
    matches!(
        c,
        '\u{4e00}'..='\u{9fff}'
            | '\u{3400}'..='\u{4dbf}'
            | '\u{31c0}'..='\u{31ef}'
            | '\u{2e80}'..='\u{2eff}'
            | '\u{3300}'..='\u{33ff}'
            | '\u{f900}'..='\u{faff}'
            | '\u{fe30}'..='\u{fe4f}'
            | '\u{3200}'..='\u{3f22}'
    ) || is_asian_punct(c)
        || is_full_width_punct(c)
}

/// `_normalize_general_and_western`.
fn normalize_western(text: &str) -> String {
    let mut s = text.replace("\n-", "").replace('\n', " ");
    for (entity, ch) in [("&quot;", "\""), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")] {
        if s.contains(entity) {
            s = s.replace(entity, ch);
        }
    }
    // The text is padded with a space on both sides, so tercom's end-anchored possessive rule
    // (`'s$`) can never match: only the `'s ` rule below acts.
    let mut out = Vec::with_capacity(s.len() * 2 + 8);
    for &b in [b' '].iter().chain(s.as_bytes()).chain([b' '].iter()) {
        if is_split_punct(b) {
            out.extend_from_slice(&[b' ', b, b' ']);
        } else {
            out.push(b);
        }
    }
    let out = replace_bytes(&out, b"'s ", b" 's ");
    // `([^0-9])([\.,])` -> `\1 \2 `
    let out = rewrite_pairs(
        &out,
        |a, b| !a.is_ascii_digit() && matches!(b, b'.' | b','),
        |a, b, o| o.extend_from_slice(&[a, b' ', b, b' ']),
    );
    // `([\.,])([^0-9])` -> ` \1 \2`
    let out = rewrite_pairs(
        &out,
        |a, b| matches!(a, b'.' | b',') && !b.is_ascii_digit(),
        |a, b, o| o.extend_from_slice(&[b' ', a, b' ', b]),
    );
    // `([0-9])(-)` -> `\1 \2 `
    let out = rewrite_pairs(
        &out,
        |a, b| a.is_ascii_digit() && b == b'-',
        |a, b, o| o.extend_from_slice(&[a, b' ', b, b' ']),
    );
    // Spaces only ever go next to ASCII bytes or at character ends, so the text stays UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Non-overlapping, leftmost-first literal replacement on bytes.
fn replace_bytes(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// `re.sub` of a two-character pattern `(X)(Y)`: at each position, left to right, a matching pair
/// is rewritten and both bytes consumed; otherwise one byte is copied. A multi-byte character can
/// only take part through its last byte (as `X`) or its first byte (as `Y`), where the test on
/// the byte gives the test on the character (`[^0-9]`), so byte positions behave like Python's
/// character positions.
fn rewrite_pairs(
    text: &[u8],
    is_match: impl Fn(u8, u8) -> bool,
    emit: impl Fn(u8, u8, &mut Vec<u8>),
) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    while i < text.len() {
        if i + 1 < text.len() && is_match(text[i], text[i + 1]) {
            emit(text[i], text[i + 1], &mut out);
            i += 2;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// `_normalize_asian`. Its three kana rules are anchored at the start of the text (`^` without
/// MULTILINE), which after the western normalization is always a space: they never fire.
fn split_asian(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_asian_split(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm() -> Tercom {
        Tercom { normalized: true, ..Tercom::default() }
    }

    #[test]
    fn plain_split_and_lowercase() {
        let t = Tercom { lowercase: true, ..Tercom::default() };
        assert_eq!(t.words("  Hello,  World!\u{a0}\n"), ["hello,", "world!"]);
        assert_eq!(Tercom::default().words(""), Vec::<String>::new());
    }

    #[test]
    fn one_reference_pass_suffices_without_normalization() {
        let texts = ["", " a  b\u{a0}c. (d)! \u{3001}e\u{ff0c} ", "x..3 \"q\" ;:?", "\u{2000}"];
        for (no_punct, asian_support) in [(false, false), (true, false), (true, true), (false, true)] {
            let t = Tercom { no_punct, asian_support, ..Tercom::default() };
            for text in texts {
                let first = t.apply(text);
                let joined = split(&first).collect::<Vec<_>>().join(" ");
                let twice: Vec<String> = split(&t.apply(&joined)).map(str::to_owned).collect();
                assert_eq!(t.reference_words(text), twice, "{text:?} {t:?}");
            }
        }
    }

    #[test]
    fn western_rules() {
        assert_eq!(
            norm().words("John's car, 3.5 and 3-4."),
            ["John", "'s", "car", ",", "3.5", "and", "3", "-", "4", "."]
        );
        assert_eq!(norm().words("a&amp;quot;b"), ["a", "&", "quot", ";", "b"]);
        assert_eq!(norm().words("line\n-break\nnext"), ["linebreak", "next"]);
        // Not idempotent: references are tokenized twice by sacrebleu.
        assert_eq!(norm().words("x..3"), ["x", ".", ".3"]);
        assert_eq!(norm().reference_words("x..3"), ["x", ".", ".", "3"]);
    }

    #[test]
    fn asian_and_punct() {
        let t = Tercom { normalized: true, asian_support: true, ..Tercom::default() };
        assert_eq!(t.words("中文ab。ひらがな"), ["中", "文", "ab", "。", "ひらがな"]);
        let t = Tercom { no_punct: true, asian_support: true, ..Tercom::default() };
        assert_eq!(t.words("a.b,（c）。"), ["abc"]);
    }
}
