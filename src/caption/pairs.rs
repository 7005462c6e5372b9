//! CIDEr-D (or CIDEr) of every hypothesis against every reference, each reference alone, for the
//! all-pairs utilities (minimum Bayes risk decoding, nearest captions).
//!
//! Document frequencies are a corpus' or, without one, those of the references, each reference
//! being a document of its own (`ref_len = ln(number of references)`).
use super::captions::{Captions, Text};
use super::cider::{self, DocumentFrequencies, Variant, Vectors};
use super::ngrams::Marks;
use crate::allpairs::PairScorer;

pub struct CiderPairs {
    captions: Captions,
    vectors: Vectors,
    hyps: Vec<usize>,
    refs: Vec<usize>,
}

impl CiderPairs {
    pub fn new<'a>(
        hyps: &[Text<'a>],
        refs: &[Text<'a>],
        order: usize,
        variant: Variant,
        df: Option<&DocumentFrequencies>,
    ) -> CiderPairs {
        let texts = hyps.iter().chain(refs).copied();
        let (captions, index) = match df {
            Some(df) => Captions::from_texts(texts, order, &mut cider::CorpusVocabulary::new(df)),
            None => Captions::from_texts(texts, order, &mut super::words::BatchVocabulary::new()),
        };
        let (hyps, refs) = (index[..hyps.len()].to_vec(), index[hyps.len()..].to_vec());
        let weights = match df {
            Some(df) => cider::corpus_weights(&captions, df),
            None => cider::document_weights(
                &captions,
                refs.iter().map(|r| (std::slice::from_ref(r), 1.0)),
                refs.len(),
            ),
        };
        let vectors = Vectors::new(&captions, &weights, order, variant);
        CiderPairs { captions, vectors, hyps, refs }
    }

    /// Number of hypotheses.
    pub fn rows(&self) -> usize {
        self.hyps.len()
    }
}

thread_local! {
    static MARKS: std::cell::RefCell<Marks<f64>> = std::cell::RefCell::new(Marks::default());
}

impl PairScorer for CiderPairs {
    fn cols(&self) -> usize {
        self.refs.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        MARKS.with(|m| {
            let mut m = m.borrow_mut();
            for (o, r) in out.iter_mut().zip(&self.refs) {
                *o = self.vectors.score_texts(&self.captions, self.hyps[i], std::slice::from_ref(r), &mut m);
            }
        })
    }
}
