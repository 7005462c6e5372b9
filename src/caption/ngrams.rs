//! N-grams of any order as dense ids, and each text's n-gram counts in the order pycocoevalcap's
//! dictionaries hold them.
//!
//! An n-gram's id is that of the pair (id of its first n-1 words, its last word), packed in a
//! `u64`: every order is interned from the one below without building a string or a tuple. A
//! text's profile lists, order by order, each distinct n-gram with its count, in order of first
//! occurrence: the insertion order of pycocoevalcap's `defaultdict`, which fixes the order in
//! which CIDEr adds its floats.
use rustc_hash::FxHashMap;

use super::words::Words;

/// N-gram -> dense id.
#[derive(Default)]
pub struct NgramTable {
    map: FxHashMap<u64, u32>,
    /// Words below this are their own unigram's id (longer n-grams are numbered after them), so
    /// that unigrams, a quarter of all n-grams, need no hashing; 0: every n-gram is hashed.
    unigrams: u32,
    /// N-grams numbered without entering the map, as `(prefix, word, id)`: those known to occur
    /// once in the texts the table was built for (see [`Profiles::build`]), which no later
    /// look-up asks for.
    unmapped: Vec<(u32, u32, u32)>,
}

/// Tables larger than this many entries give their memory back when dropped.
const KEEP_ENTRIES: usize = 1 << 18;

thread_local! {
    /// The memory of the thread's last table: a batch after batch (training rewards) fills one
    /// already in cache instead of faulting in fresh pages every call.
    static SPARE_MAP: std::cell::RefCell<Option<FxHashMap<u64, u32>>> = const { std::cell::RefCell::new(None) };
}

impl Drop for NgramTable {
    fn drop(&mut self) {
        if self.map.capacity() <= KEEP_ENTRIES {
            let map = std::mem::take(&mut self.map);
            // Absent during the thread's teardown: the map is then simply freed.
            let _ = SPARE_MAP.try_with(|spare| *spare.borrow_mut() = Some(map));
        }
    }
}

#[inline]
fn key(prefix: Option<u32>, word: u32) -> u64 {
    (prefix.map_or(0, |p| p as u64 + 1) << 32) | word as u64
}

impl NgramTable {
    /// A table with room for `n` n-grams, whose unigrams are the words' ids for words below
    /// `unigrams` (texts whose word ids are dense).
    pub fn with_capacity(n: usize, unigrams: u32) -> Self {
        let mut map = SPARE_MAP.with(|spare| spare.borrow_mut().take()).unwrap_or_default();
        map.clear();
        map.reserve(n);
        NgramTable { map, unigrams, unmapped: Vec::new() }
    }

    /// A new id for the n-gram `prefix` + `word`, which occurs nowhere else: not entered in the
    /// map, so [`NgramTable::get`] does not find it ([`NgramTable::entries`] lists it).
    #[inline]
    fn unique(&mut self, prefix: u32, word: u32) -> u32 {
        let id = self.len() as u32;
        self.unmapped.push((prefix, word, id));
        id
    }

    /// The id of the n-gram `prefix` + `word` (`prefix`: the id of its first n-1 words, `None`
    /// for a unigram), numbered on first sight.
    #[inline]
    pub fn id(&mut self, prefix: Option<u32>, word: u32) -> u32 {
        if prefix.is_none() && word < self.unigrams {
            return word;
        }
        let next = self.len() as u32;
        *self.map.entry(key(prefix, word)).or_insert(next)
    }

    /// The id of the n-gram if it was numbered before.
    #[inline]
    pub fn get(&self, prefix: Option<u32>, word: u32) -> Option<u32> {
        if prefix.is_none() && word < self.unigrams {
            return Some(word);
        }
        self.map.get(&key(prefix, word)).copied()
    }

    /// The number of ids (every id is below it).
    pub fn len(&self) -> usize {
        self.unigrams as usize + self.map.len() + self.unmapped.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every n-gram as `(prefix, word, id)`.
    pub fn entries(&self) -> impl Iterator<Item = (Option<u32>, u32, u32)> + '_ {
        let mapped = self.map.iter().map(|(&k, &id)| {
            let p = (k >> 32) as u32;
            ((p > 0).then(|| p - 1), k as u32, id)
        });
        let unmapped = self.unmapped.iter().map(|&(p, w, id)| (Some(p), w, id));
        (0..self.unigrams).map(|w| (None, w, w)).chain(mapped).chain(unmapped)
    }
}

/// Values attached to some ids of a dense id space, reset in constant time. Each id's stamp and
/// value lie side by side: a look-up touches one cache line.
pub struct Marks<T: Copy> {
    slots: Vec<(u32, T)>,
    generation: u32,
}

impl<T: Copy + Default> Default for Marks<T> {
    fn default() -> Self {
        Marks { slots: Vec::new(), generation: 1 }
    }
}

