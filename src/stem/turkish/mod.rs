//! Turkish: the `TurkishStemmer` 1.3 package (PyPI; otuncelli/turkish-stemmer-python, Apache-2.0),
//! which the XL-Sum scorer calls as `TurkishStemmer().stem(token)`.
//!
//! It runs three suffix state machines (nominal verb, noun, derivational suffixes) over the
//! word, collects every stem they reach, applies the last-consonant rule (b->p, c->ç, d->t,
//! ğ->k), and returns the stem closest to 4 letters (words of `average_stem_size_exceptions`
//! first; then shorter first). Words with a letter outside the lower-case Turkish alphabet, of
//! fewer than two vowels, or in `protected_words` are returned as they are.
//!
//! One difference: when two different stems tie (same distance from 4 letters, same length),
//! the package returns whichever its `set` iterates first, which depends on Python's string
//! hash seed; we return the one that sorts first. The word lists in this folder are the
//! package's `resources/` files, unchanged (LICENSE-TurkishStemmer.txt).
use std::collections::{BTreeSet, HashSet, VecDeque};
use std::sync::OnceLock;

mod machines;

use machines::{Machine, Suffix};

const ALPHABET: &str = "abcçdefgğhıijklmnoöprsştuüvyz";
const VOWELS: &str = "üiıueöao";
const CONSONANTS: &str = "bcçdfgğhjklmnprsştvyz";
const ROUNDED_VOWELS: &str = "oöuü";
const FOLLOWING_ROUNDED_VOWELS: &str = "aeuü";
const UNROUNDED_VOWELS: &str = "iıea";
const FRONT_VOWELS: &str = "eiöü";
const BACK_VOWELS: &str = "ıuao";
const AVERAGE_STEMMED_SIZE: usize = 4;

struct Lists {
    protected: HashSet<&'static str>,
    vowel_harmony_exceptions: HashSet<&'static str>,
    last_consonant_exceptions: HashSet<&'static str>,
    average_stem_size_exceptions: HashSet<&'static str>,
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    // The package reads each file line by line with `line.strip()`.
    let set = |text: &'static str| text.lines().map(str::trim).collect();
    LISTS.get_or_init(|| Lists {
        protected: set(include_str!("protected_words.txt")),
        vowel_harmony_exceptions: set(include_str!("vowel_harmony_exceptions.txt")),
        last_consonant_exceptions: set(include_str!("last_consonant_exceptions.txt")),
        average_stem_size_exceptions: set(include_str!("average_stem_size_exceptions.txt")),
    })
}

fn count_syllables(word: &str) -> usize {
    word.chars().filter(|&c| VOWELS.contains(c)).count()
}

fn has_vowel_harmony(word: &str) -> bool {
    let vowels: Vec<char> = word.chars().filter(|&c| VOWELS.contains(c)).collect();
    if vowels.len() < 2 {
        return true;
    }
    let (v, c) = (vowels[vowels.len() - 2], vowels[vowels.len() - 1]);
    let roundness = (UNROUNDED_VOWELS.contains(v) && UNROUNDED_VOWELS.contains(c))
        || (ROUNDED_VOWELS.contains(v) && FOLLOWING_ROUNDED_VOWELS.contains(c));
    let frontness = (FRONT_VOWELS.contains(v) && FRONT_VOWELS.contains(c))
        || (BACK_VOWELS.contains(v) && BACK_VOWELS.contains(c));
    roundness && frontness
}

fn valid_optional_letter(word: &str, candidate: char) -> bool {
    let mut rev = word.chars().rev();
    let Some(previous) = rev.nth(1) else { return false };
    if VOWELS.contains(candidate) {
        CONSONANTS.contains(previous)
    } else {
        VOWELS.contains(previous)
    }
}

// The condition as TurkishStemmer writes it.
#[allow(clippy::nonminimal_bool)]
fn should_be_marked(word: &str, suffix: &Suffix) -> bool {
    let l = lists();
    !l.protected.contains(word)
        && ((suffix.check_harmony && has_vowel_harmony(word))
            || l.vowel_harmony_exceptions.contains(word)
            || !suffix.check_harmony)
}

