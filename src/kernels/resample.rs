//! Bootstrap resample sums in float32, as sacrebleu's `np.array(stats, dtype='float32')[idx].sum(0)`
//! computes them: every column summed over the resample's segments one after the other, in the
//! order of the index row. Shared by the BLEU and chrF confidence intervals and paired tests.

/// Integer statistics as NumPy's `np.array(stats, dtype='float32')` converts them, the whole
/// array before any resample is indexed (values above 2**24 are rounded there, as in sacrebleu).
pub fn float32(stats: &[u64]) -> Vec<f32> {
    stats.iter().map(|&s| s as f32).collect()
}

/// A segment index of an index matrix: 16 bits when the test set has at most 65,536 segments
/// (half the memory to fill and to read), else 32.
pub trait SegmentIndex: Copy + Send + Sync {
    fn index(self) -> usize;
}

impl SegmentIndex for u16 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl SegmentIndex for u32 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// For each `n`-long row of `idx` (segment indices into the `k`-column `stats`, already converted
/// to float32 as NumPy converts the whole array before indexing it), the float32 sums of the
/// indexed rows, passed to `score`. Resamples are independent and run in parallel over `workers`
/// threads ([`crate::batch::map_range`]); each is summed serially, so results do not depend on
/// the number of threads.
pub fn resample_scores<I, R, F>(
    stats: &[f32],
    k: usize,
    idx: &[I],
    n: usize,
    workers: Option<usize>,
    score: F,
) -> Vec<R>
where
    I: SegmentIndex,
    R: Send,
    F: Fn(&[f32]) -> R + Sync + Send,
{
    let n = n.max(1);
    let table = SumTable::new(stats, k, n);
    crate::batch::map_range(idx.len() / n, workers, |r| table.score_row(&idx[r * n..(r + 1) * n], &score))
}

/// One metric's per-segment statistics, laid out for summing resamples of `n` segments.
pub struct SumTable {
    k: usize,
    rows: Rows,
}

enum Rows {
    /// The common case, counts: every statistic an integer from 0 to 65,535 and no resample
    /// sum above 2**24. Float32 then adds integers exactly, so summing in integers gives the
    /// same float32 sums in any order, and 16-bit lanes (flushed into 32-bit totals every
    /// `burst` rows, before they can overflow) read a quarter of the bytes.
    Counts {
        table: Vec<[u16; 16]>,
        burst: usize,
    },
    /// Float32 rows padded to a fixed width, so that the compiler adds whole rows with SIMD;
    /// each column's sum keeps its serial order, so the float32 results are unchanged.
    Pad16(Vec<[f32; 16]>),
    Pad32(Vec<[f32; 32]>),
    Wide(Vec<f32>),
}

fn pad<const W: usize>(stats: &[f32], k: usize) -> Vec<[f32; W]> {
    stats
        .chunks(k.max(1))
        .map(|row| {
            let mut out = [0f32; W];
            out[..row.len()].copy_from_slice(row);
            out
        })
        .collect()
}

/// The 16-bit table of [`Rows::Counts`] and its burst, when `stats` qualify.
fn counts(stats: &[f32], k: usize, n: usize) -> Option<Rows> {
    if k == 0 || k > 16 {
        return None;
    }
    let mut max = 0f32;
    for &v in stats {
        if !((0.0..=65535.0).contains(&v) && v.fract() == 0.0) {
            return None;
        }
        max = max.max(v);
    }
    let max = max as u64;
    if n as u64 * max > 1 << 24 {
        return None;
    }
    let table = stats
        .chunks(k)
        .map(|row| {
            let mut out = [0u16; 16];
            for (o, &v) in out.iter_mut().zip(row) {
                *o = v as u16;
            }
            out
        })
        .collect();
    Some(Rows::Counts { table, burst: (65535 / max.max(1)) as usize })
}

impl SumTable {
    /// `stats`: row-major, `k` columns, for resamples of `n` segments.
    pub fn new(stats: &[f32], k: usize, n: usize) -> SumTable {
        let rows = counts(stats, k, n).unwrap_or_else(|| match k {
            0..=16 => Rows::Pad16(pad(stats, k)),
            17..=32 => Rows::Pad32(pad(stats, k)),
            _ => Rows::Wide(stats.to_vec()),
        });
        SumTable { k, rows }
    }

    /// The float32 sums of the segments of `idx` (one resample), passed to `score`.
    #[inline]
    pub fn score_row<I: SegmentIndex, R>(&self, idx: &[I], score: impl Fn(&[f32]) -> R) -> R {
        match &self.rows {
            Rows::Counts { table, burst } => {
                let mut total = [0u32; 16];
                for part in idx.chunks(*burst) {
                    let acc = add_counts(table, part);
                    for c in 0..16 {
                        total[c] += acc[c] as u32;
                    }
                }
                score(&total.map(|t| t as f32)[..self.k])
            }
            Rows::Pad16(table) => score(&padded_sum(table, idx)[..self.k]),
            Rows::Pad32(table) => score(&padded_sum(table, idx)[..self.k]),
            Rows::Wide(stats) => {
                let k = self.k;
                let mut acc = vec![0f32; k];
                for &j in idx {
                    let j = j.index();
                    for (a, &s) in acc.iter_mut().zip(&stats[j * k..(j + 1) * k]) {
                        *a += s;
                    }
                }
                score(&acc)
            }
        }
    }
}

