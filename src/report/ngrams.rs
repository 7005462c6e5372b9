//! Characteristic n-grams, as compare-mt's `compare_ngrams` and `extract_salient_features` find
//! them: per segment, each hypothesis n-gram matches an unused occurrence in the reference if one is
//! left (`match`), else it is over-generated (`over`); the reference n-grams left are
//! under-generated (`under`). Summed over the corpus per n-gram, a system's count `a` and the
//! baseline's `b` give the score `(a + alpha) / (a + b + 2 alpha)`: near 1 for n-grams only the
//! system has, near 0 for those only the baseline has.
//!
//! Per segment the n-grams live in a small table keyed by (prefix n-gram, last token), so a
//! hypothesis n-gram is found by extending the n-gram one token shorter; an n-gram gets a
//! corpus-wide id only when it adds to a count.
use rustc_hash::FxHashMap;

use super::slots::Slots;
use super::{Options, Words};
use crate::options::Vocabulary;

/// The n-gram counts compare-mt compares (its `compare_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NgramKind {
    Match,
    Over,
    Under,
}

impl Vocabulary for NgramKind {
    const ARGUMENT: &'static str = "ngram_kinds";
    const WHAT: &'static str = "n-gram kind";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("match", NgramKind::Match), ("over", NgramKind::Over), ("under", NgramKind::Under)];
}

/// One n-gram of a comparison: its text (tokens joined by spaces), its score, and the counts of
/// the system and of the baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct NgramRow {
    pub ngram: String,
    pub score: f64,
    pub system: u64,
    pub baseline: u64,
}

const NONE: u32 = u32::MAX;

/// The key of an n-gram: the id of its prefix (one token shorter; none for a unigram) and its
/// last token.
fn key(prefix: u32, token: u32) -> u64 {
    ((prefix as u64).wrapping_add(1) & 0xFFFF_FFFF) << 32 | token as u64
}

/// The n-grams of one segment.
#[derive(Default)]
struct Local {
    ids: Slots,
    /// Per local id: its prefix (local id), last token, order, reference count, and its
    /// corpus-wide id once it has one.
    prefix: Vec<u32>,
    token: Vec<u32>,
    order: Vec<u8>,
    in_reference: Vec<u32>,
    /// Whether a hypothesis (or, for `under`, the reference) gave the n-gram a count to flush.
    touched: Vec<bool>,
    global: Vec<u32>,
}

impl Local {
    fn clear(&mut self) {
        self.ids.clear();
        self.prefix.clear();
        self.token.clear();
        self.order.clear();
        self.in_reference.clear();
        self.touched.clear();
        self.global.clear();
    }

    fn find(&self, prefix: u32, token: u32) -> u32 {
        self.ids.get(key(prefix, token)).unwrap_or(NONE)
    }

    fn find_or_add(&mut self, prefix: u32, token: u32, order: usize) -> u32 {
        let next = self.prefix.len() as u32;
        let id = self.ids.get_or_insert(key(prefix, token), next);
        if id == next {
            self.prefix.push(prefix);
            self.token.push(token);
            self.order.push(order as u8);
            self.in_reference.push(0);
            self.touched.push(false);
            self.global.push(NONE);
        }
        id
    }
}

/// Corpus-wide n-gram ids, keyed like the local ones by (prefix id, last token).
#[derive(Default)]
struct Global {
    ids: FxHashMap<u64, u32>,
    prefix: Vec<u32>,
    token: Vec<u32>,
}

impl Global {
    fn id(&mut self, prefix: u32, token: u32) -> u32 {
        let next = self.prefix.len() as u32;
        let id = *self.ids.entry(key(prefix, token)).or_insert(next);
        if id == next {
            self.prefix.push(prefix);
            self.token.push(token);
        }
        id
    }

    fn text(&self, id: u32, vocab: &Words) -> String {
        let mut tokens = Vec::new();
        let mut at = id;
        while at != NONE {
            tokens.push(vocab.word(self.token[at as usize]));
            at = self.prefix[at as usize];
        }
        tokens.reverse();
        tokens.join(" ")
    }
}

/// Counts the n-grams of every segment; see the module documentation.
pub struct Counter {
    systems: usize,
    min_order: usize,
    max_order: usize,
    kinds: Vec<NgramKind>,
    top: usize,
    alpha: f64,
    local: Local,
    global: Global,
    /// `counts[kind][global id * systems + system]`: one n-gram's counts of every system side by
    /// side, so that a segment touches one place of the (large) table per n-gram.
    counts: Vec<Vec<u64>>,
    /// The local ids of the n-grams starting at each position, one order at a time.
    chain: Vec<u32>,
    /// `[local id * systems + system]`: the current segment's hypothesis counts.
    in_hypotheses: Vec<u32>,
    touched: Vec<u32>,
}

