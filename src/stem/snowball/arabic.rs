//! Arabic: NLTK's `ArabicStemmer` (NLTK's own light stemmer, not the Snowball project's Arabic
//! algorithm: they disagree on about half of all words).
//!
//! Two NLTK behaviours are kept on purpose:
//! * `__suffix_noun_step2b` is the string `"ات"`, which NLTK iterates letter by letter: a noun
//!   ending in `ا` or `ت` (5+ letters) loses its last two letters.
//! * NLTK never resets `suffixes_verb_step1_success` between words: once one word of a stemmer
//!   object's life has lost a verb suffix in step 1, every later verb candidate takes the
//!   "step 1 succeeded" path. The caller holds that flag (`verb_step1_seen`).
use super::util::*;

const LAST_HAMZAT: &[char] = &['أ', 'إ', 'آ', 'ؤ', 'ئ'];
const CHECKS1: &[&str] = &["كال", "بال", "ال", "لل"];
const SUFFIX_NOUN_STEP1A: &[&str] = &["ي", "ك", "ه", "نا", "كم", "ها", "هن", "هم", "كما", "هما"];
const SUFFIX_VERB_STEP1: &[&str] = &["ه", "ك", "ني", "نا", "ها", "هم", "هن", "كم", "كن", "هما", "كما", "كمو"];
const SUFFIX_VERB_STEP2A: &[&str] = &["ت", "ا", "ن", "ي", "نا", "تا", "تن", "ان", "ون", "ين", "تما"];
const SUFFIX_VERB_STEP2B: &[&str] = &["وا", "تم"];
const PREFIX_STEP3A_NOUN: &[&str] = &["ال", "لل", "كال", "بال"];
const PREFIX_STEP3B_NOUN: &[&str] = &["ب", "ك", "ل", "بب", "كك"];
const PREFIX_STEP3_VERB: &[&str] = &["سي", "ست", "سن", "سأ"];
const PREFIX_STEP4_VERB: &[&str] = &["يست", "نست", "تست"];

/// What NLTK's `__normalize_pre` regexes remove: the short vowels and shadda (U+064B-U+0652),
/// tatweel (U+0640), Arabic punctuation (U+060C-U+061B, U+061F), and, because of how the
/// character classes are written, the ASCII hyphen.
fn removed_pre(c: char) -> bool {
    matches!(c, '-' | '\u{064b}'..='\u{0652}' | '\u{0640}' | '\u{060c}'..='\u{061b}' | '\u{061f}')
}

fn normalize_post(mut t: W) -> W {
    if let Some(&last) = t.last() {
        if LAST_HAMZAT.contains(&last) {
            let i = t.len() - 1;
            t[i] = 'ء';
        }
    }
    if matches!(t.first(), Some('\u{0622}' | '\u{0623}' | '\u{0625}')) {
        t[0] = 'ا';
    }
    for c in t.iter_mut() {
        *c = match *c {
            'ؤ' => 'و',
            'ئ' => 'ي',
            '\u{0623}' | '\u{0622}' | '\u{0625}' => 'ا',
            other => other,
        };
    }
    t
}

fn len(t: &[char]) -> usize {
    t.len()
}

/// `prefix_replace(token, prefix, new)`: `new + token[len(prefix):]`.
fn prep(t: &W, prefix: &str, new: &str) -> W {
    let mut out = w(new);
    out.extend_from_slice(from(t, n(prefix)));
    out
}

#[derive(Default)]
struct Flags {
    is_verb: bool,
    is_noun: bool,
    is_defined: bool,
    verb_step2a: bool,
    verb_step2b: bool,
    noun_step2c2: bool,
    noun_step2a: bool,
    noun_step2b: bool,
    noun_step1b: bool,
    prefix_step2a: bool,
    prefix_step3a_noun: bool,
}

