//! TER of one hypothesis against one reference: greedy block shifts, then the beam edit distance
//! (Snover et al. 2006, tercom's search as sacrebleu's `lib_ter.translation_edit_rate` does it).
//!
//! Each round scores every candidate shift of the current hypothesis and applies the best one if
//! it lowers the edit distance. A candidate moves a block of at most 10 words that matches the
//! reference somewhere within 50 positions, only if the block is misaligned, its reference span
//! has an error and its alignment does not fall inside the block; it is inserted *before* the
//! hypothesis position aligned to each reference word of the span (or the one before it). The best
//! candidate maximises (gain, block length, -start, -target). A pair may evaluate 1,000
//! candidates in all (checked after each matching block); when the budget runs out, the search
//! stops and the best shift of that round is *not* applied.
use std::cell::RefCell;

use super::beam::{Alignment, Band, Matrix, Rows};
use crate::control::Poller;

const MAX_SHIFT_SIZE: usize = 10;
const MAX_SHIFT_DIST: usize = 50;
const MAX_SHIFT_CANDIDATES: usize = 1000;

/// `(edits, reference length)` of `hyp` against `reference` (word ids; equal ids = equal words).
pub fn ter_pair(hyp: &[u32], reference: &[u32]) -> (u64, usize) {
    if reference.is_empty() {
        return (hyp.len() as u64, 0);
    }
    SEARCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => s.pair(hyp, reference),
        // Only reachable if called re-entrantly; fresh buffers give the same result.
        Err(_) => Search::default().pair(hyp, reference),
    })
}

thread_local! {
    /// Each thread's buffers, reused from pair to pair: a sentence-level call scores thousands
    /// of short pairs, and allocating a dozen buffers per pair cost a tenth of its time.
    static SEARCH: RefCell<Search> = RefCell::new(Search::default());
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shift {
    gain: i64,
    len: usize,
    start: usize,
    target: usize,
}

impl Shift {
    /// sacrebleu's ranking: higher gain, then longer block, then earlier start, then earlier target.
    fn beats(&self, other: &Shift) -> bool {
        (self.gain, self.len, std::cmp::Reverse(self.start), std::cmp::Reverse(self.target))
            > (other.gain, other.len, std::cmp::Reverse(other.start), std::cmp::Reverse(other.target))
    }
}

/// The state of one pair's search, in buffers kept for the next pair.
#[derive(Default)]
struct Search {
    reference: Vec<u32>,
    /// `(word, position)` of every reference word, sorted: the positions where a word occurs, in
    /// increasing order, are one run.
    ref_positions: Vec<(u32, u32)>,
    band: Band,
    matrix: Matrix,
    rows: Rows,
    alignment: Alignment,
    words: Vec<u32>,
    shifted: Vec<u32>,
    scratch: Vec<u32>,
    checked: usize,
    poller: Poller,
    band_width: usize,
}

impl Search {
    /// [`ter_pair`] of a non-empty reference.
    fn pair(&mut self, hyp: &[u32], reference: &[u32]) -> (u64, usize) {
        self.reference.clear();
        self.reference.extend_from_slice(reference);
        self.ref_positions.clear();
        self.ref_positions.extend(reference.iter().enumerate().map(|(j, &w)| (w, j as u32)));
        self.ref_positions.sort_unstable();
        self.band.reset(hyp.len(), reference.len());
        self.band_width = self.band.max_width();
        self.checked = 0;
        let mut words = std::mem::take(&mut self.words);
        words.clear();
        words.extend_from_slice(hyp);
        let mut shifts = 0u64;
        let distance = loop {
            let (distance, best) = self.round(&words);
            if self.checked >= MAX_SHIFT_CANDIDATES {
                break distance;
            }
            match best {
                Some(shift) if shift.gain > 0 => {
                    perform_shift(&words, shift.start, shift.len, shift.target, &mut self.shifted);
                    std::mem::swap(&mut words, &mut self.shifted);
                    shifts += 1;
                }
                _ => break distance,
            }
        };
        self.words = words;
        (shifts + u64::from(distance), reference.len())
    }

    /// One round of `_shift`: the edit distance of `words` and the best candidate shift.
    fn round(&mut self, words: &[u32]) -> (u32, Option<Shift>) {
        let pre = self.matrix.fill(&self.band, &self.reference, words);
        self.matrix.alignment(&self.band, &self.reference, words, &mut self.alignment);
        let (nh, nr) = (words.len(), self.reference.len());
        let mut best: Option<Shift> = None;
        let positions = std::mem::take(&mut self.ref_positions);
        'pairs: for start_h in 0..nh {
            let first_r = start_h.saturating_sub(MAX_SHIFT_DIST);
            let last_r = (start_h + MAX_SHIFT_DIST).min(nr.saturating_sub(1));
            // Only the reference positions holding this word can start a matching block, visited
            // in increasing order as a scan of every position would.
            let w = words[start_h];
            let run = &positions[positions.partition_point(|&(x, _)| x < w)..];
            let run = &run[..run.partition_point(|&(x, _)| x == w)];
            let run = &run[run.partition_point(|&(_, j)| (j as usize) < first_r)..];
            for &(_, start_r) in run {
                let start_r = start_r as usize;
                if start_r > last_r.max(first_r) {
                    break;
                }
                let mut len = 0;
                while len < MAX_SHIFT_SIZE
                    && start_h + len < nh
                    && start_r + len < nr
                    && words[start_h + len] == self.reference[start_r + len]
                {
                    len += 1;
                    if self.candidates(words, pre, start_h, start_r, len, &mut best)
                        && self.checked >= MAX_SHIFT_CANDIDATES
                    {
                        break 'pairs;
                    }
                }
            }
        }
        self.ref_positions = positions;
        (pre, best)
    }

    /// Score the targets of one matching block; false when the block is filtered out.
    fn candidates(
        &mut self,
        words: &[u32],
        pre: u32,
        start_h: usize,
        start_r: usize,
        len: usize,
        best: &mut Option<Shift>,
    ) -> bool {
        let al = &self.alignment;
        if !al.hyp_err[start_h..start_h + len].iter().any(|&e| e) {
            return false;
        }
        if !al.ref_err[start_r..start_r + len].iter().any(|&e| e) {
            return false;
        }
        let a = al.align[start_r];
        if start_h as i64 <= a && a < (start_h + len) as i64 {
            return false;
        }
        let mut prev_target = usize::MAX;
        for offset in 0..=len {
            // offset 0 stands for sacrebleu's -1: the reference word before the span.
            let target = if start_r + offset == 0 {
                0
            } else {
                (self.alignment.align[start_r + offset - 1] + 1) as usize
            };
            if target == prev_target {
                continue;
            }
            prev_target = target;
            perform_shift(words, start_h, len, target, &mut self.scratch);
            let from = start_h.min(target);
            // Words from here on are where they were before the shift.
            let same_from = if target < start_h {
                start_h + len
            } else if target > start_h + len {
                target
            } else {
                (len + target).min(words.len())
            };
            // One candidate of two long texts takes a while: a cancelled call stops between two.
            self.poller.tick((words.len() - from) * self.band_width);
            let cost = self.rows.distance_from(
                &self.band,
                &self.reference,
                &self.matrix,
                &self.scratch,
                from,
                same_from,
            );
            let cand = Shift { gain: i64::from(pre) - i64::from(cost), len, start: start_h, target };
            self.checked += 1;
            if best.as_ref().map_or(true, |b| cand.beats(b)) {
                *best = Some(cand);
            }
        }
        true
    }
}

