//! Clipped n-gram matches of one hypothesis against one reference, all orders in one sweep.
//!
//! Both texts are sequences of dense symbol ids: the hypothesis' symbols are `1..alpha`, a
//! reference symbol the hypothesis lacks is `0`. Order by order, every position that can still
//! match is given the id of its n-gram, a "group": the group of the n-gram at `i` is the pair
//! (group of the (n-1)-gram at `i`, symbol at `i + n - 1`), looked up in a direct-mapped
//! `groups x alpha` table, so no key is hashed and no probe sequence is walked. Groups are
//! numbered per order in the hypothesis' order of first sight; the reference only looks pairs up.
//!
//! With the hypothesis count `h` and the running reference count `r` of a group, a reference
//! occurrence is a clipped match when `r < h` before counting it, which sums to `min(h, r)` per
//! group: sacrebleu's clipped counts. A position drops out as soon as its n-gram is missing from
//! the other text (no longer n-gram starting there can match), so the work shrinks with the
//! orders. The loops have no data-dependent branches: entries are written unconditionally and
//! the output cursors advance by a flag (in measurements, skipping work by branching or sorting
//! positions into more lists cost more than it saved).

/// The most table cells a segment may use (`groups x alpha`, 4 bytes each); larger texts take
/// the hashed path of [`super::ngrams`].
pub const MAX_CELLS: usize = 1 << 20;

/// Texts longer than this together poll the call between two orders (shorter ones take well
/// under a millisecond in all, and a poll per order would be a measurable part of their time).
const POLL_LEN: usize = 1 << 12;

/// Per group: occurrences in the hypothesis and (so far) in the reference.
#[derive(Clone, Copy, Default)]
struct Count {
    h: u32,
    r: u32,
}

/// Reusable buffers; the tables and counts are zero between calls.
#[derive(Default)]
pub struct Levels {
    /// `table[g * alpha + c]`: the group of (group `g`, symbol `c`) at the current order, 0 = none.
    table: Vec<u32>,
    /// The cells of `table` in use, to zero them afterwards.
    touched: Vec<u32>,
    /// Counts per group of the previous and the current order.
    prev: Vec<Count>,
    cur: Vec<Count>,
    /// Live positions with their group, `(position, group)`, in increasing position order; the
    /// first `nh`/`nr` entries are in use.
    hyp: Vec<(u32, u32)>,
    hyp_next: Vec<(u32, u32)>,
    refs: Vec<(u32, u32)>,
    refs_next: Vec<(u32, u32)>,
    /// Set while `table` and the counts may hold values (cleared when a call completes).
    dirty: bool,
}

/// The table cells needed for a hypothesis of `hyp_len` symbols over `alpha` ids (`None` when it
/// overflows).
pub fn cells(hyp_len: usize, alpha: usize) -> Option<usize> {
    alpha.max(hyp_len + 1).checked_mul(alpha)
}

/// Grows `v` to at least `n` items.
fn at_least<T: Clone + Default>(v: &mut Vec<T>, n: usize) {
    if v.len() < n {
        crate::memory::resize(v, n, T::default(), "chrF's tables");
    }
}

/// The table half of one order.
///
/// The two loops index without bounds checks (they are a quarter of the time otherwise, most of
/// the chrF kernel). What makes every index valid, given `prev`, `cur` and each `out` of at least
/// `rows = max(alpha, hyp.len() + 1)` items, `table` of `rows * alpha` and `touched` of
/// `hyp.len()`:
/// - groups `g` are symbols (`< alpha`, checked by the order-1 loop, which indexes with bounds
///   checks) or group ids of the previous order, which are `< 1 + hyp.len()`: one new group at
///   most per hypothesis n-gram;
/// - so `g * alpha + c < rows * alpha` for a symbol `c < alpha`;
/// - every group read from `table` was written there in this call: the table is all zeros between
///   calls ([`Levels::matches`] zeroes the cells it used, or all of them after an interrupted
///   call);
/// - the output cursors and `touched`'s advance at most once per item, and the items of an order
///   are at most the positions of a text, each `(position, ..)` item having its n-gram inside the
///   text.
struct Order<'a> {
    alpha: usize,
    prev: &'a [Count],
    cur: &'a mut [Count],
    table: &'a mut [u32],
    touched: &'a mut [u32],
    new_cells: usize,
}

