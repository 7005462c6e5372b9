//! NLTK 3.10.4's `meteor_score` and `single_meteor_score` (`nltk.translate.meteor_score`).
//!
//! Words are matched in three stages, each on the words the earlier ones left: equal words, equal
//! Porter stems (NLTK's `PorterStemmer()`), then a hypothesis word whose WordNet synonyms (the
//! lemma names without `_` of `wordnet.synsets(word)`, and the word itself) include a reference
//! word — both sides as their stems, since NLTK's stem stage passes the words it leaves on
//! stemmed. In every stage the hypothesis is scanned from its last word, and each word takes the
//! highest-positioned free reference word it can (NLTK's stacks of positions, popped from the end).
//! The matches, sorted by hypothesis position, make chunks where both sides advance by one; the
//! score is `(1 - gamma * (chunks / matches)^beta) * P R / (alpha P + (1 - alpha) R)`, 0 when a
//! side is empty or nothing matches. `meteor_score` is the best `single_meteor_score` over the
//! references.
//!
//! With NLTK's defaults, words are numbered by a per-thread [`Vocab`] that keeps what the stages
//! look up for each word (its stem, its WordNet name, its synonyms) for the calls that follow, so
//! that a pair compares numbers; the caller's own stemmer or WordNet ([`Lexicon`]) is asked per
//! word of the call.
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

/// The caller's own stemmer and synonyms (NLTK's `stemmer=` and `wordnet=`), asked per word.
pub trait Lexicon: Sync {
    /// The stem of an (already preprocessed) word.
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str>;
    /// Whether `reference` is among the WordNet synonyms of `hypothesis` (the word itself aside).
    fn synonym(&self, hypothesis: &str, reference: &str) -> bool;
}

/// NLTK's defaults: `PorterStemmer()` and WordNet 3.0 (`nltk.corpus.wordnet`), through the
/// thread's [`Vocab`].
pub struct Builtin;

impl Lexicon for Builtin {
    fn stem<'a>(&self, word: &'a str) -> Cow<'a, str> {
        Vocab::with(|v| {
            let id = v.id(word, false);
            let stem = v.stem(id);
            if stem == id {
                Cow::Borrowed(word)
            } else {
                Cow::Owned(v.texts[stem as usize].to_string())
            }
        })
    }

    fn synonym(&self, hypothesis: &str, reference: &str) -> bool {
        Vocab::with(|v| {
            let (h, r) = (v.id(hypothesis, false), v.id(reference, false));
            v.is_synonym(h, r)
        })
    }
}

/// Words a thread has met, numbered (equal ids: equal texts), with what NLTK's stages look up
/// for each, found once per word for all the pairs and calls that follow: its Porter stem (as a
/// word id), its WordNet name id, the name ids of its synonyms. Emptied between calls once it
/// holds [`VOCAB_LIMIT`] words, so that a thread's memory stays bounded.
pub struct Vocab {
    ids: WordMap,
    /// Tokens that lowercasing changes (capitalised words, most words of some languages), with
    /// the id of their lowercased form: lowered once, not at every occurrence.
    unlowered: WordMap,
    texts: Vec<Box<str>>,
    words: Vec<WordFacts>,
    synonym_lists: Vec<Box<[u32]>>,
    /// Reused from call to call: the lowercased token, the alignment's work lists.
    lower: String,
    scratch: Scratch,
    /// Set while a call uses the vocabulary: still set at the next call's start only if a panic
    /// (running out of memory) cut the last one short, perhaps halfway through adding a word.
    busy: bool,
}

const VOCAB_LIMIT: usize = 200_000;
/// Not looked up yet.
const UNSET: u32 = u32::MAX;
/// Not a WordNet name.
const ABSENT: u32 = u32::MAX - 1;

#[derive(Clone)]
struct WordFacts {
    stem: u32,
    name: u32,
    /// The index of its synonyms' list in `synonym_lists`, `UNSET` until asked.
    synonyms: u32,
}

