//! Longest common subsequence: length (ROUGE-L, Lin 2004 §3.1) and the union LCS of a
//! reference sentence against candidate sentences (summary-level ROUGE-L, Lin 2004 §3.2).
//!
//! Bit-parallel (Hyyrö 2004): one bit per candidate token, one `V' = (V + (V & M)) | (V & !M)`
//! per reference token, so a row of the DP table costs ⌈|c|/64⌉ word operations. The table
//! value is recoverable from the rows, `t[i][j] = popcount(!V_i & low_bits(j))`, which lets the
//! union LCS backtrack walk the table with rouge_score's (and ROUGE-1.5.5's) tie-break.
use std::cell::RefCell;

use rustc_hash::FxHashMap;

/// Match masks of one token sequence: for each distinct token, the bit set of its positions.
pub struct BitMatcher {
    len: usize,
    words: usize,
    index: MaskIndex,
    masks: Vec<u64>,
}

/// Where a token's mask row lives. Small ids (the dense per-pair ids the scorers produce) index
/// the rows directly; arbitrary ids go through a hash map.
enum MaskIndex {
    /// Row `id` is the mask of token `id`, for ids up to `rows - 1`.
    Dense {
        rows: usize,
    },
    Sparse(FxHashMap<u32, usize>),
}

/// Largest mask table (in words) that direct indexing may allocate.
const DENSE_TABLE_WORDS: usize = 1 << 14;

