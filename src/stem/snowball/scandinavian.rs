//! Danish, Norwegian and Swedish: NLTK's `DanishStemmer`, `NorwegianStemmer`, `SwedishStemmer`.
//! All three strip suffixes found in the Scandinavian R1 (at least three letters before it).
use super::util::*;

const DA_VOWELS: &str = "aeiouyæåø";
const DA_DOUBLE: &[&str] = &[
    "bb", "cc", "dd", "ff", "gg", "hh", "jj", "kk", "ll", "mm", "nn", "pp", "qq", "rr", "ss", "tt", "vv",
    "ww", "xx", "zz",
];
const DA_S_ENDING: &str = "abcdfghjklmnoprtvyzå";
const DA_STEP1: &[&str] = &[
    "erendes", "erende", "hedens", "ethed", "erede", "heden", "heder", "endes", "ernes", "erens", "erets",
    "ered", "ende", "erne", "eren", "erer", "heds", "enes", "eres", "eret", "hed", "ene", "ere", "ens",
    "ers", "ets", "en", "er", "es", "et", "e", "s",
];
const DA_STEP2: &[&str] = &["gd", "dt", "gt", "kt"];
const DA_STEP3: &[&str] = &["elig", "løst", "lig", "els", "ig"];

pub(crate) fn danish(mut word: W) -> W {
    let mut r1 = r1_scandinavian(&word, DA_VOWELS);
    if let Some(&suffix) = DA_STEP1.iter().find(|x| ends(&r1, x)) {
        if suffix == "s" {
            if isin(ix(&word, -2), DA_S_ENDING) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
            }
        } else {
            cut_s(&mut word, suffix);
            cut_s(&mut r1, suffix);
        }
    }
    if DA_STEP2.iter().any(|x| ends(&r1, x)) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if ends(&r1, "igst") {
        cut(&mut word, 2);
        cut(&mut r1, 2);
    }
    if let Some(&suffix) = DA_STEP3.iter().find(|x| ends(&r1, x)) {
        if suffix == "løst" {
            cut(&mut word, 1);
            cut(&mut r1, 1);
        } else {
            cut_s(&mut word, suffix);
            cut_s(&mut r1, suffix);
            if ends_any(&r1, DA_STEP2) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
            }
        }
    }
    if DA_DOUBLE.iter().any(|x| ends(&word, x)) && word.len() > 3 {
        cut(&mut word, 1);
    }
    word
}

const NO_VOWELS: &str = "aeiouyæåø";
const NO_S_ENDING: &str = "bcdfghjlmnoprtvyz";
const NO_STEP1: &[&str] = &[
    "hetenes", "hetene", "hetens", "heter", "heten", "endes", "ande", "ende", "edes", "enes", "erte", "ede",
    "ane", "ene", "ens", "ers", "ets", "het", "ast", "ert", "en", "ar", "er", "as", "es", "et", "a", "e",
    "s",
];
const NO_STEP2: &[&str] = &["dt", "vt"];
const NO_STEP3: &[&str] =
    &["hetslov", "eleg", "elig", "elov", "slov", "leg", "eig", "lig", "els", "lov", "ig"];

pub(crate) fn norwegian(mut word: W) -> W {
    let mut r1 = r1_scandinavian(&word, NO_VOWELS);
    if let Some(&suffix) = NO_STEP1.iter().find(|x| ends(&r1, x)) {
        if suffix == "erte" || suffix == "ert" {
            srep(&mut word, suffix, "er");
            srep(&mut r1, suffix, "er");
        } else if suffix == "s" {
            if isin(ix(&word, -2), NO_S_ENDING) || (ix(&word, -2) == 'k' && !isin(ix(&word, -3), NO_VOWELS)) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
            }
        } else {
            cut_s(&mut word, suffix);
            cut_s(&mut r1, suffix);
        }
    }
    if NO_STEP2.iter().any(|x| ends(&r1, x)) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if let Some(&suffix) = NO_STEP3.iter().find(|x| ends(&r1, x)) {
        cut_s(&mut word, suffix);
    }
    word
}

const SV_VOWELS: &str = "aeiouyäåö";
const SV_S_ENDING: &str = "bcdfghjklmnoprtvy";
const SV_STEP1: &[&str] = &[
    "heterna", "hetens", "heter", "heten", "anden", "arnas", "ernas", "ornas", "andes", "andet", "arens",
    "arna", "erna", "orna", "ande", "arne", "aste", "aren", "ades", "erns", "ade", "are", "ern", "ens",
    "het", "ast", "ad", "en", "ar", "er", "or", "as", "es", "at", "a", "e", "s",
];
const SV_STEP2: &[&str] = &["dd", "gd", "nn", "dt", "gt", "kt", "tt"];
const SV_STEP3: &[&str] = &["fullt", "löst", "els", "lig", "ig"];

pub(crate) fn swedish(mut word: W) -> W {
    let mut r1 = r1_scandinavian(&word, SV_VOWELS);
    if let Some(&suffix) = SV_STEP1.iter().find(|x| ends(&r1, x)) {
        if suffix == "s" {
            if isin(ix(&word, -2), SV_S_ENDING) {
                cut(&mut word, 1);
                cut(&mut r1, 1);
            }
        } else {
            cut_s(&mut word, suffix);
            cut_s(&mut r1, suffix);
        }
    }
    if SV_STEP2.iter().any(|x| ends(&r1, x)) {
        cut(&mut word, 1);
        cut(&mut r1, 1);
    }
    if let Some(&suffix) = SV_STEP3.iter().find(|x| ends(&r1, x)) {
        if matches!(suffix, "els" | "lig" | "ig") {
            cut_s(&mut word, suffix);
        } else {
            cut(&mut word, 1);
        }
    }
    word
}
