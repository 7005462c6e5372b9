//! Bengali: the rule-based stemmer of Rafi Kamal (2014), as the XL-Sum scorer calls it
//! (`RafiStemmer().stem_word(token)`, from banglakit/bengali-stemmer's parser), with the
//! `common.rules` file it reads (compiled in as `rules.rs`, MIT: LICENSE.md).
//!
//! The rules file holds groups (`{ ... }`) of suffixes, one per line, optionally `suffix -> repl`.
//! For each group in turn, the first suffix the word ends with is applied: with a replacement,
//! the replacement's letters overwrite the suffix's from its start (`.` keeps a letter) and the
//! word ends after them; without one, the suffix is removed if a letter other than a vowel sign
//! remains. As in the parser, suffix tests are literal, so the rules written with `.` as a
//! wildcard only match a literal `.` (which tokenized text never has).
use std::collections::HashMap;
use std::sync::OnceLock;

#[rustfmt::skip]
mod rules;
use rules::RULES;

/// Vowel signs that do not count as a letter of what remains (`st` in the parser).
const VOWEL_SIGNS: &[char] = &['া', 'ি', 'ী', 'ে', 'ু', 'ূ', 'ো'];

struct Rules {
    groups: Vec<Vec<Vec<char>>>,
    replacements: HashMap<Vec<char>, Vec<char>>,
}

/// Python's `str.isspace` (what the parser's `\s` removes).
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `RafiStemmerRuleParser`: strip, drop all whitespace, drop `#` comments, split `a->b`.
fn parse(content: &str) -> Rules {
    let mut lines: Vec<Vec<char>> = Vec::new();
    let mut replacements = HashMap::new();
    for raw in content.lines() {
        let mut line: String = raw.chars().filter(|&c| !is_py_space(c)).collect();
        if let Some(i) = line.find('#') {
            line.truncate(i);
        }
        if line.is_empty() {
            continue;
        }
        let (key, rule) = match line.find("->") {
            Some(i) => {
                // `_, suf = line.split("->")` fails on a second arrow; the parser then drops the line.
                if line[i + 2..].contains("->") {
                    continue;
                }
                (line[..i].to_string(), Some(line[i + 2..].to_string()))
            }
            None => (line.clone(), None),
        };
        if key.is_empty() {
            continue;
        }
        let key: Vec<char> = key.chars().collect();
        if let Some(rule) = rule.filter(|r| !r.is_empty()) {
            replacements.insert(key.clone(), rule.chars().collect());
        }
        lines.push(key);
    }
    let mut groups = Vec::new();
    let mut i = 0;
    let open: Vec<char> = vec!['{'];
    let close: Vec<char> = vec!['}'];
    while i < lines.len() {
        if lines[i] == open {
            let mut group = Vec::new();
            i += 1;
            while i < lines.len() && lines[i] != close {
                group.push(lines[i].clone());
                i += 1;
            }
            groups.push(group);
        }
        i += 1;
    }
    Rules { groups, replacements }
}

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| parse(RULES))
}

/// `RafiStemmer().stem_word(word)`.
pub fn stem(word: &str) -> String {
    let r = rules();
    let mut w: Vec<char> = word.chars().collect();
    for group in &r.groups {
        for suffix in group {
            if !w.ends_with(suffix) {
                continue;
            }
            let index = w.len() - suffix.len();
            if let Some(rep) = r.replacements.get(suffix) {
                for (k, &c) in rep.iter().enumerate() {
                    // A replacement longer than its suffix would make the parser raise; none is.
                    if c != '.' && index + k < w.len() {
                        w[index + k] = c;
                    }
                }
                w.truncate((index + rep.len()).min(w.len()));
            } else if w[..index].iter().any(|c| !VOWEL_SIGNS.contains(c)) {
                w.truncate(index);
            }
            break;
        }
    }
    w.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_file_parses_into_groups() {
        let r = rules();
        assert_eq!(r.groups.len(), 4);
        assert_eq!(r.replacements.len(), 7);
    }
}
