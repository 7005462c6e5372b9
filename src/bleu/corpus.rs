//! Batches: reference streams -> per-segment reference n-grams (built once, reusable for many
//! systems), hypotheses -> per-segment statistics, in parallel and in input order.
use super::segment::{with_segment_stats, SegmentStats};
use super::stats::stats_len;
use crate::error::{check_segment_count, check_streams, Error, Result};
use crate::limits::MAX_NGRAM_ORDER;
use crate::text::prefetch::prefetch_text;
use crate::text::sacrebleu::{preprocess, preprocess_into, Tokenizer, Tokens};
use crate::{batch, memory};

/// How texts become tokens and how many n-gram orders are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preprocess {
    pub tokenizer: Tokenizer,
    pub lowercase: bool,
    pub max_order: usize,
}

impl Preprocess {
    pub fn new(tokenizer: Tokenizer, lowercase: bool, max_order: i64) -> Result<Self> {
        if !(1..=MAX_NGRAM_ORDER as i64).contains(&max_order) {
            return Err(Error::value(
                "max_ngram_order",
                format!("must be an integer from 1 to {MAX_NGRAM_ORDER}, got {max_order}"),
            ));
        }
        Ok(Preprocess { tokenizer, lowercase, max_order: max_order as usize })
    }
}

/// One segment's references after preprocessing: their token texts laid end to end, the byte
/// spans of the tokens in `text`, and how many tokens each reference has.
#[derive(Clone, Debug, Default)]
struct CachedRefs {
    text: Box<[u8]>,
    spans: Box<[(u32, u32)]>,
    lens: Box<[u32]>,
}

/// The references of a test set, in sacrebleu's stream layout, preprocessed once. Each system's
/// statistics intern them again per segment ([`super::segment`]): that costs less than keeping
/// per-segment hash maps of owned n-grams, and tokenizing (the expensive part) is not repeated.
#[derive(Clone, Debug)]
pub struct RefCache {
    pub prep: Preprocess,
    segments: Vec<CachedRefs>,
    /// The number of references per segment, or `None` if it varies (`nrefs:var`).
    pub num_refs: Option<usize>,
}

impl RefCache {
    /// `streams[k][i]` is reference `k` of segment `i`; `None` marks a missing reference and an empty
    /// string is a real (empty) reference, as in sacrebleu. Unlike sacrebleu, which truncates to the
    /// shortest stream, streams of unequal length are an error, and so is a segment with no reference.
    pub fn new<S: AsRef<str> + Sync>(
        streams: &[Vec<Option<S>>],
        prep: Preprocess,
        workers: Option<usize>,
    ) -> Result<Self> {
        let (n, num_refs) = check_streams(streams)?;
        let segments = batch::map_range(n, workers, |i| {
            let (mut text, mut spans, mut lens) = (Vec::new(), Vec::new(), Vec::new());
            for r in streams.iter().filter_map(|s| s[i].as_ref()) {
                let t = preprocess(r.as_ref(), prep.tokenizer, prep.lowercase);
                let base = text.len() as u32;
                spans.extend(t.spans().iter().map(|&(a, b)| (base + a, base + b)));
                text.extend_from_slice(t.text().as_bytes());
                lens.push(t.len() as u32);
            }
            CachedRefs { text: text.into(), spans: spans.into(), lens: lens.into() }
        });
        Ok(RefCache { prep, segments, num_refs })
    }

