//! Longest common subsequence: length (ROUGE-L, Lin 2004 §3.1) and the union LCS of a
//! reference sentence against candidate sentences (summary-level ROUGE-L, Lin 2004 §3.2).
//!
//! Bit-parallel (Hyyrö 2004): one bit per candidate token, one `V' = (V + (V & M)) | (V & !M)`
//! per reference token, so a row of the DP table costs ⌈|c|/64⌉ word operations. The table
//! value is recoverable from the rows, `t[i][j] = popcount(!V_i & low_bits(j))`, which lets the
//! union LCS backtrack walk the table with rouge_score's (and ROUGE-1.5.5's) tie-break.
//!
//! Memory stays proportional to the texts whatever their vocabulary:
//! - a token's match mask is kept whole only while all the masks together take a few words per
//!   token (sentences, and texts with few distinct words); otherwise only its non-zero words are
//!   kept ([`Masks::Sparse`]), at most one per position, and a row update walks those words and
//!   carries the sum across the words in between;
//! - the backtrack reads the rows of the table; when they would take more than
//!   [`table_budget`] words, it keeps only evenly spaced checkpoint rows and recomputes the rows
//!   between two of them when the walk gets there (recursively, a few levels deep for texts of
//!   millions of tokens), so the walk and its tie-breaks are exactly those of the full table.
//!
//! Long texts take long: the kernels poll the call (`crate::control::Poller`) every million or
//! so words of rows, so that Ctrl-C stops the call inside one pair.
use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::control::Poller;
use crate::memory;

/// Match masks of one token sequence: for each distinct token, the bit set of its positions.
pub struct BitMatcher {
    len: usize,
    words: usize,
    masks: Masks,
}

/// Where a token's mask lives.
enum Masks {
    /// Row `id` of `masks` is the mask of token `id`, for ids up to `rows - 1`: the small ids
    /// (dense per-pair ids) the scorers produce.
    Dense { rows: usize, masks: Vec<u64> },
    /// Arbitrary ids, through a hash map to their rows.
    Hashed { rows: FxHashMap<u32, usize>, masks: Vec<u64> },
    /// Only the non-zero words `(word index, bits)` of each mask, in word order, at
    /// `entries[start..end]` for the token's `(start, end)`: for long sequences of many distinct
    /// tokens, where whole masks would take distinct tokens x length bits. The backtrack reads
    /// the sequence itself (`tokens`) instead of the masks.
    Sparse { spans: FxHashMap<u32, (u32, u32)>, entries: Vec<(u32, u64)>, tokens: Vec<u32> },
}

/// Largest mask table (in words) that whole masks may take regardless of the sequence's length.
const DENSE_TABLE_WORDS: usize = 1 << 14;

/// Whole masks may take this many words per token of the sequence beyond [`DENSE_TABLE_WORDS`].
const MASK_WORDS_PER_TOKEN: usize = 4;