impl<T: Copy + Default> Marks<T> {
    /// Forgets every value; ids up to `size` may be used.
    pub fn reset(&mut self, size: usize) {
        if self.slots.len() < size {
            self.slots.resize(size, (0, T::default()));
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| s.0 = 0);
            self.generation = 1;
        }
    }

    #[inline]
    pub fn get(&self, id: u32) -> Option<T> {
        let (stamp, value) = self.slots[id as usize];
        (stamp == self.generation).then_some(value)
    }

    #[inline]
    pub fn set(&mut self, id: u32, v: T) {
        self.slots[id as usize] = (self.generation, v);
    }
}

thread_local! {
    /// [`Profiles::build`]'s marks, kept from call to call like the table's memory.
    static BUILD_MARKS: std::cell::RefCell<Marks<u32>> = std::cell::RefCell::new(Marks::default());
}

/// Texts of up to this many words count their repeats by scanning, longer ones with [`Marks`].
const SHORT: usize = 8;

/// The n-gram counts of every text of a [`Words`], orders `1..=order`.
pub struct Profiles {
    order: usize,
    /// `(n-gram id, count)`, text after text, order after order.
    grams: Vec<(u32, u32)>,
    /// `grams[bounds[t * order + k]..bounds[t * order + k + 1]]`: text `t`, order `k + 1`.
    bounds: Vec<u32>,
}

impl Profiles {
    /// Counts the n-grams of `words`' texts (their `split()` words), numbering new ones in `table`.
    /// With `lookups` false (the table is only read through [`NgramTable::entries`] and the
    /// profiles' ids), an n-gram whose first or last n-1 words occur once in all the texts
    /// occurs once itself, and is numbered without hashing: about half of a caption batch's
    /// longer n-grams.
    pub fn build(words: &Words, order: usize, table: &mut NgramTable, lookups: bool) -> Profiles {
        // Order by order over all texts (ids[k]: the order-k+1 n-grams of every text, text after
        // text), counting how often each id occurs, so that each order knows which of the one
        // below are unique.
        let mut ids: Vec<Vec<u32>> = Vec::with_capacity(order);
        let mut seen: Vec<u32> = Vec::new();
        for k in 0..order {
            let mut next = Vec::with_capacity(words.total());
            if k == 0 {
                for t in 0..words.len() {
                    next.extend(words.words(t).iter().map(|&x| table.id(None, x)));
                }
            } else {
                let below = &ids[k - 1];
                let mut at = 0;
                for t in 0..words.len() {
                    let w = words.words(t);
                    let n = w.len().saturating_sub(k - 1); // n-grams of the order below
                    for i in 0..n.saturating_sub(1) {
                        let (prefix, suffix) = (below[at + i], below[at + i + 1]);
                        let id = if !lookups && (seen[prefix as usize] == 1 || seen[suffix as usize] == 1) {
                            table.unique(prefix, w[i + k])
                        } else {
                            table.id(Some(prefix), w[i + k])
                        };
                        next.push(id);
                    }
                    at += n;
                }
            }
            if k + 1 < order && !lookups {
                seen.resize(table.len(), 0);
                for &g in &next {
                    seen[g as usize] = seen[g as usize].saturating_add(1);
                }
            }
            ids.push(next);
        }
        // Each text's profile, order after order, in order of first occurrence.
        let mut grams: Vec<(u32, u32)> = Vec::with_capacity(ids.iter().map(Vec::len).sum());
        let mut bounds = Vec::with_capacity(words.len() * order + 1);
        bounds.push(0u32);
        let mut at = vec![0usize; order];
        BUILD_MARKS.with(|cell| {
            let slots = &mut *cell.borrow_mut();
            for t in 0..words.len() {
                let len = words.words(t).len();
                for (k, at) in at.iter_mut().enumerate() {
                    let n = len.saturating_sub(k);
                    let next = &ids[k][*at..*at + n];
                    *at += n;
                    let start = grams.len();
                    if next.len() <= SHORT {
                        // Captions are short: finding a repeat among a few earlier n-grams beats a
                        // lookup in a table as large as the batch's n-grams.
                        for &g in next {
                            match grams[start..].iter_mut().find(|e| e.0 == g) {
                                Some(e) => e.1 += 1,
                                None => grams.push((g, 1)),
                            }
                        }
                    } else {
                        slots.reset(table.len());
                        for &g in next {
                            match slots.get(g) {
                                Some(at) => grams[at as usize].1 += 1,
                                None => {
                                    slots.set(g, grams.len() as u32);
                                    grams.push((g, 1));
                                }
                            }
                        }
                    }
                    bounds.push(grams.len() as u32);
                }
            }
            if slots.slots.len() > KEEP_ENTRIES {
                *slots = Marks::default(); // a huge batch's marks are not kept
            }
        });
        Profiles { order, grams, bounds }
    }

    pub fn order(&self) -> usize {
        self.order
    }

    /// The n-grams of order `k + 1` of text `t`, with their counts, in order of first occurrence.
    #[inline]
    pub fn of(&self, t: usize, k: usize) -> &[(u32, u32)] {
        &self.grams[self.span(t, k)]
    }

