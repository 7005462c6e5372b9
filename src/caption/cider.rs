//! CIDEr-D exactly as pycocoevalcap's `Cider` computes it, and CIDEr as its authors' code
//! (Vedantam, Zitnick and Parikh 2015, `cider_scorer.py`) computes it.
//!
//! For each order n = 1..4 a caption is a vector of TF-IDF weights: the raw count of each n-gram
//! times `ref_len - ln(max(1, df))`, where `df` is the number of images whose reference set holds
//! the n-gram and `ref_len = ln(number of images)`. An n-gram of no reference set gets the full
//! `ref_len`: it adds nothing to a dot product but lengthens its vector. Against each reference:
//!
//! - CIDEr-D: `sum(min(c, r) * r) / (|c| |r|)` (the candidate's weights clipped by the
//!   reference's), times the Gaussian penalty `exp(-(l_c - l_r)^2 / (2 sigma^2))` on the difference
//!   of their numbers of bigrams (sigma = 6);
//! - CIDEr: the plain cosine `c . r / (|c| |r|)`.
//!
//! A caption's score is the mean over the orders of the sum over its references, divided by the
//! number of references, times 10 (in both: the paper's CIDEr, eq. 3, is this divided by 10).
//! The corpus score is the mean over captions. Every float operation is pycocoevalcap's, in its
//! order (dictionary insertion order, NumPy's pairwise `np.mean`, the C library's `pow`).
//!
//! Document frequencies come from the batch's own references (pycocoevalcap: every score depends
//! on the whole run) or from a [`DocumentFrequencies`] computed once over a corpus, as
//! self-critical sequence training does with its training references.
use std::io::{Read, Write};

use super::captions::{Captions, Text};
use super::ngrams::{Marks, NgramTable, Profiles};
use super::pyfloat::{numpy_mean, numpy_sum, pow};
use super::words::{Vocabulary, Words};
use crate::error::{Error, Result};
use crate::options::Vocabulary as OptionNames;
use crate::text::intern::Interner;
use crate::text::whitespace;

/// CIDEr-D (clipped, with the length penalty) or plain CIDEr.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Variant {
    CiderD { sigma: f64 },
    Cider,
}

/// The names are the variants; CIDEr-D's penalty width is its own argument ([`Variant::with_sigma`]).
impl OptionNames for Variant {
    const ARGUMENT: &'static str = "cider";
    const WHAT: &'static str = "CIDEr variant";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("cider-d", Variant::CiderD { sigma: 6.0 }), ("cider", Variant::Cider)];
}

impl Variant {
    /// This variant with CIDEr-D's Gaussian length penalty of width `sigma` (a positive number).
    pub fn with_sigma(self, sigma: f64) -> Result<Variant> {
        match self {
            Variant::CiderD { .. } if !(sigma.is_finite() && sigma > 0.0) => {
                Err(Error::value("sigma", format!("must be a positive number, got {sigma}")))
            }
            Variant::CiderD { .. } => Ok(Variant::CiderD { sigma }),
            Variant::Cider => Ok(Variant::Cider),
        }
    }
}

/// The document frequencies of a corpus: for each n-gram, how many images' reference sets hold
/// it, and `ref_len`, the log of the number of images.
pub struct DocumentFrequencies {
    order: usize,
    /// The words of string n-grams (by id, and their ids); `None` when the texts were token ids.
    vocab: Option<Interner>,
    words: Vec<String>,
    table: NgramTable,
    /// Per n-gram id of `table` (0.0 for a prefix that is not itself counted).
    df: Vec<f64>,
    ref_len: f64,
}

