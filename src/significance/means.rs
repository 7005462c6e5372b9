//! Paired tests of a corpus score that is the mean of per-segment values (ROUGE as papers report it
//! from rouge_score: the mean of the per-pair F), as `rougebleu.rouge_significance` defines them with
//! NumPy: a bootstrap resample's score is `values[idx].mean(axis=1)`, an approximate-randomization
//! trial's are `np.where(swap, baseline, system).mean(axis=1)` and the reverse. The sums follow
//! NumPy's pairwise summation, so every score is NumPy's to the last bit; the draws are NumPy's
//! `default_rng` draws ([`super::numpy_rng`]), made a few rows at a time instead of as a matrix
//! (100,000 segments x 1,000 resamples would be 800 MB of indices, and as much again of values).
//!
//! Values come as one segment-major table of `k` columns (`values[i * k + c]`: column `c` of
//! segment `i`), so that one draw serves every column: the compared systems and, for each, every
//! rouge type.
use super::numpy_rng::{BoolBuffer, Pcg64};

/// Rows of the draws made at a time, and at most this many draws per chunk (a huge test set draws
/// fewer rows at a time, down to one).
const CHUNK_ROWS: usize = 32;
const CHUNK_DRAWS: usize = 1 << 21;

/// The `n` summands of a pairwise sum, each a vector of `width` columns summed independently.
trait Summands: Sync {
    fn width(&self) -> usize;
    /// `acc = summand(i)`.
    fn load(&self, i: usize, acc: &mut [f64]);
    /// `acc += summand(i)`.
    fn add(&self, i: usize, acc: &mut [f64]);
}

/// NumPy's `pairwise_sum` (`loops_utils.h.src`) of summands `lo..hi`, every column at once: a plain
/// loop below 8 summands, 8 interleaved accumulators up to 128, else the two halves (the first a
/// multiple of 8 long) summed recursively. `scratch` holds `(8 + depth) * width` values.
fn pairwise<S: Summands>(s: &S, lo: usize, hi: usize, out: &mut [f64], scratch: &mut [f64]) {
    let k = s.width();
    let n = hi - lo;
    if n < 8 {
        out.fill(0.0);
        for i in lo..hi {
            s.add(i, out);
        }
    } else if n <= 128 {
        let r = &mut scratch[..8 * k];
        for j in 0..8 {
            s.load(lo + j, &mut r[j * k..(j + 1) * k]);
        }
        let body = n - n % 8;
        let mut i = 8;
        while i < body {
            for j in 0..8 {
                s.add(lo + i + j, &mut r[j * k..(j + 1) * k]);
            }
            i += 8;
        }
        for c in 0..k {
            let v = |j: usize| r[j * k + c];
            out[c] = ((v(0) + v(1)) + (v(2) + v(3))) + ((v(4) + v(5)) + (v(6) + v(7)));
        }
        for i in lo + body..hi {
            s.add(i, out);
        }
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        pairwise(s, lo, lo + n2, out, scratch);
        let (right, rest) = scratch.split_at_mut(k);
        pairwise(s, lo + n2, hi, right, rest);
        for (o, r) in out.iter_mut().zip(right.iter()) {
            *o += *r;
        }
    }
}

/// The scratch [`pairwise`] needs for `n` summands of `width` columns.
fn scratch_for(n: usize, width: usize) -> Vec<f64> {
    let depth = usize::BITS as usize - n.leading_zeros() as usize;
    vec![0.0; (8 + depth + 1) * width]
}

/// NumPy's `np.mean` of `n` summands, every column: the pairwise sum, then one division.
fn means<S: Summands>(s: &S, n: usize) -> Vec<f64> {
    let k = s.width();
    let mut out = vec![0.0; k];
    let mut scratch = scratch_for(n, k);
    pairwise(s, 0, n, &mut out, &mut scratch);
    out.iter_mut().for_each(|v| *v /= n as f64);
    out
}

/// The rows of a table picked by one resample's indices.
struct Picked<'a> {
    values: &'a [f64],
    k: usize,
    idx: &'a [u32],
}

/// How many summands ahead a picked row is fetched into the cache: the rows are scattered over a
/// table larger than the cache, and fetching them while earlier ones are added hides most of the
/// wait (1,000 resamples of 100,000 segments of 20 columns: 3.1 s of CPU without, 1.6 s with).
const PREFETCH_AHEAD: usize = 16;