impl Order<'_> {
    /// Hypothesis: each `(position, group of its (n-1)-gram, n-th symbol)` whose (n-1)-gram the
    /// reference has gets the group of its n-gram (a new one on first sight), written to `out`
    /// with its position. Returns the number written and the number of groups plus one.
    #[inline(always)]
    fn hyp(&mut self, items: impl Iterator<Item = (u32, u32, u32)>, out: &mut [(u32, u32)]) -> (usize, u32) {
        let (mut next, mut kept) = (1u32, 0usize);
        let (prev, cur, table, touched) = (self.prev, &mut *self.cur, &mut *self.table, &mut *self.touched);
        let mut new_cells = self.new_cells;
        for (i, g, c) in items {
            let cell = g as usize * self.alpha + c as usize;
            debug_assert!((g as usize) < prev.len() && cell < table.len() && new_cells < touched.len());
            debug_assert!(kept < out.len() && (next as usize) < cur.len());
            // SAFETY: see `Order`: `g` and `cell` are in range, `new_cells` and `kept` count at
            // most the items so far, and a group is below `next`.
            unsafe {
                let keep = prev.get_unchecked(g as usize).r > 0;
                let v = *table.get_unchecked(cell);
                let new = keep & (v == 0);
                let v = if new { next } else { v };
                *table.get_unchecked_mut(cell) = v;
                *touched.get_unchecked_mut(new_cells) = cell as u32;
                new_cells += new as usize;
                next += new as u32;
                cur.get_unchecked_mut(v as usize).h += keep as u32;
                *out.get_unchecked_mut(kept) = (i, v);
                kept += keep as usize;
            }
        }
        self.new_cells = new_cells;
        (kept, next)
    }

    /// Reference: the same for each `(position, group, n-th symbol)` without creating groups;
    /// counts the clipped matches (returned with the number of positions written to `out`).
    #[inline(always)]
    fn refs(&mut self, items: impl Iterator<Item = (u32, u32, u32)>, out: &mut [(u32, u32)]) -> (u64, usize) {
        let (mut m, mut live) = (0u64, 0usize);
        let (cur, table) = (&mut *self.cur, &*self.table);
        for (j, g, c) in items {
            let cell = g as usize * self.alpha + c as usize;
            debug_assert!(cell < table.len() && live < out.len());
            // SAFETY: see `Order`: `cell` is in range, the group found is a group of this order
            // (below `cur.len()`), `live` counts at most the items so far.
            unsafe {
                let v = *table.get_unchecked(cell);
                debug_assert!((v as usize) < cur.len());
                let e = cur.get_unchecked_mut(v as usize);
                m += (e.r < e.h) as u64;
                e.r += 1;
                *out.get_unchecked_mut(live) = (j, v);
                live += (v != 0) as usize;
            }
        }
        (m, live)
    }

    /// Forget this order's cells.
    fn clear(self) {
        for &cell in &self.touched[..self.new_cells] {
            self.table[cell as usize] = 0;
        }
    }
}

