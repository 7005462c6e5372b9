//! METEOR 1.5's paraphrase table (`paraphrase-en.gz`, 5.3 million entries): read from the user's
//! copy, never shipped. The gzip file holds triples of lines (a probability the jar ignores, a
//! reference phrase, a paraphrase of it); the jar keys the reference phrases in a trie and emits,
//! for each place a phrase starts, every paraphrase of every length found there, in file order.
//!
//! Reading the 272 MB of text takes seconds, so the table is turned once into a flat binary form
//! that the next processes read in milliseconds (the cache, see [`ParaphraseTable::open`]): the
//! vocabulary; every distinct phrase (reference or paraphrase side) and every beginning of one,
//! under an open-addressing hash of their word ids (so that a scan of a line stops as soon as no
//! phrase can continue); and for each reference phrase its paraphrases as phrase ids, sorted by id
//! with their rank in file order. A matcher then looks up the phrases of a line once, and finds
//! the paraphrases of a reference phrase present in the other line by binary search instead of
//! trying hundreds of paraphrases one by one.
use std::collections::hash_map::Entry;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};

const MAGIC: &[u8; 8] = b"RBPARA04";

/// A word id of the table's vocabulary; [`UNKNOWN`] for words it does not have.
pub type WordId = u32;
pub const UNKNOWN: WordId = u32::MAX;

/// The id of a distinct phrase of the table.
pub type PhraseId = u32;

