//! One-shot BLEU statistics of one segment (Papineni et al. 2002, §2.1; sacrebleu
//! `_compute_segment_statistics`): the references are interned and counted, the hypothesis is
//! matched, and everything is forgotten before the next segment, in buffers that a thread reuses
//! for every segment it computes (no allocation per segment once they have grown).
//!
//! Tokens get per-segment dense ids from a small open-addressing table; n-grams of two or more
//! tokens are nodes of a trie keyed by `(parent node, token id)`, in a second table. Only reference
//! n-grams made entirely of tokens that the hypothesis also has can ever be matched, so only those
//! are counted. Both tables are invalidated by bumping a generation stamp instead of being cleared.
//!
//! Memory: every table grows with what the segment holds (distinct tokens, reference n-grams made
//! of hypothesis tokens), never with an estimate of the worst case, and grows through
//! `crate::memory`, so a segment too large for the memory left ends the call with `MemoryError`.
use std::cell::RefCell;

use super::stats::closest_ref_len;
use crate::control::chunked;

/// The id of a hypothesis token that no reference has.
const ABSENT: u32 = u32::MAX;

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The bytes of `b` (at most 8) as a little-endian integer padded with zeros.
#[inline]
fn load_upto8(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 8 {
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    } else if n >= 4 {
        // Two overlapping 4-byte loads; the overlap holds the same bytes in both.
        let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64;
        let hi = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]) as u64;
        lo | (hi << ((n - 4) * 8))
    } else if n > 0 {
        (b[0] as u64) | ((b[n / 2] as u64) << (n / 2 * 8)) | ((b[n - 1] as u64) << ((n - 1) * 8))
    } else {
        0
    }
}

/// A token's key: its bytes themselves when it has at most 16 (with the length, exact), else two
/// hashes of them (the bytes are then compared too).
#[inline]
fn token_key(t: &[u8]) -> (u64, u64) {
    match t.len() {
        0..=8 => (load_upto8(t), 0),
        9..=16 => (load_upto8(&t[..8]), load_upto8(&t[8..])),
        _ => {
            let (mut h1, mut h2) = (0u64, 0x243F_6A88_85A3_08D3u64);
            for c in t.chunks(8) {
                let w = load_upto8(c);
                h1 = (h1.rotate_left(5) ^ w).wrapping_mul(MIX);
                h2 = (h2 ^ w).wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
            }
            (h1, h2)
        }
    }
}

/// The mask of the `k` low bytes of a `u64` (all of them for `k >= 8`).
#[inline]
fn low_bytes(k: usize) -> u64 {
    ((1u128 << (8 * k.min(8))) - 1) as u64
}

/// [`token_key`] of `text[a..b]`, with two unconditional 8-byte loads (no branch on the length)
/// when the token is short and the text has 16 bytes from `a` on.
#[inline]
fn token_key_at(text: &[u8], a: usize, b: usize) -> (u64, u64) {
    let n = b - a;
    match text.get(a..a + 16) {
        Some(w) if n <= 16 => {
            let lo = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
            let hi = u64::from_le_bytes([w[8], w[9], w[10], w[11], w[12], w[13], w[14], w[15]]);
            (lo & low_bytes(n), hi & low_bytes(n.saturating_sub(8)))
        }
        _ => token_key(&text[a..b]),
    }
}

/// Table capacity (a power of two, at least 16) for at most `n` entries at load <= 1/2.
fn capacity_for(n: usize) -> usize {
    (2 * n).next_power_of_two().max(16)
}

/// The most entries a table is sized for before it sees them: a larger segment grows its tables
/// as it needs (a long text of few distinct words then takes little).
const PRESIZE_LIMIT: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
struct VocabSlot {
    a: u64,
    b: u64,
    len: u32,
    id: u32,
    /// Where a token longer than 16 bytes lies in `Vocab::long`.
    off: u32,
    gen: u32,
}

/// Token -> dense id `0..len`, for one segment at a time.
#[derive(Default)]
struct Vocab {
    slots: Vec<VocabSlot>,
    mask: usize,
    gen: u32,
    len: u32,
    /// The bytes of the long tokens.
    long: Vec<u8>,
}

