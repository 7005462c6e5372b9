//! Russian: NLTK's `RussianStemmer`, which transliterates to Latin letters (`я` -> `i^a`, ...),
//! stems, and transliterates back. Like NLTK it does not lowercase: a word with no character
//! above U+00FF is returned as given, and capital Cyrillic letters come back lower case.
use super::util::*;

const PERFECTIVE_GERUND: &[&str] =
    &["ivshis'", "yvshis'", "vshis'", "ivshi", "yvshi", "vshi", "iv", "yv", "v"];
const ADJECTIVAL: &[&str] = &[
    "ui^ushchi^ui^u",
    "ui^ushchi^ai^a",
    "ui^ushchimi",
    "ui^ushchymi",
    "ui^ushchego",
    "ui^ushchogo",
    "ui^ushchemu",
    "ui^ushchomu",
    "ui^ushchikh",
    "ui^ushchykh",
    "ui^ushchui^u",
    "ui^ushchaia",
    "ui^ushchoi^u",
    "ui^ushchei^u",
    "i^ushchi^ui^u",
    "i^ushchi^ai^a",
    "ui^ushchee",
    "ui^ushchie",
    "ui^ushchye",
    "ui^ushchoe",
    "ui^ushchei`",
    "ui^ushchii`",
    "ui^ushchyi`",
    "ui^ushchoi`",
    "ui^ushchem",
    "ui^ushchim",
    "ui^ushchym",
    "ui^ushchom",
    "i^ushchimi",
    "i^ushchymi",
    "i^ushchego",
    "i^ushchogo",
    "i^ushchemu",
    "i^ushchomu",
    "i^ushchikh",
    "i^ushchykh",
    "i^ushchui^u",
    "i^ushchai^a",
    "i^ushchoi^u",
    "i^ushchei^u",
    "i^ushchee",
    "i^ushchie",
    "i^ushchye",
    "i^ushchoe",
    "i^ushchei`",
    "i^ushchii`",
    "i^ushchyi`",
    "i^ushchoi`",
    "i^ushchem",
    "i^ushchim",
    "i^ushchym",
    "i^ushchom",
    "shchi^ui^u",
    "shchi^ai^a",
    "ivshi^ui^u",
    "ivshi^ai^a",
    "yvshi^ui^u",
    "yvshi^ai^a",
    "shchimi",
    "shchymi",
    "shchego",
    "shchogo",
    "shchemu",
    "shchomu",
    "shchikh",
    "shchykh",
    "shchui^u",
    "shchai^a",
    "shchoi^u",
    "shchei^u",
    "ivshimi",
    "ivshymi",
    "ivshego",
    "ivshogo",
    "ivshemu",
    "ivshomu",
    "ivshikh",
    "ivshykh",
    "ivshui^u",
    "ivshai^a",
    "ivshoi^u",
    "ivshei^u",
    "yvshimi",
    "yvshymi",
    "yvshego",
    "yvshogo",
    "yvshemu",
    "yvshomu",
    "yvshikh",
    "yvshykh",
    "yvshui^u",
    "yvshai^a",
    "yvshoi^u",
    "yvshei^u",
    "vshi^ui^u",
    "vshi^ai^a",
    "shchee",
    "shchie",
    "shchye",
    "shchoe",
    "shchei`",
    "shchii`",
    "shchyi`",
    "shchoi`",
    "shchem",
    "shchim",
    "shchym",
    "shchom",
    "ivshee",
    "ivshie",
    "ivshye",
    "ivshoe",
    "ivshei`",
    "ivshii`",
    "ivshyi`",
    "ivshoi`",
    "ivshem",
    "ivshim",
    "ivshym",
    "ivshom",
    "yvshee",
    "yvshie",
    "yvshye",
    "yvshoe",
    "yvshei`",
    "yvshii`",
    "yvshyi`",
    "yvshoi`",
    "yvshem",
    "yvshim",
    "yvshym",
    "yvshom",
    "vshimi",
    "vshymi",
    "vshego",
    "vshogo",
    "vshemu",
    "vshomu",
    "vshikh",
    "vshykh",
    "vshui^u",
    "vshai^a",
    "vshoi^u",
    "vshei^u",
    "emi^ui^u",
    "emi^ai^a",
    "nni^ui^u",
    "nni^ai^a",
    "vshee",
    "vshie",
    "vshye",
    "vshoe",
    "vshei`",
    "vshii`",
    "vshyi`",
    "vshoi`",
    "vshem",
    "vshim",
    "vshym",
    "vshom",
    "emimi",
    "emymi",
    "emego",
    "emogo",
    "ememu",
    "emomu",
    "emikh",
    "emykh",
    "emui^u",
    "emai^a",
    "emoi^u",
    "emei^u",
    "nnimi",
    "nnymi",
    "nnego",
    "nnogo",
    "nnemu",
    "nnomu",
    "nnikh",
    "nnykh",
    "nnui^u",
    "nnai^a",
    "nnoi^u",
    "nnei^u",
    "emee",
    "emie",
    "emye",
    "emoe",
    "emei`",
    "emii`",
    "emyi`",
    "emoi`",
    "emem",
    "emim",
    "emym",
    "emom",
    "nnee",
    "nnie",
    "nnye",
    "nnoe",
    "nnei`",
    "nnii`",
    "nnyi`",
    "nnoi`",
    "nnem",
    "nnim",
    "nnym",
    "nnom",
    "i^ui^u",
    "i^ai^a",
    "imi",
    "ymi",
    "ego",
    "ogo",
    "emu",
    "omu",
    "ikh",
    "ykh",
    "ui^u",
    "ai^a",
    "oi^u",
    "ei^u",
    "ee",
    "ie",
    "ye",
    "oe",
    "ei`",
    "ii`",
    "yi`",
    "oi`",
    "em",
    "im",
    "ym",
    "om",
];
const REFLEXIVE: &[&str] = &["si^a", "s'"];
const VERB: &[&str] = &[
    "esh'", "ei`te", "ui`te", "ui^ut", "ish'", "ete", "i`te", "i^ut", "nno", "ila", "yla", "ena", "ite",
    "ili", "yli", "ilo", "ylo", "eno", "i^at", "uet", "eny", "it'", "yt'", "ui^u", "la", "na", "li", "em",
    "lo", "no", "et", "ny", "t'", "ei`", "ui`", "il", "yl", "im", "ym", "en", "it", "yt", "i^u", "i`", "l",
    "n",
];
const NOUN: &[&str] = &[
    "ii^ami", "ii^akh", "i^ami", "ii^am", "i^akh", "ami", "iei`", "i^am", "iem", "akh", "ii^u", "'i^u",
    "ii^a", "'i^a", "ev", "ov", "ie", "'e", "ei", "ii", "ei`", "oi`", "ii`", "em", "am", "om", "i^u", "i^a",
    "a", "e", "i", "i`", "o", "u", "y", "'",
];
const SUPERLATIVE: &[&str] = &["ei`she", "ei`sh"];
const DERIVATIONAL: &[&str] = &["ost'", "ost"];
/// Suffixes NLTK removes only after `a` or `ia` (`i^a`).
const ADJECTIVAL_AFTER_A: &[&str] = &[
    "i^ushchi^ui^u",
    "i^ushchi^ai^a",
    "i^ushchui^u",
    "i^ushchai^a",
    "i^ushchoi^u",
    "i^ushchei^u",
    "i^ushchimi",
    "i^ushchymi",
    "i^ushchego",
    "i^ushchogo",
    "i^ushchemu",
    "i^ushchomu",
    "i^ushchikh",
    "i^ushchykh",
    "shchi^ui^u",
    "shchi^ai^a",
    "i^ushchee",
    "i^ushchie",
    "i^ushchye",
    "i^ushchoe",
    "i^ushchei`",
    "i^ushchii`",
    "i^ushchyi`",
    "i^ushchoi`",
    "i^ushchem",
    "i^ushchim",
    "i^ushchym",
    "i^ushchom",
    "vshi^ui^u",
    "vshi^ai^a",
    "shchui^u",
    "shchai^a",
    "shchoi^u",
    "shchei^u",
    "emi^ui^u",
    "emi^ai^a",
    "nni^ui^u",
    "nni^ai^a",
    "shchimi",
    "shchymi",
    "shchego",
    "shchogo",
    "shchemu",
    "shchomu",
    "shchikh",
    "shchykh",
    "vshui^u",
    "vshai^a",
    "vshoi^u",
    "vshei^u",
    "shchee",
    "shchie",
    "shchye",
    "shchoe",
    "shchei`",
    "shchii`",
    "shchyi`",
    "shchoi`",
    "shchem",
    "shchim",
    "shchym",
    "shchom",
    "vshimi",
    "vshymi",
    "vshego",
    "vshogo",
    "vshemu",
    "vshomu",
    "vshikh",
    "vshykh",
    "emui^u",
    "emai^a",
    "emoi^u",
    "emei^u",
    "nnui^u",
    "nnai^a",
    "nnoi^u",
    "nnei^u",
    "vshee",
    "vshie",
    "vshye",
    "vshoe",
    "vshei`",
    "vshii`",
    "vshyi`",
    "vshoi`",
    "vshem",
    "vshim",
    "vshym",
    "vshom",
    "emimi",
    "emymi",
    "emego",
    "emogo",
    "ememu",
    "emomu",
    "emikh",
    "emykh",
    "nnimi",
    "nnymi",
    "nnego",
    "nnogo",
    "nnemu",
    "nnomu",
    "nnikh",
    "nnykh",
    "emee",
    "emie",
    "emye",
    "emoe",
    "emei`",
    "emii`",
    "emyi`",
    "emoi`",
    "emem",
    "emim",
    "emym",
    "emom",
    "nnee",
    "nnie",
    "nnye",
    "nnoe",
    "nnei`",
    "nnii`",
    "nnyi`",
    "nnoi`",
    "nnem",
    "nnim",
    "nnym",
    "nnom",
];
/// Suffixes NLTK removes only after `a` or `ia` (`i^a`).
const VERB_AFTER_A: &[&str] = &[
    "la", "na", "ete", "i`te", "li", "i`", "l", "em", "n", "lo", "no", "et", "i^ut", "ny", "t'", "esh'",
    "nno",
];

