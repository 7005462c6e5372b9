//! WordNet 3.0, decoded once per process from `data/wordnet.bin` (written by
//! tools/gen_meteor_data.py; its docstring gives the layout). It answers the two questions the
//! METEORs ask of WordNet:
//!
//! * NLTK's `meteor_score`: the lemma names of `wordnet.synsets(word)` over all parts of speech,
//!   with NLTK 3.10.4's `morphy` (exception lists, then one round of suffix rules, keeping the
//!   forms that are lemmas of that part of speech) — [`WordNet::nltk_synonyms`];
//! * METEOR 1.5's synonym module: the synsets of a word, of its exception-list base forms, or of
//!   the first base form its own suffix rules find — [`WordNet::meteor_synsets`]. METEOR keys
//!   synsets by offset, and a few synsets of different parts of speech share one; the file lists
//!   those merges so that the keys here compare as the jar's do.
//!
//! Licence: WordNet 3.0 (Princeton University), see data/NOTICE.md.
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

const DATA: &[u8] = include_bytes!("data/wordnet.bin");
const MAGIC: &[u8] = b"RBWORDNET\x00\x01\x00";

/// WordNet's parts of speech, in NLTK's `POS_LIST` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Noun = 0,
    Verb = 1,
    Adj = 2,
    Adv = 3,
}

const POS_LIST: [Pos; 4] = [Pos::Noun, Pos::Verb, Pos::Adj, Pos::Adv];

/// NLTK's `MORPHOLOGICAL_SUBSTITUTIONS` (suffix, replacement), per part of speech.
fn nltk_rules(pos: Pos) -> &'static [(&'static str, &'static str)] {
    match pos {
        Pos::Noun => &[
            ("s", ""),
            ("ses", "s"),
            ("ves", "f"),
            ("xes", "x"),
            ("zes", "z"),
            ("ches", "ch"),
            ("shes", "sh"),
            ("men", "man"),
            ("ies", "y"),
        ],
        Pos::Verb => &[
            ("s", ""),
            ("ies", "y"),
            ("es", "e"),
            ("es", ""),
            ("ed", "e"),
            ("ed", ""),
            ("ing", "e"),
            ("ing", ""),
        ],
        Pos::Adj => &[("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
        Pos::Adv => &[],
    }
}

/// METEOR 1.5's suffix rules (its `SynonymDictionary.morph`, from WordNet's morphy tables: noun,
/// verb, then adjective suffixes), tried in order; the first base that is a lemma wins.
const METEOR_RULES: [(&str, &str); 20] = [
    ("s", ""),
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("s", ""),
    ("ies", "y"),
    ("es", "e"),
    ("es", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("er", ""),
    ("est", ""),
    ("er", "e"),
    ("est", "e"),
];

pub struct WordNet {
    lemmas: Vec<&'static str>,
    lemma_ids: FxHashMap<&'static str, u32>,
    /// Synsets of lemma `i`: `lemma_synsets[lemma_starts[i]..lemma_starts[i + 1]]`, ascending
    /// (so grouped by part of speech).
    lemma_starts: Vec<u32>,
    lemma_synsets: Vec<u32>,
    /// The first synset id of each part of speech, and the number of synsets.
    pos_starts: [u32; 5],
    /// The `*.exc` lists: form -> base forms, per part of speech.
    exceptions: [FxHashMap<&'static str, Vec<&'static str>>; 4],
    /// METEOR's key of each synset (the smallest synset id of its merge group).
    meteor_key: Vec<u32>,
    /// NLTK's spellings of the synsets' lemma names, which only NLTK's METEOR asks for: decoded
    /// on its first question, so that METEOR 1.5 never spends the time.
    names: OnceLock<Names>,
}

/// NLTK's lemma names of each synset without `_` (ids into `names`), CSR like the lemmas'
/// synsets.
struct Names {
    name_starts: Vec<u32>,
    synset_names: Vec<u32>,
    names: Vec<&'static str>,
    name_ids: FxHashMap<&'static str, u32>,
}

/// A little-endian reader over the data file.
struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    fn section(&mut self) -> &'a [u8] {
        let (len, rest) = self.data.split_at(4);
        let len = u32::from_le_bytes(len.try_into().expect("4 bytes")) as usize;
        let (section, rest) = rest.split_at(len);
        self.data = rest;
        section
    }
}

fn leb128(bytes: &[u8], at: &mut usize) -> u32 {
    let mut value = 0u32;
    let mut shift = 0;
    loop {
        let b = bytes[*at];
        *at += 1;
        value |= u32::from(b & 0x7F) << shift;
        if b & 0x80 == 0 {
            return value;
        }
        shift += 7;
    }
}

