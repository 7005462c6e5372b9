//! Readers for ROUGE-1.5.5 evaluation configurations.
//!
//! Two kinds exist: the XML configuration (`<ROUGE-EVAL>` with `<EVAL ID>` units holding
//! `PEER-ROOT`, `MODEL-ROOT`, `INPUT-FORMAT TYPE`, `PEERS/P ID` and `MODELS/M ID`), and, with
//! `-z FORMAT`, a plain list with one `peer model1 ... modelN` line per evaluation unit. Both are
//! read as ROUGE-1.5.5 reads them (element names are case-insensitive, text is stripped, a
//! repeated `EVAL ID` adds to the earlier unit, a later `P`/`M` with the same ID replaces the
//! file), but every problem is an error that names the file and line, never a crash or silent
//! zeros.
use rustc_hash::FxHashMap;

use super::text::{perl_split_ws, Format};
use super::{EvalInput, Source};
use crate::error::{Error, Result};

const FORMATS: &str = "SEE, SPL, ISI, SIMPLE";

/// One `<EVAL>`: its peers (system ID -> summary file) and models, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalUnit {
    pub id: String,
    pub format: Option<Format>,
    /// Line of the `<EVAL>` (or of the file-list line).
    pub line: usize,
    pub peer_root: Option<String>,
    pub model_root: Option<String>,
    /// (system ID, file), first-seen order; a repeated ID replaces the file.
    pub peers: Vec<(String, String)>,
    /// Model IDs in order (a repeated `M` is listed again, as ROUGE-1.5.5 does) and their files.
    pub model_ids: Vec<String>,
    pub model_files: FxHashMap<String, String>,
}

impl EvalUnit {
    fn new(id: String, line: usize) -> Self {
        EvalUnit {
            id,
            format: None,
            line,
            peer_root: None,
            model_root: None,
            peers: Vec::new(),
            model_ids: Vec::new(),
            model_files: FxHashMap::default(),
        }
    }

    pub fn peer_path(&self, system: &str) -> Option<String> {
        let (_, file) = self.peers.iter().find(|(s, _)| s == system)?;
        Some(join(self.peer_root.as_deref(), file))
    }

    pub fn model_paths(&self) -> Vec<String> {
        self.model_ids.iter().map(|m| join(self.model_root.as_deref(), &self.model_files[m])).collect()
    }

    pub fn has_peer(&self, system: &str) -> bool {
        self.peers.iter().any(|(s, _)| s == system)
    }
}

/// ROUGE-1.5.5 always builds "$root/$file"; a file without a root is taken as given, which is
/// the same file whenever Perl's path works.
fn join(root: Option<&str>, name: &str) -> String {
    match root {
        Some(r) => format!("{r}/{name}"),
        None => name.to_string(),
    }
}

/// A parsed configuration: evaluation units in file order and every system ID seen.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub path: String,
    pub evals: Vec<EvalUnit>,
    pub systems: Vec<String>,
}

impl Config {
    /// The engine's evaluation list for `systems` (in report order): each unit with the peers of
    /// those systems (as indices into `systems`) and its models, as paths.
    pub fn eval_inputs(&self, systems: &[String]) -> Vec<EvalInput> {
        let index: FxHashMap<&str, usize> =
            systems.iter().enumerate().map(|(i, s)| (s.as_str(), i)).collect();
        self.evals
            .iter()
            .map(|u| EvalInput {
                id: u.id.clone(),
                format: u.format.unwrap_or(Format::Spl),
                peers: u
                    .peers
                    .iter()
                    .filter_map(|(s, _)| Some((*index.get(s.as_str())?, Source::Path(u.peer_path(s)?))))
                    .collect(),
                models: u.model_paths().into_iter().map(Source::Path).collect(),
            })
            .collect()
    }
}

