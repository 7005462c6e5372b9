//! Float arithmetic as Python and NumPy do it in pycocoevalcap, so that scores agree to the bit.
//!
//! - Python's `x ** y` and `pow(x, y)` on floats, and NumPy's scalar power, call the C library's
//!   `pow`. The compiler would turn `pow(x, 2.0)` into `x * x`, which is correctly rounded while
//!   glibc's `pow` is not always (about 1 in 1,200 random doubles differ in the last bit), so the
//!   exponent is hidden from it.
//! - `np.mean` of a float64 array adds with NumPy's pairwise summation, then divides by the length.
//!
//! `ln`, `exp` and `sqrt` are the C library's `log` and `exp` and the correctly rounded square
//! root in both languages. NumPy's own `log` (used by pycocoevalcap's CIDEr for idf) is the C
//! library's on most machines; on machines with AVX-512 it is a vectorized one that differs in the
//! last bit for a few integers (the first is 9,170), so idf values of document frequencies or
//! corpus sizes that large can differ there by one unit in the last place.

/// The C library's `pow(x, y)`.
#[inline]
pub fn pow(x: f64, y: f64) -> f64 {
    x.powf(std::hint::black_box(y))
}

/// NumPy's `np.add.reduce` of a contiguous float64 array: blocks of 128 summed with eight
/// accumulators, halves of larger arrays summed recursively (split at a multiple of 8).
pub fn numpy_sum(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        let mut sum = 0.0;
        for &x in a {
            sum += x;
        }
        sum
    } else if n <= 128 {
        let mut r = [a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]];
        let whole = n - n % 8;
        let mut i = 8;
        while i < whole {
            for (j, acc) in r.iter_mut().enumerate() {
                *acc += a[i + j];
            }
            i += 8;
        }
        let mut sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for &x in &a[whole..] {
            sum += x;
        }
        sum
    } else {
        let half = n / 2;
        let half = half - half % 8;
        numpy_sum(&a[..half]) + numpy_sum(&a[half..])
    }
}

/// `np.mean` of a float64 array (NaN for an empty one, where NumPy also warns).
pub fn numpy_mean(a: &[f64]) -> f64 {
    numpy_sum(a) / a.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairwise_summation_keeps_numpy_order() {
        // 0.1 added 10 times one by one is 0.9999999999999999; the pairwise order is different.
        let a = vec![0.1; 10];
        let sequential: f64 = a.iter().fold(0.0, |s, x| s + x);
        assert_eq!(sequential, 0.9999999999999999);
        assert_eq!(numpy_sum(&a), ((0.1 + 0.1) + (0.1 + 0.1)) + ((0.1 + 0.1) + (0.1 + 0.1)) + 0.1 + 0.1);
        assert_eq!(numpy_sum(&[]), 0.0);
        assert_eq!(numpy_sum(&[1.5, 2.5]), 4.0);
        // Large arrays split recursively: the result only depends on the values' positions.
        let big: Vec<f64> = (0..1000).map(|i| 1.0 / (i as f64 + 1.0)).collect();
        let halves = numpy_sum(&big[..496]) + numpy_sum(&big[496..]);
        assert_eq!(numpy_sum(&big), halves);
        assert!(numpy_mean(&[]).is_nan());
    }

    #[test]
    fn pow_is_the_c_library_one() {
        // The exponent is opaque, so even 2.0 goes to the library call.
        assert_eq!(pow(3.0, 2.0), 9.0);
        assert_eq!(pow(1.2, 2.0), 1.44);
        assert_eq!(pow(2.0, 0.5), std::f64::consts::SQRT_2);
    }
}