impl DocumentFrequencies {
    /// The frequencies over `images` (each a list of reference texts, all strings or all token
    /// ids), n-grams of orders `1..=order`; `ref_len = ln(len(images))` as pycocoevalcap computes
    /// it for a run.
    pub fn from_references<'a>(images: &[Vec<Text<'a>>], order: usize) -> Result<DocumentFrequencies> {
        let by_words = images.iter().flatten().next().map_or(true, |t| matches!(t, Text::Str(_)));
        let mut vocab = ListedVocabulary::default();
        let mut words = Words::default();
        let mut bounds = vec![0];
        for (i, refs) in images.iter().enumerate() {
            for r in refs {
                match (r, by_words) {
                    (Text::Str(s), true) => words.push_text(s, &mut vocab),
                    (Text::Ids(ids), false) => words.push_ids(ids),
                    _ => {
                        return Err(Error::value(
                            "references",
                            format!("image {i}: texts must be all strings or all token ids"),
                        ))
                    }
                }
            }
            bounds.push(words.len());
        }
        let mut table = NgramTable::default();
        // Looked up by the texts of later batches: every n-gram is mapped.
        let profiles = Profiles::build(&words, order, &mut table, true);
        let mut df = vec![0.0; table.len()];
        let mut marks: Marks<()> = Marks::default();
        for w in bounds.windows(2) {
            marks.reset(table.len());
            for t in w[0]..w[1] {
                for &(g, _) in profiles.all(t) {
                    if marks.get(g).is_none() {
                        marks.set(g, ());
                        df[g as usize] += 1.0;
                    }
                }
            }
        }
        let ref_len = (images.len() as f64).ln();
        let ListedVocabulary { ids, words } = vocab;
        Ok(DocumentFrequencies { order, vocab: by_words.then_some(ids), words, table, df, ref_len })
    }

    /// Frequencies given as `(n-gram, df)` pairs (an n-gram being its words, or its token ids)
    /// with `ref_len`, as self-critical training code stores them.
    pub fn from_counts<'a>(
        counts: impl IntoIterator<Item = (Text<'a>, f64)>,
        ref_len: f64,
        order: usize,
    ) -> Result<DocumentFrequencies> {
        if !ref_len.is_finite() {
            return Err(Error::value("ref_len", format!("must be finite, got {ref_len}")));
        }
        let mut vocab = ListedVocabulary::default();
        let mut by_words = None;
        let mut table = NgramTable::default();
        let mut df: Vec<f64> = Vec::new();
        let mut ids = Vec::new();
        for (text, count) in counts {
            ids.clear();
            match text {
                Text::Str(s) => ids.extend(whitespace::split(s).map(|w| vocab.id(w))),
                Text::Ids(x) => ids.extend_from_slice(x),
            }
            let words = matches!(text, Text::Str(_));
            if *by_words.get_or_insert(words) != words {
                return Err(Error::value("counts", "n-grams must be all strings or all token ids"));
            }
            if ids.is_empty() || ids.len() > order {
                return Err(Error::value(
                    "counts",
                    format!("an n-gram of {} words (orders are 1 to {order})", ids.len()),
                ));
            }
            if !(count.is_finite() && count >= 0.0) {
                return Err(Error::value(
                    "counts",
                    format!("a document frequency must be finite and >= 0, got {count}"),
                ));
            }
            let mut g = None;
            for &w in ids.iter() {
                g = Some(table.id(g, w));
            }
            let g = g.unwrap() as usize;
            if df.len() < table.len() {
                df.resize(table.len(), 0.0);
            }
            df[g] = count;
        }
        df.resize(table.len(), 0.0);
        let by_words = by_words.unwrap_or(true);
        let ListedVocabulary { ids, words } = vocab;
        Ok(DocumentFrequencies { order, vocab: by_words.then_some(ids), words, table, df, ref_len })
    }

    pub fn order(&self) -> usize {
        self.order
    }

    pub fn ref_len(&self) -> f64 {
        self.ref_len
    }

    /// Whether the n-grams are strings of words (else token ids).
    pub fn by_words(&self) -> bool {
        self.vocab.is_some()
    }

    /// Number of distinct n-grams with a document frequency.
    pub fn len(&self) -> usize {
        self.df.iter().filter(|&&d| d > 0.0).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The document frequency of an n-gram (its words, or token ids).
    pub fn get(&self, ngram: Text) -> f64 {
        let ids: Vec<Option<u32>> = match ngram {
            Text::Str(s) => {
                whitespace::split(s).map(|w| self.vocab.as_ref().and_then(|v| v.get(w))).collect()
            }
            Text::Ids(x) => x.iter().map(|&i| self.vocab.is_none().then_some(i)).collect(),
        };
        let mut g = None;
        for w in ids {
            match w.and_then(|w| self.table.get(g, w)) {
                Some(id) => g = Some(id),
                None => return 0.0,
            }
        }
        g.map_or(0.0, |g| self.df[g as usize])
    }

    /// The id of a batch word in this table's vocabulary, if it has one.
    fn word(&self, w: u32, vocab_size: u32) -> Option<u32> {
        match self.vocab {
            Some(_) => (w < vocab_size).then_some(w),
            None => Some(w),
        }
    }
}