    pub fn len(&self) -> usize {
        self.segments.len()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// Row-major `len() x stats_len` statistics of the hypotheses (one per segment).
    pub fn stats<S: AsRef<str> + Sync>(&self, hyps: &[S], workers: Option<usize>) -> Result<Vec<u64>> {
        Ok(self.map(hyps, workers, |row| row.to_vec())?.concat())
    }

    /// Start segment `i` in `seg`: its references interned.
    fn begin_segment(&self, seg: &mut SegmentStats, i: usize) {
        let refs = &self.segments[i];
        seg.begin(refs.text.len());
        let mut start = 0;
        for &len in refs.lens.iter() {
            let end = start + len as usize;
            seg.add_reference(&refs.text, &refs.spans[start..end]);
            start = end;
        }
    }

    /// [`RefCache::stats`] of several systems at once: each segment's references are interned
    /// and counted once for all of them. One row-major statistics vector per system.
    pub fn stats_many<S: AsRef<str> + Sync>(
        &self,
        systems: &[Vec<S>],
        workers: Option<usize>,
    ) -> Result<Vec<Vec<u64>>> {
        for hyps in systems {
            check_segment_count(hyps.len(), self.len())?;
        }
        let prep = self.prep;
        let k = stats_len(prep.max_order);
        let n_sys = systems.len();
        // Per segment, the rows of every system one after the other; then one matrix per system.
        let mut rows = memory::try_matrix::<u64>(self.len(), n_sys * k, "BLEU statistics")?;
        batch::fill_rows(&mut rows, n_sys * k, workers, |i, row| {
            with_segment_stats(|seg| {
                self.begin_segment(seg, i);
                seg.begin_hypotheses();
                let mut spans = std::mem::take(&mut seg.spans);
                for hyps in systems {
                    let text = preprocess_into(hyps[i].as_ref(), prep.tokenizer, prep.lowercase, &mut spans);
                    seg.add_hypothesis(text.as_bytes(), &spans);
                }
                seg.spans = spans;
                seg.finish_hypotheses(prep.max_order, row);
            })
        });
        let mut out: Vec<Vec<u64>> = (0..n_sys).map(|_| Vec::with_capacity(self.len() * k)).collect();
        for row in rows.chunks(n_sys * k) {
            for (system, r) in out.iter_mut().zip(row.chunks(k)) {
                system.extend_from_slice(r);
            }
        }
        Ok(out)
    }

    /// Apply `finish` to the statistics row of every hypothesis, in input order.
    pub fn map<S, R, F>(&self, hyps: &[S], workers: Option<usize>, finish: F) -> Result<Vec<R>>
    where
        S: AsRef<str> + Sync,
        R: Send,
        F: Fn(&[u64]) -> R + Sync + Send,
    {
        check_segment_count(hyps.len(), self.len())?;
        let prep = self.prep;
        let k = stats_len(prep.max_order);
        let rows = batch::map_range(hyps.len(), workers, |i| {
            with_row(k, |row| {
                with_segment_stats(|seg| {
                    self.begin_segment(seg, i);
                    let mut spans = std::mem::take(&mut seg.spans);
                    let text = preprocess_into(hyps[i].as_ref(), prep.tokenizer, prep.lowercase, &mut spans);
                    seg.set_hypothesis(text.as_bytes(), &spans);
                    seg.spans = spans;
                    seg.finish(prep.max_order, row);
                    finish(row)
                })
            })
        });
        Ok(rows)
    }
}

/// Run `f` on a zeroed statistics row of `k` values, on the stack for orders up to 16.
fn with_row<R>(k: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let mut stack = [0u64; 34];
    if k <= stack.len() {
        f(&mut stack[..k])
    } else {
        f(&mut vec![0; k])
    }
}

/// One-shot statistics: the references of each segment are tokenized, used for its hypothesis and
/// dropped (no owned copies). Returns the row-major statistics and the references per segment.
pub fn stats_with_references<S: AsRef<str> + Sync, H: AsRef<str> + Sync>(
    hyps: &[H],
    streams: &[Vec<Option<S>>],
    prep: Preprocess,
    workers: Option<usize>,
) -> Result<(Vec<u64>, Option<usize>)> {
    let (rows, num_refs) = map_segments(hyps, streams, prep, workers, |row| row.to_vec())?;
    Ok((rows.concat(), num_refs))
}

/// Apply `finish` to the statistics row of every segment (one-shot references), in input order.
pub fn map_segments<S, H, R, F>(
    hyps: &[H],
    streams: &[Vec<Option<S>>],
    prep: Preprocess,
    workers: Option<usize>,
    finish: F,
) -> Result<(Vec<R>, Option<usize>)>
where
    S: AsRef<str> + Sync,
    H: AsRef<str> + Sync,
    R: Send,
    F: Fn(&[u64]) -> R + Sync + Send,
{
    let (n, num_refs) = check_streams(streams)?;
    check_segment_count(hyps.len(), n)?;
    let k = stats_len(prep.max_order);
    let rows = batch::map_range(n, workers, |i| {
        if i + 1 < n {
            prefetch_segment(&hyps[i + 1], streams, i + 1);
        }
        with_row(k, |row| {
            let refs = streams.iter().filter_map(|s| s[i].as_ref().map(|r| r.as_ref()));
            segment_row(hyps[i].as_ref(), refs, prep, row);
            finish(row)
        })
    });
    Ok((rows, num_refs))
}

/// Asks for segment `i`'s texts ahead of their turn (see [`prefetch_text`]).
#[inline]
fn prefetch_segment<S: AsRef<str>, H: AsRef<str>>(hyp: &H, streams: &[Vec<Option<S>>], i: usize) {
    prefetch_text(hyp.as_ref());
    for s in streams {
        if let Some(r) = s.get(i).and_then(|r| r.as_ref()) {
            prefetch_text(r.as_ref());
        }
    }
}

/// The statistics row `[hyp_len, ref_len, correct_1..N, total_1..N]` of one hypothesis against its
/// references (at least one), written into `row` (`stats_len(prep.max_order)` long).
pub fn segment_row<'a>(
    hyp: &str,
    refs: impl Iterator<Item = &'a str> + Clone,
    prep: Preprocess,
    row: &mut [u64],
) {
    with_segment_stats(|seg| {
        seg.begin(refs.clone().map(str::len).sum());
        let mut spans = std::mem::take(&mut seg.spans);
        for r in refs {
            let text = preprocess_into(r, prep.tokenizer, prep.lowercase, &mut spans);
            seg.add_reference(text.as_bytes(), &spans);
        }
        let text = preprocess_into(hyp, prep.tokenizer, prep.lowercase, &mut spans);
        seg.set_hypothesis(text.as_bytes(), &spans);
        seg.spans = spans;
        seg.finish(prep.max_order, row);
    });
}

