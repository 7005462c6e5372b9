//! Token interning: strings -> `u32` ids, so kernels compare integers instead of strings.
use rustc_hash::FxHashMap;

/// Maps each distinct token to a dense id `0..len()`.
///
/// Ids are only meaningful within one interner: texts scored against each other must be
/// interned by the same one.
#[derive(Default, Debug, Clone)]
pub struct Interner {
    ids: FxHashMap<Box<str>, u32>,
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of `token`, assigning the next free id on first sight.
    pub fn intern(&mut self, token: &str) -> u32 {
        if let Some(&id) = self.ids.get(token) {
            return id;
        }
        let id = self.ids.len() as u32;
        self.ids.insert(token.into(), id);
        id
    }

    /// The id of `token` if it was interned before.
    pub fn get(&self, token: &str) -> Option<u32> {
        self.ids.get(token).copied()
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
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
}
