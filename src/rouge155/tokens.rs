//! From text to token ids the way `createNGram` / `tokenizeText_LCS` filter them: stop words
//! out (`-s`, tested on the raw token), tokens stemmed when longer than 3 bytes (`-m`), every
//! distinct resulting string interned to a `u32` shared by all texts of one evaluation unit.
use rustc_hash::FxHashMap;

use super::data::Resources;
use super::text::{for_each_token, lcs_sentences, whole_text, Limit};
use crate::stem::perl_porter::morph_stem;

/// The token ids of one summary: the whole text (n-grams, skip-bigrams, and the unigram
/// counts that clip ROUGE-L/W) and the sentence units (ROUGE-L/W).
#[derive(Debug, Default, Clone)]
pub struct Toks {
    pub whole: Vec<u32>,
    pub sents: Vec<Vec<u32>>,
}

/// Interns tokens (and their stems) for one evaluation unit.
pub struct Vocab<'r> {
    res: &'r Resources,
    use_stopwords: bool,
    ids: FxHashMap<Vec<u8>, u32>,
    strings: Vec<Vec<u8>>,
    /// raw token -> id of its stem (memoised: stemming is the costly step)
    stems: FxHashMap<Vec<u8>, u32>,
}

impl<'r> Vocab<'r> {
    pub fn new(res: &'r Resources, use_stopwords: bool) -> Self {
        Vocab {
            res,
            use_stopwords,
            ids: FxHashMap::default(),
            strings: Vec::new(),
            stems: FxHashMap::default(),
        }
    }

    /// Number of distinct ids handed out so far (ids are `0..len()`).
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn intern(&mut self, s: &[u8]) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let id = self.ids.len() as u32;
        self.ids.insert(s.to_vec(), id);
        self.strings.push(s.to_vec());
        id
    }

    /// The string of an id handed out by [`Vocab::intern`].
    pub fn string(&self, id: u32) -> &[u8] {
        &self.strings[id as usize]
    }

    fn is_stopword(&self, tok: &[u8]) -> bool {
        self.use_stopwords && self.res.stopwords.as_ref().is_some_and(|s| s.contains(tok))
    }

    /// The stemmed form of a token (`MorphStem`), interned.
    pub fn stem_id(&mut self, tok: &[u8]) -> u32 {
        if let Some(&id) = self.stems.get(tok) {
            return id;
        }
        let stemmed = match &self.res.exceptions {
            Some(exc) => morph_stem(tok, exc).unwrap_or_default(),
            None => morph_stem(tok, &FxHashMap::default()).unwrap_or_default(),
        };
        let id = self.intern(&stemmed);
        self.stems.insert(tok.to_vec(), id);
        id
    }

    /// Appends the ids of the tokens of `text` that survive the stop-word filter.
    pub fn push_tokens(&mut self, text: &[u8], stem: bool, out: &mut Vec<u32>) {
        for_each_token(text, |tok| {
            if self.is_stopword(tok) {
                return;
            }
            let id = if stem && tok.len() > 3 { self.stem_id(tok) } else { self.intern(tok) };
            out.push(id);
        });
    }

    /// Token ids of a summary given its sentences, under a length limit.
    pub fn toks(&mut self, sents: &[Vec<u8>], limit: Limit, stem: bool) -> Toks {
        let mut t = Toks::default();
        for s in lcs_sentences(sents, limit) {
            let mut ids = Vec::new();
            self.push_tokens(&s, stem, &mut ids);
            t.sents.push(ids);
        }
        if limit == Limit::None {
            // Joining the sentences with spaces cannot merge tokens: the whole text's tokens are
            // the sentences' tokens in order.
            t.whole = t.sents.concat();
        } else if let Some(text) = whole_text(sents, limit) {
            self.push_tokens(&text, stem, &mut t.whole);
        }
        t
    }
}
