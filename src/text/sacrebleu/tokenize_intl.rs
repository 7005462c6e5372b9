//! sacrebleu's `intl` tokenizer (mteval-v14.pl's international tokenization): punctuation is split
//! unless it sits between digits on the relevant side, symbols are always split.
use super::regexp::{pad_chars, sub_pair, PairRepl};
use super::unicode_classes::{NUMBER, PUNCTUATION, SYMBOL};

fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
    let cp = c as u32;
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < cp {
                std::cmp::Ordering::Less
            } else if lo > cp {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// `\p{N}` as the `regex` module defines it.
#[inline]
pub fn is_number(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    in_ranges(NUMBER, c)
}

/// `\p{P}` as the `regex` module defines it.
#[inline]
pub fn is_punctuation(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_punctuation() && !matches!(c, '$' | '+' | '<' | '=' | '>' | '^' | '`' | '|' | '~');
    }
    in_ranges(PUNCTUATION, c)
}

/// `\p{S}` as the `regex` module defines it.
#[inline]
pub fn is_symbol(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, '$' | '+' | '<' | '=' | '>' | '^' | '`' | '|' | '~');
    }
    in_ranges(SYMBOL, c)
}

/// The three substitutions of sacrebleu's `TokenizerV14International`; the caller splits the result.
/// A sentence-final `1990.` stays one token, as in mteval-v14.pl (there is no padding).
pub fn tokenize_intl(line: &str) -> String {
    let mut a = String::new();
    let mut b = String::new();
    sub_pair(line, |c| !is_number(c), is_punctuation, PairRepl::SpaceBetweenAndAfter, &mut a);
    sub_pair(&a, is_punctuation, |c| !is_number(c), PairRepl::SpaceBeforeAndBetween, &mut b);
    pad_chars(&b, is_symbol, &mut a);
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::whitespace::split;

    #[test]
    fn ascii_fast_path_agrees_with_tables() {
        for cp in 0u32..128 {
            let c = char::from_u32(cp).unwrap();
            assert_eq!(is_number(c), in_ranges(NUMBER, c), "{cp:#x}");
            assert_eq!(is_punctuation(c), in_ranges(PUNCTUATION, c), "{cp:#x}");
            assert_eq!(is_symbol(c), in_ranges(SYMBOL, c), "{cp:#x}");
        }
    }

    #[test]
    fn mteval_14_examples() {
        let t = |s: &str| split(&tokenize_intl(s)).collect::<Vec<_>>().join(" ");
        assert_eq!(t("Es kostet 3,50€ (ca.) in 1990."), "Es kostet 3,50 € ( ca . ) in 1990.");
        assert_eq!(t("«Ja»"), "« Ja »");
    }
}
