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
#[derive(Debug, Clone, Default)]
pub struct Band {
    pub hyp_len: usize,
    pub ref_len: usize,
    lo: Vec<usize>,
    hi: Vec<usize>,
    start: Vec<usize>,
}

impl Band {
    pub fn new(hyp_len: usize, ref_len: usize) -> Self {
        let mut band = Band { hyp_len: 0, ref_len: 0, lo: Vec::new(), hi: Vec::new(), start: Vec::new() };
        band.reset(hyp_len, ref_len);
        band
    }

    /// The band of a `(hyp_len, ref_len)` problem in this one's buffers.
    pub fn reset(&mut self, hyp_len: usize, ref_len: usize) {
        let ratio = if hyp_len > 0 { ref_len as f64 / hyp_len as f64 } else { 1.0 };
        let beam = if BEAM_WIDTH < ratio / 2.0 { (ratio / 2.0 + BEAM_WIDTH).ceil() } else { BEAM_WIDTH };
        let beam = beam as i64;
        let Band { lo, hi, start, .. } = self;
        lo.clear();
        hi.clear();
        start.clear();
        crate::memory::reserve(lo, hyp_len + 1, "TER's band");
        crate::memory::reserve(hi, hyp_len + 1, "TER's band");
        crate::memory::reserve(start, hyp_len + 2, "TER's band");
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
        (self.hyp_len, self.ref_len) = (hyp_len, ref_len);
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
/// over its band `lo..hi`; `word` is hypothesis word `i - 1`. Infinite neighbours never win.
///
/// This loop is where TER spends its time (every round fills the band, every candidate shift
/// re-runs the rows it changes), so the cells whose two upper neighbours both lie in `prev`'s
/// band, nearly all of them, run in a loop over zipped slices (no bounds checks, no branch per
/// cell); the few at the band's edges take [`edge_cell`]. Bands only move right (`prev_lo <= lo`),
/// which is what makes the split valid. The operations of the trace are not stored: [`op_at`]
/// recovers the one a cell took from the values around it.
#[inline]
fn fill_row(
    reference: &[u32],
    word: u32,
    prev: &[u32],
    prev_lo: usize,
    lo: usize,
    hi: usize,
    cur: &mut [u32],
) {
    debug_assert!(prev_lo <= lo && lo <= hi && hi <= reference.len() + 1);
    let prev_hi = prev_lo + prev.len();
    // The cells `a..b` have both `j - 1` and `j` inside `prev`'s columns.
    let a = lo.max(prev_lo + 1).min(hi);
    let b = hi.min(prev_hi).max(a);
    let mut left = INF;
    for j in lo..a {
        left = edge_cell(reference, word, prev, prev_lo, j, left);
        cur[j - lo] = left;
    }
    if a < b {
        let diag = &prev[a - 1 - prev_lo..b - 1 - prev_lo];
        let up = &prev[a - prev_lo..b - prev_lo];
        let words = &reference[a - 1..b - 1];
        for (((o, &d), &u), &w) in cur[a - lo..b - lo].iter_mut().zip(diag).zip(up).zip(words) {
            let d = d.saturating_add(u32::from(w != word));
            let v = d.min(u.saturating_add(1)).min(left.saturating_add(1));
            *o = v;
            left = v;
        }
    }
    for j in b..hi {
        left = edge_cell(reference, word, prev, prev_lo, j, left);
        cur[j - lo] = left;
    }
}

/// One cell of [`fill_row`] with any of its neighbours possibly outside the bands.
#[inline]
fn edge_cell(reference: &[u32], word: u32, prev: &[u32], prev_lo: usize, j: usize, left: u32) -> u32 {
    let at_prev = |j: usize| -> u32 {
        if j >= prev_lo {
            prev.get(j - prev_lo).copied().unwrap_or(INF)
        } else {
            INF
        }
    };
    if j == 0 {
        return at_prev(0).saturating_add(1);
    }
    let same = reference.get(j - 1) == Some(&word);
    let diag = at_prev(j - 1).saturating_add(u32::from(!same));
    diag.min(at_prev(j).saturating_add(1)).min(left.saturating_add(1))
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

/// The full band of one hypothesis against the reference.
#[derive(Debug, Default, Clone)]
pub struct Matrix {
    cells: Vec<u32>,
    trace: Vec<u8>,
}

impl Matrix {
    /// Fill the band for `hyp` (of length `band.hyp_len`); returns the edit distance.
    pub fn fill(&mut self, band: &Band, reference: &[u32], hyp: &[u32]) -> u32 {
        let n = band.cells();
        // Filling the band of two long texts takes a while: a cancelled call stops here.
        crate::control::poll();
        // Every cell is written below before it is read.
        self.cells.clear();
        crate::memory::resize(&mut self.cells, n, INF, "TER's edit distance table");
        for j in 0..=band.ref_len {
            self.cells[j] = j as u32;
        }
        for i in 1..=band.hyp_len {
            let (plo, _) = band.row(i - 1);
            let (lo, hi) = band.row(i);
            let (before, after) = self.cells.split_at_mut(band.start[i]);
            let prev = &before[band.start[i - 1]..];
            fill_row(
                reference,
                hyp.get(i - 1).copied().unwrap_or(INF),
                prev,
                plo,
                lo,
                hi,
                &mut after[..hi - lo],
            );
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

    /// Cell `(i, j)`, infinite outside the band.
    fn at(&self, band: &Band, i: usize, j: usize) -> u32 {
        let (lo, hi) = band.row(i);
        if (lo..hi).contains(&j) {
            self.cells[band.start[i] + j - lo]
        } else {
            INF
        }
    }

    /// The operation cell `(i, j)` took: the first of the diagonal, the row above (`'d'`) and the
    /// left cell (`'i'`) that gives its value, as sacrebleu orders ties; row 0 is all `'i'`,
    /// column 0 all `'d'`; a cell no path reaches has none.
    fn op_at(&self, band: &Band, reference: &[u32], hyp: &[u32], i: usize, j: usize) -> u8 {
        let v = self.at(band, i, j);
        if i == 0 {
            return if (0..=band.ref_len).contains(&j) { OP_INS } else { OP_UNDEF };
        }
        if v == INF {
            return OP_UNDEF;
        }
        if j == 0 {
            return OP_DEL;
        }
        let same = reference.get(j - 1).is_some_and(|&w| Some(w) == hyp.get(i - 1).copied());
        if self.at(band, i - 1, j - 1).saturating_add(u32::from(!same)) == v {
            if same {
                OP_NOP
            } else {
                OP_SUB
            }
        } else if self.at(band, i - 1, j).saturating_add(1) == v {
            OP_DEL
        } else {
            OP_INS
        }
    }

    /// Walk the trace back from the bottom-right cell of the band filled for `hyp` and turn it
    /// into sacrebleu's alignment.
    pub fn alignment(&mut self, band: &Band, reference: &[u32], hyp: &[u32], out: &mut Alignment) {
        let mut trace = std::mem::take(&mut self.trace);
        trace.clear();
        crate::memory::reserve(&mut trace, band.hyp_len + band.ref_len, "TER's trace");
        let (mut i, mut j) = (band.hyp_len, band.ref_len);
        while i > 0 || j > 0 {
            let op = self.op_at(band, reference, hyp, i, j);
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
        self.trace = trace;
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
        // Only the first `prev_len` / `hi - lo` items are ever read: no need to clear them.
        for v in [&mut self.a, &mut self.b] {
            if v.len() < w {
                crate::memory::resize(v, w, INF, "TER's edit distance rows");
            }
        }
        let (row, lo0) = base.row(band, from);
        self.a[..row.len()].copy_from_slice(row);
        let mut prev_lo = lo0;
        let mut prev_len = row.len();
        for i in from + 1..=band.hyp_len {
            let (lo, hi) = band.row(i);
            let word = hyp.get(i - 1).copied().unwrap_or(INF);
            fill_row(reference, word, &self.a[..prev_len], prev_lo, lo, hi, &mut self.b[..hi - lo]);
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
                for same_from in from..=h.len() + 1 {
                    let d = rows.distance_from(&band, &r, &m, h, from, same_from);
                    assert_eq!(d, plain_levenshtein(h, &r));
                }
            }
        }
    }

    #[test]
    fn changed_rows_equal_a_full_fill() {
        // Long enough for the band to cut rows short, and lopsided enough to widen it.
        let mut rng = crate::test_rng::Rng(99);
        let (mut base, mut cand) = (Matrix::default(), Matrix::default());
        let mut rows = Rows::default();
        for round in 0..300 {
            let sigma = 2 + rng.below(8);
            let (h, r) = if round % 10 == 0 {
                (rng.seq(3, sigma), rng.seq(200, sigma))
            } else {
                (rng.seq(130, sigma), rng.seq(130, sigma))
            };
            let band = Band::new(h.len(), r.len());
            base.fill(&band, &r, &h);
            for _ in 0..10 {
                let from = rng.below(h.len() + 1);
                let same_from = from + rng.below(h.len() - from + 2);
                let mut c = h.clone();
                for w in c.iter_mut().take(same_from).skip(from) {
                    *w = rng.below(sigma) as u32;
                }
                let want = cand.fill(&band, &r, &c);
                assert_eq!(
                    rows.distance_from(&band, &r, &base, &c, from, same_from),
                    want,
                    "{h:?} {r:?} {c:?}"
                );
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
        m.alignment(&band, &r, &h, &mut al);
        assert_eq!(al.align, [0, 2, 3]);
        assert_eq!(al.hyp_err, [false, true, false, true]);
        assert_eq!(al.ref_err, [false, false, true]);
    }
}
