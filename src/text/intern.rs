//! Token interning: strings -> `u32` ids, so kernels compare integers instead of strings.
use rustc_hash::FxHashMap;

/// A map keyed by strings. Tokens are mostly short, so those of up to 7 bytes are packed into a
/// `u64` and those of up to 15 into a `u128` (hashed and compared as integers, in compact tables
/// that stay in cache); longer ones are boxed strings.
#[derive(Debug, Clone)]
pub struct StrMap<V> {
    tiny: FxHashMap<u64, V>,
    short: FxHashMap<u128, V>,
    long: FxHashMap<Box<str>, V>,
    /// Bytes of the boxed long keys, for [`StrMap::heap_bytes`].
    long_bytes: usize,
}

impl<V> Default for StrMap<V> {
    fn default() -> Self {
        StrMap {
            tiny: FxHashMap::default(),
            short: FxHashMap::default(),
            long: FxHashMap::default(),
            long_bytes: 0,
        }
    }
}

enum Key<'a> {
    Tiny(u64),
    Short(u128),
    Long(&'a str),
}

/// The bytes of a short string in the low bytes and its length in the top byte: unique per string.
/// Assembled in registers: copying into a stack buffer and reloading it as an integer stalls on
/// store forwarding, and this runs once per token.
/// The bytes are read as two overlapping little-endian words (first and last 4, or 8), which
/// agree on the bytes they share, so OR-ing them packs any length without a per-byte loop.
#[inline]
fn key(s: &str) -> Key<'_> {
    let b = s.as_bytes();
    let n = b.len();
    let word4 = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes")) as u64;
    let word8 = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes")) as u128;
    if n <= 7 {
        let packed = match n {
            0 => 0,
            1..=3 => b[0] as u64 | (b[n / 2] as u64) << (8 * (n / 2)) | (b[n - 1] as u64) << (8 * (n - 1)),
            _ => word4(0) | word4(n - 4) << (8 * (n - 4)),
        };
        Key::Tiny(packed | (n as u64) << 56)
    } else if n <= 15 {
        Key::Short(word8(0) | word8(n - 8) << (8 * (n - 8)) | (n as u128) << 120)
    } else {
        Key::Long(s)
    }
}

impl<V: Copy> StrMap<V> {
    #[inline]
    pub fn get(&self, s: &str) -> Option<V> {
        match key(s) {
            Key::Tiny(k) => self.tiny.get(&k).copied(),
            Key::Short(k) => self.short.get(&k).copied(),
            Key::Long(s) => self.long.get(s).copied(),
        }
    }

    #[inline]
    pub fn insert(&mut self, s: &str, v: V) {
        match key(s) {
            Key::Tiny(k) => self.tiny.insert(k, v),
            Key::Short(k) => self.short.insert(k, v),
            Key::Long(s) => {
                if !self.long.contains_key(s) {
                    self.long_bytes += s.len();
                }
                self.long.insert(s.into(), v)
            }
        };
    }

    /// The value of `s`, inserting `make()` first if absent; one probe for short strings.
    #[inline]
    pub fn get_or_insert_with(&mut self, s: &str, make: impl FnOnce() -> V) -> V {
        match key(s) {
            Key::Tiny(k) => *self.tiny.entry(k).or_insert_with(make),
            Key::Short(k) => *self.short.entry(k).or_insert_with(make),
            Key::Long(s) => match self.long.get(s) {
                Some(v) => *v,
                None => {
                    let v = make();
                    self.long_bytes += s.len();
                    self.long.insert(s.into(), v);
                    v
                }
            },
        }
    }

    pub fn len(&self) -> usize {
        self.tiny.len() + self.short.len() + self.long.len()
    }

    /// Entries the tables can hold without growing (what `clear` has to walk).
    pub fn capacity(&self) -> usize {
        self.tiny.capacity() + self.short.capacity() + self.long.capacity()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// About how many heap bytes the tables hold: slots (key, value, control byte) and the
    /// boxed long keys. Used to bound caches by memory rather than by entries.
    pub fn heap_bytes(&self) -> usize {
        let v = std::mem::size_of::<V>() + 1;
        self.tiny.capacity() * (8 + v)
            + self.short.capacity() * (16 + v)
            + self.long.capacity() * (16 + v)
            + self.long_bytes
    }

    pub fn clear(&mut self) {
        self.tiny.clear();
        self.short.clear();
        self.long.clear();
        self.long_bytes = 0;
    }
}

/// A token of up to 15 bytes packed into two words: its bytes little-endian from the low byte of
/// `lo` on and its length in the top byte of `hi` (tokens of up to 7 bytes: in the top byte of
/// `lo`, with `hi` zero). The same bytes and length as [`key`]'s, so a token packed from a string
/// and one packed by a tokenizer straight from its buffer are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Packed {
    pub lo: u64,
    pub hi: u64,
}

