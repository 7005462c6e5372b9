//! Python's notion of whitespace (`str.split()`, `str.strip()`), which sacrebleu's tokenizers rely on.
//!
//! It differs from Rust's `char::is_whitespace`: Python also splits on the information separators
//! U+001C..U+001F and does not split on U+180E; a BOM (U+FEFF) is whitespace for neither.

/// An ASCII byte that is Python whitespace: `\t`..`\r`, `\x1c`..`\x1f` and space. The byte
/// scanners' tables are built from this.
#[inline]
pub const fn is_py_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | 0x1c..=b' ')
}

/// Whether `b` is the first byte, in UTF-8, of one of Python's non-ASCII whitespace characters
/// (U+0085 and U+00A0: 0xC2; U+1680: 0xE1; U+2000.. U+205F: 0xE2; U+3000: 0xE3). A byte scanner
/// decodes the character only there.
#[inline]
pub const fn may_start_py_space(b: u8) -> bool {
    matches!(b, 0xC2 | 0xE1 | 0xE2 | 0xE3)
}

/// `str.isspace()` as CPython defines it (bidirectional class WS/B/S or category Zs).
#[inline]
pub fn is_py_space(c: char) -> bool {
    match c {
        c if c.is_ascii() => is_py_ascii_space(c as u8),
        c if (c as u32) < 0x85 => false,
        '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' => true,
        '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => true,
        _ => false,
    }
}

/// The bytes that are Python whitespace on their own, as a table for scanners.
static ASCII_SPACE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = is_py_ascii_space(b as u8);
        b += 1;
    }
    t
};

/// The length of the Python whitespace character starting at byte `i` of `text`, or `None`.
/// Continuation bytes never look like lead bytes, so a scanner may step over other bytes one at
/// a time without decoding.
#[inline]
pub fn space_at(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes()[i];
    if b < 0x80 {
        return ASCII_SPACE[b as usize].then_some(1);
    }
    if may_start_py_space(b) {
        let c = text[i..].chars().next()?;
        return is_py_space(c).then(|| c.len_utf8());
    }
    None
}

/// `line.split()`: the maximal runs of non-whitespace characters.
pub fn split(line: &str) -> impl Iterator<Item = &str> {
    line.split(is_py_space).filter(|t| !t.is_empty())
}

/// `line.rstrip()`.
pub fn rstrip(line: &str) -> &str {
    match line.as_bytes().last() {
        // Nearly every line ends in a visible ASCII character: its last byte tells.
        Some(&b) if b < 0x80 && !is_py_ascii_space(b) => line,
        _ => line.trim_end_matches(is_py_space),
    }
}

/// `line.strip()`.
pub fn strip(line: &str) -> &str {
    line.trim_matches(is_py_space)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_whitespace_set() {
        let spaces: Vec<u32> = (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| is_py_space(c))
            .map(|c| c as u32)
            .collect();
        let mut expected: Vec<u32> = (0x09..=0x0D).chain(0x1C..=0x20).collect();
        expected.extend([0x85, 0xA0, 0x1680]);
        expected.extend(0x2000..=0x200A);
        expected.extend([0x2028, 0x2029, 0x202F, 0x205F, 0x3000]);
        assert_eq!(spaces, expected);
        for c in spaces.iter().filter_map(|&c| char::from_u32(c)) {
            let first = c.to_string().as_bytes()[0];
            assert!(if c.is_ascii() { is_py_ascii_space(first) } else { may_start_py_space(first) });
        }
        assert!((0..=255u8).filter(|&b| is_py_ascii_space(b)).eq((0x09..=0x0D).chain(0x1C..=0x20)));
    }

    #[test]
    fn split_and_strip() {
        let toks: Vec<&str> = split("\u{feff}a\u{1f}b\u{a0} c  ").collect();
        assert_eq!(toks, ["\u{feff}a", "b", "c"]);
        assert_eq!(rstrip(" a b \n\u{3000}"), " a b");
        for (line, want) in
            [("", ""), ("a", "a"), ("a\u{1f}", "a"), ("é", "é"), ("a\u{a0}", "a"), ("a\u{feff}", "a\u{feff}")]
        {
            assert_eq!(rstrip(line), want, "{line:?}");
        }
        assert_eq!(strip(" a b \n"), "a b");
    }

    #[test]
    fn rstrip_and_space_at_agree_with_the_character_class() {
        for c in (0..0x11000u32).filter_map(char::from_u32) {
            let s = format!("a{c}");
            let expected = if is_py_space(c) { "a" } else { s.as_str() };
            assert_eq!(rstrip(&s), expected, "U+{:04X}", c as u32);
            assert_eq!(space_at(&s, 1), is_py_space(c).then(|| c.len_utf8()), "U+{:04X}", c as u32);
        }
    }
}