/// Python's `repr` of a string, which the messages use to show names exactly.
pub(crate) fn quoted(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// An OS error's reason without Rust's " (os error N)" suffix.
pub(crate) fn io_reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn read(path: &str) -> Result<Vec<u8>> {
    std::fs::read(path)
        .map_err(|e| Error::Config(format!("cannot read configuration {path}: {}", io_reason(&e))))
}

/// Perl's `\s` plus the two Latin-1 spaces a Unicode-aware strip also removes.
fn strip(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c' | '\x0b' | '\u{85}' | '\u{a0}'))
}

/// An XML configuration (in `ROUGE-test.xml` style), or with `list_format` (`-z`) a file list
/// whose peers are all named `system_id`.
pub fn read_config(path: &str, list_format: Option<&str>, system_id: &str) -> Result<Config> {
    match list_format {
        Some(fmt) => read_file_list(path, fmt, system_id),
        None => read_xml_config(path),
    }
}

/// A `-z` file list: `peer model1 ... modelN` per line, `#` comments and blank lines skipped;
/// units are numbered from 1.
pub fn read_file_list(path: &str, fmt: &str, system_id: &str) -> Result<Config> {
    let format = Format::parse(fmt).ok_or_else(|| {
        Error::Config(format!("unknown input format {} for -z (one of {FORMATS})", quoted(fmt)))
    })?;
    let data = read(path)?;
    let mut evals = Vec::new();
    for (k, raw) in data.split(|&b| b == b'\n').enumerate() {
        let lineno = k + 1;
        let files: Vec<&[u8]> = perl_split_ws(raw).into_iter().filter(|f| !f.is_empty()).collect();
        if raw.starts_with(b"#") || files.is_empty() {
            continue;
        }
        let text = |b: &[u8]| {
            std::str::from_utf8(b)
                .map(str::to_string)
                .map_err(|_| Error::Config(format!("{path}, line {lineno}: a file name is not UTF-8 text")))
        };
        if files.len() < 2 {
            let shown = String::from_utf8_lossy(raw);
            return Err(Error::Config(format!(
                "{path}, line {lineno}: a file list line needs a peer and at least one model, got {}",
                quoted(&shown)
            )));
        }
        let mut u = EvalUnit::new((evals.len() + 1).to_string(), lineno);
        u.format = Some(format);
        u.peers.push((system_id.to_string(), text(files[0])?));
        for (m, file) in files[1..].iter().enumerate() {
            let id = format!("M.{}", m + 1);
            u.model_files.insert(id.clone(), text(file)?);
            u.model_ids.push(id);
        }
        evals.push(u);
    }
    if evals.is_empty() {
        return Err(Error::Config(format!("{path}: the file list has no 'peer model...' line")));
    }
    Ok(Config { path: path.to_string(), evals, systems: vec![system_id.to_string()] })
}

/// The text of an XML file: UTF-8 (a byte-order mark is skipped), or Latin-1 when the
/// declaration says so; XML parsers hand ROUGE-1.5.5 the same characters.
fn xml_text(path: &str, data: Vec<u8>) -> Result<String> {
    let data = match data.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => rest.to_vec(),
        None => data,
    };
    match String::from_utf8(data) {
        Ok(s) => Ok(s),
        Err(e) => {
            let bytes = e.into_bytes();
            let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).to_ascii_lowercase();
            if head.starts_with("<?xml") && (head.contains("iso-8859-1") || head.contains("latin-1")) {
                return Ok(bytes.iter().map(|&b| b as char).collect());
            }
            Err(Error::Config(format!(
                "{path}: malformed XML: not UTF-8 text (declare encoding=\"ISO-8859-1\" for Latin-1)"
            )))
        }
    }
}

/// The text children of an element, in order.
fn texts<'a>(node: roxmltree::Node<'a, 'a>) -> impl Iterator<Item = &'a str> {
    node.children().filter(|c| c.is_text()).filter_map(|c| c.text())
}

struct XmlReader<'a> {
    path: &'a str,
    /// Byte offset where each line starts (roxmltree's own lookup rescans from the start).
    line_starts: Vec<usize>,
    evals: Vec<EvalUnit>,
    index: FxHashMap<String, usize>,
    systems: Vec<String>,
}

impl<'a> XmlReader<'a> {
    fn line(&self, node: roxmltree::Node) -> usize {
        let pos = node.range().start;
        self.line_starts.partition_point(|&s| s <= pos)
    }