thread_local! {
    static VOCAB: RefCell<Vocab> = RefCell::new(Vocab::new());
}

impl Vocab {
    fn new() -> Vocab {
        Vocab {
            ids: WordMap::default(),
            unlowered: WordMap::default(),
            texts: Vec::new(),
            words: Vec::new(),
            synonym_lists: Vec::new(),
            lower: String::new(),
            scratch: Scratch::default(),
            busy: false,
        }
    }

    /// `f` with this thread's vocabulary (ids stay valid until `f` returns).
    pub fn with<R>(f: impl FnOnce(&mut Vocab) -> R) -> R {
        VOCAB.with(|cell| {
            let mut vocab = cell.borrow_mut();
            if vocab.busy || vocab.texts.len() + vocab.unlowered.len() >= VOCAB_LIMIT {
                *vocab = Vocab::new();
            }
            vocab.busy = true;
            let out = f(&mut vocab);
            vocab.busy = false;
            out
        })
    }

    /// The id of `token`, lowercased first when `lowercase` (NLTK's default `preprocess`,
    /// `str.lower`; ASCII needs no Unicode tables).
    pub fn id(&mut self, token: &str, lowercase: bool) -> u32 {
        if lowercase && token.bytes().any(|b| b.is_ascii_uppercase() || b >= 0x80) {
            if let Some(id) = self.unlowered.get(token) {
                return id;
            }
            let mut lower = std::mem::take(&mut self.lower);
            lower.clear();
            if token.is_ascii() {
                lower.extend(token.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                lower.push_str(&token.to_lowercase());
            }
            let id = self.intern(&lower);
            self.lower = lower;
            self.unlowered.insert(token, id);
            id
        } else {
            self.intern(token)
        }
    }

    fn intern(&mut self, word: &str) -> u32 {
        if let Some(id) = self.ids.get(word) {
            return id;
        }
        let id = self.texts.len() as u32;
        self.ids.insert(word, id);
        self.texts.push(word.into());
        self.words.push(WordFacts { stem: UNSET, name: UNSET, synonyms: UNSET });
        id
    }

    /// The word id of the Porter stem of word `id`.
    fn stem(&mut self, id: u32) -> u32 {
        let known = self.words[id as usize].stem;
        if known != UNSET {
            return known;
        }
        let stem = crate::stem::nltk_porter::stem(&self.texts[id as usize]);
        let stem = if *stem == *self.texts[id as usize] { id } else { self.intern(&stem) };
        self.words[id as usize].stem = stem;
        stem
    }

    /// The WordNet name id of word `id` (`ABSENT` if WordNet has no such name).
    fn name(&mut self, id: u32) -> u32 {
        let known = self.words[id as usize].name;
        if known != UNSET {
            return known;
        }
        let name = WordNet::get().name_id(&self.texts[id as usize]).unwrap_or(ABSENT);
        self.words[id as usize].name = name;
        name
    }

    /// The index in `synonym_lists` of the name ids of the synonyms of word `id`, ascending.
    fn synonyms(&mut self, id: u32) -> u32 {
        let known = self.words[id as usize].synonyms;
        if known != UNSET {
            return known;
        }
        let list = WordNet::get().nltk_synonyms(&self.texts[id as usize]).into_boxed_slice();
        self.synonym_lists.push(list);
        let index = (self.synonym_lists.len() - 1) as u32;
        self.words[id as usize].synonyms = index;
        index
    }

    /// Whether word `r` is among the WordNet synonyms of word `h` (the word itself aside).
    fn is_synonym(&mut self, h: u32, r: u32) -> bool {
        let name = self.name(r);
        let list = self.synonyms(h);
        name != ABSENT && self.synonym_lists[list as usize].binary_search(&name).is_ok()
    }

    /// `meteor_score` of hypothesis `hyp` (word ids) against the references `refs` (word ids,
    /// reference `k` ending at `ref_ends[k]`): the best score, `None` without references. The
    /// hypothesis is stemmed once for all of them.
    pub fn best(&mut self, hyp: &[u32], refs: &[u32], ref_ends: &[usize], p: Params) -> Option<f64> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.hyp_stems.clear();
        for &w in hyp {
            let s = self.stem(w);
            scratch.hyp_stems.push(s);
        }
        // The synonyms of each hypothesis stem the synonym stage sees (their lists' indexes),
        // looked up once for all the references.
        scratch.synonyms.clear();
        scratch.synonyms.resize(hyp.len(), UNSET);
        let mut best = None;
        let mut start = 0;
        for &end in ref_ends {
            let reference = &refs[start..end];
            start = end;
            let hyp_stems = std::mem::take(&mut scratch.hyp_stems);
            scratch.ref_stems.clear();
            for &w in reference {
                let s = self.stem(w);
                scratch.ref_stems.push(s);
            }
            let ref_stems = std::mem::take(&mut scratch.ref_stems);
            // The synonym stage's halves, looked up once per word it sees: the synonyms of each
            // hypothesis stem and the name of each reference stem (positions index them).
            let mut synonyms = std::mem::take(&mut scratch.synonyms);
            let mut names = std::mem::take(&mut scratch.names);
            let (synonyms_ref, names_ref, this) = (&mut synonyms, &mut names, &mut *self);
            let (hs, rs) = (&hyp_stems, &ref_stems);
            align_ids(hyp, hs, reference, rs, &mut scratch, move |left_h, left_r| {
                let (synonyms, names) = (synonyms_ref, names_ref);
                for &h in left_h {
                    if synonyms[h as usize] == UNSET {
                        synonyms[h as usize] = this.synonyms(hs[h as usize]);
                    }
                }
                names.clear();
                names.resize(reference.len(), ABSENT);
                for &r in left_r {
                    names[r as usize] = this.name(rs[r as usize]);
                }
                let (synonyms, names, lists) = (&*synonyms, &*names, &this.synonym_lists);
                (
                    move |h: usize| !lists[synonyms[h] as usize].is_empty(),
                    move |h: usize, r: usize| {
                        names[r] != ABSENT && lists[synonyms[h] as usize].binary_search(&names[r]).is_ok()
                    },
                )
            });
            let score = score(&scratch.out, hyp.len(), reference.len(), p);
            best = Some(best.map_or(score, |b| python_max(b, score)));
            scratch.hyp_stems = hyp_stems;
            scratch.ref_stems = ref_stems;
            scratch.synonyms = synonyms;
            scratch.names = names;
        }
        self.scratch = scratch;
        best
    }
}