impl BitMatcher {
    pub fn new(tokens: &[u32]) -> Self {
        let words = tokens.len().div_ceil(64).max(1);
        let budget = DENSE_TABLE_WORDS.max(MASK_WORDS_PER_TOKEN * tokens.len());
        let max_id = tokens.iter().copied().max().map_or(0, |m| m as usize);
        let masks = if (max_id + 1).saturating_mul(words) <= budget {
            let mut masks = memory::filled((max_id + 1) * words, 0u64, "the LCS match masks");
            for (pos, &t) in tokens.iter().enumerate() {
                masks[t as usize * words + pos / 64] |= 1u64 << (pos % 64);
            }
            Masks::Dense { rows: max_id + 1, masks }
        } else {
            let mut rows: FxHashMap<u32, usize> = FxHashMap::default();
            for &t in tokens {
                let next = rows.len();
                rows.entry(t).or_insert(next);
                if rows.len().saturating_mul(words) > budget {
                    return BitMatcher { len: tokens.len(), words, masks: sparse_masks(tokens) };
                }
            }
            let mut masks = memory::filled(rows.len() * words, 0u64, "the LCS match masks");
            for (pos, t) in tokens.iter().enumerate() {
                masks[rows[t] * words + pos / 64] |= 1u64 << (pos % 64);
            }
            Masks::Hashed { rows, masks }
        };
        BitMatcher { len: tokens.len(), words, masks }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether position `j` of the sequence holds `token`.
    #[inline]
    fn holds_at(&self, token: u32, j: usize) -> bool {
        let w = self.words;
        let bit = |masks: &[u64], row: usize| (masks[row * w + j / 64] >> (j % 64)) & 1 == 1;
        match &self.masks {
            Masks::Dense { rows, masks } => (token as usize) < *rows && bit(masks, token as usize),
            Masks::Hashed { rows, masks } => rows.get(&token).is_some_and(|&row| bit(masks, row)),
            Masks::Sparse { tokens, .. } => tokens[j] == token,
        }
    }

    /// One DP row update: `v` holds row i-1 on entry and row i on exit.
    #[inline(always)]
    fn step(&self, v: &mut [u64], token: u32) {
        let w = self.words;
        let m = match &self.masks {
            Masks::Dense { rows, masks } if (token as usize) < *rows => {
                &masks[token as usize * w..(token as usize + 1) * w]
            }
            Masks::Hashed { rows, masks } => match rows.get(&token) {
                Some(&row) => &masks[row * w..(row + 1) * w],
                None => return,
            },
            Masks::Sparse { spans, entries, .. } => {
                if let Some(&(start, end)) = spans.get(&token) {
                    step_sparse(v, &entries[start as usize..end as usize]);
                }
                return;
            }
            Masks::Dense { .. } => return,
        };
        if w == 1 {
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
            // Most sentences fit one word: no heap row, and too little work to poll.
            let mut v = [!0u64];
            other.into_iter().for_each(|t| self.step(&mut v, t));
            return rank0(&v, self.len);
        }
        let mut v = memory::filled(self.words, !0u64, "an LCS row");
        let mut poller = Poller::default();
        other.into_iter().for_each(|t| {
            self.step(&mut v, t);
            poller.tick(self.words);
        });
        rank0(&v, self.len)
    }

    /// Marks (sets to true) the positions of `reference` that belong to the LCS that
    /// rouge_score's `lcs_ind(reference, candidate)` reads out, where the candidate is this
    /// matcher's sequence. Backtrack from the end: equal tokens go diagonal; otherwise move
    /// left along the candidate only if `t[i][j-1] > t[i-1][j]`, else up along the reference.
    /// `rows` is scratch space, reused between calls.
    pub fn mark_lcs(&self, reference: &[u32], marks: &mut [bool], rows: &mut Vec<u64>) {
        self.mark_lcs_within(reference, marks, rows, table_budget(reference.len(), self.len));
    }

    /// [`BitMatcher::mark_lcs`] with the rows of the table limited to `budget` words at a time.
    fn mark_lcs_within(&self, reference: &[u32], marks: &mut [bool], rows: &mut Vec<u64>, budget: usize) {
        debug_assert_eq!(marks.len(), reference.len());
        if self.len == 0 || reference.is_empty() {
            return;
        }
        let n = reference.len();
        if (n + 1).saturating_mul(self.words) <= budget {
            // The whole table fits (every ordinary sentence): one block, as is.
            fill_block(self, reference, None, 0, n, rows);
            walk_block(self, reference, marks, rows, 0, n, self.len);
            return;
        }
        let mut walk =
            Walk { matcher: self, reference, marks, leaf: rows, budget, poller: Poller::default() };
        walk.rows(None, 0, n, self.len);
    }
}

/// The most words the rows of the backtrack may take at a time for a reference of `n` tokens
/// and a candidate of `m`: 8 MiB, or half a word per token for longer texts.
fn table_budget(n: usize, m: usize) -> usize {
    (1usize << 20).max((n + m) / 2)
}

/// Masks that keep only their non-zero words (see [`Masks::Sparse`]).
fn sparse_masks(tokens: &[u32]) -> Masks {
    // Count each token's words first, so that the entries can be laid out token by token.
    let mut spans: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
    let mut last_word: FxHashMap<u32, u32> = FxHashMap::default();
    for (pos, &t) in tokens.iter().enumerate() {
        let word = (pos / 64) as u32;
        if last_word.insert(t, word) != Some(word) {
            spans.entry(t).or_insert((0, 0)).1 += 1;
        }
    }
    let mut start = 0u32;
    for span in spans.values_mut() {
        let count = span.1;
        *span = (start, start);
        start += count;
    }
    let mut entries = memory::filled(start as usize, (u32::MAX, 0u64), "the LCS match masks");
    for (pos, &t) in tokens.iter().enumerate() {
        let span = spans.get_mut(&t).expect("every token has a span");
        let word = (pos / 64) as u32;
        if span.1 == span.0 || entries[span.1 as usize - 1].0 != word {
            entries[span.1 as usize] = (word, 0);
            span.1 += 1;
        }
        entries[span.1 as usize - 1].1 |= 1u64 << (pos % 64);
    }
    Masks::Sparse { spans, entries, tokens: memory::copied(tokens, "the LCS tokens") }
}

/// The row update of [`BitMatcher::step`] with a mask given by its non-zero words. In a word
/// whose mask is zero, `V' = (V + carry) | V`: unchanged without a carry; with one, the carry
/// passes through a word of all ones (which stays all ones) and stops at the first other word.
#[inline]
fn step_sparse(v: &mut [u64], mask: &[(u32, u64)]) {
    let mut carry = false;
    let mut next = 0; // the first word not yet updated
    for &(word, m) in mask {
        let word = word as usize;
        if carry {
            carry = carry_through(&mut v[next..word]);
        }
        let vw = v[word];
        let (s1, c1) = vw.overflowing_add(vw & m);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        carry = c1 || c2;
        v[word] = s2 | (vw & !m);
        next = word + 1;
    }
    if carry {
        carry_through(&mut v[next..]);
    }
}

/// Adds a carry into `words` whose masks are zero; whether it comes out of the last one.
#[inline]
fn carry_through(words: &mut [u64]) -> bool {
    for w in words {
        if *w != !0 {
            *w |= w.wrapping_add(1);
            return false;
        }
    }
    true
}

/// The backtrack of [`BitMatcher::mark_lcs`] in bounded memory.
struct Walk<'a> {
    matcher: &'a BitMatcher,
    reference: &'a [u32],
    marks: &'a mut [bool],
    /// The rows of the block being walked (reused).
    leaf: &'a mut Vec<u64>,
    budget: usize,
    poller: Poller,
}

