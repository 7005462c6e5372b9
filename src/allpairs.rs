//! All-pairs utilities over any metric: the full N x M matrix, the expected utility of each row
//! (the MBR decision rule) and each row's top k, computed row by row so that the last two never
//! hold the matrix: memory O(N·k) for the result plus one row of M scores per thread.
//!
//! A metric plugs in through [`PairScorer`]: it prepares both sides once (tokens, n-gram
//! profiles) and scores one row against every column. Rows are independent, so every result is
//! identical for any number of workers.
use std::cell::RefCell;

use crate::batch::fill_rows;
use crate::error::{Error, Result};
use crate::memory::try_matrix;

/// A metric prepared for all pairs of `rows()` hypotheses and `cols()` references.
pub trait PairScorer: Sync {
    fn cols(&self) -> usize;
    /// The scores of hypothesis `i` against every reference, into `out` (`cols()` long).
    fn score_row(&self, i: usize, out: &mut [f64]);
    /// Whether the score is a loss (an error rate such as TER): [`top_k`] then ranks the lowest
    /// first, and [`expected_utility`] is an expected loss.
    fn lower_is_better(&self) -> bool {
        false
    }
}

/// Row-major `rows x cols` matrix of scores. The matrix is allocated before `build` prepares the
/// metric, so an impossible size is refused before any work.
pub fn matrix<S: PairScorer>(
    rows: usize,
    cols: usize,
    build: impl FnOnce() -> S,
    workers: Option<usize>,
    what: &str,
) -> Result<Vec<f64>> {
    let mut out = try_matrix(rows, cols, what)?;
    let scorer = build();
    fill_rows(&mut out, cols, workers, |i, row| scorer.score_row(i, row));
    Ok(out)
}

thread_local! {
    /// One row of scores per thread for the reductions below.
    static ROW: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

fn with_row<R>(cols: usize, f: impl FnOnce(&mut [f64]) -> R) -> R {
    ROW.with(|cell| {
        let mut row = cell.borrow_mut();
        row.clear();
        row.resize(cols, 0.0);
        f(&mut row)
    })
}

/// The correctly rounded sum of `values` (Shewchuk's algorithm, as Python's `math.fsum`), so the
/// expected utility does not depend on the order of the pseudo-references' partial sums.
pub fn exact_sum(values: impl IntoIterator<Item = f64>) -> f64 {
    let mut partials: Vec<f64> = Vec::new();
    let mut special = 0.0;
    for mut x in values {
        if !x.is_finite() {
            special += x;
            continue;
        }
        let mut kept = 0;
        for k in 0..partials.len() {
            let mut y = partials[k];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[kept] = lo;
                kept += 1;
            }
            x = hi;
        }
        partials.truncate(kept);
        partials.push(x);
    }
    if special != 0.0 || special.is_nan() {
        return special;
    }
    // Add the partials from the top, correcting the final rounding as math.fsum does.
    let Some(mut hi) = partials.pop() else { return 0.0 };
    let mut lo = 0.0;
    while let Some(y) = partials.pop() {
        let x = hi;
        hi = x + y;
        let yr = hi - x;
        lo = y - yr;
        if lo != 0.0 {
            break;
        }
    }
    if let Some(&next) = partials.last() {
        if (lo < 0.0 && next < 0.0) || (lo > 0.0 && next > 0.0) {
            let y = lo * 2.0;
            let x = hi + y;
            if y == x - hi {
                hi = x;
            }
        }
    }
    hi
}

/// Checked weights for [`expected_utility`]: one per reference, finite, non-negative, not all 0.
pub fn check_weights(weights: &[f64], cols: usize) -> Result<()> {
    if weights.len() != cols {
        return Err(Error::value(
            "weights",
            format!("{} weights for {cols} pseudo-references", weights.len()),
        ));
    }
    if let Some(w) = weights.iter().find(|w| !(w.is_finite() && **w >= 0.0)) {
        return Err(Error::value("weights", format!("must be finite and non-negative, got {w}")));
    }
    if cols > 0 && exact_sum(weights.iter().copied()) <= 0.0 {
        return Err(Error::value("weights", "must not all be zero"));
    }
    Ok(())
}

/// The expected utility of each hypothesis: `fsum(u_ij) / M`, or with weights
/// `fsum(w_j * u_ij) / fsum(w_j)`. No references is an error: the mean over none is undefined.
pub fn expected_utility<S: PairScorer + ?Sized>(
    scorer: &S,
    rows: usize,
    weights: Option<&[f64]>,
    workers: Option<usize>,
) -> Result<Vec<f64>> {
    let cols = scorer.cols();
    if cols == 0 {
        return Err(Error::value(
            "pseudo_references",
            "no pseudo-reference given; the expected utility over none is undefined",
        ));
    }
    if let Some(w) = weights {
        check_weights(w, cols)?;
    }
    let total_weight = weights.map_or(cols as f64, |w| exact_sum(w.iter().copied()));
    let mut out = try_matrix(rows, 1, "the expected utilities")?;
    fill_rows(&mut out, 1, workers, |i, slot| {
        slot[0] = with_row(cols, |row| {
            scorer.score_row(i, row);
            let sum = match weights {
                None => exact_sum(row.iter().copied()),
                Some(w) => exact_sum(row.iter().zip(w).map(|(u, w)| u * w)),
            };
            sum / total_weight
        });
    });
    Ok(out)
}