/// Statistics of pre-tokenized segments (`refs[i]` = the references of `hyps[i]`, at least one each),
/// row-major `n x stats_len`; NLTK's counts follow from these (its denominators are `max(1, total)`).
pub fn token_stats(
    hyps: &[Vec<String>],
    refs: &[Vec<Vec<String>>],
    max_order: usize,
    workers: Option<usize>,
) -> Result<Vec<u64>> {
    if hyps.len() != refs.len() {
        return Err(Error::value(
            "references",
            format!("{} reference lists for {} hypotheses", refs.len(), hyps.len()),
        ));
    }
    if let Some(i) = refs.iter().position(Vec::is_empty) {
        return Err(Error::value("references", format!("segment {i} has no reference")));
    }
    if !(1..=MAX_NGRAM_ORDER).contains(&max_order) {
        return Err(Error::value(
            "max_ngram_order",
            format!("must be an integer from 1 to {MAX_NGRAM_ORDER}"),
        ));
    }
    let k = stats_len(max_order);
    let rows = batch::map_range(hyps.len(), workers, |i| {
        let mut row = vec![0u64; k];
        with_segment_stats(|seg| {
            seg.begin(refs[i].iter().flatten().map(String::len).sum());
            for r in &refs[i] {
                let r = Tokens::from_tokens(r);
                seg.add_reference(r.text().as_bytes(), r.spans());
            }
            let h = Tokens::from_tokens(&hyps[i]);
            seg.set_hypothesis(h.text().as_bytes(), h.spans());
            seg.finish(max_order, &mut row);
        });
        row
    });
    Ok(rows.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Option<String> {
        Some(x.to_owned())
    }

    #[test]
    fn streams_are_checked_and_none_is_dropped() {
        let prep = Preprocess::new(Tokenizer::T13a, false, 4).unwrap();
        assert!(RefCache::new(&[vec![s("a")], vec![]], prep, Some(1)).is_err());
        assert!(RefCache::new::<&str>(&[vec![None]], prep, Some(1)).is_err());
        let c = RefCache::new(&[vec![s("a b"), s("c")], vec![None, s("")]], prep, Some(1)).unwrap();
        assert_eq!(c.num_refs, None);
        let st = c.stats(&["a b", "c d"], Some(1)).unwrap();
        assert_eq!(&st[..10], &[2, 2, 2, 1, 0, 0, 2, 1, 0, 0]);
        // Empty reference kept: closest of {1, 0} to 2 is 1.
        assert_eq!(&st[10..], &[2, 1, 1, 0, 0, 0, 2, 1, 0, 0]);
        assert!(Preprocess::new(Tokenizer::T13a, false, 0).is_err());
        assert!(Preprocess::new(Tokenizer::T13a, false, 101).is_err());
        assert!(Preprocess::new(Tokenizer::T13a, false, i64::MAX).is_err());
        let streams = [vec![s("a b"), s("c")], vec![None, s("")]];
        let (one_shot, nr) = stats_with_references(&["a b", "c d"], &streams, prep, Some(1)).unwrap();
        assert_eq!((one_shot, nr), (st, None));
    }

    #[test]
    fn several_systems_at_once_equal_one_at_a_time() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x = crate::test_rng::xorshift(x);
            x
        };
        let words = ["a", "b", "c", "the", "cat", "é", "0123456789abcdefghij", ",", "."];
        let sentence = |next: &mut dyn FnMut() -> u64| -> String {
            let n = next() % 25;
            (0..n).map(|_| words[(next() % words.len() as u64) as usize]).collect::<Vec<_>>().join(" ")
        };
        for (order, n_refs) in [(4, 1), (2, 3), (6, 2)] {
            let n = 80;
            let streams: Vec<Vec<Option<String>>> = (0..n_refs)
                .map(|r| {
                    (0..n)
                        .map(|i| if r > 0 && i % 7 == 0 { None } else { Some(sentence(&mut next)) })
                        .collect()
                })
                .collect();
            let prep = Preprocess::new(Tokenizer::T13a, false, order).unwrap();
            let cache = RefCache::new(&streams, prep, Some(2)).unwrap();
            let systems: Vec<Vec<String>> =
                (0..4).map(|_| (0..n).map(|_| sentence(&mut next)).collect()).collect();
            let together = cache.stats_many(&systems, Some(2)).unwrap();
            for (hyps, rows) in systems.iter().zip(&together) {
                assert_eq!(rows, &cache.stats(hyps, Some(1)).unwrap(), "order {order}, {n_refs} references");
            }
            assert!(cache.stats_many(&[vec!["a"; n - 1]], None).is_err());
        }
    }
}
