//! `rougeEvaluationScore` as MATLAB's Algorithms section defines it (after Lin 2004).
//!
//! Per reference document, then the maximum over reference documents (NaN ones left out, as
//! MATLAB's `max` omits NaN):
//! - ROUGE-N: recall `Σ_i hits(r_i) / Σ_i numNgrams(r_i)` over reference sentences `r_i`, the
//!   hits of a sentence clipped against the n-gram counts of the whole candidate (whose n-grams
//!   do not cross its own sentence boundaries).
//! - ROUGE-L: `R = Σ_i |LCS∪(C, r_i)| / numWords(R)`, `P = Σ_i |LCS∪(C, r_i)| / numWords(C)`,
//!   the union LCS of each reference sentence against the candidate sentences (Lin 2004 §3.2;
//!   hits clipped by the token counts, which only matters with several candidate sentences).
//! - ROUGE-W: `R = f⁻¹(WLCS(C, R) / f(numWords(R)))`, `P = f⁻¹(WLCS(C, R) / f(numWords(C)))`,
//!   `f(k) = k^weight`, over the whole token sequences as the page's formula writes it.
//! - ROUGE-S: skip-bigrams of each sentence with at most `skip_distance` words between the two
//!   words; `R = Σ_i hits(r_i) / Σ_i numSkipBigrams(r_i)`, `P = Σ_i hits(r_i) / Σ_j numSkipBigrams(c_j)`.
//! - ROUGE-SU: ROUGE-S with the unigram hits and counts added to numerator and denominators.
//! - L, W, S, SU combine `P` and `R` with `F = (1 + β²)·P·R / (R + β²·P)`.
//!
//! NaN and zero rules (the page's Tips, applied to each method's unit): a reference document
//! with no units (fewer words than n, no skip-bigram, empty) scores NaN; otherwise a candidate
//! with no units scores 0; so candidate and references all empty give NaN.
use rustc_hash::FxHashMap;

use super::Document;
use crate::error::{Error, Result};
use crate::kernels::fmeasure::f_beta;
use crate::kernels::lcs::union_lcs_hits;
use crate::kernels::ngram::NgramKeys;
use crate::kernels::skip_bigram::{self, SkipDistance};
use crate::kernels::wlcs::wlcs_recall_precision;
use crate::limits::{MAX_BETA, MAX_NGRAM_ORDER, MAX_WLCS_WEIGHT};
use crate::options::Vocabulary;

/// MATLAB's `ROUGEMethod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RougeMethod {
    Ngrams,
    LongestCommonSubsequences,
    WeightedSubsequences,
    SkipBigrams,
    SkipBigramsAndUnigrams,
}

impl Vocabulary for RougeMethod {
    const ARGUMENT: &'static str = "rouge_method";
    const WHAT: &'static str = "method";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("n-grams", RougeMethod::Ngrams),
        ("longest-common-subsequences", RougeMethod::LongestCommonSubsequences),
        ("weighted-subsequences", RougeMethod::WeightedSubsequences),
        // The documentation's other name for it.
        ("weighted-longest-common-subsequences", RougeMethod::WeightedSubsequences),
        ("skip-bigrams", RougeMethod::SkipBigrams),
        ("skip-bigrams-and-unigrams", RougeMethod::SkipBigramsAndUnigrams),
    ];
    // MATLAB matches option values ignoring case.
    const IGNORE_CASE: bool = true;
}

/// The options of `rougeEvaluationScore`.
#[derive(Debug, Clone, Copy)]
pub struct RougeOptions {
    pub method: RougeMethod,
    pub ngram_length: usize,
    pub skip_distance: SkipDistance,
    pub beta: f64,
    pub weight: f64,
}

impl Default for RougeOptions {
    fn default() -> Self {
        RougeOptions {
            method: RougeMethod::Ngrams,
            ngram_length: 1,
            skip_distance: SkipDistance::Max(4),
            beta: 1.0,
            weight: 1.2,
        }
    }
}

impl RougeOptions {
    pub fn validate(&self) -> Result<()> {
        if !(1..=MAX_NGRAM_ORDER).contains(&self.ngram_length) {
            return Err(Error::value(
                "ngram_length",
                format!("must be an integer from 1 to {MAX_NGRAM_ORDER}"),
            ));
        }
        if self.skip_distance == SkipDistance::Max(0) {
            return Err(Error::value("skip_distance", "must be a positive integer"));
        }
        if !(self.beta.is_finite() && (0.0..=MAX_BETA).contains(&self.beta)) {
            return Err(Error::value(
                "beta",
                format!("must be a nonnegative number at most {MAX_BETA:e}, got {}", self.beta),
            ));
        }
        if !(1.0..=MAX_WLCS_WEIGHT).contains(&self.weight) {
            return Err(Error::value(
                "weight",
                format!(
                    "must be a number from 1 to {MAX_WLCS_WEIGHT} (k^weight must stay finite), got {}",
                    self.weight
                ),
            ));
        }
        Ok(())
    }
}

