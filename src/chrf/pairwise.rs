//! All-pairs chrF (`n x m` sentence scores, e.g. MBR utility matrices).
//!
//! The candidates' n-grams get ids in one table and an inverted index lists, per n-gram id, the
//! candidates containing it with their counts. Each hypothesis then only visits the candidates
//! that share an n-gram with it, adding `min(hyp count, candidate count)` to that pair's matches.
use super::extract::{chars_into, words_into};
use super::ngrams::{ngram_count, Kind, NgramTable, NONE};
use super::score::f_score;
use super::ChrfOptions;
use crate::allpairs::{self, PairScorer};
use crate::error::Result;
use crate::text::intern::Interner;

/// The candidates' n-grams, indexed.
struct Index {
    table: NgramTable,
    words: Interner,
    /// Per candidate: character and word counts (the n-gram totals follow from them).
    lens: Vec<(usize, usize)>,
    /// CSR postings: `items[start[id]..start[id + 1]]` = `(candidate, count)`.
    start: Vec<u32>,
    items: Vec<(u32, u32)>,
}

impl Index {
    fn new<S: AsRef<str>>(cands: &[S], opts: &ChrfOptions) -> Index {
        let (nc, nw) = (opts.char_order, opts.word_order);
        let mut table = NgramTable::default();
        let mut words = Interner::new();
        let mut lens = Vec::with_capacity(cands.len());
        let (mut chars, mut wids, mut ids, mut wbuf) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        // Per-candidate unique n-grams and counts, gathered with a dense counter over ids.
        let mut counts: Vec<u32> = Vec::new();
        let mut seen: Vec<u32> = Vec::new();
        let mut pairs: Vec<(u32, u32, u32)> = Vec::new(); // (id, candidate, count)
        for (j, c) in cands.iter().enumerate() {
            let c = c.as_ref();
            chars_into(c, opts.whitespace, &mut chars);
            let mut count = |_: usize, id: u32| {
                if id as usize >= counts.len() {
                    counts.resize(id as usize + 1, 0);
                }
                if counts[id as usize] == 0 {
                    seen.push(id);
                }
                counts[id as usize] += 1;
            };
            table.insert_all(Kind::Char, &chars, nc, &mut ids, &mut count);
            if nw > 0 {
                words_into(c, &mut wbuf);
                wids.clear();
                wids.extend(wbuf.iter().map(|w| words.intern(w)));
                table.insert_all(Kind::Word, &wids, nw, &mut ids, &mut count);
            }
            lens.push((chars.len(), if nw > 0 { wids.len() } else { 0 }));
            for &id in &seen {
                pairs.push((id, j as u32, counts[id as usize]));
                counts[id as usize] = 0;
            }
            seen.clear();
        }
        let mut start = vec![0u32; table.len() + 1];
        for &(id, _, _) in &pairs {
            start[id as usize + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut items = vec![(0u32, 0u32); pairs.len()];
        for &(id, j, c) in &pairs {
            items[fill[id as usize] as usize] = (j, c);
            fill[id as usize] += 1;
        }
        Index { table, words, lens, start, items }
    }
}

/// chrF of hypotheses against single candidates, prepared for all pairs ([`crate::allpairs`]):
/// the candidates' n-grams are indexed once, each hypothesis is looked up once per row.
pub struct ChrfPairs {
    hyps: Vec<String>,
    index: Index,
    opts: ChrfOptions,
}

impl ChrfPairs {
    pub fn new<S: AsRef<str>, T: AsRef<str>>(hyps: &[S], cands: &[T], opts: &ChrfOptions) -> Self {
        ChrfPairs {
            hyps: hyps.iter().map(|h| h.as_ref().to_owned()).collect(),
            index: Index::new(cands, opts),
            opts: *opts,
        }
    }
}

impl PairScorer for ChrfPairs {
    fn cols(&self) -> usize {
        self.index.lens.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        let (index, opts) = (&self.index, &self.opts);
        let (nc, nw) = (opts.char_order, opts.word_order);
        let orders = nc + nw;
        let m = out.len();
        let h = self.hyps[i].as_str();
        let (mut chars, mut wids, mut ids, mut wbuf) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        // The hypothesis' known n-grams as (order, id), sorted, then counted.
        let mut known: Vec<(u32, u32)> = Vec::new();
        chars_into(h, opts.whitespace, &mut chars);
        index.table.lookup_all(Kind::Char, &chars, nc, &mut ids, |o, id| {
            if id != NONE {
                known.push((o as u32, id));
            }
        });
        if nw > 0 {
            words_into(h, &mut wbuf);
            wids.clear();
            wids.extend(wbuf.iter().map(|w| index.words.get(w).unwrap_or(NONE)));
            // An unknown word is a symbol no candidate has: its n-grams are all unknown.
            index.table.lookup_all(Kind::Word, &wids, nw, &mut ids, |o, id| {
                if id != NONE {
                    known.push(((nc + o) as u32, id));
                }
            });
        }
        known.sort_unstable();
        let mut acc = vec![0u32; m * orders];
        let mut k = 0;
        while k < known.len() {
            let (o, id) = known[k];
            let mut e = k + 1;
            while e < known.len() && known[e] == known[k] {
                e += 1;
            }
            let hc = (e - k) as u32;
            let (a, b) = (index.start[id as usize] as usize, index.start[id as usize + 1] as usize);
            for &(j, cc) in &index.items[a..b] {
                acc[j as usize * orders + o as usize] += hc.min(cc);
            }
            k = e;
        }
        let hyp_words = if nw > 0 { wids.len() } else { 0 };
        let mut row = vec![0u64; 3 * orders];
        for (j, slot) in out.iter_mut().enumerate() {
            let (cl, wl) = index.lens[j];
            for o in 0..orders {
                let (hl, rl, n) = if o < nc { (chars.len(), cl, o + 1) } else { (hyp_words, wl, o - nc + 1) };
                let ref_total = ngram_count(rl, n);
                row[3 * o] = if ref_total > 0 { ngram_count(hl, n) } else { 0 };
                row[3 * o + 1] = ref_total;
                row[3 * o + 2] = acc[j * orders + o] as u64;
            }
            *slot = f_score(&row, opts.beta, opts.eps_smoothing);
        }
    }
}

/// chrF of every hypothesis against every candidate, row-major `hyps.len() x cands.len()`; the
/// matrix is allocated (or refused with [`crate::Error::Memory`]) before any work.
pub fn pairwise<S: AsRef<str> + Sync, T: AsRef<str>>(
    hyps: &[S],
    cands: &[T],
    opts: &ChrfOptions,
    workers: Option<usize>,
) -> Result<Vec<f64>> {
    allpairs::matrix(
        hyps.len(),
        cands.len(),
        || ChrfPairs::new(hyps, cands, opts),
        workers,
        "the pairwise chrF matrix",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chrf::corpus::segment_stats_row;

    #[test]
    fn pairwise_equals_single_calls() {
        let texts = ["the cat sat.", "a cat sat on the mat", "", "x", "the the the cat", "(mat) sat, cat"];
        for (c, w, ws, eps) in
            [(6, 0, false, false), (6, 2, false, false), (3, 3, true, true), (0, 1, false, false)]
        {
            let opts = ChrfOptions::new(c, w, 2.0, ws, eps).unwrap();
            let got = pairwise(&texts, &texts[1..], &opts, Some(2)).unwrap();
            for (i, h) in texts.iter().enumerate() {
                for (j, r) in texts[1..].iter().enumerate() {
                    let mut row = vec![0; opts.stats_len()];
                    segment_stats_row(h, [*r], &opts, &mut row);
                    assert_eq!(got[i * 5 + j], f_score(&row, 2.0, eps), "{h:?} {r:?}");
                }
            }
        }
    }
}
