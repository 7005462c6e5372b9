//! Text units as ROUGE-1.5.5 reads them (`readText`, `readText_LCS`, `readBE`): sentence
//! extraction per input format, the `-l` / `-b` length limits, and the tokenizer. Perl runs on
//! bytes, so everything here is `&[u8]`: non-ASCII bytes are simply not letters.
use crate::error::{Error, Result};

/// The input formats of a ROUGE-1.5.5 configuration (`INPUT-FORMAT TYPE=` or `-z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SEE HTML: `<a name="N">[N]</a> <a href="#N" id=N>sentence</a>` lines.
    See,
    /// ISI: `<S SNTNO="N">sentence</S>` lines.
    Isi,
    /// One sentence per (non-empty) line.
    Spl,
    /// Basic Elements, one `head|modifier|relation` triple per line (only for `-3`).
    Simple,
}

impl Format {
    /// Parses a format name case-insensitively, as ROUGE-1.5.5 does.
    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_uppercase().as_str() {
            "SEE" => Some(Format::See),
            "ISI" => Some(Format::Isi),
            "SPL" => Some(Format::Spl),
            "SIMPLE" => Some(Format::Simple),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::See => "SEE",
            Format::Isi => "ISI",
            Format::Spl => "SPL",
            Format::Simple => "SIMPLE",
        }
    }
}

/// The length limit applied when a text is read (`-l` words or `-b` bytes); 0 means none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    None,
    Words(usize),
    Bytes(usize),
}

/// Perl's `\s` on a byte string (no Unicode semantics): space, \t, \n, \x0B, \f, \r.
#[inline]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Lines as Perl's `<FH>` returns them: each keeps its trailing "\n" (the last may lack one).
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split_inclusive(|&b| b == b'\n')
}

/// `split(/\s+/, $s)`: a leading empty field is kept when `s` starts with whitespace, trailing
/// empty fields are dropped.
pub fn perl_split_ws(s: &[u8]) -> Vec<&[u8]> {
    let mut fields: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    let mut start = 0;
    while i < s.len() {
        if is_space(s[i]) {
            fields.push(&s[start..i]);
            while i < s.len() && is_space(s[i]) {
                i += 1;
            }
            start = i;
        } else {
            i += 1;
        }
    }
    fields.push(&s[start..]);
    while fields.last().is_some_and(|f| f.is_empty()) {
        fields.pop();
    }
    fields
}

fn join_space(fields: &[&[u8]]) -> Vec<u8> {
    fields.join(&b' ')
}

/// Consumes `lit` at the front of `s`.
fn eat<'a>(s: &'a [u8], lit: &[u8]) -> Option<&'a [u8]> {
    s.strip_prefix(lit)
}

/// Consumes one or more bytes of `class` at the front of `s`.
fn eat_run(s: &[u8], class: impl Fn(u8) -> bool) -> Option<&[u8]> {
    let k = s.iter().take_while(|&&b| class(b)).count();
    (k > 0).then(|| &s[k..])
}

/// `[^<]+` at the front of `s`: the captured text and the rest.
fn text_run(s: &[u8]) -> Option<(&[u8], &[u8])> {
    let k = s.iter().take_while(|&&b| b != b'<').count();
    (k > 0).then(|| s.split_at(k))
}

fn digits(s: &[u8]) -> Option<&[u8]> {
    eat_run(s, |b| b.is_ascii_digit())
}

/// The sentence of one SEE line:
/// `^<a (size="[0-9]+" )?name="[0-9]+">\[[0-9]+\]</a>\s+<a href="#[0-9]+" id=[0-9]+>([^<]+)`.
fn see_sentence(line: &[u8]) -> Option<&[u8]> {
    let mut s = eat(line, b"<a ")?;
    if let Some(rest) = eat(s, b"size=\"") {
        s = eat(digits(rest)?, b"\" ")?;
    }
    s = eat(digits(eat(s, b"name=\"")?)?, b"\">[")?;
    s = eat(digits(s)?, b"]</a>")?;
    s = eat_run(s, is_space)?;
    s = eat(digits(eat(s, b"<a href=\"#")?)?, b"\" id=")?;
    s = eat(digits(s)?, b">")?;
    text_run(s).map(|(text, _)| text)
}

