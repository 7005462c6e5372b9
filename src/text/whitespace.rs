//! Python's notion of whitespace (`str.split()`, `str.strip()`), which sacrebleu's tokenizers rely on.
//!
//! It differs from Rust's `char::is_whitespace`: Python also splits on the information separators
//! U+001C..U+001F and does not split on U+180E; a BOM (U+FEFF) is whitespace for neither.

/// `str.isspace()` as CPython defines it (bidirectional class WS/B/S or category Zs).
#[inline]
pub fn is_py_space(c: char) -> bool {
    match c {
        '\t'..='\r' | '\u{1c}'..='\u{20}' => true,
        c if (c as u32) < 0x85 => false,
        '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' => true,
        '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => true,
        _ => false,
    }
}

/// `line.split()`: the maximal runs of non-whitespace characters.
pub fn split(line: &str) -> impl Iterator<Item = &str> {
    line.split(is_py_space).filter(|t| !t.is_empty())
}

/// `line.rstrip()`.
pub fn rstrip(line: &str) -> &str {
    match line.as_bytes().last() {
        // Nearly every line ends in a visible ASCII character: its last byte tells.
        Some(&b) if b < 0x80 && !matches!(b, b'\t'..=b'\r' | 0x1c..=b' ') => line,
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
}