const MAGIC: &[u8] = b"RBCIDERDF1";

impl DocumentFrequencies {
    /// Writes the frequencies in a compact binary form ([`DocumentFrequencies::read`] reads it).
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&[u8::from(self.vocab.is_none())])?;
        out.write_all(&(self.order as u32).to_le_bytes())?;
        out.write_all(&self.ref_len.to_le_bytes())?;
        if self.vocab.is_some() {
            out.write_all(&(self.words.len() as u64).to_le_bytes())?;
            for w in &self.words {
                out.write_all(&(w.len() as u32).to_le_bytes())?;
                out.write_all(w.as_bytes())?;
            }
        }
        let mut entries: Vec<(u32, u32, u32)> =
            self.table.entries().map(|(p, w, id)| (id, p.map_or(0, |p| p + 1), w)).collect();
        entries.sort_unstable();
        out.write_all(&(entries.len() as u64).to_le_bytes())?;
        for (id, p, w) in entries {
            out.write_all(&p.to_le_bytes())?;
            out.write_all(&w.to_le_bytes())?;
            out.write_all(&self.df[id as usize].to_le_bytes())?;
        }
        Ok(())
    }

    /// Reads what [`DocumentFrequencies::write`] wrote.
    pub fn read(input: &mut impl Read) -> Result<DocumentFrequencies> {
        let bad =
            |what: &str| Error::Input(format!("not CIDEr document frequencies written by rougebleu: {what}"));
        let mut r = Reader { input, bad: &bad };
        if r.bytes(MAGIC.len())? != MAGIC {
            return Err(bad("bad header"));
        }
        let by_ids = r.bytes(1)?[0] == 1;
        let order = r.u32()? as usize;
        let ref_len = f64::from_le_bytes(r.bytes(8)?.try_into().unwrap());
        if order == 0 || order > crate::limits::MAX_NGRAM_ORDER || !ref_len.is_finite() {
            return Err(bad("bad order or ref_len"));
        }
        let mut vocab = None;
        let mut words = Vec::new();
        if !by_ids {
            let n = r.u64()?;
            let mut v = Interner::new();
            for _ in 0..n {
                let len = r.u32()? as usize;
                let w = String::from_utf8(r.bytes(len)?).map_err(|_| bad("a word is not UTF-8"))?;
                if v.intern(&w) as usize != words.len() {
                    return Err(bad("a word twice"));
                }
                words.push(w);
            }
            vocab = Some(v);
        }
        let vocab_len = words.len() as u32;
        let n = r.u64()?;
        let mut table = NgramTable::default();
        let mut df = Vec::new();
        for i in 0..n {
            let (p, w) = (r.u32()?, r.u32()?);
            let d = f64::from_le_bytes(r.bytes(8)?.try_into().unwrap());
            let prefix = (p > 0).then(|| p - 1);
            if prefix.is_some_and(|p| p as u64 >= i)
                || (!by_ids && w >= vocab_len)
                || !(d.is_finite() && d >= 0.0)
            {
                return Err(bad("a bad entry"));
            }
            if table.id(prefix, w) as u64 != i {
                return Err(bad("an entry twice"));
            }
            df.push(d);
        }
        Ok(DocumentFrequencies { order, vocab, words, table, df, ref_len })
    }
}

/// An interner that also lists its words by id (to write them).
#[derive(Default)]
struct ListedVocabulary {
    ids: Interner,
    words: Vec<String>,
}

