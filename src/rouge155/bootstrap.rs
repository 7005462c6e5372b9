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

/// One resample's R, P, F (`bootstrapResampling`), `values` in instance order.
fn resample(values: &[[f64; 3]], draws: &[u32], counting: Counting, alpha: f64) -> [f64; 3] {
    let mut s = [0.0f64; 3];
    for (k, &d) in draws.iter().enumerate() {
        let v = values[d as usize];
        if k == 0 {
            s = v;
        } else {
            for x in 0..3 {
                s[x] += v[x];
            }
        }
    }
    let n = values.len() as f64;
    match counting {
        Counting::Macro => {
            if values.is_empty() {
                [0.0; 3]
            } else {
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
    let mut means: [Vec<f64>; 3] = Default::default();
    for i in 0..resamples {
        let row = if n == 0 { &[][..] } else { &draws[i * n..(i + 1) * n] };
        let m = resample(values, row, counting, alpha);
        for (series, v) in means.iter_mut().zip(m) {
            series.push(v);
        }
    }
    let r = resamples as f64;
    let delta = r * ((100.0 - confidence) / 2.0) / 100.0;
    let up_a = (r - delta - 1.0) as i64;
    let low_a = delta as i64;
    let ratio = r - delta - 1.0 - up_a as f64;
    let mut out = Interval::default();
    for (x, a) in means.iter_mut().enumerate() {
        a.sort_by(|p, q| p.total_cmp(q));
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
    fn constant_values_give_a_degenerate_interval() {
        let v = vec![[0.5, 0.25, 0.125]; 7];
        let d = draws(7, 100);
        let iv = interval(&v, &d, 100, 95.0, Counting::Macro, 0.5);
        assert_eq!(iv.avg, [0.5, 0.25, 0.125]);
        assert_eq!(iv.low, iv.avg);
    }
}
