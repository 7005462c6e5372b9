//! What METEOR 1.5's line preparation needs of each word — its Java hash, its stem's hash, its
//! WordNet synset keys, its paraphrase-table id, whether it is a function word, its UTF-16
//! length — worked out once per thread and kept for the lines and calls that follow. Captions
//! and their references share a vocabulary of a few thousand words, so one hash lookup of the
//! word replaces a lookup (or a computation) per resource for every word of every line.
use std::cell::RefCell;
use std::sync::OnceLock;

use rustc_hash::{FxHashMap, FxHashSet};

use super::jar_lists::FUNCTION_WORDS;
use super::paraphrase::{ParaphraseTable, WordId};
use super::wordnet::WordNet;

/// Words a thread keeps before it starts over (a bound on its memory).
const LIMIT: usize = 200_000;

/// The resources a line is prepared with: which facts its words need.
#[derive(Clone, Copy)]
pub struct Needs<'a> {
    pub stem: bool,
    pub wordnet: Option<&'static WordNet>,
    pub paraphrase: Option<&'a ParaphraseTable>,
}

/// One word's facts. The stem, synsets and paraphrase id are filled the first time a line needs
/// them (a scorer without the stem module never stems).
#[derive(Clone, Copy)]
struct Facts {
    hash: i32,
    utf16_len: u32,
    function: bool,
    stem: Option<i32>,
    /// `start..end` in [`Lexicon::synsets`].
    synsets: Option<(u32, u32)>,
    /// One bit per synset key (the key's hash, mod 64): two words whose masks share no bit share
    /// no synset, which settles most pairs of the synonym matcher without comparing lists.
    synset_mask: u64,
    /// The word's id in the paraphrase table [`Lexicon::table`], if looked up.
    paraphrase: Option<WordId>,
}

/// A thread's words.
#[derive(Default)]
struct Lexicon {
    ids: FxHashMap<Box<str>, u32>,
    facts: Vec<Facts>,
    synsets: Vec<u32>,
    /// The serial number of the paraphrase table the `paraphrase` ids belong to.
    table: u64,
}

thread_local! {
    static LEXICON: RefCell<Lexicon> = RefCell::new(Lexicon::default());
}

fn function_words() -> &'static FxHashSet<&'static str> {
    static SET: OnceLock<FxHashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| FUNCTION_WORDS.iter().copied().collect())
}

/// The bit of synset key `key` in a word's synset mask.
fn synset_bit(key: u32) -> u64 {
    1 << (key.wrapping_mul(0x9e37_79b1) >> 26)
}

/// What the matchers compare, for each word of a line (see [`describe`]).
#[derive(Clone, Debug, Default)]
pub struct LineWords {
    pub hashes: Vec<i32>,
    /// Hashes of the Snowball stems (when a stem is needed).
    pub stems: Vec<i32>,
    /// METEOR synset keys of each word and its base forms, ascending (when WordNet is given):
    /// word `i`'s are `synsets[synset_starts[i]..synset_starts[i + 1]]`, with `synset_masks[i]`.
    pub synsets: Vec<u32>,
    pub synset_starts: Vec<u32>,
    pub synset_masks: Vec<u64>,
    /// Paraphrase-table word ids (when a table is given; [`UNKNOWN`] for words it lacks).
    pub paraphrase_ids: Vec<WordId>,
    pub function: Vec<bool>,
    /// UTF-16 length of each word (character-based scoring).
    pub lengths: Vec<u32>,
}

/// The facts of `words` (the tokens of a normalized line) that `needs` asks for.
pub fn describe<'w>(words: impl ExactSizeIterator<Item = &'w str>, needs: &Needs<'_>) -> LineWords {
    let n = words.len();
    let mut out = LineWords {
        hashes: Vec::with_capacity(n),
        stems: Vec::with_capacity(if needs.stem { n } else { 0 }),
        function: Vec::with_capacity(n),
        lengths: Vec::with_capacity(n),
        ..LineWords::default()
    };
    if needs.wordnet.is_some() {
        out.synset_starts.reserve(n + 1);
        out.synset_starts.push(0);
        out.synset_masks.reserve(n);
    }
    if needs.paraphrase.is_some() {
        out.paraphrase_ids.reserve(n);
    }
    LEXICON.with(|lexicon| {
        let mut lex = lexicon.borrow_mut();
        lex.start_line(needs);
        for word in words {
            let id = lex.id(word);
            let facts = lex.complete(id, word, needs);
            out.hashes.push(facts.hash);
            out.function.push(facts.function);
            out.lengths.push(facts.utf16_len);
            if needs.stem {
                out.stems.push(facts.stem.expect("completed"));
            }
            if needs.wordnet.is_some() {
                let (start, end) = facts.synsets.expect("completed");
                out.synsets.extend_from_slice(&lex.synsets[start as usize..end as usize]);
                out.synset_starts.push(out.synsets.len() as u32);
                out.synset_masks.push(facts.synset_mask);
            }
            if needs.paraphrase.is_some() {
                out.paraphrase_ids.push(facts.paraphrase.expect("completed"));
            }
        }
    });
    out
}

