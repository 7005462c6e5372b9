//! Corpus-level ROUGE: macro averages (mean of per-item scores) or micro averages (scores of
//! the summed counts), with seeded bootstrap confidence intervals.
//!
//! Resample b draws N item indices with replacement from its own SplitMix64 stream seeded by
//! (seed, b), so resamples can run in parallel and the result is the same for any thread count.
//! The interval bounds are percentiles of the resample scores with linear interpolation
//! (NumPy's default). This RNG is our own: it does not reproduce rouge_score's NumPy draws
//! (`BootstrapAggregator` does) nor ROUGE-1.5.5's (the Perl-compatible mode does).
use crate::batch;
use crate::error::{Error, Result};
use crate::kernels::fmeasure::Prf;
use crate::limits::MAX_BOOTSTRAP;
use crate::options::Vocabulary;
use crate::rouge::counts::{finish, Counts, FWeight};
use crate::rouge::multi::TypeScore;
use crate::rouge::types::RougeType;
use crate::stats::ExactSum;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Average {
    /// Mean of the per-item precision, recall and F.
    Macro,
    /// Precision, recall and F of the counts summed over items (ROUGE-1.5.5 `-t 1`).
    Micro,
}

impl Vocabulary for Average {
    const ARGUMENT: &'static str = "average";
    const WHAT: &'static str = "average";
    const CHOICES: &'static [(&'static str, Self)] = &[("macro", Average::Macro), ("micro", Average::Micro)];
}

/// One of the three values of a score (what a significance test compares).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Precision,
    Recall,
    Fmeasure,
}

impl Vocabulary for Measure {
    const ARGUMENT: &'static str = "measure";
    const WHAT: &'static str = "measure";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("precision", Measure::Precision), ("recall", Measure::Recall), ("fmeasure", Measure::Fmeasure)];
}

/// A point estimate with its bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Interval {
    pub score: f64,
    pub low: f64,
    pub high: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CorpusScore {
    pub precision: Interval,
    pub recall: Interval,
    pub fmeasure: Interval,
}

/// Bootstrap settings: `resamples = 0` gives the point estimate only (low = high = score).
#[derive(Debug, Clone, Copy)]
pub struct Bootstrap {
    pub resamples: usize,
    pub confidence: f64,
    pub seed: u64,
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (multiply-shift; the bias is below 2^-40 for any realistic n).
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// The average of the items selected by `idx` (or all items).
fn average(ty: RougeType, items: &[TypeScore], idx: Option<&[usize]>, avg: Average, weight: FWeight) -> Prf {
    let n = idx.map_or(items.len(), |i| i.len());
    let at = |k: usize| &items[idx.map_or(k, |i| i[k])];
    match avg {
        Average::Macro => {
            let mut s = Prf::default();
            for k in 0..n {
                let p = at(k).prf;
                s.precision += p.precision;
                s.recall += p.recall;
                s.fmeasure += p.fmeasure;
            }
            let d = n.max(1) as f64;
            Prf { precision: s.precision / d, recall: s.recall / d, fmeasure: s.fmeasure / d }
        }
        Average::Micro => {
            let mut total = Counts::default();
            for k in 0..n {
                total += at(k).counts.expect("checked by aggregate");
            }
            finish(ty, total, weight)
        }
    }
}

/// The corpus point estimate, summed exactly (each sum rounded once): the same number for any
/// order of the items, so that partitions scored apart and merged (`rougebleu.stats`) give it
/// bit for bit. Bootstrap resamples keep the plain running sum of [`average`].
pub fn exact_average(ty: RougeType, items: &[TypeScore], avg: Average, weight: FWeight) -> Prf {
    let mut sums: [ExactSum; 3] = Default::default();
    for s in items {
        let v = match avg {
            Average::Macro => [s.prf.precision, s.prf.recall, s.prf.fmeasure],
            Average::Micro => {
                let c = s.counts.expect("checked by aggregate");
                [c.hits, c.reference_total, c.candidate_total]
            }
        };
        for (sum, x) in sums.iter_mut().zip(v) {
            sum.add(x).expect("ROUGE scores and counts are finite");
        }
    }
    match avg {
        Average::Macro => {
            let n = items.len() as u64;
            Prf { precision: sums[0].mean(n), recall: sums[1].mean(n), fmeasure: sums[2].mean(n) }
        }
        Average::Micro => {
            let total = Counts {
                hits: sums[0].value(),
                reference_total: sums[1].value(),
                candidate_total: sums[2].value(),
            };
            finish(ty, total, weight)
        }
    }
}

/// NumPy-style percentile (linear interpolation) of sorted values, `q` in [0, 100].
fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let pos = q / 100.0 * (sorted.len() - 1) as f64;
    let (lo, frac) = (pos.floor() as usize, pos - pos.floor());
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (sorted[hi] - sorted[lo]) * frac
}

