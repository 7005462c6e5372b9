//! The word-level analyses of a system comparison report, as compare-mt (Neubig et al. 2019)
//! defines them, over the tokens of sacrebleu's tokenizers:
//! - token lengths of every reference and hypothesis (for the length buckets);
//! - [`word_accuracy`]: each word's matches against the reference (compare-mt's `_calc_trg_matches`:
//!   a hypothesis word takes the next unused occurrence of itself in the reference), summed per word
//!   type, then per bucket of the word's frequency in the references or in a training corpus;
//! - [`ngrams`]: the n-grams each system matches (or over- or under-generates) markedly more often
//!   than the baseline, by compare-mt's smoothed ratio `(a + alpha) / (a + b + 2 alpha)`.
//!
//! Everything is counted in one pass over the segments ([`analyze`]); per segment the n-grams are
//! matched in a small table of their own, and only the n-grams that count somewhere get a corpus-wide
//! identity, so that 100,000 segments of five systems take seconds.
pub mod ngrams;
mod slots;
pub mod word_accuracy;

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::text::intern::StrMap;
use crate::text::sacrebleu::{preprocess_into, Tokenizer};

pub use ngrams::{NgramKind, NgramRow};

/// The options of [`analyze`].
#[derive(Clone, Debug)]
pub struct Options {
    /// sacrebleu's tokenizer, applied after its optional lowercasing (as BLEU tokenizes).
    pub tokenizer: Tokenizer,
    pub lowercase: bool,
    /// compare-mt's frequency bucket cutoffs: bucket `i` holds frequencies below `cutoffs[i]`
    /// (and at least `cutoffs[i - 1]`), the last one the rest.
    pub freq_cutoffs: Vec<u64>,
    /// The n-gram orders compared, `min_order..=max_order`.
    pub min_order: usize,
    pub max_order: usize,
    /// Which n-gram counts are compared (compare-mt's `compare_type`s).
    pub kinds: Vec<NgramKind>,
    /// How many n-grams each direction of a comparison lists.
    pub top: usize,
    /// compare-mt's smoothing of the ratio.
    pub alpha: f64,
}

/// What [`analyze`] finds.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Tokens of each segment's reference, and of each system's hypothesis (`[system][segment]`).
    pub ref_lengths: Vec<u32>,
    pub hyp_lengths: Vec<Vec<u32>>,
    /// Per frequency bucket: reference words, and per system hypothesis words and matched words.
    pub ref_totals: Vec<u64>,
    pub out_totals: Vec<Vec<u64>>,
    pub matches: Vec<Vec<u64>>,
    /// For each system after the first (the baseline) and each kind of `Options::kinds`: the
    /// n-grams most characteristic of the system, then those of the baseline.
    pub ngrams: Vec<Vec<(Vec<NgramRow>, Vec<NgramRow>)>>,
}

/// Segments tokenized at a time (in parallel), then counted in order.
const BLOCK: usize = 2048;

/// Interned tokens: ids in order of first appearance, and their text.
#[derive(Default)]
pub struct Words {
    ids: StrMap<u32>,
    words: Vec<Box<str>>,
}

impl Words {
    fn id(&mut self, word: &str) -> u32 {
        let next = self.words.len() as u32;
        let id = self.ids.get_or_insert_with(word, || next);
        if id == next {
            self.words.push(word.into());
        }
        id
    }

    pub fn word(&self, id: u32) -> &str {
        &self.words[id as usize]
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// A text as token spans, before interning: the spans index the input itself unless the
/// tokenizer had to rewrite it.
type Spans<'a> = (Cow<'a, str>, Vec<(u32, u32)>);

fn tokenize<'a>(text: &'a str, opts: &Options) -> Spans<'a> {
    let mut spans = Vec::new();
    let text = preprocess_into(text, opts.tokenizer, opts.lowercase, &mut spans);
    (text, spans)
}

