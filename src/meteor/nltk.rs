//! NLTK 3.10.4's `meteor_score` and `single_meteor_score` (`nltk.translate.meteor_score`).
//!
//! Words are matched in three stages, each on the words the earlier ones left: equal words, equal
//! Porter stems (NLTK's `PorterStemmer()`), then a hypothesis word whose WordNet synonyms (the
//! lemma names without `_` of `wordnet.synsets(word)`, and the word itself) include a reference
//! word — both sides as their stems, since NLTK's stem stage passes the words it leaves on stemmed. In every stage the hypothesis is scanned from its last word, and each word takes the
//! highest-positioned free reference word it can (NLTK's stacks of positions, popped from the end).
//! The matches, sorted by hypothesis position, make chunks where both sides advance by one; the
//! score is `(1 - gamma * (chunks / matches)^beta) * P R / (alpha P + (1 - alpha) R)`, 0 when a
//! side is empty or nothing matches. `meteor_score` is the best `single_meteor_score` over the
//! references.
use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::wordnet::WordNet;

/// NLTK's `alpha`, `beta`, `gamma` (defaults 0.9, 3.0, 0.5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    pub alpha: f64,
    pub beta: f64,
    pub gamma: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params { alpha: 0.9, beta: 3.0, gamma: 0.5 }
    }
}

/// What the stem and synonym stages look up: NLTK's defaults ([`Builtin`]) or the caller's own.
pub trait Lexicon: Sync {
    /// The stem of an (already preprocessed) word.
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str>;
    /// Whether `reference` is among the WordNet synonyms of `hypothesis` (the word itself aside).
    fn synonym(&self, hypothesis: &str, reference: &str) -> bool;
    /// The synonym test in two halves, each looked up once per word of a pair rather than once
    /// per pair of words: the sorted ids of the synonyms of `hypothesis`, and the id of
    /// `reference` (`synonym(h, r)` is "r's id is among h's ids"). `None` where the lexicon has
    /// no ids; then `synonym` is asked.
    fn synonym_ids(&self, _hypothesis: &str) -> Option<Rc<[u32]>> {
        None
    }
    fn name_id(&self, _reference: &str) -> Option<u32> {
        None
    }
}

/// NLTK's defaults: `PorterStemmer()` and WordNet 3.0 (`nltk.corpus.wordnet`).
pub struct Builtin;

/// Words a thread has stemmed or looked up in WordNet, for the next pairs and calls.
const CACHE_LIMIT: usize = 200_000;

thread_local! {
    static STEMS: RefCell<FxHashMap<Box<str>, Box<str>>> = RefCell::new(FxHashMap::default());
    static SYNONYMS: RefCell<FxHashMap<Box<str>, Rc<[u32]>>> = RefCell::new(FxHashMap::default());
}

impl Lexicon for Builtin {
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str> {
        STEMS.with(|cache| {
            let mut cache = cache.borrow_mut();
            let stem = match cache.get(word) {
                Some(s) => s,
                None => {
                    if cache.len() >= CACHE_LIMIT {
                        cache.clear();
                    }
                    let s = crate::stem::nltk_porter::stem(word);
                    cache.entry(word.into()).or_insert(s.into_boxed_str())
                }
            };
            // Most words of a text are their own stem: no copy then.
            if **stem == *word {
                Cow::Borrowed(word)
            } else {
                Cow::Owned(stem.to_string())
            }
        })
    }

    fn synonym(&self, hypothesis: &str, reference: &str) -> bool {
        self.name_id(reference).is_some_and(|name| {
            self.synonym_ids(hypothesis).is_some_and(|ids| ids.binary_search(&name).is_ok())
        })
    }

    fn synonym_ids(&self, hypothesis: &str) -> Option<Rc<[u32]>> {
        SYNONYMS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(names) = cache.get(hypothesis) {
                return Some(names.clone());
            }
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            let names: Rc<[u32]> = WordNet::get().nltk_synonyms(hypothesis).into();
            cache.insert(hypothesis.into(), names.clone());
            Some(names)
        })
    }

    fn name_id(&self, reference: &str) -> Option<u32> {
        WordNet::get().name_id(reference)
    }
}