/// The bytes of the flat form: built in memory, or the cache file mapped into memory (only the
/// pages a lookup touches are read, so a process starts without reading all 160 MB).
enum Bytes {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

/// The paraphrase table, in the flat form of the cache file. Its "nodes" are the phrases (ids
/// below `n_phrases`) and then the beginnings of phrases that are not phrases themselves.
pub struct ParaphraseTable {
    bytes: Bytes,
    /// This table's serial number, which the thread's [`Memo`] of lookups is tied to.
    serial: u64,
    vocab: Vocabulary,
    /// Bytes per word id in the node words (2 when the vocabulary allows).
    width: usize,
    n_phrases: usize,
    n_buckets: usize,
    max_phrase_len: usize,
    node_word_off: usize,
    node_words: usize,
    /// One byte per node: 1 if a longer phrase starts with it.
    node_extends: usize,
    /// Per bucket a u64: the high half of the hash, then node id + 1 (0: empty).
    buckets: usize,
    phrase_entry_off: usize,
    entry_para: usize,
    entry_rank: usize,
}

/// The table's words, indexed in place: the cache's vocabulary section holds them one a line,
/// and an open-addressing table of their ids by hash finds them there (a map of `String`s cost
/// an allocation per word, 43,000 for the jar's table, at every process start).
struct Vocabulary {
    /// Where each word starts in the cache's bytes; one more for the end of the last.
    starts: Vec<u32>,
    /// Word id + 1 by hash (0: empty); a power of two at least twice the words.
    slots: Vec<u32>,
}

fn word_hash(word: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(word);
    hash_finish(h.finish())
}

impl Vocabulary {
    /// The index of `text` (words ending in `\n`) found at `offset` in the cache's bytes, if it
    /// has `n` distinct words.
    fn index(text: &[u8], offset: usize, n: usize) -> Option<Vocabulary> {
        let mut starts = Vec::with_capacity(n + 1);
        let mut at = 0;
        for line in text.split_inclusive(|&b| b == b'\n') {
            starts.push(u32::try_from(offset + at).ok()?);
            at += line.len();
        }
        starts.push(u32::try_from(offset + at).ok()?);
        if starts.len() != n + 1 || text.last().is_some_and(|&b| b != b'\n') {
            return None;
        }
        let mask = (2 * n).max(16).next_power_of_two() - 1;
        let mut slots = vec![0u32; mask + 1];
        for (id, line) in text.split_inclusive(|&b| b == b'\n').enumerate() {
            let word = &line[..line.len() - 1];
            let mut slot = word_hash(word) as usize & mask;
            while slots[slot] != 0 {
                let other = slots[slot] as usize - 1;
                let (a, b) = (starts[other] as usize - offset, starts[other + 1] as usize - offset - 1);
                if &text[a..b] == word {
                    return None; // a word twice: not a table this build wrote
                }
                slot = (slot + 1) & mask;
            }
            slots[slot] = id as u32 + 1;
        }
        Some(Vocabulary { starts, slots })
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The id of `word` in the table whose bytes are `bytes`.
    fn get(&self, bytes: &[u8], word: &str) -> WordId {
        let mask = self.slots.len() - 1;
        let mut slot = word_hash(word.as_bytes()) as usize & mask;
        loop {
            let id = self.slots[slot];
            if id == 0 {
                return UNKNOWN;
            }
            let (a, b) = (self.starts[id as usize - 1] as usize, self.starts[id as usize] as usize - 1);
            if &bytes[a..b] == word.as_bytes() {
                return id - 1;
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// What a scan learned of the words of a line from their first lookup: their node (if any) and
/// whether it is a phrase with paraphrases.
#[derive(Clone, Copy)]
struct Known {
    node: Option<Node>,
    reference: bool,
}

/// The lookups a thread has made in one table, by their words packed in a number, for the
/// lines that follow: lines share most of their words and word pairs, and a lookup in the table
/// is a few cache misses (or page faults) in a file of a hundred megabytes, against one in this
/// small map. Tied to one table by its serial number; emptied when it reaches [`MEMO_LIMIT`]
/// entries.
struct Memo {
    table: u64,
    /// One-word phrases by word id (`None`: not looked up yet): a small array in cache, where a
    /// map of the longer ones would miss it.
    words: Vec<Option<Known>>,
    known: FxHashMap<u128, Known>,
}

const MEMO_LIMIT: usize = 1 << 18;

thread_local! {
    static MEMO: std::cell::RefCell<Memo> =
        std::cell::RefCell::new(Memo { table: 0, words: Vec::new(), known: FxHashMap::default() });
}

/// Serial numbers of the tables opened in this process (0: none).
static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The hash of a phrase of word ids, one word at a time from [`HASH_START`] (fixed here: the
/// cache stores its buckets), finished by [`hash_finish`].
const HASH_START: u64 = 0xcbf2_9ce4_8422_2325;

fn hash_step(h: u64, w: WordId) -> u64 {
    let h = (h ^ u64::from(w)).wrapping_mul(0x0000_0100_0000_01b3);
    h ^ (h >> 29)
}

fn hash_finish(h: u64) -> u64 {
    let h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ (h >> 32)
}

fn phrase_hash(words: impl Iterator<Item = WordId>) -> u64 {
    hash_finish(words.fold(HASH_START, hash_step))
}

/// A node found by [`ParaphraseTable::step`]: whether it is a phrase, and whether a longer phrase
/// starts with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub phrase: Option<PhraseId>,
    pub extends: bool,
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The size and modification time of the source file, which the cache records and checks.
fn source_stamp(path: &Path) -> Result<(u64, u64)> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::value("paraphrase_table", format!("cannot read {}: {e}", path.display())))?;
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64);
    Ok((meta.len(), mtime))
}

/// Lines as Java's `BufferedReader.readLine` splits them (at `\n`, `\r` or `\r\n`), decoded as
/// UTF-8 with replacement characters.
struct JavaLines<R: BufRead> {
    reader: R,
    buf: Vec<u8>,
    pending_cr: bool,
}

impl<R: BufRead> JavaLines<R> {
    fn next_line(&mut self) -> std::io::Result<Option<String>> {
        self.buf.clear();
        loop {
            let available = self.reader.fill_buf()?;
            if available.is_empty() {
                return Ok((!self.buf.is_empty()).then(|| String::from_utf8_lossy(&self.buf).into_owned()));
            }
            let mut start = 0;
            if self.pending_cr {
                self.pending_cr = false;
                if available[0] == b'\n' {
                    start = 1;
                }
            }
            match available[start..].iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(k) => {
                    let end = start + k;
                    self.buf.extend_from_slice(&available[start..end]);
                    self.pending_cr = available[end] == b'\r';
                    self.reader.consume(end + 1);
                    return Ok(Some(String::from_utf8_lossy(&self.buf).into_owned()));
                }
                None => {
                    let n = available.len();
                    self.buf.extend_from_slice(&available[start..]);
                    self.reader.consume(n);
                }
            }
        }
    }
}

impl ParaphraseTable {
    /// The table of the gzip file at `path`, through the cache in `cache_dir` if given: read from
    /// a cache file made for this file's size and modification time, or read from the gzip file
    /// and written there for the next time (an unwritable cache is skipped silently: the table is
    /// the same).
    pub fn open(path: &Path, cache_dir: Option<&Path>) -> Result<ParaphraseTable> {
        let stamp = source_stamp(path)?;
        let cache_file = cache_dir.map(|dir| cache_path(dir, path, stamp));
        if let Some(file) = &cache_file {
            if let Ok(f) = File::open(file) {
                // SAFETY: cache files are never written in place (a new one is renamed over the
                // old, which stays valid for the mappings of it), and `from_bytes` checks the
                // layout before anything is read through it.
                if let Ok(map) = unsafe { memmap2::Mmap::map(&f) } {
                    if let Some(table) = Self::from_bytes(Bytes::Mapped(map), stamp) {
                        return Ok(table);
                    }
                }
            }
        }
        let file = File::open(path)
            .map_err(|e| Error::value("paraphrase_table", format!("cannot open {}: {e}", path.display())))?;
        let bytes = build(BufReader::with_capacity(1 << 16, file), path, stamp)?;
        if let (Some(file), Some(dir)) = (&cache_file, cache_dir) {
            let _ = write_atomically(dir, file, &bytes);
        }
        Self::from_bytes(Bytes::Owned(bytes), stamp)
            .ok_or_else(|| Error::Input("paraphrase table: inconsistent build".into()))
    }

    /// A table from the text of a paraphrase file (not gzipped), for tests.
    pub fn from_text(text: &str) -> Result<ParaphraseTable> {
        let bytes = build_plain(text.as_bytes(), Path::new("<text>"), (0, 0))?;
        Self::from_bytes(Bytes::Owned(bytes), (0, 0))
            .ok_or_else(|| Error::Input("paraphrase table: inconsistent build".into()))
    }

    fn from_bytes(bytes: Bytes, stamp: (u64, u64)) -> Option<ParaphraseTable> {
        if bytes.len() < 52 || &bytes[..8] != MAGIC || (u64_at(&bytes, 8), u64_at(&bytes, 16)) != stamp {
            return None;
        }
        let width = u32_at(&bytes, 24) as usize;
        let n_vocab = u32_at(&bytes, 28) as usize;
        let n_phrases = u32_at(&bytes, 32) as usize;
        let n_nodes = u32_at(&bytes, 36) as usize;
        let n_entries = u32_at(&bytes, 40) as usize;
        let n_buckets = u32_at(&bytes, 44) as usize;
        let max_phrase_len = u32_at(&bytes, 48) as usize;
        let mut at = 52;
        let mut section = |bytes: &[u8]| -> Option<(usize, usize)> {
            let len = u64_at(bytes, at) as usize;
            let start = at + 8;
            at = start.checked_add(len)?;
            (at <= bytes.len()).then_some((start, len))
        };
        let (vocab_at, vocab_len) = section(&bytes)?;
        let (node_word_off, l1) = section(&bytes)?;
        let (node_words, l2) = section(&bytes)?;
        let (node_extends, l3) = section(&bytes)?;
        let (buckets, l4) = section(&bytes)?;
        let (phrase_entry_off, l5) = section(&bytes)?;
        let (entry_para, l6) = section(&bytes)?;
        let (entry_rank, l7) = section(&bytes)?;
        if !(width == 2 || width == 4)
            || n_phrases > n_nodes
            || l1 != 4 * (n_nodes + 1)
            || l2 != width * u32_at(&bytes, node_word_off + 4 * n_nodes) as usize
            || l3 != n_nodes
            || l4 != 8 * n_buckets
            || l5 != 4 * (n_phrases + 1)
            || l6 != 4 * n_entries
            || l7 != 4 * n_entries
            || !n_buckets.is_power_of_two()
        {
            return None;
        }
        std::str::from_utf8(&bytes[vocab_at..vocab_at + vocab_len]).ok()?;
        let vocab = Vocabulary::index(&bytes[vocab_at..vocab_at + vocab_len], vocab_at, n_vocab)?;
        Some(ParaphraseTable {
            bytes,
            serial: SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            vocab,
            width,
            n_phrases,
            n_buckets,
            max_phrase_len,
            node_word_off,
            node_words,
            node_extends,
            buckets,
            phrase_entry_off,
            entry_para,
            entry_rank,
        })
    }

    /// Whether the file at `path` is still the one this table was read from (same size and
    /// modification time).
    pub fn is_current(&self, path: &Path) -> bool {
        source_stamp(path).is_ok_and(|stamp| stamp == (u64_at(&self.bytes, 8), u64_at(&self.bytes, 16)))
    }

    /// The id of `word` ([`UNKNOWN`] if the table never uses it).
    pub fn word_id(&self, word: &str) -> WordId {
        self.vocab.get(&self.bytes, word)
    }

    /// This table's serial number: distinct for every table opened in this process.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The longest phrase of the table, in words.
    pub fn max_phrase_len(&self) -> usize {
        self.max_phrase_len
    }

    fn word(&self, k: usize) -> WordId {
        let at = self.node_words + k * self.width;
        if self.width == 2 {
            u32::from(u16::from_le_bytes([self.bytes[at], self.bytes[at + 1]]))
        } else {
            u32_at(&self.bytes, at)
        }
    }

    fn words_range(&self, node: usize) -> std::ops::Range<usize> {
        u32_at(&self.bytes, self.node_word_off + 4 * node) as usize
            ..u32_at(&self.bytes, self.node_word_off + 4 * node + 4) as usize
    }

    /// The number of words of phrase `p`.
    pub fn phrase_len(&self, p: PhraseId) -> usize {
        self.words_range(p as usize).len()
    }

    /// The node of `words` (a phrase or the beginning of one), given `hash`: the running hash of
    /// `words` (see [`Self::scan`]).
    fn find(&self, words: &[WordId], hash: u64) -> Option<Node> {
        let mask = self.n_buckets - 1;
        let finished = hash_finish(hash);
        let fingerprint = (finished >> 32) as u32;
        let mut slot = finished as usize & mask;
        loop {
            let bucket = u64_at(&self.bytes, self.buckets + 8 * slot);
            let id = bucket as u32;
            if id == 0 {
                return None;
            }
            if (bucket >> 32) as u32 == fingerprint {
                let node = (id - 1) as usize;
                let range = self.words_range(node);
                if range.len() == words.len() && range.zip(words).all(|(k, &w)| self.word(k) == w) {
                    return Some(Node {
                        phrase: (node < self.n_phrases).then_some(node as PhraseId),
                        extends: self.bytes[self.node_extends + node] != 0,
                    });
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The id of the phrase `words`, if the table has it (on either side).
    pub fn phrase_id(&self, words: &[WordId]) -> Option<PhraseId> {
        if words.is_empty() || words.len() > self.max_phrase_len || words.contains(&UNKNOWN) {
            return None;
        }
        self.find(words, words.iter().copied().fold(HASH_START, hash_step))?.phrase
    }

    /// Every phrase of the table starting at `start` in `line` (word ids): `f(length, phrase,
    /// has paraphrases)` for each, shortest first. Stops where no phrase can continue. What a
    /// lookup finds is remembered by the thread (see [`Memo`]) when the words of a phrase pack
    /// into its key.
    pub fn scan(&self, line: &[WordId], start: usize, mut f: impl FnMut(usize, PhraseId, bool)) {
        let packs = self.width == 2 && self.max_phrase_len <= 8;
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.table != self.serial || memo.known.len() >= MEMO_LIMIT {
                memo.table = self.serial;
                memo.known.clear();
                memo.words.clear();
                memo.words.resize(self.vocab.len(), None);
            }
            let (mut hash, mut key) = (HASH_START, 0u128);
            for len in 1..=self.max_phrase_len.min(line.len() - start) {
                let w = line[start + len - 1];
                if w == UNKNOWN {
                    return;
                }
                hash = hash_step(hash, w);
                // 16 bits a word, each nonzero: the words of up to 8 and their number in one key.
                key = key << 16 | u128::from(w + 1);
                let look = || {
                    let node = self.find(&line[start..start + len], hash);
                    let reference = node.and_then(|n| n.phrase).is_some_and(|p| self.is_reference(p));
                    Known { node, reference }
                };
                let known = if len == 1 {
                    // (w is a word of the table: UNKNOWN stopped the scan above.)
                    *memo.words[w as usize].get_or_insert_with(look)
                } else if packs {
                    *memo.known.entry(key).or_insert_with(look)
                } else {
                    look()
                };
                let Some(node) = known.node else { return };
                if let Some(p) = node.phrase {
                    f(len, p, known.reference);
                }
                if !node.extends {
                    return;
                }
            }
        })
    }

    /// The entries of `p` as a reference phrase (an index range for [`Self::entry`]), sorted by
    /// paraphrase id then file order; empty if `p` is never a reference phrase.
    pub fn entries(&self, p: PhraseId) -> std::ops::Range<usize> {
        let p = p as usize;
        u32_at(&self.bytes, self.phrase_entry_off + 4 * p) as usize
            ..u32_at(&self.bytes, self.phrase_entry_off + 4 * p + 4) as usize
    }

    /// Entry `e`: its paraphrase's phrase id and its rank among its reference phrase's entries in
    /// file order.
    pub fn entry(&self, e: usize) -> (PhraseId, u32) {
        (u32_at(&self.bytes, self.entry_para + 4 * e), u32_at(&self.bytes, self.entry_rank + 4 * e))
    }

    /// The paraphrases of `p` (see [`Self::entries`]).
    pub fn paraphrases(&self, p: PhraseId) -> impl ExactSizeIterator<Item = (PhraseId, u32)> + '_ {
        self.entries(p).map(|e| self.entry(e))
    }

    /// Whether `p` has paraphrases (is a reference phrase of some entry).
    pub fn is_reference(&self, p: PhraseId) -> bool {
        let p = p as usize;
        u32_at(&self.bytes, self.phrase_entry_off + 4 * p)
            != u32_at(&self.bytes, self.phrase_entry_off + 4 * p + 4)
    }
}

/// The cache file of a source file: named after its path, size and modification time.
fn cache_path(dir: &Path, source: &Path, (len, mtime): (u64, u64)) -> PathBuf {
    let full = std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf());
    let key = phrase_hash(full.to_string_lossy().bytes().map(u32::from).chain([len as u32, mtime as u32]));
    dir.join(format!("paraphrase-{key:016x}.rbpt"))
}

fn write_atomically(dir: &Path, file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = file.with_extension(format!("tmp{}", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, file)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn build(reader: impl BufRead, path: &Path, stamp: (u64, u64)) -> Result<Vec<u8>> {
    let gz = flate2::bufread::MultiGzDecoder::new(reader);
    build_plain(BufReader::with_capacity(1 << 16, gz), path, stamp)
}

fn build_plain(reader: impl Read, path: &Path, stamp: (u64, u64)) -> Result<Vec<u8>> {
    let bad = |e: String| Error::value("paraphrase_table", format!("{}: {e}", path.display()));
    let mut lines =
        JavaLines { reader: BufReader::with_capacity(1 << 16, reader), buf: Vec::new(), pending_cr: false };
    let mut vocab: FxHashMap<String, WordId> = FxHashMap::default();
    let mut vocab_order: Vec<String> = Vec::new();
    let mut phrases: FxHashMap<Vec<WordId>, PhraseId> = FxHashMap::default();
    let mut phrase_list: Vec<Vec<WordId>> = Vec::new();
    // Paraphrases of each reference phrase, in file order.
    let mut entries: FxHashMap<PhraseId, Vec<PhraseId>> = FxHashMap::default();
    let mut n = 0usize;
    let mut words: Vec<WordId> = Vec::new();
    let mut intern_words = |line: &str, out: &mut Vec<WordId>| {
        out.clear();
        for w in super::java::tokens(line) {
            let id = match vocab.get(w) {
                Some(&id) => id,
                None => {
                    let id = vocab_order.len() as WordId;
                    vocab.insert(w.to_string(), id);
                    vocab_order.push(w.to_string());
                    id
                }
            };
            out.push(id);
        }
    };
    let mut intern_phrase = |words: &[WordId]| -> PhraseId {
        match phrases.entry(words.to_vec()) {
            Entry::Occupied(o) => *o.get(),
            Entry::Vacant(v) => {
                phrase_list.push(v.key().clone());
                *v.insert((phrase_list.len() - 1) as PhraseId)
            }
        }
    };
    while lines.next_line().map_err(|e| bad(e.to_string()))?.is_some() {
        let reference = lines.next_line().map_err(|e| bad(e.to_string()))?;
        let paraphrase = lines.next_line().map_err(|e| bad(e.to_string()))?;
        let (Some(reference), Some(paraphrase)) = (reference, paraphrase) else {
            return Err(bad(format!(
                "entry {}: expected three lines (probability, phrase, paraphrase)",
                n + 1
            )));
        };
        n += 1;
        intern_words(&paraphrase, &mut words);
        if words.is_empty() {
            // The jar would loop forever on a match of no reference words.
            return Err(bad(format!("entry {n}: empty paraphrase")));
        }
        let para = intern_phrase(&words);
        intern_words(&reference, &mut words);
        // The jar's trie never emits an empty reference phrase: such entries cannot match.
        if !words.is_empty() {
            let r = intern_phrase(&words);
            entries.entry(r).or_default().push(para);
        }
    }
    // The beginnings of phrases that are not phrases, after them; which nodes extend.
    let n_phrases = phrase_list.len();
    let mut extends = vec![0u8; n_phrases];
    for p in 0..n_phrases {
        for k in 1..phrase_list[p].len() {
            let prefix: Vec<WordId> = phrase_list[p][..k].to_vec();
            let node = match phrases.get(&prefix) {
                Some(&node) => node as usize,
                None => {
                    phrase_list.push(prefix.clone());
                    extends.push(0);
                    let node = phrase_list.len() - 1;
                    phrases.insert(prefix, node as PhraseId);
                    node
                }
            };
            extends[node] = 1;
        }
    }
    drop(phrases);
    let width = if vocab_order.len() <= u16::MAX as usize { 2 } else { 4 };
    let n_nodes = phrase_list.len();
    let n_entries: usize = entries.values().map(Vec::len).sum();
    let max_phrase_len = phrase_list.iter().map(Vec::len).max().unwrap_or(0);
    // A load of about 0.8 (3.3 million nodes in 4 Mi buckets for the jar's table): a failed lookup
    // probes a dozen adjacent buckets, one or two cache lines, and the buckets take 32 MB, not 64.
    let n_buckets = (n_nodes + n_nodes / 4).max(16).next_power_of_two();
    if n_entries > u32::MAX as usize || phrase_list.iter().map(Vec::len).sum::<usize>() > u32::MAX as usize {
        return Err(bad("too large".into()));
    }

    let mut vocab_text = Vec::new();
    for w in &vocab_order {
        vocab_text.extend_from_slice(w.as_bytes());
        vocab_text.push(b'\n');
    }
    let mut node_word_off = Vec::with_capacity(4 * (n_nodes + 1));
    let mut node_words = Vec::new();
    let mut buckets = vec![0u64; n_buckets];
    let mut phrase_entry_off = Vec::with_capacity(4 * (n_phrases + 1));
    let mut entry_para = Vec::with_capacity(4 * n_entries);
    let mut entry_rank = Vec::with_capacity(4 * n_entries);
    let (mut words_so_far, mut entries_so_far) = (0u32, 0u32);
    node_word_off.extend_from_slice(&0u32.to_le_bytes());
    phrase_entry_off.extend_from_slice(&0u32.to_le_bytes());
    for (node, phrase) in phrase_list.iter().enumerate() {
        for &w in phrase {
            if width == 2 {
                node_words.extend_from_slice(&(w as u16).to_le_bytes());
            } else {
                node_words.extend_from_slice(&w.to_le_bytes());
            }
        }
        words_so_far += phrase.len() as u32;
        node_word_off.extend_from_slice(&words_so_far.to_le_bytes());
        let finished = phrase_hash(phrase.iter().copied());
        let mut slot = finished as usize & (n_buckets - 1);
        while buckets[slot] != 0 {
            slot = (slot + 1) & (n_buckets - 1);
        }
        buckets[slot] = ((finished >> 32) << 32) | (node as u64 + 1);
        if node < n_phrases {
            if let Some(list) = entries.get(&(node as PhraseId)) {
                let mut ranked: Vec<(PhraseId, u32)> =
                    list.iter().enumerate().map(|(k, &q)| (q, k as u32)).collect();
                ranked.sort_unstable();
                for (q, k) in ranked {
                    entry_para.extend_from_slice(&q.to_le_bytes());
                    entry_rank.extend_from_slice(&k.to_le_bytes());
                }
                entries_so_far += list.len() as u32;
            }
            phrase_entry_off.extend_from_slice(&entries_so_far.to_le_bytes());
        }
    }

    let mut out =
        Vec::with_capacity(64 + vocab_text.len() + node_words.len() + 8 * n_buckets + 8 * n_entries);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&stamp.0.to_le_bytes());
    out.extend_from_slice(&stamp.1.to_le_bytes());
    for v in [width, vocab_order.len(), n_phrases, n_nodes, n_entries, n_buckets, max_phrase_len] {
        out.extend_from_slice(&(v as u32).to_le_bytes());
    }
    let bucket_bytes: Vec<u8> = buckets.iter().flat_map(|b| b.to_le_bytes()).collect();
    for section in [
        &vocab_text,
        &node_word_off,
        &node_words,
        &extends,
        &bucket_bytes,
        &phrase_entry_off,
        &entry_para,
        &entry_rank,
    ] {
        out.extend_from_slice(&(section.len() as u64).to_le_bytes());
        out.extend_from_slice(section);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "0.5\nin order to\nto\n0.1\nof the\nof\n0.2\nin order to\nso as to\n0.3\nbig\nlarge\r\n0.3\r\nbig\r\nhuge\n";

    #[test]
    fn paraphrases_sorted_with_file_ranks() {
        let t = ParaphraseTable::from_text(TABLE).unwrap();
        let ids = |s: &str| s.split(' ').map(|w| t.word_id(w)).collect::<Vec<_>>();
        let phrase = |s: &str| t.phrase_id(&ids(s)).unwrap();
        let r = phrase("in order to");
        let mut got: Vec<(PhraseId, u32)> = t.paraphrases(r).collect();
        got.sort_by_key(|&(_, rank)| rank);
        assert_eq!(got, vec![(phrase("to"), 0), (phrase("so as to"), 1)]);
        // \r\n and \r end lines as in Java.
        assert_eq!(t.paraphrases(phrase("big")).len(), 2);
        assert!(t.is_reference(r) && !t.is_reference(phrase("huge")));
        assert_eq!(t.word_id("nowhere"), UNKNOWN);
        // The vocabulary's index: each word its own id, prefixes and the empty word none.
        let words = ["in", "order", "to", "so", "as", "of", "the", "big", "large", "huge"];
        let mut got: Vec<WordId> = words.iter().map(|w| t.word_id(w)).collect();
        got.sort_unstable();
        assert_eq!(got, (0..words.len() as WordId).collect::<Vec<_>>());
        assert_eq!(t.word_id("or"), UNKNOWN);
        assert_eq!(t.word_id("orders"), UNKNOWN);
        assert_eq!(t.word_id(""), UNKNOWN);
        assert!(t.phrase_id(&ids("order to")).is_none());
        assert_eq!(t.max_phrase_len(), 3);
        assert_eq!(t.phrase_len(r), 3);
        assert!(ParaphraseTable::from_text("0.1\na\n\n").is_err());
    }

    #[test]
    fn cache_round_trip() {
        let dir = std::env::temp_dir().join(format!("rougebleu-para-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let gz = dir.join("p.gz");
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(TABLE.as_bytes()).unwrap();
        std::fs::write(&gz, enc.finish().unwrap()).unwrap();
        let cache = dir.join("cache");
        let a = ParaphraseTable::open(&gz, Some(&cache)).unwrap();
        assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
        let b = ParaphraseTable::open(&gz, Some(&cache)).unwrap(); // from the cache
        assert_eq!(*a.bytes, *b.bytes);
        assert!(matches!(b.bytes, Bytes::Mapped(_)));
        assert!(ParaphraseTable::open(&dir.join("missing.gz"), None).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
