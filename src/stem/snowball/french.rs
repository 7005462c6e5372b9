//! French: NLTK's `FrenchStemmer`. Like NLTK, most region tests are `suffix in region`
//! (substring), not `endswith`.
use super::util::*;

const VOWELS: &str = "aeiouyâàëéêèïîôûù";
const STEP1: &[&str] = &[
    "issements",
    "issement",
    "atrices",
    "atrice",
    "ateurs",
    "ations",
    "logies",
    "usions",
    "utions",
    "ements",
    "amment",
    "emment",
    "ances",
    "iqUes",
    "ismes",
    "ables",
    "istes",
    "ateur",
    "ation",
    "logie",
    "usion",
    "ution",
    "ences",
    "ement",
    "euses",
    "ments",
    "ance",
    "iqUe",
    "isme",
    "able",
    "iste",
    "ence",
    "ités",
    "ives",
    "eaux",
    "euse",
    "ment",
    "eux",
    "ité",
    "ive",
    "ifs",
    "aux",
    "if",
];
const STEP2A: &[&str] = &[
    "issaIent", "issantes", "iraIent", "issante", "issants", "issions", "irions", "issais", "issait",
    "issant", "issent", "issiez", "issons", "irais", "irait", "irent", "iriez", "irons", "iront", "isses",
    "issez", "îmes", "îtes", "irai", "iras", "irez", "isse", "ies", "ira", "ît", "ie", "ir", "is", "it", "i",
];
const STEP2B: &[&str] = &[
    "eraIent", "assions", "erions", "assent", "assiez", "èrent", "erais", "erait", "eriez", "erons", "eront",
    "aIent", "antes", "asses", "ions", "erai", "eras", "erez", "âmes", "âtes", "ante", "ants", "asse", "ées",
    "era", "iez", "ais", "ait", "ant", "ée", "és", "er", "ez", "ât", "ai", "as", "é", "a",
];
const STEP4: &[&str] = &["ière", "Ière", "ion", "ier", "Ier", "e", "ë"];

/// `word[-k:] == t`.
fn tail(word: &[char], t: &str) -> bool {
    eq(from(word, -n(t)), t)
}

/// `word = word[:-k] + t`.
fn cut_push(word: &mut W, k: isize, t: &str) {
    cut(word, k);
    word.extend(t.chars());
}

/// `rv[rv.rindex(suffix) - 1]` (Python's negative index when the occurrence starts RV).
fn before_last(rv: &[char], suffix: &str) -> char {
    let t = w(suffix);
    match rv.windows(t.len()).rposition(|x| x == &*t) {
        Some(i) => ix(rv, i as isize - 1),
        None => '\0',
    }
}

/// `FrenchStemmer.__rv_french`.
fn rv_french(word: &[char]) -> W {
    if word.len() >= 2 {
        if starts(word, "par")
            || starts(word, "col")
            || starts(word, "tap")
            || (isin(word[0], VOWELS) && isin(word[1], VOWELS))
        {
            return from(word, 3).to_w();
        }
        for i in 1..word.len() {
            if isin(word[i], VOWELS) {
                return word[i + 1..].to_w();
            }
        }
    }
    W::new()
}