impl BitMatcher {
    pub fn new(tokens: &[u32]) -> Self {
        let words = tokens.len().div_ceil(64).max(1);
        let max_id = tokens.iter().copied().max().map_or(0, |m| m as usize);
        let mut masks: Vec<u64>;
        let index = if (max_id + 1) * words <= DENSE_TABLE_WORDS.max(4 * tokens.len() * words) {
            masks = vec![0; (max_id + 1) * words];
            for (pos, &t) in tokens.iter().enumerate() {
                masks[t as usize * words + pos / 64] |= 1u64 << (pos % 64);
            }
            MaskIndex::Dense { rows: max_id + 1 }
        } else {
            let mut rows: FxHashMap<u32, usize> = FxHashMap::default();
            masks = Vec::new();
            for (pos, &t) in tokens.iter().enumerate() {
                let next = rows.len();
                let row = *rows.entry(t).or_insert(next);
                if row == next {
                    masks.resize(masks.len() + words, 0);
                }
                masks[row * words + pos / 64] |= 1u64 << (pos % 64);
            }
            MaskIndex::Sparse(rows)
        };
        BitMatcher { len: tokens.len(), words, index, masks }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn mask(&self, token: u32) -> Option<&[u64]> {
        let row = match &self.index {
            MaskIndex::Dense { rows } => Some(token as usize).filter(|&t| t < *rows),
            MaskIndex::Sparse(map) => map.get(&token).copied(),
        }?;
        Some(&self.masks[row * self.words..(row + 1) * self.words])
    }

    /// One DP row update: `v` holds row i-1 on entry and row i on exit.
    #[inline]
    fn step(&self, v: &mut [u64], token: u32) {
        let Some(m) = self.mask(token) else { return };
        if self.words == 1 {
            let u = v[0] & m[0];
            v[0] = v[0].wrapping_add(u) | (v[0] & !m[0]);
            return;
        }
        let mut carry = false;
        for (vw, &mw) in v.iter_mut().zip(m) {
            let u = *vw & mw;
            let (s1, c1) = vw.overflowing_add(u);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 || c2;
            *vw = s2 | (*vw & !mw);
        }
    }

    /// Length of the LCS of `other` and the matcher's sequence.
    pub fn lcs_len(&self, other: &[u32]) -> usize {
        if other.is_empty() {
            return 0;
        }
        self.lcs_len_of(other.iter().copied())
    }

    /// [`BitMatcher::lcs_len`] of a sequence given as an iterator. A token the matcher does not
    /// hold (any id, e.g. `u32::MAX` for "absent") leaves the row unchanged.
    pub fn lcs_len_of(&self, other: impl IntoIterator<Item = u32>) -> usize {
        if self.len == 0 {
            return 0;
        }
        if self.words == 1 {
            // Most sentences fit one word: no heap row.
            let mut v = [!0u64];
            other.into_iter().for_each(|t| self.step(&mut v, t));
            return rank0(&v, self.len);
        }
        let mut v = vec![!0u64; self.words];
        other.into_iter().for_each(|t| self.step(&mut v, t));
        rank0(&v, self.len)
    }

    /// Marks (sets to true) the positions of `reference` that belong to the LCS that
    /// rouge_score's `lcs_ind(reference, candidate)` reads out, where the candidate is this
    /// matcher's sequence. Backtrack from the end: equal tokens go diagonal; otherwise move
    /// left along the candidate only if `t[i][j-1] > t[i-1][j]`, else up along the reference.
    /// `rows` is scratch space, reused between calls.
    pub fn mark_lcs(&self, reference: &[u32], marks: &mut [bool], rows: &mut Vec<u64>) {
        debug_assert_eq!(marks.len(), reference.len());
        if self.len == 0 || reference.is_empty() {
            return;
        }
        let w = self.words;
        rows.clear();
        rows.resize((reference.len() + 1) * w, !0u64);
        for (i, &t) in reference.iter().enumerate() {
            let (prev, cur) = rows.split_at_mut((i + 1) * w);
            cur[..w].copy_from_slice(&prev[i * w..]);
            self.step(&mut cur[..w], t);
        }
        let row = |i: usize| &rows[i * w..(i + 1) * w];
        // Bit j-1 of row i is zero iff t[i][j] = t[i][j-1] + 1.
        let zero_bit = |i: usize, j: usize| ((row(i)[j / 64] >> (j % 64)) & 1 == 0) as usize;

        let (mut i, mut j) = (reference.len(), self.len);
        let mut t_here = rank0(row(i), j); // t[i][j]
        let mut t_up = rank0(row(i - 1), j); // t[i-1][j]
        while i > 0 && j > 0 {
            let cand_token_matches =
                self.mask(reference[i - 1]).is_some_and(|m| (m[(j - 1) / 64] >> ((j - 1) % 64)) & 1 == 1);
            if cand_token_matches {
                marks[i - 1] = true;
                i -= 1;
                j -= 1;
                t_here = t_up - zero_bit(i, j);
                if i > 0 {
                    t_up = rank0(row(i - 1), j);
                }
            } else {
                let t_left = t_here - zero_bit(i, j - 1);
                if t_left > t_up {
                    j -= 1;
                    t_here = t_left;
                    t_up -= zero_bit(i - 1, j);
                } else {
                    i -= 1;
                    t_here = t_up;
                    if i > 0 {
                        t_up = rank0(row(i - 1), j);
                    }
                }
            }
        }
    }
}

/// Number of zero bits among the low `j` bits of `v`.
#[inline]
fn rank0(v: &[u64], j: usize) -> usize {
    let full = j / 64;
    let mut zeros: usize = v[..full].iter().map(|w| w.count_zeros() as usize).sum();
    let rest = j % 64;
    if rest > 0 {
        zeros += (!v[full] & ((1u64 << rest) - 1)).count_ones() as usize;
    }
    zeros
}

/// Length of the longest common subsequence of `a` and `b`.
pub fn lcs_len(a: &[u32], b: &[u32]) -> usize {
    // Bits along the shorter sequence: fewer words per row.
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.is_empty() {
        return 0;
    }
    if short.len() <= 64 {
        if let Some(n) = lcs_len_one_word(short, long) {
            return n;
        }
    }
    BitMatcher::new(short).lcs_len(long)
}

/// Largest token id (exclusive) that [`lcs_len_one_word`] indexes directly.
const ONE_WORD_IDS: usize = 1 << 16;

thread_local! {
    /// The match mask of each token id for [`lcs_len_one_word`]; all zero between calls.
    static ONE_WORD_MASKS: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// [`BitMatcher::lcs_len`] for a `short` side of at most 64 tokens with small ids (the dense
/// per-pair ids of the per-call path), its masks in a per-thread table instead of a fresh
/// allocation per call; `None` for empty or other input.
fn lcs_len_one_word(short: &[u32], long: &[u32]) -> Option<usize> {
    debug_assert!(short.len() <= 64);
    let max = *short.iter().max()? as usize;
    if max >= ONE_WORD_IDS {
        return None;
    }
    ONE_WORD_MASKS.with(|cell| {
        let mut masks = cell.try_borrow_mut().ok()?;
        if masks.len() <= max {
            masks.resize(max + 1, 0);
        }
        for (pos, &t) in short.iter().enumerate() {
            masks[t as usize] |= 1u64 << pos;
        }
        let mut v = !0u64;
        for &t in long {
            // Ids beyond the table do not occur in `short`.
            let m = masks.get(t as usize).copied().unwrap_or(0);
            v = v.wrapping_add(v & m) | (v & !m);
        }
        for &t in short {
            masks[t as usize] = 0;
        }
        Some(rank0(&[v], short.len()))
    })
}

/// Summary-level union-LCS hits with clipping, as rouge_score's `_summary_level_lcs` and
/// ROUGE-1.5.5's `lcs` count them: for each reference sentence, the union of its LCS positions
/// against every candidate sentence; a position is a hit only while the token still has unused
/// occurrences in both the whole reference and the whole candidate.
pub fn union_lcs_hits(reference: &[&[u32]], candidate: &[&[u32]]) -> usize {
    let matchers: Vec<BitMatcher> = candidate.iter().map(|c| BitMatcher::new(c)).collect();
    let all_tokens = || reference.iter().chain(candidate).flat_map(|s| s.iter().copied());
    let total: usize = all_tokens().count();
    let max_id = all_tokens().max().map_or(0, |m| m as usize);
    let mut left = if max_id <= DENSE_TABLE_WORDS.max(4 * total) {
        Counts::Dense(vec![[0u32; 2]; max_id + 1])
    } else {
        Counts::Sparse(FxHashMap::default())
    };
    for &t in reference.iter().flat_map(|s| s.iter()) {
        left.get(t)[0] += 1;
    }
    for &t in candidate.iter().flat_map(|s| s.iter()) {
        left.get(t)[1] += 1;
    }
    let mut hits = 0;
    let mut rows = Vec::new();
    let mut marks = Vec::new();
    for r in reference {
        marks.clear();
        marks.resize(r.len(), false);
        for m in &matchers {
            m.mark_lcs(r, &mut marks, &mut rows);
        }
        for (pos, _) in marks.iter().enumerate().filter(|(_, &hit)| hit) {
            let c = left.get(r[pos]);
            if c[0] > 0 && c[1] > 0 {
                c[0] -= 1;
                c[1] -= 1;
                hits += 1;
            }
        }
    }
    hits
}

/// Unused occurrences of each token: `[in the reference, in the candidate]`.
enum Counts {
    Dense(Vec<[u32; 2]>),
    Sparse(FxHashMap<u32, [u32; 2]>),
}

impl Counts {
    #[inline]
    fn get(&mut self, token: u32) -> &mut [u32; 2] {
        match self {
            Counts::Dense(v) => &mut v[token as usize],
            Counts::Sparse(m) => m.entry(token).or_insert([0, 0]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rouge_score's `_lcs_table` and `_backtrack_norec`, transcribed as the definition.
    fn table(r: &[u32], c: &[u32]) -> Vec<Vec<usize>> {
        let mut t = vec![vec![0; c.len() + 1]; r.len() + 1];
        for i in 1..=r.len() {
            for j in 1..=c.len() {
                t[i][j] =
                    if r[i - 1] == c[j - 1] { t[i - 1][j - 1] + 1 } else { t[i - 1][j].max(t[i][j - 1]) };
            }
        }
        t
    }

    fn naive_marks(r: &[u32], c: &[u32]) -> Vec<usize> {
        let t = table(r, c);
        let (mut i, mut j) = (r.len(), c.len());
        let mut out = Vec::new();
        while i > 0 && j > 0 {
            if r[i - 1] == c[j - 1] {
                out.push(i - 1);
                i -= 1;
                j -= 1;
            } else if t[i][j - 1] > t[i - 1][j] {
                j -= 1;
            } else {
                i -= 1;
            }
        }
        out.reverse();
        out
    }

    use crate::test_rng::Rng;

    #[test]
    fn length_and_backtrack_match_the_dp_table() {
        let mut rng = Rng(0x2545F4914F6CDD1D);
        let mut rows = Vec::new();
        for trial in 0..3000 {
            // Lengths across the one-word / multi-word boundary.
            let max_len = [10, 70, 200][trial % 3];
            let vocab = 2 + rng.below(12);
            let r = rng.seq(max_len, vocab);
            let c = rng.seq(max_len, vocab);
            let t = table(&r, &c);
            assert_eq!(lcs_len(&r, &c), t[r.len()][c.len()]);
            let mut marks = vec![false; r.len()];
            BitMatcher::new(&c).mark_lcs(&r, &mut marks, &mut rows);
            let got: Vec<usize> = (0..r.len()).filter(|&i| marks[i]).collect();
            assert_eq!(got, naive_marks(&r, &c), "r={r:?} c={c:?}");
        }
    }

    #[test]
    fn sparse_ids_give_the_same_results_as_dense_ones() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        let mut rows = Vec::new();
        for _ in 0..500 {
            let r = rng.seq(90, 6);
            let c = rng.seq(90, 6);
            let spread = |s: &[u32]| s.iter().map(|&t| t * 50_000_000 + 7).collect::<Vec<u32>>();
            let (rs, cs) = (spread(&r), spread(&c));
            assert_eq!(lcs_len(&r, &c), lcs_len(&rs, &cs));
            let (mut m1, mut m2) = (vec![false; r.len()], vec![false; r.len()]);
            BitMatcher::new(&c).mark_lcs(&r, &mut m1, &mut rows);
            BitMatcher::new(&cs).mark_lcs(&rs, &mut m2, &mut rows);
            assert_eq!(m1, m2);
            let half = c.len() / 2;
            assert_eq!(
                union_lcs_hits(&[&r], &[&c[..half], &c[half..]]),
                union_lcs_hits(&[&rs], &[&cs[..half], &cs[half..]])
            );
        }
    }

    #[test]
    fn union_lcs_counts_clipped_hits() {
        // Lin 2004 §3.2: r = w1..w5, c1 = w1 w2 w6 w7 w8, c2 = w1 w3 w8 w9 w5 -> union {w1 w2 w3 w5}.
        let r: &[u32] = &[1, 2, 3, 4, 5];
        let c1: &[u32] = &[1, 2, 6, 7, 8];
        let c2: &[u32] = &[1, 3, 8, 9, 5];
        // w1 occurs twice in the candidate but once in the reference: counted once.
        assert_eq!(union_lcs_hits(&[r], &[c1, c2]), 4);
        assert_eq!(union_lcs_hits(&[r], &[]), 0);
        assert_eq!(union_lcs_hits(&[&[]], &[c1]), 0);
    }
}