/// `f(lemma, synset)` for each member of each synset, in the file's order (synsets ascending).
fn for_each_member(members: &[u8], pos_starts: &[u32; 5], mut f: impl FnMut(u32, u32)) {
    let mut at = 0;
    let mut first = 0u32;
    for s in 0..pos_starts[4] {
        if pos_starts[..4].contains(&s) {
            first = 0;
        }
        let count = leb128(members, &mut at);
        let mut lemma = first + leb128(members, &mut at);
        first = lemma;
        for k in 0..count {
            if k > 0 {
                lemma += leb128(members, &mut at);
            }
            f(lemma, s);
        }
    }
}

fn text(bytes: &'static [u8]) -> &'static str {
    std::str::from_utf8(bytes).expect("the WordNet data is UTF-8")
}

impl WordNet {
    /// The process-wide copy, decoded on first use (about 15 ms; NLTK's names on their first use,
    /// about 25 ms more).
    pub fn get() -> &'static WordNet {
        static WORDNET: OnceLock<WordNet> = OnceLock::new();
        WORDNET.get_or_init(WordNet::decode)
    }

    /// The data file's sections, in order.
    fn sections() -> [&'static [u8]; 7] {
        assert!(DATA.starts_with(MAGIC), "data/wordnet.bin: unknown format");
        let mut r = Reader { data: &DATA[MAGIC.len()..] };
        [r.section(), r.section(), r.section(), r.section(), r.section(), r.section(), r.section()]
    }

    fn decode() -> WordNet {
        let [front_coded, starts, members, _cases, _explicit, exceptions, merges] = Self::sections();

        // The strings live as long as the process (one decoded copy, kept in a static).
        let mut all: Vec<u8> = Vec::with_capacity(front_coded.len() * 2);
        let mut ranges = Vec::new();
        let (mut at, mut previous) = (0, 0);
        while at < front_coded.len() {
            let shared = front_coded[at] as usize;
            let end = at + 1 + front_coded[at + 1..].iter().position(|&b| b == b'\n').expect("lemma end");
            let start = all.len();
            all.extend_from_within(previous..previous + shared);
            all.extend_from_slice(&front_coded[at + 1..end]);
            ranges.push((start, all.len()));
            previous = start;
            at = end + 1;
        }
        let all: &'static str = Box::leak(String::from_utf8(all).expect("UTF-8 lemmas").into_boxed_str());
        let lemmas: Vec<&'static str> = ranges.iter().map(|&(a, b)| &all[a..b]).collect();
        let lemma_ids: FxHashMap<&'static str, u32> =
            lemmas.iter().enumerate().map(|(i, &l)| (l, i as u32)).collect();

        let mut pos_starts = [0u32; 5];
        for (k, chunk) in starts.chunks_exact(4).enumerate() {
            pos_starts[k] = u32::from_le_bytes(chunk.try_into().expect("4 bytes"));
        }
        let n_synsets = pos_starts[4] as usize;

        // Lemma -> synsets, ascending.
        let mut pairs: Vec<(u32, u32)> = Vec::new(); // (lemma, synset)
        for_each_member(members, &pos_starts, |lemma, s| pairs.push((lemma, s)));
        pairs.sort_unstable();
        let mut lemma_starts = vec![0u32; lemmas.len() + 1];
        for &(l, _) in &pairs {
            lemma_starts[l as usize + 1] += 1;
        }
        for i in 0..lemmas.len() {
            lemma_starts[i + 1] += lemma_starts[i];
        }
        let lemma_synsets: Vec<u32> = pairs.iter().map(|&(_, s)| s).collect();

        let mut exc: [FxHashMap<&'static str, Vec<&'static str>>; 4] = Default::default();
        for line in text(exceptions).lines() {
            let mut f = line.split('\t');
            let (p, form, bases) = (f.next(), f.next(), f.next());
            let (Some(p), Some(form), Some(bases)) = (p, form, bases) else { continue };
            let pos = match p {
                "n" => 0,
                "v" => 1,
                "a" => 2,
                _ => 3,
            };
            exc[pos].entry(form).or_default().extend(bases.split(' ').filter(|b| !b.is_empty()));
        }

        let mut meteor_key: Vec<u32> = (0..n_synsets as u32).collect();
        for line in text(merges).lines() {
            let group: Vec<u32> = line.split(' ').filter_map(|x| x.parse().ok()).collect();
            if let Some(&min) = group.iter().min() {
                for &s in &group {
                    meteor_key[s as usize] = min;
                }
            }
        }

        WordNet {
            lemmas,
            lemma_ids,
            lemma_starts,
            lemma_synsets,
            pos_starts,
            exceptions: exc,
            meteor_key,
            names: OnceLock::new(),
        }
    }

    /// NLTK's names of the synsets' lemmas (the file's member, case and explicit sections).
    fn names(&self) -> &Names {
        self.names.get_or_init(|| {
            let [_, _, members, cases, explicit, _, _] = Self::sections();
            let explicit_lines: Vec<&'static str> = text(explicit).lines().collect();
            let mut explicit_next = 0;
            let mut names: Vec<&'static str> = Vec::new();
            let mut name_ids: FxHashMap<&'static str, u32> = FxHashMap::default();
            // Interns a name; `owned` spellings are leaked only when new.
            let mut intern = |s: &str, keep: Option<&'static str>, names: &mut Vec<&'static str>| -> u32 {
                if let Some(&id) = name_ids.get(s) {
                    return id;
                }
                let stored: &'static str = keep.unwrap_or_else(|| Box::leak(s.to_string().into_boxed_str()));
                names.push(stored);
                name_ids.insert(stored, (names.len() - 1) as u32);
                (names.len() - 1) as u32
            };
            let n_synsets = self.pos_starts[4] as usize;
            let mut name_starts = Vec::with_capacity(n_synsets + 1);
            let mut synset_names = Vec::new();
            let mut pair = 0;
            let mut next_synset = 0u32;
            for_each_member(members, &self.pos_starts, |lemma, s| {
                // Synsets come in order: their names start here.
                while next_synset <= s {
                    name_starts.push(synset_names.len() as u32);
                    next_synset += 1;
                }
                let base = self.lemmas[lemma as usize];
                let code = cases[pair];
                pair += 1;
                if base.contains('_') {
                    return; // NLTK's meteor_score never uses these names
                }
                match code {
                    0 => synset_names.push(intern(base, Some(base), &mut names)),
                    1 | 2 => {
                        let mut spelled = base.to_string();
                        if code == 1 {
                            spelled[..1].make_ascii_uppercase();
                        } else {
                            spelled.make_ascii_uppercase();
                        }
                        synset_names.push(intern(&spelled, None, &mut names));
                    }
                    _ => {
                        let line = explicit_lines[explicit_next];
                        explicit_next += 1;
                        for n in line.split(' ') {
                            synset_names.push(intern(n, Some(n), &mut names));
                        }
                    }
                }
            });
            while name_starts.len() <= n_synsets {
                name_starts.push(synset_names.len() as u32);
            }
            Names { name_starts, synset_names, names, name_ids }
        })
    }

    fn synsets(&self, lemma: u32) -> &[u32] {
        &self.lemma_synsets
            [self.lemma_starts[lemma as usize] as usize..self.lemma_starts[lemma as usize + 1] as usize]
    }

    fn pos_range(&self, pos: Pos) -> std::ops::Range<u32> {
        self.pos_starts[pos as usize]..self.pos_starts[pos as usize + 1]
    }

    /// The lemma id of `form` if it is a lemma of part of speech `pos`.
    fn lemma_of(&self, form: &str, pos: Pos) -> Option<u32> {
        let id = *self.lemma_ids.get(form)?;
        let range = self.pos_range(pos);
        self.synsets(id).iter().any(|s| range.contains(s)).then_some(id)
    }

    /// NLTK 3.10.4's `_morphy(form, pos)`: the form itself and its exception-list bases (or, when
    /// it has none, the results of one round of suffix rules), those that are lemmas of `pos`,
    /// first occurrences in that order.
    fn nltk_morphy(&self, form: &str, pos: Pos, out: &mut Vec<u32>) {
        out.clear();
        let keep = |f: &str, out: &mut Vec<u32>| {
            if let Some(id) = self.lemma_of(f, pos) {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        };
        keep(form, out);
        if let Some(bases) = self.exceptions[pos as usize].get(form) {
            for b in bases {
                keep(b, out);
            }
        } else {
            let mut candidate = String::new();
            for &(old, new) in nltk_rules(pos) {
                if let Some(stem) = form.strip_suffix(old) {
                    candidate.clear();
                    candidate.push_str(stem);
                    candidate.push_str(new);
                    keep(&candidate, out);
                }
            }
        }
    }

    /// The name ids of the lemma names (without `_`) of `wordnet.synsets(word)` in NLTK 3.10.4,
    /// ascending, without repeats. `word` is lowercased as NLTK does (`str.lower`); the caller
    /// adds the word itself, as `meteor_score` does.
    pub fn nltk_synonyms(&self, word: &str) -> Vec<u32> {
        let n = self.names();
        let lower = word.to_lowercase();
        let mut out = Vec::new();
        let mut forms = Vec::new();
        for pos in POS_LIST {
            self.nltk_morphy(&lower, pos, &mut forms);
            let range = self.pos_range(pos);
            for &lemma in &forms {
                for &s in self.synsets(lemma).iter().filter(|s| range.contains(s)) {
                    let names = &n.synset_names
                        [n.name_starts[s as usize] as usize..n.name_starts[s as usize + 1] as usize];
                    out.extend_from_slice(names);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The id of a lemma name (as NLTK spells it), if WordNet has it.
    pub fn name_id(&self, name: &str) -> Option<u32> {
        self.names().name_ids.get(name).copied()
    }

    /// The name with id `id`.
    pub fn name(&self, id: u32) -> &'static str {
        self.names().names[id as usize]
    }

    /// METEOR 1.5's synsets of `word`: those of the word itself and those of its base forms (its
    /// exception-list bases if it has any, else the base METEOR's suffix rules find, if any), as
    /// METEOR's keys, ascending, without repeats (`SynonymMatcher`: `getSynSets(w)` and
    /// `getStemSynSets(w)` together). Case-sensitive, as the jar's lookups are.
    pub fn meteor_synsets(&self, word: &str) -> Vec<u32> {
        let mut out = Vec::new();
        self.meteor_add(word, &mut out);
        let mut excepted = false;
        for pos in POS_LIST {
            if let Some(bases) = self.exceptions[pos as usize].get(word) {
                excepted = true;
                for b in bases {
                    self.meteor_add(b, &mut out);
                }
            }
        }
        if !excepted {
            if let Some(base) = self.meteor_morph(word) {
                self.meteor_add(&base, &mut out);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn meteor_add(&self, word: &str, out: &mut Vec<u32>) {
        if let Some(&id) = self.lemma_ids.get(word) {
            out.extend(self.synsets(id).iter().map(|&s| self.meteor_key[s as usize]));
        }
    }

    /// METEOR's `morph`: words ending in `ss` or of two UTF-16 units or fewer are their own base;
    /// otherwise the first rule whose result is a lemma. (The jar also notes a `-ful` ending, but
    /// no rule can apply to such a word, so it never matters.)
    fn meteor_morph(&self, word: &str) -> Option<String> {
        if word.ends_with("ss") || super::java::utf16_len(word) <= 2 {
            return Some(word.to_string());
        }
        for (suffix, ending) in METEOR_RULES {
            if let Some(stem) = word.strip_suffix(suffix) {
                let base = format!("{stem}{ending}");
                if self.lemma_ids.contains_key(base.as_str()) {
                    return Some(base);
                }
            }
        }
        None
    }

    /// Number of lemmas (for tests and diagnostics).
    pub fn lemma_count(&self) -> usize {
        self.lemmas.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(w: &WordNet, word: &str) -> Vec<&'static str> {
        let mut v: Vec<&str> = w.nltk_synonyms(word).into_iter().map(|i| w.name(i)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn decodes_all_of_wordnet() {
        let w = WordNet::get();
        assert_eq!(w.lemma_count(), 147_306);
        assert_eq!(w.pos_starts[4], 117_659);
    }

    #[test]
    fn nltk_synonyms_as_nltk() {
        let w = WordNet::get();
        // nltk: set(l.name() for s in wn.synsets('car') for l in s.lemmas() if '_' not in l.name())
        assert_eq!(
            names(w, "car"),
            ["auto", "automobile", "car", "gondola", "machine", "motorcar", "railcar"]
        );
        // morphy: 'dogs' -> dog (noun, verb); case is NLTK's (the name 'Dog' stays out of 'dog'
        // only where WordNet spells it so).
        assert!(names(w, "dogs").contains(&"frump"));
        assert!(names(w, "Dogs").contains(&"hotdog"));
        // Exceptions: 'geese' -> goose; capitalised names keep their case.
        assert!(names(w, "geese").contains(&"goose"));
        assert!(names(w, "paris").contains(&"Paris"));
        assert!(names(w, "xyzzy").is_empty());
    }

    #[test]
    fn meteor_synsets_as_the_jar() {
        let w = WordNet::get();
        // "11" has a noun and an adjective synset in WordNet and two integers in the jar.
        assert_eq!(w.meteor_synsets("11").len(), 2);
        // Exceptions and suffix rules reach the base form's synsets.
        let goose = w.meteor_synsets("goose");
        assert!(w.meteor_synsets("geese").iter().all(|s| goose.contains(s)));
        let dog = w.meteor_synsets("dog");
        assert!(dog.iter().all(|s| w.meteor_synsets("dogs").contains(s)));
        // Case-sensitive, as the jar's lookups are.
        assert!(w.meteor_synsets("Dog").is_empty());
    }
}
