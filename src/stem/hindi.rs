//! Hindi: the XL-Sum scorer's own `HindiStemmer` (`multilingual_rouge/stemmers.py`), suffix lists
//! after Ramanathan & Rao (2003). Lists are tried from the longest suffixes (5 code points) down to
//! 1; the list of length L applies only to tokens of more than L + 1 code points, and the first
//! listed suffix the token ends with is removed.

/// The suffixes, by length in code points, in the scorer's order.
const SUFFIXES: [(usize, &[&str]); 5] = [
    (5, &["ाएंगी", "ाएंगे", "ाऊंगी", "ाऊंगा", "ाइयाँ", "ाइयों", "ाइयां"]),
    (
        4,
        &[
            "ाएगी",
            "ाएगा",
            "ाओगी",
            "ाओगे",
            "एंगी",
            "ेंगी",
            "एंगे",
            "ेंगे",
            "ूंगी",
            "ूंगा",
            "ातीं",
            "नाओं",
            "नाएं",
            "ताओं",
            "ताएं",
            "ियाँ",
            "ियों",
            "ियां",
        ],
    ),
    (
        3,
        &[
            "ाकर",
            "ाइए",
            "ाईं",
            "ाया",
            "ेगी",
            "ेगा",
            "ोगी",
            "ोगे",
            "ाने",
            "ाना",
            "ाते",
            "ाती",
            "ाता",
            "तीं",
            "ाओं",
            "ाएं",
            "ुओं",
            "ुएं",
            "ुआं",
        ],
    ),
    (2, &["कर", "ाओ", "िए", "ाई", "ाए", "ने", "नी", "ना", "ते", "ीं", "ती", "ता", "ाँ", "ां", "ों", "ें"]),
    (1, &["ो", "े", "ू", "ु", "ी", "ि", "ा"]),
];

/// `HindiStemmer()(token)`.
pub fn stem(token: &str) -> &str {
    let n = token.chars().count();
    for (len, suffixes) in SUFFIXES {
        if n > len + 1 {
            if let Some(s) = suffixes.iter().find(|s| token.ends_with(**s)) {
                return &token[..token.len() - s.len()];
            }
        }
    }
    token
}
