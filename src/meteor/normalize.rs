//! METEOR 1.5's `-norm` normalizer for English (`Normalizer.normalizeLine`): a Moses-style
//! tokenizer with the jar's additions (quotes and dashes unified, dashes between words and the dots
//! of `U.S.` dropped so that systems get partial credit), then `-norm`'s lowercasing (done by the
//! caller, after this).
//!
//! The jar does this with a fixed sequence of Java regular-expression replacements. Each is
//! reproduced here as the scan Java's `replaceAll` makes: leftmost match first, matches never
//! overlap, and a character consumed by one match cannot start or end the next (so `a,b,c` becomes
//! `a , b,c`, as in the jar). Character classes are the jar's: its "letters" are ASCII, Latin-1,
//! Latin Extended-A, Cyrillic and a few other ranges; `\s`, `\p{Digit}` and `\p{Lower}` are ASCII.
use std::collections::HashMap;
use std::sync::OnceLock;

use super::jar_lists::NONBREAKING_PREFIX_LINES;

/// The jar's `alpha` class.
fn alpha(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c,
            '\u{160}' | '\u{17D}' | '\u{161}' | '\u{17E}' | '\u{178}'
            | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{17E}'
            | '\u{400}'..='\u{4FF}' | '\u{500}'..='\u{527}' | '\u{A640}'..='\u{A66E}'
            | '\u{A67E}'..='\u{A697}' | '\u{1D00}'..='\u{1D7F}')
}

/// The jar's `alnum` class.
fn alnum(c: char) -> bool {
    c.is_ascii_digit() || alpha(c)
}

/// Java's `\s` (without UNICODE_CHARACTER_CLASS).
fn java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

/// The characters `r_white` turns into one space: the ASCII space and Unicode's wide spaces.
fn wide_space(c: char) -> bool {
    matches!(c, ' ' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{A0}')
}

/// `Pattern.compile("(X)[m](Y)").matcher(s).replaceAll(...)` for one-character classes X, Y and a
/// middle character `m`: the output of a match is `emit(x, y)`.
fn replace3(
    s: &[char],
    x: impl Fn(char) -> bool,
    m: char,
    y: impl Fn(char) -> bool,
    emit: &str,
) -> Vec<char> {
    let mut out = Vec::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        if i + 2 < s.len() && s[i + 1] == m && x(s[i]) && y(s[i + 2]) {
            for c in emit.chars() {
                match c {
                    '1' => out.push(s[i]),
                    '2' => out.push(s[i + 2]),
                    '_' => out.push(' '),
                    c => out.push(c),
                }
            }
            i += 3;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// Type of a nonbreaking prefix: always, or only before a number.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefix {
    Any,
    NumericOnly,
}

/// The jar's `english.prefixes`, read as `Normalizer.nbpList` reads it.
fn prefixes() -> &'static HashMap<&'static str, Prefix> {
    static PREFIXES: OnceLock<HashMap<&'static str, Prefix>> = OnceLock::new();
    PREFIXES.get_or_init(|| {
        let mut map = HashMap::new();
        for line in NONBREAKING_PREFIX_LINES {
            let mut tokens = super::java::tokens(line);
            let Some(pre) = tokens.next() else { continue };
            if pre.starts_with('#') {
                continue;
            }
            let kind =
                if tokens.next() == Some("#NUMERIC_ONLY#") { Prefix::NumericOnly } else { Prefix::Any };
            map.insert(pre, kind);
        }
        map
    })
}

/// `Normalizer.normalizeLine(line, LANG_EN, keep_punctuation)`.
pub fn normalize_english(line: &str, keep_punctuation: bool) -> String {
    // Lowercase ASCII letters, digits and spaces (most tokenized captions): no rule applies, and
    // the result is the words joined by single spaces.
    if line.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' ') {
        let mut out = String::with_capacity(line.len());
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        return out;
    }
    // Wrap in spaces; separate every character that is not a letter, digit, space or . ' ` , -
    // ‘ ’ from its neighbours.
    let mut s: Vec<char> = Vec::with_capacity(line.len() + 16);
    s.push(' ');
    for c in line.chars() {
        if alnum(c) || java_space(c) || matches!(c, '.' | '\'' | '`' | ',' | '-' | '\u{2018}' | '\u{2019}') {
            s.push(c);
        } else {
            s.extend([' ', c, ' ']);
        }
    }
    s.push(' ');

    // Runs of dots are escaped as DOTMULTI..., so that the dot rules below leave them whole.
    let mut escaped = Vec::with_capacity(s.len() + 16);
    let mut i = 0;
    while i < s.len() {
        if s[i] == '.' && s.get(i + 1) == Some(&'.') {
            escaped.extend(" DOTMULTI".chars());
            i += 1;
            while s.get(i) == Some(&'.') {
                escaped.push('.');
                i += 1;
            }
        } else {
            escaped.push(s[i]);
            i += 1;
        }
    }
    let mut line: String = escaped.into_iter().collect();
    while line.contains("DOTMULTI.") {
        line = dotmulti_before_other(&line);
        line = line.replace("DOTMULTI.", "DOTDOTMULTI");
    }
    let mut s: Vec<char> = line.chars().collect();

    // Commas split off except between digits.
    let digit = |c: char| c.is_ascii_digit();
    s = replace3(&s, |c| !digit(c), ',', |c| !digit(c), "1_,_2");
    s = replace3(&s, digit, ',', |c| !digit(c), "1_,_2");
    s = replace3(&s, |c| !digit(c), ',', digit, "1_,_2");

    // Quotes: ` ‘ ’ become ', and “ ” '' a spaced ".
    s = s.iter().map(|&c| if matches!(c, '`' | '\u{2018}' | '\u{2019}') { '\'' } else { c }).collect();
    let mut spaced = Vec::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        if matches!(s[i], '\u{201C}' | '\u{201D}') {
            spaced.extend([' ', '"', ' ']);
            i += 1;
        } else if s[i] == '\'' && s.get(i + 1) == Some(&'\'') {
            spaced.extend([' ', '"', ' ']);
            i += 2;
        } else {
            spaced.push(s[i]);
            i += 1;
        }
    }

    // Dashes: an en dash is a hyphen, and so is a double hyphen.
    let line: String = spaced.into_iter().collect();
    let line = line.replace('\u{2013}', "-").replace("--", "-");
    let mut s: Vec<char> = line.chars().collect();

    // A hyphen between letters or digits (or after a dot: U.S.-based) becomes a space.
    s = replace3(&s, |c| alnum(c) || c == '.', '-', alnum, "1_2");

    // English contractions split before the apostrophe.
    s = replace3(&s, |c| !alpha(c), '\'', |c| !alpha(c), "1_'_2");
    s = replace3(&s, |c| !alpha(c) && !c.is_ascii_digit(), '\'', alpha, "1_'_2");
    s = replace3(&s, alpha, '\'', |c| !alpha(c), "1_'_2");
    s = replace3(&s, alpha, '\'', alpha, "1_'2");
    s = replace3(&s, |c| c.is_ascii_digit(), '\'', |c| c == 's', "1_'2");

    // Words; a final dot is split off unless the word is a nonbreaking prefix.
    let line: String = s.into_iter().collect();
    let words: Vec<&str> = super::java::tokens(&line).collect();
    let prefixes = prefixes();
    let mut out = String::with_capacity(line.len() + 8);
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1);
        if super::java::utf16_len(word) > 1 && word.ends_with('.') {
            let pre = &word[..word.len() - 1];
            let kind = prefixes.get(pre).copied();
            if pre.contains('.') && pre.chars().any(alpha) {
                // U.S. -> US, to match output without the dots.
                out.push_str(&word.replace('.', ""));
            } else if kind == Some(Prefix::Any)
                || next.is_some_and(|n| n.starts_with(|c: char| c.is_ascii_lowercase()))
                || (kind == Some(Prefix::NumericOnly)
                    && next.is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit())))
            {
                // A nonbreaking prefix (or one before a number), or followed by a lowercase word
                // (the jar's trick for unlisted abbreviations such as "Inc."): the dot stays.
                out.push_str(word);
            } else {
                out.push_str(pre);
                out.push_str(" .");
            }
        } else {
            out.push_str(word);
        }
        out.push(' ');
    }

    // Unescape the runs of dots.
    let mut line = out;
    while line.contains("DOTDOTMULTI") {
        line = line.replace("DOTDOTMULTI", "DOTMULTI.");
    }
    let mut line = line.replace("DOTMULTI", ".");
    if !keep_punctuation {
        line = line.chars().map(|c| if alnum(c) { c } else { ' ' }).collect();
    }

    // Runs of spaces (the wide Unicode ones too) become one; the ends are trimmed.
    let mut squeezed = String::with_capacity(line.len());
    let mut in_run = false;
    for c in line.chars() {
        if wide_space(c) {
            if !in_run {
                squeezed.push(' ');
            }
            in_run = true;
        } else {
            squeezed.push(c);
            in_run = false;
        }
    }
    super::java::trim(&squeezed).to_string()
}