/// Start a new generation of a stamped table of `len` slots: every slot becomes free.
fn next_gen(gen: &mut u32, reset_all: impl FnOnce()) {
    *gen = gen.wrapping_add(1);
    if *gen == 0 {
        reset_all();
        *gen = 1;
    }
}

impl Vocab {
    fn reset(&mut self, expected: usize) {
        let cap = capacity_for(expected.min(PRESIZE_LIMIT));
        if self.slots.len() < cap {
            crate::memory::resize(&mut self.slots, cap, VocabSlot::default(), "BLEU's token table");
        }
        self.mask = cap - 1;
        self.len = 0;
        self.long.clear();
        let slots = &mut self.slots;
        next_gen(&mut self.gen, || slots.fill(VocabSlot::default()));
    }

    #[inline]
    fn home(&self, a: u64, b: u64, len: usize) -> usize {
        let h = (a ^ b.rotate_left(32) ^ len as u64).wrapping_mul(MIX);
        (h >> 32) as usize & self.mask
    }

    /// `Ok(id)` of `t`, or `Err(slot)`: the free slot where it would go.
    #[inline]
    fn find(&self, t: &[u8], a: u64, b: u64) -> Result<u32, usize> {
        let mut i = self.home(a, b, t.len());
        loop {
            let s = &self.slots[i];
            if s.gen != self.gen {
                return Err(i);
            }
            if s.a == a
                && s.b == b
                && s.len as usize == t.len()
                && (t.len() <= 16 || &self.long[s.off as usize..s.off as usize + t.len()] == t)
            {
                return Ok(s.id);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The id of the token `text[a..b]`, or [`ABSENT`].
    #[inline]
    fn get(&self, text: &[u8], a: usize, b: usize) -> u32 {
        let n = b - a;
        if n > 16 {
            let t = &text[a..b];
            let (ka, kb) = token_key(t);
            return self.find(t, ka, kb).unwrap_or(ABSENT);
        }
        let (ka, kb) = token_key_at(text, a, b);
        let mut i = self.home(ka, kb, n);
        loop {
            let s = &self.slots[i];
            let live = s.gen == self.gen;
            let same = live & (s.a == ka) & (s.b == kb) & (s.len as usize == n);
            // Found or not is data-dependent; an occupied slot holding another token is the rare
            // case. So branch only on the latter and select the answer without a branch.
            if same | !live {
                return if same { s.id } else { ABSENT };
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The id of the token `text[a..b]`, a new one if it is new.
    #[inline]
    fn intern(&mut self, text: &[u8], a: usize, b: usize) -> u32 {
        if 2 * (self.len as usize + 1) > self.mask + 1 {
            self.grow();
        }
        let n = b - a;
        if n > 16 {
            return self.intern_long(&text[a..b]);
        }
        let (ka, kb) = token_key_at(text, a, b);
        let mut i = self.home(ka, kb, n);
        loop {
            let s = self.slots[i];
            let live = s.gen == self.gen;
            let same = live & (s.a == ka) & (s.b == kb) & (s.len as usize == n);
            if same | !live {
                // Rewriting a found slot with its own contents is harmless and saves a branch.
                let id = if same { s.id } else { self.len };
                self.slots[i] = VocabSlot { a: ka, b: kb, len: n as u32, id, off: 0, gen: self.gen };
                self.len += !same as u32;
                return id;
            }
            i = (i + 1) & self.mask;
        }
    }

    fn intern_long(&mut self, t: &[u8]) -> u32 {
        let (a, b) = token_key(t);
        match self.find(t, a, b) {
            Ok(id) => id,
            Err(slot) => {
                let off = self.long.len() as u32;
                crate::memory::reserve(&mut self.long, t.len(), "BLEU's long tokens");
                self.long.extend_from_slice(t);
                let id = self.len;
                self.slots[slot] = VocabSlot { a, b, len: t.len() as u32, id, off, gen: self.gen };
                self.len += 1;
                id
            }
        }
    }

    /// Double the capacity, keeping the entries (rare: the first estimate comes from the byte length).
    fn grow(&mut self) {
        let mut live = Vec::new();
        crate::memory::reserve(&mut live, self.len as usize, "BLEU's token table");
        live.extend(self.slots[..=self.mask].iter().filter(|s| s.gen == self.gen).copied());
        let cap = 2 * (self.mask + 1);
        self.slots.clear();
        crate::memory::resize(&mut self.slots, cap, VocabSlot::default(), "BLEU's token table");
        self.mask = cap - 1;
        for s in live {
            let mut i = self.home(s.a, s.b, s.len as usize);
            while self.slots[i].gen == self.gen {
                i = (i + 1) & self.mask;
            }
            self.slots[i] = s;
        }
    }
}

#[derive(Clone, Copy, Default)]
struct TrieSlot {
    key: u64,
    node: u32,
    gen: u32,
}

/// `(parent node, token id)` -> child node, for one segment at a time.
#[derive(Default)]
struct Trie {
    slots: Vec<TrieSlot>,
    mask: usize,
    gen: u32,
    len: usize,
}

#[inline]
fn edge(parent: u32, token: u32) -> u64 {
    ((parent as u64) << 32) | token as u64
}

impl Trie {
    /// Make room for `expected` nodes (up to [`PRESIZE_LIMIT`]; more grow the table); every
    /// slot becomes free.
    fn reset(&mut self, expected: usize) {
        let cap = capacity_for(expected.min(PRESIZE_LIMIT));
        if self.slots.len() < cap {
            crate::memory::resize(&mut self.slots, cap, TrieSlot::default(), "BLEU's n-gram table");
        }
        self.mask = cap - 1;
        self.len = 0;
        let slots = &mut self.slots;
        next_gen(&mut self.gen, || slots.fill(TrieSlot::default()));
    }

    /// Double the capacity, keeping the entries.
    #[cold]
    fn grow(&mut self) {
        let mut live = Vec::new();
        crate::memory::reserve(&mut live, self.len, "BLEU's n-gram table");
        live.extend(self.slots[..=self.mask].iter().filter(|s| s.gen == self.gen).copied());
        let cap = 2 * (self.mask + 1);
        self.slots.clear();
        crate::memory::resize(&mut self.slots, cap, TrieSlot::default(), "BLEU's n-gram table");
        self.mask = cap - 1;
        for s in live {
            let mut i = self.home(s.key);
            while self.slots[i].gen == self.gen {
                i = (i + 1) & self.mask;
            }
            self.slots[i] = s;
        }
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(MIX) >> 32) as usize & self.mask
    }

    /// The child at `key`, or [`ABSENT`].
    #[inline]
    fn get(&self, key: u64) -> u32 {
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            let live = s.gen == self.gen;
            let same = live & (s.key == key);
            if same | !live {
                return if same { s.node } else { ABSENT };
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The child at `key`, or `fresh` (then inserted). `GROW`: the table may fill up and is
    /// grown as needed (a segment beyond [`PRESIZE_LIMIT`]); otherwise `reset` sized it for
    /// every node the segment can have, and no count is kept.
    #[inline]
    fn get_or_insert<const GROW: bool>(&mut self, key: u64, fresh: u32) -> u32 {
        if GROW && 2 * (self.len + 1) > self.mask + 1 {
            self.grow();
        }
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            let live = s.gen == self.gen;
            let same = live & (s.key == key);
            if same | !live {
                let node = if same { s.node } else { fresh };
                self.slots[i] = TrieSlot { key, node, gen: self.gen };
                if GROW {
                    self.len += !same as usize;
                }
                return node;
            }
            i = (i + 1) & self.mask;
        }
    }
}

/// The buffers of one segment's statistics; see the module documentation. Use: [`begin`],
/// [`add_reference`] per reference, then [`set_hypothesis`] and [`finish`] for one hypothesis, or
/// [`begin_hypotheses`], [`add_hypothesis`] per hypothesis and [`finish_hypotheses`] for several
/// (the references counted once for all).
///
/// [`begin`]: SegmentStats::begin
/// [`add_reference`]: SegmentStats::add_reference
/// [`set_hypothesis`]: SegmentStats::set_hypothesis
/// [`finish`]: SegmentStats::finish
/// [`begin_hypotheses`]: SegmentStats::begin_hypotheses
/// [`add_hypothesis`]: SegmentStats::add_hypothesis
/// [`finish_hypotheses`]: SegmentStats::finish_hypotheses
#[derive(Default)]
pub struct SegmentStats {
    vocab: Vocab,
    trie: Trie,
    /// Token ids of all references, one after the other; `ref_lens` are their lengths.
    ref_ids: Vec<u32>,
    ref_lens: Vec<u32>,
    /// Token ids of the hypotheses of the segment, one after the other; `hyp_ends` where each ends.
    hyp_ids: Vec<u32>,
    hyp_ends: Vec<usize>,
    /// Per token id: whether a hypothesis has it.
    in_hyp: Vec<bool>,
    /// Per node: the largest count over the references, then what the hypothesis has left to clip.
    max_counts: Vec<u32>,
    /// Per node: the count in the current reference (several references only), and which are set.
    counts: Vec<u32>,
    touched: Vec<u32>,
    /// A span buffer for callers that tokenize.
    pub spans: Vec<(u32, u32)>,
}

impl SegmentStats {
    /// Forget the previous segment; `ref_bytes` (the references' total length) sizes the vocabulary.
    pub fn begin(&mut self, ref_bytes: usize) {
        // One token per 2 bytes keeps the table at most half full for any text with a space
        // between tokens (and it grows if a line beats it), and sparse for ordinary text.
        self.vocab.reset(ref_bytes / 2 + 1);
        self.ref_ids.clear();
        self.ref_lens.clear();
    }

    /// Intern one reference's tokens, the byte spans `spans` of `text`.
    pub fn add_reference(&mut self, text: &[u8], spans: &[(u32, u32)]) {
        crate::memory::reserve(&mut self.ref_ids, spans.len(), "BLEU's reference tokens");
        chunked(spans.len(), 1, |range| {
            for &(a, b) in &spans[range] {
                let id = self.vocab.intern(text, a as usize, b as usize);
                self.ref_ids.push(id);
            }
        });
        self.ref_lens.push(spans.len() as u32);
    }

    /// Look up the hypothesis tokens, the byte spans `spans` of `text` (after every reference).
    pub fn set_hypothesis(&mut self, text: &[u8], spans: &[(u32, u32)]) {
        self.begin_hypotheses();
        self.add_hypothesis(text, spans);
    }

    /// Write `[hyp_len, ref_len, correct_1..N, total_1..N]` into `out` (length `2 + 2N`).
    pub fn finish(&mut self, max_order: usize, out: &mut [u64]) {
        self.count_for_hypotheses(max_order);
        // One hypothesis: clipping may consume the counts themselves.
        let (ids, mut left) = (std::mem::take(&mut self.hyp_ids), std::mem::take(&mut self.max_counts));
        self.clip(&ids, &mut left, max_order, out);
        (self.hyp_ids, self.max_counts) = (ids, left);
    }

    /// Start looking up several hypotheses of the segment (after every reference): each
    /// [`add_hypothesis`](Self::add_hypothesis), then [`finish_hypotheses`](Self::finish_hypotheses).
    /// The references' n-grams are counted once for all of them.
    pub fn begin_hypotheses(&mut self) {
        let n_vocab = self.vocab.len as usize;
        self.in_hyp.clear();
        // One more entry that absent tokens mark, so that marking needs no branch.
        crate::memory::resize(&mut self.in_hyp, n_vocab + 1, false, "BLEU's token table");
        self.hyp_ids.clear();
        self.hyp_ends.clear();
    }

    /// Look up one more hypothesis's tokens (the byte spans `spans` of `text`).
    pub fn add_hypothesis(&mut self, text: &[u8], spans: &[(u32, u32)]) {
        let n_vocab = self.vocab.len as usize;
        crate::memory::reserve(&mut self.hyp_ids, spans.len(), "BLEU's hypothesis tokens");
        chunked(spans.len(), 1, |range| {
            for &(a, b) in &spans[range] {
                let id = self.vocab.get(text, a as usize, b as usize);
                self.in_hyp[(id as usize).min(n_vocab)] = true;
                self.hyp_ids.push(id);
            }
        });
        self.hyp_ends.push(self.hyp_ids.len());
    }

    /// The statistics of each hypothesis added since [`begin_hypotheses`](Self::begin_hypotheses),
    /// in order: row `h` of `out` (rows of `2 + 2N` values) is hypothesis `h`'s.
    pub fn finish_hypotheses(&mut self, max_order: usize, out: &mut [u64]) {
        self.count_for_hypotheses(max_order);
        let (ids, ends) = (std::mem::take(&mut self.hyp_ids), std::mem::take(&mut self.hyp_ends));
        let mut left = std::mem::take(&mut self.counts);
        let mut start = 0;
        for (&end, row) in ends.iter().zip(out.chunks_mut(2 + 2 * max_order)) {
            // Clipping consumes the counts: each hypothesis gets its own copy.
            left.clear();
            crate::memory::reserve(&mut left, self.max_counts.len(), "BLEU's n-gram counts");
            left.extend_from_slice(&self.max_counts);
            self.clip(&ids[start..end], &mut left, max_order, row);
            start = end;
        }
        (self.hyp_ids, self.hyp_ends, self.counts) = (ids, ends, left);
    }

    /// Count the references' n-grams made of tokens some hypothesis has (when there is anything
    /// to match).
    fn count_for_hypotheses(&mut self, max_order: usize) {
        self.in_hyp.truncate(self.vocab.len as usize);
        if !self.hyp_ids.is_empty() && !self.ref_ids.is_empty() {
            self.count_references(max_order);
        }
    }

    /// `[hyp_len, ref_len, correct_1..N, total_1..N]` of the hypothesis `ids` into `out`, given
    /// `left`: the counted references' `max_counts` (consumed).
    fn clip(&self, ids: &[u32], left: &mut [u32], max_order: usize, out: &mut [u64]) {
        let len = ids.len();
        out[0] = len as u64;
        out[1] = closest_ref_len(len, &self.ref_lens) as u64;
        let (correct, total) = out[2..2 + 2 * max_order].split_at_mut(max_order);
        for (n, t) in total.iter_mut().enumerate() {
            *t = len.saturating_sub(n) as u64;
        }
        correct.fill(0);
        if len == 0 || self.ref_ids.is_empty() {
            return;
        }
        // Clip one occurrence at a time: per n-gram this sums to min(hyp count, max ref count).
        chunked(len, max_order, |range| {
            for i in range {
                let mut node = ids[i];
                if node == ABSENT {
                    continue;
                }
                let end = len.min(i + max_order);
                let mut n = 0;
                loop {
                    let c = &mut left[node as usize];
                    if *c > 0 {
                        *c -= 1;
                        correct[n] += 1;
                    }
                    n += 1;
                    if i + n >= end {
                        break;
                    }
                    let t = ids[i + n];
                    if t == ABSENT {
                        break;
                    }
                    node = self.trie.get(edge(node, t));
                    if node == ABSENT {
                        break;
                    }
                }
            }
        });
    }

    /// `max_counts` of every reference n-gram made of hypothesis tokens (nodes: token ids, then trie nodes).
    fn count_references(&mut self, max_order: usize) {
        // Every n-gram of order 2 and up is a node at most once per reference position.
        let nodes = self.ref_ids.len() * (max_order - 1);
        if nodes <= PRESIZE_LIMIT {
            self.count_references_in::<false>(max_order, nodes);
        } else {
            self.count_references_in::<true>(max_order, PRESIZE_LIMIT);
        }
    }

    /// [`Self::count_references`] with tables sized for `nodes` nodes up front, which they never
    /// outgrow unless `GROW` (then they grow as they fill, through `crate::memory`).
    fn count_references_in<const GROW: bool>(&mut self, max_order: usize, nodes: usize) {
        let SegmentStats { trie, ref_ids, ref_lens, in_hyp, max_counts, counts, touched, .. } = self;
        let n_vocab = in_hyp.len();
        let single = ref_lens.len() == 1;
        trie.reset(nodes);
        counts.clear();
        crate::memory::resize(counts, n_vocab, 0, "BLEU's n-gram counts");
        crate::memory::reserve(counts, nodes, "BLEU's n-gram counts");
        max_counts.clear();
        crate::memory::resize(max_counts, n_vocab, 0, "BLEU's n-gram counts");
        crate::memory::reserve(max_counts, nodes, "BLEU's n-gram counts");
        touched.clear();
        if !single {
            crate::memory::reserve(touched, n_vocab + nodes, "BLEU's n-gram counts");
        }
        let mut n_nodes = n_vocab as u32;
        let mut start = 0;
        for &rl in ref_lens.iter() {
            let ids = &ref_ids[start..start + rl as usize];
            start += rl as usize;
            chunked(ids.len(), max_order, |range| {
                for i in range {
                    let mut node = ids[i];
                    if !in_hyp[node as usize] {
                        continue;
                    }
                    let end = ids.len().min(i + max_order);
                    let mut j = i;
                    loop {
                        if !single && counts[node as usize] == 0 {
                            if GROW && touched.len() == touched.capacity() {
                                crate::memory::reserve(touched, touched.len(), "BLEU's n-gram counts");
                            }
                            touched.push(node);
                        }
                        counts[node as usize] += 1;
                        j += 1;
                        if j >= end || !in_hyp[ids[j] as usize] {
                            break;
                        }
                        node = trie.get_or_insert::<GROW>(edge(node, ids[j]), n_nodes);
                        if node == n_nodes {
                            n_nodes += 1;
                            if GROW && counts.len() == counts.capacity() {
                                crate::memory::reserve(counts, counts.len(), "BLEU's n-gram counts");
                                crate::memory::reserve(max_counts, max_counts.len(), "BLEU's n-gram counts");
                            }
                            counts.push(0);
                            max_counts.push(0);
                        }
                    }
                }
            });
            if !single {
                for &node in touched.iter() {
                    let c = &mut counts[node as usize];
                    let m = &mut max_counts[node as usize];
                    *m = (*m).max(*c);
                    *c = 0;
                }
                touched.clear();
            }
        }
        if single {
            std::mem::swap(counts, max_counts);
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<SegmentStats> = RefCell::new(SegmentStats::default());
}

/// Run `f` with this thread's [`SegmentStats`] (a fresh one if it is already in use).
pub fn with_segment_stats<R>(f: impl FnOnce(&mut SegmentStats) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => f(&mut s),
        Err(_) => f(&mut SegmentStats::default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bleu::stats::oracle::SegmentRefs;
    use crate::text::sacrebleu::Tokens;

    /// The words of `s` as tokens laid end to end (so keys read the neighbours' bytes).
    fn words(s: &str) -> Tokens<'static> {
        Tokens::from_tokens(&s.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>())
    }

    fn stats(sc: &mut SegmentStats, hyp: &str, refs: &[&str], order: usize) -> Vec<u64> {
        sc.begin(refs.iter().map(|r| r.len()).sum());
        for r in refs {
            let t = words(r);
            sc.add_reference(t.text().as_bytes(), t.spans());
        }
        let t = words(hyp);
        sc.set_hypothesis(t.text().as_bytes(), t.spans());
        let mut out = vec![0; 2 + 2 * order];
        sc.finish(order, &mut out);
        out
    }

    #[test]
    fn keys_are_exact_for_short_tokens() {
        assert_eq!(load_upto8(b"abc"), u64::from_le_bytes(*b"abc\0\0\0\0\0"));
        assert_eq!(load_upto8(b"abcdef"), u64::from_le_bytes(*b"abcdef\0\0"));
        let text = "0123456789abcdefghijklmnopqrstuvwxyz\0é".as_bytes();
        for a in 0..text.len() {
            for b in a..=text.len() {
                assert_eq!(token_key_at(text, a, b), token_key(&text[a..b]), "{a}..{b}");
            }
        }
        let mut v = Vocab::default();
        v.reset(1);
        let toks = Tokens::from_tokens(&[
            "a",
            "a\0",
            "",
            "0123456789abcdefg",
            "0123456789abcdefh",
            "0123456789",
            "é",
        ]);
        let (text, spans) = (toks.text().as_bytes(), toks.spans());
        let ids: Vec<u32> = spans.iter().map(|&(a, b)| v.intern(text, a as usize, b as usize)).collect();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(spans.iter().map(|&(a, b)| v.get(text, a as usize, b as usize)).collect::<Vec<_>>(), ids);
        let other = b"0123456789abcdefi 0123456789b";
        assert_eq!((v.get(other, 0, 17), v.get(other, 18, 29), v.get(other, 0, 10)), (ABSENT, ABSENT, 5));
    }

    #[test]
    fn equals_the_reference_trie_on_random_segments() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state = crate::test_rng::xorshift(state);
            state
        };
        let vocab = ["a", "b", "c", "d", "the", "a\0", "0123456789abcdefgh", "0123456789abcdefgi", "é"];
        let mut sc = SegmentStats::default();
        for _ in 0..3000 {
            let sentence = |next: &mut dyn FnMut() -> u64| -> String {
                let n = next() % 30;
                (0..n).map(|_| vocab[(next() % vocab.len() as u64) as usize]).collect::<Vec<_>>().join(" ")
            };
            let hyp = sentence(&mut next);
            let refs: Vec<String> = (0..1 + next() % 3).map(|_| sentence(&mut next)).collect();
            let order = 1 + (next() % 5) as usize;
            let toks =
                |s: &str| Tokens::from_tokens(&s.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>());
            let rt: Vec<Tokens> = refs.iter().map(|r| toks(r)).collect();
            let mut expected = vec![0; 2 + 2 * order];
            SegmentRefs::<&str>::new(&rt, order).stats(&toks(&hyp), order, &mut expected);
            let r: Vec<&str> = refs.iter().map(String::as_str).collect();
            assert_eq!(stats(&mut sc, &hyp, &r, order), expected, "{hyp:?} vs {refs:?}");
        }
    }

    #[test]
    fn long_references_grow_their_tables_and_count_the_same() {
        // 30,000 reference tokens of order 4 may make 90,000 nodes: more than the tables are
        // sized for up front, so they grow as they fill.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut word = move || {
            state = crate::test_rng::xorshift(state);
            format!("w{}", state % 3000)
        };
        let r1: String = (0..30_000).map(|_| word() + " ").collect();
        let r2: String = (0..20_000).map(|_| word() + " ").collect();
        let hyp: String = (0..25_000).map(|_| word() + " ").collect();
        for refs in [vec![r1.as_str()], vec![r1.as_str(), r2.as_str()]] {
            let rt: Vec<Tokens> = refs.iter().map(|r| words(r)).collect();
            let mut expected = vec![0; 10];
            SegmentRefs::<&str>::new(&rt, 4).stats(&words(&hyp), 4, &mut expected);
            assert_eq!(stats(&mut SegmentStats::default(), &hyp, &refs, 4), expected);
        }
    }

    #[test]
    fn many_tokens_grow_the_vocabulary() {
        let mut sc = SegmentStats::default();
        let long: String = (0..2000).map(|i| format!("w{i} ")).collect();
        // Too small a size estimate: the vocabulary grows while the reference is interned.
        sc.begin(0);
        let (r, h) = (words(&long), words("w1 w2 w3 x w1999"));
        sc.add_reference(r.text().as_bytes(), r.spans());
        sc.set_hypothesis(h.text().as_bytes(), h.spans());
        let mut out = [0; 10];
        sc.finish(4, &mut out);
        assert_eq!(out, [5, 2000, 4, 2, 1, 0, 5, 4, 3, 2]);
    }
}
