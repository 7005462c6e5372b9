//! All-pairs ROUGE of one rouge type: every hypothesis against every reference, each text
//! tokenized, stemmed and interned once (into one id space), then scored pair by pair with the
//! same counting as [`crate::rouge::scorer`], so each entry equals `rouge()` of that pair.
use crate::allpairs::PairScorer;
use crate::kernels::fmeasure::Prf;
use crate::rouge::counts::{counts, finish, FWeight, Scratch};
use crate::rouge::prepare::{Needs, Prepared};
use crate::rouge::scorer::Text;
use crate::rouge::shared_vocab::prepare_shared;
use crate::rouge::types::RougeType;

/// One rouge type prepared for all pairs of `hyps` x `refs`.
pub struct RougePairs {
    ty: RougeType,
    weight: FWeight,
    hyps: Vec<Prepared>,
    refs: Vec<Prepared>,
    /// One more than the largest token id (compact n-gram keys).
    vocab: u32,
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
            mode: crate::text::Tokenization::RougeScore,
        };
        let texts: Vec<(&str, _)> = hyps.iter().chain(refs).map(|t| (t.text, t.lowercase)).collect();
        let mut prepared = prepare_shared(&texts, needs, workers);
        let vocab = prepared
            .iter()
            .flat_map(|p| p.tokens.iter().chain(p.sentences.iter().flatten()))
            .max()
            .map_or(1, |&m| m + 1);
        let refs = prepared.split_off(hyps.len());
        RougePairs { ty, weight, hyps: prepared, refs, vocab }
    }

    /// Precision, recall and F of hypothesis `i` against every reference.
    pub fn prf_row(&self, i: usize, out: &mut [Prf]) {
        let mut scratch = Scratch::with_vocab(self.vocab);
        let h = &self.hyps[i];
        for (r, slot) in self.refs.iter().zip(out) {
            *slot = finish(self.ty, counts(self.ty, r, h, &mut scratch), self.weight);
        }
    }

    pub fn rows(&self) -> usize {
        self.hyps.len()
    }
}

/// As a utility (MBR, top-k): the F-measure.
impl PairScorer for RougePairs {
    fn cols(&self) -> usize {
        self.refs.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        let mut scratch = Scratch::with_vocab(self.vocab);
        let h = &self.hyps[i];
        for (r, slot) in self.refs.iter().zip(out) {
            *slot = finish(self.ty, counts(self.ty, r, h, &mut scratch), self.weight).fmeasure;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rouge::scorer::{Options, Scorer};

    #[test]
    fn each_pair_equals_the_pair_scored_alone() {
        let hyps = ["the cats ran home\nfast", "a dog", "", "running dogs run"];
        let refs = ["the cat runs home", "dogs\nrunning home", "x y z"];
        let (h, r): (Vec<Text>, Vec<Text>) =
            (hyps.iter().map(|&s| s.into()).collect(), refs.iter().map(|&s| s.into()).collect());
        for name in ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeSU*"] {
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
}
