//! Hungarian: NLTK's `HungarianStemmer` (which writes ő/ű as õ/û, as NLTK does, so words
//! with ő/ű keep those letters out of its suffix lists).
use super::util::*;

const VOWELS: &str = "aeiouöüáéíóõúû";
const DIGRAPHS: &[&str] = &["cs", "dz", "dzs", "gy", "ly", "ny", "ty", "zs"];
const DOUBLE_CONSONANTS: &[&str] = &[
    "bb", "cc", "ccs", "dd", "ff", "gg", "ggy", "jj", "kk", "ll", "lly", "mm", "nn", "nny", "pp", "rr", "ss",
    "ssz", "tt", "tty", "vv", "zz", "zzs",
];
const STEP1: &[&str] = &["al", "el"];
const STEP2: &[&str] = &[
    "képpen", "onként", "enként", "anként", "képp", "ként", "ban", "ben", "nak", "nek", "val", "vel", "tól",
    "tõl", "ról", "rõl", "ból", "bõl", "hoz", "hez", "höz", "nál", "nél", "ért", "kor", "ba", "be", "ra",
    "re", "ig", "at", "et", "ot", "öt", "ul", "ül", "vá", "vé", "en", "on", "an", "ön", "n", "t",
];
const STEP3: &[&str] = &["ánként", "án", "én"];
const STEP4: &[&str] = &["astul", "estül", "ástul", "éstül", "stul", "stül"];
const STEP5: &[&str] = &["á", "é"];
const STEP6: &[&str] = &["oké", "öké", "aké", "eké", "áké", "áéi", "éké", "ééi", "ké", "éi", "éé", "é"];
const STEP7: &[&str] = &[
    "ájuk", "éjük", "ünk", "unk", "juk", "jük", "ánk", "énk", "nk", "uk", "ük", "em", "om", "am", "od", "ed",
    "ad", "öd", "ja", "je", "ám", "ád", "ém", "éd", "m", "d", "a", "e", "o", "á", "é",
];
const STEP8: &[&str] = &[
    "jaitok", "jeitek", "jaink", "jeink", "aitok", "eitek", "áitok", "éitek", "jaim", "jeim", "jaid", "jeid",
    "eink", "aink", "itek", "jeik", "jaik", "áink", "éink", "aim", "eim", "aid", "eid", "jai", "jei", "ink",
    "aik", "eik", "áim", "áid", "áik", "éim", "éid", "éik", "im", "id", "ai", "ei", "ik", "ái", "éi", "i",
];
const STEP9: &[&str] = &["ák", "ék", "ök", "ok", "ek", "ak", "k"];

/// `HungarianStemmer.__r1_hungarian`.
fn r1_hungarian(word: &[char]) -> W {
    if isin(word[0], VOWELS) {
        for digraph in DIGRAPHS {
            if has(&word[1..], digraph) {
                // NLTK: word[word.index(digraph[-1]) + 1:], the first occurrence in the whole word.
                let last = digraph.chars().last().unwrap_or('\0');
                let i = word.iter().position(|&c| c == last).unwrap_or(0);
                return word[i + 1..].to_w();
            }
        }
        for i in 1..word.len() {
            if !isin(word[i], VOWELS) {
                return word[i + 1..].to_w();
            }
        }
    } else {
        for i in 1..word.len() {
            if isin(word[i], VOWELS) {
                return word[i + 1..].to_w();
            }
        }
    }
    W::new()
}

/// `x = x[:-k] + x[-j]`: drop the last k letters but keep the one j from the end.
fn keep_one(x: &mut W, k: isize, j: isize) {
    let c = ix(x, -j);
    cut(x, k);
    x.push(c);
}

fn rep2(word: &mut W, r1: &mut W, suffix: &str, new: &str) {
    srep(word, suffix, new);
    srep(r1, suffix, new);
}

