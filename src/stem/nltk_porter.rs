//! NLTK's Porter stemmer in its default `NLTK_EXTENSIONS` mode (nltk 3.10.4), as rouge_score uses it.
//!
//! The rules are Porter (1980) with the changes NLTK makes by default: a table of irregular
//! forms checked before anything else, words of one or two characters left alone, `-ies`/`-ied`
//! on four-letter words kept as `-ie`, `y -> i` only after a consonant that is not the first
//! letter, `alli -> al` tried first in step 2 (and step 2 rerun), `bli -> ble`, `fulli -> ful`,
//! `logi -> log` measured with the `l`, and a two-letter vowel-consonant stem counting as `*o`.
//!
//! Letters are the characters of the word, so a non-ASCII character is one consonant, as in
//! Python. ASCII words (all rouge_score tokens) are stemmed in place in the output `String`;
//! anything else goes through a `Vec<char>` copy.

/// Stem one word the way `nltk.stem.porter.PorterStemmer().stem(word)` (NLTK 3.10.4, default
/// `NLTK_EXTENSIONS` mode, `to_lowercase=True`) does; exact on every ASCII word. Non-ASCII words
/// are lowercased with Rust's Unicode tables, which agree with Python's `str.lower` except
/// where the two Unicode versions differ.
pub fn stem(word: &str) -> String {
    if word.is_ascii() {
        // The stem is never longer than the word, so this is the only allocation.
        let mut w = String::with_capacity(word.len());
        w.push_str(word);
        w.make_ascii_lowercase();
        if let Some(base) = irregular(w.as_bytes()) {
            w.clear();
            w.push_str(base);
            return w;
        }
        if word.len() > 2 {
            run(&mut w);
        }
        return w;
    }
    let lower = word.to_lowercase();
    if let Some(base) = irregular(lower.as_bytes()) {
        return base.to_string();
    }
    // NLTK measures the word as given, before lowercasing, for the short-word exemption.
    if word.chars().count() <= 2 {
        return lower;
    }
    let mut w: Vec<char> = lower.chars().collect();
    run(&mut w);
    w.into_iter().collect()
}

/// NLTK's pool of irregular forms: looked up on the lowercased word before any rule.
fn irregular(w: &[u8]) -> Option<&'static str> {
    Some(match w {
        b"sky" | b"skies" => "sky",
        b"dying" => "die",
        b"lying" => "lie",
        b"tying" => "tie",
        b"news" => "news",
        b"innings" | b"inning" => "inning",
        b"outings" | b"outing" => "outing",
        b"cannings" | b"canning" => "canning",
        b"howe" => "howe",
        b"proceed" => "proceed",
        b"exceed" => "exceed",
        b"succeed" => "succeed",
        _ => return None,
    })
}

/// One character of the word as the rules see it: its ASCII byte, or 0 when it is not ASCII
/// (never a vowel, never `y`, never part of a suffix: a plain consonant).
trait Letter: Copy + Eq {
    fn byte(self) -> u8;
}

impl Letter for u8 {
    #[inline]
    fn byte(self) -> u8 {
        self
    }
}

impl Letter for char {
    #[inline]
    fn byte(self) -> u8 {
        if self.is_ascii() {
            self as u8
        } else {
            0
        }
    }
}