impl Packed {
    /// The packed form of `s`, or `None` if it is longer than 15 bytes.
    #[inline]
    pub fn of(s: &str) -> Option<Packed> {
        match key(s) {
            Key::Tiny(lo) => Some(Packed { lo, hi: 0 }),
            Key::Short(k) => Some(Packed { lo: k as u64, hi: (k >> 64) as u64 }),
            Key::Long(_) => None,
        }
    }

    /// The bytes of a token of `len` (1..=7) bytes read as a little-endian word, whatever
    /// follows them.
    #[inline]
    pub fn tiny(word: u64, len: usize) -> Packed {
        debug_assert!((1..=7).contains(&len));
        Packed { lo: word & ((1u64 << (8 * len)) - 1) | (len as u64) << 56, hi: 0 }
    }

    /// The bytes of a token of `8 + rest` (`rest` 0..=7) bytes: its first 8 bytes, then the
    /// word from which its last `rest` bytes are taken.
    #[inline]
    pub fn short(first: u64, next: u64, rest: usize) -> Packed {
        debug_assert!(rest <= 7);
        let low = (1u64 << (8 * rest)) - 1;
        Packed { lo: first, hi: next & low | ((8 + rest) as u64) << 56 }
    }

    /// The packed form of `text[a..b]`, like [`Packed::of`], read with two unconditional 8-byte
    /// loads and no branch on the length when the token has 1 to 15 bytes and 16 bytes of
    /// `text` follow `a` (what tokens inside a line nearly always have).
    #[inline(always)]
    pub fn at(text: &str, a: usize, b: usize) -> Option<Packed> {
        let n = b - a;
        match text.as_bytes().get(a..a + 16) {
            Some(w) if (1..=15).contains(&n) => {
                let lo = u64::from_le_bytes(w[..8].try_into().expect("8 bytes"));
                let hi = u64::from_le_bytes(w[8..].try_into().expect("8 bytes"));
                let low = |k: usize| ((1u128 << (8 * k)) - 1) as u64;
                let top = (n as u64) << 56;
                let tiny = Packed { lo: lo & low(n.min(7)) | top, hi: 0 };
                let short = Packed { lo, hi: hi & low(n.saturating_sub(8)) | top };
                Some(if n > 7 { short } else { tiny })
            }
            _ => Packed::of(&text[a..b]),
        }
    }

    /// The token's bytes (in a buffer of 16) and its length.
    #[inline]
    pub fn bytes(&self) -> ([u8; 16], usize) {
        let n = if self.hi == 0 { self.lo >> 56 } else { self.hi >> 56 } as usize;
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.lo.to_le_bytes());
        b[8..].copy_from_slice(&self.hi.to_le_bytes());
        (b, n)
    }
}

/// A map from tokens to `u32` for the short-lived per-unit tables of the scorers: tokens of up
/// to 15 bytes (nearly all words) live in an open-addressing table of [`Packed`] keys whose
/// entries carry a generation stamp, so `clear` is O(1) and a lookup is one multiply and,
/// usually, one probe.
#[derive(Debug, Clone, Default)]
pub struct UnitMap {
    /// An entry is live iff its generation is current.
    slots: Vec<Slot>,
    generation: u32,
    live: usize,
    rest: StrMap<u32>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: Packed,
    generation: u32,
    value: u32,
}

impl UnitMap {
    const INITIAL_SLOTS: usize = 256;