impl Levels {
    /// Clipped matches per order `1..=matches.len()` of `hyp` against `refs` added to `matches`.
    /// Symbols of `hyp` are in `1..alpha`, those of `refs` in `0..alpha`. The caller checks
    /// [`cells`] against [`MAX_CELLS`].
    pub fn matches(&mut self, hyp: &[u32], refs: &[u32], alpha: usize, matches: &mut [u64]) {
        let (lh, lr, max_order) = (hyp.len(), refs.len(), matches.len());
        if max_order == 0 || lh == 0 || lr == 0 {
            return;
        }
        let rows = alpha.max(lh + 1);
        let size = rows * alpha;
        if self.dirty {
            // A call was interrupted (a panic): start from clean tables.
            self.table.fill(0);
            self.prev.fill(Count::default());
            self.cur.fill(Count::default());
        }
        self.dirty = true;
        at_least(&mut self.table, size);
        at_least(&mut self.prev, rows);
        at_least(&mut self.cur, rows);
        at_least(&mut self.touched, lh);
        at_least(&mut self.hyp, lh);
        at_least(&mut self.hyp_next, lh);
        at_least(&mut self.refs, lr);
        at_least(&mut self.refs_next, lr);
        // Order 1: the groups are the symbols.
        // (Indexed with bounds checks: every symbol is checked to be below `alpha` here.)
        let counts = &mut self.prev[..alpha];
        for &c in hyp {
            counts[c as usize].h += 1;
        }
        let mut m = 0u64;
        for &c in refs {
            let e = &mut counts[c as usize];
            m += (e.r < e.h) as u64;
            e.r += 1;
        }
        matches[0] += m;
        let mut groups = alpha;
        let (mut nh, mut nr) = (0, 0);
        for n in 2..=max_order {
            if lh + lr > POLL_LEN {
                // An order over a long reference takes a while: a cancelled call stops here.
                crate::control::poll();
            }
            if n > 2 {
                // The positions that start an n-gram.
                while nh > 0 && self.hyp[nh - 1].0 as usize + n > lh {
                    nh -= 1;
                }
                while nr > 0 && self.refs[nr - 1].0 as usize + n > lr {
                    nr -= 1;
                }
            }
            if n == 2 && m == 0 || n > 2 && (nh == 0 || nr == 0) {
                break;
            }
            let mut order = Order {
                alpha,
                prev: &self.prev[..groups],
                cur: &mut self.cur[..rows],
                table: &mut self.table[..size],
                touched: &mut self.touched[..lh],
                new_cells: 0,
            };
            let (hyp_out, refs_out) = (&mut self.hyp_next[..lh], &mut self.refs_next[..lr]);
            let ((kept, next), (m, live)) = if n == 2 {
                // Straight from the symbols.
                let h = hyp.windows(2).enumerate().map(|(i, w)| (i as u32, w[0], w[1]));
                let r = refs.windows(2).enumerate().map(|(j, w)| (j as u32, w[0], w[1]));
                (order.hyp(h, hyp_out), order.refs(r, refs_out))
            } else {
                // SAFETY: the items are positions whose n-gram is inside the text (the trailing
                // ones without were dropped above).
                let h = self.hyp[..nh]
                    .iter()
                    .map(|&(i, g)| (i, g, unsafe { *hyp.get_unchecked(i as usize + n - 1) }));
                let r = self.refs[..nr]
                    .iter()
                    .map(|&(j, g)| (j, g, unsafe { *refs.get_unchecked(j as usize + n - 1) }));
                (order.hyp(h, hyp_out), order.refs(r, refs_out))
            };
            order.clear();
            matches[n - 1] += m;
            self.prev[..groups].fill(Count::default());
            groups = next as usize;
            std::mem::swap(&mut self.prev, &mut self.cur);
            std::mem::swap(&mut self.hyp, &mut self.hyp_next);
            std::mem::swap(&mut self.refs, &mut self.refs_next);
            (nh, nr) = (kept, live);
        }
        self.prev[..groups].fill(Count::default());
        self.dirty = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clipped matches per order by brute force over n-gram slices.
    fn brute(h: &[u32], r: &[u32], max_order: usize) -> Vec<u64> {
        (1..=max_order)
            .map(|n| {
                let grams = |s: &[u32]| -> Vec<Vec<u32>> { s.windows(n).map(|w| w.to_vec()).collect() };
                let (hg, rg) = (grams(h), grams(r));
                let mut used = vec![false; hg.len()];
                let mut m = 0;
                for g in &rg {
                    if let Some(k) = (0..hg.len()).find(|&k| !used[k] && &hg[k] == g) {
                        used[k] = true;
                        m += 1;
                    }
                }
                m
            })
            .collect()
    }

    fn dense(h: &[u32], r: &[u32]) -> (Vec<u32>, Vec<u32>, usize) {
        let mut ids = std::collections::HashMap::new();
        let hd: Vec<u32> = h
            .iter()
            .map(|c| {
                let n = ids.len() as u32 + 1;
                *ids.entry(*c).or_insert(n)
            })
            .collect();
        let rd: Vec<u32> = r.iter().map(|c| ids.get(c).copied().unwrap_or(0)).collect();
        (hd, rd, ids.len() + 1)
    }

    #[test]
    fn matches_equal_brute_force() {
        let mut lv = Levels::default();
        let mut seed = 12345u64;
        let mut rand = |k: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        for round in 0..2000 {
            let sigma = 1 + rand(5) + if round % 3 == 0 { rand(40) } else { 0 };
            let (lh, lr) = (rand(30) as usize, rand(30) as usize);
            let h: Vec<u32> = (0..lh).map(|_| rand(sigma) as u32).collect();
            let r: Vec<u32> = (0..lr).map(|_| rand(sigma + 2) as u32).collect();
            let max_order = 1 + rand(8) as usize;
            let (hd, rd, alpha) = dense(&h, &r);
            let mut got = vec![0; max_order];
            lv.matches(&hd, &rd, alpha, &mut got);
            assert_eq!(got, brute(&h, &r, max_order), "{h:?} {r:?}");
        }
        // The buffers are clean after each call: a repeat gives the same numbers.
        let (h, r) = ([1, 2, 1, 2, 1], [2, 1, 2, 1, 1, 2]);
        let (hd, rd, alpha) = dense(&h, &r);
        for _ in 0..3 {
            let mut got = vec![0; 6];
            lv.matches(&hd, &rd, alpha, &mut got);
            assert_eq!(got, brute(&h, &r, 6));
            assert_eq!(got, [5, 4, 2, 1, 0, 0]);
        }
    }
}
