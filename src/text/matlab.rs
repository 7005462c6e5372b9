//! MATLAB `tokenizedDocument`-style tokenization for English text.
//!
//! MATLAB documents its tokenizer as Unicode word segmentation (UAX #29, as ICU applies it)
//! extended to keep "complex tokens" whole: web addresses, e-mail addresses, hashtags,
//! @-mentions, emoticons and emoji. The rules here, in order:
//!
//! 1. Split the text at white space into chunks.
//! 2. Inside a chunk, find complex tokens left to right (each must not continue a word):
//!    - web address: `http://`, `https://`, `ftp://`, `file://` or `www.` followed by at least
//!      one character, up to the end of the chunk, minus trailing sentence punctuation
//!      (`. , ; : ! ? ' "` and a `)` `]` `}` that has no opening partner inside the address);
//!    - e-mail address: `local@domain.tld` (local part of letters, digits and `. _ % + -`;
//!      domain labels of letters, digits and `-`, at least one dot, last label two or more letters);
//!    - hashtag `#word` and @-mention `@word` (letters, digits and `_`, at least one of them);
//!    - emoticon: one of a fixed list of ASCII faces (`:)`, `:-(`, `;)`, `:D`, `<3`, `^_^`, ...),
//!      not directly followed by a letter or digit.
//! 3. The rest is split at UAX #29 word boundaries (Unicode 15 rules), so
//!    - words stay whole with inner apostrophes (`don't`, `dog's`, `can’t`) and inner dots
//!      between letters (`e.g` + `.`), numbers with inner `,` `.` (`3.14`, `1,000`), letters and
//!      digits together (`3pm`);
//!    - every other character is its own token (`dog.` -> `dog` `.`, `"hi!"` -> `"` `hi` `!` `"`,
//!      `well-known` -> `well` `-` `known`);
//!    - emoji sequences (skin tones, ZWJ sequences, flags, keycaps) stay whole, one per emoji;
//!    - as in ICU, a colon does not join letters (`a:b` -> `a` `:` `b`).
//!
//! Each token gets a type as MATLAB's `tokenDetails` reports it: letters, digits, punctuation,
//! email-address, web-address, hashtag, at-mention, emoticon, emoji or other.
use unicode_segmentation::UnicodeSegmentation;

/// How `tokenizedDocument` reads its input (MATLAB's `TokenizeMethod`): split by the rules above,
/// or taken as words already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenizeMethod {
    Unicode,
    None,
}

impl crate::options::Vocabulary for TokenizeMethod {
    const ARGUMENT: &'static str = "tokenize_method";
    const WHAT: &'static str = "tokenization method";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("unicode", TokenizeMethod::Unicode), ("none", TokenizeMethod::None)];
}

/// The type of a token (MATLAB `tokenDetails(...).Type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum TokenType {
    Letters = 0,
    Digits = 1,
    Punctuation = 2,
    EmailAddress = 3,
    WebAddress = 4,
    Hashtag = 5,
    AtMention = 6,
    Emoticon = 7,
    Emoji = 8,
    Other = 9,
}

impl TokenType {
    /// MATLAB's name of the type.
    pub fn name(self) -> &'static str {
        match self {
            TokenType::Letters => "letters",
            TokenType::Digits => "digits",
            TokenType::Punctuation => "punctuation",
            TokenType::EmailAddress => "email-address",
            TokenType::WebAddress => "web-address",
            TokenType::Hashtag => "hashtag",
            TokenType::AtMention => "at-mention",
            TokenType::Emoticon => "emoticon",
            TokenType::Emoji => "emoji",
            TokenType::Other => "other",
        }
    }
}

/// Emoticons kept whole, longest first so that `:-)` wins over `:-`.
const EMOTICONS: &[&str] = &[
    ">:-(", ":'-(", ":'-)", ">:(", ":-)", ":-(", ";-)", ":-D", ":-P", ":-p", ":-O", ":-o", ":-/", ":-|",
    ":-*", ":-]", ":-[", ":'(", ":')", "</3", "^_^", "-_-", "o_O", "O_o", "T_T", ":)", ":(", ";)", ":D",
    ";D", ":P", ":p", ";P", ";p", ":O", ":o", ":/", ":|", ":*", ":]", ":[", ":3", "<3", "=)", "=(", "=D",
    "^^",
];