    fn attr(&self, node: roxmltree::Node, name: &str) -> Result<String> {
        node.attribute(name).map(str::to_string).ok_or_else(|| {
            Error::Config(format!(
                "{}, line {}: <{}> has no {name} attribute",
                self.path,
                self.line(node),
                node.tag_name().name()
            ))
        })
    }

    fn unit(&mut self, eval: Option<usize>, node: roxmltree::Node) -> Result<&mut EvalUnit> {
        match eval {
            Some(i) => Ok(&mut self.evals[i]),
            None => Err(Error::Config(format!(
                "{}, line {}: <{}> outside an <EVAL>",
                self.path,
                self.line(node),
                node.tag_name().name()
            ))),
        }
    }

    fn walk(&mut self, node: roxmltree::Node<'a, 'a>, mut eval: Option<usize>) -> Result<()> {
        let name = node.tag_name().name().to_ascii_uppercase();
        match name.as_str() {
            "EVAL" => {
                let id = self.attr(node, "ID")?;
                let i = match self.index.get(&id) {
                    Some(&i) => i,
                    None => {
                        self.evals.push(EvalUnit::new(id.clone(), self.line(node)));
                        self.index.insert(id, self.evals.len() - 1);
                        self.evals.len() - 1
                    }
                };
                eval = Some(i);
                for c in node.children().filter(|c| c.is_element()) {
                    self.walk(c, eval)?;
                }
            }
            "INPUT-FORMAT" => {
                let fmt = self.attr(node, "TYPE")?;
                let format = Format::parse(&fmt).ok_or_else(|| {
                    Error::Config(format!(
                        "{}, line {}: unknown input format {} (one of {FORMATS})",
                        self.path,
                        self.line(node),
                        quoted(&fmt)
                    ))
                })?;
                self.unit(eval, node)?.format = Some(format);
            }
            "PEER-ROOT" | "MODEL-ROOT" => {
                let u = self.unit(eval, node)?;
                // The last text node wins, as in ROUGE-1.5.5.
                for t in texts(node) {
                    let root = Some(strip(t).to_string());
                    if name == "PEER-ROOT" {
                        u.peer_root = root;
                    } else {
                        u.model_root = root;
                    }
                }
            }
            "PEERS" | "MODELS" => {
                let peers = name == "PEERS";
                self.unit(eval, node)?;
                let want = if peers { "P" } else { "M" };
                for c in node.children().filter(|c| c.is_element()) {
                    if !c.tag_name().name().eq_ignore_ascii_case(want) {
                        continue;
                    }
                    let id = self.attr(c, "ID")?;
                    let line = self.line(c);
                    let path = self.path;
                    let u = &mut self.evals[eval.expect("checked by unit()")];
                    // An element without text keeps the file an earlier one with this ID gave.
                    let earlier = if peers {
                        u.peers.iter().find(|(s, _)| *s == id).map(|(_, f)| f.clone())
                    } else {
                        u.model_files.get(&id).cloned()
                    };
                    let file = match texts(c).last() {
                        Some(t) => strip(t).to_string(),
                        None => earlier.unwrap_or_default(),
                    };
                    if file.is_empty() {
                        let what = if peers { "peer" } else { "model" };
                        return Err(Error::Config(format!(
                            "{path}, line {line}: {what} {} of EVAL {} names no file",
                            quoted(&id),
                            quoted(&u.id)
                        )));
                    }
                    if peers {
                        match u.peers.iter_mut().find(|(s, _)| *s == id) {
                            Some(p) => p.1 = file,
                            None => u.peers.push((id.clone(), file)),
                        }
                        if !self.systems.contains(&id) {
                            self.systems.push(id);
                        }
                    } else {
                        u.model_ids.push(id.clone());
                        u.model_files.insert(id, file);
                    }
                }
            }
            _ => {
                for c in node.children().filter(|c| c.is_element()) {
                    self.walk(c, eval)?;
                }
            }
        }
        Ok(())
    }
}

