//! sacrebleu's `13a` tokenizer (mteval-v13a.pl's `tokenization`) and its regular-expression
//! post-tokenizer, which the `zh` tokenizer reuses.
use super::regexp::{pad_chars, sub_pair, PairRepl};

/// The ASCII punctuation that 13a always splits off: ``{|}~ [\]^_` space !"#$%& ()*+ :;<=>?@ /``
/// (not `'`, `,`, `-`, `.`). Non-ASCII punctuation is never split.
#[inline]
fn is_split_punct(c: char) -> bool {
    matches!(c, '{'..='~' | '['..='`' | ' '..='&' | '('..='+' | ':'..='@' | '/')
}

#[inline]
fn is_digit(c: char) -> bool {
    c.is_ascii_digit()
}

#[inline]
fn is_period_or_comma(c: char) -> bool {
    c == '.' || c == ','
}

/// The four substitutions of sacrebleu's `TokenizerRegexp`, in order; the caller splits the result
/// on whitespace (which is what its final `' '.join(line.split())` amounts to).
pub fn post_tokenize(line: &str) -> String {
    let mut a = String::new();
    let mut b = String::new();
    pad_chars(line, is_split_punct, &mut a);
    // Period and comma are split unless preceded by a digit ...
    sub_pair(&a, |c| !is_digit(c), is_period_or_comma, PairRepl::SpaceBetweenAndAfter, &mut b);
    // ... and unless followed by a digit.
    sub_pair(&b, is_period_or_comma, |c| !is_digit(c), PairRepl::SpaceBeforeAndBetween, &mut a);
    // A dash after a digit (number ranges) is split.
    sub_pair(&a, is_digit, |c| c == '-', PairRepl::SpaceBetweenAndAfter, &mut b);
    b
}

/// The language-independent 13a step: drop `<skipped>`, join hyphenated line breaks, unescape the
/// four entities sacrebleu knows (one after the other, so `&amp;lt;` becomes `<`), pad with spaces.
pub fn tokenize_13a(line: &str) -> String {
    let mut s = line.replace("<skipped>", "").replace("-\n", "").replace('\n', " ");
    if s.contains('&') {
        s = s
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">");
    }
    let padded = format!(" {s} ");
    post_tokenize(&padded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bleu::whitespace::split;

    fn tok(s: &str) -> String {
        split(&tokenize_13a(s)).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn mteval_13a_examples() {
        assert_eq!(tok("state-of-the-art 1990-2000"), "state-of-the-art 1990 - 2000");
        assert_eq!(tok("3.14 and 1,000 U.S.A."), "3.14 and 1,000 U . S . A .");
        assert_eq!(tok("it's \"fine\"!"), "it's \" fine \" !");
        assert_eq!(tok("a &amp;lt; b &apos;"), "a < b & apos ;");
        assert_eq!(tok("«Ja» – ¿no?"), "«Ja» – ¿no ?");
        assert_eq!(tok("x<skipped>y long-\nline"), "xy longline");
    }
}
