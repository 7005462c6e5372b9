//! Finnish: NLTK's `FinnishStemmer`.
use super::util::*;

const VOWELS: &str = "aeiouyäö";
const RESTRICTED_VOWELS: &str = "aeiouäö";
const CONSONANTS: &str = "bcdfghjklmnpqrstvwxz";
const STEP1: &[&str] = &["kaan", "kään", "sti", "kin", "han", "hän", "ko", "kö", "pa", "pä"];
const STEP2: &[&str] = &["nsa", "nsä", "mme", "nne", "si", "ni", "an", "än", "en"];
const STEP3: &[&str] = &[
    "siin", "tten", "seen", "han", "hen", "hin", "hon", "hän", "hön", "den", "tta", "ttä", "ssa", "ssä",
    "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "ine", "ta", "tä", "na", "nä", "a", "ä", "n",
];
const STEP4: &[&str] =
    &["impi", "impa", "impä", "immi", "imma", "immä", "mpi", "mpa", "mpä", "mmi", "mma", "mmä", "eja", "ejä"];

fn in_list(x: &[char], list: &[&str]) -> bool {
    list.iter().any(|t| eq(x, t))
}

/// `x in LONG_VOWELS` / `x in DOUBLE_CONSONANTS` (NLTK's lists, in the tests): those are exactly the doubled letters of
/// `RESTRICTED_VOWELS` and `CONSONANTS`, so one comparison and one set test replace the scans.
fn doubled_in(x: &[char], letters: &str) -> bool {
    matches!(x, [a, b] if a == b && isin(*a, letters))
}

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
}

pub(crate) fn stem(word: W) -> W {
    let mut step3_success = false;
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let mut x = Regions { word, r1, r2 };

    if let Some(&suffix) = STEP1.iter().find(|s| ends(&x.r1, s)) {
        if suffix == "sti" {
            if has(&x.r2, suffix) {
                x.cut(3);
            }
        } else if isin(ix(&x.word, -n(suffix) - 1), "ntaeiouyäö") {
            x.cut(n(suffix));
        }
    }
    if let Some(&suffix) = STEP2.iter().find(|s| ends(&x.r1, s)) {
        let wd = &x.word;
        match suffix {
            "si" => {
                if ix(wd, -3) != 'k' {
                    x.cut(2);
                }
            }
            "ni" => {
                x.cut(2);
                for r in [&mut x.word, &mut x.r1, &mut x.r2] {
                    if ends(r, "kse") {
                        srep(r, "kse", "ksi");
                    }
                }
            }
            "an" => {
                if in_list(sl(wd, -4, -2), &["ta", "na"])
                    || in_list(sl(wd, -5, -2), &["ssa", "sta", "lla", "lta"])
                {
                    x.cut(2);
                }
            }
            "än" => {
                if in_list(sl(wd, -4, -2), &["tä", "nä"])
                    || in_list(sl(wd, -5, -2), &["ssä", "stä", "llä", "ltä"])
                {
                    x.cut(2);
                }
            }
            "en" => {
                if in_list(sl(wd, -5, -2), &["lle", "ine"]) {
                    x.cut(2);
                }
            }
            _ => x.cut(3),
        }
    }
    for &suffix in STEP3 {
        if !ends(&x.r1, suffix) {
            continue;
        }
        let k = n(suffix);
        let wd = &x.word;
        match suffix {
            "han" | "hen" | "hin" | "hon" | "hän" | "hön" => {
                // The vowel before -hVn must be the same V.
                if ix(wd, -4) == suffix.chars().nth(1).unwrap_or('\0') {
                    x.cut(3);
                    step3_success = true;
                }
            }
            "siin" | "den" | "tten" => {
                if ix(wd, -k - 1) == 'i' && isin(ix(wd, -k - 2), RESTRICTED_VOWELS) {
                    x.cut(k);
                    step3_success = true;
                } else {
                    continue;
                }
            }
            "seen" => {
                if doubled_in(sl(wd, -6, -4), RESTRICTED_VOWELS) {
                    x.cut(4);
                    step3_success = true;
                } else {
                    continue;
                }
            }
            "a" | "ä" => {
                if isin(ix(wd, -2), VOWELS) && isin(ix(wd, -3), CONSONANTS) {
                    x.cut(1);
                    step3_success = true;
                }
            }
            "tta" | "ttä" => {
                if ix(wd, -4) == 'e' {
                    x.cut(3);
                    step3_success = true;
                }
            }
            "n" => {
                x.cut(1);
                step3_success = true;
                if eq(from(&x.word, -2), "ie") || doubled_in(from(&x.word, -2), RESTRICTED_VOWELS) {
                    x.cut(1);
                }
            }
            _ => {
                x.cut(k);
                step3_success = true;
            }
        }
        break;
    }
    if let Some(&suffix) = STEP4.iter().find(|s| ends(&x.r2, s)) {
        if matches!(suffix, "mpi" | "mpa" | "mpä" | "mmi" | "mma" | "mmä") {
            if !eq(sl(&x.word, -5, -3), "po") {
                x.cut(3);
            }
        } else {
            x.cut(n(suffix));
        }
    }
    let Regions { mut word, mut r1, mut r2 } = x;
    if step3_success && !r1.is_empty() && isin(ix(&r1, -1), "ij") {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    } else if !step3_success && r1.len() >= 2 && ix(&r1, -1) == 't' && isin(ix(&r1, -2), VOWELS) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
        cut(&mut r2, 1);
        if ends(&r2, "imma") {
            cut(&mut word, 4);
            cut(&mut r1, 4);
        } else if ends(&r2, "mma") && !eq(sl(&r2, -5, -3), "po") {
            cut(&mut word, 3);
            cut(&mut r1, 3);
        }
    }
    if doubled_in(from(&r1, -2), RESTRICTED_VOWELS) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if r1.len() >= 2 && isin(ix(&r1, -2), CONSONANTS) && isin(ix(&r1, -1), "aäei") {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if ends_any(&r1, &["oj", "uj"]) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if ends(&r1, "jo") {
        cut(&mut word, 1);
    }
    // Undouble the last consonant cluster's double consonant.
    for i in 1..word.len() as isize {
        if isin(ix(&word, -i), VOWELS) {
            continue;
        }
        if i == 1 {
            if doubled_in(from(&word, -2), CONSONANTS) {
                cut(&mut word, 1);
            }
        } else if doubled_in(sl(&word, -i - 1, -i + 1), CONSONANTS) {
            let j = word.len() - i as usize;
            word.remove(j);
        }
        break;
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG_VOWELS: &[&str] = &["aa", "ee", "ii", "oo", "uu", "ää", "öö"];
    const DOUBLE_CONSONANTS: &[&str] = &[
        "bb", "cc", "dd", "ff", "gg", "hh", "jj", "kk", "ll", "mm", "nn", "pp", "qq", "rr", "ss", "tt", "vv",
        "ww", "xx", "zz",
    ];

    #[test]
    fn doubled_letters_are_nltks_lists() {
        let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyzäöåé'".chars().collect();
        for &a in &alphabet {
            for &b in &alphabet {
                let x = [a, b];
                assert_eq!(doubled_in(&x, RESTRICTED_VOWELS), in_list(&x, LONG_VOWELS), "{a}{b}");
                assert_eq!(doubled_in(&x, CONSONANTS), in_list(&x, DOUBLE_CONSONANTS), "{a}{b}");
            }
            assert!(!doubled_in(&[a], CONSONANTS) && !doubled_in(&[a, a, a], CONSONANTS));
        }
    }
}
