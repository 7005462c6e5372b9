//! rouge_score's `RougeScorer` semantics over prepared texts: `score`, `score_multi`, batches.
use crate::batch;
use crate::error::{Error, Result};
use crate::kernels::fmeasure::Prf;
use crate::kernels::lcs::{lcs_len, union_lcs_hits};
use crate::kernels::ngram::NgramKeys;
use crate::rouge::prepare::{with_preparer, Needs, Prepared};
use crate::rouge::types::RougeType;
use crate::text::rouge_score::Lowercase;

/// The score of one rouge type for one pair.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TypeScore {
    pub prf: Prf,
    /// rouge_score returns the Python ints `Score(0, 0, 0)` (not floats) for rougeL/rougeLsum
    /// when either side has no tokens; callers that build Python objects mirror that.
    pub int_zero: bool,
}

/// A text to score: its string and how rouge_score lowercases it (`bytes` input: ASCII only).
#[derive(Debug, Clone, Copy)]
pub struct Text<'a> {
    pub text: &'a str,
    pub lowercase: Lowercase,
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Text {
            text,
            lowercase: Lowercase::Unicode,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Scorer {
    types: Vec<RougeType>,
    stem: bool,
}

impl Scorer {
    pub fn new(types: Vec<RougeType>, stem: bool) -> Result<Self> {
        if types.is_empty() {
            return Err(Error::value(
                "rouge_types",
                "at least one rouge type is required",
            ));
        }
        Ok(Scorer { types, stem })
    }

    pub fn from_names<S: AsRef<str>>(names: &[S], stem: bool) -> Result<Self> {
        let types = names
            .iter()
            .map(|n| RougeType::parse(n.as_ref()))
            .collect::<Result<Vec<_>>>()?;
        Self::new(types, stem)
    }

    pub fn types(&self) -> &[RougeType] {
        &self.types
    }

    fn needs(&self) -> Needs {
        Needs {
            tokens: self.types.iter().any(|t| *t != RougeType::Lsum),
            sentences: self.types.contains(&RougeType::Lsum),
            stem: self.stem,
        }
    }

    /// Scores of every type for one (target, prediction) pair of prepared texts.
    pub fn score_prepared(&self, target: &Prepared, prediction: &Prepared) -> Vec<TypeScore> {
        let mut keys = NgramKeys::new();
        let (mut kt, mut kp) = (Vec::new(), Vec::new());
        self.types
            .iter()
            .map(|ty| match *ty {
                RougeType::N(n) => {
                    keys.keys(&target.tokens, n, &mut kt);
                    keys.keys(&prediction.tokens, n, &mut kp);
                    let hits = crate::kernels::ngram::clipped_overlap(&kt, &kp);
                    TypeScore {
                        prf: Prf::from_counts(hits, kp.len(), kt.len()),
                        int_zero: false,
                    }
                }
                RougeType::L => {
                    let (t, p) = (&target.tokens, &prediction.tokens);
                    if t.is_empty() || p.is_empty() {
                        return TypeScore {
                            int_zero: true,
                            ..Default::default()
                        };
                    }
                    TypeScore {
                        prf: Prf::from_counts(lcs_len(t, p), p.len(), t.len()),
                        int_zero: false,
                    }
                }
                RougeType::Lsum => {
                    let t: Vec<&[u32]> = target.sentences.iter().map(|s| s.as_slice()).collect();
                    let p: Vec<&[u32]> =
                        prediction.sentences.iter().map(|s| s.as_slice()).collect();
                    let (m, n): (usize, usize) = (
                        t.iter().map(|s| s.len()).sum(),
                        p.iter().map(|s| s.len()).sum(),
                    );
                    if m == 0 || n == 0 {
                        return TypeScore {
                            int_zero: true,
                            ..Default::default()
                        };
                    }
                    TypeScore {
                        prf: Prf::from_counts(union_lcs_hits(&t, &p), n, m),
                        int_zero: false,
                    }
                }
            })
            .collect()
    }

    /// rouge_score's `score(target, prediction)`.
    pub fn score(&self, target: Text, prediction: Text) -> Vec<TypeScore> {
        with_preparer(self.needs(), |p| {
            let (t, c) = (
                p.prepare(target.text, target.lowercase),
                p.prepare(prediction.text, prediction.lowercase),
            );
            self.score_prepared(&t, &c)
        })
    }

    /// rouge_score's `score_multi(targets, prediction)`: per type, the whole score of the target
    /// with the highest F-measure (the first one on ties, as `np.argmax`).
    pub fn score_multi(&self, targets: &[Text], prediction: Text) -> Result<Vec<TypeScore>> {
        if targets.is_empty() {
            return Err(Error::value(
                "references",
                "at least one reference is required",
            ));
        }
        Ok(with_preparer(self.needs(), |p| {
            let c = p.prepare(prediction.text, prediction.lowercase);
            let per_target: Vec<Vec<TypeScore>> = targets
                .iter()
                .map(|t| self.score_prepared(&p.prepare(t.text, t.lowercase), &c))
                .collect();
            best_per_type(&per_target)
        }))
    }

    /// `score_multi` for every prediction (one reference is the single-target `score`),
    /// in parallel; results in input order and identical for any `workers`.
    pub fn score_batch(
        &self,
        predictions: &[Text],
        references: &[Vec<Text>],
        workers: Option<usize>,
    ) -> Result<Vec<Vec<TypeScore>>> {
        if predictions.len() != references.len() {
            return Err(Error::value(
                "references",
                format!(
                    "got {} predictions but {} references",
                    predictions.len(),
                    references.len()
                ),
            ));
        }
        if let Some(i) = references.iter().position(|r| r.is_empty()) {
            return Err(Error::value(
                "references",
                format!("item {i} has no reference"),
            ));
        }
        let out = batch::map_range(predictions.len(), workers, |i| {
            let refs = &references[i];
            if refs.len() == 1 {
                Ok(self.score(refs[0], predictions[i]))
            } else {
                self.score_multi(refs, predictions[i])
            }
        });
        out.into_iter().collect()
    }
}

/// Per type, the score with the largest F-measure, first on ties.
pub fn best_per_type(per_target: &[Vec<TypeScore>]) -> Vec<TypeScore> {
    let n_types = per_target.first().map_or(0, |s| s.len());
    (0..n_types)
        .map(|k| {
            let mut best = per_target[0][k];
            for s in &per_target[1..] {
                if s[k].prf.fmeasure > best.prf.fmeasure {
                    best = s[k];
                }
            }
            best
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scorer(names: &[&str]) -> Scorer {
        Scorer::from_names(names, false).unwrap()
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
        assert_eq!(s[0], TypeScore::default());
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
        let sc = scorer(&["rouge1", "rouge2", "rougeL", "rougeLsum"]);
        let preds: Vec<String> = (0..200)
            .map(|i| format!("w{} w{} x\nw{} y", i % 7, i % 5, i % 3))
            .collect();
        let refs: Vec<String> = (0..200)
            .map(|i| format!("w{} x w{}\ny w{}", i % 5, i % 7, i % 2))
            .collect();
        let p: Vec<Text> = preds.iter().map(|s| s.as_str().into()).collect();
        let r: Vec<Vec<Text>> = refs.iter().map(|s| vec![s.as_str().into()]).collect();
        let one = sc.score_batch(&p, &r, Some(1)).unwrap();
        assert_eq!(sc.score_batch(&p, &r, None).unwrap(), one);
        assert_eq!(sc.score_batch(&p, &r, Some(3)).unwrap(), one);
        assert!(sc.score_batch(&p[..3], &r, None).is_err());
    }
}
