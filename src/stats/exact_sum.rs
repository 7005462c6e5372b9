//! An exact sum of `f64` values: a fixed-point superaccumulator whose unit is 2^-1074 (the
//! smallest subnormal), wide enough for any finite double and 2^64 additions. Every finite double
//! is an integer multiple of that unit, so the sum is kept without any rounding: it does not
//! depend on the order of the additions nor on how the values were split into partial sums.
//! Rounding happens once, at the end: [`ExactSum::mean`] is the correctly rounded value of
//! (exact sum) / n, ties to even (what `Fraction(sum) / n` rounded to a float gives).
//!
//! Limbs hold 32 bits each in an `i64`, so additions only touch three limbs and carries are
//! propagated lazily (every 2^30 additions, and before reading the value).
use crate::error::{Error, Result};

/// 2^-1074 .. 2^1024 needs 2098 bits; 64 more for the count of additions; 32-bit limbs.
const LIMBS: usize = 70;
/// Additions between carry propagations: each adds less than 2^32 to a limb holding < 2^32,
/// so an `i64` limb cannot overflow within 2^30 of them.
const NORMALIZE_EVERY: u32 = 1 << 30;

#[derive(Clone, Debug)]
pub struct ExactSum {
    limbs: [i64; LIMBS],
    pending: u32,
}

impl Default for ExactSum {
    fn default() -> Self {
        ExactSum { limbs: [0; LIMBS], pending: 0 }
    }
}

impl PartialEq for ExactSum {
    fn eq(&self, other: &Self) -> bool {
        self.to_le_bytes() == other.to_le_bytes()
    }
}

impl ExactSum {
    pub fn new() -> Self {
        Self::default()
    }

    /// Add one finite value; NaN and infinities are refused (they have no exact sum).
    pub fn add(&mut self, x: f64) -> Result<()> {
        if !x.is_finite() {
            return Err(Error::value("values", format!("cannot sum the non-finite value {x} exactly")));
        }
        self.add_finite(x);
        Ok(())
    }

    fn add_finite(&mut self, x: f64) {
        if x == 0.0 {
            return;
        }
        let bits = x.to_bits();
        let exponent = ((bits >> 52) & 0x7ff) as usize;
        let fraction = bits & ((1u64 << 52) - 1);
        // x = mantissa * 2^(shift - 1074): subnormals have shift 0 and no implicit bit.
        let (mantissa, shift) = if exponent == 0 { (fraction, 0) } else { (fraction | (1u64 << 52), exponent - 1) };
        let wide = (mantissa as u128) << (shift % 32);
        let at = shift / 32;
        let chunks = [(wide & 0xffff_ffff) as i64, ((wide >> 32) & 0xffff_ffff) as i64, (wide >> 64) as i64];
        let negative = bits >> 63 == 1;
        for (k, c) in chunks.into_iter().enumerate() {
            if negative {
                self.limbs[at + k] -= c;
            } else {
                self.limbs[at + k] += c;
            }
        }
        self.pending += 1;
        if self.pending >= NORMALIZE_EVERY {
            self.normalize();
        }
    }

    /// Add another exact sum (merging partial sums).
    pub fn merge(&mut self, other: &ExactSum) {
        let mut o = other.clone();
        o.normalize();
        self.normalize();
        for (a, b) in self.limbs.iter_mut().zip(o.limbs) {
            *a += b;
        }
        self.normalize();
    }

    /// Propagate carries: afterwards every limb but the top one is in `0..2^32`.
    fn normalize(&mut self) {
        for i in 0..LIMBS - 1 {
            let carry = self.limbs[i] >> 32;
            self.limbs[i] -= carry << 32;
            self.limbs[i + 1] += carry;
        }
        self.pending = 0;
    }

    /// The sum in units of 2^-1074 as a little-endian two's complement integer
    /// (Python: `int.from_bytes(b, "little", signed=True)`).
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut s = self.clone();
        s.normalize();
        let mut out = Vec::with_capacity(LIMBS * 4 + 4);
        for &limb in &s.limbs[..LIMBS - 1] {
            out.extend_from_slice(&(limb as u32).to_le_bytes());
        }
        out.extend_from_slice(&s.limbs[LIMBS - 1].to_le_bytes());
        out
    }

    /// The correctly rounded `f64` nearest to the sum (ties to even).
    pub fn value(&self) -> f64 {
        self.mean(1)
    }

    /// The correctly rounded `f64` nearest to sum / n (ties to even); 0.0 for n = 0.
    pub fn mean(&self, n: u64) -> f64 {
        if n == 0 {
            return 0.0;
        }
        let mut s = self.clone();
        s.normalize();
        let negative = s.limbs[LIMBS - 1] < 0;
        // Magnitude as base-2^32 digits, least significant first.
        let mut digits: Vec<u64> = Vec::with_capacity(LIMBS + 1);
        let mut borrow_or_carry: i128 = 0;
        for (i, &limb) in s.limbs.iter().enumerate() {
            let v = if negative { -(limb as i128) } else { limb as i128 } + borrow_or_carry;
            if i == LIMBS - 1 {
                // The top limb of the magnitude fits in 64 bits: split it in two digits.
                let v = v as u64;
                digits.push(v & 0xffff_ffff);
                digits.push(v >> 32);
            } else {
                let d = v.rem_euclid(1 << 32);
                borrow_or_carry = (v - d) >> 32;
                digits.push(d as u64);
            }
        }
        // Long division by n, most significant digit first.
        let mut quotient = vec![0u64; digits.len()];
        let mut rem: u128 = 0;
        for i in (0..digits.len()).rev() {
            let cur = (rem << 32) | digits[i] as u128;
            quotient[i] = (cur / n as u128) as u64;
            rem = cur % n as u128;
        }
        let magnitude = round_scaled(&quotient, rem, n);
        if negative {
            -magnitude
        } else {
            magnitude
        }
    }
}

