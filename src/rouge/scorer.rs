//! ROUGE of texts: prepare (tokenize, stem, intern), count per type and reference, combine.
//! With the default options this is rouge_score's `RougeScorer` exactly.
use std::cell::RefCell;

use crate::batch;
use crate::error::{check_same_length, Error, Result};
use crate::rouge::counts::{counts, Counts, FWeight, Scratch};
use crate::rouge::multi::{combine, jackknife, MultiRef, TypeScore};
use crate::rouge::prepare::{with_preparer, Needs, Prepared};
use crate::rouge::pretokenized::{Densify, TokenText};
use crate::rouge::types::RougeType;
use crate::rouge::Tokenization;
use crate::text::rouge_score::Lowercase;

/// A text to score: its string and how rouge_score lowercases it (`bytes` input: ASCII only).
#[derive(Debug, Clone, Copy)]
pub struct Text<'a> {
    pub text: &'a str,
    pub lowercase: Lowercase,
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Text { text, lowercase: Lowercase::Unicode }
    }
}

/// Scoring options beyond the rouge types.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// NLTK Porter stemming of tokens longer than 3 characters (rouge_score `use_stemmer`).
    pub stem: bool,
    pub multi_ref: MultiRef,
    pub weight: FWeight,
    /// Leave-one-out jackknifing over the references (Lin 2004 §2.1).
    pub jackknife: bool,
    /// The tokenizer (and the stemmer `stem` means): rouge_score's by default.
    pub tokenization: Tokenization,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            stem: false,
            multi_ref: MultiRef::Max,
            weight: FWeight::F1,
            jackknife: false,
            tokenization: Tokenization::RougeScore,
        }
    }
}

/// Token buffers and scratch space of one thread, reused by every unit it scores.
#[derive(Default)]
struct UnitBuffers {
    prediction: Prepared,
    /// Several systems' predictions of one segment ([`Scorer::score_batch_systems`]).
    predictions: Vec<Prepared>,
    references: Vec<Prepared>,
    scratch: Scratch,
    per_ref: Vec<Counts>,
}

/// Buffers that grew past this many tokens (a long document) are freed after use.
const MAX_KEPT_TOKENS: usize = 1 << 16;

impl UnitBuffers {
    /// Free what a long document or a long reference list made large.
    fn trim(&mut self, used_refs: usize) {
        let big = |p: &Prepared| {
            p.tokens.capacity() + p.sentences.iter().map(Vec::capacity).sum::<usize>() > MAX_KEPT_TOKENS
                || p.sentences.capacity() > MAX_KEPT_TOKENS / 16
        };
        if big(&self.prediction) {
            self.prediction = Prepared::default();
        }
        self.predictions.iter_mut().filter(|p| big(p)).for_each(|p| *p = Prepared::default());
        self.references.truncate(used_refs.min(64));
        self.references.iter_mut().filter(|r| big(r)).for_each(|r| *r = Prepared::default());
        self.scratch.trim(MAX_KEPT_TOKENS);
    }
}

thread_local! {
    static UNIT_BUFFERS: RefCell<UnitBuffers> = RefCell::new(UnitBuffers::default());
}

#[derive(Debug, Clone)]
pub struct Scorer {
    types: Vec<RougeType>,
    options: Options,
}

impl Scorer {
    pub fn new(types: Vec<RougeType>, options: Options) -> Result<Self> {
        if types.is_empty() {
            return Err(Error::value("rouge_types", "at least one rouge type is required"));
        }
        if let FWeight::Alpha(a) = options.weight {
            if !(0.0..=1.0).contains(&a) {
                return Err(Error::value("alpha", format!("must be in [0, 1], got {a}")));
            }
        }
        Ok(Scorer { types, options })
    }

    pub fn from_names<S: AsRef<str>>(names: &[S], options: Options) -> Result<Self> {
        let types = names.iter().map(|n| RougeType::parse(n.as_ref())).collect::<Result<Vec<_>>>()?;
        Self::new(types, options)
    }

