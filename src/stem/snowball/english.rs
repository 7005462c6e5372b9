//! English: NLTK's `EnglishStemmer` (the Porter2 algorithm as NLTK wrote it, quirks included:
//! e.g. after `-ational`/`-ation`/`-ator` or `-iveness`/`-iviti` a too-short R2 becomes `"e"`).
use super::util::*;

const VOWELS: &str = "aeiouy";
const DOUBLE: &[&str] = &["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];
const LI_ENDING: &str = "cdeghkmnrt";
const STEP0: &[&str] = &["'s'", "'s", "'"];
const STEP1A: &[&str] = &["sses", "ied", "ies", "us", "ss", "s"];
const STEP1B: &[&str] = &["eedly", "ingly", "edly", "eed", "ing", "ed"];
const STEP2: &[&str] = &[
    "ization", "ational", "fulness", "ousness", "iveness", "tional", "biliti", "lessli", "entli", "ation",
    "alism", "aliti", "ousli", "iviti", "fulli", "enci", "anci", "abli", "izer", "ator", "alli", "bli",
    "ogi", "li",
];
const STEP3: &[&str] = &["ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful"];
const STEP4: &[&str] = &[
    "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive", "ize",
    "ion", "al", "er", "ic",
];
const SPECIAL: &[(&str, &str)] = &[
    ("skis", "ski"),
    ("skies", "sky"),
    ("dying", "die"),
    ("lying", "lie"),
    ("tying", "tie"),
    ("idly", "idl"),
    ("gently", "gentl"),
    ("ugly", "ugli"),
    ("early", "earli"),
    ("only", "onli"),
    ("singly", "singl"),
    ("sky", "sky"),
    ("news", "news"),
    ("howe", "howe"),
    ("atlas", "atlas"),
    ("cosmos", "cosmos"),
    ("bias", "bias"),
    ("andes", "andes"),
    ("inning", "inning"),
    ("innings", "inning"),
    ("outing", "outing"),
    ("outings", "outing"),
    ("canning", "canning"),
    ("cannings", "canning"),
    ("herring", "herring"),
    ("herrings", "herring"),
    ("earring", "earring"),
    ("earrings", "earring"),
    ("proceed", "proceed"),
    ("proceeds", "proceed"),
    ("proceeded", "proceed"),
    ("proceeding", "proceed"),
    ("exceed", "exceed"),
    ("exceeds", "exceed"),
    ("exceeded", "exceed"),
    ("exceeding", "exceed"),
    ("succeed", "succeed"),
    ("succeeds", "succeed"),
    ("succeeded", "succeed"),
    ("succeeding", "succeed"),
];

struct Regions {
    word: W,
    r1: W,
    r2: W,
}

impl Regions {
    fn cut(&mut self, k: isize) {
        cut(&mut self.word, k);
        cut(&mut self.r1, k);
        cut(&mut self.r2, k);
    }

    /// Replace `suffix` by `new` in the word; in R1/R2 too when they hold the whole suffix,
    /// else R1 becomes empty and R2 becomes `r2_short` (NLTK's choice per suffix).
    fn replace(&mut self, suffix: &str, new: &str, r2_short: &str) {
        srep(&mut self.word, suffix, new);
        if self.r1.len() as isize >= n(suffix) {
            srep(&mut self.r1, suffix, new);
        } else {
            self.r1.clear();
        }
        if self.r2.len() as isize >= n(suffix) {
            srep(&mut self.r2, suffix, new);
        } else {
            self.r2 = w(r2_short);
        }
    }

    /// Replace the last letter by `c` in the word and in non-empty R1/R2.
    fn last_to(&mut self, c: char) {
        for x in [&mut self.word, &mut self.r1, &mut self.r2] {
            if !x.is_empty() {
                x.pop();
                x.push(c);
            }
        }
    }
}

// Branches mirror NLTK's, including those with the same body.
#[allow(clippy::if_same_then_else, clippy::collapsible_match)]
pub(crate) fn stem(word: W) -> W {
    if word.len() <= 2 {
        return word;
    }
    if let Some((_, to)) = SPECIAL.iter().find(|(from, _)| eq(&word, from)) {
        return w(to);
    }
    let mut word = word;
    for q in ['’', '‘', '‛'] {
        replace_char(&mut word, q, '\'');
    }
    if word.first() == Some(&'\'') {
        word.remove(0);
    }
    if word.first() == Some(&'y') {
        word[0] = 'Y';
    }
    for i in 1..word.len() {
        if isin(word[i - 1], VOWELS) && word[i] == 'y' {
            word[i] = 'Y';
        }
    }
    let (r1, r2) = if starts(&word, "gener") || starts(&word, "commun") || starts(&word, "arsen") {
        let r1 = if starts(&word, "commun") { from(&word, 6).to_w() } else { from(&word, 5).to_w() };
        let mut r2 = W::new();
        for i in 1..r1.len() {
            if !isin(r1[i], VOWELS) && isin(r1[i - 1], VOWELS) {
                r2 = r1[i + 1..].to_w();
                break;
            }
        }
        (r1, r2)
    } else {
        r1r2_standard(&word, VOWELS)
    };
    let mut x = Regions { word, r1, r2 };

    if let Some(&suffix) = STEP0.iter().find(|s| ends(&x.word, s)) {
        x.cut(n(suffix));
    }
    if let Some(&suffix) = STEP1A.iter().find(|s| ends(&x.word, s)) {
        match suffix {
            "sses" => x.cut(2),
            "ied" | "ies" => {
                if upto(&x.word, -n(suffix)).len() > 1 {
                    x.cut(2);
                } else {
                    x.cut(1);
                }
            }
            "s" => {
                if upto(&x.word, -2).iter().any(|&c| isin(c, VOWELS)) {
                    x.cut(1);
                }
            }
            _ => {}
        }
    }
    if let Some(&suffix) = STEP1B.iter().find(|s| ends(&x.word, s)) {
        if suffix == "eed" || suffix == "eedly" {
            if ends(&x.r1, suffix) {
                x.replace(suffix, "ee", "");
            }
        } else if upto(&x.word, -n(suffix)).iter().any(|&c| isin(c, VOWELS)) {
            x.cut(n(suffix));
            let wd = &x.word;
            if ends_any(wd, &["at", "bl", "iz"]) {
                x.word.push('e');
                x.r1.push('e');
                if x.word.len() > 5 || x.r1.len() >= 3 {
                    x.r2.push('e');
                }
            } else if ends_any(wd, DOUBLE) {
                x.cut(1);
            } else if (x.r1.is_empty()
                && wd.len() >= 3
                && !isin(ix(wd, -1), VOWELS)
                && !isin(ix(wd, -1), "wxY")
                && isin(ix(wd, -2), VOWELS)
                && !isin(ix(wd, -3), VOWELS))
                || (x.r1.is_empty() && wd.len() == 2 && isin(wd[0], VOWELS) && !isin(wd[1], VOWELS))
            {
                x.word.push('e');
                if !x.r1.is_empty() {
                    x.r1.push('e');
                }
                if !x.r2.is_empty() {
                    x.r2.push('e');
                }
            }
        }
    }
    if x.word.len() > 2 && isin(ix(&x.word, -1), "yY") && !isin(ix(&x.word, -2), VOWELS) {
        x.last_to('i');
    }
    if let Some(&suffix) = STEP2.iter().find(|s| ends(&x.word, s)) {
        if ends(&x.r1, suffix) {
            match suffix {
                "tional" => x.cut(2),
                "enci" | "anci" | "abli" => x.last_to('e'),
                "entli" => x.cut(2),
                "izer" | "ization" => x.replace(suffix, "ize", ""),
                "ational" | "ation" | "ator" => x.replace(suffix, "ate", "e"),
                "alism" | "aliti" | "alli" => x.replace(suffix, "al", ""),
                "fulness" => x.cut(4),
                "ousli" | "ousness" => x.replace(suffix, "ous", ""),
                "iveness" | "iviti" => x.replace(suffix, "ive", "e"),
                "biliti" | "bli" => x.replace(suffix, "ble", ""),
                "ogi" if ix(&x.word, -4) == 'l' => x.cut(1),
                "fulli" | "lessli" => x.cut(2),
                "li" if isin(ix(&x.word, -3), LI_ENDING) => x.cut(2),
                _ => {}
            }
        }
    }
    if let Some(&suffix) = STEP3.iter().find(|s| ends(&x.word, s)) {
        if ends(&x.r1, suffix) {
            match suffix {
                "tional" => x.cut(2),
                "ational" => x.replace(suffix, "ate", ""),
                "alize" => x.cut(3),
                "icate" | "iciti" | "ical" => x.replace(suffix, "ic", ""),
                "ful" | "ness" => x.cut(n(suffix)),
                "ative" if ends(&x.r2, suffix) => x.cut(5),
                _ => {}
            }
        }
    }
    if let Some(&suffix) = STEP4.iter().find(|s| ends(&x.word, s)) {
        if ends(&x.r2, suffix) {
            if suffix == "ion" {
                if isin(ix(&x.word, -4), "st") {
                    x.cut(3);
                }
            } else {
                x.cut(n(suffix));
            }
        }
    }
    let mut word = x.word;
    if ends(&x.r2, "l") && ix(&word, -2) == 'l' {
        cut(&mut word, 1);
    } else if ends(&x.r2, "e") {
        cut(&mut word, 1);
    } else if ends(&x.r1, "e")
        && word.len() >= 4
        && (isin(ix(&word, -2), VOWELS)
            || isin(ix(&word, -2), "wxY")
            || !isin(ix(&word, -3), VOWELS)
            || isin(ix(&word, -4), VOWELS))
    {
        cut(&mut word, 1);
    }
    replace_char(&mut word, 'Y', 'y');
    word
}
