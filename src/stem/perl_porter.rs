//! The Porter stemmer of ROUGE-1.5.5 (`stem` in `ROUGE-1.5.5.pl`): Martin Porter's reference Perl
//! implementation ("Release 1") with Chin-Yew Lin's 2004 change to step 4 (`-ement` is tried
//! before, and separately from, `-ment` and `-ent`), plus `morph_stem`, the WordNet exception
//! lookup that `-m` applies first.
//!
//! The Perl code is a chain of regular expressions over bytes. The measure tests (`$mgr0`,
//! `$meq1`, `$mgr1`, `$_v` and the cvc test) are reproduced by a tiny backtracking matcher over
//! the same patterns, so they accept exactly the strings Perl's regex engine accepts; the
//! suffix tests are plain `ends_with` (an alternation anchored at `$` matches its longest
//! suffix first, which is the leftmost match Perl picks).
use rustc_hash::FxHashMap;

/// One pattern element: a single byte of a class, or any run (possibly empty) of a class.
#[derive(Clone, Copy)]
enum Atom {
    One(fn(u8) -> bool),
    Run(fn(u8) -> bool),
}

/// `[aeiou]`
fn is_a(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}
/// `[aeiouy]` (Perl's `$v`)
fn is_v(b: u8) -> bool {
    is_a(b) || b == b'y'
}
/// `[^aeiou]` (Perl's `$c`)
fn not_a(b: u8) -> bool {
    !is_a(b)
}
/// `[^aeiouy]`
fn not_v(b: u8) -> bool {
    !is_v(b)
}
/// `[^aeiouwxy]`
fn not_vwx(b: u8) -> bool {
    !is_v(b) && b != b'w' && b != b'x'
}

use Atom::{One, Run};

// $C = [^aeiou][^aeiouy]*   $V = [aeiouy][aeiou]*
const C: [Atom; 2] = [One(not_a), Run(not_v)];
const V: [Atom; 2] = [One(is_v), Run(is_a)];

/// Backtracking match of `pattern` at the start of `s`; `to_end` adds a final `$`.
fn matches(pattern: &[Atom], s: &[u8], to_end: bool) -> bool {
    match pattern.split_first() {
        None => !to_end || s.is_empty(),
        Some((One(f), rest)) => !s.is_empty() && f(s[0]) && matches(rest, &s[1..], to_end),
        Some((Run(f), rest)) => {
            let k = s.iter().take_while(|&&b| f(b)).count();
            (0..=k).rev().any(|i| matches(rest, &s[i..], to_end))
        }
    }
}

/// `^(C)?` followed by `tail`: the optional group tried both ways.
fn opt_c_then(tail: &[Atom], s: &[u8], to_end: bool) -> bool {
    let mut with_c: Vec<Atom> = C.to_vec();
    with_c.extend_from_slice(tail);
    matches(&with_c, s, to_end) || matches(tail, s, to_end)
}

/// `$mgr0 = ^(C)?VC`: measure m > 0.
fn mgr0(s: &[u8]) -> bool {
    opt_c_then(&[V[0], V[1], C[0], C[1]], s, false)
}

/// `$mgr1 = ^(C)?VCVC`: measure m > 1.
fn mgr1(s: &[u8]) -> bool {
    opt_c_then(&[V[0], V[1], C[0], C[1], V[0], V[1], C[0], C[1]], s, false)
}

/// `$meq1 = ^(C)?VC(V)?$`: measure m = 1.
fn meq1(s: &[u8]) -> bool {
    opt_c_then(&[V[0], V[1], C[0], C[1]], s, true)
        || opt_c_then(&[V[0], V[1], C[0], C[1], V[0], V[1]], s, true)
}

/// `$_v = ^(C)?v`: the stem contains a vowel.
fn has_vowel(s: &[u8]) -> bool {
    opt_c_then(&[One(is_v)], s, false)
}

/// `^${C}${v}[^aeiouwxy]$`: consonant-vowel-consonant ending (Porter's *o).
fn cvc(s: &[u8]) -> bool {
    matches(&[C[0], C[1], One(is_v), One(not_vwx)], s, true)
}

const STEP2: [(&str, &str); 21] = [
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("logi", "log"),
];

const STEP3: [(&str, &str); 7] = [
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
];

const STEP4: [&str; 16] = [
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ou", "ism", "ate", "iti", "ous",
    "ive", "ize",
];

/// The longest entry of `table` that `w` ends with (what a `$`-anchored alternation matches).
fn longest_suffix<'t, T>(w: &[u8], table: &'t [T], key: impl Fn(&T) -> &str) -> Option<&'t T> {
    table.iter().filter(|e| w.ends_with(key(e).as_bytes())).max_by_key(|e| key(e).len())
}