/// Words and their ids: words of up to 23 bytes inside the map's own table, so that a lookup
/// compares three numbers and follows no pointer to a word allocated somewhere on the heap;
/// longer words boxed.
#[derive(Default)]
struct WordMap {
    short: FxHashMap<ShortWord, u32>,
    long: FxHashMap<Box<str>, u32>,
}

/// A word of up to 23 bytes, zero-padded, its length in the last byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct ShortWord([u64; 3]);

impl ShortWord {
    fn new(word: &str) -> Option<ShortWord> {
        let len = word.len();
        if len > 23 {
            return None;
        }
        let mut bytes = [0u8; 24];
        bytes[..len].copy_from_slice(word.as_bytes());
        bytes[23] = len as u8;
        let word = |k: usize| u64::from_le_bytes(bytes[8 * k..8 * k + 8].try_into().expect("8 bytes"));
        Some(ShortWord([word(0), word(1), word(2)]))
    }
}

impl WordMap {
    fn get(&self, word: &str) -> Option<u32> {
        match ShortWord::new(word) {
            Some(key) => self.short.get(&key).copied(),
            None => self.long.get(word).copied(),
        }
    }

    fn insert(&mut self, word: &str, id: u32) {
        match ShortWord::new(word) {
            Some(key) => self.short.insert(key, id),
            None => self.long.insert(word.into(), id),
        };
    }

    fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }
}

/// The alignment's work lists, kept from pair to pair.
#[derive(Default)]
struct Scratch {
    hyp_left: Vec<u32>,
    ref_left: Vec<u32>,
    out: Vec<(u32, u32)>,
    hyp_stems: Vec<u32>,
    ref_stems: Vec<u32>,
    synonyms: Vec<u32>,
    names: Vec<u32>,
    /// [`keyed_stage`]'s stacks of reference positions: the top position of each key (word ids
    /// index it; `NONE` when empty, as it is between stages) and the one below each position.
    top: Vec<u32>,
    below: Vec<u32>,
}

const NONE: u32 = u32::MAX;
/// Marks, in `below`, a reference position a hypothesis word has taken.
const POPPED: u32 = u32::MAX - 1;

/// [`stage`] for the stages whose test is equality of a key per word (the word, its stem), in
/// time linear in the words left: a hypothesis word taking the highest free reference word of its
/// key only ever competes with words of that key, so each key's reference positions form a stack
/// that the hypothesis words of that key pop, from the last word.
fn keyed_stage(
    hyp_left: &mut Vec<u32>,
    ref_left: &mut Vec<u32>,
    out: &mut Vec<(u32, u32)>,
    hyp_key: &[u32],
    ref_key: &[u32],
    top: &mut Vec<u32>,
    below: &mut Vec<u32>,
) {
    if below.len() < ref_key.len() {
        below.resize(ref_key.len(), NONE);
    }
    for &r in ref_left.iter() {
        let k = ref_key[r as usize] as usize;
        if k >= top.len() {
            top.resize(k + 1, NONE);
        }
        below[r as usize] = top[k];
        top[k] = r;
    }
    for h in hyp_left.iter_mut().rev() {
        let k = hyp_key[*h as usize] as usize;
        if let Some(&r) = top.get(k).filter(|&&r| r != NONE) {
            top[k] = below[r as usize];
            out.push((*h, r));
            *h = TAKEN;
            below[r as usize] = POPPED;
        }
    }
    for r in ref_left.iter_mut() {
        top[ref_key[*r as usize] as usize] = NONE;
        if below[*r as usize] == POPPED {
            *r = TAKEN;
        }
    }
    hyp_left.retain(|&h| h != TAKEN);
    ref_left.retain(|&r| r != TAKEN);
}

/// Marks a position taken in a stage's left lists.
const TAKEN: u32 = u32::MAX;

/// One matching stage over the words left (`hyp_left`, `ref_left`: original positions,
/// ascending): hypothesis words from the last, each taking the highest free reference word that
/// `matches` it. The matched pairs are appended to `out`; the left lists keep the others.
fn stage(
    hyp_left: &mut Vec<u32>,
    ref_left: &mut Vec<u32>,
    out: &mut Vec<(u32, u32)>,
    candidate: impl Fn(usize) -> bool,
    matches: impl Fn(usize, usize) -> bool,
) {
    for hi in (0..hyp_left.len()).rev() {
        let h = hyp_left[hi];
        if !candidate(h as usize) {
            continue; // can match no reference word
        }
        let found = ref_left.iter().rposition(|&r| r != TAKEN && matches(h as usize, r as usize));
        if let Some(ri) = found {
            out.push((h, ref_left[ri]));
            hyp_left[hi] = TAKEN;
            ref_left[ri] = TAKEN;
        }
    }
    hyp_left.retain(|&h| h != TAKEN);
    ref_left.retain(|&r| r != TAKEN);
}

