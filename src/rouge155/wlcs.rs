//! The weighted-LCS traceback of ROUGE-1.5.5 (`wlcs_inner` + `markLCS`), which marks the model
//! positions that ROUGE-W counts, in memory proportional to the sentences.
//!
//! The DP keeps, per cell, a score and the length of the run of matches ending there; a match
//! adds `(c + f(k+1)) - f(k)` (in Perl's evaluation order), otherwise "up" wins ties
//! (`c[i-1][j] >= c[i][j-1]`). The traceback only needs each cell's direction (one byte), but a
//! whole table of them takes model x peer bytes: beyond [`dir_budget`], only evenly spaced
//! checkpoint rows of scores and runs are kept, and the directions of the rows between two of them
//! are recomputed when the traceback reaches them (a few levels deep for the longest texts). The
//! path, and so the marks, are those of the full table.
use crate::control::Poller;
use crate::memory;

/// Scratch space of the weighted-LCS DP, reused between calls.
#[derive(Default)]
pub struct WlcsScratch {
    /// Two rows of the score table and of the run lengths.
    c_prev: Vec<f64>,
    c_cur: Vec<f64>,
    run_prev: Vec<u32>,
    run_cur: Vec<u32>,
    /// The directions of the rows of the block being traced back.
    dir: Vec<u8>,
}

const DIAG: u8 = 0;
const UP: u8 = 1;
const LEFT: u8 = 2;

/// The most bytes of directions kept at a time for a model sentence of `m` tokens and a peer
/// sentence of `n`: 8 MiB, or 4 bytes per token for longer texts.
fn dir_budget(m: usize, n: usize) -> usize {
    (8usize << 20).max(4 * (m + n))
}

/// Marks the positions of `model` on the weighted-LCS traceback against `peer`, with
/// `f[k] = k^w` for `k <= min(len) + 1`.
pub fn wlcs_mark(model: &[u32], peer: &[u32], f: &[f64], mask: &mut [bool], sc: &mut WlcsScratch) {
    wlcs_mark_within(model, peer, f, mask, sc, dir_budget(model.len(), peer.len()));
}

fn wlcs_mark_within(
    model: &[u32],
    peer: &[u32],
    f: &[f64],
    mask: &mut [bool],
    sc: &mut WlcsScratch,
    budget: usize,
) {
    let (m, n) = (model.len(), peer.len());
    if m == 0 || n == 0 {
        return;
    }
    let first = memory::filled(n + 1, 0.0f64, "the ROUGE-W rows");
    let first_run = memory::filled(n + 1, 0u32, "the ROUGE-W rows");
    let mut walk = Walk { model, peer, f, mask, sc, budget, poller: Poller::default() };
    walk.rows((&first, &first_run), 0, m, n);
}

struct Walk<'a> {
    model: &'a [u32],
    peer: &'a [u32],
    f: &'a [f64],
    mask: &'a mut [bool],
    sc: &'a mut WlcsScratch,
    budget: usize,
    poller: Poller,
}

