//! Romanian: NLTK's `RomanianStemmer`. NLTK tests most suffixes with `suffix in region` (a
//! substring test, not `endswith`), and writes ţ/ş with cedillas (U+0163, U+015F); both kept.
use super::util::*;

const VOWELS: &str = "aeiouăâî";
const STEP0: &[&str] = &[
    "iilor", "ului", "elor", "iile", "ilor", "atei", "aţie", "aţia", "aua", "ele", "iua", "iei", "ile", "ul",
    "ea", "ii",
];
const STEP1: &[&str] = &[
    "abilitate",
    "abilitati",
    "abilităţi",
    "ibilitate",
    "abilităi",
    "ivitate",
    "ivitati",
    "ivităţi",
    "icitate",
    "icitati",
    "icităţi",
    "icatori",
    "ivităi",
    "icităi",
    "icator",
    "aţiune",
    "atoare",
    "ătoare",
    "iţiune",
    "itoare",
    "iciva",
    "icive",
    "icivi",
    "icivă",
    "icala",
    "icale",
    "icali",
    "icală",
    "ativa",
    "ative",
    "ativi",
    "ativă",
    "atori",
    "ători",
    "itiva",
    "itive",
    "itivi",
    "itivă",
    "itori",
    "iciv",
    "ical",
    "ativ",
    "ator",
    "ător",
    "itiv",
    "itor",
];
const STEP2: &[&str] = &[
    "abila", "abile", "abili", "abilă", "ibila", "ibile", "ibili", "ibilă", "atori", "itate", "itati",
    "ităţi", "abil", "ibil", "oasa", "oasă", "oase", "anta", "ante", "anti", "antă", "ator", "ităi", "iune",
    "iuni", "isme", "ista", "iste", "isti", "istă", "işti", "ata", "ată", "ati", "ate", "uta", "ută", "uti",
    "ute", "ita", "ită", "iti", "ite", "ica", "ice", "ici", "ică", "osi", "oşi", "ant", "iva", "ive", "ivi",
    "ivă", "ism", "ist", "at", "ut", "it", "ic", "os", "iv",
];
const STEP3: &[&str] = &[
    "seserăţi",
    "aserăţi",
    "iserăţi",
    "âserăţi",
    "userăţi",
    "seserăm",
    "aserăm",
    "iserăm",
    "âserăm",
    "userăm",
    "serăţi",
    "seseşi",
    "seseră",
    "ească",
    "arăţi",
    "urăţi",
    "irăţi",
    "ârăţi",
    "aseşi",
    "aseră",
    "iseşi",
    "iseră",
    "âseşi",
    "âseră",
    "useşi",
    "useră",
    "serăm",
    "sesem",
    "indu",
    "ându",
    "ează",
    "eşti",
    "eşte",
    "ăşti",
    "ăşte",
    "eaţi",
    "iaţi",
    "arăm",
    "urăm",
    "irăm",
    "ârăm",
    "asem",
    "isem",
    "âsem",
    "usem",
    "seşi",
    "seră",
    "sese",
    "are",
    "ere",
    "ire",
    "âre",
    "ind",
    "ând",
    "eze",
    "ezi",
    "esc",
    "ăsc",
    "eam",
    "eai",
    "eau",
    "iam",
    "iai",
    "iau",
    "aşi",
    "ară",
    "uşi",
    "ură",
    "işi",
    "iră",
    "âşi",
    "âră",
    "ase",
    "ise",
    "âse",
    "use",
    "aţi",
    "eţi",
    "iţi",
    "âţi",
    "sei",
    "ez",
    "am",
    "ai",
    "au",
    "ea",
    "ia",
    "ui",
    "âi",
    "ăm",
    "em",
    "im",
    "âm",
    "se",
];