/// The word being stemmed. Every edit the rules make is "drop the last n letters" followed by
/// "append an ASCII suffix".
trait Word {
    type L: Letter;
    fn letters(&self) -> &[Self::L];
    fn cut(&mut self, len: usize);
    fn append(&mut self, s: &'static str);
}

/// Only ever holds ASCII, so every byte index is a character boundary.
impl Word for String {
    type L = u8;
    #[inline]
    fn letters(&self) -> &[u8] {
        self.as_bytes()
    }
    #[inline]
    fn cut(&mut self, len: usize) {
        self.truncate(len);
    }
    #[inline]
    fn append(&mut self, s: &'static str) {
        self.push_str(s);
    }
}

impl Word for Vec<char> {
    type L = char;
    #[inline]
    fn letters(&self) -> &[char] {
        self
    }
    #[inline]
    fn cut(&mut self, len: usize) {
        self.truncate(len);
    }
    #[inline]
    fn append(&mut self, s: &'static str) {
        self.extend(s.chars());
    }
}

#[inline]
fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

#[inline]
fn ends<L: Letter>(w: &[L], suffix: &[u8]) -> bool {
    w.len() >= suffix.len() && w[w.len() - suffix.len()..].iter().zip(suffix).all(|(&l, &b)| l.byte() == b)
}

/// Porter's consonant: not a vowel, and a `y` only when it follows a vowel or starts the word.
/// The class of a `y` flips along a run of `y`s, so count the run back to its first non-`y`.
fn is_consonant<L: Letter>(w: &[L], i: usize) -> bool {
    let b = w[i].byte();
    if b != b'y' {
        return !is_vowel(b);
    }
    let mut j = i;
    let mut flip = false;
    while j > 0 && w[j].byte() == b'y' {
        flip = !flip;
        j -= 1;
    }
    // w[j] is a consonant unless it is a vowel (a leading `y` counts as a consonant); each `y`
    // of the run flips the class once. "consonant xor flip" is "vowel == flip".
    is_vowel(w[j].byte()) == flip
}

/// Porter's measure m of `[C](VC){m}[V]`: the number of vowel-to-consonant transitions.
fn measure<L: Letter>(w: &[L]) -> usize {
    let mut m = 0;
    let mut prev_consonant = true;
    for (i, &l) in w.iter().enumerate() {
        let b = l.byte();
        let consonant = if is_vowel(b) {
            false
        } else if b == b'y' {
            i == 0 || !prev_consonant
        } else {
            true
        };
        if consonant && !prev_consonant {
            m += 1;
        }
        prev_consonant = consonant;
    }
    m
}

/// `*v*`: the stem holds a vowel.
fn contains_vowel<L: Letter>(w: &[L]) -> bool {
    let mut prev_consonant = true;
    for (i, &l) in w.iter().enumerate() {
        let b = l.byte();
        let consonant = if is_vowel(b) {
            false
        } else if b == b'y' {
            i == 0 || !prev_consonant
        } else {
            true
        };
        if !consonant {
            return true;
        }
        prev_consonant = consonant;
    }
    false
}

/// `*d`: the word ends with two equal consonants.
fn ends_double_consonant<L: Letter>(w: &[L]) -> bool {
    let n = w.len();
    n >= 2 && w[n - 1] == w[n - 2] && is_consonant(w, n - 1)
}

/// `*o`: the word ends consonant-vowel-consonant with a last letter other than w, x, y; NLTK
/// also accepts a whole two-letter word vowel-consonant.
fn ends_cvc<L: Letter>(w: &[L]) -> bool {
    let n = w.len();
    (n >= 3
        && is_consonant(w, n - 3)
        && !is_consonant(w, n - 2)
        && is_consonant(w, n - 1)
        && !matches!(w[n - 1].byte(), b'w' | b'x' | b'y'))
        || (n == 2 && !is_consonant(w, 0) && is_consonant(w, 1))
}

/// When a rule whose suffix matches may fire.
#[derive(Clone, Copy)]
enum Cond {
    Always,
    /// m(stem) > 0
    M0,
    /// m(stem) > 1
    M1,
    /// m(stem) > 1 and the stem ends in s or t (step 4 `-ion`)
    Ion,
    /// m(stem + "l") > 0 (NLTK's step 2 `-logi`)
    Logi,
}

type Rule = (&'static [u8], &'static str, Cond);

/// The first rule whose suffix matches decides: it fires if its condition holds, and either way
/// no later rule of the list is tried.
fn apply_rules<W: Word>(w: &mut W, rules: &[Rule]) {
    let s = w.letters();
    let Some(&last) = s.last() else { return };
    let last = last.byte();
    for &(suffix, replacement, cond) in rules {
        if suffix[suffix.len() - 1] != last || !ends(s, suffix) {
            continue;
        }
        let keep = s.len() - suffix.len();
        let stem = &s[..keep];
        let fire = match cond {
            Cond::Always => true,
            Cond::M0 => measure(stem) > 0,
            Cond::M1 => measure(stem) > 1,
            Cond::Ion => measure(stem) > 1 && matches!(stem[keep - 1].byte(), b's' | b't'),
            Cond::Logi => measure(&s[..keep + 1]) > 0,
        };
        if fire {
            w.cut(keep);
            w.append(replacement);
        }
        return;
    }
}

fn run<W: Word>(w: &mut W) {
    step1a(w);
    step1b(w);
    step1c(w);
    step2(w);
    step3(w);
    step4(w);
    step5a(w);
    step5b(w);
}

/// Plurals: sses -> ss, ies -> i (-> ie on a four-letter word), ss kept, s dropped.
fn step1a<W: Word>(w: &mut W) {
    let s = w.letters();
    if s.len() == 4 && ends(s, b"ies") {
        w.cut(3);
        return;
    }
    apply_rules(
        w,
        &[
            (b"sses", "ss", Cond::Always),
            (b"ies", "i", Cond::Always),
            (b"ss", "ss", Cond::Always),
            (b"s", "", Cond::Always),
        ],
    );
}

/// -eed, -ed, -ing, then the tidy-up of what -ed/-ing left.
fn step1b<W: Word>(w: &mut W) {
    let s = w.letters();
    let n = s.len();
    if ends(s, b"ied") {
        // NLTK keeps "died" -> "die" but "spied" -> "spi".
        w.cut(if n == 4 { n - 1 } else { n - 2 });
        return;
    }
    if ends(s, b"eed") {
        if measure(&s[..n - 3]) > 0 {
            w.cut(n - 1);
        }
        return;
    }
    let keep = if ends(s, b"ed") && contains_vowel(&s[..n - 2]) {
        n - 2
    } else if ends(s, b"ing") && contains_vowel(&s[..n - 3]) {
        n - 3
    } else {
        return;
    };
    w.cut(keep);
    let s = w.letters();
    if ends(s, b"at") || ends(s, b"bl") || ends(s, b"iz") {
        w.append("e");
    } else if ends_double_consonant(s) {
        if !matches!(s[keep - 1].byte(), b'l' | b's' | b'z') {
            w.cut(keep - 1);
        }
    } else if ends(s, b"*d") {
        // NLTK spells the double-consonant rule as the pseudo-suffix "*d", so a stem that
        // literally ends in "*d" matches it too and loses the '*'.
        w.cut(keep - 2);
        w.append("d");
    } else if measure(s) == 1 && ends_cvc(s) {
        w.append("e");
    }
}

/// y -> i after a consonant that is not the word's first letter.
fn step1c<W: Word>(w: &mut W) {
    let s = w.letters();
    let n = s.len();
    if ends(s, b"y") && n - 1 > 1 && is_consonant(s, n - 2) {
        w.cut(n - 1);
        w.append("i");
    }
}

const STEP2: &[Rule] = &[
    (b"ational", "ate", Cond::M0),
    (b"tional", "tion", Cond::M0),
    (b"enci", "ence", Cond::M0),
    (b"anci", "ance", Cond::M0),
    (b"izer", "ize", Cond::M0),
    (b"bli", "ble", Cond::M0),
    (b"alli", "al", Cond::M0),
    (b"entli", "ent", Cond::M0),
    (b"eli", "e", Cond::M0),
    (b"ousli", "ous", Cond::M0),
    (b"ization", "ize", Cond::M0),
    (b"ation", "ate", Cond::M0),
    (b"ator", "ate", Cond::M0),
    (b"alism", "al", Cond::M0),
    (b"iveness", "ive", Cond::M0),
    (b"fulness", "ful", Cond::M0),
    (b"ousness", "ous", Cond::M0),
    (b"aliti", "al", Cond::M0),
    (b"iviti", "ive", Cond::M0),
    (b"biliti", "ble", Cond::M0),
    (b"fulli", "ful", Cond::M0),
    (b"logi", "log", Cond::Logi),
];

/// Double suffixes to single ones; NLTK first turns a measured -alli into -al and restarts.
fn step2<W: Word>(w: &mut W) {
    let s = w.letters();
    let n = s.len();
    if ends(s, b"alli") && measure(&s[..n - 4]) > 0 {
        w.cut(n - 2);
    }
    apply_rules(w, STEP2);
}

const STEP3: &[Rule] = &[
    (b"icate", "ic", Cond::M0),
    (b"ative", "", Cond::M0),
    (b"alize", "al", Cond::M0),
    (b"iciti", "ic", Cond::M0),
    (b"ical", "ic", Cond::M0),
    (b"ful", "", Cond::M0),
    (b"ness", "", Cond::M0),
];

fn step3<W: Word>(w: &mut W) {
    apply_rules(w, STEP3);
}

const STEP4: &[Rule] = &[
    (b"al", "", Cond::M1),
    (b"ance", "", Cond::M1),
    (b"ence", "", Cond::M1),
    (b"er", "", Cond::M1),
    (b"ic", "", Cond::M1),
    (b"able", "", Cond::M1),
    (b"ible", "", Cond::M1),
    (b"ant", "", Cond::M1),
    (b"ement", "", Cond::M1),
    (b"ment", "", Cond::M1),
    (b"ent", "", Cond::M1),
    (b"ion", "", Cond::Ion),
    (b"ou", "", Cond::M1),
    (b"ism", "", Cond::M1),
    (b"ate", "", Cond::M1),
    (b"iti", "", Cond::M1),
    (b"ous", "", Cond::M1),
    (b"ive", "", Cond::M1),
    (b"ize", "", Cond::M1),
];

fn step4<W: Word>(w: &mut W) {
    apply_rules(w, STEP4);
}

/// Final e: dropped when m > 1, or when m = 1 and the stem does not end cvc.
fn step5a<W: Word>(w: &mut W) {
    let s = w.letters();
    let n = s.len();
    if ends(s, b"e") {
        let m = measure(&s[..n - 1]);
        if m > 1 || (m == 1 && !ends_cvc(&s[..n - 1])) {
            w.cut(n - 1);
        }
    }
}

/// -ll -> -l when m > 1 (measured with one l kept).
fn step5b<W: Word>(w: &mut W) {
    let s = w.letters();
    let n = s.len();
    if ends(s, b"ll") && measure(&s[..n - 1]) > 1 {
        w.cut(n - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// `word<TAB>stem` lines produced by running NLTK 3.10.4's `PorterStemmer().stem`.
    const GOLDEN: &str = include_str!("../../tests/data/nltk_porter_golden.tsv");

    #[test]
    fn golden_pairs_match_nltk() {
        let mut checked = 0;
        let mut wrong = Vec::new();
        for line in GOLDEN.lines().filter(|l| !l.is_empty()) {
            let (word, expected) = line.split_once('\t').expect("word<TAB>stem");
            let got = stem(word);
            if got != expected {
                wrong.push(format!("{word}: got {got}, nltk {expected}"));
            }
            checked += 1;
        }
        assert!(checked >= 300, "golden list too short: {checked}");
        assert!(wrong.is_empty(), "{} mismatches:\n{}", wrong.len(), wrong.join("\n"));
    }

    #[test]
    fn irregular_forms_and_short_words() {
        assert_eq!(stem("dying"), "die");
        assert_eq!(stem("skies"), "sky");
        assert_eq!(stem("Innings"), "inning");
        assert_eq!(stem("as"), "as");
        assert_eq!(stem("Is"), "is");
        assert_eq!(stem(""), "");
    }

    #[test]
    fn ascii_stem_is_never_longer_than_word() {
        // The ASCII path relies on this to allocate exactly once.
        for line in GOLDEN.lines().filter(|l| l.is_ascii() && !l.is_empty()) {
            let (word, _) = line.split_once('\t').unwrap();
            assert!(stem(word).len() <= word.len(), "{word}");
        }
    }
}
