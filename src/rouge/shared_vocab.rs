//! Many texts prepared into one id space, for all-pairs scoring where every text meets every
//! other. Texts are tokenized in parallel chunks, each numbering the final forms (stems) it meets
//! and stemming each distinct word once; the chunks' ids are then mapped into one table. Pairs
//! get the same counts as from [`super::prepare::with_preparer`], whose ids are only per unit.
use std::borrow::Cow;

use super::prepare::{
    for_each_line_raw_token, for_each_raw_token, lines, lines_make_the_text, stem_of, Needs, Prepared,
    TokenScratch,
};
use crate::text::intern::{Interner, StrMap};
use crate::text::rouge_score::Lowercase;

/// The ids of one chunk.
#[derive(Default)]
struct ChunkVocab {
    /// Raw token -> id of its final form.
    raw: StrMap<u32>,
    /// Final form -> id, with stemming (different words can share a stem).
    forms: Interner,
    /// The final forms, by id.
    strings: Vec<String>,
}

impl ChunkVocab {
    #[inline]
    fn id(&mut self, needs: &Needs, raw: &str) -> u32 {
        let ChunkVocab { raw: raw_ids, forms, strings } = self;
        raw_ids.get_or_insert_with(raw, || {
            let form = if needs.stem { stem_of(&needs.mode, raw) } else { None };
            let form = form.unwrap_or(Cow::Borrowed(raw));
            let id = if needs.stem { forms.intern(&form) } else { strings.len() as u32 };
            if id as usize == strings.len() {
                strings.push(form.into_owned());
            }
            id
        })
    }

    /// One text's tokens and sentences, as [`super::prepare::Preparer::prepare`] lays them out.
    fn prepare(&mut self, text: &str, lowercase: Lowercase, needs: &Needs, s: &mut TokenScratch) -> Prepared {
        let mut p = Prepared::default();
        if needs.sentences {
            for line in lines(&needs.mode, text) {
                let mut ids = Vec::new();
                for_each_line_raw_token(&needs.mode, line, s, |t| ids.push(self.id(needs, t)));
                p.sentences.push(ids);
            }
        }
        if needs.tokens {
            if needs.sentences && lines_make_the_text(&needs.mode, lowercase) {
                // `\n` is a separator, so the whole-text tokens are the sentences' tokens in order.
                p.tokens = p.sentences.concat();
            } else {
                for_each_raw_token(&needs.mode, text, lowercase, s, |t| p.tokens.push(self.id(needs, t)));
            }
        }
        p
    }
}

/// Texts per chunk: enough to share the stems of common words, few enough to spread the work.
const CHUNK: usize = 64;

/// Prepares `texts` into one id space (ids `0..`, dense), in parallel according to `workers`.
pub fn prepare_shared(texts: &[(&str, Lowercase)], needs: Needs, workers: Option<usize>) -> Vec<Prepared> {
    let chunk = if workers == Some(1) { texts.len().max(1) } else { CHUNK };
    let chunks: Vec<&[(&str, Lowercase)]> = texts.chunks(chunk).collect();
    let mut prepared = crate::batch::map(&chunks, workers, |texts| {
        let mut vocab = ChunkVocab::default();
        let mut scratch = TokenScratch::default();
        let out: Vec<Prepared> =
            texts.iter().map(|&(t, lowercase)| vocab.prepare(t, lowercase, &needs, &mut scratch)).collect();
        (out, vocab.strings)
    });
    if prepared.len() == 1 {
        return prepared.pop().map(|(p, _)| p).unwrap_or_default();
    }
    let mut shared = Interner::new();
    let mut out = Vec::with_capacity(texts.len());
    for (texts, strings) in prepared {
        let ids: Vec<u32> = strings.iter().map(|s| shared.intern(s)).collect();
        for mut p in texts {
            p.tokens.iter_mut().chain(p.sentences.iter_mut().flatten()).for_each(|t| *t = ids[*t as usize]);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rouge::prepare::with_preparer;
    use crate::rouge::Tokenization;

    /// The texts as strings of final forms, whatever the ids.
    fn forms(p: &[Prepared]) -> Vec<Vec<Vec<u32>>> {
        p.iter()
            .map(|p| std::iter::once(p.tokens.clone()).chain(p.sentences.iter().cloned()).collect())
            .collect()
    }

    #[test]
    fn chunks_share_one_id_space_and_match_the_unit_preparer() {
        let words = ["running", "runs", "Cats", "cat", "the", "a", "houses", "house", "x1"];
        let texts: Vec<String> = (0..300)
            .map(|i| {
                (0..(i % 11))
                    .map(|k| words[(i * 7 + k * 3) % words.len()])
                    .collect::<Vec<_>>()
                    .join(if i % 3 == 0 { "\n" } else { " " })
            })
            .collect();
        let input: Vec<(&str, Lowercase)> = texts.iter().map(|t| (t.as_str(), Lowercase::Unicode)).collect();
        for stem in [false, true] {
            for (tokens, sentences) in [(true, false), (false, true), (true, true)] {
                let needs = Needs { tokens, sentences, stem, mode: Tokenization::RougeScore };
                let one = prepare_shared(&input, needs, Some(1));
                let many = prepare_shared(&input, needs, Some(2));
                assert_eq!(forms(&one), forms(&many));
                // Two texts' ids compare as the per-pair preparer's do.
                for (i, j) in [(0, 1), (5, 77), (12, 299), (100, 200)] {
                    let (a, b) = with_preparer(needs, |p| {
                        (p.prepare(input[i].0, Lowercase::Unicode), p.prepare(input[j].0, Lowercase::Unicode))
                    });
                    let flat =
                        |x: &Prepared| x.tokens.iter().chain(x.sentences.iter().flatten()).copied().collect();
                    let same = |x: &Prepared, y: &Prepared| -> Vec<Vec<bool>> {
                        let (x, y): (Vec<u32>, Vec<u32>) = (flat(x), flat(y));
                        x.iter().map(|t| y.iter().map(|u| t == u).collect()).collect()
                    };
                    assert_eq!(same(&one[i], &many[j]), same(&a, &b), "{i} {j}");
                    assert_eq!(one[i].sentences.len(), a.sentences.len());
                }
            }
        }
    }
}