    /// Where [`Profiles::of`]`(t, k)` lies in [`Profiles::entries`].
    #[inline]
    pub fn span(&self, t: usize, k: usize) -> std::ops::Range<usize> {
        let i = t * self.order + k;
        self.bounds[i] as usize..self.bounds[i + 1] as usize
    }

    /// Every `(n-gram, count)` of every text.
    pub fn entries(&self) -> &[(u32, u32)] {
        &self.grams
    }

    /// Every n-gram of text `t`, all orders.
    #[inline]
    pub fn all(&self, t: usize) -> &[(u32, u32)] {
        let i = t * self.order;
        &self.grams[self.bounds[i] as usize..self.bounds[i + self.order] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::intern::Interner;

    #[test]
    fn profiles_keep_first_occurrence_order() {
        let mut vocab = Interner::new();
        let mut w = Words::default();
        w.push_text("b a b a c", &mut vocab);
        w.push_text("a b", &mut vocab);
        let mut table = NgramTable::default();
        let p = Profiles::build(&w, 3, &mut table, true);
        let unigrams: Vec<u32> = p.of(0, 0).iter().map(|g| g.1).collect();
        assert_eq!(unigrams, [2, 2, 1]); // b, a, c
        assert_eq!(p.of(0, 1).iter().map(|g| g.1).collect::<Vec<_>>(), [2, 1, 1]); // "b a", "a b", "a c"
        assert_eq!(p.of(0, 2).len(), 3);
        // "a b" of the second text is the same n-gram as in the first.
        assert_eq!(p.of(1, 1)[0].0, p.of(0, 1)[1].0);
        assert!(p.of(1, 2).is_empty());
        assert_eq!(p.all(1).len(), 3);
        assert_eq!(table.get(None, vocab.get("c").unwrap()), Some(p.of(0, 0)[2].0));
    }

    #[test]
    fn long_texts_count_alike() {
        // The same words as one long text (counted with marks) and in short pieces (scanned).
        let long: Vec<String> = (0..60).map(|i| ["a", "b", "c", "a", "d"][i % 5].to_string()).collect();
        let mut vocab = Interner::new();
        let mut w = Words::default();
        w.push_text(&long.join(" "), &mut vocab);
        w.push_text(&long[..20].join(" "), &mut vocab);
        let mut table = NgramTable::default();
        let p = Profiles::build(&w, 2, &mut table, true);
        let counts = |t: usize, k: usize| p.of(t, k).iter().map(|g| g.1).collect::<Vec<_>>();
        assert_eq!(counts(0, 0), [24, 12, 12, 12]); // a, b, c, d in order of first occurrence
        assert_eq!(counts(1, 0), [8, 4, 4, 4]);
        assert_eq!(
            p.of(0, 1).iter().map(|g| g.0).collect::<Vec<_>>(),
            p.of(1, 1).iter().map(|g| g.0).collect::<Vec<_>>()
        );
        assert_eq!(counts(0, 1).iter().sum::<u32>(), 59);
    }

    #[test]
    fn unique_ngrams_unmapped_alike() {
        // The same profiles, n-gram for n-gram, whether n-grams known to be unique are hashed or
        // not; each unmapped id is listed once by the table's entries.
        let texts = ["a b c d e", "a b c x", "b c d", "q r s t u v", "a b c d e", "c d e f a b c", ""];
        let mut vocab = Interner::new();
        let mut w = Words::default();
        for t in texts {
            w.push_text(t, &mut vocab);
        }
        let spelled = |table: &NgramTable, p: &Profiles| {
            let mut names = vec![Vec::new(); table.len()];
            let entries: Vec<_> = table.entries().collect();
            assert_eq!(entries.len(), table.len());
            let mut sorted = entries.clone();
            sorted.sort_by_key(|e| e.2);
            for (prefix, word, id) in sorted {
                let mut name = prefix.map_or_else(Vec::new, |p| names[p as usize].clone());
                name.push(word);
                names[id as usize] = name;
            }
            (0..texts.len())
                .flat_map(|t| (0..4).map(move |k| (t, k)))
                .map(|(t, k)| {
                    p.of(t, k).iter().map(|&(g, n)| (names[g as usize].clone(), n)).collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        };
        let mut mapped = NgramTable::default();
        let all = Profiles::build(&w, 4, &mut mapped, true);
        let mut lean = NgramTable::default();
        let some = Profiles::build(&w, 4, &mut lean, false);
        assert!(!lean.unmapped.is_empty() && mapped.unmapped.is_empty());
        assert_eq!(lean.len(), mapped.len());
        assert_eq!(spelled(&lean, &some), spelled(&mapped, &all));
    }

    #[test]
    fn marks_reset() {
        let mut m: Marks<u32> = Marks::default();
        m.reset(4);
        m.set(2, 7);
        assert_eq!(m.get(2), Some(7));
        m.reset(4);
        assert_eq!(m.get(2), None);
    }
}
