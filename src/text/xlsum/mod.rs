//! The tokenization of the XL-Sum multilingual ROUGE scorer (`multilingual_rouge_scoring` of
//! csebuetnlp/xl-sum, on PyPI as `multilingual-rouge` 0.0.1), step by step:
//!
//! 1. Python's `str.lower()` ([`sanitize::lower`]);
//! 2. BERT's `BasicTokenizer`: control characters deleted, split on whitespace and punctuation
//!    ([`sanitize::for_each_word`]);
//! 3. the language's segmenter ([`burmese`], or an external one for Chinese, Thai and Japanese),
//!    or else the OpenNMT aggressive pre-tokenizer ([`onmt`]) and the CJK split ([`cjk`]);
//! 4. stemming of tokens longer than 3 code points (done by the caller, see
//!    [`crate::stem::multilingual::Stemmer::stem_xlsum`]).
//!
//! rougeLsum lines take steps 1, 2 and 4 only ([`for_each_line_token`]): the scorer tokenizes
//! each line without its tokenizer argument, so no pre-tokenizer, CJK split or segmenter.
pub mod burmese;
pub mod chars;
pub mod cjk;
pub mod lang;
pub mod onmt;
pub mod sanitize;
mod unicode_classes;

pub use lang::{Language, Segmenter, StemmerKind};

use crate::text::rouge_score::Lowercase;

/// Separates the tokens of an externally segmented text (see [`split_presegmented`]).
pub const TOKEN_SEPARATOR: char = '\u{0}';
/// Ends the token list of an externally segmented text; the original text follows.
pub const TOKENS_END: char = '\u{1}';

/// Reusable buffers.
#[derive(Default)]
pub struct Scratch {
    word: String,
    token: String,
    /// While set, [`for_each_line_token`] keeps each line's words (in `words`, as `spans`) for
    /// [`for_each_remembered_token`].
    remember: bool,
    words: String,
    spans: Vec<(u32, u32, bool)>,
}

impl Scratch {
    /// Forget the words kept so far, and keep (or not) those of the lines to come.
    pub fn remember_lines(&mut self, remember: bool) {
        self.remember = remember;
        self.words.clear();
        self.spans.clear();
    }
}

/// Whether the rouge1/2/L tokens of a text can be made from the words its lines gave
/// ([`for_each_remembered_token`]): the whole text's `str.lower()` is its lines' (no case
/// mapping looks across a `\n`), `\n` separates words, and the text goes through the default
/// pipeline, whose later steps work word by word.
pub fn lines_give_the_words(lowercase: Lowercase, language: &Language) -> bool {
    lowercase == Lowercase::Unicode && language.segmenter == Segmenter::Default
}

/// An externally segmented text, as the Python layer hands it over for Chinese, Thai and
/// Japanese: the segmenter's tokens joined by U+0000, then U+0001, then the original text
/// (for rougeLsum, and for the scorer's fallback when the segmenter found no token). Neither
/// control character can be in a token: the sanitizer deletes both before segmenting.
pub fn presegmented<'a>(tokens: impl IntoIterator<Item = &'a str>, text: &str) -> String {
    let mut out = String::with_capacity(2 * text.len() + 1);
    for (i, t) in tokens.into_iter().enumerate() {
        if i > 0 {
            out.push(TOKEN_SEPARATOR);
        }
        out.push_str(t);
    }
    out.push(TOKENS_END);
    out.push_str(text);
    out
}

/// The segmenter's tokens and the original text of a [`presegmented`] text (`None`: the text
/// was not presegmented).
pub fn split_presegmented(text: &str) -> (Option<&str>, &str) {
    match text.split_once(TOKENS_END) {
        Some((tokens, original)) => (Some(tokens), original),
        None => (None, text),
    }
}

/// Calls `emit` with the tokens (before stemming) of `text` for rouge1/2/L in `language`.
pub fn for_each_token(
    text: &str,
    lowercase: Lowercase,
    language: &Language,
    scratch: &mut Scratch,
    mut emit: impl FnMut(&str),
) {
    let mut text = text;
    match language.segmenter {
        Segmenter::External => {
            let (tokens, original) = split_presegmented(text);
            if let Some(tokens) = tokens.filter(|t| !t.is_empty()) {
                tokens.split(TOKEN_SEPARATOR).filter(|t| !t.is_empty()).for_each(emit);
                return;
            }
            // The segmenter found nothing: the scorer falls back to its default tokenizer.
            text = original;
        }
        Segmenter::Burmese => {
            let syllables = burmese::segment(&sanitize::sanitized(text, lowercase));
            if !syllables.is_empty() {
                syllables.iter().for_each(|s| emit(s));
                return;
            }
        }
        Segmenter::Default => {}
    }
    let lowered = sanitize::lower(text, lowercase);
    let Scratch { word, token, .. } = scratch;
    let mut first = true;
    sanitize::for_each_word_plain(&lowered, word, |w, plain| {
        pre_tokenize(w, plain, first, token, &mut emit);
        first = false;
    });
}

