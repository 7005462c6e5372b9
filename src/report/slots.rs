//! A small hash table for the keys of one segment, emptied in O(1).

/// An open-addressing table of one segment's keys (n-grams, words): small enough to stay in
/// cache, and emptied in O(1) by a generation stamp (this runs for every segment).
#[derive(Default)]
pub struct Slots {
    keys: Vec<u64>,
    values: Vec<u32>,
    stamps: Vec<u32>,
    generation: u32,
    len: usize,
}

impl Slots {
    pub fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of the product index the table.
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<u32> {
        if self.keys.is_empty() {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.stamps[i] == self.generation {
            if self.keys[i] == key {
                return Some(self.values[i]);
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// The value of `key`, inserting `value` first if absent.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, value: u32) -> u32 {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.stamps[i] == self.generation {
            if self.keys[i] == key {
                return self.values[i];
            }
            i = (i + 1) & mask;
        }
        self.keys[i] = key;
        self.values[i] = value;
        self.stamps[i] = self.generation;
        self.len += 1;
        value
    }

    fn grow(&mut self) {
        let live: Vec<(u64, u32)> = (0..self.keys.len())
            .filter(|&i| self.stamps[i] == self.generation)
            .map(|i| (self.keys[i], self.values[i]))
            .collect();
        let size = (self.keys.len() * 2).max(256);
        self.keys = vec![0; size];
        self.values = vec![0; size];
        self.stamps = vec![0; size];
        self.generation = 1;
        self.len = 0;
        for (k, v) in live {
            self.get_or_insert(k, v);
        }
    }
}
