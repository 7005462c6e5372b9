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
}

#[inline]
fn key(prefix: Option<u32>, word: u32) -> u64 {
    (prefix.map_or(0, |p| p as u64 + 1) << 32) | word as u64
}

impl NgramTable {
    /// The id of the n-gram `prefix` + `word` (`prefix`: the id of its first n-1 words, `None`
    /// for a unigram), numbered on first sight.
    #[inline]
    pub fn id(&mut self, prefix: Option<u32>, word: u32) -> u32 {
        let next = self.map.len() as u32;
        *self.map.entry(key(prefix, word)).or_insert(next)
    }

    /// The id of the n-gram if it was numbered before.
    #[inline]
    pub fn get(&self, prefix: Option<u32>, word: u32) -> Option<u32> {
        self.map.get(&key(prefix, word)).copied()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Every n-gram as `(prefix, word, id)`.
    pub fn entries(&self) -> impl Iterator<Item = (Option<u32>, u32, u32)> + '_ {
        self.map.iter().map(|(&k, &id)| {
            let p = (k >> 32) as u32;
            ((p > 0).then(|| p - 1), k as u32, id)
        })
    }
}

/// Values attached to some ids of a dense id space, reset in constant time.
pub struct Marks<T: Copy> {
    stamp: Vec<u32>,
    value: Vec<T>,
    generation: u32,
}

impl<T: Copy + Default> Default for Marks<T> {
    fn default() -> Self {
        Marks { stamp: Vec::new(), value: Vec::new(), generation: 1 }
    }
}

impl<T: Copy + Default> Marks<T> {
    /// Forgets every value; ids up to `size` may be used.
    pub fn reset(&mut self, size: usize) {
        if self.stamp.len() < size {
            self.stamp.resize(size, 0);
            self.value.resize(size, T::default());
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    pub fn get(&self, id: u32) -> Option<T> {
        (self.stamp[id as usize] == self.generation).then(|| self.value[id as usize])
    }

    #[inline]
    pub fn set(&mut self, id: u32, v: T) {
        self.stamp[id as usize] = self.generation;
        self.value[id as usize] = v;
    }
}

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
    pub fn build(words: &Words, order: usize, table: &mut NgramTable) -> Profiles {
        let mut grams: Vec<(u32, u32)> = Vec::new();
        let mut bounds = vec![0u32];
        let mut slots: Marks<u32> = Marks::default();
        let (mut ids, mut next) = (Vec::new(), Vec::new());
        for t in 0..words.len() {
            let w = words.words(t);
            ids.clear();
            for k in 0..order {
                next.clear();
                if k == 0 {
                    next.extend(w.iter().map(|&x| table.id(None, x)));
                } else if w.len() > k {
                    next.extend((0..w.len() - k).map(|i| table.id(Some(ids[i]), w[i + k])));
                }
                slots.reset(table.len());
                for &g in &next {
                    match slots.get(g) {
                        Some(at) => grams[at as usize].1 += 1,
                        None => {
                            slots.set(g, grams.len() as u32);
                            grams.push((g, 1));
                        }
                    }
                }
                bounds.push(grams.len() as u32);
                std::mem::swap(&mut ids, &mut next);
            }
        }
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
        let p = Profiles::build(&w, 3, &mut table);
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
    fn marks_reset() {
        let mut m: Marks<u32> = Marks::default();
        m.reset(4);
        m.set(2, 7);
        assert_eq!(m.get(2), Some(7));
        m.reset(4);
        assert_eq!(m.get(2), None);
    }
}
