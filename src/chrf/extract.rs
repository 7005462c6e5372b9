//! What chrF counts in a text: code points for character n-grams, words for chrF++.
use crate::bleu::whitespace::{is_py_space, split};

/// Python's `string.punctuation`, the only characters chrF++ splits off words.
#[inline]
fn is_punct(c: u8) -> bool {
    c.is_ascii_punctuation()
}

/// The code points character n-grams run over: the whole text with `whitespace`, else the text
/// without Python's whitespace characters (sacrebleu's `''.join(line.split())`).
pub fn chars_into(text: &str, whitespace: bool, out: &mut Vec<u32>) {
    out.clear();
    out.reserve(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            // ASCII: one byte, one code point; Python's ASCII whitespace is \t..\r and \x1c..' '.
            if whitespace || !matches!(b, b'\t'..=b'\r' | 0x1c..=b' ') {
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

/// The words of chrF++ (sacrebleu's `_remove_punctuation`): `str.split()`, then a word of two or
/// more characters loses one punctuation character at its end, or else at its start, which
/// becomes a word of its own (so `(hi)` gives `(hi` and `)`).
pub fn words_into<'a>(text: &'a str, out: &mut Vec<&'a str>) {
    out.clear();
    for w in split(text) {
        let b = w.as_bytes();
        let one_char = w.chars().nth(1).is_none();
        if one_char {
            out.push(w);
        } else if is_punct(b[b.len() - 1]) {
            out.push(&w[..w.len() - 1]);
            out.push(&w[w.len() - 1..]);
        } else if is_punct(b[0]) {
            out.push(&w[..1]);
            out.push(&w[1..]);
        } else {
            out.push(w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<&str> {
        let mut v = Vec::new();
        words_into(s, &mut v);
        v
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