/// One matching stage over the words left (`hyp_left`, `ref_left`: original positions,
/// ascending): hypothesis words from the last, each taking the highest free reference word that
/// `matches` it. The matched pairs are appended to `out`; the left lists keep the others.
fn stage(
    hyp_left: &mut Vec<usize>,
    ref_left: &mut Vec<usize>,
    out: &mut Vec<(usize, usize)>,
    matches: impl Fn(usize, usize) -> bool,
) {
    let mut taken_hyp = vec![false; hyp_left.len()];
    let mut taken_ref = vec![false; ref_left.len()];
    for hi in (0..hyp_left.len()).rev() {
        let h = hyp_left[hi];
        if let Some(ri) = (0..ref_left.len()).rev().find(|&ri| !taken_ref[ri] && matches(h, ref_left[ri])) {
            taken_hyp[hi] = true;
            taken_ref[ri] = true;
            out.push((h, ref_left[ri]));
        }
    }
    let mut k = 0;
    hyp_left.retain(|_| {
        k += 1;
        !taken_hyp[k - 1]
    });
    let mut k = 0;
    ref_left.retain(|_| {
        k += 1;
        !taken_ref[k - 1]
    });
}

/// NLTK's alignment of two preprocessed word lists: `(hypothesis position, reference position)`
/// pairs sorted by hypothesis position (`align_words`' first result).
pub fn align(hypothesis: &[&str], reference: &[&str], lexicon: &dyn Lexicon) -> Vec<(usize, usize)> {
    let hyp_stems = stems(hypothesis, lexicon);
    let ref_stems = stems(reference, lexicon);
    align_stemmed(hypothesis, &hyp_stems, reference, &ref_stems, lexicon)
}

/// The stems of `words`. A stem is a function of its word alone, so one list serves every stage
/// and every reference a hypothesis meets (NLTK stems the words each stage leaves, again for each
/// reference: the same stems).
fn stems<'a>(words: &[&'a str], lexicon: &dyn Lexicon) -> Vec<Cow<'a, str>> {
    words.iter().map(|w| lexicon.stem(w)).collect()
}

/// [`align`] with the stems of both sides given.
fn align_stemmed(
    hypothesis: &[&str],
    hyp_stems: &[Cow<str>],
    reference: &[&str],
    ref_stems: &[Cow<str>],
    lexicon: &dyn Lexicon,
) -> Vec<(usize, usize)> {
    let mut hyp_left: Vec<usize> = (0..hypothesis.len()).collect();
    let mut ref_left: Vec<usize> = (0..reference.len()).collect();
    let mut out = Vec::new();
    stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| hypothesis[h] == reference[r]);
    if !hyp_left.is_empty() && !ref_left.is_empty() {
        stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| hyp_stems[h] == ref_stems[r]);
        // NLTK's stem stage hands the words it leaves on as their stems: the synonym stage looks
        // up and compares stems ("walking" is looked up as "walk").
        if !hyp_left.is_empty() && !ref_left.is_empty() {
            // Each word's half of the synonym test, looked up once (positions index them).
            let mut hyp_ids: Vec<Option<Rc<[u32]>>> = vec![None; hypothesis.len()];
            for &h in &hyp_left {
                hyp_ids[h] = lexicon.synonym_ids(&hyp_stems[h]);
            }
            let mut ref_ids: Vec<Option<u32>> = vec![None; reference.len()];
            for &r in &ref_left {
                ref_ids[r] = lexicon.name_id(&ref_stems[r]);
            }
            stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| {
                let (hs, rs) = (&hyp_stems[h], &ref_stems[r]);
                hs == rs
                    || match &hyp_ids[h] {
                        Some(ids) => ref_ids[r].is_some_and(|id| ids.binary_search(&id).is_ok()),
                        None => lexicon.synonym(hs, rs),
                    }
            });
        }
    }
    out.sort_by_key(|&(h, _)| h);
    out
}

/// NLTK's `_count_chunks`: runs of matches that advance by one on both sides.
fn chunks(matches: &[(usize, usize)]) -> usize {
    1 + matches.windows(2).filter(|w| !(w[1].0 == w[0].0 + 1 && w[1].1 == w[0].1 + 1)).count()
}

