//! The beam-limited word edit distance of sacrebleu's TER (`lib_ter.BeamEditDistance`).
//!
//! Row `i` (hypothesis prefix of `i` words) only computes the columns within `beam` of the
//! pseudo-diagonal `floor(i * |ref| / |hyp|)`; every other cell is infinite. The beam is 25,
//! widened to `ceil(ratio / 2 + 25)` when the length ratio exceeds 50 so neighbouring rows still
//! overlap; the last row always runs to the end of the reference. Unlike sacrebleu, which
//! allocates the whole `(|hyp| + 1) x (|ref| + 1)` matrix, only the band is stored:
//! `O(|ref| + |hyp| * beam)` cells.
//!
//! sacrebleu caches rows by hypothesis prefix; rows depend only on the prefix (the hypothesis
//! length is fixed within one pair), so the cache never changes a result. Here the same reuse is
//! explicit: a shifted candidate restarts from the first row its shift changes.

pub(crate) const INF: u32 = u32::MAX;

const BEAM_WIDTH: f64 = 25.0;

/// Edit operations of the trace, named as sacrebleu's DP names them (before it flips them).
pub(crate) const OP_UNDEF: u8 = 0;
/// Match (`' '`): diagonal, same word.
pub(crate) const OP_NOP: u8 = 1;
/// Substitution (`'s'`): diagonal, different words.
pub(crate) const OP_SUB: u8 = 2;
/// `'d'`: consumes a hypothesis word (from the row above).
pub(crate) const OP_DEL: u8 = 3;
/// `'i'`: consumes a reference word (from the cell to the left).
pub(crate) const OP_INS: u8 = 4;

/// The band of a `(hyp_len, ref_len)` problem: the columns `lo[i]..hi[i]` of each row and where
/// each row starts in the flat cell buffer.
#[derive(Debug, Clone)]
pub struct Band {
    pub hyp_len: usize,
    pub ref_len: usize,
    lo: Vec<usize>,
    hi: Vec<usize>,
    start: Vec<usize>,
}

impl Band {
    pub fn new(hyp_len: usize, ref_len: usize) -> Self {
        let ratio = if hyp_len > 0 { ref_len as f64 / hyp_len as f64 } else { 1.0 };
        let beam = if BEAM_WIDTH < ratio / 2.0 { (ratio / 2.0 + BEAM_WIDTH).ceil() } else { BEAM_WIDTH };
        let beam = beam as i64;
        let mut lo = Vec::with_capacity(hyp_len + 1);
        let mut hi = Vec::with_capacity(hyp_len + 1);
        let mut start = Vec::with_capacity(hyp_len + 2);
        lo.push(0);
        hi.push(ref_len + 1);
        start.push(0);
        start.push(ref_len + 1);
        for i in 1..=hyp_len {
            let diag = (i as f64 * ratio).floor() as i64;
            let l = (diag - beam).max(0) as usize;
            let h =
                if i == hyp_len { ref_len + 1 } else { (diag + beam).clamp(0, ref_len as i64 + 1) as usize };
            // The range is never empty (diag <= ref_len, beam >= 25); keep it well-formed anyway.
            let l = l.min(h);
            lo.push(l);
            hi.push(h);
            let last = start[start.len() - 1];
            start.push(last + (h - l));
        }
        Band { hyp_len, ref_len, lo, hi, start }
    }

    /// Cells of the whole band.
    pub fn cells(&self) -> usize {
        self.start[self.hyp_len + 1]
    }

    /// The widest row.
    pub fn max_width(&self) -> usize {
        (0..=self.hyp_len).map(|i| self.hi[i] - self.lo[i]).max().unwrap_or(0)
    }

    #[inline]
    fn row(&self, i: usize) -> (usize, usize) {
        (self.lo[i], self.hi[i])
    }
}