    #[inline]
    fn slot(key: Packed, mask: usize) -> usize {
        ((key.lo ^ key.hi.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
    }

    /// The index of `key`'s entry, or of the free slot where it belongs, with room for one more.
    #[inline(always)]
    fn find(&mut self, key: Packed) -> usize {
        if (self.live + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::slot(key, mask);
        loop {
            let e = &self.slots[i];
            // `|` and `&`, not `||` and `&&`: whether a token is new is unpredictable, and
            // one test of the combined flags is one branch that is nearly always taken.
            if (e.generation != self.generation) | ((e.key.lo == key.lo) & (e.key.hi == key.hi)) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of `key`, inserting `make()` first if absent.
    #[inline(always)]
    pub fn get_or_insert_packed(&mut self, key: Packed, make: impl FnOnce() -> u32) -> u32 {
        let i = self.find(key);
        let generation = self.generation;
        let e = &mut self.slots[i];
        if e.generation == generation {
            return e.value;
        }
        let value = make();
        *e = Slot { key, generation, value };
        self.live += 1;
        value
    }

    /// The value of `key`, or if absent, `*next` (inserted, and `*next` incremented): dense
    /// numbering without a branch on whether the key is new.
    #[inline(always)]
    pub fn get_or_number(&mut self, key: Packed, next: &mut u32) -> u32 {
        let i = self.find(key);
        let generation = self.generation;
        let e = &mut self.slots[i];
        let new = e.generation != generation;
        let value = if new { *next } else { e.value };
        *e = Slot { key, generation, value };
        *next += new as u32;
        self.live += new as usize;
        value
    }

    /// The value of `s`, inserting `make()` first if absent.
    #[inline]
    pub fn get_or_insert_with(&mut self, s: &str, make: impl FnOnce() -> u32) -> u32 {
        match Packed::of(s) {
            Some(key) => self.get_or_insert_packed(key, make),
            None => self.rest.get_or_insert_with(s, make),
        }
    }

    /// The value of the token `text[a..b]`, or if absent, `*next` (inserted, and `*next`
    /// incremented), its key read by [`Packed::at`].
    #[inline(always)]
    pub fn number_at(&mut self, text: &str, a: usize, b: usize, next: &mut u32) -> u32 {
        match Packed::at(text, a, b) {
            Some(key) => self.get_or_number(key, next),
            None => self.rest.get_or_insert_with(&text[a..b], || {
                *next += 1;
                *next - 1
            }),
        }
    }

    /// The value of the token `text[a..b]`, or `absent` (then inserted), its key read by
    /// [`Packed::at`].
    #[inline(always)]
    pub fn get_at(&mut self, text: &str, a: usize, b: usize, absent: u32) -> u32 {
        let Some(key) = Packed::at(text, a, b) else {
            return self.rest.get_or_insert_with(&text[a..b], || absent);
        };
        // Found or not is unpredictable: select without a branch, rewriting a found entry as it is.
        let i = self.find(key);
        let generation = self.generation;
        let e = &mut self.slots[i];
        let new = e.generation != generation;
        let value = if new { absent } else { e.value };
        *e = Slot { key, generation, value };
        self.live += new as usize;
        value
    }

    /// The value of a token longer than 15 bytes, inserting `make()` first if absent.
    #[inline]
    pub fn get_or_insert_long(&mut self, s: &str, make: impl FnOnce() -> u32) -> u32 {
        self.rest.get_or_insert_with(s, make)
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(Self::INITIAL_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let generation = self.generation;
        // Stamps of the new table start at 0: keep the current generation non-zero.
        self.generation = 1;
        let mask = size - 1;
        for e in old.into_iter().filter(|e| e.generation == generation) {
            let mut i = Self::slot(e.key, mask);
            while self.slots[i].generation == self.generation {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot { generation: self.generation, ..e };
        }
    }

    /// Entries the tables hold room for.
    pub fn capacity(&self) -> usize {
        self.slots.len() / 2 + self.rest.capacity()
    }

    pub fn clear(&mut self) {
        self.live = 0;
        self.rest.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: forget every stamp so that none looks current.
            self.slots.iter_mut().for_each(|e| e.generation = 0);
            self.generation = 1;
        }
    }
}

/// Maps each distinct token to a dense id `0..len()`.
///
/// Ids are only meaningful within one interner: texts scored against each other must be
/// interned by the same one.
#[derive(Default, Debug, Clone)]
pub struct Interner {
    ids: StrMap<u32>,
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of `token`, assigning the next free id on first sight.
    #[inline]
    pub fn intern(&mut self, token: &str) -> u32 {
        let next = self.ids.len() as u32;
        self.ids.get_or_insert_with(token, || next)
    }

    /// The id of `token` if it was interned before.
    pub fn get(&self, token: &str) -> Option<u32> {
        self.ids.get(token)
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// About how many heap bytes the interner holds (see [`StrMap::heap_bytes`]).
    pub fn heap_bytes(&self) -> usize {
        self.ids.heap_bytes()
    }

    pub fn clear(&mut self) {
        self.ids.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_tokens_get_equal_ids() {
        let mut v = Interner::new();
        let a = v.intern("cat");
        let b = v.intern("dog");
        assert_ne!(a, b);
        assert_eq!(v.intern("cat"), a);
        assert_eq!(v.get("dog"), Some(b));
        assert_eq!(v.get("emu"), None);
        assert_eq!(v.len(), 2);
    }

    #[test]
    fn keys_pack_bytes_little_endian_with_the_length_on_top() {
        let Key::Tiny(k) = key("ab") else { panic!() };
        assert_eq!(k, 0x0200_0000_0000_6261);
        let Key::Short(k) = key("abcdefgh") else { panic!() };
        assert_eq!(k, (8u128 << 120) | u128::from_le_bytes(*b"abcdefgh\0\0\0\0\0\0\0\0"));
    }

    #[test]
    fn unit_map_keeps_values_across_growth_and_forgets_them_on_clear() {
        let mut m = UnitMap::default();
        let words: Vec<String> = (0..1000).map(|i| format!("w{i}")).chain(["a-long-token".into()]).collect();
        for round in 0..3 {
            for (i, w) in words.iter().enumerate() {
                assert_eq!(m.get_or_insert_with(w, || i as u32 + round), i as u32 + round);
            }
            for (i, w) in words.iter().enumerate() {
                assert_eq!(m.get_or_insert_with(w, || u32::MAX), i as u32 + round);
            }
            m.clear();
        }
    }

    #[test]
    fn keys_equal_the_byte_by_byte_packing_at_every_length() {
        let text = "abcdefghijklmnopq";
        for n in 0..=15 {
            let s = &text[..n];
            let packed = s.bytes().rev().fold(0u128, |k, x| (k << 8) | x as u128);
            match key(s) {
                Key::Tiny(k) => assert_eq!(k, packed as u64 | (n as u64) << 56, "length {n}"),
                Key::Short(k) => assert_eq!(k, packed | (n as u128) << 120, "length {n}"),
                Key::Long(_) => panic!("length {n}"),
            }
        }
    }

    #[test]
    fn packed_at_equals_packed_of_at_every_length_and_position() {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789é€ ";
        for a in 0..text.len() {
            for b in a..=text.len() {
                if text.is_char_boundary(a) && text.is_char_boundary(b) {
                    assert_eq!(Packed::at(text, a, b), Packed::of(&text[a..b]), "{a}..{b}");
                }
            }
        }
    }

    #[test]
    fn numbering_at_offsets_gives_dense_ids() {
        let text = "the cat the a-very-long-token-indeed cat a-very-long-token-indeed dog";
        let spans: Vec<(usize, usize)> = text
            .split(' ')
            .scan(0, |at, w| {
                let s = *at;
                *at += w.len() + 1;
                Some((s, s + w.len()))
            })
            .collect();
        let mut m = UnitMap::default();
        let mut next = 1;
        let ids: Vec<u32> = spans.iter().map(|&(a, b)| m.number_at(text, a, b, &mut next)).collect();
        assert_eq!(ids, [1, 2, 1, 3, 2, 3, 4]);
        assert_eq!(next, 5);
        assert_eq!(m.get_at("cat dog fish", 4, 7, 0), 4);
        assert_eq!(m.get_at("cat dog fish", 8, 12, 0), 0);
    }

    #[test]
    fn short_and_long_tokens_do_not_collide() {
        let mut v = Interner::new();
        let words = [
            "",
            "a",
            "a\0",
            "abcdefg",
            "abcdefgh",
            "abcdefghijklmno",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
            "ab",
            "ba",
            "\0\0\0\0\0\0\0",
        ];
        let ids: Vec<u32> = words.iter().map(|w| v.intern(w)).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), words.len());
        for (w, id) in words.iter().zip(&ids) {
            assert_eq!(v.intern(w), *id);
        }
    }
}