pub(crate) fn stem(mut word: W) -> W {
    if word.is_empty() {
        return word;
    }
    let mut r1 = r1_hungarian(&word);
    if ends_any(&r1, STEP1) {
        for dc in DOUBLE_CONSONANTS {
            let k = n(dc);
            if eq(sl(&word, -2 - k, -2), dc) {
                keep_one(&mut word, 4, 3);
                if eq(sl(&r1, -2 - k, -2), dc) {
                    keep_one(&mut r1, 4, 3);
                }
                break;
            }
        }
    }
    if let Some(&suffix) = STEP2.iter().find(|x| ends(&word, x)) {
        if ends(&r1, suffix) {
            cut_s(&mut word, suffix);
            cut_s(&mut r1, suffix);
            if ends(&r1, "á") {
                rep2(&mut word, &mut r1, "á", "a");
            } else if ends(&r1, "é") {
                rep2(&mut word, &mut r1, "é", "e");
            }
        }
    }
    if let Some(&suffix) = STEP3.iter().find(|x| ends(&r1, x)) {
        rep2(&mut word, &mut r1, suffix, if suffix == "én" { "e" } else { "a" });
    }
    if let Some(&suffix) = STEP4.iter().find(|x| ends(&r1, x)) {
        match suffix {
            "ástul" => rep2(&mut word, &mut r1, suffix, "a"),
            "éstül" => rep2(&mut word, &mut r1, suffix, "e"),
            _ => {
                cut_s(&mut word, suffix);
                cut_s(&mut r1, suffix);
            }
        }
    }
    // NLTK does not stop after the first step-5 suffix, so both are tried in turn.
    for suffix in STEP5 {
        if ends(&r1, suffix) {
            for dc in DOUBLE_CONSONANTS {
                let k = n(dc);
                if eq(sl(&word, -1 - k, -1), dc) {
                    keep_one(&mut word, 3, 2);
                    if eq(sl(&r1, -1 - k, -1), dc) {
                        keep_one(&mut r1, 3, 2);
                    }
                    break;
                }
            }
        }
    }
    if let Some(&suffix) = STEP6.iter().find(|x| ends(&r1, x)) {
        match suffix {
            "áké" | "áéi" => rep2(&mut word, &mut r1, suffix, "a"),
            "éké" | "ééi" | "éé" => rep2(&mut word, &mut r1, suffix, "e"),
            _ => {
                cut_s(&mut word, suffix);
                cut_s(&mut r1, suffix);
            }
        }
    }
    if let Some(&suffix) = STEP7.iter().find(|x| ends(&word, x)) {
        if ends(&r1, suffix) {
            match suffix {
                "ánk" | "ájuk" | "ám" | "ád" | "á" => rep2(&mut word, &mut r1, suffix, "a"),
                "énk" | "éjük" | "ém" | "éd" | "é" => rep2(&mut word, &mut r1, suffix, "e"),
                _ => {
                    cut_s(&mut word, suffix);
                    cut_s(&mut r1, suffix);
                }
            }
        }
    }
    if let Some(&suffix) = STEP8.iter().find(|x| ends(&word, x)) {
        if ends(&r1, suffix) {
            match suffix {
                "áim" | "áid" | "ái" | "áink" | "áitok" | "áik" => {
                    rep2(&mut word, &mut r1, suffix, "a")
                }
                "éim" | "éid" | "éi" | "éink" | "éitek" | "éik" => {
                    rep2(&mut word, &mut r1, suffix, "e")
                }
                _ => {
                    cut_s(&mut word, suffix);
                    cut_s(&mut r1, suffix);
                }
            }
        }
    }
    if let Some(&suffix) = STEP9.iter().find(|x| ends(&word, x)) {
        if ends(&r1, suffix) {
            match suffix {
                "ák" => srep(&mut word, suffix, "a"),
                "ék" => srep(&mut word, suffix, "e"),
                _ => cut_s(&mut word, suffix),
            }
        }
    }
    word
}
