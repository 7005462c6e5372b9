//! All-pairs ROUGE of one rouge type: every hypothesis against every reference, each text
//! tokenized, stemmed and interned once (into one id space), so each entry equals `rouge()` of
//! that pair.
//!
//! The types rouge_score has get kernels that do once per text what a lone pair does per pair:
//! rougeN an inverted index of the references' n-grams, rougeL and rougeLsum the hypothesis'
//! match masks, built once per row. The other types count pair by pair as [`counts`] does.
mod lcs;
mod local;
mod matcher;
mod ngrams;
mod union_lcs;

use crate::allpairs::PairScorer;
use crate::kernels::fmeasure::Prf;
use crate::kernels::ngram::ngram_count;
use crate::rouge::counts::{counts, finish, Counts, FWeight, Scratch};
use crate::rouge::prepare::{Needs, Prepared};
use crate::rouge::scorer::Text;
use crate::rouge::shared_vocab::prepare_shared;
use crate::rouge::types::RougeType;
use ngrams::NgramPostings;

/// How a row is counted.
enum Kernel {
    Ngrams(NgramPostings),
    Lcs,
    UnionLcs,
    /// Pair by pair, as a lone pair is.
    Pairs,
}

/// One rouge type prepared for all pairs of `hyps` x `refs`.
pub struct RougePairs {
    ty: RougeType,
    weight: FWeight,
    hyps: Vec<Prepared>,
    refs: Vec<Prepared>,
    /// One more than the largest token id.
    vocab: u32,
    kernel: Kernel,
}

impl RougePairs {
    pub fn new(
        ty: RougeType,
        stem: bool,
        weight: FWeight,
        hyps: &[Text],
        refs: &[Text],
        workers: Option<usize>,
    ) -> Self {
        let needs = Needs {
            tokens: ty != RougeType::Lsum,
            sentences: ty == RougeType::Lsum,
            stem,
            mode: crate::rouge::Tokenization::RougeScore,
        };
        let texts: Vec<(&str, _)> = hyps.iter().chain(refs).map(|t| (t.text, t.lowercase)).collect();
        let mut prepared = prepare_shared(&texts, needs, workers);
        let vocab = prepared
            .iter()
            .flat_map(|p| p.tokens.iter().chain(p.sentences.iter().flatten()))
            .max()
            .map_or(1, |&m| m + 1);
        let refs = prepared.split_off(hyps.len());
        let hyps = prepared;
        let kernel = match ty {
            RougeType::N(n) => Kernel::Ngrams(NgramPostings::new(
                n,
                hyps.iter().map(|p| &p.tokens[..]),
                refs.iter().map(|p| &p.tokens[..]),
            )),
            RougeType::L => Kernel::Lcs,
            RougeType::Lsum => Kernel::UnionLcs,
            _ => Kernel::Pairs,
        };
        RougePairs { ty, weight, hyps, refs, vocab, kernel }
    }

    pub fn rows(&self) -> usize {
        self.hyps.len()
    }

    /// Calls `f(j, counts)` for hypothesis `i` against each reference `j`, in order.
    fn each_counts(&self, i: usize, mut f: impl FnMut(usize, Counts)) {
        let h = &self.hyps[i];
        let vocab = self.vocab as usize;
        let mut hits = vec![0u32; self.refs.len()];
        let totals: fn(&Prepared) -> usize = match &self.kernel {
            Kernel::Pairs => {
                let mut scratch = Scratch::with_vocab(self.vocab);
                for (j, r) in self.refs.iter().enumerate() {
                    f(j, counts(self.ty, r, h, &mut scratch));
                }
                return;
            }
            Kernel::Ngrams(index) => {
                index.hits_row(i, &mut hits);
                |p| p.tokens.len()
            }
            Kernel::Lcs => {
                lcs::hits_row(h, &self.refs, vocab, &mut hits);
                |p| p.tokens.len()
            }
            Kernel::UnionLcs => {
                union_lcs::hits_row(h, &self.refs, vocab, &mut hits);
                |p| p.sentences.iter().map(Vec::len).sum()
            }
        };
        let n = if let RougeType::N(n) = self.ty { n } else { 1 };
        let candidate_total = ngram_count(totals(h), n) as f64;
        for (j, (r, &hits)) in self.refs.iter().zip(&hits).enumerate() {
            let reference_total = ngram_count(totals(r), n) as f64;
            f(j, Counts { hits: hits as f64, reference_total, candidate_total });
        }
    }