    pub fn types(&self) -> &[RougeType] {
        &self.types
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    fn needs(&self) -> Needs {
        Needs {
            tokens: self.types.iter().any(|t| *t != RougeType::Lsum),
            sentences: self.types.contains(&RougeType::Lsum),
            stem: self.options.stem,
            mode: self.options.tokenization,
        }
    }

    /// Scores of every type for a prediction against one or more prepared references.
    pub fn score_prepared(&self, references: &[Prepared], prediction: &Prepared) -> Vec<TypeScore> {
        let mut out = Vec::with_capacity(self.types.len());
        self.score_prepared_into(references, prediction, &mut Scratch::default(), &mut Vec::new(), &mut out);
        out
    }

    /// [`Scorer::score_prepared`] with caller-owned scratch space, appending to `out`.
    fn score_prepared_into(
        &self,
        references: &[Prepared],
        prediction: &Prepared,
        scratch: &mut Scratch,
        per_ref: &mut Vec<Counts>,
        out: &mut Vec<TypeScore>,
    ) {
        // Slice by slice: a maximum over one slice is vectorized, over a flattened chain it is not.
        let slice_max = |s: &[u32]| s.iter().copied().max();
        let max_id = references
            .iter()
            .chain(std::iter::once(prediction))
            .flat_map(|p| {
                std::iter::once(slice_max(&p.tokens)).chain(p.sentences.iter().map(|s| slice_max(s)))
            })
            .max()
            .flatten();
        scratch.reset(max_id.map_or(1, |m| m + 1));
        per_ref.clear();
        let o = &self.options;
        // rougeLsum of one-sentence texts is rougeL of the same tokens: count it once.
        let one_sentence = |p: &Prepared| matches!(&p.sentences[..], [s] if *s == p.tokens);
        let reuse_l = self.types.contains(&RougeType::L)
            && self.types.contains(&RougeType::Lsum)
            && one_sentence(prediction)
            && references.iter().all(one_sentence);
        // The rougeL counts, for rougeLsum: where per_ref holds them from `l_from` on.
        let mut l_from = None;
        out.extend(self.types.iter().map(|&ty| {
            let from = per_ref.len();
            match l_from {
                Some(at) if ty == RougeType::Lsum && reuse_l => {
                    per_ref.extend_from_within(at..at + references.len())
                }
                _ => {
                    per_ref.extend(references.iter().map(|r| counts(ty, r, prediction, scratch)));
                    if ty == RougeType::L && reuse_l {
                        l_from = Some(from);
                    }
                }
            }
            let per_ref = &per_ref[from..];
            if o.jackknife {
                jackknife(ty, o.multi_ref, per_ref, o.weight)
            } else {
                combine(ty, o.multi_ref, per_ref, o.weight)
            }
        }));
    }

    /// rouge_score's `score(target, prediction)`.
    pub fn score(&self, target: Text, prediction: Text) -> Vec<TypeScore> {
        self.score_multi_unchecked(&[target], prediction)
    }

    /// Scores against several targets, combined by the `multi_ref` option (rouge_score's
    /// `score_multi` with the default `Max`).
    pub fn score_multi(&self, targets: &[Text], prediction: Text) -> Result<Vec<TypeScore>> {
        if targets.is_empty() {
            return Err(Error::value("references", "at least one reference is required"));
        }
        Ok(self.score_multi_unchecked(targets, prediction))
    }

    fn score_multi_unchecked(&self, targets: &[Text], prediction: Text) -> Vec<TypeScore> {
        let mut out = Vec::with_capacity(self.types.len());
        self.score_multi_into(targets, prediction, &mut out);
        out
    }

    /// Scores against one or more targets (not checked: at least one), appended to `out`.
    ///
    /// The per-call path: this thread's token buffers and scratch space are reused from call to
    /// call, so scoring a short pair allocates nothing once the buffers have grown.
    pub fn score_multi_into(&self, targets: &[Text], prediction: Text, out: &mut Vec<TypeScore>) {
        UNIT_BUFFERS.with(|cell| {
            // A nested call (none today) would find the buffers taken: use fresh ones.
            let mut fresh = UnitBuffers::default();
            let mut guard = cell.try_borrow_mut();
            let b = guard.as_deref_mut().unwrap_or(&mut fresh);
            with_preparer(self.needs(), |p| {
                p.prepare_into(prediction.text, prediction.lowercase, &mut b.prediction);
                if b.references.len() < targets.len() {
                    b.references.resize_with(targets.len(), Prepared::default);
                }
                for (t, r) in targets.iter().zip(&mut b.references) {
                    p.prepare_into(t.text, t.lowercase, r);
                }
            });
            let refs = &b.references[..targets.len()];
            self.score_prepared_into(refs, &b.prediction, &mut b.scratch, &mut b.per_ref, out);
            b.trim(targets.len());
        })
    }

    /// `score_multi` for every prediction against its references, in parallel; results in input
    /// order and identical for any `workers`.
    pub fn score_batch(
        &self,
        predictions: &[Text],
        references: &[Vec<Text>],
        workers: Option<usize>,
    ) -> Result<Vec<Vec<TypeScore>>> {
        check_batch(predictions.len(), references)?;
        Ok(batch::map_range(predictions.len(), workers, |i| {
            self.score_multi_unchecked(&references[i], predictions[i])
        }))
    }
}

/// The checks of a batch before any work: as many reference lists as predictions, none empty.
fn check_batch<T>(predictions: usize, references: &[Vec<T>]) -> Result<()> {
    check_same_length("predictions", predictions, "references", references.len())?;
    match references.iter().position(|r| r.is_empty()) {
        Some(i) => Err(Error::value("references", format!("item {i} has no reference"))),
        None => Ok(()),
    }
}

impl Scorer {
    /// [`Scorer::score_batch`] of several systems against the same references, segment by
    /// segment: each segment's references are tokenized once for all the systems.
    /// `out[i][s]` are system `s`'s scores of segment `i`, equal to `score_batch`'s.
    pub fn score_batch_systems(
        &self,
        systems: &[Vec<Text>],
        references: &[Vec<Text>],
        workers: Option<usize>,
    ) -> Result<Vec<Vec<Vec<TypeScore>>>> {
        if let Some(s) = systems.iter().find(|s| s.len() != references.len()) {
            return Err(Error::value(
                "references",
                format!("got {} predictions but {} references", s.len(), references.len()),
            ));
        }
        if let Some(i) = references.iter().position(|r| r.is_empty()) {
            return Err(Error::value("references", format!("item {i} has no reference")));
        }
        Ok(batch::map_range(references.len(), workers, |i| {
            UNIT_BUFFERS.with(|cell| {
                let mut fresh = UnitBuffers::default();
                let mut guard = cell.try_borrow_mut();
                let b = guard.as_deref_mut().unwrap_or(&mut fresh);
                let targets = &references[i];
                with_preparer(self.needs(), |p| {
                    if b.references.len() < targets.len() {
                        b.references.resize_with(targets.len(), Prepared::default);
                    }
                    for (t, r) in targets.iter().zip(&mut b.references) {
                        p.prepare_into(t.text, t.lowercase, r);
                    }
                    if b.predictions.len() < systems.len() {
                        b.predictions.resize_with(systems.len(), Prepared::default);
                    }
                    for (system, out) in systems.iter().zip(&mut b.predictions) {
                        p.prepare_into(system[i].text, system[i].lowercase, out);
                    }
                });
                let refs = &b.references[..targets.len()];
                let scores = (0..systems.len())
                    .map(|s| {
                        let mut out = Vec::with_capacity(self.types.len());
                        self.score_prepared_into(
                            refs,
                            &b.predictions[s],
                            &mut b.scratch,
                            &mut b.per_ref,
                            &mut out,
                        );
                        out
                    })
                    .collect();
                b.trim(targets.len());
                scores
            })
        }))
    }

