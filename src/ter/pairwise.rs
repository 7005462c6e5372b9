//! All-pairs TER: every hypothesis against every single candidate reference (MBR decoding,
//! similarity filtering). Each text is tokenized once; rows run in parallel.
use super::score::ter_score;
use super::segment::UNSEEN;
use super::shift::ter_pair;
use super::tokenize::Tercom;
use crate::batch;
use crate::text::intern::Interner;

/// Row-major `len(hyps) x len(refs)` sentence TER: `out[i * m + j]` = TER of `hyps[i]` against
/// the single reference `refs[j]`.
pub fn pairwise<H: AsRef<str> + Sync, R: AsRef<str> + Sync>(
    hyps: &[H],
    refs: &[R],
    tercom: Tercom,
    workers: Option<usize>,
) -> Vec<f64> {
    let ref_words = batch::map(refs, workers, |r| tercom.reference_words(r.as_ref()));
    let hyp_words = batch::map(hyps, workers, |h| tercom.words(h.as_ref()));
    let mut vocab = Interner::new();
    let ref_ids: Vec<Vec<u32>> =
        ref_words.iter().map(|ws| ws.iter().map(|w| vocab.intern(w)).collect()).collect();
    let hyp_ids: Vec<Vec<u32>> =
        hyp_words.iter().map(|ws| ws.iter().map(|w| vocab.get(w).unwrap_or(UNSEEN)).collect()).collect();
    let rows = batch::map(&hyp_ids, workers, |h| {
        ref_ids
            .iter()
            .map(|r| {
                let (edits, len) = ter_pair(h, r);
                ter_score(edits as f64, len as f64)
            })
            .collect::<Vec<f64>>()
    });
    rows.concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_layout() {
        let out = pairwise(&["a b c", ""], &["a b c", "a", ""], Tercom::default(), Some(1));
        assert_eq!(out, [0.0, 200.0, 100.0, 100.0, 100.0, 0.0]);
    }
}