impl Counter {
    pub fn new(systems: usize, opts: &Options) -> Self {
        Counter {
            systems,
            min_order: opts.min_order,
            max_order: opts.max_order,
            kinds: opts.kinds.clone(),
            top: opts.top,
            alpha: opts.alpha,
            local: Local::default(),
            global: Global::default(),
            counts: vec![Vec::new(); opts.kinds.len()],
            chain: Vec::new(),
            in_hypotheses: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Visits the local ids of the n-grams of `tokens`, orders 1 to `max_order`: found in the
    /// table, or added to it when `add` (a missing prefix ends the longer ones).
    fn walk(&mut self, tokens: &[u32], add: bool, mut visit: impl FnMut(&mut Local, u32)) {
        self.chain.clear();
        self.chain.resize(tokens.len(), NONE);
        for order in 1..=self.max_order.min(tokens.len()) {
            for start in 0..=tokens.len() - order {
                let prefix = self.chain[start];
                if order > 1 && prefix == NONE {
                    continue;
                }
                let token = tokens[start + order - 1];
                let id = if add {
                    self.local.find_or_add(prefix, token, order)
                } else {
                    self.local.find(prefix, token)
                };
                // Not found: NONE, and the longer n-grams starting here are not looked for.
                self.chain[start] = id;
                if id != NONE {
                    visit(&mut self.local, id);
                }
            }
        }
    }

    /// The corpus-wide id of local n-gram `id` (and of its prefixes), made on first use.
    fn global_id(&mut self, id: u32) -> u32 {
        let g = self.local.global[id as usize];
        if g != NONE {
            return g;
        }
        let prefix = self.local.prefix[id as usize];
        let prefix_global = if prefix == NONE { NONE } else { self.global_id(prefix) };
        let g = self.global.id(prefix_global, self.local.token[id as usize]);
        self.local.global[id as usize] = g;
        g
    }

    pub fn add_segment(&mut self, reference: &[u32], hyps: &[Vec<u32>]) {
        let systems = self.systems;
        self.local.clear();
        self.walk(reference, true, |local, id| local.in_reference[id as usize] += 1);
        let reference_ids = self.local.prefix.len();
        // Over-generated n-grams need entries of their own; otherwise only the reference's matter.
        let over = self.kinds.contains(&NgramKind::Over);
        let mut touched = std::mem::take(&mut self.touched);
        let mut counts = std::mem::take(&mut self.in_hypotheses);
        touched.clear();
        for (s, hyp) in hyps.iter().enumerate() {
            self.walk(hyp, over, |local, id| {
                let at = id as usize * systems;
                if counts.len() < at + systems {
                    counts.resize(at + systems, 0);
                }
                if !local.touched[id as usize] {
                    local.touched[id as usize] = true;
                    touched.push(id);
                }
                counts[at + s] += 1;
            });
        }
        if self.kinds.contains(&NgramKind::Under) {
            for id in 0..reference_ids as u32 {
                if !self.local.touched[id as usize] {
                    self.local.touched[id as usize] = true;
                    touched.push(id);
                }
            }
        }
        let mut adds = vec![0u64; systems];
        for &id in &touched {
            let at = id as usize * systems;
            if self.local.order[id as usize] as usize >= self.min_order {
                let r = self.local.in_reference[id as usize] as u64;
                for k in 0..self.kinds.len() {
                    for (s, add) in adds.iter_mut().enumerate() {
                        let h = counts.get(at + s).copied().unwrap_or(0) as u64;
                        let matched = h.min(r);
                        *add = match self.kinds[k] {
                            NgramKind::Match => matched,
                            NgramKind::Over => h - matched,
                            NgramKind::Under => r - matched,
                        };
                    }
                    if adds.iter().any(|&a| a > 0) {
                        let g = self.global_id(id) as usize * systems;
                        let table = &mut self.counts[k];
                        if table.len() < g + systems {
                            table.resize(g + systems, 0);
                        }
                        for (c, a) in table[g..g + systems].iter_mut().zip(&adds) {
                            *c += a;
                        }
                    }
                }
            }
            if let Some(row) = counts.get_mut(at..at + systems) {
                row.iter_mut().for_each(|c| *c = 0);
            }
        }
        self.touched = touched;
        self.in_hypotheses = counts;
    }

    /// For each system after the first and each kind: the `top` n-grams with the highest score
    /// against the first system (ties: the larger system count, then the n-gram seen first in the
    /// corpus), and the `top` with the lowest (ties: the larger baseline count, then the first seen).
    pub fn characteristic(&self, vocab: &Words) -> Vec<Vec<(Vec<NgramRow>, Vec<NgramRow>)>> {
        (1..self.systems)
            .map(|s| (0..self.kinds.len()).map(|k| self.compare(k, s, vocab)).collect())
            .collect()
    }

    fn compare(&self, kind: usize, system: usize, vocab: &Words) -> (Vec<NgramRow>, Vec<NgramRow>) {
        let table = &self.counts[kind];
        // (score, system count, baseline count, id): ids number n-grams in order of first sight.
        let mut rows: Vec<(f64, u64, u64, u32)> = table
            .chunks(self.systems)
            .enumerate()
            .filter_map(|(g, c)| {
                let (a, b) = (c[system], c[0]);
                // compare-mt: (dict1[k] + alpha) / (dict1[k] + dict2[k] + 2 * alpha).
                let score = (a as f64 + self.alpha) / ((a + b) as f64 + 2.0 * self.alpha);
                (a + b > 0).then_some((score, a, b, g as u32))
            })
            .collect();
        let row = |&(score, a, b, g): &(f64, u64, u64, u32)| NgramRow {
            ngram: self.global.text(g, vocab),
            score,
            system: a,
            baseline: b,
        };
        let high =
            best(&mut rows, self.top, |x, y| y.0.total_cmp(&x.0).then(y.1.cmp(&x.1)).then(x.3.cmp(&y.3)));
        let low =
            best(&mut rows, self.top, |x, y| x.0.total_cmp(&y.0).then(y.2.cmp(&x.2)).then(x.3.cmp(&y.3)));
        (high.iter().map(row).collect(), low.iter().map(row).collect())
    }
}

/// The first `top` items of `rows` in the order of `cmp`, sorted.
fn best<T: Clone>(rows: &mut [T], top: usize, cmp: impl Fn(&T, &T) -> std::cmp::Ordering) -> Vec<T> {
    if top == 0 || rows.is_empty() {
        return Vec::new();
    }
    let top = top.min(rows.len());
    if top < rows.len() {
        rows.select_nth_unstable_by(top - 1, &cmp);
    }
    let mut out = rows[..top].to_vec();
    out.sort_by(&cmp);
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::options;
    use super::super::{analyze, NgramKind};

    #[test]
    fn counts_and_scores_follow_compare_mt() {
        let refs = ["a b c a b", "x y"];
        let s1 = ["a b c d", "x y y"];
        let s2 = ["a b a b a b", "z"];
        let mut o = options();
        o.max_order = 2;
        o.top = 100;
        let got = analyze(&refs, &[&s1, &s2], None, &o).unwrap();
        let (kinds, by_kind) = (&o.kinds, &got.ngrams[0]);
        let find = |kind: NgramKind, ngram: &str| {
            let k = kinds.iter().position(|&x| x == kind).unwrap();
            let (high, low) = &by_kind[k];
            high.iter().chain(low).find(|r| r.ngram == ngram).map(|r| (r.system, r.baseline, r.score))
        };
        // Matches of "a b": s2 says it 3 times against 2 in the reference, s1 once.
        assert_eq!(find(NgramKind::Match, "a b"), Some((2, 1, 3.0 / 5.0)));
        // "a": s2 three times (2 match, 1 over), s1 once.
        assert_eq!(find(NgramKind::Over, "a"), Some((1, 0, 2.0 / 3.0)));
        // "y y" over-generated by s1 only; "x y" under-generated by s2 only.
        assert_eq!(find(NgramKind::Over, "y y"), Some((0, 1, 1.0 / 3.0)));
        assert_eq!(find(NgramKind::Under, "x y"), Some((1, 0, 2.0 / 3.0)));
        assert_eq!(find(NgramKind::Match, "z"), None);
        // The high list is sorted by score, highest first; the low one lowest first.
        let k = kinds.iter().position(|&x| x == NgramKind::Match).unwrap();
        let (high, low) = &by_kind[k];
        assert!(high.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(low.windows(2).all(|w| w[0].score <= w[1].score));
    }

    #[test]
    fn the_segment_table_grows_and_empties() {
        let mut t = crate::report::slots::Slots::default();
        assert_eq!(t.get(5), None);
        for round in 0..3u64 {
            for k in 0..1000u64 {
                assert_eq!(t.get_or_insert(k * 7919 + round, k as u32), k as u32);
            }
            for k in 0..1000u64 {
                assert_eq!(t.get(k * 7919 + round), Some(k as u32));
                assert_eq!(t.get_or_insert(k * 7919 + round, 0), k as u32);
            }
            t.clear();
            assert_eq!(t.get(round), None);
        }
    }

    #[test]
    fn orders_below_the_minimum_are_not_compared() {
        let refs = ["a b c"];
        let s = ["a b c"];
        let mut o = options();
        o.min_order = 2;
        o.top = 10;
        let got = analyze(&refs, &[&s, &s], None, &o).unwrap();
        let (high, _) = &got.ngrams[0][0];
        let mut grams: Vec<&str> = high.iter().map(|r| r.ngram.as_str()).collect();
        grams.sort();
        assert_eq!(grams, ["a b", "a b c", "b c"]);
    }
}