pub(crate) fn stem(mut word: W) -> W {
    let mut step1_success = false;
    let mut step2_success = false;
    for i in 1..word.len().saturating_sub(1) {
        if isin(word[i - 1], VOWELS) && isin(word[i + 1], VOWELS) {
            if word[i] == 'u' {
                word[i] = 'U';
            } else if word[i] == 'i' {
                word[i] = 'I';
            }
        }
    }
    let (r1, mut r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_standard(&word, VOWELS);

    if let Some(&suffix) = STEP0.iter().find(|x| ends(&word, x)) {
        if has(&r1, suffix) {
            match suffix {
                "ul" | "ului" => {
                    cut_s(&mut word, suffix);
                    if has(&rv, suffix) {
                        cut_s(&mut rv, suffix);
                    } else {
                        rv.clear();
                    }
                }
                "aua" | "atei" => cut(&mut word, 2),
                "ile" if !eq(sl(&word, -5, -3), "ab") => cut(&mut word, 2),
                "ea" | "ele" | "elor" => {
                    srep(&mut word, suffix, "e");
                    if has(&rv, suffix) {
                        srep(&mut rv, suffix, "e");
                    } else {
                        rv.clear();
                    }
                }
                "ii" | "iua" | "iei" | "iile" | "iilor" | "ilor" => {
                    srep(&mut word, suffix, "i");
                    if has(&rv, suffix) {
                        srep(&mut rv, suffix, "i");
                    } else {
                        rv.clear();
                    }
                }
                "aţie" | "aţia" => cut(&mut word, 1),
                _ => {}
            }
        }
    }
    // Step 1 repeats while it replaces something (every replacement shortens the word).
    loop {
        let mut replacement_done = false;
        if let Some(&suffix) = STEP1.iter().find(|x| ends(&word, x)) {
            if has(&r1, suffix) {
                step1_success = true;
                replacement_done = true;
                match suffix {
                    "abilitate" | "abilitati" | "abilităi" | "abilităţi" => {
                        srep(&mut word, suffix, "abil")
                    }
                    "ibilitate" => cut(&mut word, 5),
                    "ivitate" | "ivitati" | "ivităi" | "ivităţi" => srep(&mut word, suffix, "iv"),
                    "icitate" | "icitati" | "icităi" | "icităţi" | "icator" | "icatori" | "iciv"
                    | "iciva" | "icive" | "icivi" | "icivă" | "ical" | "icala" | "icale" | "icali"
                    | "icală" => srep(&mut word, suffix, "ic"),
                    "ativ" | "ativa" | "ative" | "ativi" | "ativă" | "aţiune" | "atoare" | "ator"
                    | "atori" | "ătoare" | "ător" | "ători" => {
                        srep(&mut word, suffix, "at");
                        if has(&r2, suffix) {
                            srep(&mut r2, suffix, "at");
                        }
                    }
                    "itiv" | "itiva" | "itive" | "itivi" | "itivă" | "iţiune" | "itoare" | "itor"
                    | "itori" => {
                        srep(&mut word, suffix, "it");
                        if has(&r2, suffix) {
                            srep(&mut r2, suffix, "it");
                        }
                    }
                    _ => {}
                }
            } else {
                step1_success = false;
            }
        }
        if !replacement_done {
            break;
        }
    }
    if let Some(&suffix) = STEP2.iter().find(|x| ends(&word, x)) {
        if has(&r2, suffix) {
            step2_success = true;
            match suffix {
                "iune" | "iuni" => {
                    if ix(&word, -5) == 'ţ' {
                        cut(&mut word, 5);
                        word.push('t');
                    }
                }
                "ism" | "isme" | "ist" | "ista" | "iste" | "isti" | "istă" | "işti" => {
                    srep(&mut word, suffix, "ist")
                }
                _ => cut_s(&mut word, suffix),
            }
        }
    }
    if !step1_success && !step2_success {
        for &suffix in STEP3 {
            if ends(&word, suffix) && has(&rv, suffix) {
                if matches!(
                    suffix,
                    "seserăţi"
                        | "seserăm"
                        | "serăţi"
                        | "seseşi"
                        | "seseră"
                        | "serăm"
                        | "sesem"
                        | "seşi"
                        | "seră"
                        | "sese"
                        | "aţi"
                        | "eţi"
                        | "iţi"
                        | "âţi"
                        | "sei"
                        | "ăm"
                        | "em"
                        | "im"
                        | "âm"
                        | "se"
                ) {
                    cut_s(&mut word, suffix);
                    cut_s(&mut rv, suffix);
                } else if !starts(&rv, suffix) && !isin(before_first(&rv, suffix), "aeioăâî") {
                    cut_s(&mut word, suffix);
                }
                break;
            }
        }
    }
    if let Some(&suffix) = ["ie", "a", "e", "i", "ă"].iter().find(|x| ends(&word, x)) {
        if has(&rv, suffix) {
            cut_s(&mut word, suffix);
        }
    }
    replace_char(&mut word, 'I', 'i');
    replace_char(&mut word, 'U', 'u');
    word
}

/// `rv[rv.index(suffix) - 1]`: the letter before the first occurrence of `suffix` in `rv`.
fn before_first(rv: &[char], suffix: &str) -> char {
    let t = w(suffix);
    match rv.windows(t.len()).position(|x| x == &*t) {
        Some(i) => ix(rv, i as isize - 1),
        None => '\0',
    }
}