impl Picked<'_> {
    #[inline]
    fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(&row) = self.idx.get(i + PREFETCH_AHEAD) {
            let at = row as usize * self.k;
            if let Some(first) = self.values.get(at) {
                // SAFETY: a prefetch is a hint that never faults, and the address lies in `values`.
                unsafe {
                    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                    let p = first as *const f64 as *const i8;
                    _mm_prefetch(p, _MM_HINT_T0);
                    // A row of more than 8 values spans more than one cache line.
                    if self.k > 8 {
                        _mm_prefetch(p.add(64), _MM_HINT_T0);
                    }
                    if self.k > 16 {
                        _mm_prefetch(p.add(128), _MM_HINT_T0);
                    }
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }
}

impl Summands for Picked<'_> {
    fn width(&self) -> usize {
        self.k
    }
    #[inline]
    fn load(&self, i: usize, acc: &mut [f64]) {
        self.prefetch(i);
        let at = self.idx[i] as usize * self.k;
        acc.copy_from_slice(&self.values[at..at + self.k]);
    }
    #[inline]
    fn add(&self, i: usize, acc: &mut [f64]) {
        self.prefetch(i);
        let at = self.idx[i] as usize * self.k;
        for (a, v) in acc.iter_mut().zip(&self.values[at..at + self.k]) {
            *a += *v;
        }
    }
}

/// One randomization trial: for each pair `(baseline column, system column)`, the pseudo-system
/// that takes the baseline's value where the mask is true and the system's elsewhere, then the
/// reverse one (columns `2p` and `2p + 1`).
struct Swapped<'a> {
    values: &'a [f64],
    k: usize,
    pairs: &'a [(usize, usize)],
    mask: &'a [bool],
}

impl Swapped<'_> {
    #[inline]
    fn pick(&self, i: usize, (b, s): (usize, usize)) -> (f64, f64) {
        let row = &self.values[i * self.k..(i + 1) * self.k];
        if self.mask[i] {
            (row[b], row[s])
        } else {
            (row[s], row[b])
        }
    }
}

impl Summands for Swapped<'_> {
    fn width(&self) -> usize {
        2 * self.pairs.len()
    }
    fn load(&self, i: usize, acc: &mut [f64]) {
        for (p, &pair) in self.pairs.iter().enumerate() {
            let (a, b) = self.pick(i, pair);
            acc[2 * p] = a;
            acc[2 * p + 1] = b;
        }
    }
    fn add(&self, i: usize, acc: &mut [f64]) {
        for (p, &pair) in self.pairs.iter().enumerate() {
            let (a, b) = self.pick(i, pair);
            acc[2 * p] += a;
            acc[2 * p + 1] += b;
        }
    }
}

/// Draws `n_samples` rows of `n` values chunk by chunk with `draw(rng, chunk)` and turns each row
/// into one result with `row(draws)`, drawing the next chunk while the current one is used. The
/// results come in draw order; the draws stay serial (one stream) and each row's result does not
/// depend on the number of threads.
fn by_chunks<D, R>(
    rng: &mut Pcg64,
    n: usize,
    n_samples: usize,
    mut draw: impl FnMut(&mut Pcg64, &mut [D]) + Send,
    row: impl Fn(&[D]) -> R + Send + Sync,
) -> Vec<R>
where
    D: Copy + Default + Send + Sync,
    R: Send,
{
    let mut out = Vec::with_capacity(n_samples);
    if n == 0 || n_samples == 0 {
        return out;
    }
    let chunk = CHUNK_ROWS.min(CHUNK_DRAWS / n).clamp(1, n_samples);
    let mut current = vec![D::default(); chunk * n];
    let mut next = vec![D::default(); chunk * n];
    draw(rng, &mut current[..chunk * n]);
    crate::batch::steps(n_samples.div_ceil(chunk), |c| {
        let rows = chunk.min(n_samples - c * chunk);
        let next_rows = chunk.min(n_samples - c * chunk - rows);
        let cur = &current;
        let (_, results) = crate::batch::join(
            || draw(rng, &mut next[..next_rows * n]),
            || crate::batch::map_range(rows, None, |r| row(&cur[r * n..(r + 1) * n])),
        );
        out.extend(results);
        std::mem::swap(&mut current, &mut next);
    });
    out
}

/// For each of the `k` columns of `values` (`n` segments), the means of the `n_samples` bootstrap
/// resamples `rng.choice(n, (n_samples, n))`, in draw order (`out[c][r]`); `rng` advances as that
/// call advances it.
pub fn bootstrap_means(values: &[f64], k: usize, rng: &mut Pcg64, n_samples: usize) -> Vec<Vec<f64>> {
    let n = values.len() / k.max(1);
    let rows = by_chunks(
        rng,
        n,
        n_samples,
        |rng, out: &mut [u32]| rng.fill_choice(n as u64, out),
        |idx| means(&Picked { values, k, idx }, n),
    );
    transpose(rows, k)
}

