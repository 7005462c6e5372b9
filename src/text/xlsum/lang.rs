//! The languages of the XL-Sum scorer: its names and aliases, and which segmenter and stemmer
//! each one gets. ISO 639 codes are refused with the name to use (see [`ISO_CODES`]).
use crate::error::{Error, Result};

/// How a language's text is cut into tokens before stemming.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segmenter {
    /// The OpenNMT aggressive pre-tokenizer and the CJK split (the scorer's default).
    Default,
    /// The rule-based Burmese syllable segmenter (in Rust).
    Burmese,
    /// A dictionary segmenter that lives in Python (jieba, pythainlp newmm, MeCab via fugashi):
    /// the caller segments the sanitized text and hands the tokens over.
    External,
}

/// Which stemmer the scorer applies with `use_stemmer=True`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StemmerKind {
    /// No stemmer: tokens stay as they are.
    None,
    /// NLTK's `SnowballStemmer("porter")` without stopwords (the scorer's `lang=None`).
    Porter,
    /// The language's own stemmer (NLTK Snowball with `ignore_stopwords=True`, or the
    /// Turkish, Hindi, Bengali stemmers).
    Own,
}

/// One language: the scorer's name, its segmenter and stemmer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language {
    /// The scorer's name (`"hindi"`), or `"und"` for its language-less pipeline.
    pub name: &'static str,
    pub segmenter: Segmenter,
    pub stemmer: StemmerKind,
}

use Segmenter::{Burmese, Default, External};
use StemmerKind::{None as NoStem, Own, Porter};

/// (name, the scorer's own aliases, segmenter, stemmer). The first 26 are the scorer's own
/// languages (a segmenter or a stemmer, or both tested in the conformance corpus); the rest are the
/// other XL-Sum languages, which the scorer handles like Korean (default tokenizer, no stemmer)
/// after a warning. The aliases are those the scorer maps to a name itself (`"bangla"`,
/// `"turkce"`, `"mundo"`, the two Chinese variants) and `"porter"`, which its stemmer table and
/// its `lang=None` both turn into NLTK's Porter stemmer.
const TABLE: &[(&str, &[&str], Segmenter, StemmerKind)] = &[
    ("und", &["porter"], Default, Porter),
    ("english", &[], Default, Own),
    ("german", &[], Default, Own),
    ("french", &[], Default, Own),
    ("spanish", &["mundo"], Default, Own),
    ("portuguese", &[], Default, Own),
    ("italian", &[], Default, Own),
    ("dutch", &[], Default, Own),
    ("swedish", &[], Default, Own),
    ("danish", &[], Default, Own),
    ("norwegian", &[], Default, Own),
    ("finnish", &[], Default, Own),
    ("hungarian", &[], Default, Own),
    ("romanian", &[], Default, Own),
    ("russian", &[], Default, Own),
    ("arabic", &[], Default, Own),
    ("turkish", &["turkce"], Default, Own),
    ("hindi", &[], Default, Own),
    ("bengali", &["bangla"], Default, Own),
    ("chinese", &["chinese_simplified", "chinese_traditional"], External, NoStem),
    ("thai", &[], External, NoStem),
    ("japanese", &[], External, NoStem),
    ("burmese", &[], Burmese, NoStem),
    ("korean", &[], Default, NoStem),
    ("greek", &[], Default, NoStem),
    ("vietnamese", &[], Default, NoStem),
    ("amharic", &[], Default, NoStem),
    ("azerbaijani", &[], Default, NoStem),
    ("gujarati", &[], Default, NoStem),
    ("hausa", &[], Default, NoStem),
    ("igbo", &[], Default, NoStem),
    ("indonesian", &[], Default, NoStem),
    ("kirundi", &[], Default, NoStem),
    ("kyrgyz", &[], Default, NoStem),
    ("marathi", &[], Default, NoStem),
    ("nepali", &[], Default, NoStem),
    ("oromo", &[], Default, NoStem),
    ("pashto", &[], Default, NoStem),
    ("persian", &[], Default, NoStem),
    ("pidgin", &[], Default, NoStem),
    ("punjabi", &[], Default, NoStem),
    ("scottish_gaelic", &[], Default, NoStem),
    ("serbian_cyrillic", &[], Default, NoStem),
    ("serbian_latin", &[], Default, NoStem),
    ("sinhala", &[], Default, NoStem),
    ("somali", &[], Default, NoStem),
    ("swahili", &[], Default, NoStem),
    ("tamil", &[], Default, NoStem),
    ("telugu", &[], Default, NoStem),
    ("tigrinya", &[], Default, NoStem),
    ("ukrainian", &[], Default, NoStem),
    ("urdu", &[], Default, NoStem),
    ("uzbek", &[], Default, NoStem),
    ("welsh", &[], Default, NoStem),
    ("yoruba", &[], Default, NoStem),
];