/// One row of the recurrence. `prev` holds row `i - 1` over `prev_lo..`, `cur` receives row `i`
/// over its band; `word` is hypothesis word `i - 1`. Ties prefer the diagonal, then the row above
/// (`'d'`), then the left cell (`'i'`), as sacrebleu orders them; infinite neighbours never win.
///
/// This loop is where TER spends its time (every candidate shift re-runs it over the rows it
/// changes), so the cells whose two upper neighbours both lie in `prev`'s band, nearly all of
/// them, run in a loop over zipped slices (no bounds checks, no branch per cell); the few at the
/// band's edges take [`edge_cell`]. Bands only move right (`prev_lo <= lo`), which is what makes
/// the split valid.
#[inline]
#[allow(clippy::too_many_arguments)]
fn fill_row(
    reference: &[u32],
    word: u32,
    prev: &[u32],
    prev_lo: usize,
    lo: usize,
    hi: usize,
    cur: &mut [u32],
    ops: Option<&mut [u8]>,
) {
    match ops {
        Some(ops) => fill_row_with::<true>(reference, word, prev, prev_lo, lo, hi, cur, ops),
        None => fill_row_with::<false>(reference, word, prev, prev_lo, lo, hi, cur, &mut []),
    }
}

/// [`fill_row`], writing the operations to `ops` when `OPS`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn fill_row_with<const OPS: bool>(
    reference: &[u32],
    word: u32,
    prev: &[u32],
    prev_lo: usize,
    lo: usize,
    hi: usize,
    cur: &mut [u32],
    ops: &mut [u8],
) {
    debug_assert!(prev_lo <= lo && lo <= hi && hi <= reference.len() + 1);
    let prev_hi = prev_lo + prev.len();
    // The cells `a..b` have both `j - 1` and `j` inside `prev`'s columns.
    let a = lo.max(prev_lo + 1).min(hi);
    let b = hi.min(prev_hi).max(a);
    let mut left = INF;
    let edge = |j: usize, left: &mut u32, cur: &mut [u32], ops: &mut [u8]| {
        let (value, op) = edge_cell(reference, word, prev, prev_lo, j, *left);
        cur[j - lo] = value;
        if OPS {
            ops[j - lo] = op;
        }
        *left = value;
    };
    for j in lo..a {
        edge(j, &mut left, cur, ops);
    }
    if a < b {
        let diag = &prev[a - 1 - prev_lo..b - 1 - prev_lo];
        let up = &prev[a - prev_lo..b - prev_lo];
        let words = &reference[a - 1..b - 1];
        let out = &mut cur[a - lo..b - lo];
        if OPS {
            let ops = &mut ops[a - lo..b - lo];
            for ((((o, op), &d), &u), &w) in out.iter_mut().zip(ops.iter_mut()).zip(diag).zip(up).zip(words) {
                let same = w == word;
                let d = d.saturating_add(u32::from(!same));
                let u = u.saturating_add(1);
                let l = left.saturating_add(1);
                let v = d.min(u).min(l);
                let diag_op = if same { OP_NOP } else { OP_SUB };
                let side_op = if u <= l { OP_DEL } else { OP_INS };
                *op = if v == INF {
                    OP_UNDEF
                } else if d == v {
                    diag_op
                } else {
                    side_op
                };
                *o = v;
                left = v;
            }
        } else {
            for (((o, &d), &u), &w) in out.iter_mut().zip(diag).zip(up).zip(words) {
                let d = d.saturating_add(u32::from(w != word));
                let v = d.min(u.saturating_add(1)).min(left.saturating_add(1));
                *o = v;
                left = v;
            }
        }
    }
    for j in b..hi {
        edge(j, &mut left, cur, ops);
    }
}

/// One cell of [`fill_row`] with any of its neighbours possibly outside the bands: `(value, op)`.
#[inline]
fn edge_cell(reference: &[u32], word: u32, prev: &[u32], prev_lo: usize, j: usize, left: u32) -> (u32, u8) {
    let at_prev = |j: usize| -> u32 {
        if j >= prev_lo {
            prev.get(j - prev_lo).copied().unwrap_or(INF)
        } else {
            INF
        }
    };
    if j == 0 {
        return (at_prev(0).saturating_add(1), OP_DEL);
    }
    let same = reference.get(j - 1) == Some(&word);
    let diag = at_prev(j - 1).saturating_add(u32::from(!same));
    let up = at_prev(j).saturating_add(1);
    let from_left = left.saturating_add(1);
    let (mut best, mut op) = (INF, OP_UNDEF);
    if diag < best {
        best = diag;
        op = if same { OP_NOP } else { OP_SUB };
    }
    if up < best {
        best = up;
        op = OP_DEL;
    }
    if from_left < best {
        best = from_left;
        op = OP_INS;
    }
    (best, op)
}

