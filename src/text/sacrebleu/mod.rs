//! sacrebleu's tokenizers (13a, intl, zh, char, none; BLEU's, and chrF's and TER's where they
//! share them) and its per-segment preprocessing: optional `lower()`, `rstrip()`, tokenize, split
//! on Python whitespace.
mod regexp;
pub mod tokenize_13a;
pub mod tokenize_intl;
pub mod tokenize_zh;
mod unicode_classes;

use std::borrow::Cow;

use tokenize_13a::{post_tokenize_13a, split_13a_direct, tokenize_13a, unescape_13a, Direct};
use tokenize_intl::tokenize_intl;
use tokenize_zh::{tokenize_zh, ZhRanges};

use crate::options::Vocabulary;
use crate::text::whitespace::{rstrip, space_at};

/// The sacrebleu tokenizers that need no external model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tokenizer {
    /// mteval-v13a (sacrebleu's default).
    T13a,
    /// mteval-v14 international (Unicode punctuation and symbols).
    Intl,
    /// Chinese, with sacrebleu's range table as Python evaluates it.
    Zh,
    /// Chinese with the range table corrected (our addition, signature `zh-fixed`).
    ZhFixed,
    /// Every non-space character is a token.
    Char,
    /// Whitespace split only.
    None,
}

impl Vocabulary for Tokenizer {
    const ARGUMENT: &'static str = "tokenize";
    const WHAT: &'static str = "tokenizer";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("13a", Tokenizer::T13a),
        ("intl", Tokenizer::Intl),
        ("zh", Tokenizer::Zh),
        ("zh-fixed", Tokenizer::ZhFixed),
        ("char", Tokenizer::Char),
        ("none", Tokenizer::None),
    ];
}

/// Every tokenizer name sacrebleu 2.6.0 accepts, in the order its command lists them (its
/// `--tokenize` choices): those above but `zh-fixed`, and those that need a model or a word
/// segmenter (MeCab, SentencePiece), which are not computed here. The `sacrebleu` command offers
/// the same choices, as sacrebleu does.
pub const SACREBLEU_TOKENIZERS: [&str; 11] = [
    "none",
    "zh",
    "13a",
    "intl",
    "char",
    "ja-mecab",
    "ko-mecab",
    "spm",
    "flores101",
    "flores200",
    "spBLEU-1K",
];

impl Tokenizer {
    /// Tokenize one already lower-cased and right-stripped line; the result is split on whitespace.
    fn apply(self, line: &str) -> String {
        match self {
            Tokenizer::T13a => tokenize_13a(line),
            Tokenizer::Intl => tokenize_intl(line),
            Tokenizer::Zh => tokenize_zh(line, ZhRanges::Compat),
            Tokenizer::ZhFixed => tokenize_zh(line, ZhRanges::Fixed),
            // `" ".join(line)` then `split()`: every non-whitespace character stands alone.
            Tokenizer::Char => {
                let mut s = String::with_capacity(line.len() * 2);
                for c in line.chars() {
                    s.push(c);
                    s.push(' ');
                }
                s
            }
            Tokenizer::None => line.to_owned(),
        }
    }
}

/// A preprocessed segment: the text its tokens lie in (the input line itself when the tokenizer
/// only inserts spaces into it) and the byte spans of the tokens.
#[derive(Clone, Debug, Default)]
pub struct Tokens<'a> {
    text: Cow<'a, str>,
    spans: Vec<(u32, u32)>,
}

impl Tokens<'_> {
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    pub fn get(&self, i: usize) -> &str {
        let (a, b) = self.spans[i];
        &self.text[a as usize..b as usize]
    }

    /// Already-tokenized text (NLTK-style token lists): tokens are taken as they are.
    pub fn from_tokens<S: AsRef<str>>(tokens: &[S]) -> Self {
        let mut text = String::new();
        let mut spans = Vec::with_capacity(tokens.len());
        for t in tokens {
            let a = text.len() as u32;
            text.push_str(t.as_ref());
            spans.push((a, text.len() as u32));
        }
        Tokens { text: Cow::Owned(text), spans }
    }

    /// The text the spans index.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The byte spans of the tokens in [`Tokens::text`].
    pub fn spans(&self) -> &[(u32, u32)] {
        &self.spans
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.spans.iter().map(|&(a, b)| &self.text[a as usize..b as usize])
    }
}

