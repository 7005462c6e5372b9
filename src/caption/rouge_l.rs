//! ROUGE-L as pycocoevalcap's `Rouge` computes it: words are `split(" ")` tokens, precision and
//! recall of the longest common subsequence are each maximized over the references (possibly from
//! different references), and F uses beta = 1.2. The corpus value is the mean over captions.
use super::pyfloat::pow;
use super::words::Words;
use crate::kernels::lcs::lcs_len;

/// pycocoevalcap's beta ("updated based on discussion with Hovy").
pub const BETA: f64 = 1.2;

/// ROUGE-L of caption `cand` against references `refs` (texts of `words`).
pub fn score(words: &Words, cand: usize, refs: &[usize]) -> f64 {
    let c = words.space_words(cand);
    let (mut prec_max, mut rec_max) = (0.0f64, 0.0f64);
    for &r in refs {
        let r = words.space_words(r);
        let lcs = lcs_len(r, c) as f64;
        // `split(" ")` never gives an empty list; token-id texts can be empty.
        let prec = if c.is_empty() { 0.0 } else { lcs / c.len() as f64 };
        let rec = if r.is_empty() { 0.0 } else { lcs / r.len() as f64 };
        prec_max = prec_max.max(prec);
        rec_max = rec_max.max(rec);
    }
    if prec_max != 0.0 && rec_max != 0.0 {
        let b2 = pow(BETA, 2.0);
        ((1.0 + b2) * prec_max * rec_max) / (rec_max + b2 * prec_max)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::intern::Interner;

    #[test]
    fn precision_and_recall_are_maximized_apart() {
        let mut v = Interner::new();
        let mut w = Words::default();
        for t in ["a b c d", "a b", "x a b c d e f g h", "", ""] {
            w.push_text(t, &mut v);
        }
        // Precision 1 from "a b c d e ...", recall 1 from "a b": F = 1.
        let s = score(&w, 0, &[1, 2]);
        assert_eq!(s, 1.0);
        // An empty caption and an empty reference share the token "": a perfect score.
        assert_eq!(score(&w, 3, &[4]), 1.0);
        assert_eq!(score(&w, 3, &[1]), 0.0);
    }
}
