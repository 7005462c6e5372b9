//! The vocabularies of the string options: each option's accepted names are written once, in the
//! table of the enum that validates them ([`Vocabulary::CHOICES`]), next to that enum.
//!
//! Everything else reads that table: [`Vocabulary::parse`] and its error (one wording for every
//! option, listing the valid names), and the binding layer's `OPTIONS` and `check_option`, from
//! which the Python front ends, the command-line parsers and the stubs' `Literal` types take
//! their lists (a test compares the stubs with them). [`all`] lists every vocabulary.
use crate::error::{Error, Result};

/// A string option whose values are a fixed set of names.
pub trait Vocabulary: Copy + 'static {
    /// The argument these names are values of, as the Python API spells it.
    const ARGUMENT: &'static str;
    /// What one value is called in an error message ("tokenizer", "smoothing method").
    const WHAT: &'static str;
    /// Every accepted name with its value, in the order the documentation lists them.
    const CHOICES: &'static [(&'static str, Self)];
    /// Whether names are matched ignoring ASCII case (MATLAB's options are).
    const IGNORE_CASE: bool = false;

    /// The value named `name`, or an error naming the argument and listing the valid names.
    fn parse(name: &str) -> Result<Self> {
        let same = |n: &str| if Self::IGNORE_CASE { n.eq_ignore_ascii_case(name) } else { n == name };
        Self::CHOICES
            .iter()
            .find(|(n, _)| same(n))
            .map(|&(_, v)| v)
            .ok_or_else(|| unknown(Self::ARGUMENT, Self::WHAT, name, &Self::names()))
    }

    /// The accepted names, in order.
    fn names() -> Vec<&'static str> {
        Self::CHOICES.iter().map(|&(n, _)| n).collect()
    }

    /// The name of a value (the first listed for it), as signatures write it.
    fn name(self) -> &'static str
    where
        Self: PartialEq,
    {
        Self::CHOICES.iter().find(|&&(_, v)| v == self).map_or("?", |&(n, _)| n)
    }
}

/// The one wording of an unknown option value: the argument, the value, every valid name.
fn unknown(argument: &'static str, what: &str, name: &str, names: &[&str]) -> Error {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    Error::value(
        argument,
        format!("unknown {what} '{}'; expected one of {}", name.escape_debug(), quoted.join(", ")),
    )
}

/// One vocabulary as the front ends see it: its key (`family.argument`), the argument it names in
/// errors, its names, and its parser (which only validates here).
pub struct Listing {
    pub key: &'static str,
    pub names: Vec<&'static str>,
    pub check: fn(&str) -> Result<()>,
}

fn listing<V: Vocabulary>(key: &'static str) -> Listing {
    Listing { key, names: V::names(), check: |name| V::parse(name).map(|_| ()) }
}

/// Every vocabulary, keyed `family.argument`. Options whose names are only a Python dispatch
/// (an output format, the metric objects a string stands for) are not here: the Python module
/// that acts on them holds them.
pub fn all() -> Vec<Listing> {
    vec![
        listing::<crate::text::sacrebleu::Tokenizer>("bleu.tokenize"),
        // sacrebleu's own tokenizer names, which its command offers (model tokenizers included).
        Listing {
            key: "sacrebleu.tokenize",
            names: crate::text::sacrebleu::SACREBLEU_TOKENIZERS.to_vec(),
            check: |name| {
                let names = crate::text::sacrebleu::SACREBLEU_TOKENIZERS;
                match names.contains(&name) {
                    true => Ok(()),
                    false => Err(unknown("tokenize", "tokenizer", name, &names)),
                }
            },
        },
        listing::<crate::bleu::score::SmoothMethod>("bleu.smooth_method"),
        listing::<crate::rouge::multi::MultiRef>("rouge.multi_ref"),
        listing::<crate::rouge::corpus::Average>("rouge.average"),
        listing::<crate::rouge::corpus::Measure>("rouge.measure"),
        listing::<crate::rouge::tokenization::RougeTokenizer>("rouge.tokenizer"),
        listing::<crate::significance::TestType>("significance.test_type"),
        listing::<crate::report::NgramKind>("report.ngram_kinds"),
        listing::<crate::matlab::rouge::RougeMethod>("matlab.rouge_method"),
        listing::<crate::text::matlab::TokenizeMethod>("matlab.tokenize_method"),
        listing::<crate::rouge155::bootstrap::Counting>("rouge155.counting"),
        listing::<crate::rouge155::MultiRef>("rouge155.multi_ref"),
        listing::<crate::rouge155::SkipUnigrams>("rouge155.skip_unigrams"),
        listing::<crate::rouge155::be::BeMode>("rouge155.basic_elements"),
        listing::<crate::meteor::Normalization>("meteor.normalize"),
        listing::<crate::meteor::Task>("meteor.task"),
        listing::<crate::meteor::Module>("meteor.modules"),
        listing::<crate::caption::cider::Variant>("caption.cider"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::sacrebleu::Tokenizer;

    #[test]
    fn parse_and_the_error_listing_the_names() {
        assert_eq!(Tokenizer::parse("intl"), Ok(Tokenizer::Intl));
        let err = Tokenizer::parse("spm").unwrap_err().to_string();
        assert_eq!(
            err,
            "tokenize: unknown tokenizer 'spm'; expected one of '13a', 'intl', 'zh', 'zh-fixed', 'char', 'none'"
        );
        use crate::matlab::rouge::RougeMethod;
        assert_eq!(RougeMethod::parse("N-Grams"), Ok(RougeMethod::Ngrams), "MATLAB ignores case");
    }

    #[test]
    fn every_vocabulary_accepts_its_names_and_nothing_else() {
        let all = all();
        let mut keys: Vec<_> = all.iter().map(|l| l.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all.len(), "keys are unique");
        for l in &all {
            assert!(!l.names.is_empty(), "{}", l.key);
            for n in &l.names {
                assert_eq!((l.check)(n), Ok(()), "{}: {n}", l.key);
            }
            let err = (l.check)("no such name").unwrap_err().to_string();
            assert!(
                err.contains("'no such name'") && l.names.iter().all(|n| err.contains(&format!("'{n}'"))),
                "{err}"
            );
        }
    }
}