const URL_PREFIXES: &[&str] = &["http://", "https://", "ftp://", "file://", "www."];

/// Tokens of `text` with their types, MATLAB-style (see the module documentation).
pub fn tokenize(text: &str) -> Vec<(String, TokenType)> {
    let mut out = Vec::new();
    for chunk in text.split(char::is_whitespace).filter(|c| !c.is_empty()) {
        tokenize_chunk(chunk, &mut out);
    }
    out
}

fn tokenize_chunk(chunk: &str, out: &mut Vec<(String, TokenType)>) {
    let mut plain_start = 0;
    let mut i = 0;
    let mut prev: Option<char> = None;
    while i < chunk.len() {
        let rest = &chunk[i..];
        let continues_word = prev.is_some_and(|p| p.is_alphanumeric() || p == '_');
        let found = if continues_word { None } else { complex_at(rest) };
        if let Some((len, kind)) = found {
            plain(&chunk[plain_start..i], out);
            out.push((rest[..len].to_string(), kind));
            i += len;
            plain_start = i;
            prev = chunk[..i].chars().next_back();
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            i += c.len_utf8();
            prev = Some(c);
        }
    }
    plain(&chunk[plain_start..], out);
}

/// A complex token starting at the beginning of `s`: its byte length and type.
fn complex_at(s: &str) -> Option<(usize, TokenType)> {
    let first = s.chars().next()?;
    if let Some(len) = web_address(s) {
        return Some((len, TokenType::WebAddress));
    }
    if first.is_alphanumeric() {
        return email_address(s).map(|len| (len, TokenType::EmailAddress));
    }
    if first == '#' || first == '@' {
        let len = word_run(&s[1..]);
        if len > 0 {
            let kind = if first == '#' { TokenType::Hashtag } else { TokenType::AtMention };
            return Some((1 + len, kind));
        }
        return None;
    }
    // An emoticon must not glue onto a preceding word character (checked by the caller) nor
    // run into a following one (`:Data` is not `:D` + `ata`).
    for e in EMOTICONS {
        if let Some(after) = s.strip_prefix(e) {
            if !after.chars().next().is_some_and(|c| c.is_alphanumeric()) {
                return Some((e.len(), TokenType::Emoticon));
            }
        }
    }
    None
}

/// Length of a run of letters, digits and underscores.
fn word_run(s: &str) -> usize {
    s.char_indices().find(|&(_, c)| !(c.is_alphanumeric() || c == '_')).map_or(s.len(), |(i, _)| i)
}

fn web_address(s: &str) -> Option<usize> {
    let prefix = URL_PREFIXES
        .iter()
        .find(|p| s.len() > p.len() && s.is_char_boundary(p.len()) && s[..p.len()].eq_ignore_ascii_case(p))?;
    // The address runs to the end of the chunk; trailing punctuation belongs to the sentence.
    let mut end = s.len();
    while let Some(c) = s[..end].chars().next_back() {
        let strip = match c {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '"' => true,
            ')' => s[..end].matches('(').count() < s[..end].matches(')').count(),
            ']' => s[..end].matches('[').count() < s[..end].matches(']').count(),
            '}' => s[..end].matches('{').count() < s[..end].matches('}').count(),
            _ => false,
        };
        if !strip || end - c.len_utf8() <= prefix.len() {
            break;
        }
        end -= c.len_utf8();
    }
    (end > prefix.len()).then_some(end)
}