/// The sentence of one ISI line: `^<S SNTNO="[0-9a-z,]+">([^<]+)</S>`.
fn isi_sentence(line: &[u8]) -> Option<&[u8]> {
    let s = eat(line, b"<S SNTNO=\"")?;
    let s = eat(eat_run(s, |b| b.is_ascii_digit() || b.is_ascii_lowercase() || b == b',')?, b"\">")?;
    let (text, rest) = text_run(s)?;
    eat(rest, b"</S>").map(|_| text)
}

/// The sentences of a summary file, ASCII-lowercased (`tr/A-Z/a-z/`), as `readText` collects
/// them before any length limit.
pub fn sentences(bytes: &[u8], format: Format) -> Result<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    match format {
        Format::See => {
            for line in lines(bytes) {
                if let Some(text) = see_sentence(line) {
                    out.push(text.to_ascii_lowercase());
                }
            }
        }
        Format::Isi => {
            for line in lines(bytes) {
                if let Some(text) = isi_sentence(line) {
                    out.push(text.to_ascii_lowercase());
                }
            }
        }
        Format::Spl => {
            for line in lines(bytes) {
                let line = line.strip_suffix(b"\n").unwrap_or(line);
                if !line.is_empty() {
                    out.push(line.to_ascii_lowercase());
                }
            }
        }
        Format::Simple => {
            return Err(Error::Input(
                "input format SIMPLE holds Basic Elements and is only read by -3 (BE) scoring".into(),
            ))
        }
    }
    Ok(out)
}

/// The lines of a SIMPLE (Basic Elements) file, each without its "\n" (`readBE`).
pub fn be_lines(bytes: &[u8], format: Format) -> Result<Vec<Vec<u8>>> {
    match format {
        Format::Simple => Ok(lines(bytes).map(|l| l.strip_suffix(b"\n").unwrap_or(l).to_vec()).collect()),
        // ROUGE-1.5.5 accepts ISI for BE files but reads nothing from them.
        Format::Isi => Ok(Vec::new()),
        other => {
            Err(Error::Input(format!("-3 (Basic Elements) needs input format SIMPLE, not {}", other.name())))
        }
    }
}

/// The whole text the n-gram and skip-bigram measures see (`readText`): the sentences joined
/// by spaces, cut after `-l` words or `-b` bytes (counted on the sentences, not the joining
/// spaces). `None` when a limit leaves nothing (Perl's undefined text).
pub fn whole_text(sents: &[Vec<u8>], limit: Limit) -> Option<Vec<u8>> {
    let mut text: Vec<u8> = Vec::new();
    let mut used = 0usize;
    match limit {
        Limit::None => {
            let parts: Vec<&[u8]> = sents.iter().map(|s| s.as_slice()).collect();
            return Some(join_space(&parts));
        }
        Limit::Words(max) => {
            for s in sents {
                let words = perl_split_ws(s);
                if used + words.len() < max {
                    if used != 0 {
                        text.push(b' ');
                    }
                    text.extend_from_slice(s);
                    used += words.len();
                } else {
                    if used > 0 {
                        text.push(b' ');
                    }
                    text.extend_from_slice(&join_space(&words[..max - used]));
                    break;
                }
            }
        }
        Limit::Bytes(max) => {
            for s in sents {
                if used + s.len() < max {
                    if used != 0 {
                        text.push(b' ');
                    }
                    text.extend_from_slice(s);
                    used += s.len();
                } else {
                    if used > 0 {
                        text.push(b' ');
                    }
                    text.extend_from_slice(&s[..max - used]);
                    break;
                }
            }
        }
    }
    (!text.is_empty()).then_some(text)
}

