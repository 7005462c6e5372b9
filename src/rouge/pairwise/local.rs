//! Row-local token ids: the distinct tokens of one hypothesis numbered 0, 1, 2, ..., so that the
//! row's match tables are small arrays indexed by token, and a reference token is translated with
//! one array read (a token the hypothesis lacks reads [`ABSENT`]).
use std::cell::RefCell;

/// The local id of a token the current hypothesis does not hold.
pub const ABSENT: u32 = u32::MAX;

/// Shared id -> local id for the current row, reused by the thread from row to row.
#[derive(Default)]
pub struct LocalIds {
    /// `ABSENT` except at the shared ids of the current row's tokens.
    map: Vec<u32>,
    /// The shared ids holding a local id, by local id (what to reset for the next row).
    shared: Vec<u32>,
}

impl LocalIds {
    /// Appends the local ids of `tokens` to `out`, numbering tokens new to the row.
    pub fn add(&mut self, tokens: &[u32], out: &mut Vec<u32>) {
        out.extend(tokens.iter().map(|&t| {
            let slot = &mut self.map[t as usize];
            if *slot == ABSENT {
                *slot = self.shared.len() as u32;
                self.shared.push(t);
            }
            *slot
        }));
    }

    /// The local id of a shared id, or [`ABSENT`].
    #[inline]
    pub fn get(&self, shared: u32) -> u32 {
        self.map[shared as usize]
    }

    /// Number of distinct tokens of the row.
    pub fn len(&self) -> usize {
        self.shared.len()
    }

    fn start(&mut self, vocab: usize) {
        for &t in &self.shared {
            self.map[t as usize] = ABSENT;
        }
        self.shared.clear();
        if self.map.len() > (4 * vocab).max(1 << 16) {
            // A much larger vocabulary of an earlier call: do not keep its table.
            self.map = Vec::new();
        }
        if self.map.len() < vocab {
            self.map.resize(vocab, ABSENT);
        }
    }
}

thread_local! {
    static LOCAL: RefCell<LocalIds> = RefCell::new(LocalIds::default());
}

/// Runs `f` with this thread's table, empty, for shared ids `< vocab`. The table is reset when
/// the next row starts (not when this one ends), so a row interrupted by a panic leaves nothing
/// behind.
pub fn with_local_ids<R>(vocab: usize, f: impl FnOnce(&mut LocalIds) -> R) -> R {
    LOCAL.with(|cell| {
        let mut ids = cell.borrow_mut();
        ids.start(vocab);
        f(&mut ids)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_dense_per_row() {
        let mut out = Vec::new();
        with_local_ids(10, |ids| {
            ids.add(&[7, 3, 7, 9], &mut out);
            assert_eq!(out, [0, 1, 0, 2]);
            assert_eq!((ids.get(9), ids.get(4), ids.len()), (2, ABSENT, 3));
        });
        with_local_ids(10, |ids| {
            assert_eq!((ids.get(7), ids.len()), (ABSENT, 0));
            out.clear();
            ids.add(&[9], &mut out);
            assert_eq!(out, [0]);
        });
    }
}
