//! Per-segment TER statistics: the fewest edits over a segment's references and their *average*
//! length (sacrebleu's `_compute_segment_statistics`), and the reference cache that holds the
//! references of a test set as word ids, tokenized once for any number of systems.
use super::shift::ter_pair;
use super::tokenize::Tercom;
use crate::batch;
use crate::error::{check_segment_count, check_streams, Result};
use crate::text::intern::Interner;

/// Id given to hypothesis words that occur in no reference: TER only ever compares hypothesis
/// words with reference words, so all of them can share one id that equals no reference word.
pub(crate) const UNSEEN: u32 = u32::MAX;

/// `(edits, average reference length)` of one hypothesis against its references: the minimum
/// edits over the references (first wins ties, which cannot matter) and the integer sum of their
/// lengths divided by their number.
pub fn segment_stats(hyp: &[u32], refs: &[Vec<u32>]) -> (u64, f64) {
    if refs.is_empty() {
        return (hyp.len() as u64, 0.0);
    }
    let mut best = u64::MAX;
    let mut total = 0u64;
    for r in refs {
        let (edits, len) = ter_pair(hyp, r);
        total += len as u64;
        best = best.min(edits);
    }
    (best, total as f64 / refs.len() as f64)
}

/// `(edits, average reference length)` of one hypothesis against its references (texts), as the
/// reference cache computes it for a segment: sentence-level TER in one call.
pub fn sentence_stats(tercom: Tercom, hyp: &str, refs: &[&str]) -> (u64, f64) {
    let mut vocab = Interner::new();
    let refs: Vec<Vec<u32>> =
        refs.iter().map(|r| tercom.reference_words(r).iter().map(|w| vocab.intern(w)).collect()).collect();
    let hyp: Vec<u32> = tercom.words(hyp).iter().map(|w| vocab.get(w).unwrap_or(UNSEEN)).collect();
    segment_stats(&hyp, &refs)
}

/// The references of a test set in sacrebleu's stream layout, as word ids.
#[derive(Clone, Debug)]
pub struct TerReferences {
    pub tercom: Tercom,
    vocab: Interner,
    segments: Vec<Vec<Vec<u32>>>,
    /// The number of references per segment, or `None` if it varies (`nrefs:var`).
    pub num_refs: Option<usize>,
}

impl TerReferences {
    /// `streams[k][i]` is reference `k` of segment `i`, `None` a missing one. Streams of unequal
    /// length and segments without any reference are errors (sacrebleu truncates, or divides by
    /// zero).
    pub fn new<S: AsRef<str> + Sync>(
        streams: &[Vec<Option<S>>],
        tercom: Tercom,
        workers: Option<usize>,
    ) -> Result<Self> {
        let (n, num_refs) = check_streams(streams)?;
        let words: Vec<Vec<Vec<String>>> = batch::map_range(n, workers, |i| {
            streams.iter().filter_map(|s| s[i].as_ref()).map(|r| tercom.reference_words(r.as_ref())).collect()
        });
        let mut vocab = Interner::new();
        let segments = words
            .iter()
            .map(|refs| refs.iter().map(|ws| ws.iter().map(|w| vocab.intern(w)).collect()).collect())
            .collect();
        Ok(TerReferences { tercom, vocab, segments, num_refs })
    }

    pub fn len(&self) -> usize {
        self.segments.len()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The word ids of a hypothesis (one tokenizer pass, as sacrebleu does for hypotheses).
    fn hypothesis_ids(&self, hyp: &str) -> Vec<u32> {
        self.tercom.words(hyp).iter().map(|w| self.vocab.get(w).unwrap_or(UNSEEN)).collect()
    }

    /// `(edits, average reference length)` of every hypothesis, in input order.
    pub fn stats<S: AsRef<str> + Sync>(&self, hyps: &[S], workers: Option<usize>) -> Result<Vec<(u64, f64)>> {
        check_segment_count(hyps.len(), self.len())?;
        Ok(batch::map_range(hyps.len(), workers, |i| {
            segment_stats(&self.hypothesis_ids(hyps[i].as_ref()), &self.segments[i])
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Option<String> {
        Some(x.to_owned())
    }

    #[test]
    fn references_and_statistics() {
        let t = Tercom { lowercase: true, ..Tercom::default() };
        assert!(TerReferences::new(&[vec![s("a")], vec![]], t, Some(1)).is_err());
        assert!(TerReferences::new::<&str>(&[vec![None]], t, Some(1)).is_err());
        let refs =
            TerReferences::new(&[vec![s("A b c"), s("x")], vec![None, s("x y z w")]], t, Some(1)).unwrap();
        assert_eq!(refs.num_refs, None);
        let st = refs.stats(&["a b", "x y"], Some(1)).unwrap();
        assert_eq!(st, [(1, 3.0), (1, 2.5)]);
        assert!(refs.stats(&["a"], Some(1)).is_err());
        assert_eq!(sentence_stats(t, "a b", &["A b c", "x"]), (1, 2.0));
        assert_eq!(sentence_stats(t, "x y", &["x y z w"]), (2, 4.0));
    }
}
