//! Batches: sacrebleu's reference streams -> per-segment references, hypotheses -> per-segment
//! statistics or sentence scores, in parallel and in input order.
use std::cell::RefCell;

use super::ngrams::{segment_stats, Scratch};
use super::score::f_score;
use super::ChrfOptions;
use crate::batch;
use crate::error::{check_segment_count, check_streams, Result};
use crate::text::prefetch::prefetch_text;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// [`segment_stats`] with this thread's buffers.
pub fn segment_stats_row<'r>(
    hyp: &str,
    refs: impl IntoIterator<Item = &'r str>,
    opts: &ChrfOptions,
    out: &mut [u64],
) {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => segment_stats(hyp, refs, opts, &mut s, out),
        // Only reachable if called re-entrantly; fresh buffers give the same result.
        Err(_) => segment_stats(hyp, refs, opts, &mut Scratch::default(), out),
    })
}

/// Statistics this long live on the stack (chrF++ has 24).
const STACK_STATS: usize = 48;

/// `finish` applied to the statistics of `hyp` against `refs`, in a stack buffer when they fit.
#[inline]
pub fn with_segment_stats<'r, R>(
    hyp: &str,
    refs: impl IntoIterator<Item = &'r str>,
    opts: &ChrfOptions,
    finish: impl FnOnce(&[u64]) -> R,
) -> R {
    let k = opts.stats_len();
    if k <= STACK_STATS {
        let mut row = [0u64; STACK_STATS];
        segment_stats_row(hyp, refs, opts, &mut row[..k]);
        finish(&row[..k])
    } else {
        let mut row = vec![0u64; k];
        segment_stats_row(hyp, refs, opts, &mut row);
        finish(&row)
    }
}

/// The references of a test set per segment: `streams[k][i]` is reference `k` of segment `i`,
/// `None` a missing one (an empty string is a real, empty reference), as in sacrebleu. Unlike
/// sacrebleu, which truncates to the shortest stream, streams of unequal length are an error, and
/// so is a segment with no reference. The texts are copied into one buffer.
#[derive(Clone, Debug, Default)]
pub struct ChrfRefs {
    /// Every reference, concatenated in segment order.
    text: String,
    /// The end of each reference in `text` (each starts where the previous one ends).
    ends: Vec<usize>,
    /// Segment `i`'s references are `ends[first[i]..first[i + 1]]`.
    first: Vec<usize>,
    /// The number of references per segment, or `None` if it varies (`nrefs:var`).
    pub num_refs: Option<usize>,
}

impl ChrfRefs {
    /// The bytes of all the references.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    pub fn new<S: AsRef<str>>(streams: &[Vec<Option<S>>]) -> Result<Self> {
        let (n, num_refs) = check_streams(streams)?;
        let bytes = streams.iter().flatten().flatten().map(|r| r.as_ref().len()).sum();
        let mut refs = ChrfRefs {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(n * streams.len()),
            first: Vec::with_capacity(n + 1),
            num_refs,
        };
        for i in 0..n {
            refs.first.push(refs.ends.len());
            for r in streams.iter().filter_map(|s| s[i].as_ref()) {
                refs.text.push_str(r.as_ref());
                refs.ends.push(refs.text.len());
            }
        }
        refs.first.push(refs.ends.len());
        Ok(refs)
    }

    pub fn len(&self) -> usize {
        self.first.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The references of segment `i`.
    pub fn segment(&self, i: usize) -> impl Iterator<Item = &str> + '_ {
        (self.first[i]..self.first[i + 1]).map(move |k| {
            let start = if k == 0 { 0 } else { self.ends[k - 1] };
            &self.text[start..self.ends[k]]
        })
    }

    /// Apply `finish` to the statistics row of every hypothesis, in input order.
    pub fn map<S, R, F>(
        &self,
        hyps: &[S],
        opts: &ChrfOptions,
        workers: Option<usize>,
        finish: F,
    ) -> Result<Vec<R>>
    where
        S: AsRef<str> + Sync,
        R: Send,
        F: Fn(&[u64]) -> R + Sync + Send,
    {
        check_segment_count(hyps.len(), self.len())?;
        Ok(batch::map_range(hyps.len(), workers, |i| {
            if let Some(next) = hyps.get(i + 1) {
                // The next segment's texts, asked for ahead of their turn (see `prefetch_text`).
                prefetch_text(next.as_ref());
                self.segment(i + 1).for_each(prefetch_text);
            }
            with_segment_stats(hyps[i].as_ref(), self.segment(i), opts, &finish)
        }))
    }

    /// Row-major `len() x 3 * orders` statistics of the hypotheses.
    pub fn stats<S: AsRef<str> + Sync>(
        &self,
        hyps: &[S],
        opts: &ChrfOptions,
        workers: Option<usize>,
    ) -> Result<Vec<u64>> {
        check_segment_count(hyps.len(), self.len())?;
        let k = opts.stats_len();
        let mut flat = vec![0u64; hyps.len() * k];
        batch::fill_rows(&mut flat, k, workers, |i, row| {
            segment_stats_row(hyps[i].as_ref(), self.segment(i), opts, row)
        });
        Ok(flat)
    }

    /// Sentence chrF of every hypothesis against its segment's references.
    pub fn sentence_scores<S: AsRef<str> + Sync>(
        &self,
        hyps: &[S],
        opts: &ChrfOptions,
        workers: Option<usize>,
    ) -> Result<Vec<f64>> {
        self.map(hyps, opts, workers, |row| f_score(row, opts.beta, opts.eps_smoothing))
    }
}

