//! The tokenizer of Google's `rouge_score` 0.1.2 (`tokenize.tokenize`).
//!
//! `text.lower()` (full Unicode), every run of characters outside `[a-z0-9]` becomes a separator,
//! optional stemming of tokens longer than 3 characters. Only two non-ASCII code points lowercase
//! into ASCII: U+0130 (`İ` -> `i` + U+0307) and U+212A (Kelvin sign -> `k`); every other non-ASCII
//! character splits the word it is in.

use crate::text::intern::Packed;

/// How upper case is folded before non-alphanumerics are dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lowercase {
    /// Python `str.lower()`: what rouge_score does with `str` input.
    Unicode,
    /// Python `bytes.lower()`: ASCII only, what rouge_score does with `bytes` input (except rougeLsum).
    Ascii,
}

/// Byte classes for the scanning loop: one table load per byte instead of several range tests.
const ALNUM: u8 = 1;
const UPPER: u8 = 2;
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            t[b] = ALNUM;
        } else if c.is_ascii_uppercase() {
            t[b] = ALNUM | UPPER;
        }
        b += 1;
    }
    t
};

/// Calls `emit` with each token of `text` (lowercase ASCII `[a-z0-9]+`), before stemming.
pub fn for_each_token(text: &str, lowercase: Lowercase, buf: &mut String, mut emit: impl FnMut(&str)) {
    buf.clear();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if CLASS[b as usize] & ALNUM != 0 {
            // A run of ASCII alphanumerics: emitted straight from the text when it is already
            // lowercase and not glued to pending non-ASCII output (the common case), else copied.
            let start = i;
            let upper = scan_alnum_run(bytes, &mut i);
            let run = &text[start..i];
            let next_is_ascii = i == bytes.len() || bytes[i] < 0x80;
            if !upper && buf.is_empty() && next_is_ascii {
                emit(run);
            } else {
                buf.extend(run.bytes().map(|c| c.to_ascii_lowercase() as char));
            }
            continue;
        }
        if b < 0x80 {
            flush(buf, &mut emit);
            i = skip_ascii_separators(bytes, i + 1);
            continue;
        }
        // A non-ASCII character: only its lowercase form can contribute ASCII letters (İ, Kelvin sign).
        let c = text[i..].chars().next().expect("valid UTF-8 at a char boundary");
        i += c.len_utf8();
        if lowercase == Lowercase::Ascii {
            flush(buf, &mut emit);
            continue;
        }
        for l in c.to_lowercase() {
            if l.is_ascii_alphanumeric() {
                buf.push(l);
            } else {
                flush(buf, &mut emit);
            }
        }
    }
    flush(buf, &mut emit);
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x7` (bytes all below 0x80) set iff the byte is in `lo..=hi`:
/// adding `0x80 - lo` sets it from `lo` up, adding `0x7f - hi` from `hi + 1` up, and no byte
/// carries into the next.
#[inline]
fn in_range(x7: u64, lo: u8, hi: u8) -> u64 {
    x7.wrapping_add(ONES * (0x80 - lo as u64)) & !x7.wrapping_add(ONES * (0x7f - hi as u64)) & HIGH
}

/// For 8 bytes: the high bit of each ASCII alphanumeric byte, and of each uppercase one.
#[inline]
fn classify8(x: u64) -> (u64, u64) {
    let ascii = !x & HIGH;
    let x7 = x & !HIGH;
    let upper = in_range(x7, b'A', b'Z') & ascii;
    let alnum = ((in_range(x7, b'a', b'z') | in_range(x7, b'0', b'9')) & ascii) | upper;
    (alnum, upper)
}

/// Advances `i` past the run of ASCII alphanumerics starting there; returns whether the run has
/// an uppercase letter. Eight bytes at a time (one step for most words, with no per-byte branch).
#[inline]
fn scan_alnum_run(bytes: &[u8], i: &mut usize) -> bool {
    let mut upper_seen = 0u64;
    while *i + 8 <= bytes.len() {
        let x = u64::from_le_bytes(bytes[*i..*i + 8].try_into().expect("8 bytes"));
        let (alnum, upper) = classify8(x);
        let stop = !alnum & HIGH;
        if stop == 0 {
            upper_seen |= upper;
            *i += 8;
            continue;
        }
        let k = (stop.trailing_zeros() / 8) as usize;
        upper_seen |= upper & ((1u64 << (8 * k)) - 1);
        *i += k;
        return upper_seen != 0;
    }
    let mut classes = 0;
    while *i < bytes.len() && CLASS[bytes[*i] as usize] & ALNUM != 0 {
        classes |= CLASS[bytes[*i] as usize];
        *i += 1;
    }
    upper_seen != 0 || classes & UPPER != 0
}

/// The index of the first byte from `i` on that is alphanumeric or not ASCII (or the end):
/// the rest of a run of separators, skipped eight bytes at a time.
#[inline]
fn skip_ascii_separators(bytes: &[u8], mut i: usize) -> usize {
    while i + 8 <= bytes.len() {
        let x = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let stop = (classify8(x).0 | x) & HIGH;
        if stop != 0 {
            return i + (stop.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && bytes[i] < 0x80 && CLASS[bytes[i] as usize] & ALNUM == 0 {
        i += 1;
    }
    i
}

fn flush(buf: &mut String, emit: &mut impl FnMut(&str)) {
    if !buf.is_empty() {
        emit(buf);
        buf.clear();
    }
}

/// A token as [`for_each_packed_token`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// Up to 15 bytes.
    Packed(Packed),
    /// Longer.
    Long(&'a str),
}

/// Zero bytes after the cleaned text, so that every 8-byte read of the scan stays in the buffer.
const PAD: usize = 16;

/// The bytes of `x` (8 bytes) with ASCII letters lowercased and every other byte but digits
/// (separators, bytes of non-ASCII characters) zeroed; and the high bits of `x`.
#[inline]
fn clean8(x: u64) -> (u64, u64) {
    let high = x & HIGH;
    let ascii = !x & HIGH;
    let x7 = x & !HIGH;
    let upper = in_range(x7, b'A', b'Z') & ascii;
    let alnum = (in_range(x7 | (ONES * 0x20), b'a', b'z') | in_range(x7, b'0', b'9')) & ascii;
    // 0x80 >> 2 is the case bit; 0x80 >> 7 times 0xff fills each alnum byte's mask.
    ((x | (upper >> 2)) & ((alnum >> 7) * 0xff), high)
}

/// The high bit of each zero byte of `x`, whose bytes are all below 0x80 (no carries).
#[inline]
fn zero_bytes(x: u64) -> u64 {
    !x.wrapping_add(ONES * 0x7f) & HIGH
}

/// [`for_each_token`]'s tokens, packed into words without copying each one out. The text is
/// first copied into `clean` with its letters lowercased and every other byte but digits zeroed,
/// so that a token is a run of non-zero bytes, found and packed eight bytes at a time.
///
/// Returns `false`, having emitted nothing, when the text has one of the two characters that
/// `str.lower()` turns into ASCII letters (İ, the Kelvin sign): [`for_each_token`] handles those.
/// Every other non-ASCII character is a separator, as there.
pub fn for_each_packed_token(
    text: &str,
    lowercase: Lowercase,
    clean: &mut Vec<u8>,
    mut emit: impl FnMut(Token),
) -> bool {
    let bytes = text.as_bytes();
    let n = bytes.len();
    clean.clear();
    clean.resize(n.next_multiple_of(8) + PAD, 0);
    let mut high = 0;
    let mut chunks = bytes.chunks_exact(8);
    for (chunk, out) in (&mut chunks).zip(clean.chunks_exact_mut(8)) {
        let (y, h) = clean8(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        out.copy_from_slice(&y.to_le_bytes());
        high |= h;
    }
    let tail = chunks.remainder();
    if !tail.is_empty() {
        let mut last = [0u8; 8];
        last[..tail.len()].copy_from_slice(tail);
        let (y, h) = clean8(u64::from_le_bytes(last));
        let at = n - tail.len();
        clean[at..at + 8].copy_from_slice(&y.to_le_bytes());
        high |= h;
    }
    if high != 0 && lowercase == Lowercase::Unicode && (text.contains('\u{130}') || text.contains('\u{212A}'))
    {
        return false;
    }
    let load = |at: usize| u64::from_le_bytes(clean[at..at + 8].try_into().expect("8 bytes"));
    let mut i = 0;
    while i < n {
        let x = load(i);
        if x == 0 {
            i += 8;
            continue;
        }
        // The token starts at the first non-zero byte; it ends before n (zeros follow the text).
        i += (x.trailing_zeros() / 8) as usize;
        let x = load(i);
        let stop = zero_bytes(x);
        // One call of `emit` per token, so that it is inlined once.
        let token = if stop != 0 {
            let len = (stop.trailing_zeros() / 8) as usize;
            i += len;
            Token::Packed(Packed::tiny(x, len))
        } else {
            let y = load(i + 8);
            let stop = zero_bytes(y);
            if stop != 0 {
                let rest = (stop.trailing_zeros() / 8) as usize;
                i += 8 + rest;
                Token::Packed(Packed::short(x, y, rest))
            } else {
                let start = i;
                i += 16;
                while clean[i] != 0 {
                    i += 1;
                }
                Token::Long(std::str::from_utf8(&clean[start..i]).expect("ASCII letters and digits"))
            }
        };
        emit(token);
    }
    true
}

/// rouge_score stems only tokens longer than 3 characters.
pub fn should_stem(token: &str) -> bool {
    token.len() > 3
}

/// The tokens of `text` as owned strings (no stemming); convenient for tests and the slow path.
pub fn tokenize(text: &str, lowercase: Lowercase) -> Vec<String> {
    let mut out = Vec::new();
    let mut buf = String::new();
    for_each_token(text, lowercase, &mut buf, |t| out.push(t.to_string()));
    out
}

/// rouge_score's rougeLsum sentences: split on `\n` only, dropping empty strings
/// (whitespace-only lines are kept; they simply have no tokens).
pub fn split_sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        tokenize(s, Lowercase::Unicode)
    }

    #[test]
    fn ascii_punctuation_splits_and_lowercases() {
        assert_eq!(toks("The quick-brown FOX, 42x!"), ["the", "quick", "brown", "fox", "42x"]);
        assert!(toks("  ... \r\n").is_empty());
    }

    #[test]
    fn non_ascii_letters_split_words() {
        assert_eq!(toks("café naïve"), ["caf", "na", "ve"]);
        assert!(toks("北京欢迎你").is_empty());
    }

    #[test]
    fn dotted_capital_i_and_kelvin_sign_fold_into_ascii() {
        assert_eq!(toks("İstanbul"), ["i", "stanbul"]);
        assert_eq!(toks("5\u{212A}"), ["5k"]);
        assert_eq!(tokenize("İstanbul 5\u{212A}", Lowercase::Ascii), ["stanbul", "5"]);
    }

    #[test]
    fn runs_next_to_non_ascii_letters_join_correctly() {
        // "İ" lowercases to "i" + U+0307: the "i" joins the preceding ASCII run.
        assert_eq!(toks("abİcd"), ["abi", "cd"]);
        assert_eq!(toks("AB\u{212A}x"), ["abkx"]);
        assert_eq!(toks("x\u{212A}"), ["xk"]);
        assert_eq!(toks("é\u{212A}Z9 q"), ["kz9", "q"]);
    }

    #[test]
    fn eight_byte_scan_classifies_every_byte_like_the_table() {
        for b in 0..=255u8 {
            for pos in 0..8 {
                let mut x = *b"aaaaaaaa";
                x[pos] = b;
                let (alnum, upper) = classify8(u64::from_le_bytes(x));
                let byte = |m: u64| (m >> (8 * pos + 7)) & 1 == 1;
                assert_eq!(byte(alnum), CLASS[b as usize] & ALNUM != 0, "byte {b:#x}");
                assert_eq!(byte(upper), CLASS[b as usize] & UPPER != 0, "byte {b:#x}");
            }
        }
        assert_eq!(skip_ascii_separators(b"  ,.-;:!?  x", 0), 11);
        assert_eq!(skip_ascii_separators(b" \xc3\xa9", 0), 1);
        assert_eq!(skip_ascii_separators(b" .", 0), 2);
        let text = "abcdefghIJ klmnopqrstuvwxyz0123456789 x Y é";
        let mut i = 0;
        assert!(scan_alnum_run(text.as_bytes(), &mut i));
        assert_eq!(i, 10);
        i = 11;
        assert!(!scan_alnum_run(text.as_bytes(), &mut i));
        assert_eq!(&text[11..i], "klmnopqrstuvwxyz0123456789");
    }

    /// The tokens `for_each_packed_token` gives, or `None` where it declines the text.
    fn packed(text: &str, lowercase: Lowercase) -> Option<Vec<String>> {
        let mut out = Vec::new();
        let done = for_each_packed_token(text, lowercase, &mut Vec::new(), |t| {
            out.push(match t {
                Token::Packed(p) => {
                    let (bytes, len) = p.bytes();
                    let s = String::from_utf8(bytes[..len].to_vec()).unwrap();
                    assert_eq!(Packed::of(&s), Some(p), "{s:?}");
                    s
                }
                Token::Long(s) => {
                    assert!(s.len() > 15 && Packed::of(s).is_none());
                    s.to_string()
                }
            })
        });
        done.then_some(out)
    }

    #[test]
    fn packed_tokens_are_the_tokenizer_s() {
        let pieces = [
            "a",
            "Z",
            "q",
            "0",
            "9",
            "ab",
            "Word",
            "UPPER",
            "sevenYY",
            "eightYYY",
            "fifteenCharsXYZ",
            "sixteenCharsWXYZ",
            "a-much-longer-hyphenated-Token",
            " ",
            "  ",
            "-",
            ".",
            "@",
            "[",
            "`",
            "{",
            "\n",
            "\r",
            "\t",
            "\0",
            "\x10",
            "\x19",
            "\x7f",
            "é",
            "—",
            "北",
            "’",
            "İ",
            "\u{212A}",
            "ß",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |k: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % k
        };
        let mut declined = 0;
        for _ in 0..20_000 {
            let n = next(24);
            let text: String = (0..n).map(|_| pieces[next(pieces.len())]).collect();
            for lowercase in [Lowercase::Unicode, Lowercase::Ascii] {
                match packed(&text, lowercase) {
                    Some(got) => assert_eq!(got, tokenize(&text, lowercase), "{text:?} {lowercase:?}"),
                    None => {
                        assert_eq!(lowercase, Lowercase::Unicode);
                        assert!(text.contains('İ') || text.contains('\u{212A}'));
                        declined += 1;
                    }
                }
            }
        }
        assert!(declined > 0);
        assert_eq!(packed("", Lowercase::Unicode), Some(vec![]));
        assert_eq!(packed("The FOX's 42x—Été", Lowercase::Unicode).unwrap(), ["the", "fox", "s", "42x", "t"]);
    }

    #[test]
    fn sentences_split_on_newline_only() {
        let s: Vec<&str> = split_sentences("a b\n\nc\r\n \n").collect();
        assert_eq!(s, ["a b", "c\r", " "]);
    }
}