impl Walk<'_> {
    /// Row `i` of the DP (scores `c`, runs `run`) from row `i - 1`, and its directions.
    #[inline]
    fn advance(&mut self, prev: (&[f64], &[u32]), cur: (&mut [f64], &mut [u32]), i: usize, dir: &mut [u8]) {
        let ((c_prev, run_prev), (c_cur, run_cur)) = (prev, cur);
        let (x, f) = (self.model[i - 1], self.f);
        c_cur[0] = 0.0;
        run_cur[0] = 0;
        for j in 1..=self.peer.len() {
            if x == self.peer[j - 1] {
                let k = run_prev[j - 1] as usize;
                c_cur[j] = (c_prev[j - 1] + f[k + 1]) - f[k];
                dir[j] = DIAG;
                run_cur[j] = k as u32 + 1;
            } else if c_prev[j] >= c_cur[j - 1] {
                c_cur[j] = c_prev[j];
                dir[j] = UP;
                run_cur[j] = 0;
            } else {
                c_cur[j] = c_cur[j - 1];
                dir[j] = LEFT;
                run_cur[j] = 0;
            }
        }
        self.poller.tick(self.peer.len());
    }

    /// Traces back from row `b`, column `j` until row `a` (or column 0), given row `a`'s scores
    /// and runs as `first`; returns the column where the traceback reached row `a`.
    fn rows(&mut self, first: (&[f64], &[u32]), a: usize, b: usize, j: usize) -> usize {
        let w = self.peer.len() + 1;
        let span = b - a;
        if span.saturating_mul(w) <= self.budget || span <= 2 {
            return self.block(first, a, b, j);
        }
        // Checkpoints: the rows a, a + seg, ... below b; then the blocks between them, last first.
        let count = (self.budget / (12 * w)).clamp(2, span);
        let seg = span.div_ceil(count);
        let starts: Vec<usize> = (a..b).step_by(seg).collect();
        let mut c_rows = memory::filled(starts.len() * w, 0.0f64, "the ROUGE-W checkpoints");
        let mut run_rows = memory::filled(starts.len() * w, 0u32, "the ROUGE-W checkpoints");
        c_rows[..w].copy_from_slice(first.0);
        run_rows[..w].copy_from_slice(first.1);
        let (mut c, mut run) = (first.0.to_vec(), first.1.to_vec());
        let (mut c_next, mut run_next) = (vec![0.0; w], vec![0u32; w]);
        let mut dir = vec![0u8; w];
        for r in a + 1..b {
            self.advance((&c, &run), (&mut c_next, &mut run_next), r, &mut dir);
            std::mem::swap(&mut c, &mut c_next);
            std::mem::swap(&mut run, &mut run_next);
            if (r - a) % seg == 0 {
                let k = (r - a) / seg;
                c_rows[k * w..(k + 1) * w].copy_from_slice(&c);
                run_rows[k * w..(k + 1) * w].copy_from_slice(&run);
            }
        }
        let mut j = j;
        let mut top = b;
        for (k, &start) in starts.iter().enumerate().rev() {
            let row = (&c_rows[k * w..(k + 1) * w], &run_rows[k * w..(k + 1) * w]);
            j = self.rows(row, start, top, j);
            if j == 0 {
                break;
            }
            top = start;
        }
        j
    }

    /// The directions of rows `a + 1..=b` from row `a`, then the traceback over them.
    fn block(&mut self, first: (&[f64], &[u32]), a: usize, b: usize, j: usize) -> usize {
        let w = self.peer.len() + 1;
        let mut sc = std::mem::take(self.sc);
        for row in [&mut sc.c_prev, &mut sc.c_cur] {
            memory::resize(row, w, 0.0, "the ROUGE-W rows");
        }
        for row in [&mut sc.run_prev, &mut sc.run_cur] {
            memory::resize(row, w, 0, "the ROUGE-W rows");
        }
        sc.c_prev.copy_from_slice(first.0);
        sc.run_prev.copy_from_slice(first.1);
        sc.dir.clear();
        memory::resize(&mut sc.dir, (b - a + 1) * w, DIAG, "the ROUGE-W directions");
        for i in a + 1..=b {
            let dir = &mut sc.dir[(i - a) * w..(i - a + 1) * w];
            self.advance((&sc.c_prev, &sc.run_prev), (&mut sc.c_cur, &mut sc.run_cur), i, dir);
            std::mem::swap(&mut sc.c_prev, &mut sc.c_cur);
            std::mem::swap(&mut sc.run_prev, &mut sc.run_cur);
        }
        let (mut i, mut j) = (b, j);
        while i > a && j != 0 {
            match sc.dir[(i - a) * w + j] {
                DIAG => {
                    i -= 1;
                    j -= 1;
                    self.mask[i] = true;
                }
                UP => i -= 1,
                _ => j -= 1,
            }
        }
        *self.sc = sc;
        j
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    #[test]
    fn checkpointed_rows_mark_what_the_full_table_marks() {
        let mut rng = Rng(0xA076_1D64_78BD_642F);
        let f: Vec<f64> = (0..=200).map(|k| (k as f64).powf(1.2)).collect();
        let mut sc = WlcsScratch::default();
        for trial in 0..300 {
            let vocab = [2, 6, 50][trial % 3];
            let model = rng.seq(150, vocab);
            let peer = rng.seq(150, vocab);
            let mut want = vec![false; model.len()];
            wlcs_mark(&model, &peer, &f, &mut want, &mut sc);
            let w = peer.len() + 1;
            for budget in [1, 3 * w, 12 * 5 * w + 7, 40 * w] {
                let mut got = vec![false; model.len()];
                wlcs_mark_within(&model, &peer, &f, &mut got, &mut sc, budget);
                assert_eq!(got, want, "budget {budget}, model={model:?} peer={peer:?}");
            }
        }
    }
}