/// Corpus chrF: the score of the summed statistics of all segments.
pub fn corpus_score<S: AsRef<str> + Sync>(
    hyps: &[S],
    refs: &ChrfRefs,
    opts: &ChrfOptions,
    workers: Option<usize>,
) -> Result<f64> {
    let k = opts.stats_len();
    let flat = refs.stats(hyps, opts, workers)?;
    let mut total = vec![0u64; k];
    for row in flat.chunks_exact(k) {
        total.iter_mut().zip(row).for_each(|(t, &v)| *t += v);
    }
    Ok(f_score(&total, opts.beta, opts.eps_smoothing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_checked() {
        let ok = ChrfRefs::new(&[vec![Some("a"), Some("b")], vec![Some("c"), None]]).unwrap();
        assert_eq!(ok.num_refs, None);
        assert_eq!(ok.segment(0).collect::<Vec<_>>(), ["a", "c"]);
        assert_eq!(ok.segment(1).collect::<Vec<_>>(), ["b"]);
        let empty = ChrfRefs::new(&[vec![Some(""), Some("x")], vec![Some(""), Some("")]]).unwrap();
        assert_eq!(empty.segment(0).collect::<Vec<_>>(), ["", ""]);
        assert_eq!(empty.segment(1).collect::<Vec<_>>(), ["x", ""]);
        assert_eq!(ChrfRefs::new(&[vec![Some("a")], vec![Some("b")]]).unwrap().num_refs, Some(2));
        assert!(ChrfRefs::new(&[vec![Some("a")], vec![]]).is_err());
        assert!(ChrfRefs::new(&[vec![None::<&str>]]).is_err());
        assert!(ChrfRefs::new::<&str>(&[]).is_err());
    }

    #[test]
    fn workers_do_not_change_results() {
        let opts = ChrfOptions::new(6, 2, 2.0, false, false).unwrap();
        let hyps: Vec<String> = (0..200).map(|i| format!("the cat {i} sat on the mat.")).collect();
        let refs: Vec<Option<String>> =
            (0..200).map(|i| Some(format!("a cat {} sat on a mat", i % 7))).collect();
        let refs = ChrfRefs::new(&[refs]).unwrap();
        let one = refs.stats(&hyps, &opts, Some(1)).unwrap();
        assert_eq!(refs.stats(&hyps, &opts, Some(3)).unwrap(), one);
        assert_eq!(refs.stats(&hyps, &opts, None).unwrap(), one);
        assert!(refs.stats(&hyps[..3], &opts, None).is_err());
    }
}
