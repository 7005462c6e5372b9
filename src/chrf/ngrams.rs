//! N-gram ids and the statistics of one segment.
//!
//! An n-gram's id comes from the id of its first `n - 1` symbols and its last symbol, packed into
//! one `u64` key, so n-grams of every order are hashed as integers and no string is built per
//! n-gram. Ids are only meaningful within one [`NgramTable`].
use super::extract::{chars_into, word_spans, words_into, Alphabet};
use super::levels::{cells, Levels, MAX_CELLS};
use super::score::f_score;
use super::ChrfOptions;
use crate::control::Poller;
use crate::text::intern::{Interner, UnitMap};

/// The id of an n-gram that is not in the table (looked up, not inserted).
pub const NONE: u32 = u32::MAX;

/// Character and word unigrams live in separate key ranges; longer n-grams are keyed by their
/// prefix's id, which already tells the two apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Char = 0,
    Word = 1,
}

#[inline]
fn unigram_key(kind: Kind, sym: u32) -> u64 {
    ((kind as u64) << 32) | sym as u64
}

#[inline]
fn extend_key(prefix: u32, sym: u32) -> u64 {
    ((prefix as u64 + 2) << 32) | sym as u64
}

#[derive(Clone, Copy, Default, Debug)]
struct Slot {
    key: u64,
    val: u32,
    /// The slot is live when this equals the table's stamp; `clear` just moves the stamp on.
    stamp: u32,
}

/// Dense ids `0..len()` for the distinct n-grams inserted: open addressing with linear probing at
/// most half full, Fibonacci hashing (the high bits of a multiply, so keys that differ only in
/// their prefix id still spread), and O(1) clearing by a generation stamp, since the segment kernel
/// clears its table once per segment. The slots in use are the first `cap` of the allocation, sized
/// to the text at hand, so a short segment after a long one stays in L1.
#[derive(Clone, Debug)]
pub struct NgramTable {
    slots: Vec<Slot>,
    cap: usize,
    shift: u32,
    len: usize,
    stamp: u32,
}

const MIN_CAP: usize = 64;

/// The unigram passes over a long text poll the call (`crate::control::poll`) once per this many
/// symbols; the longer orders tick a `Poller` per n-gram.
const POLL_CHUNK: usize = 1 << 16;

impl Default for NgramTable {
    fn default() -> Self {
        NgramTable {
            slots: vec![Slot::default(); MIN_CAP],
            cap: MIN_CAP,
            shift: 64 - MIN_CAP.trailing_zeros(),
            len: 0,
            stamp: 1,
        }
    }
}

impl NgramTable {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empty the table (every id is forgotten).
    pub fn clear(&mut self) {
        self.len = 0;
        self.next_stamp();
    }

    /// Empty the table, sized for about `n` insertions (at most 2^16 up front: a long text with high
    /// orders grows the table as distinct n-grams actually appear).
    pub fn clear_for(&mut self, n: usize) {
        self.clear();
        self.set_cap((2 * n.min(1 << 16)).next_power_of_two().max(MIN_CAP));
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
    }

    fn set_cap(&mut self, cap: usize) {
        if cap > self.slots.len() {
            self.slots = Vec::new();
            self.slots = crate::memory::filled(cap, Slot::default(), "chrF's n-gram table");
            self.stamp = 1;
        }
        self.cap = cap;
        self.shift = 64 - cap.trailing_zeros();
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let mut live = Vec::new();
        crate::memory::reserve(&mut live, self.len, "chrF's n-gram table");
        live.extend(self.slots[..self.cap].iter().filter(|s| s.stamp == self.stamp).copied());
        self.next_stamp();
        self.set_cap(self.cap * 2);
        let mask = self.cap - 1;
        for s in live {
            let mut i = self.index(s.key);
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot { stamp: self.stamp, ..s };
        }
    }