/// Approximate randomization with the swap masks `rng.integers(2, size=(n_samples, n), dtype=bool)`:
/// for each pair `(baseline column, system column)` of `values`, the means of the two pseudo-systems
/// of every trial, `(a, b)` with `a` taking the baseline's value where the mask is true. `rng`
/// advances as that call advances it.
pub fn randomization_means(
    values: &[f64],
    k: usize,
    pairs: &[(usize, usize)],
    rng: &mut Pcg64,
    n_samples: usize,
) -> Vec<(Vec<f64>, Vec<f64>)> {
    let n = values.len() / k.max(1);
    // The bits left over from one chunk start the next, as in one call over all the rows.
    let mut buffer = BoolBuffer::default();
    let rows = by_chunks(
        rng,
        n,
        n_samples,
        |rng, out: &mut [bool]| rng.fill_booleans_from(&mut buffer, out),
        |mask| means(&Swapped { values, k, pairs, mask }, n),
    );
    let mut columns = transpose(rows, 2 * pairs.len()).into_iter();
    let mut out = Vec::with_capacity(pairs.len());
    while let (Some(a), Some(b)) = (columns.next(), columns.next()) {
        out.push((a, b));
    }
    out
}

/// Rows of `k` values into `k` columns.
fn transpose(rows: Vec<Vec<f64>>, k: usize) -> Vec<Vec<f64>> {
    let mut cols: Vec<Vec<f64>> = (0..k).map(|_| Vec::with_capacity(rows.len())).collect();
    for row in rows {
        for (col, v) in cols.iter_mut().zip(row) {
            col.push(v);
        }
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::super::summary::numpy_sum;
    use super::*;

    fn random_values(n: usize, k: usize, seed: u64) -> Vec<f64> {
        let mut x = seed;
        (0..n * k)
            .map(|_| {
                x = crate::test_rng::xorshift(x);
                (x >> 11) as f64 / (1u64 << 53) as f64
            })
            .collect()
    }

    /// Every column's pairwise sum equals the one-column sum of `summary` (NumPy's, tested there).
    #[test]
    fn columns_are_summed_in_numpys_order() {
        for n in [0, 1, 7, 8, 9, 127, 128, 129, 300, 1000, 4099] {
            let k = 3;
            let values = random_values(n, k, 99 + n as u64);
            let idx: Vec<u32> = (0..n as u32).rev().collect();
            let mut out = vec![0.0; k];
            let mut scratch = scratch_for(n, k);
            pairwise(&Picked { values: &values, k, idx: &idx }, 0, n, &mut out, &mut scratch);
            for c in 0..k {
                let column: Vec<f64> = idx.iter().map(|&i| values[i as usize * k + c]).collect();
                assert_eq!(out[c].to_bits(), numpy_sum(&column).to_bits(), "n = {n}, column {c}");
            }
        }
    }

    #[test]
    fn bootstrap_equals_the_whole_index_matrix() {
        for (n, k, n_samples) in [(37, 2, 40), (500, 3, 70), (5, 1, 1), (70_000, 2, 40)] {
            let values = random_values(n, k, 7);
            let entropy = [12345u32];
            let mut rng = Pcg64::from_entropy(&entropy);
            let got = bootstrap_means(&values, k, &mut rng, n_samples);
            let mut whole = Pcg64::from_entropy(&entropy);
            let idx = whole.choice(n as u64, n_samples * n);
            for c in 0..k {
                for r in 0..n_samples {
                    let picked: Vec<f64> =
                        idx[r * n..(r + 1) * n].iter().map(|&i| values[i as usize * k + c]).collect();
                    assert_eq!(got[c][r].to_bits(), (numpy_sum(&picked) / n as f64).to_bits());
                }
            }
            assert_eq!(rng.next_u64(), whole.next_u64(), "the generator is left where one call leaves it");
        }
    }

    #[test]
    fn randomization_equals_the_whole_mask_matrix() {
        // 70,001 segments: chunks of 29 rows, whose masks end inside a 32-bit output.
        for (n, n_samples) in [(37, 70), (129, 33), (3, 5), (70_001, 40)] {
            let k = 3;
            let values = random_values(n, k, 11);
            let pairs = [(0, 1), (0, 2)];
            let mut rng = Pcg64::from_entropy(&[5]);
            let got = randomization_means(&values, k, &pairs, &mut rng, n_samples);
            let mut whole = Pcg64::from_entropy(&[5]);
            let mut mask = vec![false; n_samples * n];
            whole.fill_booleans(&mut mask);
            for (p, &(b, s)) in pairs.iter().enumerate() {
                for r in 0..n_samples {
                    let m = &mask[r * n..(r + 1) * n];
                    let a: Vec<f64> = (0..n).map(|i| values[i * k + if m[i] { b } else { s }]).collect();
                    let bb: Vec<f64> = (0..n).map(|i| values[i * k + if m[i] { s } else { b }]).collect();
                    assert_eq!(got[p].0[r].to_bits(), (numpy_sum(&a) / n as f64).to_bits());
                    assert_eq!(got[p].1[r].to_bits(), (numpy_sum(&bb) / n as f64).to_bits());
                }
            }
            assert_eq!(rng.next_u64(), whole.next_u64());
        }
    }
}