impl Vocabulary for ListedVocabulary {
    fn id(&mut self, word: &str) -> u32 {
        let id = self.ids.intern(word);
        if id as usize == self.words.len() {
            self.words.push(word.to_owned());
        }
        id
    }
}

struct Reader<'a, R: Read, F: Fn(&str) -> Error> {
    input: &'a mut R,
    bad: &'a F,
}

impl<R: Read, F: Fn(&str) -> Error> Reader<'_, R, F> {
    fn bytes(&mut self, n: usize) -> Result<Vec<u8>> {
        let mut buf = Vec::new();
        let got = self
            .input
            .by_ref()
            .take(n as u64)
            .read_to_end(&mut buf)
            .map_err(|e| Error::Input(e.to_string()))?;
        if got != n {
            return Err((self.bad)("truncated"));
        }
        Ok(buf)
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.bytes(4)?.try_into().unwrap()))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.bytes(8)?.try_into().unwrap()))
    }
}

/// Words of a batch scored with corpus frequencies: the corpus' own ids for the words it knows,
/// fresh ones after them for the others (whose n-grams then have no document frequency).
pub struct CorpusVocabulary<'a> {
    known: Option<&'a Interner>,
    unknown: Interner,
}

impl<'a> CorpusVocabulary<'a> {
    pub fn new(df: &'a DocumentFrequencies) -> Self {
        CorpusVocabulary { known: df.vocab.as_ref(), unknown: Interner::new() }
    }

    fn known_len(&self) -> u32 {
        self.known.map_or(0, |k| k.len() as u32)
    }
}

impl Vocabulary for CorpusVocabulary<'_> {
    fn id(&mut self, word: &str) -> u32 {
        match self.known.and_then(|k| k.get(word)) {
            Some(id) => id,
            None => self.known_len() + self.unknown.intern(word),
        }
    }
}

/// Recent values of a function, by argument (a batch's idf and squares take few distinct values,
/// and `ln`/`powf` cost more than a look-up): a direct-mapped cache, each slot holding the last
/// argument that fell in it. A miss computes the value, so the result is always `f(x)`.
struct Memo {
    slots: Box<[(u64, f64); MEMO_SLOTS]>,
}

const MEMO_SLOTS: usize = 1024;

impl Default for Memo {
    fn default() -> Self {
        // The key of an empty slot is a NaN pattern no caller passes (and f(NaN) is NaN).
        Memo { slots: Box::new([(u64::MAX, f64::NAN); MEMO_SLOTS]) }
    }
}

