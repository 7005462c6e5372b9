//! Bootstrap resample sums in float32, as sacrebleu's `np.array(stats, dtype='float32')[idx].sum(0)`
//! computes them: every column summed over the resample's segments one after the other, in the
//! order of the index row. Shared by the BLEU and chrF confidence intervals and paired tests.

/// For each `n`-long row of `idx` (32-bit segment indices into the `k`-column `stats`, already converted
/// to float32 as NumPy converts the whole array before indexing it), the float32 sums of the
/// indexed rows, passed to `score`. Resamples are independent and run in parallel on the global
/// pool; each is summed serially, so results do not depend on the number of threads.
pub fn resample_scores<R, F>(stats: &[f32], k: usize, idx: &[u32], n: usize, score: F) -> Vec<R>
where
    R: Send,
    F: Fn(&[f32]) -> R + Sync + Send,
{
    let n = n.max(1);
    let rows = idx.len() / n;
    // Columns padded to a fixed width let the compiler add whole rows with SIMD; each column's
    // sum keeps its serial order, so the float32 results are unchanged.
    if k <= 16 {
        padded::<16, R, F>(stats, k, idx, n, rows, score)
    } else if k <= 32 {
        padded::<32, R, F>(stats, k, idx, n, rows, score)
    } else {
        crate::batch::map_range(rows, None, |r| {
            let mut acc = vec![0f32; k];
            for &j in &idx[r * n..(r + 1) * n] {
                let j = j as usize;
                for (a, &s) in acc.iter_mut().zip(&stats[j * k..(j + 1) * k]) {
                    *a += s;
                }
            }
            score(&acc)
        })
    }
}

fn padded<const W: usize, R, F>(
    stats: &[f32],
    k: usize,
    idx: &[u32],
    n: usize,
    rows: usize,
    score: F,
) -> Vec<R>
where
    R: Send,
    F: Fn(&[f32]) -> R + Sync + Send,
{
    let table: Vec<[f32; W]> = stats
        .chunks(k.max(1))
        .map(|row| {
            let mut out = [0f32; W];
            out[..row.len()].copy_from_slice(row);
            out
        })
        .collect();
    crate::batch::map_range(rows, None, |r| {
        let mut acc = [0f32; W];
        for &j in &idx[r * n..(r + 1) * n] {
            let row = &table[j as usize];
            for c in 0..W {
                acc[c] += row[c];
            }
        }
        score(&acc[..k])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serial(stats: &[f32], k: usize, idx: &[u32], n: usize) -> Vec<Vec<f32>> {
        idx.chunks(n)
            .map(|row| {
                let mut acc = vec![0f32; k];
                for &j in row {
                    let j = j as usize;
                    for c in 0..k {
                        acc[c] += stats[j * k + c];
                    }
                }
                acc
            })
            .collect()
    }

    #[test]
    fn every_width_sums_as_the_serial_loop() {
        // Values beyond 2**24 make float32 rounding depend on the order of the additions.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x = crate::test_rng::xorshift(x);
            x
        };
        for k in [1, 10, 16, 18, 24, 32, 40] {
            let segs = 37;
            let stats: Vec<f32> = (0..segs * k).map(|_| (next() % (1 << 26)) as f32).collect();
            let n = 50;
            let idx: Vec<u32> = (0..7 * n).map(|_| (next() % segs as u64) as u32).collect();
            let got = resample_scores(&stats, k, &idx, n, |s| s.to_vec());
            assert_eq!(got, serial(&stats, k, &idx, n), "k = {k}");
        }
    }
}
