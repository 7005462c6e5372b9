//! BLEU as coco-caption computes it (David Chiang's `bleu_scorer.py`, in pycocoevalcap's `Bleu`),
//! not sacrebleu's: words are `split()` tokens of the PTB-tokenized caption, each caption is
//! compared with the reference length closest to its own (ties: the shorter), every precision is
//! `(matches + 1e-15) / (n-grams + 1e-9)` so that none is zero, and the brevity penalty
//! `exp(1 - r/c)` uses the same constants. `Bleu_n` is the geometric mean of the precisions of
//! orders 1..n; the corpus value uses the statistics summed over the captions.
use super::ngrams::{Marks, Profiles};
use super::pyfloat::pow;

/// The highest order pycocoevalcap's BLEU can compute (its statistics always hold four).
pub const MAX_ORDER: usize = 4;

const TINY: f64 = 1e-15;
const SMALL: f64 = 1e-9;

/// A caption's statistics (or their sum over captions).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BleuStats {
    /// Words of the caption.
    pub testlen: u64,
    /// The reference length it is compared with.
    pub reflen: u64,
    /// Per order: the caption's n-grams, and those matched by a reference (clipped).
    pub guess: [u64; MAX_ORDER],
    pub correct: [u64; MAX_ORDER],
}

impl std::ops::AddAssign for BleuStats {
    fn add_assign(&mut self, o: BleuStats) {
        self.testlen += o.testlen;
        self.reflen += o.reflen;
        for k in 0..MAX_ORDER {
            self.guess[k] += o.guess[k];
            self.correct[k] += o.correct[k];
        }
    }
}

/// The statistics of caption `cand` against references `refs` (texts of `profiles`, whose word
/// counts are `lens`). `marks` is scratch space over the n-gram ids (`ids` of them).
pub fn item_stats(
    profiles: &Profiles,
    lens: &[u32],
    cand: usize,
    refs: &[usize],
    marks: &mut Marks<u32>,
    ids: usize,
) -> BleuStats {
    let testlen = lens[cand] as u64;
    // The closest reference length, the shorter on a tie.
    let reflen = refs.iter().map(|&r| lens[r] as u64).min_by_key(|&l| (l.abs_diff(testlen), l)).unwrap_or(0);
    marks.reset(ids);
    for &r in refs {
        for &(g, c) in profiles.all(r) {
            if marks.get(g).map_or(true, |m| m < c) {
                marks.set(g, c);
            }
        }
    }
    let mut s = BleuStats { testlen, reflen, ..Default::default() };
    for k in 0..profiles.order().min(MAX_ORDER) {
        s.guess[k] = testlen.saturating_sub(k as u64);
        s.correct[k] =
            profiles.of(cand, k).iter().map(|&(g, c)| c.min(marks.get(g).unwrap_or(0)) as u64).sum();
    }
    s
}

/// `Bleu_1..Bleu_n` of statistics, as pycocoevalcap computes both a caption's and the corpus'.
pub fn scores(s: &BleuStats, n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(n);
    let mut bleu = 1.0;
    for k in 0..n {
        bleu *= (s.correct[k] as f64 + TINY) / (s.guess[k] as f64 + SMALL);
        out.push(pow(bleu, 1.0 / (k + 1) as f64));
    }
    let ratio = (s.testlen as f64 + TINY) / (s.reflen as f64 + SMALL);
    if ratio < 1.0 {
        let penalty = (1.0 - 1.0 / ratio).exp();
        for b in &mut out {
            *b *= penalty;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_keep_scores_above_zero() {
        // 6 of 11 unigrams: 0.545454545355..., not 6/11: even an equal length pays a brevity
        // penalty, (11 + 1e-15) / (11 + 1e-9) being below 1.
        let s = BleuStats { testlen: 11, reflen: 11, guess: [11, 10, 9, 8], correct: [6, 0, 0, 0] };
        let b = scores(&s, 4);
        assert_eq!(b[0], 0.545454545355372);
        assert!(b[1] > 0.0 && b[3] > 0.0 && b[3] < 1e-3);
        // A one-word caption: Bleu_2 is sqrt(1 * 1e-15 / 1e-9) = 1e-3.
        let one = BleuStats { testlen: 1, reflen: 1, guess: [1, 0, 0, 0], correct: [1, 0, 0, 0] };
        assert!((scores(&one, 2)[1] - 1e-3).abs() < 1e-9);
        // An empty caption: the brevity penalty is exp(-huge) = 0.
        let empty = BleuStats { testlen: 0, reflen: 5, ..Default::default() };
        assert_eq!(scores(&empty, 4), [0.0; 4]);
    }
}
