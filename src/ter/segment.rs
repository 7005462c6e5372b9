//! Per-segment TER statistics: the fewest edits over a segment's references and their *average*
//! length (sacrebleu's `_compute_segment_statistics`), one segment at a time (sentence-level
//! calls) or through the reference cache that holds the references of a test set as word ids,
//! tokenized once for any number of systems.
use std::cell::RefCell;

use super::shift::ter_pair;
use super::tokenize::Tercom;
use crate::batch;
use crate::error::{check_segment_count, check_streams, Result};
use crate::text::intern::{Interner, UnitMap};

/// Id given to hypothesis words that occur in no reference: TER only ever compares hypothesis
/// words with reference words, so all of them can share one id that equals no reference word.
pub(crate) const UNSEEN: u32 = u32::MAX;

/// `(edits, average reference length)` of one hypothesis against its references: the minimum
/// edits over the references (first wins ties, which cannot matter) and the integer sum of their
/// lengths divided by their number.
pub fn segment_stats(hyp: &[u32], refs: &[Vec<u32>]) -> (u64, f64) {
    stats_over(hyp, refs.len(), refs.iter().map(|r| r.as_slice()))
}

/// [`segment_stats`] over `count` references given as slices.
fn stats_over<'r>(hyp: &[u32], count: usize, refs: impl Iterator<Item = &'r [u32]>) -> (u64, f64) {
    if count == 0 {
        return (hyp.len() as u64, 0.0);
    }
    let mut best = u64::MAX;
    let mut total = 0u64;
    for r in refs {
        let (edits, len) = ter_pair(hyp, r);
        total += len as u64;
        best = best.min(edits);
    }
    (best, total as f64 / count as f64)
}

/// The buffers of one-segment statistics, reused by a thread for every segment it computes.
/// Word ids only need to agree within a segment, so the segment's words are numbered in a table
/// that is emptied in O(1) per segment, and no word is copied.
#[derive(Default)]
struct SegmentBuffers {
    words: UnitMap,
    /// The references' word ids, one after the other; `ref_ends` where each ends.
    ref_ids: Vec<u32>,
    ref_ends: Vec<usize>,
    hyp: Vec<u32>,
}

thread_local! {
    static BUFFERS: RefCell<SegmentBuffers> = RefCell::new(SegmentBuffers::default());
}

impl SegmentBuffers {
    fn stats<'a>(
        &mut self,
        tercom: Tercom,
        hyp: &str,
        refs: impl IntoIterator<Item = &'a str>,
    ) -> (u64, f64) {
        let SegmentBuffers { words, ref_ids, ref_ends, hyp: hyp_ids } = self;
        words.clear();
        ref_ids.clear();
        ref_ends.clear();
        hyp_ids.clear();
        let mut next = 0u32;
        for r in refs {
            tercom.for_each_reference_word(r, |w| {
                let id = words.get_or_insert_with(w, || next);
                next += (id == next) as u32;
                ref_ids.push(id);
            });
            ref_ends.push(ref_ids.len());
        }
        // A hypothesis word no reference has is UNSEEN (entered as such: no later lookup needs it).
        tercom.for_each_word(hyp, |w| hyp_ids.push(words.get_or_insert_with(w, || UNSEEN)));
        let starts = std::iter::once(0).chain(ref_ends.iter().copied());
        let refs = starts.zip(ref_ends.iter()).map(|(a, &b)| &ref_ids[a..b]);
        stats_over(hyp_ids, ref_ends.len(), refs)
    }
}

/// `(edits, average reference length)` of one hypothesis against its references (texts), as the
/// reference cache computes it for a segment: sentence-level TER in one call.
pub fn sentence_stats<'a>(tercom: Tercom, hyp: &str, refs: impl IntoIterator<Item = &'a str>) -> (u64, f64) {
    BUFFERS.with(|b| match b.try_borrow_mut() {
        Ok(mut b) => b.stats(tercom, hyp, refs),
        // Only reachable if called re-entrantly; fresh buffers give the same result.
        Err(_) => SegmentBuffers::default().stats(tercom, hyp, refs),
    })
}

/// Per-segment `(edits, average reference length)` rows and the number of references per segment
/// (`None` if it varies).
pub type BatchStats = (Vec<(u64, f64)>, Option<usize>);

/// `(edits, average reference length)` of every hypothesis against its segment's references in
/// sacrebleu's stream layout, and the number of references per segment (`None` if it varies):
/// the one-shot statistics of a batch, segment by segment, without a reference cache.
pub fn batch_stats<S: AsRef<str> + Sync, H: AsRef<str> + Sync>(
    hyps: &[H],
    streams: &[Vec<Option<S>>],
    tercom: Tercom,
    workers: Option<usize>,
) -> Result<BatchStats> {
    let (n, num_refs) = check_streams(streams)?;
    check_segment_count(hyps.len(), n)?;
    let rows = batch::map_range(n, workers, |i| {
        let refs = streams.iter().filter_map(|s| s[i].as_ref()).map(|r| r.as_ref());
        sentence_stats(tercom, hyps[i].as_ref(), refs)
    });
    Ok((rows, num_refs))
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
        assert_eq!(sentence_stats(t, "a b", ["A b c", "x"]), (1, 2.0));
        assert_eq!(sentence_stats(t, "x y", ["x y z w"]), (2, 4.0));
        let streams = [vec![s("A b c"), s("x")], vec![None, s("x y z w")]];
        assert_eq!(batch_stats(&["a b", "x y"], &streams, t, Some(1)).unwrap(), (st, None));
        assert!(batch_stats(&["a b"], &streams, t, Some(1)).is_err());
    }
}
