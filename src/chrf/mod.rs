//! chrF and chrF++ (Popović 2015, 2017) exactly as sacrebleu 2.6.0 computes them.
//!
//! - [`extract`]: a text -> the code points its character n-grams run over (Python whitespace
//!   removed unless `whitespace`) and the words of chrF++ (one punctuation character split off).
//! - [`ngrams`]: n-gram ids chained from `(prefix id, symbol)` keys packed in a `u64`, so any order
//!   is counted without building a string per n-gram; the statistics of one segment.
//! - [`pairwise`]: all-pairs statistics and scores through an inverted index of n-gram ids.
//! - [`score`]: the F-beta score from statistics (sacrebleu's effective-order average or its
//!   epsilon-smoothed mean), and the float32 arithmetic of its bootstrap resampling.
//! - [`corpus`]: reference streams -> segments, batch statistics and sentence scores.
//!
//! Statistics follow sacrebleu's layout: for each order (character orders first, then word orders)
//! `[hypothesis n-grams, reference n-grams, matches]`, the hypothesis count being 0 when the
//! reference has no n-gram of that order. Lowercasing is Python's `str.lower`, applied by the
//! caller before texts reach this module.
pub mod corpus;
pub mod extract;
pub mod levels;
pub mod ngrams;
pub mod pairwise;
pub mod score;

use crate::error::{Error, Result};

/// The largest character or word n-gram order accepted (the statistics and the work grow with it).
pub const MAX_ORDER: i64 = crate::limits::MAX_NGRAM_ORDER as i64;

/// The largest `beta` accepted (see [`crate::limits::MAX_CHRF_BETA`]).
pub const MAX_BETA: f64 = crate::limits::MAX_CHRF_BETA;

/// The options of sacrebleu's `CHRF` that change the numbers (lowercasing happens before).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChrfOptions {
    pub char_order: usize,
    pub word_order: usize,
    pub beta: f64,
    /// Keep whitespace inside character n-grams (sacrebleu's `whitespace=True`).
    pub whitespace: bool,
    /// chrF++.py's epsilon smoothing instead of sacrebleu's effective-order average.
    pub eps_smoothing: bool,
}

impl ChrfOptions {
    /// Checked options: orders in `0..=MAX_ORDER` with at least one n-gram order in all, `beta`
    /// finite in `(0, MAX_BETA]`.
    pub fn new(
        char_order: i64,
        word_order: i64,
        beta: f64,
        whitespace: bool,
        eps_smoothing: bool,
    ) -> Result<Self> {
        for (arg, v) in [("char_order", char_order), ("word_order", word_order)] {
            if !(0..=MAX_ORDER).contains(&v) {
                return Err(Error::value(arg, format!("must be between 0 and {MAX_ORDER}, got {v}")));
            }
        }
        if char_order + word_order == 0 {
            return Err(Error::value(
                "char_order",
                "char_order and word_order are both 0: no n-gram to count",
            ));
        }
        if !(beta.is_finite() && beta > 0.0 && beta <= MAX_BETA) {
            return Err(Error::value(
                "beta",
                format!("must be a finite number in (0, {MAX_BETA}], got {beta}"),
            ));
        }
        Ok(ChrfOptions {
            char_order: char_order as usize,
            word_order: word_order as usize,
            beta,
            whitespace,
            eps_smoothing,
        })
    }

    /// Character plus word orders.
    pub fn orders(&self) -> usize {
        self.char_order + self.word_order
    }

    /// Statistics per segment: three per order.
    pub fn stats_len(&self) -> usize {
        3 * self.orders()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        assert!(ChrfOptions::new(6, 0, 2.0, false, false).is_ok());
        assert!(ChrfOptions::new(0, 2, 2.0, false, false).is_ok());
        assert!(ChrfOptions::new(0, 0, 2.0, false, false).is_err());
        assert!(ChrfOptions::new(-1, 0, 2.0, false, false).is_err());
        assert!(ChrfOptions::new(6, -1, 2.0, false, false).is_err());
        assert!(ChrfOptions::new(101, 0, 2.0, false, false).is_err());
        assert!(ChrfOptions::new(6, 0, 0.0, false, false).is_err());
        assert!(ChrfOptions::new(6, 0, f64::NAN, false, false).is_err());
        assert!(ChrfOptions::new(6, 0, f64::INFINITY, false, false).is_err());
        assert_eq!(ChrfOptions::new(6, 2, 2.0, false, false).unwrap().stats_len(), 24);
    }
}