impl Memo {
    #[inline]
    fn get(&mut self, x: f64, f: impl FnOnce(f64) -> f64) -> f64 {
        let bits = x.to_bits();
        let slot = &mut self.slots[(bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize];
        if slot.0 != bits || bits == u64::MAX {
            *slot = (bits, f(x));
        }
        slot.1
    }
}

/// Where the document frequencies come from.
#[derive(Clone, Copy)]
pub enum Frequencies<'a> {
    /// The batch's own references, one document per item (pycocoevalcap).
    Batch,
    /// A corpus' frequencies; the batch's words were numbered by its [`CorpusVocabulary`].
    Corpus(&'a DocumentFrequencies),
}

/// The TF-IDF vectors of every text of a batch.
pub struct Vectors {
    /// One weight per entry of the batch's profiles.
    values: Vec<f64>,
    /// Per text and order: the vector's norm.
    norms: Vec<f64>,
    /// Per text: its number of bigrams (the length CIDEr-D's penalty compares).
    lengths: Vec<i64>,
    order: usize,
    variant: Variant,
    /// CIDEr-D's length penalty for each difference of lengths (it only depends on that).
    penalties: Vec<f64>,
}

/// The idf part of each of the batch's n-grams: `ref_len - ln(max(1, df))`.
pub fn weights(c: &Captions, freq: Frequencies) -> Vec<f64> {
    match freq {
        Frequencies::Batch => {
            // Items sharing a reference set (the samples of an image) read it once and count it
            // as many times.
            let runs = c.groups().into_iter().map(|g| (c.references(g.start), g.len() as f64));
            document_weights(c, runs, c.len())
        }
        Frequencies::Corpus(df) => corpus_weights(c, df),
    }
}

/// Weights with frequencies over `documents` (lists of texts of `c`, each counted as many times
/// as it says; `count` documents in all).
pub fn document_weights<'a>(
    c: &Captions,
    documents: impl Iterator<Item = (&'a [usize], f64)>,
    count: usize,
) -> Vec<f64> {
    let ids = c.table.len();
    let mut df = vec![0.0f64; ids];
    let mut marks: Marks<()> = Marks::default();
    for (doc, times) in documents {
        marks.reset(ids);
        for &r in doc {
            for &(g, _) in c.profiles.all(r) {
                if marks.get(g).is_none() {
                    marks.set(g, ());
                    df[g as usize] += times;
                }
            }
        }
    }
    let ref_len = (count as f64).ln();
    let mut logs = Memo::default();
    df.iter().map(|&d| ref_len - logs.get(d.max(1.0), f64::ln)).collect()
}

/// Weights with a corpus' frequencies (`c`'s words numbered by its [`CorpusVocabulary`]).
pub fn corpus_weights(c: &Captions, df: &DocumentFrequencies) -> Vec<f64> {
    let ids = c.table.len();
    // Batch n-gram -> corpus n-gram, prefixes first (a prefix is numbered before the n-grams
    // that extend it).
    let mut parent = vec![(None, 0u32); ids];
    for (p, w, id) in c.table.entries() {
        parent[id as usize] = (p, w);
    }
    let vocab_size = df.vocab.as_ref().map_or(0, |v| v.len() as u32);
    let mut corpus: Vec<Option<u32>> = Vec::with_capacity(ids);
    for &(p, w) in &parent {
        let g = match (p, df.word(w, vocab_size)) {
            (_, None) => None,
            (None, Some(w)) => df.table.get(None, w),
            (Some(p), Some(w)) => corpus[p as usize].and_then(|cp| df.table.get(Some(cp), w)),
        };
        corpus.push(g);
    }
    let mut logs = Memo::default();
    corpus
        .iter()
        .map(|g| df.ref_len - logs.get(g.map_or(0.0, |g| df.df[g as usize]).max(1.0), f64::ln))
        .collect()
}

impl Vectors {
    /// The vectors of orders `1..=order` of `c`'s texts with the n-gram weights `weights` (see
    /// [`weights`]), for scoring with `variant`.
    pub fn new(c: &Captions, weights: &[f64], order: usize, variant: Variant) -> Vectors {
        debug_assert!(order <= c.profiles.order());
        // Indexed like the profiles' entries; the orders above `order` keep no value.
        let mut values = vec![0.0; c.profiles.entries().len()];
        let mut norms = Vec::with_capacity(c.texts() * order);
        let mut lengths = Vec::with_capacity(c.texts());
        // A batch's n-gram values take few distinct values (a weight depends only on a document
        // frequency, and most counts are 1): each one's square is computed once.
        let mut squares = Memo::default();
        for t in 0..c.texts() {
            let mut bigrams = 0i64;
            for k in 0..order {
                let mut norm = 0.0;
                let span = c.profiles.span(t, k);
                for (&(g, count), value) in c.profiles.entries()[span.clone()].iter().zip(&mut values[span]) {
                    let v = count as f64 * weights[g as usize];
                    norm += squares.get(v, |v| pow(v, 2.0));
                    *value = v;
                    if k == 1 {
                        bigrams += count as i64;
                    }
                }
                norms.push(norm.sqrt());
            }
            lengths.push(bigrams);
        }
        let penalties = match variant {
            Variant::CiderD { sigma } => {
                let longest = lengths.iter().copied().max().unwrap_or(0);
                // pycocoevalcap: np.e ** (-(delta ** 2) / (2 * sigma ** 2)), delta a float.
                (0..=longest)
                    .map(|d| pow(std::f64::consts::E, -pow(d as f64, 2.0) / (2.0 * pow(sigma, 2.0))))
                    .collect()
            }
            Variant::Cider => Vec::new(),
        };
        Vectors { values, norms, lengths, order, variant, penalties }
    }

