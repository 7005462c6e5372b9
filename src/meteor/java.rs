//! The few Java library behaviours METEOR 1.5's results depend on: `String.hashCode` (the jar
//! compares words by it), `StringTokenizer`'s default delimiters, `String.trim`, and the
//! `Double.toString` form of the whole numbers its statistics lines print.

/// `java.lang.String.hashCode()`: the UTF-16 code units `c` folded as `h = 31 * h + c`, wrapping.
/// The jar's exact, stem and synonym matchers compare these instead of the words, so two words
/// with equal hashes (`"Aa"` and `"BB"`) count as equal there, and so they do here.
pub fn string_hash(s: &str) -> i32 {
    let mut h: i32 = 0;
    for unit in s.encode_utf16() {
        h = h.wrapping_mul(31).wrapping_add(unit as i32);
    }
    h
}

/// `java.util.StringTokenizer`'s default delimiters.
pub fn is_tokenizer_delimiter(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0C')
}

/// The tokens `new StringTokenizer(s)` gives.
pub fn tokens(s: &str) -> impl Iterator<Item = &str> {
    s.split(is_tokenizer_delimiter).filter(|t| !t.is_empty())
}

/// `String.trim()`: drops leading and trailing characters up to U+0020.
pub fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// The length of `s` in UTF-16 code units (Java's `String.length()`).
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// `Double.toString(x)` for a whole number `x` >= 0, the only values the statistics hold:
/// `12.0` below 10^7, computerized scientific notation (`1.2345678E7`) from there on.
pub fn whole_double_string(x: f64) -> String {
    if x < 1e7 {
        return format!("{x:.1}");
    }
    // Java: the shortest digits that identify the double, as d.ddddE<n>.
    let digits = format!("{x:e}"); // Rust's shortest round-trip form, e.g. "1.2345678e7"
    let (mantissa, exponent) = digits.split_once('e').unwrap_or((&digits, "0"));
    let mantissa = if mantissa.contains('.') { mantissa.to_string() } else { format!("{mantissa}.0") };
    format!("{mantissa}E{exponent}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_matches_java() {
        // Values Java prints for "".hashCode(), "a", "hello", "Aa", "BB", "é", "😀".
        assert_eq!(string_hash(""), 0);
        assert_eq!(string_hash("a"), 97);
        assert_eq!(string_hash("hello"), 99162322);
        assert_eq!(string_hash("Aa"), string_hash("BB"));
        assert_eq!(string_hash("é"), 233);
        assert_eq!(string_hash("😀"), 1_772_899);
        // Wrapping: a long word overflows i32 as Java's int does.
        assert_eq!(string_hash("internationalization"), 889_682_454);
    }

    #[test]
    fn tokens_and_trim_follow_java() {
        let t: Vec<&str> = tokens(" a\tb\x0Bc\u{a0}d\r\ne\x0C").collect();
        assert_eq!(t, ["a", "b\x0Bc\u{a0}d", "e"]);
        assert_eq!(trim("\x01 x \u{a0}"), "x \u{a0}");
        assert_eq!(utf16_len("a😀"), 3);
    }

    #[test]
    fn whole_numbers_print_as_java() {
        assert_eq!(whole_double_string(0.0), "0.0");
        assert_eq!(whole_double_string(12.0), "12.0");
        assert_eq!(whole_double_string(9_999_999.0), "9999999.0");
        assert_eq!(whole_double_string(10_000_000.0), "1.0E7");
        assert_eq!(whole_double_string(12_345_678.0), "1.2345678E7");
        assert_eq!(whole_double_string(123_456_789_012.0), "1.23456789012E11");
    }
}
