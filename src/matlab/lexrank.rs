//! LexRank document importance (Erkan & Radev 2004, continuous LexRank), as MATLAB's
//! `lexrankScores` and `extractSummary` describe it: cosine similarity of bag-of-words count
//! vectors, then PageRank over the similarity graph.
//!
//! The graph's edge weights are the similarities (self-similarity included), each row
//! normalised to sum to one (a document similar to nothing links to every document). PageRank
//! with damping 0.85 iterates `p ← (1 - d)/N + d·Mᵀp` from the uniform vector until the L1
//! change is below 1e-14 (at most 10,000 rounds). Scores sum to one.
use crate::batch::fill_rows;
use crate::error::Result;
use crate::memory::try_matrix;

/// PageRank damping factor.
pub const DAMPING: f64 = 0.85;

/// Sparse count vector: sorted `(token, count)` pairs.
fn bag(tokens: &[u32]) -> Vec<(u32, f64)> {
    let mut t = tokens.to_vec();
    t.sort_unstable();
    let mut out: Vec<(u32, f64)> = Vec::new();
    for id in t {
        match out.last_mut() {
            Some((last, c)) if *last == id => *c += 1.0,
            _ => out.push((id, 1.0)),
        }
    }
    out
}

fn dot(a: &[(u32, f64)], b: &[(u32, f64)]) -> f64 {
    let (mut i, mut j, mut s) = (0, 0, 0.0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                s += a[i].1 * b[j].1;
                i += 1;
                j += 1;
            }
        }
    }
    s
}

/// LexRank scores of `documents` (token ids from one interner); rows computed in parallel.
pub fn scores(documents: &[Vec<u32>], workers: Option<usize>) -> Result<Vec<f64>> {
    let n = documents.len();
    if n == 0 {
        return Ok(Vec::new());
    }
    // The N x N transition matrix, refused up front if it cannot be allocated.
    let mut matrix = try_matrix(n, n, "the LexRank similarity matrix")?;
    let bags: Vec<Vec<(u32, f64)>> = documents.iter().map(|d| bag(d)).collect();
    let norms: Vec<f64> = bags.iter().map(|b| dot(b, b).sqrt()).collect();
    fill_rows(&mut matrix, n, workers, |i, row| {
        for (j, x) in row.iter_mut().enumerate() {
            *x = if norms[i] > 0.0 && norms[j] > 0.0 {
                dot(&bags[i], &bags[j]) / (norms[i] * norms[j])
            } else {
                0.0
            };
        }
        let sum: f64 = row.iter().sum();
        if sum > 0.0 {
            row.iter_mut().for_each(|x| *x /= sum);
        } else {
            row.iter_mut().for_each(|x| *x = 1.0 / n as f64);
        }
    });
    let rows = matrix.chunks(n);
    let mut p = vec![1.0 / n as f64; n];
    let mut next = vec![0.0; n];
    for _ in 0..10_000 {
        next.iter_mut().for_each(|x| *x = (1.0 - DAMPING) / n as f64);
        for (i, row) in rows.clone().enumerate() {
            let pi = DAMPING * p[i];
            for (x, &m) in next.iter_mut().zip(row) {
                *x += pi * m;
            }
        }
        let change: f64 = p.iter().zip(&next).map(|(a, b)| (a - b).abs()).sum();
        std::mem::swap(&mut p, &mut next);
        if change < 1e-14 {
            break;
        }
    }
    Ok(p)
}

/// Indices of the `k` highest-scoring documents, best first (ties to the earlier document).
pub fn top(scores: &[f64], k: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    order.truncate(k);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn central_document_wins_and_scores_sum_to_one() {
        // Three documents share tokens with the second; the last shares nothing.
        let docs = vec![vec![1, 2], vec![1, 2, 3, 4], vec![3, 4], vec![9]];
        let s = scores(&docs, Some(1)).unwrap();
        assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(top(&s, 1), [1]);
        assert_eq!(scores(&docs, Some(3)).unwrap(), s);
        assert_eq!(top(&[0.1, 0.3, 0.3], 3), [1, 2, 0]);
        assert!(scores(&[], None).unwrap().is_empty());
    }
}