/// Corpus score of one rouge type from its per-item scores.
pub fn aggregate(
    ty: RougeType,
    items: &[TypeScore],
    avg: Average,
    weight: FWeight,
    bootstrap: Bootstrap,
    workers: Option<usize>,
) -> Result<CorpusScore> {
    if avg == Average::Micro && items.iter().any(|s| s.counts.is_none()) {
        return Err(Error::value(
            "average",
            "micro averaging sums counts, which the 'mean' multi_ref mode and jackknifing do not have",
        ));
    }
    if bootstrap.resamples > MAX_BOOTSTRAP {
        return Err(Error::value(
            "n_bootstrap",
            format!("must be at most {MAX_BOOTSTRAP}, got {}", bootstrap.resamples),
        ));
    }
    if !(bootstrap.confidence > 0.0 && bootstrap.confidence < 1.0) {
        return Err(Error::value("confidence", format!("must be in (0, 1), got {}", bootstrap.confidence)));
    }
    let point = exact_average(ty, items, avg, weight);
    let mut out = CorpusScore {
        precision: Interval { score: point.precision, low: point.precision, high: point.precision },
        recall: Interval { score: point.recall, low: point.recall, high: point.recall },
        fmeasure: Interval { score: point.fmeasure, low: point.fmeasure, high: point.fmeasure },
    };
    if bootstrap.resamples == 0 || items.is_empty() {
        return Ok(out);
    }
    let n = items.len();
    let resampled: Vec<Prf> = batch::map_range(bootstrap.resamples, workers, |b| {
        let mut rng = SplitMix64(bootstrap.seed ^ (b as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let idx: Vec<usize> = (0..n).map(|_| rng.below(n)).collect();
        average(ty, items, Some(&idx), avg, weight)
    });
    let delta = (1.0 - bootstrap.confidence) / 2.0 * 100.0;
    let bounds = |get: fn(&Prf) -> f64| {
        let mut v: Vec<f64> = resampled.iter().map(get).collect();
        v.sort_by(|a, b| a.total_cmp(b));
        (percentile(&v, delta), percentile(&v, 100.0 - delta))
    };
    (out.precision.low, out.precision.high) = bounds(|p| p.precision);
    (out.recall.low, out.recall.high) = bounds(|p| p.recall);
    (out.fmeasure.low, out.fmeasure.high) = bounds(|p| p.fmeasure);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(h: f64, r: f64, c: f64) -> TypeScore {
        let counts = Counts { hits: h, reference_total: r, candidate_total: c };
        TypeScore { prf: finish(RougeType::N(1), counts, FWeight::F1), int_zero: false, counts: Some(counts) }
    }

    #[test]
    fn macro_and_micro_averages() {
        let items = [item(1.0, 2.0, 2.0), item(1.0, 8.0, 8.0)];
        let none = Bootstrap { resamples: 0, confidence: 0.95, seed: 0 };
        let m = aggregate(RougeType::N(1), &items, Average::Macro, FWeight::F1, none, Some(1)).unwrap();
        assert_eq!(m.recall.score, (0.5 + 0.125) / 2.0);
        let u = aggregate(RougeType::N(1), &items, Average::Micro, FWeight::F1, none, Some(1)).unwrap();
        assert_eq!(u.recall.score, 0.2);
    }

    #[test]
    fn bootstrap_is_seeded_and_thread_independent() {
        let items: Vec<TypeScore> = (0..50).map(|i| item((i % 7) as f64, 10.0, 8.0)).collect();
        let bs = Bootstrap { resamples: 300, confidence: 0.9, seed: 42 };
        let a = aggregate(RougeType::N(1), &items, Average::Macro, FWeight::F1, bs, Some(1)).unwrap();
        let b = aggregate(RougeType::N(1), &items, Average::Macro, FWeight::F1, bs, Some(3)).unwrap();
        assert_eq!(a, b);
        assert!(a.recall.low < a.recall.score && a.recall.score < a.recall.high);
        let c = aggregate(
            RougeType::N(1),
            &items,
            Average::Macro,
            FWeight::F1,
            Bootstrap { seed: 43, ..bs },
            None,
        )
        .unwrap();
        assert_ne!(a.recall.low, c.recall.low);
    }

    #[test]
    fn percentile_interpolates_like_numpy() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&v, 50.0), 2.5);
        assert_eq!(percentile(&v, 0.0), 1.0);
        assert_eq!(percentile(&v, 100.0), 4.0);
        assert!((percentile(&v, 2.5) - 1.075).abs() < 1e-12);
    }
}