/// `stem($w)` of ROUGE-1.5.5: Porter's algorithm with Lin's step-4 change, over bytes.
pub fn stem(word: &[u8]) -> Vec<u8> {
    if word.len() < 3 {
        return word.to_vec();
    }
    let mut w = word.to_vec();
    // An initial y is uppercased so that no pattern treats it as a vowel.
    let initial_y = w[0] == b'y';
    if initial_y {
        w[0] = b'Y';
    }

    // Step 1a: (ss|i)es -> ss|i ; ([^s])s -> \1
    if w.ends_with(b"sses") || w.ends_with(b"ies") {
        w.truncate(w.len() - 2);
    } else if w.len() >= 2 && w[w.len() - 1] == b's' && w[w.len() - 2] != b's' {
        w.pop();
    }

    // Step 1b
    if w.ends_with(b"eed") {
        if mgr0(&w[..w.len() - 3]) {
            w.pop();
        }
    } else if w.ends_with(b"ed") || w.ends_with(b"ing") {
        let cut = if w.ends_with(b"ed") { 2 } else { 3 };
        let stem_len = w.len() - cut;
        if has_vowel(&w[..stem_len]) {
            w.truncate(stem_len);
            let n = w.len();
            if w.ends_with(b"at") || w.ends_with(b"bl") || w.ends_with(b"iz") {
                w.push(b'e');
            } else if n >= 2 && w[n - 1] == w[n - 2] && !b"aeiouylsz".contains(&w[n - 1]) {
                w.pop();
            } else if cvc(&w) {
                w.push(b'e');
            }
        }
    }

    // Step 1c
    if w.ends_with(b"y") && has_vowel(&w[..w.len() - 1]) {
        let n = w.len();
        w[n - 1] = b'i';
    }

    // Steps 2 and 3: replace the suffix when the stem has m > 0.
    for table in [&STEP2[..], &STEP3[..]] {
        if let Some((suffix, repl)) = longest_suffix(&w, table, |e| e.0) {
            let stem_len = w.len() - suffix.len();
            if mgr0(&w[..stem_len]) {
                w.truncate(stem_len);
                w.extend_from_slice(repl.as_bytes());
            }
        }
    }

    // Step 4 (Lin 2004): the list with -ement, then -ment, then -ent or -(s|t)ion, each tried on
    // the result of the previous one.
    if let Some(suffix) = longest_suffix(&w, &STEP4, |e| e) {
        let stem_len = w.len() - suffix.len();
        if mgr1(&w[..stem_len]) {
            w.truncate(stem_len);
        }
    }
    if w.ends_with(b"ment") && mgr1(&w[..w.len() - 4]) {
        w.truncate(w.len() - 4);
    }
    if w.ends_with(b"ent") {
        if mgr1(&w[..w.len() - 3]) {
            w.truncate(w.len() - 3);
        }
    } else if (w.ends_with(b"sion") || w.ends_with(b"tion")) && mgr1(&w[..w.len() - 3]) {
        w.truncate(w.len() - 3);
    }

    // Step 5
    if w.ends_with(b"e") {
        let stem = &w[..w.len() - 1];
        if mgr1(stem) || (meq1(stem) && !cvc(stem)) {
            w.pop();
        }
    }
    if w.ends_with(b"ll") && mgr1(&w) {
        w.pop();
    }

    if initial_y {
        w[0] = w[0].to_ascii_lowercase();
    }
    w
}

/// `MorphStem` of ROUGE-1.5.5: ASCII-lowercase, then the WordNet exception table's base form if
/// the word is a key, else [`stem`]. Returns `None` for the empty token, as Perl returns undef.
pub fn morph_stem(token: &[u8], exceptions: &FxHashMap<Vec<u8>, Vec<u8>>) -> Option<Vec<u8>> {
    if token.is_empty() {
        return None;
    }
    let lower = token.to_ascii_lowercase();
    if let Some(base) = exceptions.get(&lower) {
        return Some(base.clone());
    }
    Some(stem(&lower))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(w: &str) -> String {
        String::from_utf8(stem(w.as_bytes())).unwrap()
    }

    #[test]
    fn lin_step4_change() {
        // -ement no longer blocks -ment/-ent: the 2004 change of ROUGE-1.5.5.
        assert_eq!(s("agreement"), "agreem");
        assert_eq!(s("argument"), "argum");
    }

    #[test]
    fn porter_examples() {
        for (w, want) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("conflated", "conflat"),
            ("hopping", "hop"),
            ("filing", "file"),
            ("happy", "happi"),
            ("relational", "relat"),
            ("generalization", "gener"),
            ("electricity", "electr"),
            ("adjustable", "adjust"),
            ("adoption", "adopt"),
            ("controlling", "control"),
            ("yelling", "yell"),
            ("you", "you"),
        ] {
            assert_eq!(s(w), want, "{w}");
        }
    }

    #[test]
    fn measure_patterns() {
        assert!(!mgr0(b"tr"));
        assert!(mgr0(b"trouble"));
        assert!(mgr1(b"troubles"));
        assert!(!mgr1(b"tree"));
        assert!(meq1(b"trouble") && !meq1(b"troubles"));
        assert!(has_vowel(b"sky") && !has_vowel(b"Ysk"));
        assert!(cvc(b"hop") && !cvc(b"snow") && !cvc(b"box") && !cvc(b"op"));
    }
}
