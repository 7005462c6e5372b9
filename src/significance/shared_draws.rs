//! sacrebleu's paired bootstrap with a fixed seed draws one index matrix,
//! `default_rng(seed).choice(n, (n_samples, n))`, and resamples every system with it (the
//! baseline's interval included). Here that matrix is drawn a few rows at a time into a small
//! buffer, and each chunk of rows is summed for every system while the next chunk is drawn: the
//! scores are those of the whole matrix, without the memory of it (12 MB for 1,000 resamples of
//! 3,000 segments, whose first touch costs more than the sums themselves, and gigabytes for large
//! test sets).
use super::numpy_rng::Pcg64;
use crate::kernels::resample::SumTable;

/// Rows of the index matrix drawn at a time, and at most this many indices (a huge test set
/// draws fewer rows at a time, down to one).
const CHUNK_ROWS: usize = 16;
const CHUNK_INDICES: usize = 1 << 20;

/// For each system's statistics (`tables`, each of `n > 0` segments), the scores of the
/// `n_samples` resamples of `rng.choice(n, (n_samples, n))`, in draw order; `rng` advances as
/// that call advances it. The draws stay serial (one stream), each resample is summed serially,
/// so the scores do not depend on the number of threads.
pub fn shared_resample_scores<R, F>(
    tables: &[SumTable],
    rng: &mut Pcg64,
    n: usize,
    n_samples: usize,
    workers: Option<usize>,
    score: F,
) -> Vec<Vec<R>>
where
    R: Send,
    F: Fn(&[f32]) -> R + Sync + Send,
{
    let mut out: Vec<Vec<R>> = tables.iter().map(|_| Vec::with_capacity(n_samples)).collect();
    if n == 0 || tables.is_empty() {
        return out;
    }
    let chunk = CHUNK_ROWS.min(CHUNK_INDICES / n).clamp(1, n_samples.max(1));
    // 32-bit indices: the buffers are small and reused, so narrower ones would save nothing.
    let mut current = vec![0u32; chunk * n];
    let mut next = vec![0u32; chunk * n];
    let first = chunk.min(n_samples);
    rng.fill_choice(n as u64, &mut current[..first * n]);
    let n_chunks = n_samples.div_ceil(chunk);
    crate::batch::steps(n_chunks, |c| {
        let rows = chunk.min(n_samples - c * chunk);
        let next_rows = chunk.min(n_samples - c * chunk - rows);
        let cur = &current;
        let (_, scored) = crate::batch::join(
            || rng.fill_choice(n as u64, &mut next[..next_rows * n]),
            || {
                crate::batch::map_range(tables.len() * rows, workers, |t| {
                    let r = t % rows;
                    tables[t / rows].score_row(&cur[r * n..(r + 1) * n], &score)
                })
            },
        );
        for (t, s) in scored.into_iter().enumerate() {
            out[t / rows].push(s);
        }
        std::mem::swap(&mut current, &mut next);
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_resampling_the_whole_matrix() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x = crate::test_rng::xorshift(x);
            x
        };
        // Counts and floats beyond 2**24 (the two kinds of tables); sample counts around the chunk size.
        for (n, k, big, n_samples) in
            [(37, 10, false, 40), (5, 3, true, 16), (300, 10, false, 1), (70_000, 2, false, 3)]
        {
            let systems: Vec<Vec<f32>> = (0..3)
                .map(|_| (0..n * k).map(|_| (next() % if big { 1 << 26 } else { 90 }) as f32).collect())
                .collect();
            let tables: Vec<SumTable> = systems.iter().map(|s| SumTable::new(s, k, n)).collect();
            let entropy = [12345u32, 7];
            let mut rng = Pcg64::from_entropy(&entropy);
            let got = shared_resample_scores(&tables, &mut rng, n, n_samples, None, |s| s.to_vec());
            let mut whole = Pcg64::from_entropy(&entropy);
            let idx: Vec<u32> = whole.choice(n as u64, n_samples * n).into_iter().map(|v| v as u32).collect();
            for (system, scores) in systems.iter().zip(&got) {
                let expected =
                    crate::kernels::resample::resample_scores(system, k, &idx, n, Some(1), |s| s.to_vec());
                assert_eq!(scores, &expected, "n = {n}, k = {k}");
            }
            // The generator is left where the whole draw leaves it.
            assert_eq!(rng.next_u64(), whole.next_u64());
        }
    }
}
