//! The XL-Sum scorer's Burmese syllable segmenter (`BurmeseTokenizer`, rules after Ding et al.,
//! ACM TALLIP 2019), on the sanitized text.
use crate::text::whitespace::is_py_space;

const ASAT: char = '\u{103A}';
const VIRAMA: char = '\u{1039}';

/// Dependent signs that attach to the character before them.
fn is_dependent(c: char) -> bool {
    matches!(c as u32, 0x102B..=0x1032 | 0x1036..=0x1038 | 0x103B..=0x103E) || c == ASAT
}

/// The syllables of `text` (already lowercased and sanitized).
pub fn segment(text: &str) -> Vec<String> {
    // Normalise: ZWNJ is a space, dot-below + asat is written asat + dot-below; then all
    // whitespace goes (syllables are found from the letters alone).
    let text = text.replace('\u{200C}', " ").replace("\u{1037}\u{103A}", "\u{103A}\u{1037}");
    let chars: Vec<char> = text.chars().filter(|c| !is_py_space(*c)).collect();
    // Basic units: a character with the dependent signs that follow it.
    let mut units: Vec<String> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if i > 0 && is_dependent(c) {
            units.last_mut().expect("a unit before").push(c);
        } else {
            units.push(c.to_string());
        }
    }
    // A short unit with an asat closes the syllable before it. A unit merged away leaves an
    // empty slot, and the next merge goes into that slot, as in the reference's list.
    for i in 1..units.len() {
        if units[i].contains(ASAT) && units[i].chars().count() < 4 {
            let u = std::mem::take(&mut units[i]);
            units[i - 1].push_str(&u);
        }
    }
    // Glue units joined by a stacking virama (" ္ " -> "္", left to right, no overlap).
    let joined = units.iter().filter(|u| !u.is_empty()).map(String::as_str).collect::<Vec<_>>().join(" ");
    let glued = joined.replace(" \u{1039} ", &VIRAMA.to_string());
    glued.split(' ').filter(|s| !s.is_empty()).map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syllables() {
        // မြန်မာ: မ ြ န ် မ ာ -> units "မြ", "န်", "မာ"; "န်" has an asat and joins "မြ".
        assert_eq!(segment("မြန်မာ"), ["မြန်", "မာ"]);
        assert_eq!(segment("a b"), ["a", "b"]);
        assert!(segment("  ").is_empty());
    }
}
