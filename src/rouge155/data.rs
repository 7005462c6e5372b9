//! ROUGE-1.5.5's data directory, read from its text files at run time: the SMART stop words
//! (`smart_common_words.txt`, used by `-s`) and the WordNet 2.0 exception lists
//! (`WordNet-2.0-Exceptions/{adj,adv,noun,verb}.exc`, used by `-m`). ROUGE-1.5.5 reads the
//! exceptions from a Berkeley DB built from those four files in that order, a later key
//! overwriting an earlier one, the value being the first base form on the line; building the
//! same table from the text needs no Berkeley DB.
use std::path::{Path, PathBuf};

use rustc_hash::{FxHashMap, FxHashSet};

use super::text::perl_split_ws;
use crate::error::{Error, Result};

pub const STOPWORDS_FILE: &str = "smart_common_words.txt";
pub const EXCEPTIONS_DIR: &str = "WordNet-2.0-Exceptions";
/// The order in which ROUGE's `buildExceptionDB.pl` fed the lists to the DB (later wins).
pub const EXCEPTION_LISTS: [&str; 4] = ["adj.exc", "adv.exc", "noun.exc", "verb.exc"];

/// Stop words and stemming exceptions; each is present only when asked for.
#[derive(Debug, Default, Clone)]
pub struct Resources {
    pub stopwords: Option<FxHashSet<Vec<u8>>>,
    pub exceptions: Option<FxHashMap<Vec<u8>, Vec<u8>>>,
}

/// Lines as Perl reads them with `chomp`: one trailing "\n" removed, "\r" kept.
fn chomped_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').map(|l| l.strip_suffix(b"\n").unwrap_or(l))
}

/// The stop-word set of a `smart_common_words.txt` (one word per line, taken verbatim).
pub fn parse_stopwords(bytes: &[u8]) -> FxHashSet<Vec<u8>> {
    chomped_lines(bytes).map(|l| l.to_vec()).collect()
}

/// Adds one `.exc` list to the table: `inflected base1 base2 ...` per line; the key is the
/// first whitespace-separated field and the value the second (empty when missing), exactly as
/// `split(/\s+/, $line)` yields them.
pub fn add_exceptions(table: &mut FxHashMap<Vec<u8>, Vec<u8>>, bytes: &[u8]) {
    for line in chomped_lines(bytes) {
        let fields = perl_split_ws(line);
        let key = fields.first().copied().unwrap_or(b"");
        let value = fields.get(1).copied().unwrap_or(b"");
        table.insert(key.to_vec(), value.to_vec());
    }
}

fn read(path: &Path, why: &str) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Error::Input(format!("cannot read {} ({why}): {e}", path.display())))
}

/// Loads what `stopwords` / `exceptions` ask for from a ROUGE data directory.
pub fn load(dir: &Path, stopwords: bool, exceptions: bool) -> Result<Resources> {
    if (stopwords || exceptions) && !dir.is_dir() {
        return Err(Error::Input(format!(
            "ROUGE data directory {} does not exist; pass -e DIR or set ROUGE_EVAL_HOME to a folder \
             with {STOPWORDS_FILE} and {EXCEPTIONS_DIR}/",
            dir.display()
        )));
    }
    let mut res = Resources::default();
    if stopwords {
        let bytes = read(&dir.join(STOPWORDS_FILE), "stop words for -s")?;
        res.stopwords = Some(parse_stopwords(&bytes));
    }
    if exceptions {
        let exc_dir: PathBuf = dir.join(EXCEPTIONS_DIR);
        if !exc_dir.is_dir() {
            let db = dir.join("WordNet-2.0.exc.db");
            let hint = if db.exists() {
                " (found WordNet-2.0.exc.db, but the Berkeley DB is not read: the text lists it was built from are needed)"
            } else {
                ""
            };
            return Err(Error::Input(format!(
                "stemming (-m) needs the WordNet exception lists {}/{{{}}}{hint}",
                exc_dir.display(),
                EXCEPTION_LISTS.join(",")
            )));
        }
        let mut table = FxHashMap::default();
        for name in EXCEPTION_LISTS {
            add_exceptions(&mut table, &read(&exc_dir.join(name), "WordNet exceptions for -m")?);
        }
        res.exceptions = Some(table);
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_list_wins_and_first_base_form_is_taken() {
        let mut t = FxHashMap::default();
        add_exceptions(&mut t, b"better good well\naxes ax axis\n");
        add_exceptions(&mut t, b"better well\n");
        assert_eq!(t[&b"better"[..]], b"well");
        assert_eq!(t[&b"axes"[..]], b"ax");
    }

    #[test]
    fn stopwords_are_chomped_lines() {
        let s = parse_stopwords(b"a\nthe\r\nof");
        assert!(s.contains(&b"a"[..]) && s.contains(&b"the\r"[..]) && s.contains(&b"of"[..]));
    }
}
