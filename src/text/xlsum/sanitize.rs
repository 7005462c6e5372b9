//! Step 1-2 of the XL-Sum scorer: Python's `str.lower()`, then BERT's `BasicTokenizer` as the
//! scorer copies it (`multilingual_rouge/tokenizers.py`): control characters deleted, text split
//! on whitespace and at every punctuation character, which is dropped.
use std::borrow::Cow;

use super::chars::{class, Class};
use super::cjk::is_cjk;
use crate::text::rouge_score::Lowercase;

/// `str.lower()` (full Unicode mapping, final sigma included) or `bytes.lower()` (ASCII only).
///
/// Rust's case tables may be of a later Unicode version than the classes (Python 3.11's): a
/// capital letter added since is unassigned there, so Python leaves it alone and the sanitizer
/// deletes it. Those letters are kept as they are here too.
pub fn lower(text: &str, lowercase: Lowercase) -> Cow<'_, str> {
    if text.is_ascii() || lowercase == Lowercase::Ascii {
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(text.to_ascii_lowercase())
        } else {
            Cow::Borrowed(text)
        }
    } else {
        super::chars::lowercase_with(text, |c| class(c) == Class::Removed, lower_slowly)
    }
}

/// [`lower`] of a text with Σ or a newer capital in it.
fn lower_slowly(text: &str) -> String {
    if !text.chars().any(is_newer_capital) {
        text.to_lowercase()
    } else {
        let mut out = String::with_capacity(text.len());
        for piece in text.split_inclusive(is_newer_capital) {
            let mut chars = piece.chars();
            match chars.next_back() {
                Some(last) if is_newer_capital(last) => {
                    out.push_str(&chars.as_str().to_lowercase());
                    out.push(last);
                }
                _ => out.push_str(&piece.to_lowercase()),
            }
        }
        out
    }
}

/// A character Rust lowercases but the class tables do not know (deleted by the sanitizer).
#[inline]
fn is_newer_capital(c: char) -> bool {
    !c.is_ascii() && c.is_uppercase() && class(c) == Class::Removed
}

/// Calls `emit` with each word of already-lowercased `text`: maximal runs of characters that
/// are neither whitespace nor punctuation, with deleted characters closed up (`a\u{0}b` is `ab`).
pub fn for_each_word(text: &str, word: &mut String, mut emit: impl FnMut(&str)) {
    for_each_word_plain(text, word, |w, _| emit(w))
}

/// [`for_each_word`], also telling whether the word is plain: letters only, none of them a CJK
/// ideograph. The pre-tokenizer and the CJK split leave such a word whole, so it need not be
/// classified again.
pub fn for_each_word_plain(text: &str, word: &mut String, mut emit: impl FnMut(&str, bool)) {
    word.clear();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    // Runs of kept characters are emitted straight from `text` unless a deleted one splits them.
    let mut spliced = false;
    let mut plain = true;
    while i < bytes.len() {
        let b = bytes[i];
        let (c, len) = if b < 0x80 {
            (b as char, 1)
        } else {
            let c = text[i..].chars().next().expect("char boundary");
            (c, c.len_utf8())
        };
        match class(c) {
            Class::Space | Class::Punct => {
                flush(text, start, i, word, &mut spliced, plain, &mut emit);
                plain = true;
                start = i + len;
            }
            Class::Removed => {
                word.push_str(&text[start..i]);
                spliced = true;
                start = i + len;
            }
            Class::Letter => plain &= !is_cjk(c),
            Class::Mark | Class::Number | Class::Symbol => plain = false,
        }
        i += len;
    }
    flush(text, start, i, word, &mut spliced, plain, &mut emit);
}

fn flush(
    text: &str,
    start: usize,
    end: usize,
    word: &mut String,
    spliced: &mut bool,
    plain: bool,
    emit: &mut impl FnMut(&str, bool),
) {
    if *spliced {
        word.push_str(&text[start..end]);
        if !word.is_empty() {
            emit(word, plain);
        }
        word.clear();
        *spliced = false;
    } else if end > start {
        emit(&text[start..end], plain);
    }
}

/// The sanitized text as the scorer hands it to a word segmenter: the words joined by one space.
pub fn sanitized(text: &str, lowercase: Lowercase) -> String {
    let lowered = lower(text, lowercase);
    let mut out = String::with_capacity(lowered.len());
    let mut word = String::new();
    for_each_word(&lowered, &mut word, |w| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        let mut out = Vec::new();
        for_each_word(s, &mut String::new(), |w| out.push(w.to_string()));
        out
    }

    #[test]
    fn splits_on_space_and_punctuation_and_closes_up_deleted_characters() {
        assert_eq!(words("it's a co-op, 3.5%"), ["it", "s", "a", "co", "op", "3", "5"]);
        assert_eq!(words("a\u{0}b c\u{200B}\u{FFFD}d\u{3000}e"), ["ab", "cd", "e"]);
        assert_eq!(words("€5 «x»"), ["€5", "x"]);
        assert!(words(" \t\u{0}.. ").is_empty());
        assert_eq!(words("\u{0}a\u{0}"), ["a"]);
    }

    #[test]
    fn plain_words() {
        let mut out = Vec::new();
        for_each_word_plain("abc жд\u{200B}x mp3 a\u{301} 中文 €", &mut String::new(), |w, p| {
            out.push((w.to_string(), p))
        });
        let want = [
            ("abc", true),
            ("ждx", true),
            ("mp3", false),
            ("a\u{301}", false),
            ("中文", false),
            ("€", false),
        ];
        assert_eq!(out, want.map(|(w, p)| (w.to_string(), p)));
    }

    #[test]
    fn lowercases_like_python() {
        assert_eq!(lower("ΟΔΟΣ Σ", Lowercase::Unicode), "οδος σ");
        assert_eq!(lower("İA", Lowercase::Ascii), "İa");
        assert_eq!(sanitized("Hello, World!", Lowercase::Unicode), "hello world");
        // U+A7CB (a capital of Unicode 16) is unassigned in the tables: kept, then deleted.
        assert_eq!(lower("A\u{A7CB}B", Lowercase::Unicode), "a\u{A7CB}b");
        assert_eq!(sanitized("A\u{A7CB}B", Lowercase::Unicode), "ab");
    }
}