/// ISO 639-1/-3 codes of the languages above, with their names. The scorer does not know codes:
/// given one, it warns and falls back to its default tokenizer without a stemmer, so `"en"` would
/// score differently from `"english"` (and `"zh"` would not segment words). Rather than follow it
/// into that, a code is refused with the name to use.
const ISO_CODES: &[(&str, &[&str])] = &[
    ("english", &["en", "eng"]),
    ("german", &["de", "deu", "ger"]),
    ("french", &["fr", "fra", "fre"]),
    ("spanish", &["es", "spa"]),
    ("portuguese", &["pt", "por"]),
    ("italian", &["it", "ita"]),
    ("dutch", &["nl", "nld", "dut"]),
    ("swedish", &["sv", "swe"]),
    ("danish", &["da", "dan"]),
    ("norwegian", &["no", "nor", "nb", "nob"]),
    ("finnish", &["fi", "fin"]),
    ("hungarian", &["hu", "hun"]),
    ("romanian", &["ro", "ron", "rum"]),
    ("russian", &["ru", "rus"]),
    ("arabic", &["ar", "ara"]),
    ("turkish", &["tr", "tur"]),
    ("hindi", &["hi", "hin"]),
    ("bengali", &["bn", "ben"]),
    ("chinese", &["zh", "zho", "chi"]),
    ("thai", &["th", "tha"]),
    ("japanese", &["ja", "jpn"]),
    ("burmese", &["my", "mya", "bur"]),
    ("korean", &["ko", "kor"]),
    ("greek", &["el", "ell", "gre"]),
    ("vietnamese", &["vi", "vie"]),
    ("amharic", &["am", "amh"]),
    ("azerbaijani", &["az", "aze"]),
    ("gujarati", &["gu", "guj"]),
    ("hausa", &["ha", "hau"]),
    ("igbo", &["ig", "ibo"]),
    ("indonesian", &["id", "ind"]),
    ("kirundi", &["rn", "run"]),
    ("kyrgyz", &["ky", "kir"]),
    ("marathi", &["mr", "mar"]),
    ("nepali", &["ne", "nep"]),
    ("oromo", &["om", "orm"]),
    ("pashto", &["ps", "pus"]),
    ("persian", &["fa", "fas", "per"]),
    ("pidgin", &["pcm"]),
    ("punjabi", &["pa", "pan"]),
    ("scottish_gaelic", &["gd", "gla"]),
    ("sinhala", &["si", "sin"]),
    ("somali", &["so", "som"]),
    ("swahili", &["sw", "swa"]),
    ("tamil", &["ta", "tam"]),
    ("telugu", &["te", "tel"]),
    ("tigrinya", &["ti", "tir"]),
    ("ukrainian", &["uk", "ukr"]),
    ("urdu", &["ur", "urd"]),
    ("uzbek", &["uz", "uzb"]),
    ("welsh", &["cy", "cym", "wel"]),
    ("yoruba", &["yo", "yor"]),
];

impl Language {
    /// The language for a name or one of the scorer's aliases (case-insensitive; `-` and `_`
    /// alike). An ISO 639 code is an error that names the language to pass instead (see
    /// [`ISO_CODES`]); an unknown name is an error that lists the supported ones (the scorer
    /// itself only warns and falls back to its default tokenizer without a stemmer).
    pub fn parse(name: &str) -> Result<Language> {
        let key = name.trim().to_ascii_lowercase().replace('-', "_");
        for &(canonical, aliases, segmenter, stemmer) in TABLE {
            if key == canonical || aliases.contains(&key.as_str()) {
                return Ok(Language { name: canonical, segmenter, stemmer });
            }
        }
        if let Some((language, _)) = ISO_CODES.iter().find(|(_, codes)| codes.contains(&key.as_str())) {
            return Err(Error::value(
                "lang",
                format!(
                    "{name:?} is an ISO 639 code; pass the language name {language:?}. The XL-Sum \
                     scorer does not know codes: it would score {name:?} with its default tokenizer \
                     and no stemmer, not as {language:?}"
                ),
            ));
        }
        let names: Vec<&str> = TABLE.iter().map(|r| r.0).collect();
        Err(Error::value("lang", format!("unknown language {name:?}; supported: {}", names.join(", "))))
    }

    /// Every supported language name, `"und"` first.
    pub fn names() -> impl Iterator<Item = &'static str> {
        TABLE.iter().map(|r| r.0)
    }

    /// Every name, alias and code with the language it stands for.
    pub fn aliases() -> impl Iterator<Item = (&'static str, &'static str)> {
        TABLE.iter().flat_map(|r| std::iter::once((r.0, r.0)).chain(r.1.iter().map(move |a| (*a, r.0))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_aliases_and_codes() {
        assert_eq!(Language::parse("hindi").unwrap().name, "hindi");
        assert_eq!(Language::parse("Bangla").unwrap().name, "bengali");
        assert_eq!(Language::parse("chinese-traditional").unwrap().name, "chinese");
        assert_eq!(Language::parse("mundo").unwrap().name, "spanish");
        assert_eq!(Language::parse("porter").unwrap().name, "und");
        let err = Language::parse("klingon").unwrap_err().to_string();
        assert!(err.contains("lang") && err.contains("hindi") && err.contains("klingon"), "{err}");
        // Codes: refused with the name, since the scorer would not read them as that language.
        for (code, name) in
            [("hi", "hindi"), ("en", "english"), ("ZH", "chinese"), ("tha", "thai"), ("ko", "korean")]
        {
            let err = Language::parse(code).unwrap_err().to_string();
            assert!(err.contains("ISO 639 code") && err.contains(&format!("{name:?}")), "{err}");
        }
    }

    #[test]
    fn every_code_names_a_language_of_the_table() {
        let names: std::collections::HashSet<&str> = Language::names().collect();
        for (name, codes) in ISO_CODES {
            assert!(names.contains(name), "{name}");
            for code in *codes {
                assert!(Language::aliases().all(|(a, _)| a != *code), "{code} is both a code and an alias");
            }
        }
    }

    #[test]
    fn aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for (alias, _) in Language::aliases() {
            assert!(seen.insert(alias), "{alias}");
        }
    }
}
