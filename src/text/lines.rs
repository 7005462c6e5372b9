//! A UTF-8 text file as lines, the way sacrebleu's command reads its files: Python's
//! `open(path, encoding="utf-8", newline="\n")` splits lines at "\n" only (a lone "\r" stays in the
//! line) and every line is `str.rstrip()`ed. Reading here keeps the lines in one buffer, so that a
//! command hands whole files to the kernels without a Python string per line.
use crate::text::whitespace::rstrip;

/// Lines of one text: `text[spans[i].0..spans[i].1]` is line `i`, trailing whitespace removed.
#[derive(Debug, Default)]
pub struct Lines {
    text: String,
    spans: Vec<(usize, usize)>,
}

impl Lines {
    /// The lines of `text`. A last line without "\n" is a line; an empty text has none.
    pub fn from_text(text: String) -> Lines {
        let mut spans = Vec::with_capacity(text.len() / 64 + 1);
        let mut start = 0;
        let bytes = text.as_bytes();
        while start < bytes.len() {
            let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |p| start + p);
            let line = rstrip(&text[start..end]);
            spans.push((start, start + line.len()));
            start = end + 1;
        }
        Lines { text, spans }
    }

    /// The lines of a UTF-8 file, or `None` when it cannot be read or is not UTF-8 (callers then
    /// read it their usual way, which words the error).
    pub fn read_utf8(path: &std::path::Path) -> Option<Lines> {
        let bytes = std::fs::read(path).ok()?;
        String::from_utf8(bytes).ok().map(Lines::from_text)
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Line `i` (panics if out of range, as slices do).
    #[inline]
    pub fn get(&self, i: usize) -> &str {
        let (a, b) = self.spans[i];
        &self.text[a..b]
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.spans.iter().map(move |&(a, b)| &self.text[a..b])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        Lines::from_text(s.to_string()).iter().map(str::to_string).collect()
    }

    #[test]
    fn splits_at_newlines_only_and_strips_the_end() {
        assert_eq!(lines(""), Vec::<String>::new());
        assert_eq!(lines("\n"), [""]);
        assert_eq!(lines("a\n\nb"), ["a", "", "b"]);
        assert_eq!(lines("a \t\r\nb\rc \n"), ["a", "b\rc"]);
        assert_eq!(lines(" x\u{a0}\u{3000}\u{1f}\n"), [" x"]);
        assert_eq!(lines("é \u{2009}\n\u{200b}"), ["é", "\u{200b}"]); // U+200B is not a space
    }
}