// Branches mirror NLTK's, including those with the same body.
#[allow(clippy::if_same_then_else)]
pub(crate) fn stem(mut word: W) -> W {
    let mut step1_success = false;
    let mut rv_ending_found = false;
    let mut step2a_success = false;
    let mut step2b_success = false;
    for i in 1..word.len() {
        if word[i - 1] == 'q' && word[i] == 'u' {
            word[i] = 'U';
        }
    }
    for i in 1..word.len().saturating_sub(1) {
        if isin(word[i - 1], VOWELS) && isin(word[i + 1], VOWELS) {
            if word[i] == 'u' {
                word[i] = 'U';
            } else if word[i] == 'i' {
                word[i] = 'I';
            }
        }
        if (isin(word[i - 1], VOWELS) || isin(word[i + 1], VOWELS)) && word[i] == 'y' {
            word[i] = 'Y';
        }
    }
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_french(&word);

    if let Some(&suffix) = STEP1.iter().find(|x| ends(&word, x)) {
        let k = n(suffix);
        if suffix == "eaux" {
            cut(&mut word, 1);
            step1_success = true;
        } else if matches!(suffix, "euse" | "euses") {
            if has(&r2, suffix) {
                cut(&mut word, k);
                step1_success = true;
            } else if has(&r1, suffix) {
                srep(&mut word, suffix, "eux");
                step1_success = true;
            }
        } else if matches!(suffix, "ement" | "ements") && has(&rv, suffix) {
            cut(&mut word, k);
            step1_success = true;
            if tail(&word, "iv") && has(&r2, "iv") {
                cut(&mut word, 2);
                if tail(&word, "at") && has(&r2, "at") {
                    cut(&mut word, 2);
                }
            } else if tail(&word, "eus") {
                if has(&r2, "eus") {
                    cut(&mut word, 3);
                } else if has(&r1, "eus") {
                    cut_push(&mut word, 1, "x");
                }
            } else if tail(&word, "abl") || tail(&word, "iqU") {
                if has(&r2, "abl") || has(&r2, "iqU") {
                    cut(&mut word, 3);
                }
            } else if (tail(&word, "ièr") || tail(&word, "Ièr")) && (has(&rv, "ièr") || has(&rv, "Ièr")) {
                cut_push(&mut word, 3, "i");
            }
        } else if suffix == "amment" && has(&rv, suffix) {
            srep(&mut word, "amment", "ant");
            srep(&mut rv, "amment", "ant");
            rv_ending_found = true;
        } else if suffix == "emment" && has(&rv, suffix) {
            srep(&mut word, "emment", "ent");
            rv_ending_found = true;
        } else if matches!(suffix, "ment" | "ments")
            && has(&rv, suffix)
            && !starts(&rv, suffix)
            && isin(before_last(&rv, suffix), VOWELS)
        {
            cut(&mut word, k);
            cut(&mut rv, k);
            rv_ending_found = true;
        } else if suffix == "aux" && has(&r1, suffix) {
            cut_push(&mut word, 2, "l");
            step1_success = true;
        } else if matches!(suffix, "issement" | "issements")
            && has(&r1, suffix)
            && !isin(ix(&word, -k - 1), VOWELS)
        {
            cut(&mut word, k);
            step1_success = true;
        } else if matches!(
            suffix,
            "ance"
                | "iqUe"
                | "isme"
                | "able"
                | "iste"
                | "eux"
                | "ances"
                | "iqUes"
                | "ismes"
                | "ables"
                | "istes"
        ) && has(&r2, suffix)
        {
            cut(&mut word, k);
            step1_success = true;
        } else if matches!(suffix, "atrice" | "ateur" | "ation" | "atrices" | "ateurs" | "ations")
            && has(&r2, suffix)
        {
            cut(&mut word, k);
            step1_success = true;
            if tail(&word, "ic") {
                if has(&r2, "ic") {
                    cut(&mut word, 2);
                } else {
                    cut_push(&mut word, 2, "iqU");
                }
            }
        } else if matches!(suffix, "logie" | "logies") && has(&r2, suffix) {
            srep(&mut word, suffix, "log");
            step1_success = true;
        } else if matches!(suffix, "usion" | "ution" | "usions" | "utions") && has(&r2, suffix) {
            srep(&mut word, suffix, "u");
            step1_success = true;
        } else if matches!(suffix, "ence" | "ences") && has(&r2, suffix) {
            srep(&mut word, suffix, "ent");
            step1_success = true;
        } else if matches!(suffix, "ité" | "ités") && has(&r2, suffix) {
            cut(&mut word, k);
            step1_success = true;
            if tail(&word, "abil") {
                if has(&r2, "abil") {
                    cut(&mut word, 4);
                } else {
                    cut_push(&mut word, 2, "l");
                }
            } else if tail(&word, "ic") {
                if has(&r2, "ic") {
                    cut(&mut word, 2);
                } else {
                    cut_push(&mut word, 2, "iqU");
                }
            } else if tail(&word, "iv") && has(&r2, "iv") {
                cut(&mut word, 2);
            }
        } else if matches!(suffix, "if" | "ive" | "ifs" | "ives") && has(&r2, suffix) {
            cut(&mut word, k);
            step1_success = true;
            if tail(&word, "at") && has(&r2, "at") {
                cut(&mut word, 2);
                if tail(&word, "ic") {
                    if has(&r2, "ic") {
                        cut(&mut word, 2);
                    } else {
                        cut_push(&mut word, 2, "iqU");
                    }
                }
            }
        }
    }
    if !step1_success || rv_ending_found {
        if let Some(&suffix) = STEP2A.iter().find(|x| ends(&word, x)) {
            if has(&rv, suffix) && rv.len() as isize > n(suffix) && !isin(before_last(&rv, suffix), VOWELS) {
                cut_s(&mut word, suffix);
                step2a_success = true;
            }
        }
        if !step2a_success {
            if let Some(&suffix) = STEP2B.iter().find(|x| ends(&rv, x)) {
                if suffix == "ions" && has(&r2, "ions") {
                    cut(&mut word, 4);
                    step2b_success = true;
                } else if matches!(
                    suffix,
                    "eraIent"
                        | "erions"
                        | "èrent"
                        | "erais"
                        | "erait"
                        | "eriez"
                        | "erons"
                        | "eront"
                        | "erai"
                        | "eras"
                        | "erez"
                        | "ées"
                        | "era"
                        | "iez"
                        | "ée"
                        | "és"
                        | "er"
                        | "ez"
                        | "é"
                ) {
                    cut_s(&mut word, suffix);
                    step2b_success = true;
                } else if matches!(
                    suffix,
                    "assions"
                        | "assent"
                        | "assiez"
                        | "aIent"
                        | "antes"
                        | "asses"
                        | "âmes"
                        | "âtes"
                        | "ante"
                        | "ants"
                        | "asse"
                        | "ais"
                        | "ait"
                        | "ant"
                        | "ât"
                        | "ai"
                        | "as"
                        | "a"
                ) {
                    cut_s(&mut word, suffix);
                    cut_s(&mut rv, suffix);
                    step2b_success = true;
                    if ends(&rv, "e") {
                        cut(&mut word, 1);
                    }
                }
            }
        }
    }
    if step1_success || step2a_success || step2b_success {
        if ix(&word, -1) == 'Y' {
            cut_push(&mut word, 1, "i");
        } else if ix(&word, -1) == 'ç' {
            cut_push(&mut word, 1, "c");
        }
    } else {
        if word.len() >= 2 && ix(&word, -1) == 's' && !isin(ix(&word, -2), "aiouès") {
            cut(&mut word, 1);
        }
        for &suffix in STEP4 {
            if ends(&word, suffix) && has(&rv, suffix) {
                if suffix == "ion" && has(&r2, suffix) && isin(ix(&rv, -4), "st") {
                    cut(&mut word, 3);
                } else if matches!(suffix, "ier" | "ière" | "Ier" | "Ière") {
                    srep(&mut word, suffix, "i");
                } else if suffix == "e" {
                    cut(&mut word, 1);
                } else if suffix == "ë" && eq(sl(&word, -3, -1), "gu") {
                    cut(&mut word, 1);
                }
                break;
            }
        }
    }
    if ends_any(&word, &["enn", "onn", "ett", "ell", "eill"]) {
        cut(&mut word, 1);
    }
    // Un-accent the last vowel if only consonants follow it (é/è -> e).
    for i in 1..word.len() {
        let c = word[word.len() - i];
        if isin(c, VOWELS) {
            if i != 1 && (c == 'é' || c == 'è') {
                let j = word.len() - i;
                word[j] = 'e';
            }
            break;
        }
    }
    replace_char(&mut word, 'I', 'i');
    replace_char(&mut word, 'U', 'u');
    replace_char(&mut word, 'Y', 'y');
    word
}
