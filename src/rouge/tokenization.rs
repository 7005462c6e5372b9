//! How ROUGE texts become tokens, and which stemmer `use_stemmer` means: rouge_score's tokenizer
//! with NLTK's Porter stemmer, the XL-Sum scorer's pipeline of a language with its stemmer, or
//! the Unicode word tokenizer. The tokenizers are in `crate::text`, the stemmers in `crate::stem`.
use crate::options::Vocabulary;
use crate::text::xlsum;

/// How ROUGE texts become tokens, and which stemmer `use_stemmer` means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tokenization {
    /// rouge_score's `[a-z0-9]+` tokens, NLTK Porter on tokens longer than 3 characters.
    #[default]
    RougeScore,
    /// The XL-Sum scorer's pipeline for a language, with its stemmer (`None`: the language has
    /// none, or the stemmer is not available).
    XlSum { language: xlsum::Language, stemmer: Option<crate::stem::multilingual::Stemmer> },
    /// [`crate::text::unicode`]: words in any script; Porter (rouge_score's) on ASCII tokens
    /// longer than 3.
    Unicode,
}

/// The ROUGE tokenizers chosen by name (`tokenizer="unicode"`); `lang=` chooses the XL-Sum ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RougeTokenizer {
    RougeScore,
    Unicode,
}

impl Vocabulary for RougeTokenizer {
    const ARGUMENT: &'static str = "tokenizer";
    const WHAT: &'static str = "tokenizer";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("rouge_score", RougeTokenizer::RougeScore), ("unicode", RougeTokenizer::Unicode)];
}

impl Tokenization {
    /// The tokenizer called `name` (`"rouge_score"` or `"unicode"`).
    pub fn named(name: &str) -> crate::Result<Tokenization> {
        Ok(match RougeTokenizer::parse(name)? {
            RougeTokenizer::RougeScore => Tokenization::RougeScore,
            RougeTokenizer::Unicode => Tokenization::Unicode,
        })
    }

    /// The XL-Sum pipeline of `lang` (a name, alias or ISO code; `"und"`: the scorer's
    /// `lang=None`). With `stem`, a language whose stemmer this build lacks is an error.
    pub fn xlsum(lang: &str, stem: bool) -> crate::Result<Tokenization> {
        use crate::stem::multilingual::Stemmer;
        let language = xlsum::Language::parse(lang)?;
        let stemmer = match language.stemmer {
            xlsum::StemmerKind::None => None,
            xlsum::StemmerKind::Porter => Stemmer::snowball("porter", false),
            xlsum::StemmerKind::Own => Stemmer::for_language(language.name),
        };
        if stem && stemmer.is_none() && language.stemmer != xlsum::StemmerKind::None {
            return Err(crate::Error::value(
                "lang",
                format!("stemming {} is not available in this build", language.name),
            ));
        }
        Ok(Tokenization::XlSum { language, stemmer })
    }
}
