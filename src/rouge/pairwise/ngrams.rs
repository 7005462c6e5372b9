//! ROUGE-N hits of one hypothesis against every reference through an inverted index: each
//! distinct n-gram of the references gets an id and a list of `(reference, count)`, each
//! hypothesis is reduced once to its `(id, count)` profile, and a row only visits the references
//! that share an n-gram with the hypothesis, adding `min(count in hypothesis, count in reference)`
//! (the clipped overlap, summed n-gram by n-gram) to that pair.
use rustc_hash::FxHashMap;

/// No id: an n-gram no reference holds.
const UNKNOWN: u32 = u32::MAX;

/// Exact n-gram ids: unigrams are the token ids; a k-gram (k >= 2) is the id of the pair
/// (its (k-1)-gram prefix, its last token) in the table of level k.
struct NgramIds {
    n: usize,
    levels: Vec<FxHashMap<(u32, u32), u32>>,
}

impl NgramIds {
    fn new(n: usize) -> Self {
        NgramIds { n, levels: (2..=n).map(|_| FxHashMap::default()).collect() }
    }

    /// The ids of all n-grams of `tokens`, in order, numbering new ones.
    fn intern(&mut self, tokens: &[u32], out: &mut Vec<u32>) {
        out.clear();
        if tokens.len() < self.n {
            return;
        }
        out.extend_from_slice(tokens);
        for (k, level) in (2..=self.n).zip(&mut self.levels) {
            let len = tokens.len() + 1 - k;
            for i in 0..len {
                let next = level.len() as u32;
                out[i] = *level.entry((out[i], tokens[i + k - 1])).or_insert(next);
            }
            out.truncate(len);
        }
    }

    /// The ids of the n-grams of `tokens` that were interned, in order; the others are left out.
    fn known(&self, tokens: &[u32], out: &mut Vec<u32>) {
        out.clear();
        if tokens.len() < self.n {
            return;
        }
        out.extend_from_slice(tokens);
        for (k, level) in (2..=self.n).zip(&self.levels) {
            let len = tokens.len() + 1 - k;
            for i in 0..len {
                if out[i] != UNKNOWN {
                    out[i] = level.get(&(out[i], tokens[i + k - 1])).copied().unwrap_or(UNKNOWN);
                }
            }
            out.truncate(len);
        }
        out.retain(|&id| id != UNKNOWN);
    }
}

/// Sorts `ids` and appends their `(id, count)` profile to `out`.
fn profile(ids: &mut [u32], out: &mut Vec<(u32, u32)>) {
    ids.sort_unstable();
    for run in ids.chunk_by(|a, b| a == b) {
        out.push((run[0], run.len() as u32));
    }
}

/// The references' n-grams, indexed, and the hypotheses' profiles over the same ids.
pub struct NgramPostings {
    /// CSR postings: `items[start[id]..start[id + 1]]` = `(reference, count)`.
    start: Vec<usize>,
    items: Vec<(u32, u32)>,
    /// CSR profiles: `hyp_items[hyp_start[i]..hyp_start[i + 1]]` = `(id, count)`.
    hyp_start: Vec<usize>,
    hyp_items: Vec<(u32, u32)>,
}

impl NgramPostings {
    pub fn new<'a>(
        n: usize,
        hyps: impl IntoIterator<Item = &'a [u32]>,
        refs: impl IntoIterator<Item = &'a [u32]>,
    ) -> Self {
        let mut ids = NgramIds::new(n);
        let mut buf = Vec::new();
        let mut postings: Vec<(u32, u32, u32)> = Vec::new(); // (id, reference, count)
        let mut prof = Vec::new();
        for (j, r) in refs.into_iter().enumerate() {
            ids.intern(r, &mut buf);
            prof.clear();
            profile(&mut buf, &mut prof);
            postings.extend(prof.iter().map(|&(id, c)| (id, j as u32, c)));
        }
        let known = postings.iter().map(|p| p.0 as usize + 1).max().unwrap_or(0);
        let mut start = vec![0usize; known + 1];
        for &(id, _, _) in &postings {
            start[id as usize + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut items = vec![(0u32, 0u32); postings.len()];
        for &(id, j, c) in &postings {
            items[fill[id as usize]] = (j, c);
            fill[id as usize] += 1;
        }
        let (mut hyp_start, mut hyp_items) = (vec![0], Vec::new());
        for h in hyps {
            ids.known(h, &mut buf);
            // Unigram ids are the token ids: a token no reference holds may lie beyond the index.
            buf.retain(|&id| (id as usize) < known);
            profile(&mut buf, &mut hyp_items);
            hyp_start.push(hyp_items.len());
        }
        NgramPostings { start, items, hyp_start, hyp_items }
    }

    /// `hits[j]` = the clipped n-gram overlap of hypothesis `i` and reference `j`
    /// (`hits` is `refs` long and all zero on entry).
    pub fn hits_row(&self, i: usize, hits: &mut [u32]) {
        for &(id, hc) in &self.hyp_items[self.hyp_start[i]..self.hyp_start[i + 1]] {
            let postings = &self.items[self.start[id as usize]..self.start[id as usize + 1]];
            for &(j, rc) in postings {
                hits[j as usize] += hc.min(rc);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::ngram::overlap;

    #[test]
    fn hits_equal_the_pairwise_overlap() {
        let texts: Vec<Vec<u32>> = vec![
            vec![1, 2, 3, 1, 2, 3, 4],
            vec![2, 3, 4, 2, 3],
            vec![],
            vec![5],
            vec![1, 1, 1, 1, 2],
            vec![4, 3, 2, 1, 1, 2, 3, 4, 6, 6, 6],
        ];
        // The first hypothesis holds tokens (7, 8) no reference has, with ids beyond all of theirs.
        let hyps: Vec<Vec<u32>> = [vec![7, 8, 1, 7, 2]].into_iter().chain(texts.iter().cloned()).collect();
        let refs = &texts[1..];
        for n in 1..=5 {
            let idx = NgramPostings::new(n, hyps.iter().map(|t| &t[..]), refs.iter().map(|t| &t[..]));
            for (i, h) in hyps.iter().enumerate() {
                let mut hits = vec![0u32; refs.len()];
                idx.hits_row(i, &mut hits);
                for (j, r) in refs.iter().enumerate() {
                    assert_eq!(hits[j] as usize, overlap(r, h, n).0, "n={n} {h:?} {r:?}");
                }
            }
        }
    }
}