/// `ArabicStemmer.stem(word)`. `is_stopword` sees the word after `__normalize_pre`;
/// `verb_step1_seen` is NLTK's never-reset `suffixes_verb_step1_success` (see the module notes).
pub(crate) fn stem(word: &[char], is_stopword: impl Fn(&[char]) -> bool, verb_step1_seen: &mut bool) -> W {
    let mut f = Flags { is_verb: true, is_noun: true, ..Flags::default() };
    // __checks_1 / __checks_2 run on the word as given, before normalisation.
    for prefix in CHECKS1 {
        if starts(word, prefix) {
            let three = matches!(*prefix, "كال" | "بال");
            if (three && len(word) > 4) || (!three && len(word) > 3) {
                f.is_noun = true;
                f.is_verb = false;
                f.is_defined = true;
                break;
            }
        }
    }
    for suffix in ["ة", "ات"] {
        if ends(word, suffix) && ((suffix == "ة" && len(word) > 2) || (suffix == "ات" && len(word) > 3)) {
            f.is_noun = true;
            f.is_verb = false;
            break;
        }
    }
    let mut t: W = word.iter().copied().filter(|&c| !removed_pre(c)).collect();
    if is_stopword(&t) || len(&t) <= 2 {
        return t;
    }
    if f.is_verb {
        let step1 = suffix_verb_step1(&mut t);
        *verb_step1_seen |= step1;
        if *verb_step1_seen {
            suffix_verb_step2a(&mut t, &mut f);
            if !f.verb_step2a {
                suffix_verb_step2c(&mut t);
            }
        } else {
            suffix_verb_step2b(&mut t, &mut f);
            if !f.verb_step2b {
                suffix_verb_step2a(&mut t, &mut f);
            }
        }
    }
    if f.is_noun {
        suffix_noun_step2c2(&mut t, &mut f);
        if !f.noun_step2c2 {
            if !f.is_defined {
                suffix_noun_step1a(&mut t);
                suffix_noun_step2a(&mut t, &mut f);
                if !f.noun_step2a {
                    suffix_noun_step2b(&mut t, &mut f);
                }
                if !f.noun_step2b && !f.noun_step2a {
                    suffix_noun_step2c1(&mut t);
                }
            } else {
                suffix_noun_step1b(&mut t, &mut f);
                if f.noun_step1b {
                    suffix_noun_step2a(&mut t, &mut f);
                    if !f.noun_step2a {
                        suffix_noun_step2b(&mut t, &mut f);
                    }
                    if !f.noun_step2b && !f.noun_step2a {
                        suffix_noun_step2c1(&mut t);
                    }
                } else {
                    if !f.is_defined {
                        suffix_noun_step2a(&mut t, &mut f);
                    }
                    suffix_noun_step2b(&mut t, &mut f);
                }
            }
        }
        if ends(&t, "ي") && len(&t) >= 3 {
            cut(&mut t, 1);
        }
    }
    if !f.is_noun && f.is_verb && ends(&t, "ى") {
        srep(&mut t, "ى", "ي");
    }
    prefix_step1(&mut t);
    prefix_step2a(&mut t, &mut f);
    if !f.prefix_step2a {
        prefix_step2b(&mut t);
    }
    prefix_step3a_noun(&mut t, &mut f);
    // NLTK's prefix_step3b_noun_success is reset per word and only set inside step 3b, so the
    // `elif` below sees it false.
    if !f.prefix_step3a_noun && f.is_noun {
        prefix_step3b_noun(&mut t);
    } else if f.is_verb {
        prefix_step3_verb(&mut t);
        prefix_step4_verb(&mut t, &mut f);
    }
    normalize_post(t)
}

fn suffix_verb_step1(t: &mut W) -> bool {
    for suffix in SUFFIX_VERB_STEP1 {
        if ends(t, suffix) {
            match *suffix {
                "ه" | "ك" if len(t) >= 4 => {
                    cut(t, 1);
                    return true;
                }
                "ني" | "نا" | "ها" | "هم" | "هن" | "كم" | "كن" if len(t) >= 5 => {
                    cut(t, 2);
                    return true;
                }
                "هما" | "كما" | "كمو" if len(t) >= 6 => {
                    cut(t, 3);
                    return true;
                }
                _ => {}
            }
        }
    }
    false
}

fn suffix_verb_step2a(t: &mut W, f: &mut Flags) {
    for suffix in SUFFIX_VERB_STEP2A {
        if ends(t, suffix) && len(t) > 3 {
            let k = match *suffix {
                "ت" if len(t) >= 4 => 1,
                "ا" | "ن" | "ي" if len(t) >= 4 => 1,
                "نا" | "تا" | "تن" if len(t) >= 5 => 2,
                "ان" | "ون" | "ين" if len(t) > 5 => 2,
                "تما" if len(t) >= 6 => 3,
                _ => continue,
            };
            cut(t, k);
            f.verb_step2a = true;
            return;
        }
    }
}

fn suffix_verb_step2c(t: &mut W) {
    for suffix in ["و", "تمو"] {
        if ends(t, suffix) {
            if suffix == "تمو" && len(t) >= 6 {
                cut(t, 3);
                return;
            }
            if suffix == "و" && len(t) >= 4 {
                cut(t, 1);
                return;
            }
        }
    }
}