/// `_perform_shift`: move `words[start..start + len]` so that it lands before position `target`
/// of the original sequence, with Python's clamped slicing in the overlapping case.
fn perform_shift(words: &[u32], start: usize, len: usize, target: usize, out: &mut Vec<u32>) {
    let n = words.len();
    let s = |a: usize, b: usize| -> &[u32] {
        let a = a.min(n);
        let b = b.min(n);
        if a < b {
            &words[a..b]
        } else {
            &[]
        }
    };
    out.clear();
    if target < start {
        out.extend_from_slice(s(0, target));
        out.extend_from_slice(s(start, start + len));
        out.extend_from_slice(s(target, start));
        out.extend_from_slice(s(start + len, n));
    } else if target > start + len {
        out.extend_from_slice(s(0, start));
        out.extend_from_slice(s(start + len, target));
        out.extend_from_slice(s(start, start + len));
        out.extend_from_slice(s(target, n));
    } else {
        out.extend_from_slice(s(0, start));
        out.extend_from_slice(s(start + len, len + target));
        out.extend_from_slice(s(start, start + len));
        out.extend_from_slice(s(len + target, n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts() {
        let w = [0, 1, 2, 3, 4, 5];
        let mut out = Vec::new();
        perform_shift(&w, 3, 2, 1, &mut out);
        assert_eq!(out, [0, 3, 4, 1, 2, 5]);
        perform_shift(&w, 0, 2, 5, &mut out);
        assert_eq!(out, [2, 3, 4, 0, 1, 5]);
        perform_shift(&w, 1, 2, 2, &mut out);
        assert_eq!(out, [0, 3, 1, 2, 4, 5]);
        perform_shift(&w, 3, 3, 5, &mut out);
        assert_eq!(out, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn basic_pairs() {
        assert_eq!(ter_pair(&[], &[]), (0, 0));
        assert_eq!(ter_pair(&[1, 2], &[]), (2, 0));
        assert_eq!(ter_pair(&[], &[1, 2, 3]), (3, 3));
        assert_eq!(ter_pair(&[1, 2, 3], &[1, 2, 3]), (0, 3));
        // One block shift fixes the order.
        assert_eq!(ter_pair(&[4, 5, 1, 2, 3], &[1, 2, 3, 4, 5]), (1, 5));
    }
}