fn drop_last_char(word: &str) -> String {
    let mut s = word.to_string();
    s.pop();
    s
}

/// `TurkishStemmer.stemWord`: remove the suffix (if harmony allows), then its optional
/// connecting letter (`-(y)Um`: the y), or undo everything if that letter may not be dropped.
/// Like the package, the optional letter is looked for even when the suffix was not removed.
fn stem_word(word: &str, suffix: &Suffix) -> String {
    let mut stemmed = word.to_string();
    if should_be_marked(word, suffix) {
        if let Some(len) = suffix.matched_len(word) {
            stemmed.truncate(word.len() - len);
        }
    }
    if let Some(letter) = suffix.optional_letter(&stemmed) {
        if valid_optional_letter(&stemmed, letter) {
            stemmed = drop_last_char(&stemmed);
        } else {
            stemmed = word.to_string();
        }
    }
    stemmed
}

struct Transition {
    start: usize,
    next: usize,
    word: String,
    suffix: &'static Suffix,
    marked: bool,
}

fn add_transitions(m: &Machine, state: usize, word: &str, queue: &mut VecDeque<Transition>) {
    for &i in m.states[state].suffixes {
        let suffix = &m.suffixes[i];
        if suffix.matched_len(word).is_some() {
            let next = (m.next_state)(state, i);
            queue.push_back(Transition { start: state, next, word: word.to_string(), suffix, marked: false });
        }
    }
}

/// `TurkishStemmer._genericSuffixStripper`: breadth-first over the machine's transitions.
fn strip(m: &'static Machine, word: &str, stems: &mut BTreeSet<String>) {
    let mut queue = VecDeque::new();
    add_transitions(m, 0, word, &mut queue);
    while let Some(t) = queue.pop_front() {
        let stem = stem_word(&t.word, t.suffix);
        if stem == t.word {
            continue;
        }
        if m.states[t.next].is_final {
            queue.retain(|x| !((x.start == t.start && x.next == t.next) || x.marked));
            add_transitions(m, t.next, &stem, &mut queue);
            stems.insert(stem);
        } else {
            for x in queue.iter_mut() {
                if x.start == t.start && x.next == t.next {
                    x.marked = true;
                }
            }
            add_transitions(m, t.next, &stem, &mut queue);
        }
    }
}

fn last_consonant(word: &str) -> String {
    if lists().last_consonant_exceptions.contains(word) {
        return word.to_string();
    }
    let replacement = match word.chars().last() {
        Some('b') => 'p',
        Some('c') => 'ç',
        Some('d') => 't',
        Some('ğ') => 'k',
        _ => return word.to_string(),
    };
    let mut s = drop_last_char(word);
    s.push(replacement);
    s
}

fn proceed_to_stem(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(|c| ALPHABET.contains(c))
        && !lists().protected.contains(word)
        && count_syllables(word) >= 2
}

/// `TurkishStemmer().stem(word)`.
pub fn stem(word: &str) -> String {
    if !proceed_to_stem(word) {
        return word.to_string();
    }
    let mut stems = BTreeSet::new();
    strip(&machines::NOMINAL_VERB, word, &mut stems);
    for machine in [&machines::NOUN, &machines::DERIVATIONAL] {
        let mut words: BTreeSet<String> = stems.clone();
        words.insert(word.to_string());
        for w in &words {
            strip(machine, w, &mut stems);
        }
    }
    stems.remove(word);
    let finals: BTreeSet<String> =
        stems.iter().filter(|s| count_syllables(s) > 0).map(|s| last_consonant(s)).collect();
    let exceptions = &lists().average_stem_size_exceptions;
    let key = |s: &String| {
        let n = s.chars().count();
        (!exceptions.contains(s.as_str()), n.abs_diff(AVERAGE_STEMMED_SIZE), n)
    };
    finals.into_iter().min_by_key(key).unwrap_or_else(|| word.to_string())
}