/// An XML ROUGE-1.5.5 configuration.
pub fn read_xml_config(path: &str) -> Result<Config> {
    let text = xml_text(path, read(path)?)?;
    let opts = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = roxmltree::Document::parse_with_options(&text, opts).map_err(|e| {
        Error::Config(format!("{path}, line {}: malformed XML: {}", e.pos().row, xml_problem(&e)))
    })?;
    let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut r =
        XmlReader { path, line_starts, evals: Vec::new(), index: FxHashMap::default(), systems: Vec::new() };
    r.walk(doc.root_element(), None)?;
    if r.evals.is_empty() {
        return Err(Error::Config(format!(
            "{path}: no <EVAL> element: not a ROUGE evaluation configuration"
        )));
    }
    for u in &r.evals {
        let at = format!("{path}, line {}: EVAL {}", u.line, quoted(&u.id));
        if u.format.is_none() {
            return Err(Error::Config(format!("{at} has no <INPUT-FORMAT TYPE=...>")));
        }
        if u.model_ids.is_empty() {
            return Err(Error::Config(format!("{at} has no <MODELS> (model summaries)")));
        }
        if u.peers.is_empty() {
            return Err(Error::Config(format!("{at} has no <PEERS> (system summaries)")));
        }
    }
    Ok(Config { path: path.to_string(), evals: r.evals, systems: r.systems })
}

/// The parser's message without its position (the caller prints the line).
fn xml_problem(e: &roxmltree::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at ") {
        Some(i) if s[i + 4..].chars().all(|c| c.is_ascii_digit() || c == ':') => s[..i].to_string(),
        _ => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("rougebleu-config-{}-{name}", std::process::id()));
        std::fs::write(&dir, text).unwrap();
        dir.to_string_lossy().into_owned()
    }

    #[test]
    fn reads_units_roots_and_repeated_ids() {
        let p = write(
            "ok.xml",
            "<ROUGE-EVAL>\n<eval ID=\"b\">\n<PEER-ROOT>\n  peers \n</PEER-ROOT>\n<MODEL-ROOT>m</MODEL-ROOT>\n\
             <INPUT-FORMAT TYPE=\"spl\"/>\n<PEERS><P ID=\"2\">x</P><P ID=\"1\">y</P><P ID=\"2\">z</P></PEERS>\n\
             <MODELS><M ID=\"A\">a</M></MODELS>\n</eval>\n<EVAL ID=\"b\"><MODELS><M ID=\"B\">b</M></MODELS></EVAL>\n\
             </ROUGE-EVAL>\n",
        );
        let c = read_xml_config(&p).unwrap();
        assert_eq!(c.systems, ["2", "1"]);
        assert_eq!(c.evals.len(), 1);
        let u = &c.evals[0];
        assert_eq!((u.line, u.format), (2, Some(Format::Spl)));
        assert_eq!(u.peer_path("2").as_deref(), Some("peers/z"));
        assert_eq!(u.model_paths(), ["m/a", "m/b"]);
    }

    #[test]
    fn errors_name_file_and_line() {
        let p = write("bad.xml", "<ROUGE-EVAL>\n<EVAL ID='1'>\n<PEERS>\n</EVAL>\n");
        let e = read_xml_config(&p).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{p}, line 4: malformed XML")), "{e}");
        let p = write("noid.xml", "<R>\n<EVAL>\n</EVAL></R>");
        assert_eq!(
            read_xml_config(&p).unwrap_err().to_string(),
            format!("{p}, line 2: <EVAL> has no ID attribute")
        );
    }

    #[test]
    fn file_lists() {
        let p = write("l.lst", "# comment\n\npeer m1  m2\n");
        let c = read_file_list(&p, "SPL", "26").unwrap();
        assert_eq!(c.evals[0].id, "1");
        assert_eq!(c.evals[0].line, 3);
        assert_eq!(c.evals[0].model_paths(), ["m1", "m2"]);
        let p = write("l2.lst", "a b\nlonely\n");
        let e = read_file_list(&p, "SPL", "X").unwrap_err().to_string();
        assert!(
            e.ends_with("line 2: a file list line needs a peer and at least one model, got 'lonely'"),
            "{e}"
        );
    }

    #[test]
    fn python_style_quoting() {
        assert_eq!(quoted("S1"), "'S1'");
        assert_eq!(quoted("it's"), "\"it's\"");
        assert_eq!(quoted("a\tb"), "'a\\tb'");
    }
}
