//! The Stanford PTB tokenizer as pycocoevalcap runs it, without Java.
//!
//! pycocoevalcap (the COCO caption evaluation) tokenizes every caption with Stanford CoreNLP
//! 3.4.1's `PTBTokenizer -preserveLines -lowerCase`, one caption per line of one input, then drops
//! the punctuation tokens. [`coco_tokenize`] gives the same strings, token for token:
//!
//! - the tokenizer's rules and their longest-match semantics ([`grammar`], [`automaton`]), over
//!   UTF-16 code units as Java reads them, with Java 8's character classes ([`unicode`]);
//! - its PTB normalizations: brackets become `-LRB-` .. `-RCB-` (and survive as `-lrb-` ..,
//!   since the punctuation list is compared after lowercasing), quotes become `` ` `` / `''`,
//!   `£` becomes `#`, clitics split (`it 's`, `ca n't`, `can not`, `gon na`);
//! - pycocoevalcap's wrapper: newlines inside a caption become spaces, tokens are lowercased
//!   (Java's `toLowerCase`), each line is right-stripped and split on single spaces, and the tokens
//!   `'' ' `` ` . ? ! , : - -- ... ;` are dropped.
//!
//! The captions are one stream, as in the wrapper, because a few rules look past the end of a
//! line: whether `U.S.` at the end of one caption keeps its period can depend on how the next one
//! begins. One deliberate difference: where pycocoevalcap's output would shift every later caption
//! by a line (a caption holding `\r`, U+000B, U+000C, U+2028 or U+2029, which Java also takes for
//! line breaks), each caption here keeps its own tokens.
mod automaton;
mod grammar;
mod pattern;
mod scanner;
mod unicode;

use scanner::{scan, Token};

use super::whitespace;

/// The tokens pycocoevalcap removes after tokenization (compared after lowercasing, so the
/// bracket names in upper case never match).
const PUNCTUATION: [&str; 17] = [
    "''", "'", "``", "`", "-LRB-", "-RRB-", "-LCB-", "-RCB-", ".", "?", "!", ",", ":", "-", "--", "...", ";",
];

/// Each caption of `captions` as pycocoevalcap's `PTBTokenizer.tokenize` returns it: its
/// lowercased tokens without punctuation, joined by single spaces.
pub fn coco_tokenize<S: AsRef<str>>(captions: &[S]) -> Vec<String> {
    ptb_lines(captions, true).iter().map(|line| finish_line(line)).collect()
}

/// The line the Java program prints for each caption (`PTBTokenizer -preserveLines`, with
/// `-lowerCase` if `lowercase`; tokens separated by spaces), the captions being the lines of one
/// input as pycocoevalcap writes it.
pub fn ptb_lines<S: AsRef<str>>(captions: &[S], lowercase: bool) -> Vec<String> {
    let mut units: Vec<u16> = Vec::new();
    for (i, c) in captions.iter().enumerate() {
        if i > 0 {
            units.push(b'\n' as u16);
        }
        // The wrapper turns a caption's own newlines into spaces.
        units.extend(c.as_ref().encode_utf16().map(|u| if u == b'\n' as u16 { b' ' as u16 } else { u }));
    }
    // What the program prints: a token with a line break inside (markup whose quoted attribute
    // runs over the end of a caption) prints it, so the output still has one line per caption.
    let mut out = String::with_capacity(units.len() + units.len() / 4);
    let mut line_start = true;
    scan(&units, |t| match t {
        Token::Text(text) => {
            if !line_start {
                out.push(' ');
            }
            line_start = false;
            if !lowercase {
                out.push_str(text);
            } else if text.is_ascii() {
                out.extend(text.bytes().map(|b| b.to_ascii_lowercase() as char));
            } else {
                out.push_str(&text.to_lowercase());
            }
        }
        Token::Break { newline: true } => {
            out.push('\n');
            line_start = true;
        }
        // Java also breaks the line here, shifting every later caption by one: not followed.
        Token::Break { newline: false } => {}
    });
    let lines: Vec<String> = out.split('\n').map(str::to_owned).collect();
    debug_assert_eq!(lines.len(), captions.len().max(1));
    lines.into_iter().take(captions.len()).collect()
}

/// pycocoevalcap's treatment of one output line: right-strip, split on `" "`, drop punctuation.
fn finish_line(line: &str) -> String {
    let line = whitespace::rstrip(line);
    let mut out = String::with_capacity(line.len());
    for (i, t) in line.split(' ').filter(|t| !PUNCTUATION.contains(t)).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_as_pycocoevalcap_returns_them() {
        let out = coco_tokenize(&[
            "A man's riding a horse.",
            "Two dogs (brown) can't play \u{a3}20-\u{a3}25",
            "",
            "!!!",
            "multi\nline caption",
        ]);
        assert_eq!(
            out,
            [
                "a man 's riding a horse",
                "two dogs -lrb- brown -rrb- ca n't play # 20 # 25",
                "",
                "!!!",
                "multi line caption"
            ]
        );
    }
}
