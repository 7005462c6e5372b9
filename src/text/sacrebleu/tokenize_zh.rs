//! sacrebleu's `zh` tokenizer: a space around every "Chinese" character, then the 13a post-tokenizer.
//!
//! sacrebleu's range table writes the supplementary-plane blocks as `'\u20000'` and `'\u2f800'`,
//! which Python reads as two-character strings; its string comparison then treats U+2001..U+2A6D
//! and U+2F81..U+2FA1 as Chinese and no supplementary-plane ideograph at all (mjpost/sacrebleu#298).
//! [`ZhRanges::Compat`] reproduces that, [`ZhRanges::Fixed`] uses the intended code points.
use super::tokenize_13a::post_tokenize;
use crate::text::whitespace::strip;

/// Which range table decides what a Chinese character is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZhRanges {
    /// sacrebleu 2.6.0's table as Python evaluates it.
    Compat,
    /// The blocks the table meant (CJK Extension B and the Compatibility Supplement).
    Fixed,
}

/// The ranges shared by both variants.
const COMMON: &[(u32, u32)] = &[
    (0x3400, 0x4DB5),
    (0x4E00, 0x9FA5),
    (0x9FA6, 0x9FBB),
    (0xF900, 0xFA2D),
    (0xFA30, 0xFA6A),
    (0xFA70, 0xFAD9),
    (0xFF00, 0xFFEF),
    (0x2E80, 0x2EFF),
    (0x3000, 0x303F),
    (0x31C0, 0x31EF),
    (0x2F00, 0x2FDF),
    (0x2FF0, 0x2FFF),
    (0x3100, 0x312F),
    (0x31A0, 0x31BF),
    (0xFE10, 0xFE1F),
    (0xFE30, 0xFE4F),
    (0x2600, 0x26FF),
    (0x2700, 0x27BF),
    (0x3200, 0x32FF),
    (0x3300, 0x33FF),
];

/// What the two-character bounds compare to in Python: U+2001..=U+2A6D and U+2F81..=U+2FA1.
const COMPAT_EXTRA: &[(u32, u32)] = &[(0x2001, 0x2A6D), (0x2F81, 0x2FA1)];

/// What the table intended: CJK Extension B and the CJK Compatibility Ideographs Supplement.
const FIXED_EXTRA: &[(u32, u32)] = &[(0x20000, 0x2A6D6), (0x2F800, 0x2FA1D)];

/// Whether sacrebleu's `zh` tokenizer (or its corrected variant) isolates `c`.
pub fn is_chinese_char(c: char, ranges: ZhRanges) -> bool {
    let cp = c as u32;
    if cp < 0x2001 {
        return false;
    }
    let extra = match ranges {
        ZhRanges::Compat => COMPAT_EXTRA,
        ZhRanges::Fixed => FIXED_EXTRA,
    };
    COMMON.iter().chain(extra).any(|&(lo, hi)| lo <= cp && cp <= hi)
}

/// `strip()`, isolate Chinese characters, then the 13a regular-expression post-tokenizer
/// (no entity unescaping, no padding); the caller splits the result.
pub fn tokenize_zh(line: &str, ranges: ZhRanges) -> String {
    let line = strip(line);
    let mut spaced = String::with_capacity(line.len() * 2);
    for c in line.chars() {
        if is_chinese_char(c, ranges) {
            spaced.push(' ');
            spaced.push(c);
            spaced.push(' ');
        } else {
            spaced.push(c);
        }
    }
    post_tokenize(&spaced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::whitespace::split;

    fn t(s: &str, r: ZhRanges) -> String {
        split(&tokenize_zh(s, r)).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn compat_keeps_the_range_bug() {
        assert_eq!(t("价格€100—“好”", ZhRanges::Compat), "价 格 € 100 — “ 好 ”");
        assert_eq!(t("𠀀𠀁", ZhRanges::Compat), "𠀀𠀁");
        assert_eq!(t("𠀀𠀁", ZhRanges::Fixed), "𠀀 𠀁");
        assert_eq!(t("价格€100", ZhRanges::Fixed), "价 格 €100");
    }
}
