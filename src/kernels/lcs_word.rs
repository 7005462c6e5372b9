//! The LCS positions rouge_score's backtrack reads out ([`super::lcs::BitMatcher::mark_lcs`]),
//! for a candidate of at most 64 tokens, with two shortcuts that matter when one candidate
//! sentence meets many reference sentences (all-pairs rougeLsum):
//!
//! - Reference tokens absent from the candidate are skipped: their DP row equals the previous
//!   one, and the backtrack always leaves such a row upwards (`t[i][j-1] <= t[i][j] = t[i-1][j]`),
//!   so they can neither be marked nor change the path.
//! - A run of moves to the left is one bit scan. On row `i` with value `T = t[i][j]`, the
//!   backtrack goes left exactly while the candidate token does not match and `t[i][j-1] = T`
//!   (bit `j-1` of the row is set); `t[i-1][j]` then stays `T - 1`, so the run ends at the
//!   highest lower column that matches or where the row steps up.
//! - `t[i][j] > t[i-1][j]` is read off the two rows with a subtraction instead of two bit counts
//!   (see [`steps_up`]).

/// Scratch rows of [`mark_lcs_word`], reused between calls.
#[derive(Default)]
pub struct WordRows {
    /// `v[k]`: the bit-parallel row after the `k`-th kept reference token (`v[0]`: all ones).
    v: Vec<u64>,
    /// The candidate mask and the reference position of each kept token.
    kept: Vec<(u64, u32)>,
}

/// The low `j` bits (`j <= 64`).
#[inline]
fn low(j: usize) -> u64 {
    if j >= 64 {
        !0
    } else {
        (1u64 << j) - 1
    }
}

/// Bit `j - 1` set iff `t[i][j] = t[i-1][j] + 1`, from the rows `here` (i) and `up` (i - 1),
/// without counting bits. A zero bit of a row is a column where the row's value steps up, so
/// `t[i][j] - t[i-1][j]` is the number of steps below `j` only `here` has minus those only `up`
/// has. That difference is always 0 or 1, so these steps alternate, one of `here` at `a` then one
/// of `up` at `b > a`, and it is 1 exactly on the columns `a..b` (or `a..` for a last unpaired
/// step of `here`): the bits of `sum(2^b - 2^a)`, which is `B - A` in wrapping arithmetic.
#[inline]
fn steps_up(here: u64, up: u64) -> u64 {
    let (only_here, only_up) = (!here & up, !up & here);
    only_up.wrapping_sub(only_here)
}

/// Sets bit `p` of `marks` for each position `p` of `reference` on the LCS that rouge_score's
/// `lcs_ind(reference, candidate)` reads out. The candidate has `cand_len <= 64` tokens and
/// `masks[t]` is the set of its positions holding token `t`; every reference token must be
/// `< masks.len()` (0 where the candidate lacks it). `marks` holds at least `reference.len()` bits.
pub fn mark_lcs_word(
    cand_len: usize,
    masks: &[u64],
    reference: &[u32],
    marks: &mut [u64],
    rows: &mut WordRows,
) {
    debug_assert!(cand_len <= 64);
    if cand_len == 0 {
        return;
    }
    // Rows are written without branches (absent tokens are many, in no predictable pattern): a
    // token the candidate lacks leaves `v` as it was and is overwritten by the next kept one.
    if rows.v.len() <= reference.len() {
        rows.v.resize(reference.len() + 1, 0);
        rows.kept.resize(reference.len() + 1, (0, 0));
    }
    let mut v = !0u64;
    rows.v[0] = v;
    let mut kept = 0;
    for (p, &t) in reference.iter().enumerate() {
        let m = masks[t as usize];
        v = v.wrapping_add(v & m) | (v & !m);
        rows.kept[kept] = (m, p as u32);
        kept += (m != 0) as usize;
        rows.v[kept] = v;
    }
    if kept == 1 {
        // One token in common: the LCS is that token, wherever the candidate holds it.
        let p = rows.kept[0].1;
        marks[p as usize / 64] |= 1 << (p % 64);
        return;
    }
    let (mut i, mut j) = (kept, cand_len);
    while i > 0 && j > 0 {
        let (m, p) = rows.kept[i - 1];
        let here = rows.v[i];
        if (m >> (j - 1)) & 1 == 1 {
            marks[p as usize / 64] |= 1 << (p % 64);
            i -= 1;
            j -= 1;
        } else if ((here & steps_up(here, rows.v[i - 1])) >> (j - 1)) & 1 == 1 {
            // Left, then on to the next column that matches or where this row steps up.
            let stop = (m | !here) & low(j - 1);
            j = if stop == 0 { 0 } else { 64 - stop.leading_zeros() as usize };
        } else {
            i -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::lcs::BitMatcher;

    use crate::test_rng::Rng;

    #[test]
    fn marks_equal_the_full_backtrack() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut rows, mut wide_rows) = (WordRows::default(), Vec::new());
        for trial in 0..20_000 {
            let vocab = 1 + rng.below([3, 8, 30][trial % 3]);
            let cand: Vec<u32> = (0..rng.below(65)).map(|_| rng.below(vocab) as u32).collect();
            let reference: Vec<u32> = (0..rng.below(150)).map(|_| rng.below(vocab + 2) as u32).collect();
            let mut masks = vec![0u64; vocab + 2];
            for (p, &t) in cand.iter().enumerate() {
                masks[t as usize] |= 1 << p;
            }
            let mut want = vec![false; reference.len()];
            BitMatcher::new(&cand).mark_lcs(&reference, &mut want, &mut wide_rows);
            let mut got = vec![0u64; reference.len().div_ceil(64)];
            mark_lcs_word(cand.len(), &masks, &reference, &mut got, &mut rows);
            let got: Vec<bool> = (0..reference.len()).map(|p| (got[p / 64] >> (p % 64)) & 1 == 1).collect();
            assert_eq!(got, want, "cand={cand:?} ref={reference:?}");
        }
    }
}