/// The ROUGE score of `candidate` against `references` (maximum over references; NaN if none).
pub fn score(candidate: &Document, references: &[Document], o: &RougeOptions) -> f64 {
    let mut scorer = Scorer::new(candidate, o);
    let mut best = f64::NAN;
    for r in references {
        let s = scorer.single(r);
        // MATLAB's max omits NaN.
        if s > best || best.is_nan() {
            best = s;
        }
    }
    best
}

/// The candidate side, prepared once for all references.
struct Scorer<'a> {
    candidate: &'a Document,
    o: RougeOptions,
    keys: NgramKeys,
    /// Counts of the candidate's units (n-grams or skip-bigrams) and its unit total.
    counts: FxHashMap<u64, u32>,
    cand_units: usize,
    /// Unigram counts for ROUGE-SU.
    unigrams: FxHashMap<u64, u32>,
    buf: Vec<u64>,
}

impl<'a> Scorer<'a> {
    fn new(candidate: &'a Document, o: &RougeOptions) -> Self {
        let mut s = Scorer {
            candidate,
            o: *o,
            keys: NgramKeys::new(),
            counts: FxHashMap::default(),
            cand_units: 0,
            unigrams: FxHashMap::default(),
            buf: Vec::new(),
        };
        let mut buf = Vec::new();
        for sent in candidate.sentences() {
            match o.method {
                RougeMethod::Ngrams => s.keys.keys(sent, o.ngram_length, &mut buf),
                RougeMethod::SkipBigrams | RougeMethod::SkipBigramsAndUnigrams => {
                    skip_bigram::keys(sent, o.skip_distance, 1 << 32, &mut buf)
                }
                _ => buf.clear(),
            }
            s.cand_units += buf.len();
            for &k in &buf {
                *s.counts.entry(k).or_insert(0) += 1;
            }
            if o.method == RougeMethod::SkipBigramsAndUnigrams {
                s.cand_units += sent.len();
                for &t in sent {
                    *s.unigrams.entry(t as u64).or_insert(0) += 1;
                }
            }
        }
        s
    }

    /// ROUGE of the candidate against one reference document.
    fn single(&mut self, reference: &Document) -> f64 {
        let o = self.o;
        match o.method {
            RougeMethod::Ngrams => {
                let (mut hits, mut units) = (0, 0);
                for sent in reference.sentences() {
                    self.keys.keys(sent, o.ngram_length, &mut self.buf);
                    units += self.buf.len();
                    hits += clipped_hits(&self.buf, &self.counts);
                }
                if units == 0 {
                    f64::NAN
                } else {
                    hits as f64 / units as f64
                }
            }
            RougeMethod::LongestCommonSubsequences => {
                if reference.is_empty() {
                    return f64::NAN;
                }
                if self.candidate.is_empty() {
                    return 0.0;
                }
                let r: Vec<&[u32]> = reference.sentences().collect();
                let c: Vec<&[u32]> = self.candidate.sentences().collect();
                let hits = union_lcs_hits(&r, &c) as f64;
                f_beta(hits / self.candidate.len() as f64, hits / reference.len() as f64, o.beta)
            }
            RougeMethod::WeightedSubsequences => {
                if reference.is_empty() {
                    return f64::NAN;
                }
                if self.candidate.is_empty() {
                    return 0.0;
                }
                let (r, p) = wlcs_recall_precision(&reference.tokens, &self.candidate.tokens, o.weight);
                f_beta(p, r, o.beta)
            }
            RougeMethod::SkipBigrams | RougeMethod::SkipBigramsAndUnigrams => {
                let with_unigrams = o.method == RougeMethod::SkipBigramsAndUnigrams;
                let (mut hits, mut units) = (0, 0);
                for sent in reference.sentences() {
                    skip_bigram::keys(sent, o.skip_distance, 1 << 32, &mut self.buf);
                    units += self.buf.len();
                    hits += clipped_hits(&self.buf, &self.counts);
                    if with_unigrams {
                        self.buf.clear();
                        self.buf.extend(sent.iter().map(|&t| t as u64));
                        units += sent.len();
                        hits += clipped_hits(&self.buf, &self.unigrams);
                    }
                }
                if units == 0 {
                    return f64::NAN;
                }
                if self.cand_units == 0 {
                    return 0.0;
                }
                f_beta(hits as f64 / self.cand_units as f64, hits as f64 / units as f64, o.beta)
            }
        }
    }
}