/// `single_meteor_score` of preprocessed words.
pub fn single(reference: &[&str], hypothesis: &[&str], lexicon: &dyn Lexicon, p: Params) -> f64 {
    let matches = align(hypothesis, reference, lexicon);
    score(matches, hypothesis.len(), reference.len(), p)
}

/// NLTK's score of an alignment of `hypothesis_length` and `reference_length` words.
fn score(matches: Vec<(usize, usize)>, hypothesis_length: usize, reference_length: usize, p: Params) -> f64 {
    let m = matches.len() as f64;
    let (t, r) = (hypothesis_length as f64, reference_length as f64);
    // NLTK catches ZeroDivisionError, which Python raises for a zero divisor only.
    if t == 0.0 || r == 0.0 {
        return 0.0;
    }
    let precision = m / t;
    let recall = m / r;
    let denominator = p.alpha * precision + (1.0 - p.alpha) * recall;
    if denominator == 0.0 || m == 0.0 {
        return 0.0;
    }
    let fmean = (precision * recall) / denominator;
    let frag = chunks(&matches) as f64 / m;
    // Python's float ** float is the C library's pow, as f64::powf is.
    let penalty = p.gamma * frag.powf(p.beta);
    (1.0 - penalty) * fmean
}

/// `meteor_score`: the best `single_meteor_score` over `references` (`None` without references;
/// NLTK raises ValueError from `max()` then). The hypothesis is stemmed once for all of them.
pub fn best(references: &[Vec<&str>], hypothesis: &[&str], lexicon: &dyn Lexicon, p: Params) -> Option<f64> {
    let hyp_stems = stems(hypothesis, lexicon);
    references
        .iter()
        .map(|r| {
            let ref_stems = stems(r, lexicon);
            let matches = align_stemmed(hypothesis, &hyp_stems, r, &ref_stems, lexicon);
            score(matches, hypothesis.len(), r.len(), p)
        })
        .reduce(python_max)
}

/// Python's `max` of two floats: the first unless the second is greater (so a NaN first stays).
fn python_max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<&str> {
        s.split(' ').collect()
    }

    #[test]
    fn nltk_doctests() {
        // nltk/translate/meteor_score.py's examples (words lowercased by the default preprocess).
        let h1 =
            "it is a guide to action which ensures that the military always obeys the commands of the party";
        let r1 = "it is a guide to action that ensures that the military will forever heed party commands";
        let score = single(&words(r1), &words(h1), &Builtin, Params::default());
        assert_eq!((score * 1e4).round() / 1e4, 0.6944);
        assert_eq!(
            single(&words("this is a cat"), &words("non matching hypothesis"), &Builtin, Params::default()),
            0.0
        );
        let r2 = "it is the guiding principle which guarantees the military forces always being under the command of the party";
        let r3 = "it is the practical guide for the army always to heed the directions of the party";
        let best = best(&[words(r1), words(r2), words(r3)], &words(h1), &Builtin, Params::default()).unwrap();
        assert_eq!((best * 1e4).round() / 1e4, 0.6944);
    }

    #[test]
    fn empty_sides_score_zero() {
        assert_eq!(single(&[], &words("a"), &Builtin, Params::default()), 0.0);
        assert_eq!(single(&words("a"), &[], &Builtin, Params::default()), 0.0);
        assert_eq!(best(&[], &words("a"), &Builtin, Params::default()), None);
    }

    #[test]
    fn stages_take_the_highest_free_reference_word() {
        // Exact first, from the hypothesis's last word: "a" (2) takes reference position 2, "a" (0)
        // takes position 0.
        let m = align(&words("a b a"), &words("a c a"), &Builtin);
        assert_eq!(m, vec![(0, 0), (2, 2)]);
        // Stems: "cats" matches "cat"; synonyms: "car" matches "automobil" (automobile's stem,
        // a WordNet name of "car"'s synsets? no: the stem is not a name), but "auto" is one.
        let m = align(&words("cats car"), &words("auto cat"), &Builtin);
        assert_eq!(m, vec![(0, 1), (1, 0)]);
        assert_eq!(align(&words("car"), &words("automobile"), &Builtin), vec![]);
    }
}