/// NLTK's alignment of two word-id lists given their stems: `(hypothesis position, reference
/// position)` pairs sorted by hypothesis position (`align_words`' first result), left in
/// `scratch.out`. `synonym_test(hyp_left, ref_left)` gives the synonym stage's tests of positions
/// (whether a hypothesis word has synonyms at all, and whether it has a reference word among
/// them), asked only when words are left on both sides after the stem stage.
fn align_ids<C: Fn(usize) -> bool, F: Fn(usize, usize) -> bool>(
    hyp: &[u32],
    hyp_stems: &[u32],
    reference: &[u32],
    ref_stems: &[u32],
    scratch: &mut Scratch,
    synonym_test: impl FnOnce(&[u32], &[u32]) -> (C, F),
) {
    let Scratch { hyp_left, ref_left, out, top, below, .. } = scratch;
    hyp_left.clear();
    hyp_left.extend(0..hyp.len() as u32);
    ref_left.clear();
    ref_left.extend(0..reference.len() as u32);
    out.clear();
    keyed_stage(hyp_left, ref_left, out, hyp, reference, top, below);
    if !hyp_left.is_empty() && !ref_left.is_empty() {
        keyed_stage(hyp_left, ref_left, out, hyp_stems, ref_stems, top, below);
        // NLTK's stem stage hands the words it leaves on as their stems: the synonym stage looks
        // up and compares stems ("walking" is looked up as "walk").
        if !hyp_left.is_empty() && !ref_left.is_empty() {
            // (A word left here has no reference word left with its stem: the stem stage would
            // have taken it. So a word without synonyms matches nothing.)
            let (has_synonyms, synonym) = synonym_test(hyp_left, ref_left);
            stage(hyp_left, ref_left, out, has_synonyms, |h, r| {
                hyp_stems[h] == ref_stems[r] || synonym(h, r)
            });
        }
    }
    out.sort_unstable_by_key(|&(h, _)| h);
}

/// NLTK's alignment of two preprocessed word lists with the caller's lexicon: `(hypothesis
/// position, reference position)` pairs sorted by hypothesis position.
pub fn align(hypothesis: &[&str], reference: &[&str], lexicon: &dyn Lexicon) -> Vec<(usize, usize)> {
    let mut scratch = Scratch::default();
    let mut words = Words::default();
    let hyp = words.ids(hypothesis, lexicon);
    let reference_ids = words.ids(reference, lexicon);
    align_given(&words, &hyp, &reference_ids, lexicon, &mut scratch);
    scratch.out.iter().map(|&(h, r)| (h as usize, r as usize)).collect()
}

/// The words of one call with the caller's lexicon, numbered; each word's stem among them.
#[derive(Default)]
struct Words<'a> {
    ids: FxHashMap<Cow<'a, str>, u32>,
    texts: Vec<Cow<'a, str>>,
    stems: Vec<u32>,
}

impl<'a> Words<'a> {
    fn intern(&mut self, word: Cow<'a, str>) -> u32 {
        if let Some(&id) = self.ids.get(&word) {
            return id;
        }
        let id = self.texts.len() as u32;
        self.ids.insert(word.clone(), id);
        self.texts.push(word);
        self.stems.push(UNSET);
        id
    }