fn suffix_verb_step2b(t: &mut W, f: &mut Flags) {
    if SUFFIX_VERB_STEP2B.iter().any(|s| ends(t, s)) && len(t) >= 5 {
        cut(t, 2);
        f.verb_step2b = true;
    }
}

fn suffix_noun_step2c2(t: &mut W, f: &mut Flags) {
    if ends(t, "ة") && len(t) >= 3 {
        cut(t, 1);
        f.noun_step2c2 = true;
    }
}

fn suffix_noun_step1a(t: &mut W) {
    for suffix in SUFFIX_NOUN_STEP1A {
        if ends(t, suffix) {
            match *suffix {
                "ي" | "ك" | "ه" if len(t) >= 4 => {
                    cut(t, 1);
                    return;
                }
                "نا" | "كم" | "ها" | "هن" | "هم" if len(t) >= 5 => {
                    cut(t, 2);
                    return;
                }
                "كما" | "هما" if len(t) >= 6 => {
                    cut(t, 3);
                    return;
                }
                _ => {}
            }
        }
    }
}

fn suffix_noun_step2a(t: &mut W, f: &mut Flags) {
    if ["ا", "ي", "و"].iter().any(|s| ends(t, s)) && len(t) > 4 {
        cut(t, 1);
        f.noun_step2a = true;
    }
}

fn suffix_noun_step2b(t: &mut W, f: &mut Flags) {
    // NLTK iterates the string "ات": its letters, not the suffix.
    if (ends(t, "ا") || ends(t, "ت")) && len(t) >= 5 {
        cut(t, 2);
        f.noun_step2b = true;
    }
}

fn suffix_noun_step2c1(t: &mut W) {
    if ends(t, "ت") && len(t) >= 4 {
        cut(t, 1);
    }
}

fn suffix_noun_step1b(t: &mut W, f: &mut Flags) {
    if ends(t, "ن") && len(t) > 5 {
        cut(t, 1);
        f.noun_step1b = true;
    }
}

fn prefix_step1(t: &mut W) {
    if len(t) > 3 {
        for (prefix, new) in [("أأ", "أ"), ("أآ", "آ"), ("أؤ", "ؤ"), ("أا", "ا"), ("أإ", "إ")]
        {
            if starts(t, prefix) {
                *t = prep(t, prefix, new);
                return;
            }
        }
    }
}

fn prefix_step2a(t: &mut W, f: &mut Flags) {
    for prefix in ["فال", "وال"] {
        if starts(t, prefix) && len(t) > 5 {
            *t = from(t, n(prefix)).to_w();
            f.prefix_step2a = true;
            return;
        }
    }
}

fn prefix_step2b(t: &mut W) {
    for prefix in ["ف", "و"] {
        if starts(t, prefix) && len(t) > 3 {
            let first2 = upto(t, 2);
            if !eq(first2, "وا") && !eq(first2, "فا") {
                *t = from(t, n(prefix)).to_w();
                return;
            }
        }
    }
}

fn prefix_step3a_noun(t: &mut W, f: &mut Flags) {
    for prefix in PREFIX_STEP3A_NOUN {
        if starts(t, prefix) {
            if matches!(*prefix, "ال" | "لل") && len(t) > 4 {
                *t = from(t, n(prefix)).to_w();
                f.prefix_step3a_noun = true;
                return;
            }
            if matches!(*prefix, "كال" | "بال") && len(t) > 5 {
                *t = from(t, n(prefix)).to_w();
                return;
            }
        }
    }
}

fn prefix_step3b_noun(t: &mut W) {
    for prefix in PREFIX_STEP3B_NOUN {
        if starts(t, prefix) {
            if len(t) > 3 {
                if *prefix == "ب" {
                    *t = from(t, 1).to_w();
                    return;
                }
                if matches!(*prefix, "بب" | "كك") {
                    let second: String = prefix.chars().skip(1).collect();
                    *t = prep(t, prefix, &second);
                    return;
                }
            }
            if matches!(*prefix, "ك" | "ل") && len(t) > 4 {
                *t = from(t, 1).to_w();
                return;
            }
        }
    }
}

fn prefix_step3_verb(t: &mut W) {
    for prefix in PREFIX_STEP3_VERB {
        if starts(t, prefix) && len(t) > 4 {
            let second: String = prefix.chars().skip(1).collect();
            *t = prep(t, prefix, &second);
            return;
        }
    }
}

fn prefix_step4_verb(t: &mut W, f: &mut Flags) {
    for prefix in PREFIX_STEP4_VERB {
        if starts(t, prefix) && len(t) > 4 {
            *t = prep(t, prefix, "است");
            f.is_verb = true;
            f.is_noun = false;
            return;
        }
    }
}