fn cyrillic_to_roman(word: &str) -> String {
    // NLTK chains `str.replace` per Cyrillic letter; the replacements are ASCII and never
    // contain a Cyrillic letter, so one pass over the characters is the same.
    let mut out = String::with_capacity(word.len() * 2);
    for c in word.chars() {
        let r = match c {
            'А' | 'а' => "a",
            'Б' | 'б' => "b",
            'В' | 'в' => "v",
            'Г' | 'г' => "g",
            'Д' | 'д' => "d",
            'Е' | 'е' | 'Ё' | 'ё' => "e",
            'Ж' | 'ж' => "zh",
            'З' | 'з' => "z",
            'И' | 'и' => "i",
            'Й' | 'й' => "i`",
            'К' | 'к' => "k",
            'Л' | 'л' => "l",
            'М' | 'м' => "m",
            'Н' | 'н' => "n",
            'О' | 'о' => "o",
            'П' | 'п' => "p",
            'Р' | 'р' => "r",
            'С' | 'с' => "s",
            'Т' | 'т' => "t",
            'У' | 'у' => "u",
            'Ф' | 'ф' => "f",
            'Х' | 'х' => "kh",
            'Ц' | 'ц' => "t^s",
            'Ч' | 'ч' => "ch",
            'Ш' | 'ш' => "sh",
            'Щ' | 'щ' => "shch",
            'Ъ' | 'ъ' => "''",
            'Ы' | 'ы' => "y",
            'Ь' | 'ь' => "'",
            'Э' | 'э' => "e`",
            'Ю' | 'ю' => "i^u",
            'Я' | 'я' => "i^a",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(r);
    }
    out
}

/// NLTK's `__roman_to_cyrillic`: whole-string replacements in this order (order matters:
/// `shch` before `sh`, `kh` before `k`, ...).
const ROMAN_TO_CYRILLIC: &[(&str, &str)] = &[
    ("i^u", "ю"),
    ("i^a", "я"),
    ("shch", "щ"),
    ("kh", "х"),
    ("t^s", "ц"),
    ("ch", "ч"),
    ("e`", "э"),
    ("i`", "й"),
    ("sh", "ш"),
    ("k", "к"),
    ("e", "е"),
    ("zh", "ж"),
    ("a", "а"),
    ("b", "б"),
    ("v", "в"),
    ("g", "г"),
    ("d", "д"),
    ("e", "е"),
    ("z", "з"),
    ("i", "и"),
    ("l", "л"),
    ("m", "м"),
    ("n", "н"),
    ("o", "о"),
    ("p", "п"),
    ("r", "р"),
    ("s", "с"),
    ("t", "т"),
    ("u", "у"),
    ("f", "ф"),
    ("''", "ъ"),
    ("y", "ы"),
    ("'", "ь"),
];

fn roman_to_cyrillic(word: &[char]) -> String {
    let mut s: String = word.iter().collect();
    for (a, b) in ROMAN_TO_CYRILLIC {
        if s.contains(a) {
            s = s.replace(a, b);
        }
    }
    s
}

/// `RussianStemmer.__regions_russian`: RV and R2, computed with `i^a`, `i^u`, `e``
/// as single vowels.
fn regions(word: &[char]) -> (W, W) {
    let vowels = "AUEaeiouy";
    let x = replace(&replace(&replace(word, "i^a", "A"), "i^u", "U"), "e`", "E");
    let (_, r2) = r1r2_standard(&x, vowels);
    let mut rv = W::new();
    for i in 0..x.len() {
        if isin(x[i], vowels) {
            rv = x[i + 1..].to_vec();
            break;
        }
    }
    let back = |r: &W| replace(&replace(&replace(r, "A", "i^a"), "U", "i^u"), "E", "e`");
    (back(&rv), back(&r2))
}

/// Whether `rv` has `a` or `i^a` right before `suffix`.
fn after_a(rv: &[char], k: isize) -> bool {
    eq(sl(rv, -k - 3, -k), "i^a") || eq(sl(rv, -k - 1, -k), "a")
}

pub(crate) fn stem(word: &str) -> String {
    if word.chars().all(|c| (c as u32) <= 255) {
        return word.to_string();
    }
    let mut word = w(&cyrillic_to_roman(word));
    let mut step1_success = false;
    let mut adjectival_removed = false;
    let mut verb_removed = false;
    let mut undouble_success = false;
    let mut superlative_removed = false;
    let (mut rv, mut r2) = regions(&word);

    let remove = |word: &mut W, r2: &mut W, rv: &mut W, k: isize| {
        cut(word, k);
        cut(r2, k);
        cut(rv, k);
    };
    for &suffix in PERFECTIVE_GERUND {
        if ends(&rv, suffix) {
            let k = n(suffix);
            if matches!(suffix, "v" | "vshi" | "vshis'") {
                if after_a(&rv, k) {
                    remove(&mut word, &mut r2, &mut rv, k);
                    step1_success = true;
                    break;
                }
            } else {
                remove(&mut word, &mut r2, &mut rv, k);
                step1_success = true;
                break;
            }
        }
    }
    if !step1_success {
        if let Some(&suffix) = REFLEXIVE.iter().find(|s| ends(&rv, s)) {
            remove(&mut word, &mut r2, &mut rv, n(suffix));
        }
        for &suffix in ADJECTIVAL {
            if ends(&rv, suffix) {
                let k = n(suffix);
                if ADJECTIVAL_AFTER_A.contains(&suffix) {
                    if after_a(&rv, k) {
                        remove(&mut word, &mut r2, &mut rv, k);
                        adjectival_removed = true;
                        break;
                    }
                } else {
                    remove(&mut word, &mut r2, &mut rv, k);
                    adjectival_removed = true;
                    break;
                }
            }
        }
        if !adjectival_removed {
            for &suffix in VERB {
                if ends(&rv, suffix) {
                    let k = n(suffix);
                    if VERB_AFTER_A.contains(&suffix) {
                        if after_a(&rv, k) {
                            remove(&mut word, &mut r2, &mut rv, k);
                            verb_removed = true;
                            break;
                        }
                    } else {
                        remove(&mut word, &mut r2, &mut rv, k);
                        verb_removed = true;
                        break;
                    }
                }
            }
        }
        if !adjectival_removed && !verb_removed {
            if let Some(&suffix) = NOUN.iter().find(|s| ends(&rv, s)) {
                remove(&mut word, &mut r2, &mut rv, n(suffix));
            }
        }
    }
    if ends(&rv, "i") {
        cut(&mut word, 1);
        cut(&mut r2, 1);
    }
    if let Some(&suffix) = DERIVATIONAL.iter().find(|s| ends(&r2, s)) {
        cut_s(&mut word, suffix);
    }
    if ends(&word, "nn") {
        cut(&mut word, 1);
        undouble_success = true;
    }
    if !undouble_success {
        if let Some(&suffix) = SUPERLATIVE.iter().find(|s| ends(&word, s)) {
            cut_s(&mut word, suffix);
            superlative_removed = true;
        }
        if ends(&word, "nn") {
            cut(&mut word, 1);
        }
    }
    if !undouble_success && !superlative_removed && ends(&word, "'") {
        cut(&mut word, 1);
    }
    roman_to_cyrillic(&word)
}
