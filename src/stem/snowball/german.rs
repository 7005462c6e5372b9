//! German: NLTK's `GermanStemmer`.
use super::util::*;

const VOWELS: &str = "aeiouyäöü";
const S_ENDING: &str = "bdfghklmnrt";
const ST_ENDING: &str = "bdfghklmnt";
const STEP1: &[&str] = &["ern", "em", "er", "en", "es", "e", "s"];
const STEP2: &[&str] = &["est", "en", "er", "st"];
const STEP3: &[&str] = &["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"];

pub(crate) fn stem(word: W) -> W {
    let mut word = replace(&word, "ß", "ss");
    // u and y between vowels are consonants: marked upper case until the end.
    for i in 1..word.len().saturating_sub(1) {
        if isin(word[i - 1], VOWELS) && isin(word[i + 1], VOWELS) {
            if word[i] == 'u' {
                word[i] = 'U';
            } else if word[i] == 'y' {
                word[i] = 'Y';
            }
        }
    }
    let (mut r1, mut r2) = r1r2_standard(&word, VOWELS);
    r1_at_least_3(&word, VOWELS, &mut r1);

    if let Some(&suffix) = STEP1.iter().find(|x| ends(&r1, x)) {
        let k = n(suffix);
        if matches!(suffix, "en" | "es" | "e") && eq(sl(&word, -k - 4, -k), "niss") {
            cut(&mut word, k + 1);
            cut(&mut r1, k + 1);
            cut(&mut r2, k + 1);
        } else if suffix == "s" {
            if isin(ix(&word, -2), S_ENDING) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
                cut(&mut r2, 1);
            }
        } else {
            cut(&mut word, k);
            cut(&mut r1, k);
            cut(&mut r2, k);
        }
    }
    if let Some(&suffix) = STEP2.iter().find(|x| ends(&r1, x)) {
        if suffix == "st" {
            if isin(ix(&word, -3), ST_ENDING) && upto(&word, -3).len() >= 3 {
                cut(&mut word, 2);
                cut(&mut r1, 2);
                cut(&mut r2, 2);
            }
        } else {
            let k = n(suffix);
            cut(&mut word, k);
            cut(&mut r1, k);
            cut(&mut r2, k);
        }
    }
    if let Some(&suffix) = STEP3.iter().find(|x| ends(&r2, x)) {
        let k = n(suffix);
        match suffix {
            "end" | "ung" => {
                if has(sl(&r2, -k - 2, -k), "ig") && !has(sl(&r2, -k - 3, -k - 2), "e") {
                    cut(&mut word, k + 2);
                } else {
                    cut(&mut word, k);
                }
            }
            "ig" | "ik" | "isch" if !has(sl(&r2, -k - 1, -k), "e") => cut(&mut word, k),
            "lich" | "heit" => {
                if has(sl(&r1, -k - 2, -k), "er") || has(sl(&r1, -k - 2, -k), "en") {
                    cut(&mut word, k + 2);
                } else {
                    cut(&mut word, k);
                }
            }
            "keit" => {
                if has(sl(&r2, -k - 4, -k), "lich") {
                    cut(&mut word, k + 4);
                } else if has(sl(&r2, -k - 2, -k), "ig") {
                    cut(&mut word, k + 2);
                } else {
                    cut(&mut word, k);
                }
            }
            _ => {}
        }
    }
    for (a, b) in [('ä', 'a'), ('ö', 'o'), ('ü', 'u'), ('U', 'u'), ('Y', 'y')] {
        replace_char(&mut word, a, b);
    }
    word
}
