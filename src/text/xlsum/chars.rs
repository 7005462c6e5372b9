//! Character classes by Unicode general category, as Python's `unicodedata` reports them.
use super::unicode_classes::CLASSES;

/// What the XL-Sum scorer's sanitizer and pre-tokenizer do with a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// U+0000, U+FFFD and categories C* other than `\t\n\r`: deleted (the text closes up).
    Removed,
    /// ` \t\n\r`, Zs, and Zl/Zp (which Python's `str.split()` splits on): separates words.
    Space,
    /// ASCII 33-47, 58-64, 91-96, 123-126 and categories P*: ends a word and is dropped.
    Punct,
    /// L*.
    Letter,
    /// M*: joins the token before it.
    Mark,
    /// N*.
    Number,
    /// S* outside ASCII: a token of its own in the pre-tokenizer.
    Symbol,
}

const NO_SPACE_SCRIPT: u8 = 0x10;
/// Set in the BMP table (not in the generated ranges) for a character that Rust's lowercasing
/// changes, so that lowercasing text of caseless or lower-case letters costs one lookup a
/// character instead of a search of the case tables.
const LOWERCASE_CHANGES: u8 = 0x20;

/// The generated class byte of `c`: a table for the Basic Multilingual Plane (every script of
/// the corpus; a binary search over the ~2,200 ranges for each of its non-ASCII characters was a
/// quarter of the time of a Greek or Bengali call), a binary search above it.
#[inline]
fn raw(c: char) -> u8 {
    let cp = c as u32;
    if cp < 0x80 {
        return ASCII[cp as usize];
    }
    if let Some(&b) = bmp().get(cp as usize) {
        return b;
    }
    let i = CLASSES.partition_point(|&(_, last, _)| last < cp);
    CLASSES[i].2
}

/// The class byte of every code point below U+10000 (64 KiB), built from the ranges on first use.
fn bmp() -> &'static [u8] {
    static BMP: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    BMP.get_or_init(|| {
        // Each range's class also covers any gap before it, as the binary search below does.
        let mut t = vec![0u8; 0x10000];
        let mut start = 0usize;
        for &(_, last, class) in CLASSES {
            let end = (last as usize).min(0xFFFF);
            t[start..=end].fill(class);
            start = end + 1;
            if start > 0xFFFF {
                break;
            }
        }
        for (cp, b) in t.iter_mut().enumerate() {
            if char::from_u32(cp as u32).is_some_and(|c| !lowercases_to_itself(c)) {
                *b |= LOWERCASE_CHANGES;
            }
        }
        t.into_boxed_slice()
    })
}

static ASCII: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = CLASSES[ascii_row(i as u32)].2;
        i += 1;
    }
    t
};

const fn ascii_row(cp: u32) -> usize {
    let mut i = 0;
    while CLASSES[i].1 < cp {
        i += 1;
    }
    i
}

/// The class of `c`.
#[inline]
pub fn class(c: char) -> Class {
    match raw(c) & 0x0f {
        0 => Class::Removed,
        1 => Class::Space,
        2 => Class::Punct,
        3 => Class::Letter,
        4 => Class::Mark,
        5 => Class::Number,
        _ => Class::Symbol,
    }
}

fn lowercases_to_itself(c: char) -> bool {
    let mut lower = c.to_lowercase();
    lower.len() == 1 && lower.next() == Some(c)
}

/// Whether `char::to_lowercase` maps `c` to anything but `c` itself.
#[inline]
pub fn lowercase_changes(c: char) -> bool {
    let cp = c as u32;
    if cp < 0x80 {
        c.is_ascii_uppercase()
    } else if let Some(&b) = bmp().get(cp as usize) {
        b & LOWERCASE_CHANGES != 0
    } else {
        !lowercases_to_itself(c)
    }
}

/// `str::to_lowercase`, borrowed when nothing changes; `slow(c)` for a character that changes
/// sends the whole text to `fallback` instead. Σ always does: its lower case depends on the
/// letters around it, which only `str::to_lowercase` looks at; every other character lowercases
/// on its own, so the text is copied piece by piece.
pub fn lowercase_with<'a>(
    text: &'a str,
    slow: impl Fn(char) -> bool,
    fallback: impl FnOnce(&str) -> String,
) -> std::borrow::Cow<'a, str> {
    let mut out = String::new();
    let mut copied = 0;
    for (i, c) in text.char_indices() {
        if !lowercase_changes(c) {
            continue;
        }
        if c == 'Σ' || slow(c) {
            return std::borrow::Cow::Owned(fallback(text));
        }
        if out.capacity() == 0 {
            out.reserve(text.len() + 4);
        }
        out.push_str(&text[copied..i]);
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.extend(c.to_lowercase());
        }
        copied = i + c.len_utf8();
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// `str::to_lowercase`, borrowed when it changes nothing.
pub fn to_lowercase(text: &str) -> std::borrow::Cow<'_, str> {
    lowercase_with(text, |_| false, str::to_lowercase)
}

/// Whether `c` belongs to a script written without spaces between words (Han, Hiragana,
/// Katakana, Thai, Lao, Khmer, Myanmar).
#[inline]
pub fn no_space_script(c: char) -> bool {
    raw(c) & NO_SPACE_SCRIPT != 0
}

/// The Unicode version of the tables.
pub fn unicode_version() -> &'static str {
    super::unicode_classes::UNICODE_VERSION
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bmp_table_agrees_with_the_ranges() {
        for cp in 0x80..0x10000u32 {
            let Some(c) = char::from_u32(cp) else { continue };
            let i = CLASSES.partition_point(|&(_, last, _)| last < cp);
            assert_eq!(raw(c) & !LOWERCASE_CHANGES, CLASSES[i].2, "U+{cp:04X}");
        }
    }

    #[test]
    fn lowercasing_agrees_with_the_standard_library() {
        for cp in 0..0x110000u32 {
            let Some(c) = char::from_u32(cp) else { continue };
            assert_eq!(lowercase_changes(c), !lowercases_to_itself(c), "U+{cp:04X}");
            let text = format!("x{c}Ab{c}");
            assert_eq!(to_lowercase(&text), text.to_lowercase(), "U+{cp:04X}");
        }
        for text in ["ΟΔΟΣ Σ", "ΣΑ", "aΣ", "İSTANBUL", "déjà VU", "Ⅻ Ⓐ 𐐀"] {
            assert_eq!(to_lowercase(text), text.to_lowercase());
        }
        assert!(matches!(to_lowercase("déjà vu"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn classes_of_sample_characters() {
        assert_eq!(class('a'), Class::Letter);
        assert_eq!(class('\u{0}'), Class::Removed);
        assert_eq!(class('\u{FFFD}'), Class::Removed);
        assert_eq!(class('\u{200B}'), Class::Removed); // Cf
        assert_eq!(class('\t'), Class::Space);
        assert_eq!(class('\u{3000}'), Class::Space);
        assert_eq!(class('\u{2028}'), Class::Space);
        assert_eq!(class('$'), Class::Punct);
        assert_eq!(class('«'), Class::Punct);
        assert_eq!(class('€'), Class::Symbol);
        assert_eq!(class('\u{0301}'), Class::Mark);
        assert_eq!(class('٣'), Class::Number);
        assert!(no_space_script('中') && no_space_script('ก') && !no_space_script('a'));
    }

    #[test]
    fn table_covers_every_code_point_in_order() {
        assert_eq!(CLASSES[0].0, 0);
        assert_eq!(CLASSES.last().unwrap().1, 0x10FFFF);
        for w in CLASSES.windows(2) {
            assert_eq!(w[0].1 + 1, w[1].0);
        }
    }
}
