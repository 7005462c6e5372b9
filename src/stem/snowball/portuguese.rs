//! Portuguese: NLTK's `PortugueseStemmer` (nasal vowels ã/õ written `a~`/`o~` while stemming).
use super::util::*;

const VOWELS: &str = "aeiouáéíóúâêô";
const STEP1: &[&str] = &[
    "amentos", "imentos", "uço~es", "amento", "imento", "adoras", "adores", "aço~es", "logias", "ências",
    "amente", "idades", "anças", "ismos", "istas", "adora", "aça~o", "antes", "ância", "logia", "uça~o",
    "ência", "mente", "idade", "ança", "ezas", "icos", "icas", "ismo", "ável", "ível", "ista", "osos",
    "osas", "ador", "ante", "ivas", "ivos", "iras", "eza", "ico", "ica", "oso", "osa", "iva", "ivo", "ira",
];
const STEP2: &[&str] = &[
    "aríamos", "eríamos", "iríamos", "ássemos", "êssemos", "íssemos", "aríeis", "eríeis", "iríeis", "ásseis",
    "ésseis", "ísseis", "áramos", "éramos", "íramos", "ávamos", "aremos", "eremos", "iremos", "ariam",
    "eriam", "iriam", "assem", "essem", "issem", "ara~o", "era~o", "ira~o", "arias", "erias", "irias",
    "ardes", "erdes", "irdes", "asses", "esses", "isses", "astes", "estes", "istes", "áreis", "areis",
    "éreis", "ereis", "íreis", "ireis", "áveis", "íamos", "armos", "ermos", "irmos", "aria", "eria", "iria",
    "asse", "esse", "isse", "aste", "este", "iste", "arei", "erei", "irei", "aram", "eram", "iram", "avam",
    "arem", "erem", "irem", "ando", "endo", "indo", "adas", "idas", "arás", "aras", "erás", "eras", "irás",
    "avas", "ares", "eres", "ires", "íeis", "ados", "idos", "ámos", "amos", "emos", "imos", "iras", "ada",
    "ida", "ará", "ara", "erá", "era", "irá", "ava", "iam", "ado", "ido", "ias", "ais", "eis", "ira", "ia",
    "ei", "am", "em", "ar", "er", "ir", "as", "es", "is", "eu", "iu", "ou",
];
const STEP4: &[&str] = &["os", "a", "i", "o", "á", "í", "ó"];

pub(crate) fn stem(word: W) -> W {
    let mut step1_success = false;
    let mut step2_success = false;
    let mut word = replace(&word, "ã", "a~");
    word = replace(&word, "õ", "o~");
    word = replace(&word, "qü", "qu");
    word = replace(&word, "gü", "gu");
    let (r1, mut r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_standard(&word, VOWELS);

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
        } else if matches!(suffix, "ira" | "iras") && ends(&rv, suffix) && eq(sl(&word, -k - 1, -k), "e") {
            step1_success = true;
            srep(&mut word, suffix, "ir");
            srep(&mut rv, suffix, "ir");
        } else if ends(&r2, suffix) {
            step1_success = true;
            match suffix {
                "logia" | "logias" => {
                    srep(&mut word, suffix, "log");
                    srep(&mut rv, suffix, "log");
                }
                "uça~o" | "uço~es" => {
                    srep(&mut word, suffix, "u");
                    srep(&mut rv, suffix, "u");
                }
                "ência" | "ências" => {
                    srep(&mut word, suffix, "ente");
                    srep(&mut rv, suffix, "ente");
                }
                "mente" => {
                    cut(&mut word, 5);
                    cut(&mut r2, 5);
                    cut(&mut rv, 5);
                    if ends_any(&r2, &["ante", "avel", "ivel"]) {
                        cut(&mut word, 4);
                        cut(&mut rv, 4);
                    }
                }
                "idade" | "idades" => {
                    cut(&mut word, k);
                    cut(&mut r2, k);
                    cut(&mut rv, k);
                    if ends_any(&r2, &["ic", "iv"]) {
                        cut(&mut word, 2);
                        cut(&mut rv, 2);
                    } else if ends(&r2, "abil") {
                        cut(&mut word, 4);
                        cut(&mut rv, 4);
                    }
                }
                "iva" | "ivo" | "ivas" | "ivos" => {
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
        if let Some(&suffix) = STEP2.iter().find(|x| ends(&rv, x)) {
            step2_success = true;
            cut_s(&mut word, suffix);
            cut_s(&mut rv, suffix);
        }
    }
    if (step1_success || step2_success) && ends(&rv, "i") && ix(&word, -2) == 'c' {
        cut(&mut word, 1);
        cut(&mut rv, 1);
    }
    if !step1_success && !step2_success {
        if let Some(&suffix) = STEP4.iter().find(|x| ends(&rv, x)) {
            cut_s(&mut word, suffix);
            cut_s(&mut rv, suffix);
        }
    }
    if ends_any(&rv, &["e", "é", "ê"]) {
        cut(&mut word, 1);
        cut(&mut rv, 1);
        if (ends(&word, "gu") && ends(&rv, "u")) || (ends(&word, "ci") && ends(&rv, "i")) {
            cut(&mut word, 1);
        }
    } else if ends(&word, "ç") {
        srep(&mut word, "ç", "c");
    }
    let word = replace(&word, "a~", "ã");
    replace(&word, "o~", "õ")
}
