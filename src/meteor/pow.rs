//! Java's `Math.pow` for the fragmentation penalty of METEOR 1.5 ([`java_pow`]).
//!
//! The jar computes the penalty with `Math.pow`, which the HotSpot JVM on x86-64 runs as an
//! intrinsic accurate to about half an ulp, but not correctly rounded; the C library's `pow` that
//! Rust's `powf` calls (glibc, musl, macOS, Windows: each its own) is off elsewhere (glibc gives
//! ...591 for 0.2553191489361702^0.2, twelve 47ths, where the jar prints 0.7610561111586592). So
//! the power is computed here, the same on every platform: `exp(y * log x)` in double-double
//! arithmetic (about 100 bits) rounded once, which is the correctly rounded result unless the exact
//! one lies within about 2^-45 ulp of a rounding boundary; then, for the inputs where Java's result
//! is not that (one in 1,700 of a segment's possible fragmentations), Java's own value from a table
//! measured on the JVM (`java_pow.rs`, tools/gen_meteor_pow.py). Special values (zero, infinities,
//! NaN, negative bases) and results near overflow or underflow are left to `powf`, which IEEE 754
//! pins down there.

/// A double-double: `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy, Debug)]
struct Dd {
    hi: f64,
    lo: f64,
}

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd { hi: s, lo: (a - (s - bb)) + (b - bb) }
}

fn quick_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd { hi: s, lo: b - (s - a) }
}

/// Dekker's split of a double into two halves of 26 bits.
fn split(a: f64) -> (f64, f64) {
    let t = 134_217_729.0 * a; // 2^27 + 1
    let hi = t - (t - a);
    (hi, a - hi)
}

fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    Dd { hi: p, lo: e }
}

impl Dd {
    fn from(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.hi, o.hi);
        let t = two_sum(self.lo, o.lo);
        let s = quick_two_sum(s.hi, s.lo + t.hi);
        quick_two_sum(s.hi, s.lo + t.lo)
    }

    fn mul(self, o: Dd) -> Dd {
        let p = two_prod(self.hi, o.hi);
        quick_two_sum(p.hi, p.lo + (self.hi * o.lo + self.lo * o.hi))
    }

    fn mul_f(self, b: f64) -> Dd {
        let p = two_prod(self.hi, b);
        quick_two_sum(p.hi, p.lo + self.lo * b)
    }

    fn div(self, o: Dd) -> Dd {
        let q1 = self.hi / o.hi;
        let r = self.add(o.mul_f(-q1));
        let q2 = r.hi / o.hi;
        let r = r.add(o.mul_f(-q2));
        let q3 = r.hi / o.hi;
        let q = quick_two_sum(q1, q2);
        q.add(Dd::from(q3))
    }

    fn scale(self, k: f64) -> Dd {
        // Multiplication by a power of two is exact (in the normal range).
        Dd { hi: self.hi * k, lo: self.lo * k }
    }
}

/// ln 2 to about 107 bits.
const LN2: Dd = Dd { hi: std::f64::consts::LN_2, lo: 2.319_046_813_846_299_6e-17 };

/// `ln x` for a positive, finite, normal `x`.
fn ln(x: f64) -> Dd {
    // x = m 2^k with m in [sqrt(1/2), sqrt(2)).
    let bits = x.to_bits();
    let mut k = ((bits >> 52) & 0x7FF) as i64 - 1023;
    let mut m = f64::from_bits((bits & !(0x7FFu64 << 52)) | (1023u64 << 52)); // in [1, 2)
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        k += 1;
    }
    // ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172.
    let s = Dd::from(m - 1.0).div(two_sum(m, 1.0));
    let s2 = s.mul(s);
    let mut term = s;
    let mut sum = s;
    let mut n = 3.0;
    while n < 80.0 {
        term = term.mul(s2);
        let t = term.div(Dd::from(n));
        sum = sum.add(t);
        if t.hi.abs() < 1e-34 * sum.hi.abs().max(1e-300) {
            break;
        }
        n += 2.0;
    }
    LN2.mul_f(k as f64).add(sum.scale(2.0))
}