fn email_address(s: &str) -> Option<usize> {
    let local = s
        .char_indices()
        .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '.' | '_' | '%' | '+' | '-')))
        .map_or(s.len(), |(i, _)| i);
    if local == 0 || !s[local..].starts_with('@') {
        return None;
    }
    let domain = &s[local + 1..];
    let mut end = 0; // byte length of the domain accepted so far (ends after a full label)
    let mut labels = 0;
    let mut last_label_letters = false;
    let mut pos = 0;
    loop {
        let label = domain[pos..]
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '-'))
            .map_or(domain.len() - pos, |(i, _)| i);
        if label == 0 {
            break;
        }
        labels += 1;
        let text = &domain[pos..pos + label];
        last_label_letters = text.chars().count() >= 2 && text.chars().all(char::is_alphabetic);
        end = pos + label;
        pos = end;
        if domain[pos..].starts_with('.')
            && domain[pos + 1..].chars().next().is_some_and(char::is_alphanumeric)
        {
            pos += 1;
        } else {
            break;
        }
    }
    (labels >= 2 && last_label_letters).then_some(local + 1 + end)
}

/// UAX #29 segmentation of text with no complex tokens in it.
fn plain(s: &str, out: &mut Vec<(String, TokenType)>) {
    for piece in s.split_word_bounds() {
        // ICU does not join letters across a colon, UAX #29's default does.
        if piece.contains(':') && piece.chars().count() > 1 {
            let mut start = 0;
            for (i, _) in piece.match_indices(':') {
                if i > start {
                    push_piece(&piece[start..i], out);
                }
                push_piece(":", out);
                start = i + 1;
            }
            if start < piece.len() {
                push_piece(&piece[start..], out);
            }
        } else {
            push_piece(piece, out);
        }
    }
}

fn push_piece(piece: &str, out: &mut Vec<(String, TokenType)>) {
    if piece.chars().all(char::is_whitespace) {
        return;
    }
    out.push((piece.to_string(), classify(piece)));
}

/// Joiners and marks that ride along with a base character.
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE00..=0xFE0F
        | 0xFE20..=0xFE2F | 0x200C | 0x200D | 0xE0020..=0xE007F | 0x1F3FB..=0x1F3FF)
        || (c.is_alphabetic() && !c.is_alphanumeric())
}

/// Characters that are emoji by default presentation (a sizeable part of Extended_Pictographic).
fn is_emoji_base(c: char) -> bool {
    matches!(c as u32,
        0x231A..=0x231B | 0x23E9..=0x23F3 | 0x23F8..=0x23FA | 0x25FD..=0x25FE | 0x2600..=0x27BF
        | 0x2934..=0x2935 | 0x2B05..=0x2B07 | 0x2B1B..=0x2B1C | 0x2B50 | 0x2B55 | 0x3030 | 0x303D
        | 0x3297 | 0x3299 | 0x1F000..=0x1F0FF | 0x1F10D..=0x1F1FF | 0x1F200..=0x1F2FF
        | 0x1F300..=0x1F3FA | 0x1F400..=0x1FAFF | 0x1FC00..=0x1FFFD)
}

/// Characters that are emoji only with the emoji variation selector U+FE0F (`©️`, `™️`, `↔️`).
fn is_text_pictograph(c: char) -> bool {
    matches!(c as u32, 0xA9 | 0xAE | 0x203C | 0x2049 | 0x2122 | 0x2139 | 0x2194..=0x21AA | 0x2328
        | 0x23CF | 0x24C2 | 0x25AA..=0x25FE)
}