/// Steps 3 (default pipeline) of one sanitized word.
#[inline]
fn pre_tokenize(w: &str, plain: bool, first: bool, token: &mut String, emit: &mut impl FnMut(&str)) {
    if plain {
        emit(w);
    } else {
        onmt::for_each_token(w, !first, token, |t| cjk::for_each_piece(t, &mut *emit));
    }
}

/// [`for_each_token`] of the text whose lines went through [`for_each_line_token`] since
/// [`Scratch::remember_lines`]`(true)`, from the words kept; only where [`lines_give_the_words`].
pub fn for_each_remembered_token(scratch: &mut Scratch, mut emit: impl FnMut(&str)) {
    let Scratch { token, words, spans, .. } = scratch;
    for (i, &(start, end, plain)) in spans.iter().enumerate() {
        pre_tokenize(&words[start as usize..end as usize], plain, i == 0, token, &mut emit);
    }
}

/// Calls `emit` with the rougeLsum tokens (before stemming) of one line: lowercased and
/// sanitized words, nothing more. For externally segmented texts, pass the original part.
pub fn for_each_line_token(line: &str, scratch: &mut Scratch, mut emit: impl FnMut(&str)) {
    let lowered = sanitize::lower(line, Lowercase::Unicode);
    let Scratch { word, remember, words, spans, .. } = scratch;
    if !*remember {
        return sanitize::for_each_word(&lowered, word, emit);
    }
    sanitize::for_each_word_plain(&lowered, word, |w, plain| {
        let start = words.len() as u32;
        words.push_str(w);
        spans.push((start, words.len() as u32, plain));
        emit(w);
    });
}

/// The tokens of `text` as owned strings (no stemming), for tests and the Python helpers.
pub fn tokenize(text: &str, lowercase: Lowercase, language: &Language) -> Vec<String> {
    let mut out = Vec::new();
    for_each_token(text, lowercase, language, &mut Scratch::default(), |t| out.push(t.to_string()));
    out
}

/// The rougeLsum tokens of each non-empty line of `text` (no stemming).
pub fn tokenize_lines(text: &str, language: &Language) -> Vec<Vec<String>> {
    let original = if language.segmenter == Segmenter::External { split_presegmented(text).1 } else { text };
    let mut scratch = Scratch::default();
    crate::text::rouge_score::split_sentences(original)
        .map(|line| {
            let mut out = Vec::new();
            for_each_line_token(line, &mut scratch, |t| out.push(t.to_string()));
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn und() -> Language {
        Language::parse("und").unwrap()
    }

    #[test]
    fn default_pipeline() {
        assert_eq!(
            tokenize("The MP3, in 2019年!", Lowercase::Unicode, &und()),
            ["the", "mp", "3", "in", "2019", "年"]
        );
        assert_eq!(tokenize("北京 欢迎", Lowercase::Unicode, &und()), ["北", "京", "欢", "迎"]);
    }

    #[test]
    fn lines_skip_the_pre_tokenizer() {
        assert_eq!(tokenize_lines("MP3 北京\n\nx.y", &und()), [vec!["mp3", "北京"], vec!["x", "y"]]);
    }

    #[test]
    fn remembered_line_words_give_the_text_tokens() {
        let text = "The MP3,\n\n in 2019年!\nΟΔΟΣ\nΣ a\u{301} x\u{200B}y\n\u{301}b €5 \r\n";
        let mut scratch = Scratch::default();
        scratch.remember_lines(true);
        for line in crate::text::rouge_score::split_sentences(text) {
            for_each_line_token(line, &mut scratch, |_| {});
        }
        let mut got = Vec::new();
        for_each_remembered_token(&mut scratch, |t| got.push(t.to_string()));
        assert_eq!(got, tokenize(text, Lowercase::Unicode, &und()));
        assert!(lines_give_the_words(Lowercase::Unicode, &und()));
        assert!(!lines_give_the_words(Lowercase::Ascii, &und()));
    }

    #[test]
    fn presegmented_text_and_fallback() {
        let zh = Language::parse("chinese").unwrap();
        assert_eq!(
            tokenize("北京\u{0} \u{0}欢迎\u{1}北京 欢迎", Lowercase::Unicode, &zh),
            ["北京", " ", "欢迎"]
        );
        assert_eq!(tokenize("\u{1}ab3", Lowercase::Unicode, &zh), ["ab", "3"]);
        assert_eq!(presegmented(["北京", "欢迎"], "北京 欢迎"), "北京\u{0}欢迎\u{1}北京 欢迎");
        assert_eq!(split_presegmented(&presegmented([], "x")), (Some(""), "x"));
        assert_eq!(tokenize_lines("x\u{1}a\nb", &zh), [vec!["a"], vec!["b"]]);
    }
}
