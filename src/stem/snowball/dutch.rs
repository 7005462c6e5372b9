//! Dutch: NLTK's `DutchStemmer`.
use super::util::*;

const VOWELS: &str = "aeiouyè";
const STEP1: &[&str] = &["heden", "ene", "en", "se", "s"];
const STEP3B: &[&str] = &["baar", "lijk", "bar", "end", "ing", "ig"];
const UNDOUBLE: &[&str] = &["kk", "dd", "tt"];

pub(crate) fn stem(mut word: W) -> W {
    let mut step2_success = false;
    for (a, b) in [
        ('ä', 'a'),
        ('á', 'a'),
        ('ë', 'e'),
        ('é', 'e'),
        ('í', 'i'),
        ('ï', 'i'),
        ('ö', 'o'),
        ('ó', 'o'),
        ('ü', 'u'),
        ('ú', 'u'),
    ] {
        replace_char(&mut word, a, b);
    }
    // Consonantal y and i are marked upper case until the end.
    if word.first() == Some(&'y') {
        word[0] = 'Y';
    }
    for i in 1..word.len() {
        if isin(word[i - 1], VOWELS) && word[i] == 'y' {
            word[i] = 'Y';
        }
    }
    for i in 1..word.len().saturating_sub(1) {
        if isin(word[i - 1], VOWELS) && word[i] == 'i' && isin(word[i + 1], VOWELS) {
            word[i] = 'I';
        }
    }
    let (mut r1, mut r2) = r1r2_standard(&word, VOWELS);
    r1_at_least_3(&word, VOWELS, &mut r1);

    if let Some(&suffix) = STEP1.iter().find(|x| ends(&r1, x)) {
        let k = n(suffix);
        if suffix == "heden" {
            srep(&mut word, suffix, "heid");
            srep(&mut r1, suffix, "heid");
            if ends(&r2, "heden") {
                srep(&mut r2, suffix, "heid");
            }
        } else if matches!(suffix, "ene" | "en")
            && !ends(&word, "heden")
            && !isin(ix(&word, -k - 1), VOWELS)
            && !eq(sl(&word, -k - 3, -k), "gem")
        {
            cut(&mut word, k);
            cut(&mut r1, k);
            cut(&mut r2, k);
            if ends_any(&word, UNDOUBLE) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
                cut(&mut r2, 1);
            }
        } else if matches!(suffix, "se" | "s") && !isin(ix(&word, -k - 1), VOWELS) && ix(&word, -k - 1) != 'j'
        {
            cut(&mut word, k);
            cut(&mut r1, k);
            cut(&mut r2, k);
        }
    }
    if ends(&r1, "e") && !isin(ix(&word, -2), VOWELS) {
        step2_success = true;
        cut(&mut word, 1);
        cut(&mut r1, 1);
        cut(&mut r2, 1);
        if ends_any(&word, UNDOUBLE) {
            cut(&mut word, 1);
            cut(&mut r1, 1);
            cut(&mut r2, 1);
        }
    }
    if ends(&r2, "heid") && ix(&word, -5) != 'c' {
        cut(&mut word, 4);
        cut(&mut r1, 4);
        cut(&mut r2, 4);
        if ends(&r1, "en") && !isin(ix(&word, -3), VOWELS) && !eq(sl(&word, -5, -2), "gem") {
            cut(&mut word, 2);
            cut(&mut r1, 2);
            cut(&mut r2, 2);
            if ends_any(&word, UNDOUBLE) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
                cut(&mut r2, 1);
            }
        }
    }
    if let Some(&suffix) = STEP3B.iter().find(|x| ends(&r2, x)) {
        match suffix {
            "end" | "ing" => {
                cut(&mut word, 3);
                cut(&mut r2, 3);
                if ends(&r2, "ig") && ix(&word, -3) != 'e' {
                    cut(&mut word, 2);
                } else if ends_any(&word, UNDOUBLE) {
                    cut(&mut word, 1);
                }
            }
            "ig" if ix(&word, -3) != 'e' => cut(&mut word, 2),
            "lijk" => {
                cut(&mut word, 4);
                cut(&mut r1, 4);
                if ends(&r1, "e") && !isin(ix(&word, -2), VOWELS) {
                    cut(&mut word, 1);
                    if ends_any(&word, UNDOUBLE) {
                        cut(&mut word, 1);
                    }
                }
            }
            "baar" => cut(&mut word, 4),
            "bar" if step2_success => cut(&mut word, 3),
            _ => {}
        }
    }
    if word.len() >= 4 && !isin(ix(&word, -1), VOWELS) && ix(&word, -1) != 'I' {
        let pair = sl(&word, -3, -1);
        if ["aa", "ee", "oo", "uu"].iter().any(|x| eq(pair, x)) && !isin(ix(&word, -4), VOWELS) {
            // Undouble the vowel: word[:-3] + word[-3] + word[-1].
            let last = word[word.len() - 1];
            word.truncate(word.len() - 2);
            word.push(last);
        }
    }
    replace_char(&mut word, 'I', 'i');
    replace_char(&mut word, 'Y', 'y');
    word
}