    /// Precision, recall and F of hypothesis `i` against every reference.
    pub fn prf_row(&self, i: usize, out: &mut [Prf]) {
        self.each_counts(i, |j, c| out[j] = finish(self.ty, c, self.weight));
    }
}

/// As a utility (MBR, top-k): the F-measure.
impl PairScorer for RougePairs {
    fn cols(&self) -> usize {
        self.refs.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        self.each_counts(i, |j, c| out[j] = finish(self.ty, c, self.weight).fmeasure);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rouge::scorer::{Options, Scorer};

    /// Every entry of `pairs` against the pair scored alone.
    fn check(names: &[&str], hyps: &[String], refs: &[String]) {
        let (h, r): (Vec<Text>, Vec<Text>) = (
            hyps.iter().map(|s| s.as_str().into()).collect(),
            refs.iter().map(|s| s.as_str().into()).collect(),
        );
        for &name in names {
            for stem in [false, true] {
                let ty = RougeType::parse(name).unwrap();
                let pairs = RougePairs::new(ty, stem, FWeight::F1, &h, &r, Some(2));
                let single = Scorer::from_names(&[name], Options { stem, ..Options::default() }).unwrap();
                for (i, &hyp) in h.iter().enumerate() {
                    let mut row = vec![Prf::default(); r.len()];
                    pairs.prf_row(i, &mut row);
                    for (j, &reference) in r.iter().enumerate() {
                        assert_eq!(row[j], single.score(reference, hyp)[0].prf, "{name} {stem} {i} {j}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_pair_equals_the_pair_scored_alone() {
        let hyps = ["the cats ran home\nfast", "a dog", "", "running dogs run", "!!\n\n?"];
        let refs = ["the cat runs home", "dogs\nrunning home", "x y z", "\n"];
        let owned = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let names =
            ["rouge1", "rouge2", "rouge4", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeSU*"];
        check(&names, &owned(&hyps), &owned(&refs));
    }

    /// Pseudo-random texts over a few words that share stems, with sentences of 2 to 300 tokens
    /// and texts of up to 80 sentences: every width of the match masks (one word, two, more, and
    /// their edges) and more hypothesis sentences than a sentence bit set holds.
    #[test]
    fn long_and_many_sentence_texts_equal_the_pairs_scored_alone() {
        let words = ["run", "running", "runs", "cat", "cats", "the", "a", "house", "houses", "blue", "x"];
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |m: usize| {
            x = crate::test_rng::xorshift(x);
            (x % m as u64) as usize
        };
        // A text of sentences of these lengths (`n` copies of each with `(n, len)`).
        let mut text = |lengths: &[(usize, usize)]| {
            let lengths = lengths.iter().flat_map(|&(n, len)| std::iter::repeat(len).take(n));
            lengths
                .map(|len| (0..len).map(|_| words[next(words.len())]).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let hyps = vec![
            text(&[(1, 300)]),
            text(&[(1, 64), (1, 65), (1, 3)]),
            text(&[(80, 3)]),
            text(&[(1, 128), (1, 129)]),
            text(&[(5, 20)]),
            text(&[(1, 100)]),
            text(&[(1, 64)]),
        ];
        let refs = vec![
            text(&[(1, 60)]),
            text(&[(2, 100), (1, 7)]),
            text(&[(70, 2)]),
            text(&[(1, 200)]),
            text(&[(6, 30)]),
            text(&[(1, 128)]),
        ];
        check(&["rouge1", "rouge3", "rougeL", "rougeLsum"], &hyps, &refs);
    }
}
