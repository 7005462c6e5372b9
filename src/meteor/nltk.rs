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
}

/// NLTK's defaults: `PorterStemmer()` and WordNet 3.0 (`nltk.corpus.wordnet`).
pub struct Builtin;

/// Words a thread has stemmed or looked up in WordNet, for the next pairs and calls.
const CACHE_LIMIT: usize = 200_000;

thread_local! {
    static STEMS: RefCell<FxHashMap<Box<str>, Box<str>>> = RefCell::new(FxHashMap::default());
    static SYNONYMS: RefCell<FxHashMap<Box<str>, Box<[u32]>>> = RefCell::new(FxHashMap::default());
}

impl Lexicon for Builtin {
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str> {
        STEMS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(s) = cache.get(word) {
                return Cow::Owned(s.to_string());
            }
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            let s = crate::stem::nltk_porter::stem(word);
            cache.insert(word.into(), s.clone().into_boxed_str());
            Cow::Owned(s)
        })
    }

    fn synonym(&self, hypothesis: &str, reference: &str) -> bool {
        let wordnet = WordNet::get();
        let Some(name) = wordnet.name_id(reference) else { return false };
        SYNONYMS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(names) = cache.get(hypothesis) {
                return names.binary_search(&name).is_ok();
            }
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            let names = wordnet.nltk_synonyms(hypothesis).into_boxed_slice();
            let found = names.binary_search(&name).is_ok();
            cache.insert(hypothesis.into(), names);
            found
        })
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
    let mut hyp_left: Vec<usize> = (0..hypothesis.len()).collect();
    let mut ref_left: Vec<usize> = (0..reference.len()).collect();
    let mut out = Vec::new();
    stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| hypothesis[h] == reference[r]);
    if !hyp_left.is_empty() && !ref_left.is_empty() {
        let hyp_stems: FxHashMap<usize, Cow<str>> =
            hyp_left.iter().map(|&h| (h, lexicon.stem(hypothesis[h]))).collect();
        let ref_stems: FxHashMap<usize, Cow<str>> =
            ref_left.iter().map(|&r| (r, lexicon.stem(reference[r]))).collect();
        stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| hyp_stems[&h] == ref_stems[&r]);
        // NLTK's stem stage hands the words it leaves on as their stems: the synonym stage looks
        // up and compares stems ("walking" is looked up as "walk").
        if !hyp_left.is_empty() && !ref_left.is_empty() {
            stage(&mut hyp_left, &mut ref_left, &mut out, |h, r| {
                let (hs, rs) = (&hyp_stems[&h], &ref_stems[&r]);
                hs == rs || lexicon.synonym(hs, rs)
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
    let m = matches.len() as f64;
    let (t, r) = (hypothesis.len() as f64, reference.len() as f64);
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
/// NLTK raises ValueError from `max()` then).
pub fn best(references: &[Vec<&str>], hypothesis: &[&str], lexicon: &dyn Lexicon, p: Params) -> Option<f64> {
    references.iter().map(|r| single(r, hypothesis, lexicon, p)).reduce(python_max)
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