impl Walk<'_> {
    /// Walks from row `b`, column `j` until the path reaches row `a` (or column 0), given row
    /// `a` as `first` (`None`: row 0, all ones); returns the column where it reached row `a`.
    fn rows(&mut self, first: Option<&[u64]>, a: usize, b: usize, j: usize) -> usize {
        let w = self.matcher.words;
        let span = b - a;
        if (span + 1).saturating_mul(w) <= self.budget || span <= 2 {
            // A block of rows within the budget: a bounded amount of work, polled once.
            self.poller.tick((span + 1) * w);
            fill_block(self.matcher, self.reference, first, a, b, self.leaf);
            return walk_block(self.matcher, self.reference, self.marks, self.leaf, a, b, j);
        }
        // Checkpoints: rows a, a + seg, a + 2 seg, ... below b; then the blocks between them,
        // last first, each from its checkpoint.
        let count = (self.budget / w).clamp(2, span);
        let seg = span.div_ceil(count);
        let starts: Vec<usize> = (a..b).step_by(seg).collect();
        let mut checkpoints = memory::filled(starts.len() * w, !0u64, "the LCS table checkpoints");
        if let Some(row) = first {
            checkpoints[..w].copy_from_slice(row);
        }
        let mut v = checkpoints[..w].to_vec();
        for r in a + 1..b {
            self.matcher.step(&mut v, self.reference[r - 1]);
            self.poller.tick(w);
            if (r - a) % seg == 0 {
                let k = (r - a) / seg;
                checkpoints[k * w..(k + 1) * w].copy_from_slice(&v);
            }
        }
        drop(v);
        let mut j = j;
        let mut top = b;
        for (k, &start) in starts.iter().enumerate().rev() {
            j = self.rows(Some(&checkpoints[k * w..(k + 1) * w]), start, top, j);
            if j == 0 {
                break;
            }
            top = start;
        }
        j
    }
}

