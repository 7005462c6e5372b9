//! BERT's `tokenize_chinese_chars`: every CJK ideograph becomes a token of its own.

/// The CJK ideograph blocks BERT lists (not Hangul, Hiragana or Katakana).
#[inline]
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x20000..=0x2A6DF | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F | 0x2B820..=0x2CEAF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

/// Calls `emit` with the pieces of `token` around and between its CJK ideographs.
pub fn for_each_piece(token: &str, mut emit: impl FnMut(&str)) {
    if token.is_ascii() {
        emit(token);
        return;
    }
    let mut start = 0;
    for (i, c) in token.char_indices() {
        if is_cjk(c) {
            if i > start {
                emit(&token[start..i]);
            }
            let end = i + c.len_utf8();
            emit(&token[i..end]);
            start = end;
        }
    }
    if start < token.len() {
        emit(&token[start..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_around_ideographs() {
        let mut out = Vec::new();
        for_each_piece("ab中文c\u{301}字", |p| out.push(p.to_string()));
        assert_eq!(out, ["ab", "中", "文", "c\u{301}", "字"]);
    }
}