    /// [`Scorer::score_batch`] for pre-tokenized texts (token ids, with sentences for rougeLsum):
    /// the same kernels, without tokenizing, lowercasing or stemming.
    pub fn score_batch_tokens(
        &self,
        predictions: &[TokenText],
        references: &[Vec<TokenText>],
        workers: Option<usize>,
    ) -> Result<Vec<Vec<TypeScore>>> {
        check_batch(predictions.len(), references)?;
        let needs = self.needs();
        Ok(batch::map_range(predictions.len(), workers, |i| {
            DENSIFY.with(|d| {
                UNIT_BUFFERS.with(|cell| {
                    let mut fresh = UnitBuffers::default();
                    let mut guard = cell.try_borrow_mut();
                    let b = guard.as_deref_mut().unwrap_or(&mut fresh);
                    let mut d = d.borrow_mut();
                    d.start_unit();
                    d.prepare_into(&predictions[i], needs, &mut b.prediction);
                    let targets = &references[i];
                    if b.references.len() < targets.len() {
                        b.references.resize_with(targets.len(), Prepared::default);
                    }
                    for (t, r) in targets.iter().zip(&mut b.references) {
                        d.prepare_into(t, needs, r);
                    }
                    let mut out = Vec::with_capacity(self.types.len());
                    let refs = &b.references[..targets.len()];
                    self.score_prepared_into(refs, &b.prediction, &mut b.scratch, &mut b.per_ref, &mut out);
                    b.trim(targets.len());
                    out
                })
            })
        }))
    }
}

thread_local! {
    static DENSIFY: RefCell<Densify> = RefCell::new(Densify::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::fmeasure::Prf;

    fn scorer(names: &[&str]) -> Scorer {
        Scorer::from_names(names, Options::default()).unwrap()
    }

    #[test]
    fn rouge_score_readme_example() {
        // rouge_score's README: rouge1 P=0.75 R=0.6667 F=0.7059 (target first).
        let s = scorer(&["rouge1", "rougeL"]).score(
            "The quick brown fox jumps over the lazy dog".into(),
            "The quick brown dog jumps on the log.".into(),
        );
        assert_eq!(s[0].prf.precision, 0.75);
        assert_eq!(s[0].prf.recall, 6.0 / 9.0);
        assert_eq!(s[1].prf.precision, 5.0 / 8.0);
    }

    #[test]
    fn empty_texts_follow_rouge_score() {
        let s = scorer(&["rouge1", "rougeL", "rougeLsum"]).score("".into(), "a b".into());
        assert_eq!(s[0].prf, Prf::default());
        assert!(!s[0].int_zero);
        assert!(s[1].int_zero && s[2].int_zero);
    }

    #[test]
    fn multi_picks_best_f_per_type_first_on_ties() {
        let sc = scorer(&["rouge1", "rouge2"]);
        let refs: Vec<Text> = vec!["a b c".into(), "a c b".into(), "a b c".into()];
        let best = sc.score_multi(&refs, "a b".into()).unwrap();
        assert_eq!(best[0], sc.score(refs[0], "a b".into())[0]);
        assert_eq!(best[1], sc.score(refs[0], "a b".into())[1]);
        assert!(sc.score_multi(&[], "a".into()).is_err());
    }

    #[test]
    fn batch_is_identical_for_any_worker_count() {
        let names = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeS4", "rougeSU*"];
        let sc = scorer(&names);
        let preds: Vec<String> = (0..200).map(|i| format!("w{} w{} x\nw{} y", i % 7, i % 5, i % 3)).collect();
        let refs: Vec<String> = (0..200).map(|i| format!("w{} x w{}\ny w{}", i % 5, i % 7, i % 2)).collect();
        let p: Vec<Text> = preds.iter().map(|s| s.as_str().into()).collect();
        let r: Vec<Vec<Text>> = refs.iter().map(|s| vec![s.as_str().into()]).collect();
        let one = sc.score_batch(&p, &r, Some(1)).unwrap();
        assert_eq!(sc.score_batch(&p, &r, None).unwrap(), one);
        assert_eq!(sc.score_batch(&p, &r, Some(3)).unwrap(), one);
        assert!(sc.score_batch(&p[..3], &r, None).is_err());
    }

    #[test]
    fn alpha_is_validated() {
        let o = Options { weight: FWeight::Alpha(1.5), ..Options::default() };
        assert!(Scorer::from_names(&["rouge1"], o).is_err());
    }
}