/// `e^z` for `|z| < 709`.
fn exp(z: Dd) -> Dd {
    let k = (z.hi / LN2.hi).round();
    let r = z.add(LN2.mul_f(-k)); // |r| <= ln2 / 2 (about)
    let r = r.scale(1.0 / 1024.0);
    // Taylor series of e^r - 1 for |r| < 3.5e-4, then squared ten times: (1 + u)^2 = 1 + (2u + u^2).
    let mut term = r;
    let mut sum = r;
    let mut n = 2.0;
    while n < 30.0 {
        term = term.mul(r).div(Dd::from(n));
        sum = sum.add(term);
        if term.hi.abs() < 1e-36 {
            break;
        }
        n += 1.0;
    }
    for _ in 0..10 {
        sum = sum.scale(2.0).add(sum.mul(sum));
    }
    let e = Dd::from(1.0).add(sum);
    // Scale by 2^k in two steps so that no intermediate overflows.
    let half = (k / 2.0).trunc();
    e.scale(2f64.powi(half as i32)).scale(2f64.powi((k - half) as i32))
}

/// Powers a thread has computed, by the bits of `(y, x)`: a corpus's segments have few distinct
/// fragmentations (chunks over matches, small numbers), and each segment's references are scored
/// to pick the best, so most powers come again. Emptied when it reaches [`POWERS_LIMIT`].
const POWERS_LIMIT: usize = 1 << 14;

thread_local! {
    static POWERS: std::cell::RefCell<rustc_hash::FxHashMap<(u64, u64), f64>> = Default::default();
}

/// `Math.pow(x, y)` as the jar's JVM computes it: its value from the measured table where it is
/// not the correctly rounded power, else the correctly rounded power.
pub fn java_pow(x: f64, y: f64) -> f64 {
    let key = (y.to_bits(), x.to_bits());
    POWERS.with(|powers| {
        let mut powers = powers.borrow_mut();
        if let Some(&v) = powers.get(&key) {
            return v;
        }
        if powers.len() >= POWERS_LIMIT {
            powers.clear();
        }
        let v = match super::java_pow::MISROUNDED.binary_search_by(|&(b, f, _)| (b, f).cmp(&key)) {
            Ok(k) => f64::from_bits(super::java_pow::MISROUNDED[k].2),
            Err(_) => pow(x, y),
        };
        powers.insert(key, v);
        v
    })
}

/// `x^y` correctly rounded (see the module docs for the rare exceptions).
pub fn pow(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if !(x.is_finite() && y.is_finite()) || x <= 0.0 || !x.is_normal() || x == 1.0 {
        return x.powf(y);
    }
    let z = ln(x).mul_f(y);
    if z.hi.is_nan() || z.hi.abs() >= 700.0 {
        return x.powf(y);
    }
    let e = exp(z);
    e.hi + e.lo
}

#[cfg(test)]
mod tests {
    use super::{java_pow, pow};

    #[test]
    fn where_java_is_not_correctly_rounded() {
        // Measured on OpenJDK 17 (x86-64): 0.9401709401709402 = 110/117; exact value ...1160 (0.5014 ulp
        // above the lower neighbour), correctly rounded ...114, Java's ...116.
        let x = 110.0 / (234.0 / 2.0);
        assert_eq!(pow(x, 0.2), 0.9877370960092114);
        assert_eq!(java_pow(x, 0.2), 0.9877370960092116);
        assert!(super::super::java_pow::MISROUNDED.windows(2).all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1)));
    }

    #[test]
    fn where_the_c_library_is_one_ulp_off() {
        // Java's Math.pow on x86-64 (the jar): 0.7610561111586592; glibc's pow gives ...591.
        assert_eq!(pow(12.0 / 47.0 * 1.0, 0.2), 0.7610561111586592);
        assert_eq!(pow(0.2553191489361702, 0.2), 0.7610561111586592);
    }

    #[test]
    fn agrees_with_exact_cases() {
        assert_eq!(pow(0.25, 0.5), 0.5);
        assert_eq!(pow(0.5, 3.0), 0.125);
        assert_eq!(pow(1.0, 0.2), 1.0);
        assert_eq!(pow(0.0, 0.2), 0.0);
        assert!(pow(f64::NAN, 0.2).is_nan());
        assert_eq!(pow(0.2, 1.0), 0.2);
        assert_eq!(pow(0.3, 0.0), 1.0);
        // Values the jar prints (Math.pow on OpenJDK 17, x86-64).
        assert_eq!(pow(0.2, 0.2), 0.7247796636776955);
        assert_eq!(pow(0.1875, 0.2), 0.7154845405526278);
        assert_eq!(pow(0.17647058823529413, 0.2), 0.7068617257431401);
    }
}
