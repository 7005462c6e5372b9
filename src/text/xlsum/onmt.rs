//! The OpenNMT tokenizer in "aggressive" mode (`pyonmttok.Tokenizer("aggressive")`, pyonmttok
//! 1.38.1, default options) on what the sanitizer leaves: words of letters, marks, numbers and
//! non-ASCII symbols separated by single spaces. Measured on every such code point:
//! - a token is a run of letters or a run of numbers: a letter next to a number splits (`mp3` ->
//!   `mp 3`), but one script next to another does not, and case is not looked at;
//! - every symbol is a token of its own; three are escaped (`▁` -> `_`, `￭` -> `■`, `￨` -> `│`);
//! - a mark joins the token before it, whatever it is; a mark that starts a word after a space
//!   starts a token `％0020` + mark (the escaped space), one at the very start a token of its own,
//!   and either token takes further marks but nothing else.

use super::chars::{class, Class};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    Letter,
    Number,
    /// A symbol or a leading mark: only marks join it.
    Closed,
}

/// The escape pyonmttok writes for a space before a combining mark.
const ESCAPED_SPACE: &str = "\u{FF05}0020";

fn escape_symbol(c: char) -> char {
    match c {
        '\u{2581}' => '_',
        '\u{FFED}' => '\u{25A0}',
        '\u{FFE8}' => '\u{2502}',
        c => c,
    }
}

/// Calls `emit` with the tokens of one sanitized `word`; `after_space`: a space precedes it
/// in the text (every word but the first).
pub fn for_each_token(word: &str, after_space: bool, token: &mut String, mut emit: impl FnMut(&str)) {
    // Fast path: a word of letters only (most words) is one token.
    if word.bytes().all(|b| b.is_ascii_lowercase()) {
        emit(word);
        return;
    }
    token.clear();
    let mut state = State::Start;
    for c in word.chars() {
        let cls = class(c);
        match cls {
            Class::Mark => {
                if state == State::Start {
                    if after_space {
                        token.push_str(ESCAPED_SPACE);
                    }
                    state = State::Closed;
                }
                token.push(c);
            }
            Class::Letter | Class::Number => {
                let want = if cls == Class::Letter { State::Letter } else { State::Number };
                if state != want {
                    flush(token, &mut emit);
                    state = want;
                }
                token.push(c);
            }
            // Symbols (and, defensively, anything the sanitizer should have removed).
            _ => {
                flush(token, &mut emit);
                token.push(escape_symbol(c));
                state = State::Closed;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(word: &str, after_space: bool) -> Vec<String> {
        let mut out = Vec::new();
        for_each_token(word, after_space, &mut String::new(), |t| out.push(t.to_string()));
        out
    }

    #[test]
    fn letters_and_numbers_split() {
        assert_eq!(toks("mp3", false), ["mp", "3"]);
        assert_eq!(toks("2019年", false), ["2019", "年"]);
        assert_eq!(toks("abcжд", false), ["abcжд"]);
        assert_eq!(toks("a1b", false), ["a", "1", "b"]);
    }

    #[test]
    fn symbols_and_marks() {
        assert_eq!(toks("€€5", false), ["€", "€", "5"]);
        assert_eq!(toks("a\u{301}1\u{301}b", false), ["a\u{301}", "1\u{301}", "b"]);
        assert_eq!(toks("€\u{301}a", false), ["€\u{301}", "a"]);
        assert_eq!(toks("\u{301}\u{301}a", false), ["\u{301}\u{301}", "a"]);
        assert_eq!(toks("\u{301}a", true), ["\u{FF05}0020\u{301}", "a"]);
        assert_eq!(toks("\u{2581}\u{301}", false), ["_\u{301}"]);
        assert_eq!(toks("\u{FFED}\u{FFE8}", false), ["\u{25A0}", "\u{2502}"]);
    }
}