/// `DOTMULTI\.([^\.])` -> `DOTDOTMULTI $1`, Java's scan.
fn dotmulti_before_other(line: &str) -> String {
    const KEY: &str = "DOTMULTI.";
    let mut out = String::with_capacity(line.len() + 8);
    let mut rest = line;
    while let Some(at) = rest.find(KEY) {
        let after = &rest[at + KEY.len()..];
        match after.chars().next() {
            Some(c) if c != '.' => {
                out.push_str(&rest[..at]);
                out.push_str("DOTDOTMULTI ");
                out.push(c);
                rest = &after[c.len_utf8()..];
            }
            _ => {
                // No match starting here: keep the first character and look further on.
                let first = rest[at..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&rest[..at + first]);
                rest = &rest[at + first..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::normalize_english as norm;

    #[test]
    fn jar_examples() {
        // Outputs of `java -cp meteor-1.5.jar edu.cmu.meteor.util.Normalizer english true`.
        assert_eq!(norm("Hello, world!", true), "Hello , world !");
        assert_eq!(norm("a,b,c", true), "a , b,c");
        assert_eq!(
            norm("It's the U.S.-based firm's 1990's plan.", true),
            "It 's the US based firm 's 1990 's plan ."
        );
        assert_eq!(norm("Wait... what?", true), "Wait ... what ?");
        assert_eq!(norm("“Quoted” and ``old''", true), "\" Quoted \" and \" old \"");
        assert_eq!(
            norm("Mr. Smith paid $3.50 -- no, 1,000 dollars.", true),
            "Mr. Smith paid $ 3.50 - no , 1,000 dollars ."
        );
        assert_eq!(norm("No. 5 and no. end.", true), "No. 5 and no. end .");
        assert_eq!(norm("x–y", true), "x - y");
        assert_eq!(norm("  tab\there\u{a0}nbsp ", true), "tab here nbsp");
        assert_eq!(norm("Hello, world!", false), "Hello world");
    }
}