/// The alignment sacrebleu derives from the (flipped) trace: for each reference word the
/// hypothesis position it is aligned to (`-1` before the first), and which hypothesis and
/// reference words are in error.
#[derive(Debug, Default, Clone)]
pub struct Alignment {
    pub align: Vec<i64>,
    pub hyp_err: Vec<bool>,
    pub ref_err: Vec<bool>,
}

/// The full band of one hypothesis against the reference, with operations for the trace.
#[derive(Debug, Default, Clone)]
pub struct Matrix {
    cells: Vec<u32>,
    ops: Vec<u8>,
}

impl Matrix {
    /// Fill the band for `hyp` (of length `band.hyp_len`); returns the edit distance.
    pub fn fill(&mut self, band: &Band, reference: &[u32], hyp: &[u32]) -> u32 {
        let n = band.cells();
        self.cells.clear();
        self.cells.resize(n, INF);
        self.ops.clear();
        self.ops.resize(n, OP_UNDEF);
        for j in 0..=band.ref_len {
            self.cells[j] = j as u32;
            self.ops[j] = OP_INS;
        }
        for i in 1..=band.hyp_len {
            let (plo, _) = band.row(i - 1);
            let (lo, hi) = band.row(i);
            let (before, after) = self.cells.split_at_mut(band.start[i]);
            let prev = &before[band.start[i - 1]..];
            let cur = &mut after[..hi - lo];
            let ops = &mut self.ops[band.start[i]..band.start[i + 1]];
            fill_row(reference, hyp.get(i - 1).copied().unwrap_or(INF), prev, plo, lo, hi, cur, Some(ops));
        }
        self.last(band)
    }

    /// The distance in the bottom-right cell.
    pub fn last(&self, band: &Band) -> u32 {
        let (lo, _) = band.row(band.hyp_len);
        self.cells.get(band.start[band.hyp_len] + band.ref_len - lo).copied().unwrap_or(INF)
    }

    /// Row `i` and its first column.
    fn row(&self, band: &Band, i: usize) -> (&[u32], usize) {
        (&self.cells[band.start[i]..band.start[i + 1]], band.lo[i])
    }

    /// Walk the trace back from the bottom-right cell and turn it into sacrebleu's alignment.
    pub fn alignment(&self, band: &Band, out: &mut Alignment) {
        let mut trace = Vec::with_capacity(band.hyp_len + band.ref_len);
        let (mut i, mut j) = (band.hyp_len, band.ref_len);
        while i > 0 || j > 0 {
            let (lo, hi) = band.row(i);
            let op = if (lo..hi).contains(&j) { self.ops[band.start[i] + j - lo] } else { OP_UNDEF };
            match op {
                OP_NOP | OP_SUB if i > 0 && j > 0 => {
                    i -= 1;
                    j -= 1;
                }
                OP_INS if j > 0 => j -= 1,
                OP_DEL if i > 0 => i -= 1,
                // Unreachable: every finite cell points at a finite neighbour, and the beam keeps
                // consecutive rows overlapping. Stop rather than panic.
                _ => break,
            }
            trace.push(op);
        }
        out.align.clear();
        out.align.resize(band.ref_len, -1);
        out.hyp_err.clear();
        out.ref_err.clear();
        let (mut ph, mut pr) = (-1i64, -1i64);
        for &op in trace.iter().rev() {
            match op {
                OP_NOP | OP_SUB => {
                    ph += 1;
                    pr += 1;
                    if let Some(a) = out.align.get_mut(pr as usize) {
                        *a = ph;
                    }
                    out.hyp_err.push(op == OP_SUB);
                    out.ref_err.push(op == OP_SUB);
                }
                // A hypothesis word with no reference word (an insertion once flipped).
                OP_DEL => {
                    ph += 1;
                    out.hyp_err.push(true);
                }
                // A reference word with no hypothesis word (a deletion once flipped).
                _ => {
                    pr += 1;
                    if let Some(a) = out.align.get_mut(pr as usize) {
                        *a = ph;
                    }
                    out.ref_err.push(true);
                }
            }
        }
        out.hyp_err.resize(band.hyp_len, true);
        out.ref_err.resize(band.ref_len, true);
    }
}