/// The texts of segments `range` of every column, tokenized in parallel.
fn tokenize_block<'a, S: AsRef<str> + Sync>(
    columns: &[&'a [S]],
    range: std::ops::Range<usize>,
    opts: &Options,
) -> Vec<Vec<Spans<'a>>> {
    let segments: Vec<usize> = range.collect();
    crate::batch::map(&segments, None, |&i| columns.iter().map(|c| tokenize(c[i].as_ref(), opts)).collect())
}

fn intern(vocab: &mut Words, (text, spans): &Spans<'_>) -> Vec<u32> {
    spans.iter().map(|&(a, b)| vocab.id(&text[a as usize..b as usize])).collect()
}

/// `line` with every literal backslash-n (the two characters) made a newline, as Python's
/// `line.replace("\\n", "\n")`: the sentence break in one-summary-per-line files (the
/// convention of `rougebleu rouge`), which the comparison command reads with ROUGE metrics.
pub fn with_sentence_breaks(line: &str) -> Cow<'_, str> {
    let bytes = line.as_bytes();
    let mut breaks =
        memchr::memchr_iter(b'\\', bytes).filter(|&i| bytes.get(i + 1) == Some(&b'n')).peekable();
    if breaks.peek().is_none() {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for i in breaks {
        out.push_str(&line[last..i]);
        out.push('\n');
        last = i + 2;
    }
    out.push_str(&line[last..]);
    Cow::Owned(out)
}

/// Checks the options and the inputs' shapes.
fn check(refs: usize, systems: &[usize], opts: &Options) -> Result<()> {
    if systems.is_empty() {
        return Err(Error::value("systems", "give at least one system"));
    }
    if let Some(n) = systems.iter().find(|&&n| n != refs) {
        return Err(Error::value(
            "systems",
            format!("a system has {n} segments but the references have {refs}"),
        ));
    }
    if opts.min_order < 1
        || opts.min_order > opts.max_order
        || opts.max_order > crate::limits::MAX_NGRAM_ORDER
    {
        let most = crate::limits::MAX_NGRAM_ORDER;
        return Err(Error::value(
            "ngram orders",
            format!("need 1 <= min_order <= max_order <= {most}, got {}..{}", opts.min_order, opts.max_order),
        ));
    }
    if opts.freq_cutoffs.windows(2).any(|w| w[0] >= w[1]) {
        return Err(Error::value("freq_cutoffs", "must increase strictly"));
    }
    if !(opts.alpha.is_finite() && opts.alpha > 0.0) {
        return Err(Error::value("alpha", format!("must be a positive number, got {}", opts.alpha)));
    }
    Ok(())
}

