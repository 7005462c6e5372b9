//! Spanish: NLTK's `SpanishStemmer`.
use super::util::*;

const VOWELS: &str = "aeiouáéíóúü";
const STEP0: &[&str] =
    &["selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo"];
const STEP1: &[&str] = &[
    "amientos", "imientos", "amiento", "imiento", "acion", "aciones", "uciones", "ucion", "adoras", "adores",
    "ancias", "logías", "encias", "amente", "idades", "anzas", "ismos", "ables", "ibles", "istas", "adora",
    "ación", "antes", "ancia", "logía", "ución", "encia", "mente", "anza", "icos", "icas", "ismo", "able",
    "ible", "ista", "osos", "osas", "ador", "ante", "idad", "ivas", "ivos", "ico", "ica", "oso", "osa",
    "iva", "ivo",
];
const STEP2A: &[&str] =
    &["yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo", "yó"];
const STEP2B: &[&str] = &[
    "aríamos", "eríamos", "iríamos", "iéramos", "iésemos", "aríais", "aremos", "eríais", "eremos", "iríais",
    "iremos", "ierais", "ieseis", "asteis", "isteis", "ábamos", "áramos", "ásemos", "arían", "arías",
    "aréis", "erían", "erías", "eréis", "irían", "irías", "iréis", "ieran", "iesen", "ieron", "iendo",
    "ieras", "ieses", "abais", "arais", "aseis", "éamos", "arán", "arás", "aría", "erán", "erás", "ería",
    "irán", "irás", "iría", "iera", "iese", "aste", "iste", "aban", "aran", "asen", "aron", "ando", "abas",
    "adas", "idas", "aras", "ases", "íais", "ados", "idos", "amos", "imos", "emos", "ará", "aré", "erá",
    "eré", "irá", "iré", "aba", "ada", "ida", "ara", "ase", "ían", "ado", "ido", "ías", "áis", "éis", "ía",
    "ad", "ed", "id", "an", "ió", "ar", "er", "ir", "as", "ís", "en", "es",
];
const STEP3: &[&str] = &["os", "a", "e", "o", "á", "é", "í", "ó"];

fn replace_accented(w: &mut W) {
    for (a, b) in [('á', 'a'), ('é', 'e'), ('í', 'i'), ('ó', 'o'), ('ú', 'u')] {
        replace_char(w, a, b);
    }
}

pub(crate) fn stem(mut word: W) -> W {
    let mut step1_success = false;
    let (mut r1, mut r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_standard(&word, VOWELS);

    if let Some(&suffix) = STEP0.iter().find(|x| ends(&word, x) && ends(&rv, x)) {
        let k = n(suffix);
        let rv_base = upto(&rv, -k);
        if ends_any(rv_base, &["ando", "ándo", "ar", "ár", "er", "ér", "iendo", "iéndo", "ir", "ír"])
            || (ends(rv_base, "yendo") && ends(upto(&word, -k), "uyendo"))
        {
            for x in [&mut word, &mut r1, &mut r2, &mut rv] {
                cut(x, k);
                replace_accented(x);
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
            } else if ends_any(&r2, &["os", "ic", "ad"]) {
                cut(&mut word, 2);
                cut(&mut rv, 2);
            }
        } else if ends(&r2, suffix) {
            step1_success = true;
            match suffix {
                "adora" | "ador" | "ación" | "adoras" | "adores" | "acion" | "aciones" | "ante" | "antes"
                | "ancia" | "ancias" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    if ends(&r2, "ic") {
                        cut(&mut word, 2);
                        cut(&mut rv, 2);
                    }
                }
                "logía" | "logías" => {
                    srep(&mut word, suffix, "log");
                    srep(&mut rv, suffix, "log");
                }
                "ución" | "uciones" | "ucion" => {
                    srep(&mut word, suffix, "u");
                    srep(&mut rv, suffix, "u");
                }
                "encia" | "encias" => {
                    srep(&mut word, suffix, "ente");
                    srep(&mut rv, suffix, "ente");
                }
                "mente" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    if ends_any(&r2, &["ante", "able", "ible"]) {
                        cut(&mut word, 4);
                        cut(&mut rv, 4);
                    }
                }
                "idad" | "idades" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    // NLTK does not shorten R2 here, so at most one of these applies.
                    for pre in ["abil", "ic", "iv"] {
                        if ends(&r2, pre) {
                            cut_s(&mut word, pre);
                            cut_s(&mut rv, pre);
                        }
                    }
                }
                "ivo" | "iva" | "ivos" | "ivas" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    if ends(&r2, "at") {
                        cut(&mut word, 2);
                        cut(&mut rv, 2);
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
        if let Some(&suffix) = STEP2A.iter().find(|x| ends(&rv, x) && eq(sl(&word, -n(x) - 1, -n(x)), "u")) {
            cut_s(&mut word, suffix);
            cut_s(&mut rv, suffix);
        }
        if let Some(&suffix) = STEP2B.iter().find(|x| ends(&rv, x)) {
            cut_s(&mut word, suffix);
            cut_s(&mut rv, suffix);
            if matches!(suffix, "en" | "es" | "éis" | "emos") {
                if ends(&word, "gu") {
                    cut(&mut word, 1);
                }
                if ends(&rv, "gu") {
                    cut(&mut rv, 1);
                }
            }
        }
    }
    if let Some(&suffix) = STEP3.iter().find(|x| ends(&rv, x)) {
        cut_s(&mut word, suffix);
        if suffix == "e" || suffix == "é" {
            cut_s(&mut rv, suffix);
            if eq(from(&word, -2), "gu") && ends(&rv, "u") {
                cut(&mut word, 1);
            }
        }
    }
    replace_accented(&mut word);
    word
}
