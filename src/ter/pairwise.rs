//! All-pairs TER: every hypothesis against every single candidate reference (MBR decoding,
//! similarity filtering). Each text is tokenized once; rows run in parallel.
use super::score::ter_score;
use super::segment::UNSEEN;
use super::shift::ter_pair;
use super::tokenize::Tercom;
use crate::allpairs::{self, PairScorer};
use crate::batch;
use crate::error::Result;
use crate::text::intern::Interner;

/// TER of hypotheses against single references, prepared for all pairs ([`crate::allpairs`]):
/// each text is tokenized once and interned into one id space.
pub struct TerPairs {
    hyp_ids: Vec<Vec<u32>>,
    ref_ids: Vec<Vec<u32>>,
}

impl TerPairs {
    pub fn new<H: AsRef<str> + Sync, R: AsRef<str> + Sync>(
        hyps: &[H],
        refs: &[R],
        tercom: Tercom,
        workers: Option<usize>,
    ) -> Self {
        let ref_words = batch::map(refs, workers, |r| tercom.reference_words(r.as_ref()));
        let hyp_words = batch::map(hyps, workers, |h| tercom.words(h.as_ref()));
        let mut vocab = Interner::new();
        let ref_ids = ref_words.iter().map(|ws| ws.iter().map(|w| vocab.intern(w)).collect()).collect();
        let hyp_ids =
            hyp_words.iter().map(|ws| ws.iter().map(|w| vocab.get(w).unwrap_or(UNSEEN)).collect()).collect();
        TerPairs { hyp_ids, ref_ids }
    }
}

impl PairScorer for TerPairs {
    fn cols(&self) -> usize {
        self.ref_ids.len()
    }

    /// TER is an error rate.
    fn lower_is_better(&self) -> bool {
        true
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        let h = &self.hyp_ids[i];
        for (r, slot) in self.ref_ids.iter().zip(out) {
            let (edits, len) = ter_pair(h, r);
            *slot = ter_score(edits as f64, len as f64);
        }
    }
}

/// TER of every hypothesis against every reference, row-major `hyps.len() x refs.len()`; the
/// matrix is allocated (or refused with [`crate::Error::Memory`]) before any work.
pub fn pairwise<H: AsRef<str> + Sync, R: AsRef<str> + Sync>(
    hyps: &[H],
    refs: &[R],
    tercom: Tercom,
    workers: Option<usize>,
) -> Result<Vec<f64>> {
    let build = || TerPairs::new(hyps, refs, tercom, workers);
    allpairs::matrix(hyps.len(), refs.len(), build, workers, "the pairwise TER matrix")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_layout() {
        let out = pairwise(&["a b c", ""], &["a b c", "a", ""], Tercom::default(), Some(1)).unwrap();
        assert_eq!(out, [0.0, 200.0, 100.0, 100.0, 100.0, 0.0]);
    }
}
