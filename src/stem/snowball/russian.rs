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
            rv = x[i + 1..].to_w();
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
    let roman = cyrillic_to_roman(word);
    fast::stem(roman.as_bytes()).unwrap_or_else(|| stem_roman(&roman))
}

/// The stemmer as NLTK writes it, on the transliterated word.
fn stem_roman(roman: &str) -> String {
    let mut word = w(roman);
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

/// The same steps on the transliterated word's UTF-8 bytes, with RV and R2 kept as where they
/// start in the word instead of as copies: every suffix is ASCII, so a suffix test or cut on
/// bytes is the same as on code points. A word NLTK would treat differently from that picture
/// (see [`stem`]'s `None`s) goes through [`stem_roman`] instead.
mod fast {
    use std::sync::OnceLock;

    use super::super::util::SuffixTrie;
    use super::*;

    /// Longest transliterated word handled here (region search keeps its units on the stack).
    const MAX_LEN: usize = 96;

    fn trie(cell: &'static OnceLock<SuffixTrie>, list: &'static [&'static str]) -> &'static SuffixTrie {
        cell.get_or_init(|| SuffixTrie::new(list))
    }

    /// RV and R2 as byte offsets, `None` when the word has a literal `A`, `U` or `E`, which
    /// NLTK's region search would turn into `i^a`, `i^u` or `e``.
    fn regions(word: &[u8]) -> Option<(usize, usize)> {
        if word.len() > MAX_LEN || word.iter().any(|b| matches!(b, b'A' | b'U' | b'E')) {
            return None;
        }
        // Units of NLTK's collapsed word: `i^a`, `i^u`, `e`` are one vowel each.
        let mut start = [0u8; MAX_LEN + 1];
        let mut vowel = [false; MAX_LEN + 1];
        let mut n = 0;
        let mut i = 0;
        while i < word.len() {
            let rest = &word[i..];
            let (len, v) = if rest.starts_with(b"i^a") || rest.starts_with(b"i^u") {
                (3, true)
            } else if rest.starts_with(b"e`") {
                (2, true)
            } else {
                // One code point: its UTF-8 length from the lead byte.
                let b = rest[0];
                let len = if b < 0x80 {
                    1
                } else if b >= 0xF0 {
                    4
                } else if b >= 0xE0 {
                    3
                } else {
                    2
                };
                (len, matches!(b, b'a' | b'e' | b'i' | b'o' | b'u' | b'y'))
            };
            start[n] = i as u8;
            vowel[n] = v;
            n += 1;
            i += len;
        }
        start[n] = word.len() as u8;
        let offset = |unit: usize| start[unit.min(n)] as usize;
        // `_r1r2_standard`: after the first non-vowel that follows a vowel, R2 likewise in R1.
        let after_vc = |from: usize| (from + 1..n).find(|&i| !vowel[i] && vowel[i - 1]).map_or(n, |i| i + 1);
        let r1 = after_vc(0);
        let r2 = if r1 >= n { n } else { after_vc(r1) };
        let rv = (0..n).find(|&i| vowel[i]).map_or(n, |i| i + 1);
        Some((offset(rv), offset(r2)))
    }

    /// `after_a` on bytes: `a` or `i^a` just before the last `k` bytes of `rv`.
    fn after_a(rv: &[u8], k: usize) -> bool {
        let before = &rv[..rv.len() - k];
        before.ends_with(b"i^a") || before.ends_with(b"a")
    }

    pub(super) fn stem(roman: &[u8]) -> Option<String> {
        static GERUND: OnceLock<SuffixTrie> = OnceLock::new();
        static REFL: OnceLock<SuffixTrie> = OnceLock::new();
        static ADJ: OnceLock<SuffixTrie> = OnceLock::new();
        static VERBS: OnceLock<SuffixTrie> = OnceLock::new();
        static NOUNS: OnceLock<SuffixTrie> = OnceLock::new();
        let (mut rv, mut r2) = regions(roman)?;
        let mut word = roman.to_vec();
        let remove = |word: &mut Vec<u8>, rv: &mut usize, r2: &mut usize, k: usize| {
            let n = word.len() - k;
            word.truncate(n);
            *rv = (*rv).min(n);
            *r2 = (*r2).min(n);
        };
        // Each step: the first suffix of the list (in NLTK's order) that RV ends with and whose
        // condition holds.
        let step = |word: &mut Vec<u8>, rv: &mut usize, r2: &mut usize, list, cell, after: &[&str]| {
            let found = trie(cell, list).first(&word[*rv..], |suffix| {
                !after.contains(&suffix) || after_a(&word[*rv..], suffix.len())
            });
            if let Some(suffix) = found {
                remove(word, rv, r2, suffix.len());
            }
            found.is_some()
        };
        let step1_success =
            step(&mut word, &mut rv, &mut r2, PERFECTIVE_GERUND, &GERUND, &["v", "vshi", "vshis'"]);
        if !step1_success {
            step(&mut word, &mut rv, &mut r2, REFLEXIVE, &REFL, &[]);
            let adjectival_removed = step(&mut word, &mut rv, &mut r2, ADJECTIVAL, &ADJ, ADJECTIVAL_AFTER_A);
            let verb_removed =
                !adjectival_removed && step(&mut word, &mut rv, &mut r2, VERB, &VERBS, VERB_AFTER_A);
            if !adjectival_removed && !verb_removed {
                step(&mut word, &mut rv, &mut r2, NOUN, &NOUNS, &[]);
            }
        }
        if word[rv..].ends_with(b"i") {
            word.pop();
            r2 = r2.min(word.len());
        }
        if let Some(suffix) = DERIVATIONAL.iter().find(|s| word[r2..].ends_with(s.as_bytes())) {
            word.truncate(word.len() - suffix.len());
        }
        let mut undouble_success = false;
        let mut superlative_removed = false;
        if word.ends_with(b"nn") {
            word.pop();
            undouble_success = true;
        }
        if !undouble_success {
            if let Some(suffix) = SUPERLATIVE.iter().find(|s| word.ends_with(s.as_bytes())) {
                word.truncate(word.len() - suffix.len());
                superlative_removed = true;
            }
            if word.ends_with(b"nn") {
                word.pop();
            }
        }
        if !undouble_success && !superlative_removed && word.ends_with(b"'") {
            word.pop();
        }
        to_cyrillic(&word)
    }

    /// NLTK's chain of `str.replace` calls in one left-to-right pass, taking at each place the
    /// longest transliteration (which is also the one NLTK replaces first). The chain differs from
    /// that only where a match overlaps one of a replacement made earlier in the chain: `t^s`
    /// overlapping `shch` (`t^shch`), which gets `None`.
    pub(super) fn to_cyrillic(word: &[u8]) -> Option<String> {
        if word.windows(6).any(|x| x == b"t^shch") {
            return None;
        }
        let mut out = Vec::with_capacity(word.len() * 2);
        let mut i = 0;
        while i < word.len() {
            let rest = &word[i..];
            let (len, cyr): (usize, &str) = match rest[0] {
                b'i' if rest.starts_with(b"i^u") => (3, "ю"),
                b'i' if rest.starts_with(b"i^a") => (3, "я"),
                b'i' if rest.starts_with(b"i`") => (2, "й"),
                b'i' => (1, "и"),
                b's' if rest.starts_with(b"shch") => (4, "щ"),
                b's' if rest.starts_with(b"sh") => (2, "ш"),
                b's' => (1, "с"),
                b'k' if rest.starts_with(b"kh") => (2, "х"),
                b'k' => (1, "к"),
                b't' if rest.starts_with(b"t^s") => (3, "ц"),
                b't' => (1, "т"),
                b'c' if rest.starts_with(b"ch") => (2, "ч"),
                b'e' if rest.starts_with(b"e`") => (2, "э"),
                b'e' => (1, "е"),
                b'z' if rest.starts_with(b"zh") => (2, "ж"),
                b'z' => (1, "з"),
                b'\'' if rest.starts_with(b"''") => (2, "ъ"),
                b'\'' => (1, "ь"),
                b'a' => (1, "а"),
                b'b' => (1, "б"),
                b'v' => (1, "в"),
                b'g' => (1, "г"),
                b'd' => (1, "д"),
                b'l' => (1, "л"),
                b'm' => (1, "м"),
                b'n' => (1, "н"),
                b'o' => (1, "о"),
                b'p' => (1, "п"),
                b'r' => (1, "р"),
                b'u' => (1, "у"),
                b'f' => (1, "ф"),
                b'y' => (1, "ы"),
                b => {
                    out.push(b);
                    i += 1;
                    continue;
                }
            };
            out.extend_from_slice(cyr.as_bytes());
            i += len;
        }
        // Only whole ASCII sequences were replaced by whole characters.
        Some(String::from_utf8(out).expect("UTF-8 in, UTF-8 out"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to 5 characters over the letters the transliteration uses, and random
    /// longer ones: the one-pass transliteration and the region search agree with NLTK's
    /// `str.replace` chain.
    #[test]
    fn fast_paths_agree_with_the_replace_chain() {
        let alphabet: Vec<char> = "iuasctkhez'^`yAxб".chars().collect();
        let check = |s: &str| {
            let chars = w(s);
            if let Some(fast) = fast::to_cyrillic(s.as_bytes()) {
                assert_eq!(fast, roman_to_cyrillic(&chars), "{s:?}");
            }
            assert_eq!(fast::stem(s.as_bytes()).unwrap_or_else(|| stem_roman(s)), stem_roman(s), "{s:?}");
        };
        let mut words = vec![String::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for p in &words {
                for &c in &alphabet {
                    let mut s = p.clone();
                    s.push(c);
                    check(&s);
                    next.push(s);
                }
            }
            words = next;
        }
        let mut state = 0x2545F4914F6CDD1Du64;
        for _ in 0..200_000 {
            let len = 6 + (state % 12) as usize;
            let mut s = String::new();
            for _ in 0..len {
                state = crate::test_rng::xorshift(state);
                s.push(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            check(&s);
        }
    }

    #[test]
    fn sample_words() {
        for (word, stem_) in [("красивая", "красив"), ("бегающий", "бега"), ("сильнейший", "сильн")]
        {
            assert_eq!(stem(word), stem_, "{word}");
        }
    }
}
