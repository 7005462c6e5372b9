//! The match masks of one hypothesis (or one of its sentences) over row-local ids, built once per
//! row and met by every reference: LCS lengths (rougeL) and LCS positions (rougeLsum).
//!
//! Mask tables have one more entry than the row has distinct tokens, 0, read for `ABSENT`: the
//! one- and two-word rows then update without branches (most reference tokens are absent, in no
//! predictable pattern), since a 0 mask leaves a row as it is.
use crate::kernels::lcs::BitMatcher;
use crate::kernels::lcs_word::{mark_lcs_word, WordRows};

/// Per-token masks of `tokens` over `distinct` local ids, with the last entry 0.
fn masks<W>(tokens: &[u32], distinct: usize) -> Vec<W>
where
    W: Copy + Default + From<u8> + std::ops::BitOrAssign + std::ops::Shl<usize, Output = W>,
{
    let mut masks = vec![W::default(); distinct + 1];
    for (p, &t) in tokens.iter().enumerate() {
        masks[t as usize] |= W::from(1) << p;
    }
    masks
}

/// Index of `t` in a mask table of `len` entries: `ABSENT` reads the last one.
#[inline]
fn slot(t: u32, len: usize) -> usize {
    (t as usize).min(len - 1)
}

/// LCS length of a row of at most 64 tokens against a sequence of local ids.
fn word_lcs(masks: &[u64], len: usize, other: impl IntoIterator<Item = u32>) -> usize {
    let mut v = !0u64;
    for t in other {
        let m = masks[slot(t, masks.len())];
        v = v.wrapping_add(v & m) | (v & !m);
    }
    (!v & if len == 64 { !0 } else { (1u64 << len) - 1 }).count_ones() as usize
}

/// The same for 65 to 128 tokens, in one `u128` (whose carries the compiler chains).
fn double_lcs(masks: &[u128], len: usize, other: impl IntoIterator<Item = u32>) -> usize {
    let mut v = !0u128;
    for t in other {
        let m = masks[slot(t, masks.len())];
        v = v.wrapping_add(v & m) | (v & !m);
    }
    (!v & if len == 128 { !0 } else { (1u128 << len) - 1 }).count_ones() as usize
}

/// A whole hypothesis, for LCS lengths (rougeL).
pub enum LcsMatcher {
    Word { masks: Vec<u64>, len: usize },
    Double { masks: Vec<u128>, len: usize },
    Wide(BitMatcher),
}

impl LcsMatcher {
    /// The matcher of `tokens`, local ids of a row with `distinct` distinct tokens.
    pub fn new(tokens: &[u32], distinct: usize) -> Self {
        match tokens.len() {
            0..=64 => LcsMatcher::Word { masks: masks(tokens, distinct), len: tokens.len() },
            65..=128 => LcsMatcher::Double { masks: masks(tokens, distinct), len: tokens.len() },
            _ => LcsMatcher::Wide(BitMatcher::new(tokens)),
        }
    }

    /// LCS length against a sequence of local ids (`ABSENT` for tokens the row lacks).
    pub fn lcs_len(&self, other: impl IntoIterator<Item = u32>) -> usize {
        match self {
            LcsMatcher::Word { masks, len } => word_lcs(masks, *len, other),
            LcsMatcher::Double { masks, len } => double_lcs(masks, *len, other),
            LcsMatcher::Wide(m) => m.lcs_len_of(other),
        }
    }
}

/// One sentence of a hypothesis, for LCS positions (rougeLsum).
pub enum SentenceMatcher {
    Word { masks: Vec<u64>, len: usize },
    Wide(BitMatcher),
}

/// Scratch space of [`SentenceMatcher::mark`].
#[derive(Default)]
pub struct MarkScratch {
    word: WordRows,
    rows: Vec<u64>,
    flags: Vec<bool>,
}

impl SentenceMatcher {
    /// The matcher of `tokens`, local ids of a row with `distinct` distinct tokens.
    pub fn new(tokens: &[u32], distinct: usize) -> Self {
        if tokens.len() <= 64 {
            SentenceMatcher::Word { masks: masks(tokens, distinct), len: tokens.len() }
        } else {
            SentenceMatcher::Wide(BitMatcher::new(tokens))
        }
    }

    /// LCS length against a sequence of local ids (`ABSENT` for tokens the row lacks).
    pub fn lcs_len(&self, other: impl IntoIterator<Item = u32>) -> usize {
        match self {
            SentenceMatcher::Word { masks, len } => word_lcs(masks, *len, other),
            SentenceMatcher::Wide(m) => m.lcs_len_of(other),
        }
    }

    /// Sets bit `p` of `marks` for each position `p` of `reference` (local ids, none
    /// `ABSENT`) on the LCS that rouge_score's backtrack reads out, with this sentence as
    /// the candidate.
    pub fn mark(&self, reference: &[u32], marks: &mut [u64], s: &mut MarkScratch) {
        match self {
            SentenceMatcher::Word { masks, len } => mark_lcs_word(*len, masks, reference, marks, &mut s.word),
            SentenceMatcher::Wide(m) => {
                s.flags.clear();
                s.flags.resize(reference.len(), false);
                m.mark_lcs(reference, &mut s.flags, &mut s.rows);
                for (p, _) in s.flags.iter().enumerate().filter(|(_, &hit)| hit) {
                    marks[p / 64] |= 1 << (p % 64);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::local::ABSENT;
    use super::*;

    #[test]
    fn every_width_gives_the_lcs_length() {
        // Rows of 1 to 300 tokens over a few ids, against references with absent tokens.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |m: u64| {
            x = crate::test_rng::xorshift(x);
            (x % m) as u32
        };
        for len in [1, 5, 63, 64, 65, 100, 127, 128, 129, 300] {
            let row: Vec<u32> = (0..len).map(|_| next(6)).collect();
            let reference: Vec<u32> = (0..80).map(|_| if next(4) == 0 { ABSENT } else { next(8) }).collect();
            let present: Vec<u32> = reference.iter().map(|&t| if t >= 6 { ABSENT } else { t }).collect();
            let want = crate::kernels::lcs::lcs_len(
                &row,
                &reference.iter().map(|&t| t.min(1000)).collect::<Vec<_>>(),
            );
            assert_eq!(LcsMatcher::new(&row, 6).lcs_len(present.iter().copied()), want, "{len}");
            assert_eq!(SentenceMatcher::new(&row, 6).lcs_len(present.iter().copied()), want, "{len}");
        }
    }
}
