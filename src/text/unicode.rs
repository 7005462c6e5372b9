//! `tokenizer="unicode"`: a tokenizer for any language, so that real text never scores 0.
//!
//! Full Unicode lowercasing (Python's `str.lower()`, see [`crate::text::xlsum::sanitize::lower`]), then words are runs of letters (L*), marks
//! (M*) and numbers (N*) in any script; everything else separates words. Characters of scripts
//! written without spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) are tokens of
//! their own, each with the combining marks that follow it. Classes are those of
//! [`crate::text::xlsum::chars`] (Unicode general categories). On text of ASCII letters, digits,
//! spaces and punctuation the tokens are rouge_score's.
use super::rouge_score::Lowercase;
use super::xlsum::chars::{class, no_space_script, Class};
use super::xlsum::sanitize::lower;

/// Calls `emit` with each token of `text`.
pub fn for_each_token(text: &str, token: &mut String, mut emit: impl FnMut(&str)) {
    let lowered = lower(text, Lowercase::Unicode);
    let text: &str = &lowered;
    token.clear();
    // The current token is one character of a script without spaces (only marks may join it).
    let mut single = false;
    for c in text.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                if single {
                    flush(token, &mut emit);
                    single = false;
                }
                token.push(c);
            } else {
                flush(token, &mut emit);
                single = false;
            }
            continue;
        }
        match class(c) {
            Class::Mark => token.push(c),
            Class::Letter | Class::Number => {
                if no_space_script(c) {
                    flush(token, &mut emit);
                    single = true;
                } else if single {
                    flush(token, &mut emit);
                    single = false;
                }
                token.push(c);
            }
            _ => {
                flush(token, &mut emit);
                single = false;
            }
        }
    }
    flush(token, &mut emit);
}

fn flush(token: &mut String, emit: &mut impl FnMut(&str)) {
    if !token.is_empty() {
        emit(token);
        token.clear();
    }
}

/// The tokens of `text` as owned strings.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_token(text, &mut String::new(), |t| out.push(t.to_string()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_any_script() {
        assert_eq!(tokenize("The quick-brown FOX, 42x!"), ["the", "quick", "brown", "fox", "42x"]);
        assert_eq!(tokenize("Café naïve ΟΔΟΣ"), ["café", "naïve", "οδος"]);
        assert_eq!(tokenize("हिंदी भाषा"), ["हिंदी", "भाषा"]);
        assert_eq!(tokenize("مرحبا بالعالم"), ["مرحبا", "بالعالم"]);
    }

    #[test]
    fn scripts_without_spaces_split_per_character_with_their_marks() {
        assert_eq!(tokenize("北京abc欢迎"), ["北", "京", "abc", "欢", "迎"]);
        assert_eq!(tokenize("ที่นี่"), ["ที่", "นี่"]);
        assert_eq!(tokenize("カタカナ"), ["カ", "タ", "カ", "ナ"]);
    }
}