    #[inline(always)]
    fn insert(&mut self, key: u64) -> u32 {
        if (self.len + 1) * 2 > self.cap {
            self.grow();
        }
        let mask = self.cap - 1;
        let mut i = self.index(key);
        loop {
            let s = &mut self.slots[i];
            if s.stamp != self.stamp {
                let val = self.len as u32;
                *s = Slot { key, val, stamp: self.stamp };
                self.len += 1;
                return val;
            }
            if s.key == key {
                return s.val;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline(always)]
    fn get(&self, key: u64) -> u32 {
        let mask = self.cap - 1;
        let mut i = self.index(key);
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp {
                return NONE;
            }
            if s.key == key {
                return s.val;
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts every n-gram of `syms` of orders `1..=max_order` and calls `emit(n - 1, id)` for
    /// each occurrence. `ids` is a work buffer.
    pub fn insert_all(
        &mut self,
        kind: Kind,
        syms: &[u32],
        max_order: usize,
        ids: &mut Vec<u32>,
        mut emit: impl FnMut(usize, u32),
    ) {
        ids.clear();
        if max_order == 0 {
            return;
        }
        crate::memory::reserve(ids, syms.len(), "chrF's n-gram ids");
        let mut poller = Poller::default();
        for chunk in syms.chunks(POLL_CHUNK) {
            crate::control::poll();
            ids.extend(chunk.iter().map(|&s| self.insert(unigram_key(kind, s))));
        }
        ids.iter().for_each(|&id| emit(0, id));
        for n in 2..=max_order.min(syms.len()) {
            let m = ids.len() - 1;
            for i in 0..m {
                poller.tick(1);
                let id = self.insert(extend_key(ids[i], syms[i + n - 1]));
                ids[i] = id;
                emit(n - 1, id);
            }
            ids.truncate(m);
        }
    }

    /// Like [`insert_all`](Self::insert_all) without inserting: n-grams not in the table have the
    /// id [`NONE`] (and so do all their extensions). Once a whole order is unknown, the longer
    /// orders are not visited (their n-grams would all be [`NONE`]).
    pub fn lookup_all(
        &self,
        kind: Kind,
        syms: &[u32],
        max_order: usize,
        ids: &mut Vec<u32>,
        mut emit: impl FnMut(usize, u32),
    ) {
        ids.clear();
        if max_order == 0 {
            return;
        }
        crate::memory::reserve(ids, syms.len(), "chrF's n-gram ids");
        let mut poller = Poller::default();
        for chunk in syms.chunks(POLL_CHUNK) {
            crate::control::poll();
            ids.extend(chunk.iter().map(|&s| self.get(unigram_key(kind, s))));
        }
        ids.iter().for_each(|&id| emit(0, id));
        for n in 2..=max_order.min(syms.len()) {
            let m = ids.len() - 1;
            let mut known = false;
            for i in 0..m {
                poller.tick(1);
                let prev = ids[i];
                let id = if prev == NONE { NONE } else { self.get(extend_key(prev, syms[i + n - 1])) };
                ids[i] = id;
                known |= id != NONE;
                emit(n - 1, id);
            }
            // No n-gram of this order is known, so none of the longer ones is either.
            if !known {
                break;
            }
            ids.truncate(m);
        }
    }
}

impl NgramTable {
    /// Clipped matches of `syms` against counts of table ids: for each n-gram occurrence of orders
    /// `1..=max_order` whose id has `avail > 0`, take one and add 1 to `matches[n - 1]` (kept in a
    /// register per order, not in memory). Extensions of unknown n-grams are not looked up.
    pub fn clipped_matches(
        &self,
        kind: Kind,
        syms: &[u32],
        max_order: usize,
        ids: &mut Vec<u32>,
        avail: &mut [u32],
        matches: &mut [u64],
    ) {
        ids.clear();
        if max_order == 0 {
            return;
        }
        let mut take = |id: u32| -> u64 {
            if id != NONE {
                let a = &mut avail[id as usize];
                if *a > 0 {
                    *a -= 1;
                    return 1;
                }
            }
            0
        };
        crate::memory::reserve(ids, syms.len(), "chrF's n-gram ids");
        let mut poller = Poller::default();
        for chunk in syms.chunks(POLL_CHUNK) {
            crate::control::poll();
            ids.extend(chunk.iter().map(|&s| self.get(unigram_key(kind, s))));
        }
        let mut hits = 0;
        for &id in ids.iter() {
            hits += take(id);
        }
        matches[0] += hits;
        for n in 2..=max_order.min(syms.len()) {
            let m = ids.len() - 1;
            let (mut hits, mut known) = (0u64, false);
            for i in 0..m {
                poller.tick(1);
                let prev = ids[i];
                let id = if prev == NONE { NONE } else { self.get(extend_key(prev, syms[i + n - 1])) };
                ids[i] = id;
                known |= id != NONE;
                hits += take(id);
            }
            matches[n - 1] += hits;
            if !known {
                break;
            }
            ids.truncate(m);
        }
    }
}

/// The number of n-grams of order `n` in a sequence of `len` symbols.
#[inline]
pub fn ngram_count(len: usize, n: usize) -> u64 {
    (len + 1).saturating_sub(n) as u64
}

/// Reusable buffers for [`segment_stats`].
#[derive(Default)]
pub struct Scratch {
    alphabet: Alphabet,
    levels: Levels,
    /// Word ids of the segment (0 for a reference word the hypothesis lacks).
    word_ids: UnitMap,
    spans: Vec<(usize, usize)>,
    table: NgramTable,
    words: Interner,
    hyp_counts: Vec<u32>,
    avail: Vec<u32>,
    matches: Vec<u64>,
    row: Vec<u64>,
    hyp_chars: Vec<u32>,
    hyp_words: Vec<u32>,
    ref_chars: Vec<u32>,
    ref_words: Vec<u32>,
    ids: Vec<u32>,
}

/// Fills `row` (`[hyp, ref, matches]` per order) from the symbol counts and the matches.
fn fill_row(row: &mut [u64], matches: &[u64], nc: usize, lens: [usize; 4]) {
    let [hc, rc, hw, rw] = lens;
    for (o, m) in matches.iter().enumerate() {
        let (hl, rl, n) = if o < nc { (hc, rc, o + 1) } else { (hw, rw, o - nc + 1) };
        let ref_total = ngram_count(rl, n);
        row[3 * o] = if ref_total > 0 { ngram_count(hl, n) } else { 0 };
        row[3 * o + 1] = ref_total;
        row[3 * o + 2] = *m;
    }
}

/// The statistics of `hyp` against the best of `refs` (the first with the highest sentence-level
/// score, sacrebleu's rule) written to `out` (`3 * orders` values). No reference gives zeros.
///
/// The hypothesis is decoded once into dense symbol ids ([`Alphabet`], the words through an
/// [`Interner`]); each reference is decoded into the same ids and matched against it by
/// [`Levels`]. Texts too long for its direct-mapped tables take [`segment_stats_hashed`].
pub fn segment_stats<'r>(
    hyp: &str,
    refs: impl IntoIterator<Item = &'r str>,
    opts: &ChrfOptions,
    s: &mut Scratch,
    out: &mut [u64],
) {
    let (nc, nw) = (opts.char_order, opts.word_order);
    let orders = nc + nw;
    out.fill(0);
    s.alphabet.reset(opts.whitespace);
    s.hyp_chars.clear();
    if nc > 0 {
        s.alphabet.hyp_into(hyp, &mut s.hyp_chars);
    }
    let char_alpha = s.alphabet.size();
    s.hyp_words.clear();
    let mut word_alpha = 1;
    if nw > 0 {
        word_spans(hyp, &mut s.spans);
        s.word_ids.clear();
        let mut next = 1u32;
        crate::memory::reserve(&mut s.hyp_words, s.spans.len(), "chrF's words");
        s.hyp_words.extend(s.spans.iter().map(|&(a, b)| s.word_ids.number_at(hyp, a, b, &mut next)));
        word_alpha = next as usize;
    }
    let fits = |len: usize, alpha: usize| cells(len, alpha).is_some_and(|c| c <= MAX_CELLS);
    if !fits(s.hyp_chars.len(), char_alpha) || (nw > 0 && !fits(s.hyp_words.len(), word_alpha)) {
        return segment_stats_hashed(hyp, refs, opts, s, out);
    }
    s.row.resize(3 * orders, 0);
    s.matches.resize(orders, 0);
    let (mut first, mut best) = (true, None);
    for r in refs {
        s.matches.fill(0);
        s.ref_chars.clear();
        if nc > 0 {
            s.alphabet.ref_into(r, &mut s.ref_chars);
        }
        s.levels.matches(&s.hyp_chars, &s.ref_chars, char_alpha, &mut s.matches[..nc]);
        s.ref_words.clear();
        if nw > 0 {
            word_spans(r, &mut s.spans);
            let ids = &mut s.word_ids;
            crate::memory::reserve(&mut s.ref_words, s.spans.len(), "chrF's words");
            s.ref_words.extend(s.spans.iter().map(|&(a, b)| ids.get_at(r, a, b, 0)));
            s.levels.matches(&s.hyp_words, &s.ref_words, word_alpha, &mut s.matches[nc..]);
        }
        let lens = [s.hyp_chars.len(), s.ref_chars.len(), s.hyp_words.len(), s.ref_words.len()];
        fill_row(&mut s.row, &s.matches, nc, lens);
        // The first reference is taken as it is (no score needed with one reference); a later
        // one if it scores higher.
        if first {
            first = false;
            out.copy_from_slice(&s.row);
            continue;
        }
        let b = *best.get_or_insert_with(|| f_score(out, opts.beta, opts.eps_smoothing));
        let f = f_score(&s.row, opts.beta, opts.eps_smoothing);
        if f > b {
            best = Some(f);
            out.copy_from_slice(&s.row);
        }
    }
}

/// [`segment_stats`] for texts of any size: the hypothesis' n-grams are counted once in a hash
/// table of chained n-gram ids; each reference is only looked up, and the extensions of an
/// n-gram the hypothesis lacks are never hashed.
pub fn segment_stats_hashed<'r>(
    hyp: &str,
    refs: impl IntoIterator<Item = &'r str>,
    opts: &ChrfOptions,
    s: &mut Scratch,
    out: &mut [u64],
) {
    let (nc, nw) = (opts.char_order, opts.word_order);
    let orders = nc + nw;
    out.fill(0);
    s.words.clear();
    s.hyp_counts.clear();
    chars_into(hyp, opts.whitespace, &mut s.hyp_chars);
    let mut wbuf = Vec::new();
    if nw > 0 {
        words_into(hyp, &mut wbuf);
    }
    s.table.clear_for(s.hyp_chars.len() * nc.min(s.hyp_chars.len()) + wbuf.len() * nw.min(wbuf.len()));
    let counts = &mut s.hyp_counts;
    let mut count = |_: usize, id: u32| {
        if id as usize == counts.len() {
            if counts.len() == counts.capacity() {
                crate::memory::reserve(counts, counts.len().max(64), "chrF's n-gram counts");
            }
            counts.push(1);
        } else {
            counts[id as usize] += 1;
        }
    };
    s.table.insert_all(Kind::Char, &s.hyp_chars, nc, &mut s.ids, &mut count);
    s.hyp_words.clear();
    if nw > 0 {
        s.hyp_words.extend(wbuf.iter().map(|w| s.words.intern(w)));
        s.table.insert_all(Kind::Word, &s.hyp_words, nw, &mut s.ids, &mut count);
    }
    s.row.resize(3 * orders, 0);
    s.matches.resize(orders, 0);
    let mut best = -1.0f64;
    for r in refs {
        s.matches.fill(0);
        s.avail.clear();
        crate::memory::reserve(&mut s.avail, s.hyp_counts.len(), "chrF's n-gram counts");
        s.avail.extend_from_slice(&s.hyp_counts);
        chars_into(r, opts.whitespace, &mut s.ref_chars);
        // Clipped matches: each reference occurrence takes one of the hypothesis' occurrences.
        s.table.clipped_matches(Kind::Char, &s.ref_chars, nc, &mut s.ids, &mut s.avail, &mut s.matches[..nc]);
        s.ref_words.clear();
        if nw > 0 {
            words_into(r, &mut wbuf);
            // A word the hypothesis lacks gets an id no n-gram key uses.
            s.ref_words.extend(wbuf.iter().map(|w| s.words.get(w).unwrap_or(NONE)));
            s.table.clipped_matches(
                Kind::Word,
                &s.ref_words,
                nw,
                &mut s.ids,
                &mut s.avail,
                &mut s.matches[nc..],
            );
        }
        let lens = [s.hyp_chars.len(), s.ref_chars.len(), s.hyp_words.len(), s.ref_words.len()];
        fill_row(&mut s.row, &s.matches, nc, lens);
        let f = f_score(&s.row, opts.beta, opts.eps_smoothing);
        if f > best {
            best = f;
            out.copy_from_slice(&s.row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_grows_and_clears() {
        let mut t = NgramTable::default();
        for k in 0..10_000u64 {
            assert_eq!(t.insert(k << 32 | (k % 7)), k as u32);
        }
        assert_eq!(t.len(), 10_000);
        assert_eq!(t.get(5 << 32 | 5), 5);
        assert_eq!(t.get(5 << 32 | 6), NONE);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.get(5 << 32 | 5), NONE);
        assert_eq!(t.insert(42), 0);
        assert_eq!(t.insert(42), 0);
        // A smaller table inside the same allocation, then growing again.
        t.clear_for(3);
        assert_eq!(t.get(42), NONE);
        for k in 0..1000u64 {
            assert_eq!(t.insert(k * 977), k as u32);
        }
        for k in 0..1000u64 {
            assert_eq!(t.get(k * 977), k as u32);
        }
        assert_eq!(t.get(1), NONE);
    }

    fn stats(h: &str, refs: &[&str], c: i64, w: i64) -> Vec<u64> {
        let opts = ChrfOptions::new(c, w, 2.0, false, false).unwrap();
        let mut out = vec![0; opts.stats_len()];
        segment_stats(h, refs.iter().copied(), &opts, &mut Scratch::default(), &mut out);
        let mut hashed = vec![0; opts.stats_len()];
        segment_stats_hashed(h, refs.iter().copied(), &opts, &mut Scratch::default(), &mut hashed);
        assert_eq!(out, hashed);
        out
    }

    #[test]
    fn direct_and_hashed_paths_agree() {
        let mut seed = 7u64;
        let mut rand = |k: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        let pieces =
            ["a", "b", "ab", " ", "é", "€", "😀", ".", "(", "\u{a0}", "\u{3000}", "x.", "\t", "ba", "é."];
        let text = |rand: &mut dyn FnMut(u64) -> u64| -> String {
            let n = rand(40);
            (0..n).map(|_| pieces[rand(pieces.len() as u64) as usize]).collect()
        };
        let (mut one, mut two) = (Scratch::default(), Scratch::default());
        for round in 0..1500 {
            let (c, w) = (rand(9) as i64, rand(4) as i64);
            if c + w == 0 {
                continue;
            }
            let opts = ChrfOptions::new(c, w, 2.0, round % 4 == 0, round % 5 == 0).unwrap();
            let h = text(&mut rand);
            let refs: Vec<String> = (0..1 + rand(3)).map(|_| text(&mut rand)).collect();
            let refs: Vec<&str> = refs.iter().map(|r| r.as_str()).collect();
            let (mut a, mut b) = (vec![0; opts.stats_len()], vec![0; opts.stats_len()]);
            segment_stats(&h, refs.iter().copied(), &opts, &mut one, &mut a);
            segment_stats_hashed(&h, refs.iter().copied(), &opts, &mut two, &mut b);
            assert_eq!(a, b, "{h:?} {refs:?} {opts:?}");
        }
    }

    #[test]
    fn counts_and_clipped_matches() {
        // "aab" vs "ab": unigrams a,a,b vs a,b -> 2 matches; bigrams aa,ab vs ab -> 1.
        assert_eq!(stats("aab", &["ab"], 3, 0), [3, 2, 2, 2, 1, 1, 0, 0, 0]);
        // A reference without n-grams of an order zeroes the hypothesis count of that order.
        assert_eq!(stats("abc", &["a"], 2, 0), [3, 1, 1, 0, 0, 0]);
        assert_eq!(stats("", &["ab"], 2, 0), [0, 2, 0, 0, 1, 0]);
    }

    #[test]
    fn words_and_best_reference() {
        assert_eq!(stats("a b.", &["a b ."], 1, 2), [3, 3, 3, 3, 3, 3, 2, 2, 2]);
        // The second reference is better; an equal later one would not replace the first.
        let s = stats("abc", &["xyz", "abc", "abc"], 2, 0);
        assert_eq!(s, [3, 3, 3, 2, 2, 2]);
    }

    #[test]
    fn high_orders_do_not_confuse_kinds() {
        let s = stats("ab ab", &["ab ab"], 5, 3);
        assert_eq!(s[0..3], [4, 4, 4]);
        assert_eq!(s[12..15], [0, 0, 0]);
        assert_eq!(s[15..18], [2, 2, 2]);
        assert_eq!(s[18..21], [1, 1, 1]);
    }
}
