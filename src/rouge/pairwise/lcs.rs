//! rougeL hits of one hypothesis against every reference: the hypothesis' match masks are built
//! once per row over row-local ids, and each reference is run through them (one array read per
//! reference token to translate it).
use super::local::with_local_ids;
use super::matcher::LcsMatcher;
use crate::rouge::prepare::Prepared;

/// `hits[j]` = the LCS length of `hyp` and `refs[j]`; token ids are `< vocab`.
pub fn hits_row(hyp: &Prepared, refs: &[Prepared], vocab: usize, hits: &mut [u32]) {
    if hyp.tokens.is_empty() {
        return;
    }
    with_local_ids(vocab, |ids| {
        let mut local = Vec::with_capacity(hyp.tokens.len());
        ids.add(&hyp.tokens, &mut local);
        let matcher = LcsMatcher::new(&local, ids.len());
        for (r, slot) in refs.iter().zip(hits) {
            *slot = matcher.lcs_len(r.tokens.iter().map(|&t| ids.get(t))) as u32;
        }
    })
}