/// Byte spans of `text.split()` (Python whitespace), into `spans` (cleared first).
fn split_spans(text: &str, spans: &mut Vec<(u32, u32)>) {
    spans.clear();
    let n = text.len();
    let mut i = 0;
    loop {
        while i < n {
            match space_at(text, i) {
                Some(w) => i += w,
                None => break,
            }
        }
        if i >= n {
            break;
        }
        let start = i;
        while i < n && space_at(text, i).is_none() {
            i += 1;
        }
        spans.push((start as u32, i as u32));
    }
}

/// The 13a tokens of an already right-stripped line: found directly in the line when possible
/// (no copy), else through the substitutions.
fn tokenize_13a_into<'a>(line: Cow<'a, str>, spans: &mut Vec<(u32, u32)>) -> Cow<'a, str> {
    let unescaped = match split_13a_direct(&line, false, spans) {
        Direct::Done => return line,
        // The scan may stop at a period before it sees an entity: unescape in any case.
        Direct::Substitute | Direct::Unescape => {
            let owned = match unescape_13a(&line) {
                Cow::Borrowed(_) => None,
                Cow::Owned(s) => Some(s),
            };
            owned.map_or(line, Cow::Owned)
        }
    };
    if split_13a_direct(&unescaped, true, spans) == Direct::Done {
        return unescaped;
    }
    let text = post_tokenize_13a(&unescaped);
    split_spans(&text, spans);
    Cow::Owned(text)
}

/// sacrebleu's `_preprocess_segment` followed by `split()`: optional Python `str.lower()`, `rstrip()`,
/// the tokenizer, then the whitespace split. The token spans go to `spans` (a reusable buffer);
/// the returned text is what they index.
pub fn preprocess_into<'a>(
    line: &'a str,
    tokenizer: Tokenizer,
    lowercase: bool,
    spans: &mut Vec<(u32, u32)>,
) -> Cow<'a, str> {
    let line: Cow<'a, str> = if lowercase {
        let mut lowered = line.to_lowercase();
        lowered.truncate(rstrip(&lowered).len());
        Cow::Owned(lowered)
    } else {
        Cow::Borrowed(rstrip(line))
    };
    if tokenizer == Tokenizer::T13a {
        return tokenize_13a_into(line, spans);
    }
    let text = tokenizer.apply(&line);
    split_spans(&text, spans);
    Cow::Owned(text)
}

/// [`preprocess_into`] with its own span buffer.
pub fn preprocess(line: &str, tokenizer: Tokenizer, lowercase: bool) -> Tokens<'_> {
    let mut spans = Vec::new();
    let text = preprocess_into(line, tokenizer, lowercase, &mut spans);
    Tokens { text, spans }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str, t: Tokenizer, lc: bool) -> Vec<String> {
        preprocess(s, t, lc).iter().map(str::to_owned).collect()
    }

    #[test]
    fn tokenizers_end_to_end() {
        assert_eq!(toks("Hello, World! \n", Tokenizer::T13a, true), ["hello", ",", "world", "!"]);
        assert_eq!(toks("a b", Tokenizer::Char, false), ["a", "b"]);
        assert_eq!(toks(" x\u{1f}y ", Tokenizer::None, false), ["x", "y"]);
        assert_eq!(toks("", Tokenizer::T13a, false), Vec::<String>::new());
        assert!(Tokenizer::parse("spm").is_err());
        let ours = Tokenizer::names();
        assert!(ours.iter().all(|n| *n == "zh-fixed" || SACREBLEU_TOKENIZERS.contains(n)));
    }

    /// The direct 13a split gives the tokens of the substitutions on lines dense in the bytes
    /// its rules look at (digits, periods, commas, dashes, entities, Unicode spaces and letters).
    #[test]
    fn direct_13a_split_equals_the_substitutions() {
        let alphabet: Vec<&str> =
            "1 9 0 . , - a Z \u{20} \t \n ! ( ' < & &amp; &lt; <skipped> é € \u{a0} \u{2009} \u{3000} \u{85} \u{1f} \u{180e} –"
                .split(' ')
                .map(|a| if a == "\u{20}" { " " } else { a })
                .collect();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state = crate::test_rng::xorshift(state);
            state
        };
        for _ in 0..20_000 {
            let len = (next() % 40) as usize;
            let line: String =
                (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            let text = tokenize_13a(rstrip(&line));
            let expected: Vec<String> = crate::text::whitespace::split(&text).map(str::to_owned).collect();
            assert_eq!(toks(&line, Tokenizer::T13a, false), expected, "line {line:?}");
        }
    }
}
