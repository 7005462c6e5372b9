//! sacrebleu's `13a` tokenizer (mteval-v13a.pl's `tokenization`) and its regular-expression
//! post-tokenizer, which the `zh` tokenizer reuses.
//!
//! Every pattern of the post-tokenizer is a pair of single characters in which the character that
//! must be specific is ASCII (`.`, `,`, `-`, a digit, the split punctuation) and the other one is
//! "anything but a digit". In UTF-8 the bytes of a multi-byte character are never ASCII, so
//! scanning bytes finds exactly the matches Python's `re.sub` finds scanning characters, and the
//! inserted spaces land on character boundaries.
use std::borrow::Cow;

/// The ASCII punctuation that 13a always splits off: ``{|}~ [\]^_` space !"#$%& ()*+ :;<=>?@ /``
/// (not `'`, `,`, `-`, `.`). Non-ASCII punctuation is never split.
const fn split_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = matches!(c, b'{'..=b'~' | b'['..=b'`' | b' '..=b'&' | b'('..=b'+' | b':'..=b'@' | b'/');
        b += 1;
    }
    t
}

static SPLIT: [bool; 256] = split_table();

#[inline]
fn is_period_or_comma(b: u8) -> bool {
    b == b'.' || b == b','
}

/// Where the spaces go around a matched pair `(a)(b)`.
#[derive(Clone, Copy)]
enum Repl {
    /// `\1 \2 `
    After,
    /// ` \1 \2`
    Before,
}

/// `re.sub(r'(A)(B)', repl, s)` over bytes where `B` (`Repl::After`) or `A` (`Repl::Before`) is a
/// small ASCII set `key`: jump from one `key` byte to the next and copy the bytes between in bulk.
fn sub_pair(s: &[u8], key: impl Fn(u8) -> bool, other: impl Fn(u8) -> bool, repl: Repl, out: &mut Vec<u8>) {
    out.clear();
    let mut start = 0; // first byte not yet copied (and not consumed by a match)
    let mut j = 0;
    while let Some(off) = s[j..].iter().position(|&b| key(b)) {
        let k = j + off;
        match repl {
            Repl::After if k > start && other(s[k - 1]) => {
                out.extend_from_slice(&s[start..k]);
                out.extend_from_slice(&[b' ', s[k], b' ']);
                start = k + 1;
            }
            Repl::Before if k + 1 < s.len() && other(s[k + 1]) => {
                out.extend_from_slice(&s[start..k]);
                out.extend_from_slice(&[b' ', s[k], b' ', s[k + 1]]);
                start = k + 2;
            }
            _ => {}
        }
        j = (k + 1).max(start);
        if j >= s.len() {
            break;
        }
    }
    out.extend_from_slice(&s[start.min(s.len())..]);
}

/// The four substitutions of sacrebleu's `TokenizerRegexp`, in order; the caller splits the result
/// on whitespace (which is what its final `' '.join(line.split())` amounts to).
pub fn post_tokenize(line: &str) -> String {
    post_tokenize_padded(line, false)
}

/// [`post_tokenize`] of `line`, or of `" " + line + " "` with `pad` (13a pads, zh does not).
fn post_tokenize_padded(line: &str, pad: bool) -> String {
    let s = line.as_bytes();
    let mut a: Vec<u8> = Vec::with_capacity(s.len() * 2 + 2);
    if pad {
        a.push(b' ');
    }
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if SPLIT[b as usize] {
            a.extend_from_slice(&s[start..i]);
            a.extend_from_slice(&[b' ', b, b' ']);
            start = i + 1;
        }
    }
    a.extend_from_slice(&s[start..]);
    if pad {
        a.push(b' ');
    }
    let mut b: Vec<u8> = Vec::with_capacity(a.len() + a.len() / 4);
    // Period and comma are split unless preceded by a digit ...
    sub_pair(&a, is_period_or_comma, |c| !c.is_ascii_digit(), Repl::After, &mut b);
    // ... and unless followed by a digit.
    sub_pair(&b, is_period_or_comma, |c| !c.is_ascii_digit(), Repl::Before, &mut a);
    // A dash after a digit (number ranges) is split.
    sub_pair(&a, |c| c == b'-', |c| c.is_ascii_digit(), Repl::After, &mut b);
    // Only ASCII spaces were inserted between whole characters: still valid UTF-8.
    String::from_utf8(b).unwrap_or_default()
}

/// The language-independent 13a step: drop `<skipped>`, join hyphenated line breaks, unescape the
/// four entities sacrebleu knows (one after the other, so `&amp;lt;` becomes `<`), pad with spaces.
pub fn tokenize_13a(line: &str) -> String {
    let mut s = Cow::Borrowed(line);
    if s.contains('<') || s.contains('\n') {
        s = Cow::Owned(s.replace("<skipped>", "").replace("-\n", "").replace('\n', " "));
    }
    if s.contains('&') {
        s = Cow::Owned(
            s.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"),
        );
    }
    post_tokenize_padded(&s, true)
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
        assert_eq!(tok("é.ü,3.ö 5-ß"), "é . ü , 3 . ö 5 - ß");
        assert_eq!(tok("a.,b ..1 ,,, 1.2.3 -1- 2--3 x.-"), "a . , b . .1 , , , 1.2.3 -1 - 2 - -3 x . -");
    }
}