/// The lane-wise sums of the rows of `table` at `idx`, which the caller keeps short enough for no
/// lane to overflow. On x86-64 two SSE2 additions a row, or one with AVX2 where the CPU has it
/// (the same integer sums either way).
#[inline]
fn add_counts<I: SegmentIndex>(table: &[[u16; 16]], idx: &[I]) -> [u16; 16] {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { add_counts_avx2(table, idx) };
        }
        // SAFETY: SSE2 is part of x86-64.
        unsafe { add_counts_sse2(table, idx) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut acc = [0u16; 16];
        for &j in idx {
            let row = &table[j.index()];
            for c in 0..16 {
                acc[c] = acc[c].wrapping_add(row[c]);
            }
        }
        acc
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_counts_avx2<I: SegmentIndex>(table: &[[u16; 16]], idx: &[I]) -> [u16; 16] {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_loadu_si256, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let mut acc = _mm256_setzero_si256();
    for &j in idx {
        // A row is 32 bytes: one unaligned load (the index is bounds-checked by the slice).
        let row = table[j.index()].as_ptr().cast::<__m256i>();
        acc = _mm256_add_epi16(acc, _mm256_loadu_si256(row));
    }
    let mut out = [0u16; 16];
    _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), acc);
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
unsafe fn add_counts_sse2<I: SegmentIndex>(table: &[[u16; 16]], idx: &[I]) -> [u16; 16] {
    use std::arch::x86_64::{__m128i, _mm_add_epi16, _mm_loadu_si128, _mm_setzero_si128, _mm_storeu_si128};
    let (mut lo, mut hi) = (_mm_setzero_si128(), _mm_setzero_si128());
    for &j in idx {
        let row = table[j.index()].as_ptr().cast::<__m128i>();
        lo = _mm_add_epi16(lo, _mm_loadu_si128(row));
        hi = _mm_add_epi16(hi, _mm_loadu_si128(row.add(1)));
    }
    let mut out = [0u16; 16];
    _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), lo);
    _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>().add(1), hi);
    out
}

#[inline]
fn padded_sum<const W: usize, I: SegmentIndex>(table: &[[f32; W]], idx: &[I]) -> [f32; W] {
    let mut acc = [0f32; W];
    for &j in idx {
        let row = &table[j.index()];
        for c in 0..W {
            acc[c] += row[c];
        }
    }
    acc
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
    fn small_counts_sum_as_the_serial_loop() {
        // Counts up to the 16-bit limit, so that the lanes are flushed in the middle of a row,
        // and sums up to 2**24; 16-bit indices too.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = || {
            x = crate::test_rng::xorshift(x);
            x
        };
        for (k, max, n) in [(1, 3, 40), (10, 200, 300), (10, 65535, 256), (16, 1000, 4000), (7, 0, 9)] {
            let segs = 53;
            let mut stats: Vec<f32> = (0..segs * k).map(|_| (next() % (max + 1)) as f32).collect();
            stats[0] = max as f32;
            let idx: Vec<u32> = (0..5 * n).map(|_| (next() % segs as u64) as u32).collect();
            assert!(counts(&stats, k, n as usize).is_some(), "k = {k}, max = {max}");
            let got = resample_scores(&stats, k, &idx, n as usize, None, |s| s.to_vec());
            assert_eq!(got, serial(&stats, k, &idx, n as usize), "k = {k}, max = {max}");
            let idx16: Vec<u16> = idx.iter().map(|&j| j as u16).collect();
            assert_eq!(resample_scores(&stats, k, &idx16, n as usize, Some(1), |s| s.to_vec()), got);
        }
        // Beyond the bounds the float path sums.
        assert!(counts(&[65536.0], 1, 1).is_none());
        assert!(counts(&[0.5], 1, 1).is_none());
        assert!(counts(&[-1.0], 1, 1).is_none());
        assert!(counts(&[256.0], 1, 1 << 16).is_some());
        assert!(counts(&[257.0], 1, 1 << 16).is_none());
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn simd_forms_add_as_the_scalar_loop() {
        let table: Vec<[u16; 16]> = (0..40u16)
            .map(|r| std::array::from_fn(|c| r.wrapping_mul(977).wrapping_add(c as u16 * 31)))
            .collect();
        let idx: Vec<u16> = (0..500u16).map(|i| (i * 7 + i / 3) % 40).collect();
        let mut expected = [0u16; 16];
        for &j in &idx {
            for c in 0..16 {
                expected[c] = expected[c].wrapping_add(table[j as usize][c]);
            }
        }
        assert_eq!(unsafe { add_counts_sse2(&table, &idx) }, expected);
        if std::arch::is_x86_feature_detected!("avx2") {
            assert_eq!(unsafe { add_counts_avx2(&table, &idx) }, expected);
        }
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
            let got = resample_scores(&stats, k, &idx, n, Some(2), |s| s.to_vec());
            assert_eq!(got, serial(&stats, k, &idx, n), "k = {k}");
        }
    }
}