/// Scratch rows for distances of candidates that share a prefix with a filled [`Matrix`].
#[derive(Debug, Default, Clone)]
pub struct Rows {
    a: Vec<u32>,
    b: Vec<u32>,
}

impl Rows {
    /// The edit distance of `hyp`, whose first `from` words equal those of the hypothesis `base`
    /// was filled for (so rows `0..=from` are taken from it), as are its words from `same_from` on:
    /// once a row at or past `same_from` equals `base`'s, every later row does too, and the
    /// distance is `base`'s.
    pub fn distance_from(
        &mut self,
        band: &Band,
        reference: &[u32],
        base: &Matrix,
        hyp: &[u32],
        from: usize,
        same_from: usize,
    ) -> u32 {
        let from = from.min(band.hyp_len);
        if from == band.hyp_len {
            return base.last(band);
        }
        let w = band.max_width();
        self.a.clear();
        self.a.resize(w, INF);
        self.b.clear();
        self.b.resize(w, INF);
        let (row, lo0) = base.row(band, from);
        self.a[..row.len()].copy_from_slice(row);
        let mut prev_lo = lo0;
        let mut prev_len = row.len();
        for i in from + 1..=band.hyp_len {
            let (lo, hi) = band.row(i);
            fill_row(
                reference,
                hyp.get(i - 1).copied().unwrap_or(INF),
                &self.a[..prev_len],
                prev_lo,
                lo,
                hi,
                &mut self.b[..hi - lo],
                None,
            );
            if i >= same_from && i < band.hyp_len && self.b[..hi - lo] == *base.row(band, i).0 {
                return base.last(band);
            }
            std::mem::swap(&mut self.a, &mut self.b);
            prev_lo = lo;
            prev_len = hi - lo;
        }
        self.a.get(band.ref_len - prev_lo).copied().unwrap_or(INF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain_levenshtein(a: &[u32], b: &[u32]) -> u32 {
        let mut prev: Vec<u32> = (0..=b.len() as u32).collect();
        for (i, x) in a.iter().enumerate() {
            let mut cur = vec![i as u32 + 1; b.len() + 1];
            for (j, y) in b.iter().enumerate() {
                cur[j + 1] = (prev[j] + u32::from(x != y)).min(prev[j + 1] + 1).min(cur[j] + 1);
            }
            prev = cur;
        }
        prev[b.len()]
    }

    #[test]
    fn short_texts_are_plain_levenshtein() {
        let r = [1, 2, 3, 4, 5, 6];
        for h in
            [&[1u32, 2, 3][..], &[6, 5, 4, 3, 2, 1], &[], &[9, 9, 9, 9, 9, 9, 9, 9, 9], &[2, 3, 4, 5, 6, 1]]
        {
            let band = Band::new(h.len(), r.len());
            let mut m = Matrix::default();
            assert_eq!(m.fill(&band, &r, h), plain_levenshtein(h, &r));
            let mut rows = Rows::default();
            for from in 0..=h.len() {
                assert_eq!(rows.distance_from(&band, &r, &m, h, from, from), plain_levenshtein(h, &r));
            }
        }
    }

    #[test]
    fn band_is_bounded_for_long_texts() {
        let band = Band::new(10_000, 10_000);
        assert!(band.cells() < 10_001 + 10_000 * 50 + 10_001);
        let band = Band::new(10, 5000);
        assert!(band.max_width() <= 5001);
        let band = Band::new(5000, 1);
        assert_eq!(band.cells(), 2 + 5000 * 2);
    }

    #[test]
    fn alignment_of_a_substitution_and_an_extra_word() {
        // hyp: a x b c ; ref: a b d
        let (h, r) = ([1u32, 9, 2, 3], [1u32, 2, 4]);
        let band = Band::new(h.len(), r.len());
        let mut m = Matrix::default();
        assert_eq!(m.fill(&band, &r, &h), 2);
        let mut al = Alignment::default();
        m.alignment(&band, &mut al);
        assert_eq!(al.align, [0, 2, 3]);
        assert_eq!(al.hyp_err, [false, true, false, true]);
        assert_eq!(al.ref_err, [false, false, true]);
    }
}