/// Bit `i` of a base-2^32 digit vector.
fn bit(q: &[u64], i: usize) -> bool {
    (q[i / 32] >> (i % 32)) & 1 == 1
}

/// (q + rem / n) * 2^-1074 rounded to the nearest double, ties to even.
fn round_scaled(q: &[u64], rem: u128, n: u64) -> f64 {
    let top = q.iter().rposition(|&d| d != 0);
    let Some(top) = top else {
        // Below one unit: 0 or the smallest subnormal (round half to even: exactly half is 0).
        return if 2 * rem > n as u128 { f64::from_bits(1) } else { 0.0 };
    };
    let bits = top * 32 + (64 - q[top].leading_zeros() as usize);
    let (mut mantissa, shift, round_up_half, above_half) = if bits <= 53 {
        let m = q.iter().take(2).enumerate().fold(0u64, |acc, (i, &d)| acc | (d << (32 * i)));
        let twice = 2 * rem;
        (m, 0usize, twice == n as u128, twice > n as u128)
    } else {
        let shift = bits - 53;
        let mut m = 0u64;
        for i in (shift..bits).rev() {
            m = (m << 1) | bit(q, i) as u64;
        }
        let half = bit(q, shift - 1);
        let sticky = rem != 0 || (0..shift - 1).any(|i| bit(q, i));
        (m, shift, half && !sticky, half && sticky)
    };
    if above_half || (round_up_half && mantissa & 1 == 1) {
        mantissa += 1;
    }
    // mantissa <= 2^53 is exact as a double; the power of two is exact (normal or subnormal),
    // and so is the product (it is representable, or overflows to infinity).
    let e = shift as i64 - 1074;
    let scale = if e >= -1022 { f64::from_bits(((e + 1023) as u64) << 52) } else { f64::from_bits(1u64 << (e + 1074)) };
    if e > 1023 {
        return f64::INFINITY;
    }
    mantissa as f64 * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(xs: &[f64]) -> ExactSum {
        let mut s = ExactSum::new();
        for &x in xs {
            s.add(x).unwrap();
        }
        s
    }

    #[test]
    fn exact_where_plain_summation_loses_bits() {
        let xs = [1e100, 1.0, -1e100, 1e-300];
        assert_eq!(sum(&xs).value(), 1.0);
        let tenth = [0.1; 10];
        assert_eq!(sum(&tenth).value(), 1.0); // 10 * 0.1 in binary is 1.0000000000000000555 -> 1.0
        assert_ne!(tenth.iter().sum::<f64>(), 1.0);
    }

    #[test]
    fn order_and_grouping_do_not_matter() {
        let xs: Vec<f64> = (0..1000).map(|i| ((i * 7919) % 1013) as f64 / 977.0 - 0.3).collect();
        let whole = sum(&xs);
        let mut rev = xs.clone();
        rev.reverse();
        assert_eq!(whole, sum(&rev));
        let mut merged = sum(&xs[..333]);
        merged.merge(&sum(&xs[333..]));
        assert_eq!(whole, merged);
        assert_eq!(whole.mean(1000), merged.mean(1000));
    }

    #[test]
    fn mean_is_correctly_rounded() {
        assert_eq!(sum(&[1.0, 2.0]).mean(2), 1.5);
        assert_eq!(sum(&[1.0, 0.0, 0.0]).mean(3), 1.0 / 3.0);
        assert_eq!(sum(&[-1.0, 0.0, 0.0]).mean(3), -1.0 / 3.0);
        assert_eq!(sum(&[f64::MAX, f64::MAX]).mean(2), f64::MAX);
        assert_eq!(sum(&[f64::MAX, f64::MAX]).value(), f64::INFINITY);
        let tiny = f64::from_bits(1);
        assert_eq!(sum(&[tiny]).value(), tiny);
        assert_eq!(sum(&[tiny]).mean(2), 0.0); // half of the smallest subnormal: ties to even
        assert_eq!(sum(&[tiny, tiny, tiny]).mean(2), 2.0 * tiny); // 1.5 units -> 2
        assert_eq!(sum(&[]).mean(0), 0.0);
    }

    #[test]
    fn refuses_non_finite() {
        assert!(ExactSum::new().add(f64::NAN).is_err());
        assert!(ExactSum::new().add(f64::INFINITY).is_err());
    }

    #[test]
    fn bytes_are_twos_complement() {
        let b = sum(&[-f64::from_bits(1)]).to_le_bytes();
        assert!(b.iter().all(|&x| x == 0xff));
        let b = sum(&[1.0]).to_le_bytes(); // 2^1074
        let ones: Vec<usize> = (0..b.len() * 8).filter(|&i| (b[i / 8] >> (i % 8)) & 1 == 1).collect();
        assert_eq!(ones, vec![1074]);
    }
}
