//! The languages of the XL-Sum scorer: its names and aliases, ISO 639 codes, and which
//! segmenter and stemmer each one gets.
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

/// (name, ISO 639-1/-3 codes and aliases, segmenter, stemmer). The first 26 are the scorer's
/// own languages (a segmenter or a stemmer, or both tested in the conformance corpus); the rest
/// are the other XL-Sum languages, which the scorer handles like Korean (default tokenizer, no
/// stemmer) after a warning.
const TABLE: &[(&str, &[&str], Segmenter, StemmerKind)] = &[
    ("und", &["porter"], Default, Porter),
    ("english", &["en", "eng"], Default, Own),
    ("german", &["de", "deu", "ger"], Default, Own),
    ("french", &["fr", "fra", "fre"], Default, Own),
    ("spanish", &["es", "spa", "mundo"], Default, Own),
    ("portuguese", &["pt", "por"], Default, Own),
    ("italian", &["it", "ita"], Default, Own),
    ("dutch", &["nl", "nld", "dut"], Default, Own),
    ("swedish", &["sv", "swe"], Default, Own),
    ("danish", &["da", "dan"], Default, Own),
    ("norwegian", &["no", "nor", "nb", "nob"], Default, Own),
    ("finnish", &["fi", "fin"], Default, Own),
    ("hungarian", &["hu", "hun"], Default, Own),
    ("romanian", &["ro", "ron", "rum"], Default, Own),
    ("russian", &["ru", "rus"], Default, Own),
    ("arabic", &["ar", "ara"], Default, Own),
    ("turkish", &["tr", "tur", "turkce"], Default, Own),
    ("hindi", &["hi", "hin"], Default, Own),
    ("bengali", &["bn", "ben", "bangla"], Default, Own),
    ("chinese", &["zh", "zho", "chi", "chinese_simplified", "chinese_traditional"], External, NoStem),
    ("thai", &["th", "tha"], External, NoStem),
    ("japanese", &["ja", "jpn"], External, NoStem),
    ("burmese", &["my", "mya", "bur"], Burmese, NoStem),
    ("korean", &["ko", "kor"], Default, NoStem),
    ("greek", &["el", "ell", "gre"], Default, NoStem),
    ("vietnamese", &["vi", "vie"], Default, NoStem),
    ("amharic", &["am", "amh"], Default, NoStem),
    ("azerbaijani", &["az", "aze"], Default, NoStem),
    ("gujarati", &["gu", "guj"], Default, NoStem),
    ("hausa", &["ha", "hau"], Default, NoStem),
    ("igbo", &["ig", "ibo"], Default, NoStem),
    ("indonesian", &["id", "ind"], Default, NoStem),
    ("kirundi", &["rn", "run"], Default, NoStem),
    ("kyrgyz", &["ky", "kir"], Default, NoStem),
    ("marathi", &["mr", "mar"], Default, NoStem),
    ("nepali", &["ne", "nep"], Default, NoStem),
    ("oromo", &["om", "orm"], Default, NoStem),
    ("pashto", &["ps", "pus"], Default, NoStem),
    ("persian", &["fa", "fas", "per"], Default, NoStem),
    ("pidgin", &["pcm"], Default, NoStem),
    ("punjabi", &["pa", "pan"], Default, NoStem),
    ("scottish_gaelic", &["gd", "gla"], Default, NoStem),
    ("serbian_cyrillic", &[], Default, NoStem),
    ("serbian_latin", &[], Default, NoStem),
    ("sinhala", &["si", "sin"], Default, NoStem),
    ("somali", &["so", "som"], Default, NoStem),
    ("swahili", &["sw", "swa"], Default, NoStem),
    ("tamil", &["ta", "tam"], Default, NoStem),
    ("telugu", &["te", "tel"], Default, NoStem),
    ("tigrinya", &["ti", "tir"], Default, NoStem),
    ("ukrainian", &["uk", "ukr"], Default, NoStem),
    ("urdu", &["ur", "urd"], Default, NoStem),
    ("uzbek", &["uz", "uzb"], Default, NoStem),
    ("welsh", &["cy", "cym", "wel"], Default, NoStem),
    ("yoruba", &["yo", "yor"], Default, NoStem),
];

impl Language {
    /// The language for a name, alias or ISO code (case-insensitive; `-` and `_` alike).
    /// Unknown names are an error that lists the supported ones (the scorer itself only warns
    /// and falls back to its default tokenizer without a stemmer).
    pub fn parse(name: &str) -> Result<Language> {
        let key = name.trim().to_ascii_lowercase().replace('-', "_");
        for &(canonical, aliases, segmenter, stemmer) in TABLE {
            if key == canonical || aliases.contains(&key.as_str()) {
                return Ok(Language { name: canonical, segmenter, stemmer });
            }
        }
        let names: Vec<&str> = TABLE.iter().map(|r| r.0).collect();
        Err(Error::value(
            "lang",
            format!(
                "unknown language {name:?}; supported: {} (or an ISO 639 code such as 'de', 'hi', 'zh')",
                names.join(", ")
            ),
        ))
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
        assert_eq!(Language::parse("hi").unwrap().name, "hindi");
        assert_eq!(Language::parse("Bangla").unwrap().name, "bengali");
        assert_eq!(Language::parse("chinese-traditional").unwrap().name, "chinese");
        assert_eq!(Language::parse("mundo").unwrap().name, "spanish");
        assert_eq!(Language::parse("porter").unwrap().name, "und");
        let err = Language::parse("klingon").unwrap_err().to_string();
        assert!(err.contains("lang") && err.contains("hindi") && err.contains("klingon"), "{err}");
    }

    #[test]
    fn aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for (alias, _) in Language::aliases() {
            assert!(seen.insert(alias), "{alias}");
        }
    }
}