/// The word-level analyses of `systems` (each one hypothesis per segment; the first is the
/// baseline) against `refs`, with word frequencies from `freq_corpus` (lines tokenized the same
/// way) or, without one, from the references (compare-mt's default).
pub fn analyze<S: AsRef<str> + Sync>(
    refs: &[S],
    systems: &[&[S]],
    freq_corpus: Option<&[S]>,
    opts: &Options,
) -> Result<Analysis> {
    check(refs.len(), &systems.iter().map(|s| s.len()).collect::<Vec<_>>(), opts)?;
    let n = refs.len();
    let mut vocab = Words::default();
    // Word frequencies first (from the training corpus, or from the references in a first pass
    // that keeps their token ids), so that every word's bucket is known when the hypotheses are
    // counted: the counters are then per bucket, a few dozen numbers that stay in cache.
    let mut frequency: Vec<u64> = Vec::new();
    let count = |ids: &[u32], frequency: &mut Vec<u64>| {
        for &id in ids {
            if frequency.len() <= id as usize {
                frequency.resize(id as usize + 1, 0);
            }
            frequency[id as usize] += 1;
        }
    };
    if let Some(lines) = freq_corpus {
        let all: Vec<usize> = (0..lines.len()).collect();
        for t in crate::batch::map(&all, None, |&i| tokenize(lines[i].as_ref(), opts)) {
            count(&intern(&mut vocab, &t), &mut frequency);
        }
    }
    let mut reference_ids: Vec<u32> = Vec::new();
    let mut reference_ends: Vec<usize> = Vec::with_capacity(n);
    let blocks = n.div_ceil(BLOCK);
    crate::batch::steps(blocks, |b| {
        for seg in tokenize_block(&[refs], b * BLOCK..((b + 1) * BLOCK).min(n), opts) {
            let ids = intern(&mut vocab, &seg[0]);
            if freq_corpus.is_none() {
                count(&ids, &mut frequency);
            }
            reference_ids.extend_from_slice(&ids);
            reference_ends.push(reference_ids.len());
        }
    });
    let mut words = word_accuracy::WordCounts::new(systems.len(), &opts.freq_cutoffs, frequency);
    let mut grams = ngrams::Counter::new(systems.len(), opts);
    let mut out = Analysis {
        ref_lengths: Vec::with_capacity(n),
        hyp_lengths: vec![Vec::with_capacity(n); systems.len()],
        ..Analysis::default()
    };
    crate::batch::steps(blocks, |b| {
        let first = b * BLOCK;
        for (k, seg) in tokenize_block(systems, first..((b + 1) * BLOCK).min(n), opts).into_iter().enumerate()
        {
            let i = first + k;
            let reference = &reference_ids[if i == 0 { 0 } else { reference_ends[i - 1] }..reference_ends[i]];
            let hyps: Vec<Vec<u32>> = seg.iter().map(|t| intern(&mut vocab, t)).collect();
            out.ref_lengths.push(reference.len() as u32);
            for (lengths, hyp) in out.hyp_lengths.iter_mut().zip(&hyps) {
                lengths.push(hyp.len() as u32);
            }
            words.add_segment(reference, &hyps);
            grams.add_segment(reference, &hyps);
        }
    });
    let bucketed = words.into_buckets();
    out.ref_totals = bucketed.ref_totals;
    out.out_totals = bucketed.out_totals;
    out.matches = bucketed.matches;
    out.ngrams = grams.characteristic(&vocab);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn options() -> Options {
        Options {
            tokenizer: Tokenizer::None,
            lowercase: false,
            freq_cutoffs: vec![1, 2, 3, 4, 5, 10, 100, 1000],
            min_order: 1,
            max_order: 4,
            kinds: vec![NgramKind::Match, NgramKind::Over, NgramKind::Under],
            top: 5,
            alpha: 1.0,
        }
    }

    #[test]
    fn lengths_and_shapes() {
        let refs = ["a b c", "d e"];
        let s1 = ["a b", "d e f g"];
        let s2 = ["a b c", ""];
        let got = analyze(&refs, &[&s1, &s2], None, &options()).unwrap();
        assert_eq!(got.ref_lengths, [3, 2]);
        assert_eq!(got.hyp_lengths, [vec![2, 4], vec![3, 0]]);
        assert_eq!(got.ngrams.len(), 1);
        assert_eq!(got.ngrams[0].len(), 3);
    }

    #[test]
    fn sentence_breaks_are_pythons_replace() {
        for (line, expected) in [
            ("a\\nb", "a\nb"),
            ("no break", "no break"),
            ("\\\\n", "\\\n"),
            ("x\\", "x\\"),
            ("\\n\\n", "\n\n"),
            ("é\\nß", "é\nß"),
        ] {
            assert_eq!(with_sentence_breaks(line), expected, "{line:?}");
        }
    }

    #[test]
    fn bad_inputs_are_refused() {
        let refs = ["a"];
        let short: [&str; 0] = [];
        assert!(analyze(&refs, &[&short], None, &options()).is_err());
        assert!(analyze(&refs, &[], None, &options()).is_err());
        let mut o = options();
        o.min_order = 0;
        assert!(analyze(&refs, &[&refs], None, &o).is_err());
        let mut o = options();
        o.freq_cutoffs = vec![3, 3];
        assert!(analyze(&refs, &[&refs], None, &o).is_err());
    }
}