/// The sentence units ROUGE-L and ROUGE-W see (`readText_LCS`). Under `-b` Perl never adds to
/// its byte counter here, so every sentence shorter than the limit is kept whole and the first
/// one that is not is cut to the limit: the limit effectively applies per sentence.
pub fn lcs_sentences(sents: &[Vec<u8>], limit: Limit) -> Vec<Vec<u8>> {
    match limit {
        Limit::None => sents.to_vec(),
        Limit::Words(max) => {
            let mut out = Vec::new();
            let mut used = 0usize;
            for s in sents {
                let words = perl_split_ws(s);
                if used + words.len() < max {
                    used += words.len();
                    out.push(s.clone());
                } else {
                    out.push(join_space(&words[..max - used]));
                    break;
                }
            }
            out
        }
        Limit::Bytes(max) => {
            let mut out = Vec::new();
            for s in sents {
                if s.len() < max {
                    out.push(s.clone());
                } else {
                    out.push(s[..max].to_vec());
                    break;
                }
            }
            out
        }
    }
}

/// The tokens of a text after ROUGE-1.5.5's clean-up (`s/-/ - /g; s/[^A-Za-z0-9\-]/ /g`, then
/// whitespace split), minus those that cannot pass its `/^[a-z0-9\$]/` test: the `-` tokens and
/// (never seen after lowercasing) tokens starting with an uppercase letter.
pub fn for_each_token(text: &[u8], mut emit: impl FnMut(&[u8])) {
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_alphanumeric() {
            let start = i;
            while i < text.len() && text[i].is_ascii_alphanumeric() {
                i += 1;
            }
            if !text[start].is_ascii_uppercase() {
                emit(&text[start..i]);
            }
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<String> {
        let mut v = Vec::new();
        for_each_token(text.as_bytes(), |t| v.push(String::from_utf8(t.to_vec()).unwrap()));
        v
    }

    #[test]
    fn tokenizer_splits_hyphens_and_drops_non_ascii() {
        assert_eq!(toks("state-of-the-art, caf\u{e9} $5"), ["state", "of", "the", "art", "caf", "5"]);
    }

    #[test]
    fn perl_split_keeps_leading_empty_field() {
        assert_eq!(perl_split_ws(b" a  b "), [&b""[..], b"a", b"b"]);
        assert!(perl_split_ws(b"   ").is_empty());
        assert!(perl_split_ws(b"").is_empty());
    }

    #[test]
    fn see_and_isi_lines() {
        let see = b"<a name=\"3\">[3]</a> <a href=\"#3\" id=3>The Cat sat.</a>\n";
        assert_eq!(sentences(see, Format::See).unwrap(), [b"the cat sat.".to_vec()]);
        let sized = b"<a size=\"12\" name=\"1\">[1]</a>\t<a href=\"#1\" id=1>x<b>y</b></a>\n";
        assert_eq!(sentences(sized, Format::See).unwrap(), [b"x".to_vec()]);
        let isi = b"<S SNTNO=\"1,a\">One two</S>\n<S SNTNO=\"2\">open\n";
        assert_eq!(sentences(isi, Format::Isi).unwrap(), [b"one two".to_vec()]);
        let spl = b"A\n\nB\r\nC";
        assert_eq!(sentences(spl, Format::Spl).unwrap(), [b"a".to_vec(), b"b\r".to_vec(), b"c".to_vec()]);
    }

    #[test]
    fn limits() {
        let s: Vec<Vec<u8>> = vec![b"a b c".to_vec(), b"d e".to_vec(), b"f".to_vec()];
        assert_eq!(whole_text(&s, Limit::Words(4)).unwrap(), b"a b c d");
        assert_eq!(whole_text(&s, Limit::Words(5)).unwrap(), b"a b c d e");
        assert_eq!(whole_text(&s, Limit::Bytes(7)).unwrap(), b"a b c d ");
        assert_eq!(lcs_sentences(&s, Limit::Words(4)), [b"a b c".to_vec(), b"d".to_vec()]);
        // Per-sentence byte limit for the LCS units.
        assert_eq!(lcs_sentences(&s, Limit::Bytes(4)), [b"a b ".to_vec()]);
        assert_eq!(lcs_sentences(&s, Limit::Bytes(6)), s);
        assert_eq!(whole_text(&[], Limit::Words(3)), None);
        assert_eq!(whole_text(&[], Limit::None), Some(Vec::new()));
    }
}
