//! sacrebleu's `13a` tokenizer (mteval-v13a.pl's `tokenization`) and its regular-expression
//! post-tokenizer, which the `zh` tokenizer reuses.
//!
//! Every pattern of the post-tokenizer is a pair of single characters in which the character that
//! must be specific is ASCII (`.`, `,`, `-`, a digit, the split punctuation) and the other one is
//! "anything but a digit". In UTF-8 the bytes of a multi-byte character are never ASCII, so
//! scanning bytes finds exactly the matches Python's `re.sub` finds scanning characters, and the
//! inserted spaces land on character boundaries.
use std::borrow::Cow;

use crate::text::bytemask::mask64;
use crate::text::whitespace::{is_py_ascii_space, is_py_space, may_start_py_space};

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

/// The language-independent 13a step before the substitutions: drop `<skipped>`, join hyphenated
/// line breaks, unescape the four entities sacrebleu knows (one after the other, so `&amp;lt;`
/// becomes `<`).
pub fn unescape_13a(line: &str) -> Cow<'_, str> {
    let mut s = Cow::Borrowed(line);
    if s.contains('<') || s.contains('\n') {
        s = Cow::Owned(s.replace("<skipped>", "").replace("-\n", "").replace('\n', " "));
    }
    if s.contains('&') {
        s = Cow::Owned(
            s.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"),
        );
    }
    s
}

/// The whole 13a tokenizer as text: [`unescape_13a`], pad with spaces, the four substitutions.
pub fn tokenize_13a(line: &str) -> String {
    post_tokenize_13a(&unescape_13a(line))
}

/// The 13a substitutions of an unescaped line (padded with spaces as 13a does).
pub fn post_tokenize_13a(line: &str) -> String {
    post_tokenize_padded(line, true)
}

/// Byte classes of the direct 13a split.
const PLAIN: u8 = 0;
const SPACE: u8 = 1;
const ALONE: u8 = 2;
const PERIOD_COMMA: u8 = 3;
const DASH: u8 = 4;
/// First byte of a multi-byte character that may be a Python space (U+0085, U+00A0, U+1680, U+2000..).
const MAYBE_SPACE: u8 = 5;
/// `<`, `&`, `\n`: [`unescape_13a`] may have work to do.
const ESCAPE: u8 = 6;

const fn class_table() -> [u8; 256] {
    let mut t = [PLAIN; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'<' | b'&' | b'\n' => ESCAPE,
            c if is_py_ascii_space(c) => SPACE,
            b'.' | b',' => PERIOD_COMMA,
            b'-' => DASH,
            c if may_start_py_space(c) => MAYBE_SPACE,
            _ if SPLIT[b] => ALONE,
            _ => PLAIN,
        };
        b += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

/// 1 for the bytes whose class is not [`PLAIN`], else 0.
const fn special_table() -> [u8; 256] {
    let class = class_table();
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (class[b] != PLAIN) as u8;
        b += 1;
    }
    t
}

static SPECIAL: [u8; 256] = special_table();

/// Outcome of [`split_13a_direct`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direct {
    /// The spans are the tokens.
    Done,
    /// The line has `<`, `&` or a line break: unescape it first, then call again with `unescaped`.
    Unescape,
    /// A period or comma touches another one: use the substitutions.
    Substitute,
}

/// Byte spans of the tokens of `split(tokenize_13a(line))`, found in one pass over `line` itself.
///
/// The substitutions only insert spaces, so a token is a run of `line`'s bytes, and the runs follow
/// from a local rule per byte: whitespace separates; split punctuation stands alone; a period or
/// comma stands alone unless digits are on both sides (`\D[.,]` then `[.,]\D` in the padded line);
/// a dash stands alone after a digit (`\d-`; no earlier step can put a space between the two).
/// Only where periods and commas touch does the leftmost-match order of `re.sub` make the outcome
/// depend on the whole run (`a.,b` vs `1..1`); such lines report [`Direct::Substitute`].
/// With `unescaped` false, a line with `<`, `&` or `\n` reports [`Direct::Unescape`] (`<` and `&`
/// stand alone once [`unescape_13a`] has run, `\n` is gone).
pub fn split_13a_direct(line: &str, unescaped: bool, spans: &mut Vec<(u32, u32)>) -> Direct {
    spans.clear();
    let s = line.as_bytes();
    let n = s.len();
    // Bytes in `s[tok..p]` are all plain: they form (part of) a token that is still open.
    let mut tok = 0usize;
    // Only the bytes that are not plain need a decision; find them 64 at a time as a bit mask, then
    // visit the set bits (plain bytes cost one table lookup and no branch).
    let mut base = 0;
    while base < n {
        if base > 0 && base % (1 << 20) == 0 {
            // A cancelled call stops inside a huge line too (once per MiB after the first).
            crate::control::poll();
        }
        let block = &s[base..n.min(base + 64)];
        let mut mask = mask64(block, &SPECIAL);
        while mask != 0 {
            let p = base + mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if p < tok {
                // Inside a multi-byte space already consumed.
                continue;
            }
            let b = s[p];
            if b == b' ' {
                // By far the most common case.
                if p > tok {
                    spans.push((tok as u32, p as u32));
                }
                tok = p + 1;
                continue;
            }
            let mut class = CLASS[b as usize];
            if class == ESCAPE {
                if !unescaped {
                    return Direct::Unescape;
                }
                class = if b == b'\n' { SPACE } else { ALONE };
            }
            let width = if class == SPACE {
                1
            } else if class == MAYBE_SPACE {
                match line[p..].chars().next() {
                    Some(c) if is_py_space(c) => c.len_utf8(),
                    _ => continue,
                }
            } else {
                let alone = match class {
                    PERIOD_COMMA => {
                        let before = if p > 0 { s[p - 1] } else { b' ' };
                        let after = if p + 1 < n { s[p + 1] } else { b' ' };
                        if is_period_or_comma(before) || is_period_or_comma(after) {
                            return Direct::Substitute;
                        }
                        !(before.is_ascii_digit() && after.is_ascii_digit())
                    }
                    DASH => p > 0 && s[p - 1].is_ascii_digit(),
                    _ => true, // ALONE
                };
                if !alone {
                    continue;
                }
                if p > tok {
                    spans.push((tok as u32, p as u32));
                }
                spans.push((p as u32, p as u32 + 1));
                tok = p + 1;
                continue;
            };
            // Whitespace of `width` bytes at `p` closes the open token.
            if p > tok {
                spans.push((tok as u32, p as u32));
            }
            tok = p + width;
        }
        base += 64;
    }
    if n > tok {
        spans.push((tok as u32, n as u32));
    }
    Direct::Done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::whitespace::split;

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
