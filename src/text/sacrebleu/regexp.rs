//! Leftmost, non-overlapping substitution of two-character patterns, the only shape of regular
//! expression the sacrebleu tokenizers use (`(A)(B)` -> `\1 \2 ` or ` \1 \2`, and `(A)` -> ` \1 `).
//!
//! A hand-written scan is exactly Python's `re.sub` for such patterns: at each position try the
//! pair; on a match emit the replacement and resume after the second character, otherwise copy
//! one character and move on.

/// Where the spaces go around a matched pair `(a)(b)`.
#[derive(Clone, Copy)]
pub enum PairRepl {
    /// `\1 \2 `
    SpaceBetweenAndAfter,
    /// ` \1 \2`
    SpaceBeforeAndBetween,
}

/// `re.sub(r'(A)(B)', repl, line)` with `A`, `B` single-character classes.
pub fn sub_pair(
    line: &str,
    first: impl Fn(char) -> bool,
    second: impl Fn(char) -> bool,
    repl: PairRepl,
    out: &mut String,
) {
    out.clear();
    out.reserve(line.len() + line.len() / 4);
    let mut it = line.chars().peekable();
    while let Some(a) = it.next() {
        if first(a) {
            if let Some(&b) = it.peek() {
                if second(b) {
                    it.next();
                    match repl {
                        PairRepl::SpaceBetweenAndAfter => {
                            out.push(a);
                            out.push(' ');
                            out.push(b);
                            out.push(' ');
                        }
                        PairRepl::SpaceBeforeAndBetween => {
                            out.push(' ');
                            out.push(a);
                            out.push(' ');
                            out.push(b);
                        }
                    }
                    continue;
                }
            }
        }
        out.push(a);
    }
}

/// `re.sub(r'(A)', r' \1 ', line)` with `A` a single-character class.
pub fn pad_chars(line: &str, class: impl Fn(char) -> bool, out: &mut String) {
    out.clear();
    out.reserve(line.len() + line.len() / 4);
    for c in line.chars() {
        if class(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
}
