//! Basic Elements scoring (`-3`, `createBE`): each line of a SIMPLE file is a
//! `head|modifier|relation` triple; the mode decides which of them become counted keys.
use super::measures::Bag;
use super::text::perl_split_ws;
use super::tokens::Vocab;
use crate::error::{Error, Result};

/// The `-3` modes of ROUGE-1.5.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeMode {
    H,
    HM,
    HMR,
    HM1,
    HMR1,
    HMR2,
}

impl crate::options::Vocabulary for BeMode {
    // The core's argument; the Python API calls it `basic_elements`.
    const ARGUMENT: &'static str = "be_mode";
    const WHAT: &'static str = "basic-element mode";
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("H", BeMode::H),
        ("HM", BeMode::HM),
        ("HMR", BeMode::HMR),
        ("HM1", BeMode::HM1),
        ("HMR1", BeMode::HMR1),
        ("HMR2", BeMode::HMR2),
    ];
}

impl BeMode {
    pub fn name(self) -> &'static str {
        use crate::options::Vocabulary;
        Self::CHOICES.iter().find(|&&(_, m)| m == self).map_or("", |&(n, _)| n)
    }
}

/// Perl's `split(/\|/, $s)`: trailing empty fields dropped.
fn split_bar(s: &[u8]) -> Vec<&[u8]> {
    let mut f: Vec<&[u8]> = s.split(|&b| b == b'|').collect();
    while f.last().is_some_and(|x| x.is_empty()) {
        f.pop();
    }
    f
}

/// `MorphStemMulti`: stem every whitespace-separated word that has an ASCII letter or digit
/// (words with the uppercase PTB bracket tokens are left alone, as in Perl).
fn stem_multi(s: &[u8], vocab: &mut Vocab, out: &mut Vec<u8>) {
    const BRACKETS: [&[u8]; 6] = [b"-LRB-", b"-RRB-", b"-LSB-", b"-RSB-", b"-LCB-", b"-RCB-"];
    for (i, word) in perl_split_ws(s).into_iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        let stemmable = word.iter().any(|b| b.is_ascii_alphanumeric())
            && !BRACKETS.iter().any(|br| word.windows(br.len()).any(|w| w == *br));
        if stemmable {
            let id = vocab.stem_id(word);
            out.extend_from_slice(vocab.string(id));
        } else {
            out.extend_from_slice(word);
        }
    }
}

/// The BE keys of one file, interned in `vocab`.
pub fn be_bag(lines: &[Vec<u8>], mode: BeMode, stem: bool, vocab: &mut Vocab, path: &str) -> Result<Bag> {
    let mut bag = Bag::default();
    for (no, line) in lines.iter().enumerate() {
        let lower = line.to_ascii_lowercase();
        let f = split_bar(&lower);
        if f.len() != 3 {
            return Err(Error::Input(format!(
                "{path}, line {}: a Basic Element line must be HEAD|MODIFIER|RELATION, got {:?}",
                no + 1,
                String::from_utf8_lossy(line)
            )));
        }
        let (mut head, mut modifier) = (f[0].to_vec(), f[1].to_vec());
        if stem {
            if head.len() > 3 {
                let mut s = Vec::new();
                stem_multi(f[0], vocab, &mut s);
                head = s;
            }
            if modifier.len() > 3 {
                let mut s = Vec::new();
                stem_multi(f[1], vocab, &mut s);
                modifier = s;
            }
        }
        let key: Option<Vec<u8>> = match mode {
            BeMode::H => (modifier == b"nil").then(|| head.clone()),
            BeMode::HM => (modifier != b"nil").then(|| [&head[..], b"|", &modifier[..]].concat()),
            BeMode::HMR => (f[2] != b"nil").then(|| [&head[..], b"|", &modifier[..], b"|", f[2]].concat()),
            BeMode::HM1 => Some([&head[..], b"|", &modifier[..]].concat()),
            BeMode::HMR1 => (f[1] != b"nil").then(|| [&head[..], b"|", &modifier[..], b"|", f[2]].concat()),
            BeMode::HMR2 => Some([&head[..], b"|", &modifier[..], b"|", f[2]].concat()),
        };
        if let Some(k) = key {
            bag.add(vocab.intern(&k) as u64);
        }
    }
    Ok(bag)
}