/// `Σ_g min(count_in(keys, g), candidate[g])`: one reference sentence's clipped hits.
fn clipped_hits(keys: &[u64], candidate: &FxHashMap<u64, u32>) -> usize {
    if keys.is_empty() || candidate.is_empty() {
        return 0;
    }
    let mut used: FxHashMap<u64, u32> = FxHashMap::default();
    let mut hits = 0;
    for k in keys {
        if let Some(&available) = candidate.get(k) {
            let u = used.entry(*k).or_insert(0);
            if *u < available {
                *u += 1;
                hits += 1;
            }
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(tokens: &[u32]) -> Document {
        Document::single(tokens.to_vec())
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-15
    }

    fn opts(method: RougeMethod) -> RougeOptions {
        RougeOptions { method, ..RougeOptions::default() }
    }

    // the fast brown fox jumped over the lazy dog / the quick brown {animal, fox} jumped ...
    const CAND: [u32; 9] = [0, 1, 2, 3, 4, 5, 0, 6, 7];
    const REF_ANIMAL: [u32; 9] = [0, 8, 2, 9, 4, 5, 0, 6, 7];
    const REF_FOX: [u32; 9] = [0, 8, 2, 3, 4, 5, 0, 6, 7];

    #[test]
    fn seed_example_is_eight_ninths() {
        let s = score(&doc(&CAND), &[doc(&REF_ANIMAL), doc(&REF_FOX)], &RougeOptions::default());
        assert_eq!(s, 8.0 / 9.0);
    }

    #[test]
    fn tips_nan_and_zero_rules() {
        let o = RougeOptions { ngram_length: 3, ..RougeOptions::default() };
        assert!(score(&doc(&[1, 2, 3]), &[doc(&[1, 2])], &o).is_nan());
        assert_eq!(score(&doc(&[1, 2]), &[doc(&[1, 2, 3])], &o), 0.0);
        assert!(score(&doc(&[]), &[doc(&[])], &RougeOptions::default()).is_nan());
        assert!(score(&doc(&[1]), &[], &RougeOptions::default()).is_nan());
        // NaN references are left out of the maximum.
        assert_eq!(score(&doc(&[1, 2, 3]), &[doc(&[1]), doc(&[1, 2, 3])], &o), 1.0);
        for m in [
            RougeMethod::LongestCommonSubsequences,
            RougeMethod::WeightedSubsequences,
            RougeMethod::SkipBigrams,
        ] {
            assert!(score(&doc(&[]), &[doc(&[])], &opts(m)).is_nan());
            assert_eq!(score(&doc(&[]), &[doc(&[1, 2])], &opts(m)), 0.0);
            assert_eq!(score(&doc(&[3, 4]), &[doc(&[1, 2])], &opts(m)), 0.0);
            assert!(close(score(&doc(&CAND), &[doc(&CAND)], &opts(m)), 1.0));
        }
    }

    #[test]
    fn ngram_hits_are_counted_per_reference_sentence() {
        // Reference "a b . a b" in two sentences, candidate "a b": each sentence clips on its own.
        let r = Document::new(vec![1, 2, 1, 2], &[2, 2], "r").unwrap();
        let o = RougeOptions { ngram_length: 2, ..RougeOptions::default() };
        assert_eq!(score(&doc(&[1, 2]), &[r], &o), 1.0);
        // Candidate bigrams do not cross its sentence boundary.
        let c = Document::new(vec![1, 2, 3], &[1, 2], "c").unwrap();
        assert_eq!(score(&c, &[doc(&[1, 2])], &o), 0.0);
    }

    #[test]
    fn skip_bigrams_by_hand() {
        // r = a b c d, c = a c b d; unlimited: r has 6 pairs, c has 6; shared: ab ac ad bd cd = 5.
        let o = RougeOptions { skip_distance: SkipDistance::Unlimited, ..opts(RougeMethod::SkipBigrams) };
        assert!(close(score(&doc(&[1, 3, 2, 4]), &[doc(&[1, 2, 3, 4])], &o), 5.0 / 6.0));
        // Distance 1: r pairs ab ac bc bd cd (5), c pairs ac ab cb cd bd (5); shared ab ac bd cd = 4.
        let o1 = RougeOptions { skip_distance: SkipDistance::Max(1), ..o };
        assert!(close(score(&doc(&[1, 3, 2, 4]), &[doc(&[1, 2, 3, 4])], &o1), 4.0 / 5.0));
        // SU adds 4 unigram hits over 4 + 4 unigrams: (5 + 4) / (6 + 4).
        let su = RougeOptions { method: RougeMethod::SkipBigramsAndUnigrams, ..o };
        assert!(close(score(&doc(&[1, 3, 2, 4]), &[doc(&[1, 2, 3, 4])], &su), 9.0 / 10.0));
    }

    #[test]
    fn options_are_validated() {
        assert!(RougeMethod::parse("bogus").is_err());
        assert_eq!(
            RougeMethod::parse("Weighted-Longest-Common-Subsequences").unwrap(),
            RougeMethod::WeightedSubsequences
        );
        assert!(RougeOptions { ngram_length: 0, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { beta: f64::NAN, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { weight: 0.5, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { weight: 1000.0, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { beta: 1e200, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { ngram_length: 101, ..RougeOptions::default() }.validate().is_err());
        assert!(RougeOptions { skip_distance: SkipDistance::Max(0), ..RougeOptions::default() }
            .validate()
            .is_err());
    }
}
