//! ROUGE-1.5.5's corpus averages (`computeAverages`, `bootstrapResampling`).
//!
//! Resample `i` (0-based) calls `srand(i)` and draws `int(rand(N))` N times. Perl ≥ 5.20 has its
//! own drand48: `x0 = (seed << 16) + 0x330E`, `x ← (0x5DEECE66D·x + 0xB) mod 2⁴⁸`,
//! `rand(N) = N · x / 2⁴⁸`. The printed average is the mean of the sorted resample means (not
//! the plain mean), and the interval ends are read from the sorted means at
//! `δ = r·(100 - c)/200` with Perl's array-index rules.

/// Perl's drand48 state after `srand(seed)`.
#[derive(Clone, Copy)]
pub struct Drand48(u64);

impl Drand48 {
    const MASK: u64 = (1 << 48) - 1;

    pub fn seeded(seed: u32) -> Self {
        Drand48(((seed as u64) << 16) + 0x330E)
    }

    /// `rand()` in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        self.0 = (self.0.wrapping_mul(0x5DEECE66D).wrapping_add(0xB)) & Self::MASK;
        self.0 as f64 / (1u64 << 48) as f64
    }

    /// `int(rand(n))`.
    pub fn index(&mut self, n: usize) -> usize {
        ((n as f64) * self.next_f64()) as usize
    }
}

/// The draws of all resamples for `n` instances: row `i` holds the indices drawn after
/// `srand(i)`. The same for every measure and system with `n` instances, so computed once.
pub fn draws(n: usize, resamples: usize) -> Vec<u32> {
    let mut out = Vec::with_capacity(n * resamples);
    for i in 0..resamples {
        let mut rng = Drand48::seeded(i as u32);
        for _ in 0..n {
            out.push(rng.index(n) as u32);
        }
    }
    out
}

/// How per-instance values are averaged (`-t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// `-t 0`: the values are R, P, F per instance; resample means of each.
    Macro,
    /// `-t 1`: the values are model total, peer total, hits; each resample sums them and
    /// computes R, P, F from the sums.
    Micro,
    /// `-t 2`: no resampling; the summed raw counts are printed.
    Counts,
}

impl crate::options::Vocabulary for Counting {
    const ARGUMENT: &'static str = "counting";
    const WHAT: &'static str = "counting";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("macro", Counting::Macro), ("micro", Counting::Micro), ("counts", Counting::Counts)];
}

/// Printed average and interval of R, P, F (unrounded; the report formats them `%7.5f`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    pub avg: [f64; 3],
    pub low: [f64; 3],
    pub high: [f64; 3],
}

/// `$array[$i]` for an integer index: negative indices count from the end, missing ones are 0.
fn perl_index(a: &[f64], i: i64) -> f64 {
    let len = a.len() as i64;
    let k = if i < 0 { len + i } else { i };
    if (0..len).contains(&k) {
        a[k as usize]
    } else {
        0.0
    }
}

/// F from R and P with the `-p` weight, as ROUGE-1.5.5 writes it.
pub fn f_alpha(r: f64, p: f64, alpha: f64) -> f64 {
    let den = (1.0 - alpha) * p + alpha * r;
    if den > 0.0 {
        (r * p) / den
    } else {
        0.0
    }
}

/// The sums of R, P, F over one resample's draws, added in draw order as Perl adds them.
#[inline]
fn resample_sum(values: &[[f64; 3]], draws: &[u32]) -> [f64; 3] {
    let Some((&first, rest)) = draws.split_first() else { return [0.0; 3] };
    let mut s = values[first as usize];
    for &d in rest {
        let v = values[d as usize];
        for x in 0..3 {
            s[x] += v[x];
        }
    }
    s
}

/// Four resamples' sums at once: the same additions in the same order as [`resample_sum`] on
/// each row, interleaved so that four independent chains hide the latency of the adds.
#[inline]
fn resample_sums4(values: &[[f64; 3]], rows: [&[u32]; 4]) -> [[f64; 3]; 4] {
    let n = rows[0].len();
    if n == 0 {
        return [[0.0; 3]; 4];
    }
    let mut s = rows.map(|r| values[r[0] as usize]);
    for k in 1..n {
        for (j, row) in rows.iter().enumerate() {
            let v = values[row[k] as usize];
            for x in 0..3 {
                s[j][x] += v[x];
            }
        }
    }
    s
}

/// One resample's R, P, F (`bootstrapResampling`) from its sums.
fn resample_value(s: [f64; 3], n: usize, counting: Counting, alpha: f64) -> [f64; 3] {
    match counting {
        Counting::Macro => {
            if n == 0 {
                [0.0; 3]
            } else {
                let n = n as f64;
                [s[0] / n, s[1] / n, s[2] / n]
            }
        }
        _ => {
            let r = if s[0] > 0.0 { s[2] / s[0] } else { 0.0 };
            let p = if s[1] > 0.0 { s[2] / s[1] } else { 0.0 };
            [r, p, f_alpha(r, p, alpha)]
        }
    }
}