    /// The score of text `cand` against texts `refs` of `c`.
    pub fn score_texts(&self, c: &Captions, cand: usize, refs: &[usize], marks: &mut Marks<f64>) -> f64 {
        let mut score = vec![0.0f64; self.order];
        for &r in refs {
            self.fill(c, r, marks);
            self.add_similarity(c, cand, r, marks, &mut score);
        }
        self.finish(&score, refs.len())
    }

    /// The scores of items `items` of `c`, which share their references (the samples of an
    /// image): each reference is filled in once for all of them.
    pub fn score_group(
        &self,
        c: &Captions,
        items: std::ops::Range<usize>,
        marks: &mut Marks<f64>,
    ) -> Vec<f64> {
        let refs = c.references(items.start);
        let mut scores = vec![0.0f64; items.len() * self.order];
        for &r in refs {
            self.fill(c, r, marks);
            for (i, score) in items.clone().zip(scores.chunks_exact_mut(self.order)) {
                self.add_similarity(c, c.candidate(i), r, marks, score);
            }
        }
        scores.chunks_exact(self.order).map(|score| self.finish(score, refs.len())).collect()
    }

    /// `marks` := the values of text `r`'s n-grams.
    fn fill(&self, c: &Captions, r: usize, marks: &mut Marks<f64>) {
        marks.reset(c.table.len());
        for k in 0..self.order {
            let span = c.profiles.span(r, k);
            for (&(g, _), &v) in c.profiles.entries()[span.clone()].iter().zip(&self.values[span]) {
                marks.set(g, v);
            }
        }
    }

    /// Adds the similarity of text `cand` to reference `r` (its values in `marks`), order by
    /// order, to `score`.
    fn add_similarity(&self, c: &Captions, cand: usize, r: usize, marks: &Marks<f64>, score: &mut [f64]) {
        let variant = self.variant;
        // pycocoevalcap computes the same penalty once per order; once is the same float.
        let penalty = match variant {
            Variant::CiderD { .. } => {
                self.penalties[(self.lengths[cand] - self.lengths[r]).unsigned_abs() as usize]
            }
            Variant::Cider => 1.0,
        };
        for (k, total) in score.iter_mut().enumerate() {
            let span = c.profiles.span(cand, k);
            let mut val = 0.0;
            for (&(g, _), &h) in c.profiles.entries()[span.clone()].iter().zip(&self.values[span]) {
                let r = marks.get(g).unwrap_or(0.0);
                val += match variant {
                    // Python's min(h, r): h unless r is smaller
                    Variant::CiderD { .. } => (if r < h { r } else { h }) * r,
                    Variant::Cider => h * r,
                };
            }
            let (nh, nr) = (self.norms[cand * self.order + k], self.norms[r * self.order + k]);
            if nh != 0.0 && nr != 0.0 {
                val /= nh * nr;
            }
            if let Variant::CiderD { .. } = variant {
                val *= penalty;
            }
            *total += val;
        }
    }

    /// An item's score from its per-order sums over `refs` references.
    fn finish(&self, score: &[f64], refs: usize) -> f64 {
        let mut mean = numpy_sum(score) / self.order as f64;
        mean /= refs as f64;
        mean * 10.0
    }
}

/// Every item's score and their mean (pycocoevalcap's `Cider().compute_score` with
/// [`Frequencies::Batch`]), n-grams of orders `1..=order`, items scored in parallel according to
/// `workers`.
pub fn scores(
    c: &Captions,
    freq: Frequencies,
    variant: Variant,
    order: usize,
    workers: Option<usize>,
) -> (Vec<f64>, f64) {
    let w = weights(c, freq);
    let vectors = Vectors::new(c, &w, order, variant);
    let groups = c.groups();
    let per_group = crate::batch::map(&groups, workers, |items| {
        MARKS.with(|m| vectors.score_group(c, items.clone(), &mut m.borrow_mut()))
    });
    let per_item: Vec<f64> = per_group.into_iter().flatten().collect();
    let mean = numpy_mean(&per_item);
    (per_item, mean)
}

thread_local! {
    static MARKS: std::cell::RefCell<Marks<f64>> = std::cell::RefCell::new(Marks::default());
}
