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
#[inline]
fn key(s: &str) -> Key<'_> {
    let b = s.as_bytes();
    let pack = |bytes: &[u8]| bytes.iter().rev().fold(0u128, |k, &x| (k << 8) | x as u128);
    if b.len() <= 7 {
        Key::Tiny(pack(b) as u64 | (b.len() as u64) << 56)
    } else if b.len() <= 15 {
        Key::Short(pack(b) | (b.len() as u128) << 120)
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