fn classify(piece: &str) -> TokenType {
    let mut chars = piece.chars();
    let first = chars.next().unwrap_or(' ');
    if is_emoji_base(first)
        || (is_text_pictograph(first) && piece.contains('\u{FE0F}'))
        || piece.contains('\u{20E3}')
    {
        return TokenType::Emoji;
    }
    let (mut letters, mut digits, mut other) = (false, false, false);
    for c in piece.chars() {
        if c.is_alphabetic() {
            letters = true;
        } else if c.is_numeric() {
            digits = true;
        } else if is_mark(c) {
            // carried by the preceding character
        } else if matches!(c, '\'' | '’' | '.' | ',' | '·' | '_' | ';') {
            // inner separators of words and numbers (UAX #29 MidLetter / MidNum / ExtendNumLet)
            if piece.chars().count() == 1 {
                other = true;
            }
        } else {
            other = true;
        }
    }
    match (letters, digits, other) {
        (true, false, false) => TokenType::Letters,
        (false, true, false) => TokenType::Digits,
        (false, false, _) => TokenType::Punctuation,
        _ => TokenType::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        tokenize(s).into_iter().map(|(t, _)| t).collect()
    }

    fn kinds(s: &str) -> Vec<&'static str> {
        tokenize(s).into_iter().map(|(_, k)| k.name()).collect()
    }

    #[test]
    fn punctuation_is_split_off() {
        assert_eq!(toks("The lazy dog."), ["The", "lazy", "dog", "."]);
        assert_eq!(toks("\"Hi!\", she said..."), ["\"", "Hi", "!", "\"", ",", "she", "said", ".", ".", "."]);
        assert_eq!(toks("well-known a:b"), ["well", "-", "known", "a", ":", "b"]);
        assert_eq!(kinds("dog ."), ["letters", "punctuation"]);
    }

    #[test]
    fn contractions_and_numbers_stay_whole() {
        assert_eq!(toks("I don't know, can’t we?"), ["I", "don't", "know", ",", "can’t", "we", "?"]);
        assert_eq!(
            toks("It costs $3.50 or 1,000 at 3pm."),
            ["It", "costs", "$", "3.50", "or", "1,000", "at", "3pm", "."]
        );
        assert_eq!(kinds("3.50 3pm don't"), ["digits", "other", "letters"]);
    }

    #[test]
    fn complex_tokens_stay_whole() {
        assert_eq!(
            toks("See https://example.com/a?b=1, or www.mathworks.com."),
            ["See", "https://example.com/a?b=1", ",", "or", "www.mathworks.com", "."]
        );
        assert_eq!(toks("(see http://x.org/a_(b))"), ["(", "see", "http://x.org/a_(b)", ")"]);
        assert_eq!(toks("Mail jane.doe@example.co.uk today"), ["Mail", "jane.doe@example.co.uk", "today"]);
        assert_eq!(toks("#MATLAB rocks @mathworks!"), ["#MATLAB", "rocks", "@mathworks", "!"]);
        assert_eq!(toks("great :) and :-( <3 :Data"), ["great", ":)", "and", ":-(", "<3", ":", "Data"]);
        assert_eq!(
            kinds("x@y.com http://a.b #tag @me :)"),
            ["email-address", "web-address", "hashtag", "at-mention", "emoticon"]
        );
    }

    #[test]
    fn emoji_are_tokens() {
        assert_eq!(toks("fun😀😀 👍🏽 👨‍👩‍👧 🇬🇧"), ["fun", "😀", "😀", "👍🏽", "👨‍👩‍👧", "🇬🇧"]);
        assert_eq!(kinds("😀 👍🏽 👨‍👩‍👧 🇬🇧"), ["emoji"; 4]);
    }

    #[test]
    fn no_character_is_lost_on_random_text() {
        // Tricky pieces: prefixes of complex tokens, marks, joiners, emoji, multi-byte letters.
        let alphabet = [
            "a",
            "Z",
            "é",
            "ß",
            "3",
            ".",
            ",",
            ":",
            ";",
            "'",
            "’",
            "-",
            "_",
            "@",
            "#",
            "(",
            ")",
            "<",
            "3",
            "^",
            "http://",
            "www.",
            "x@y.co",
            " ",
            "\n",
            "\u{301}",
            "\u{200D}",
            "\u{FE0F}",
            "😀",
            "👍",
            "\u{1F3FD}",
            "🇫",
            "中",
            "\u{20E3}",
            "©",
            "\t",
        ];
        let mut x: u64 = 0x9E3779B97F4A7C15;
        for _ in 0..3000 {
            let mut text = String::new();
            x = crate::test_rng::xorshift(x);
            for _ in 0..(x % 24) {
                x = crate::test_rng::xorshift(x);
                text.push_str(alphabet[(x % alphabet.len() as u64) as usize]);
            }
            let joined: String = tokenize(&text).into_iter().map(|(t, _)| t).collect();
            let expected: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(joined, expected, "{text:?}");
        }
    }

    #[test]
    fn seed_documents() {
        assert_eq!(toks("The fast brown fox jumped over the lazy dog.").len(), 10);
        assert_eq!(toks("the fast brown fox jumped over the lazy dog").len(), 9);
        assert!(toks("  \n\t ").is_empty());
    }
}
