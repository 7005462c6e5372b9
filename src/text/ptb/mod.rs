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

use scanner::Token;

use super::whitespace;

/// The tokens pycocoevalcap removes after tokenization (compared after lowercasing, so the
/// bracket names in upper case never match).
const PUNCTUATION: [&str; 17] = [
    "''", "'", "``", "`", "-LRB-", "-RRB-", "-LCB-", "-RCB-", ".", "?", "!", ",", ":", "-", "--", "...", ";",
];

/// Each caption of `captions` as pycocoevalcap's `PTBTokenizer.tokenize` returns it: its
/// lowercased tokens without punctuation, joined by single spaces. Parts of the input are tokenized
/// in parallel according to `workers` (same result for any number).
pub fn coco_tokenize<S: AsRef<str> + Sync>(captions: &[S], workers: Option<usize>) -> Vec<String> {
    printed(captions, true, workers).split('\n').take(captions.len()).map(finish_line).collect()
}

/// Lines per part of a parallel tokenization.
const PART: usize = 512;

/// The line the Java program prints for each caption (`PTBTokenizer -preserveLines`, with
/// `-lowerCase` if `lowercase`; tokens separated by spaces), the captions being the lines of one
/// input as pycocoevalcap writes it.
pub fn ptb_lines<S: AsRef<str> + Sync>(
    captions: &[S],
    lowercase: bool,
    workers: Option<usize>,
) -> Vec<String> {
    printed(captions, lowercase, workers).split('\n').take(captions.len()).map(str::to_owned).collect()
}

/// What the program prints for `captions` (see [`ptb_lines`]): one line per caption.
fn printed<S: AsRef<str> + Sync>(captions: &[S], lowercase: bool, workers: Option<usize>) -> String {
    let mut units: Vec<u16> = Vec::new();
    let mut line_starts = Vec::with_capacity(captions.len() + 1);
    for (i, c) in captions.iter().enumerate() {
        if i > 0 {
            units.push(b'\n' as u16);
        }
        line_starts.push(units.len());
        // The wrapper turns a caption's own newlines into spaces.
        units.extend(c.as_ref().encode_utf16().map(|u| if u == b'\n' as u16 { b' ' as u16 } else { u }));
    }
    line_starts.push(units.len());
    // Parts start at line starts, where the program's scan always has a token boundary unless a
    // token runs over a line's end (markup with a line break in a quoted attribute): then the
    // parts cannot be joined, and the whole input is scanned in one piece.
    let parts: Vec<usize> = (0..captions.len()).step_by(PART).chain([captions.len()]).collect();
    let one_part = parts.len() <= 2 || workers == Some(1);
    let scanned = if one_part {
        None
    } else {
        let pieces = crate::batch::map_range(parts.len() - 1, workers, |p| {
            // A part ends with the separator before the next part's first line.
            let (start, stop) = (line_starts[parts[p]], line_starts[parts[p + 1]]);
            let mut out = String::new();
            let end = print(&units, start, stop, lowercase, &mut out);
            (out, end == stop)
        });
        pieces.iter().all(|(_, fits)| *fits).then(|| pieces.into_iter().map(|(s, _)| s).collect::<String>())
    };
    let out = scanned.unwrap_or_else(|| {
        let mut out = String::with_capacity(units.len() + units.len() / 4);
        print(&units, 0, units.len(), lowercase, &mut out);
        out
    });
    debug_assert_eq!(out.split('\n').count(), captions.len().max(1));
    out
}

/// Appends what the program prints for `units[start..]` up to `stop` (see [`scanner::scan_from`])
/// to `out`; returns where the last token ended.
fn print(units: &[u16], start: usize, stop: usize, lowercase: bool, out: &mut String) -> usize {
    // What the program prints: a token with a line break inside (markup whose quoted attribute
    // runs over the end of a caption) prints it, so the output still has one line per caption.
    let mut line_start = true;
    scanner::scan_from(units, start, stop, |t| match t {
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
    })
}

/// Whether pycocoevalcap drops `token` (the first byte rules out most tokens at once).
fn is_punctuation(token: &str) -> bool {
    matches!(token.as_bytes().first(), Some(b'\'' | b'`' | b'-' | b'.' | b'?' | b'!' | b',' | b':' | b';'))
        && PUNCTUATION.contains(&token)
}

/// pycocoevalcap's treatment of one output line: right-strip, split on `" "`, drop punctuation.
fn finish_line(line: &str) -> String {
    let line = whitespace::rstrip(line);
    let mut out = String::with_capacity(line.len());
    for (i, t) in line.split(' ').filter(|t| !is_punctuation(t)).enumerate() {
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
    fn parts_give_the_one_piece_result() {
        // Captions whose ends look into the next one (U.S. / etc. before a capital), and markup
        // running over a line's end, which forces the one-piece scan.
        let mut captions: Vec<String> = (0..3000)
            .map(|i| match i % 4 {
                0 => "They live in the U.S.".to_string(),
                1 => format!("About {i} dogs, etc."),
                2 => "A man (smiling) can't stop".to_string(),
                _ => "".to_string(),
            })
            .collect();
        let serial = ptb_lines(&captions, true, Some(1));
        assert_eq!(ptb_lines(&captions, true, Some(3)), serial);
        assert_eq!(serial[0], "they live in the u.s. .");
        captions[511] = "<a b='x".into();
        captions[512] = "y'> z".into();
        let serial = ptb_lines(&captions, false, Some(1));
        assert_eq!(ptb_lines(&captions, false, Some(2)), serial);
        assert_eq!(serial[511], "<a\u{a0}b='x");
        assert_eq!(serial[512], "y'> z");
    }

    #[test]
    fn captions_as_pycocoevalcap_returns_them() {
        let out = coco_tokenize(
            &[
                "A man's riding a horse.",
                "Two dogs (brown) can't play \u{a3}20-\u{a3}25",
                "",
                "!!!",
                "multi\nline caption",
            ],
            None,
        );
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