/// Rows `a..=b` of the table into `rows` (`w` words each, row `a` first), from row `a` (`first`;
/// `None`: row 0, all ones).
fn fill_block(
    m: &BitMatcher,
    reference: &[u32],
    first: Option<&[u64]>,
    a: usize,
    b: usize,
    rows: &mut Vec<u64>,
) {
    let w = m.words;
    rows.clear();
    memory::resize(rows, (b - a + 1) * w, !0, "the LCS table");
    if let Some(row) = first {
        rows[..w].copy_from_slice(row);
    }
    for k in 0..b - a {
        let (prev, cur) = rows.split_at_mut((k + 1) * w);
        cur[..w].copy_from_slice(&prev[k * w..]);
        m.step(&mut cur[..w], reference[a + k]);
    }
}

/// The backtrack over the rows `a..=b` of the table (`rows`, `w` words each, row `a` first),
/// from row `b`, column `j`, down to row `a` or column 0; returns the column where it stopped.
fn walk_block(
    m: &BitMatcher,
    reference: &[u32],
    marks: &mut [bool],
    rows: &[u64],
    a: usize,
    b: usize,
    j: usize,
) -> usize {
    let w = m.words;
    let row = |i: usize| &rows[(i - a) * w..(i - a + 1) * w];
    // Bit j-1 of row i is zero iff t[i][j] = t[i][j-1] + 1.
    let zero_bit = |i: usize, j: usize| ((row(i)[j / 64] >> (j % 64)) & 1 == 0) as usize;
    let (mut i, mut j) = (b, j);
    if j == 0 || i == a {
        return j;
    }
    let mut t_here = rank0(row(i), j); // t[i][j]
    let mut t_up = rank0(row(i - 1), j); // t[i-1][j]
    while i > a && j > 0 {
        if m.holds_at(reference[i - 1], j - 1) {
            marks[i - 1] = true;
            i -= 1;
            j -= 1;
            t_here = t_up - zero_bit(i, j);
            if i > a {
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
                if i > a {
                    t_up = rank0(row(i - 1), j);
                }
            }
        }
    }
    j
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

    /// The same matcher with only the non-zero words of its masks.
    fn sparse(tokens: &[u32]) -> BitMatcher {
        BitMatcher { len: tokens.len(), words: tokens.len().div_ceil(64).max(1), masks: sparse_masks(tokens) }
    }

    #[test]
    fn sparse_masks_and_checkpointed_rows_give_the_full_tables_results() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let mut rows = Vec::new();
        for trial in 0..600 {
            // Vocabularies from a few words (long runs of carries) to mostly distinct tokens.
            let vocab = [2, 5, 40, 400][trial % 4];
            let r = rng.seq(400, vocab);
            let c = rng.seq(400, vocab);
            let (full, thin) = (BitMatcher::new(&c), sparse(&c));
            assert_eq!(thin.lcs_len(&r), full.lcs_len(&r), "r={r:?} c={c:?}");
            let mut want = vec![false; r.len()];
            full.mark_lcs(&r, &mut want, &mut rows);
            // Budgets from two rows at a time (several levels of checkpoints) up.
            for budget in [1, 2 * full.words, 7 * full.words + 3, 50 * full.words] {
                for m in [&full, &thin] {
                    let mut got = vec![false; r.len()];
                    m.mark_lcs_within(&r, &mut got, &mut rows, budget);
                    assert_eq!(got, want, "budget {budget}, r={r:?} c={c:?}");
                }
            }
        }
    }

    #[test]
    fn long_texts_of_distinct_words_take_memory_proportional_to_their_length() {
        // 20,000 distinct words: whole masks would take 20,000 x 313 words (50 MB), the full
        // table of the backtrack 20,001 x 313 words; both are kept to a few words per token.
        let a: Vec<u32> = (0..20_000).collect();
        let b: Vec<u32> = (0..20_000).map(|t| if t % 7 == 3 { t + 1_000_000 } else { t }).collect();
        let m = BitMatcher::new(&b);
        assert!(matches!(m.masks, Masks::Sparse { .. }));
        let common = b.iter().filter(|&&t| t < 20_000).count();
        assert_eq!(m.lcs_len(&a), common);
        let mut marks = vec![false; a.len()];
        let mut rows = Vec::new();
        m.mark_lcs(&a, &mut marks, &mut rows);
        assert_eq!(marks.iter().filter(|&&x| x).count(), common);
        assert!(rows.capacity() <= table_budget(a.len(), b.len()), "{}", rows.capacity());
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