/// The `k` best references of each hypothesis, best first (the highest scores, or the lowest
/// for a [`PairScorer::lower_is_better`] loss), ties to the lower index: `(indices, scores)`,
/// each row-major `rows x min(k, cols)`.
pub fn top_k<S: PairScorer + ?Sized>(
    scorer: &S,
    rows: usize,
    k: usize,
    workers: Option<usize>,
) -> Result<(Vec<i64>, Vec<f64>)> {
    let cols = scorer.cols();
    let k = k.min(cols);
    let ascending = scorer.lower_is_better();
    let mut best = try_matrix::<(i64, f64)>(rows, k, "the top-k results")?;
    fill_rows(&mut best, k, workers, |i, slot| {
        with_row(cols, |row| {
            scorer.score_row(i, row);
            let better = |a: usize, b: usize| {
                let by_score = if ascending { row[a].total_cmp(&row[b]) } else { row[b].total_cmp(&row[a]) };
                by_score.then(a.cmp(&b))
            };
            let mut order: Vec<usize> = (0..cols).collect();
            if k < cols {
                order.select_nth_unstable_by(k - 1, |&a, &b| better(a, b));
                order.truncate(k);
            }
            order.sort_unstable_by(|&a, &b| better(a, b));
            for (s, &j) in slot.iter_mut().zip(&order) {
                *s = (j as i64, row[j]);
            }
        })
    });
    Ok(best.into_iter().unzip())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Score of (i, j): a fixed pseudo-random value with ties.
    struct Toy {
        cols: usize,
    }

    impl PairScorer for Toy {
        fn cols(&self) -> usize {
            self.cols
        }
        fn score_row(&self, i: usize, out: &mut [f64]) {
            for (j, x) in out.iter_mut().enumerate() {
                *x = ((i * 7 + j * 13) % 5) as f64 / 4.0;
            }
        }
    }

    #[test]
    fn reductions_equal_the_matrix() {
        let (rows, cols) = (9, 11);
        let m = matrix(rows, cols, || Toy { cols }, Some(2), "m").unwrap();
        let t = Toy { cols };
        let eu = expected_utility(&t, rows, None, Some(3)).unwrap();
        let (idx, sc) = top_k(&t, rows, 4, None).unwrap();
        for i in 0..rows {
            let row = &m[i * cols..(i + 1) * cols];
            assert_eq!(eu[i], exact_sum(row.iter().copied()) / cols as f64);
            let mut order: Vec<usize> = (0..cols).collect();
            order.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
            assert_eq!(
                &idx[i * 4..(i + 1) * 4],
                &order[..4].iter().map(|&j| j as i64).collect::<Vec<_>>()[..]
            );
            assert_eq!(sc[i * 4], row[order[0]]);
        }
        assert_eq!(expected_utility(&t, rows, None, Some(1)).unwrap(), eu);
        assert_eq!(top_k(&t, rows, 100, Some(1)).unwrap().0.len(), rows * cols);
    }

    /// The toy's scores as a loss.
    struct ToyLoss(Toy);

    impl PairScorer for ToyLoss {
        fn cols(&self) -> usize {
            self.0.cols
        }
        fn score_row(&self, i: usize, out: &mut [f64]) {
            self.0.score_row(i, out)
        }
        fn lower_is_better(&self) -> bool {
            true
        }
    }

    #[test]
    fn a_loss_ranks_the_lowest_first() {
        let (rows, cols) = (6, 9);
        let t = ToyLoss(Toy { cols });
        let (idx, sc) = top_k(&t, rows, 3, Some(2)).unwrap();
        assert_eq!(top_k(&t, rows, 3, Some(1)).unwrap(), (idx.clone(), sc.clone()));
        for i in 0..rows {
            let mut row = vec![0.0; cols];
            t.score_row(i, &mut row);
            let mut order: Vec<usize> = (0..cols).collect();
            order.sort_by(|&a, &b| row[a].total_cmp(&row[b]).then(a.cmp(&b)));
            let want: Vec<i64> = order[..3].iter().map(|&j| j as i64).collect();
            assert_eq!(&idx[i * 3..(i + 1) * 3], &want[..]);
            assert_eq!(&sc[i * 3..(i + 1) * 3], &order[..3].iter().map(|&j| row[j]).collect::<Vec<_>>()[..]);
        }
        // The expected loss is the plain mean.
        let eu = expected_utility(&t, rows, None, Some(2)).unwrap();
        let mut row = vec![0.0; cols];
        t.score_row(0, &mut row);
        assert_eq!(eu[0], exact_sum(row) / cols as f64);
    }

    #[test]
    fn exact_sum_is_correctly_rounded() {
        assert_eq!(exact_sum([0.1; 10]), 1.0);
        assert_eq!(exact_sum([1e100, 1.0, -1e100, 1e-100]), 1.0);
        assert_eq!(exact_sum([]), 0.0);
        assert_eq!(exact_sum([0.1, 0.2, 0.3]), 0.6);
    }

    #[test]
    fn weights_are_checked() {
        assert!(check_weights(&[1.0], 2).is_err());
        assert!(check_weights(&[0.0, 0.0], 2).is_err());
        assert!(check_weights(&[-1.0, 2.0], 2).is_err());
        assert!(check_weights(&[f64::NAN, 2.0], 2).is_err());
        assert!(check_weights(&[0.0, 2.0], 2).is_ok());
    }
}
