//! Italian: NLTK's `ItalianStemmer` (with its quirk: after `-logia`/`-logie` RV becomes the word
//! minus two more letters).
use super::util::*;

const VOWELS: &str = "aeiouàèìòù";
const STEP0: &[&str] = &[
    "gliela", "gliele", "glieli", "glielo", "gliene", "sene", "mela", "mele", "meli", "melo", "mene", "tela",
    "tele", "teli", "telo", "tene", "cela", "cele", "celi", "celo", "cene", "vela", "vele", "veli", "velo",
    "vene", "gli", "ci", "la", "le", "li", "lo", "mi", "ne", "si", "ti", "vi",
];
const STEP1: &[&str] = &[
    "atrice", "atrici", "azione", "azioni", "uzione", "uzioni", "usione", "usioni", "amento", "amenti",
    "imento", "imenti", "amente", "abile", "abili", "ibile", "ibili", "mente", "atore", "atori", "logia",
    "logie", "anza", "anze", "iche", "ichi", "ismo", "ismi", "ista", "iste", "isti", "istà", "istè", "istì",
    "ante", "anti", "enza", "enze", "ico", "ici", "ica", "ice", "oso", "osi", "osa", "ose", "ità", "ivo",
    "ivi", "iva", "ive",
];
const STEP2: &[&str] = &[
    "erebbero", "irebbero", "assero", "assimo", "eranno", "erebbe", "eremmo", "ereste", "eresti", "essero",
    "iranno", "irebbe", "iremmo", "ireste", "iresti", "iscano", "iscono", "issero", "arono", "avamo",
    "avano", "avate", "eremo", "erete", "erono", "evamo", "evano", "evate", "iremo", "irete", "irono",
    "ivamo", "ivano", "ivate", "ammo", "ando", "asse", "assi", "emmo", "enda", "ende", "endi", "endo",
    "erai", "erei", "Yamo", "iamo", "immo", "irai", "irei", "isca", "isce", "isci", "isco", "ano", "are",
    "ata", "ate", "ati", "ato", "ava", "avi", "avo", "erà", "ere", "erò", "ete", "eva", "evi", "evo", "irà",
    "ire", "irò", "ita", "ite", "iti", "ito", "iva", "ivi", "ivo", "ono", "uta", "ute", "uti", "uto", "ar",
    "ir",
];

pub(crate) fn stem(mut word: W) -> W {
    let mut step1_success = false;
    for (a, b) in [('á', 'à'), ('é', 'è'), ('í', 'ì'), ('ó', 'ò'), ('ú', 'ù')] {
        replace_char(&mut word, a, b);
    }
    // u after q, and u/i between vowels, are consonants: upper case until the end.
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
    }
    let (mut r1, mut r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_standard(&word, VOWELS);

    if let Some(&suffix) = STEP0.iter().find(|x| ends(&rv, x)) {
        let k = n(suffix);
        let before4 = sl(&rv, -k - 4, -k);
        let before2 = sl(&rv, -k - 2, -k);
        if eq(before4, "ando") || eq(before4, "endo") {
            for x in [&mut word, &mut r1, &mut r2, &mut rv] {
                cut(x, k);
            }
        } else if ["ar", "er", "ir"].iter().any(|t| eq(before2, t)) {
            for x in [&mut word, &mut r1, &mut r2, &mut rv] {
                srep(x, suffix, "e");
            }
        }
    }
    if let Some(&suffix) = STEP1.iter().find(|x| ends(&word, x)) {
        let k = n(suffix);
        if suffix == "amente" && ends(&r1, suffix) {
            step1_success = true;
            cut(&mut word, 6);
            cut(&mut r2, 6);
            cut(&mut rv, 6);
            if ends(&r2, "iv") {
                cut(&mut word, 2);
                cut(&mut r2, 2);
                cut(&mut rv, 2);
                if ends(&r2, "at") {
                    cut(&mut word, 2);
                    cut(&mut rv, 2);
                }
            } else if ends_any(&r2, &["os", "ic"]) {
                cut(&mut word, 2);
                cut(&mut rv, 2);
            } else if ends(&r2, "abil") {
                cut(&mut word, 4);
                cut(&mut rv, 4);
            }
        } else if matches!(suffix, "amento" | "amenti" | "imento" | "imenti") && ends(&rv, suffix) {
            step1_success = true;
            cut(&mut word, 6);
            cut(&mut rv, 6);
        } else if ends(&r2, suffix) {
            step1_success = true;
            match suffix {
                "azione" | "azioni" | "atore" | "atori" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    if ends(&r2, "ic") {
                        cut(&mut word, 2);
                        cut(&mut rv, 2);
                    }
                }
                "logia" | "logie" => {
                    cut(&mut word, 2);
                    rv = upto(&word, -2).to_w();
                }
                "uzione" | "uzioni" | "usione" | "usioni" => {
                    cut(&mut word, 5);
                    cut(&mut rv, 5);
                }
                "enza" | "enze" => {
                    srep(&mut word, suffix, "te");
                    srep(&mut rv, suffix, "te");
                }
                "ità" => {
                    cut(&mut word, 3);
                    cut(&mut r2, 3);
                    cut(&mut rv, 3);
                    if ends_any(&r2, &["ic", "iv"]) {
                        cut(&mut word, 2);
                        cut(&mut rv, 2);
                    } else if ends(&r2, "abil") {
                        cut(&mut word, 4);
                        cut(&mut rv, 4);
                    }
                }
                "ivo" | "ivi" | "iva" | "ive" => {
                    cut(&mut word, 3);
                    cut(&mut r2, 3);
                    cut(&mut rv, 3);
                    if ends(&r2, "at") {
                        cut(&mut word, 2);
                        cut(&mut r2, 2);
                        cut(&mut rv, 2);
                        if ends(&r2, "ic") {
                            cut(&mut word, 2);
                            cut(&mut rv, 2);
                        }
                    }
                }
                _ => {
                    cut(&mut word, k);
                    cut(&mut rv, k);
                }
            }
        }
    }
    if !step1_success {
        if let Some(&suffix) = STEP2.iter().find(|x| ends(&rv, x)) {
            cut_s(&mut word, suffix);
            cut_s(&mut rv, suffix);
        }
    }
    if ends_any(&rv, &["a", "e", "i", "o", "à", "è", "ì", "ò"]) {
        cut(&mut word, 1);
        cut(&mut rv, 1);
        if ends(&rv, "i") {
            cut(&mut word, 1);
            cut(&mut rv, 1);
        }
    }
    if ends_any(&rv, &["ch", "gh"]) {
        cut(&mut word, 1);
    }
    replace_char(&mut word, 'I', 'i');
    replace_char(&mut word, 'U', 'u');
    word
}