/// Sorts as `f64::total_cmp` orders, through integer keys: a third of the time of sorting with
/// the comparison closure, and this sort is most of the bootstrap's cost.
fn sort_total(a: &mut [f64]) {
    // total_cmp's key: flip the magnitude bits of negatives so that the integers order as the floats.
    let key = |x: f64| {
        let b = x.to_bits() as i64;
        b ^ ((((b >> 63) as u64) >> 1) as i64)
    };
    let mut keys: Vec<i64> = a.iter().map(|&x| key(x)).collect();
    keys.sort_unstable();
    for (x, k) in a.iter_mut().zip(keys) {
        // The key is its own inverse.
        *x = f64::from_bits((k ^ ((((k >> 63) as u64) >> 1) as i64)) as u64);
    }
}

/// Average and confidence interval of R, P, F over `values` (instances sorted as Perl sorts
/// their keys), given `draws(values.len(), resamples)`.
pub fn interval(
    values: &[[f64; 3]],
    draws: &[u32],
    resamples: usize,
    confidence: f64,
    counting: Counting,
    alpha: f64,
) -> Interval {
    let n = values.len();
    let mut means: [Vec<f64>; 3] = std::array::from_fn(|_| Vec::with_capacity(resamples));
    let row = |i: usize| if n == 0 { &[][..] } else { &draws[i * n..(i + 1) * n] };
    let mut push = |s: [f64; 3]| {
        for (series, v) in means.iter_mut().zip(resample_value(s, n, counting, alpha)) {
            series.push(v);
        }
    };
    let mut i = 0;
    while i + 4 <= resamples {
        for s in resample_sums4(values, [row(i), row(i + 1), row(i + 2), row(i + 3)]) {
            push(s);
        }
        i += 4;
    }
    for i in i..resamples {
        push(resample_sum(values, row(i)));
    }
    let r = resamples as f64;
    let delta = r * ((100.0 - confidence) / 2.0) / 100.0;
    let up_a = (r - delta - 1.0) as i64;
    let low_a = delta as i64;
    let ratio = r - delta - 1.0 - up_a as f64;
    let mut out = Interval::default();
    for (x, a) in means.iter_mut().enumerate() {
        sort_total(a);
        out.avg[x] = a.iter().sum::<f64>() / r;
        let lo = perl_index(a, low_a);
        out.low[x] = lo + (perl_index(a, low_a + 1) - lo) * ratio;
        let hi = perl_index(a, up_a);
        out.high[x] = hi + (perl_index(a, up_a + 1) - hi) * ratio;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drand48_matches_the_posix_sequence() {
        // perl -e 'srand(0); printf("%.10f %.10f", rand(), rand())' (Perl 5.36)
        let mut g = Drand48::seeded(0);
        let a = g.next_f64();
        let b = g.next_f64();
        assert_eq!(format!("{a:.10} {b:.10}"), "0.1708280361 0.7499019805");
    }

    #[test]
    fn perl_index_rules() {
        let a = [1.0, 2.0, 3.0];
        assert_eq!(perl_index(&a, -1), 3.0);
        assert_eq!(perl_index(&a, 3), 0.0);
        assert_eq!(perl_index(&a, -4), 0.0);
    }

    #[test]
    fn interleaved_resamples_add_in_the_same_order() {
        let mut g = Drand48::seeded(7);
        let values: Vec<[f64; 3]> = (0..13).map(|_| [g.next_f64(), g.next_f64(), g.next_f64()]).collect();
        let d = draws(values.len(), 8);
        let rows: Vec<&[u32]> = d.chunks(values.len()).collect();
        let four = resample_sums4(&values, [rows[4], rows[5], rows[6], rows[7]]);
        for j in 0..4 {
            assert_eq!(four[j].map(f64::to_bits), resample_sum(&values, rows[4 + j]).map(f64::to_bits));
        }
    }

    #[test]
    fn integer_key_sort_orders_as_total_cmp() {
        let mut g = Drand48::seeded(3);
        let mut a: Vec<f64> = (0..500).map(|_| g.next_f64() * 4.0 - 2.0).collect();
        a.extend([
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            1.0,
            1.0,
        ]);
        let mut want = a.clone();
        want.sort_by(|p, q| p.total_cmp(q));
        sort_total(&mut a);
        assert_eq!(
            a.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
            want.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn constant_values_give_a_degenerate_interval() {
        let v = vec![[0.5, 0.25, 0.125]; 7];
        let d = draws(7, 100);
        let iv = interval(&v, &d, 100, 95.0, Counting::Macro, 0.5);
        assert_eq!(iv.avg, [0.5, 0.25, 0.125]);
        assert_eq!(iv.low, iv.avg);
    }
}