impl Lexicon {
    /// Starts over past [`LIMIT`] words, and forgets the paraphrase ids of another table.
    fn start_line(&mut self, needs: &Needs<'_>) {
        if self.ids.len() >= LIMIT {
            self.ids.clear();
            self.facts.clear();
            self.synsets.clear();
        }
        if let Some(table) = needs.paraphrase {
            if table.serial() != self.table {
                self.table = table.serial();
                self.facts.iter_mut().for_each(|f| f.paraphrase = None);
            }
        }
    }

    /// The thread's number for `word`, with the facts every line needs.
    fn id(&mut self, word: &str) -> usize {
        if let Some(&id) = self.ids.get(word) {
            return id as usize;
        }
        let function = if word.bytes().any(|b| b.is_ascii_uppercase()) || !word.is_ascii() {
            function_words().contains(word.to_lowercase().as_str())
        } else {
            function_words().contains(word)
        };
        self.facts.push(Facts {
            hash: super::java::string_hash(word),
            utf16_len: super::java::utf16_len(word) as u32,
            function,
            stem: None,
            synsets: None,
            synset_mask: 0,
            paraphrase: None,
        });
        let id = self.facts.len() - 1;
        self.ids.insert(word.into(), id as u32);
        id
    }

    /// The facts of word `id` (`word`), with those `needs` asks for filled in.
    fn complete(&mut self, id: usize, word: &str, needs: &Needs<'_>) -> Facts {
        let mut facts = self.facts[id];
        if needs.stem && facts.stem.is_none() {
            facts.stem = Some(super::java::string_hash(&crate::stem::meteor_snowball::stem(word)));
        }
        if let (Some(wn), None) = (needs.wordnet, facts.synsets) {
            let keys = wn.meteor_synsets(word);
            let start = self.synsets.len() as u32;
            facts.synset_mask = keys.iter().fold(0, |mask, &k| mask | synset_bit(k));
            self.synsets.extend_from_slice(&keys);
            facts.synsets = Some((start, self.synsets.len() as u32));
        }
        if let (Some(table), None) = (needs.paraphrase, facts.paraphrase) {
            facts.paraphrase = Some(table.word_id(word));
        }
        self.facts[id] = facts;
        facts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meteor::paraphrase::UNKNOWN;

    #[test]
    fn facts_as_computed_directly() {
        let table = ParaphraseTable::from_text("0.5\nlarge dog\nbig dog\n").unwrap();
        let needs = Needs { stem: true, wordnet: Some(WordNet::get()), paraphrase: Some(&table) };
        let words = ["The", "dogs", "dog", "large", "é", "dogs"];
        // Twice: the second line reads what the first left in the thread's lexicon.
        for _ in 0..2 {
            let got = describe(words.iter().copied(), &needs);
            for (i, w) in words.iter().enumerate() {
                assert_eq!(got.hashes[i], super::super::java::string_hash(w));
                let stem = crate::stem::meteor_snowball::stem(w);
                assert_eq!(got.stems[i], super::super::java::string_hash(&stem));
                let keys = WordNet::get().meteor_synsets(w);
                let range = got.synset_starts[i] as usize..got.synset_starts[i + 1] as usize;
                assert_eq!(got.synsets[range], keys[..]);
                assert_eq!(got.synset_masks[i] == 0, keys.is_empty());
                assert_eq!(got.paraphrase_ids[i], table.word_id(w));
                assert_eq!(got.lengths[i], w.chars().count() as u32);
            }
            assert_eq!(got.function, [true, false, false, false, false, false]);
            assert_ne!(got.paraphrase_ids[3], UNKNOWN);
        }
        // Without WordNet or a table, nothing of theirs.
        let bare = describe(words.iter().copied(), &Needs { stem: false, wordnet: None, paraphrase: None });
        assert!(bare.stems.is_empty() && bare.synset_starts.is_empty() && bare.paraphrase_ids.is_empty());
        // Another table: its own ids.
        let other = ParaphraseTable::from_text("0.5\ndogs\nhounds\n").unwrap();
        let got = describe(words.iter().copied(), &Needs { paraphrase: Some(&other), ..needs });
        assert_eq!(got.paraphrase_ids[1], other.word_id("dogs"));
        assert_eq!(got.paraphrase_ids[3], UNKNOWN);
    }
}