    /// The ids of `words` and of their stems: `(word, stem)` per position.
    fn ids(&mut self, words: &[&'a str], lexicon: &dyn Lexicon) -> Vec<(u32, u32)> {
        words
            .iter()
            .map(|&w| {
                let id = self.intern(Cow::Borrowed(w));
                if self.stems[id as usize] == UNSET {
                    let stem = match lexicon.stem(w) {
                        Cow::Borrowed(_) => id,
                        Cow::Owned(s) if s == w => id,
                        Cow::Owned(s) => self.intern(Cow::Owned(s)),
                    };
                    self.stems[id as usize] = stem;
                }
                (id, self.stems[id as usize])
            })
            .collect()
    }
}

/// [`align_ids`] of two sides numbered by `words`, synonyms asked of `lexicon` by text.
fn align_given(
    words: &Words,
    hyp: &[(u32, u32)],
    reference: &[(u32, u32)],
    lexicon: &dyn Lexicon,
    scratch: &mut Scratch,
) {
    let split = |side: &[(u32, u32)]| -> (Vec<u32>, Vec<u32>) { side.iter().copied().unzip() };
    let ((h, hs), (r, rs)) = (split(hyp), split(reference));
    align_ids(&h, &hs, &r, &rs, scratch, |_, _| {
        (
            |_: usize| true,
            |i: usize, j: usize| lexicon.synonym(&words.texts[hs[i] as usize], &words.texts[rs[j] as usize]),
        )
    });
}

/// NLTK's `_count_chunks`: runs of matches that advance by one on both sides.
fn chunks(matches: &[(u32, u32)]) -> usize {
    1 + matches.windows(2).filter(|w| !(w[1].0 == w[0].0 + 1 && w[1].1 == w[0].1 + 1)).count()
}

/// `single_meteor_score` of preprocessed words with the caller's lexicon.
pub fn single(reference: &[&str], hypothesis: &[&str], lexicon: &dyn Lexicon, p: Params) -> f64 {
    best(&[reference.to_vec()], hypothesis, lexicon, p).expect("one reference")
}

/// NLTK's score of an alignment of `hypothesis_length` and `reference_length` words.
fn score(matches: &[(u32, u32)], hypothesis_length: usize, reference_length: usize, p: Params) -> f64 {
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
    let frag = chunks(matches) as f64 / m;
    // Python's float ** float is the C library's pow, as f64::powf is.
    let penalty = p.gamma * frag.powf(p.beta);
    (1.0 - penalty) * fmean
}

/// `meteor_score` with the caller's lexicon: the best `single_meteor_score` over `references`
/// (`None` without references; NLTK raises ValueError from `max()` then).
pub fn best(references: &[Vec<&str>], hypothesis: &[&str], lexicon: &dyn Lexicon, p: Params) -> Option<f64> {
    let mut words = Words::default();
    let mut scratch = Scratch::default();
    let hyp = words.ids(hypothesis, lexicon);
    references
        .iter()
        .map(|r| {
            let reference = words.ids(r, lexicon);
            align_given(&words, &hyp, &reference, lexicon, &mut scratch);
            score(&scratch.out, hypothesis.len(), r.len(), p)
        })
        .reduce(python_max)
}

/// `meteor_score` of preprocessed words with NLTK's defaults (the thread's [`Vocab`]).
pub fn best_builtin(
    references: &[Vec<&str>],
    hypothesis: &[&str],
    lowercase: bool,
    p: Params,
) -> Option<f64> {
    Vocab::with(|v| {
        let hyp: Vec<u32> = hypothesis.iter().map(|w| v.id(w, lowercase)).collect();
        let mut refs = Vec::new();
        let mut ends = Vec::with_capacity(references.len());
        for r in references {
            refs.extend(r.iter().map(|w| v.id(w, lowercase)));
            ends.push(refs.len());
        }
        v.best(&hyp, &refs, &ends, p)
    })
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

    proptest::proptest! {
        #[test]
        fn keyed_stage_takes_what_the_scan_takes(
            hyp in proptest::collection::vec(0u32..6, 0..12),
            reference in proptest::collection::vec(0u32..6, 0..12),
        ) {
            let (mut h1, mut r1, mut out1) = ((0..hyp.len() as u32).collect(), (0..reference.len() as u32).collect(), Vec::new());
            stage(&mut h1, &mut r1, &mut out1, |_| true, |h, r| hyp[h] == reference[r]);
            let (mut h2, mut r2, mut out2): (Vec<u32>, Vec<u32>, _) = ((0..hyp.len() as u32).collect(), (0..reference.len() as u32).collect(), Vec::new());
            let (mut top, mut below) = (Vec::new(), Vec::new());
            keyed_stage(&mut h2, &mut r2, &mut out2, &hyp, &reference, &mut top, &mut below);
            proptest::prop_assert_eq!((h1, r1, out1), (h2, r2, out2));
            proptest::prop_assert!(top.iter().all(|&t| t == NONE));
        }
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
