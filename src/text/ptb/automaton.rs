//! Longest-match scanning over UTF-16 code units: the machinery of a JFlex scanner, built from
//! the expressions of [`super::grammar`].
//!
//! - [`Alphabet`] partitions the 65,536 code units into the classes no expression tells apart
//!   (about 130), so that automata step on a class instead of a unit.
//! - [`Nfa`]: Thompson's construction of the rules, each accepting state naming its rule.
//! - [`LazyDfa`]: the subset construction, done on demand: a state and its transitions are built
//!   the first time a text needs them, then reused (a few hundred states serve English text).
//!   A DFA state accepts with the first rule (in grammar order) any of its NFA states accepts,
//!   which is JFlex's tie-break between rules matching equally long texts.
use rustc_hash::FxHashMap;

use super::pattern::{Node, UnitSet};

/// A set of unit classes.
pub type ClassSet = [u64; 4];

fn class_set_contains(set: &ClassSet, class: u8) -> bool {
    set[(class >> 6) as usize] >> (class & 63) & 1 == 1
}

/// The partition of code units into classes that every expression treats alike.
pub struct Alphabet {
    class_of: Vec<u8>,
    count: usize,
    /// Boundaries of the intervals of constant class, and the class of each interval.
    bounds: Vec<u32>,
    interval_class: Vec<u8>,
}

impl Alphabet {
    /// The coarsest partition in which each of `sets` is a union of classes.
    pub fn new<'a>(sets: impl IntoIterator<Item = &'a UnitSet>) -> Self {
        let sets: Vec<&UnitSet> = sets.into_iter().collect();
        // Elementary intervals: between consecutive boundaries of any set, membership is constant.
        let mut bounds: Vec<u32> = vec![0, 0x10000];
        for s in &sets {
            for &(a, b) in &s.0 {
                bounds.push(a as u32);
                bounds.push(b as u32 + 1);
            }
        }
        bounds.sort_unstable();
        bounds.dedup();
        let intervals = bounds.len() - 1;
        let words = sets.len().div_ceil(64);
        let mut signature = vec![0u64; intervals * words];
        for (k, s) in sets.iter().enumerate() {
            for &(a, b) in &s.0 {
                let first = bounds.partition_point(|&x| x < a as u32);
                let last = bounds.partition_point(|&x| x <= b as u32) - 1;
                for i in first..=last {
                    signature[i * words + k / 64] |= 1 << (k % 64);
                }
            }
        }
        let mut ids: FxHashMap<&[u64], u8> = FxHashMap::default();
        let mut class_of = vec![0u8; 0x10000];
        let mut interval_class = Vec::with_capacity(intervals);
        for i in 0..intervals {
            let next = ids.len();
            assert!(next <= u8::MAX as usize, "more than 256 unit classes");
            let id = *ids.entry(&signature[i * words..(i + 1) * words]).or_insert(next as u8);
            class_of[bounds[i] as usize..bounds[i + 1] as usize].fill(id);
            interval_class.push(id);
        }
        Alphabet { class_of, count: ids.len(), bounds, interval_class }
    }

    #[inline]
    pub fn class(&self, unit: u16) -> u8 {
        self.class_of[unit as usize]
    }

    pub fn count(&self) -> usize {
        self.count
    }

    /// The classes of the units of `set`.
    fn classes(&self, set: &UnitSet) -> ClassSet {
        let mut out = [0u64; 4];
        for &(a, b) in &set.0 {
            let first = self.bounds.partition_point(|&x| x <= a as u32) - 1;
            let last = self.bounds.partition_point(|&x| x <= b as u32) - 1;
            for &c in &self.interval_class[first..=last] {
                out[(c >> 6) as usize] |= 1 << (c & 63);
            }
        }
        out
    }
}

/// No rule: the state does not accept.
pub const NO_RULE: u16 = u16::MAX;

/// A nondeterministic automaton over unit classes.
pub struct Nfa {
    /// Epsilon moves of each state.
    eps: Vec<Vec<u32>>,
    /// The one class-labelled move of a state, if any: (index into `labels`, target).
    step: Vec<Option<(u32, u32)>>,
    labels: Vec<ClassSet>,
    /// The rule a state accepts for, or [`NO_RULE`].
    accept: Vec<u16>,
    start: u32,
}

impl Nfa {
    /// The automaton of `rules`: a text matched by rule `i` reaches a state accepting `i`.
    pub fn new(alphabet: &Alphabet, rules: &[&Node]) -> Nfa {
        let mut b =
            Nfa { eps: Vec::new(), step: Vec::new(), labels: Vec::new(), accept: Vec::new(), start: 0 };
        let mut label_ids: FxHashMap<ClassSet, u32> = FxHashMap::default();
        let start = b.state();
        b.start = start;
        for (i, rule) in rules.iter().enumerate() {
            let (s, e) = b.build(rule, alphabet, &mut label_ids);
            b.eps[start as usize].push(s);
            b.accept[e as usize] = i as u16;
        }
        b
    }

    fn state(&mut self) -> u32 {
        self.eps.push(Vec::new());
        self.step.push(None);
        self.accept.push(NO_RULE);
        (self.eps.len() - 1) as u32
    }

    /// States `(start, end)` of a fragment matching `node`.
    fn build(
        &mut self,
        node: &Node,
        alphabet: &Alphabet,
        labels: &mut FxHashMap<ClassSet, u32>,
    ) -> (u32, u32) {
        match node {
            Node::Set(set) => {
                let (s, e) = (self.state(), self.state());
                let classes = alphabet.classes(set);
                let next = self.labels.len() as u32;
                let id = *labels.entry(classes).or_insert(next);
                if id == next {
                    self.labels.push(classes);
                }
                self.step[s as usize] = Some((id, e));
                (s, e)
            }
            Node::Concat(items) => {
                let s = self.state();
                let mut end = s;
                for item in items {
                    let (a, b) = self.build(item, alphabet, labels);
                    self.eps[end as usize].push(a);
                    end = b;
                }
                (s, end)
            }
            Node::Alt(alts) => {
                let (s, e) = (self.state(), self.state());
                for alt in alts {
                    let (a, b) = self.build(alt, alphabet, labels);
                    self.eps[s as usize].push(a);
                    self.eps[b as usize].push(e);
                }
                (s, e)
            }
            Node::Repeat(inner, min, max) => {
                let s = self.state();
                let mut end = s;
                for _ in 0..*min {
                    let (a, b) = self.build(inner, alphabet, labels);
                    self.eps[end as usize].push(a);
                    end = b;
                }
                match max {
                    None => {
                        // inner*: loop back from the copy's end to its start
                        let (a, b) = self.build(inner, alphabet, labels);
                        let e = self.state();
                        self.eps[end as usize].extend([a, e]);
                        self.eps[b as usize].extend([a, e]);
                        end = e;
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let (a, b) = self.build(inner, alphabet, labels);
                            let e = self.state();
                            self.eps[end as usize].extend([a, e]);
                            self.eps[b as usize].push(e);
                            end = e;
                        }
                    }
                }
                (s, end)
            }
        }
    }

    /// Whether a state matters to a DFA state's identity: it moves on a class or accepts.
    fn important(&self, s: u32) -> bool {
        self.step[s as usize].is_some() || self.accept[s as usize] != NO_RULE
    }

    /// The important states reachable from `seeds` by epsilon moves, sorted.
    fn closure(&self, seeds: &[u32], seen: &mut Vec<u32>, stamp: &mut u32, out: &mut Vec<u32>) {
        *stamp += 1;
        if seen.len() < self.eps.len() {
            seen.resize(self.eps.len(), 0);
        }
        out.clear();
        let mut stack: Vec<u32> = seeds.to_vec();
        while let Some(s) = stack.pop() {
            if seen[s as usize] == *stamp {
                continue;
            }
            seen[s as usize] = *stamp;
            if self.important(s) {
                out.push(s);
            }
            stack.extend_from_slice(&self.eps[s as usize]);
        }
        out.sort_unstable();
    }

    /// The targets of the class-`class` moves of `states`.
    fn moves(&self, states: &[u32], class: u8, out: &mut Vec<u32>) {
        out.clear();
        for &s in states {
            if let Some((label, t)) = self.step[s as usize] {
                if class_set_contains(&self.labels[label as usize], class) {
                    out.push(t);
                }
            }
        }
    }

    fn best_rule(&self, states: &[u32]) -> u16 {
        states.iter().map(|&s| self.accept[s as usize]).min().unwrap_or(NO_RULE)
    }
}

/// A transition not built yet.
const UNKNOWN: u32 = u32::MAX;
/// The state without NFA states: no longer match is possible.
pub const DEAD: u32 = 0;

/// The deterministic automaton of an [`Nfa`], built as it is used.
pub struct LazyDfa<'a> {
    nfa: &'a Nfa,
    classes: usize,
    /// `trans[state * classes + class]`.
    trans: Vec<u32>,
    /// The rule each state accepts for, or [`NO_RULE`].
    accept: Vec<u16>,
    sets: Vec<Box<[u32]>>,
    index: FxHashMap<Box<[u32]>, u32>,
    seen: Vec<u32>,
    stamp: u32,
    scratch: (Vec<u32>, Vec<u32>),
}

impl<'a> LazyDfa<'a> {
    pub fn new(nfa: &'a Nfa, alphabet: &Alphabet) -> Self {
        let mut dfa = LazyDfa {
            nfa,
            classes: alphabet.count(),
            trans: Vec::new(),
            accept: Vec::new(),
            sets: Vec::new(),
            index: FxHashMap::default(),
            seen: Vec::new(),
            stamp: 0,
            scratch: (Vec::new(), Vec::new()),
        };
        dfa.add(Vec::new()); // DEAD
        let mut start = Vec::new();
        nfa.closure(&[nfa.start], &mut dfa.seen, &mut dfa.stamp, &mut start);
        dfa.add(start);
        dfa
    }

    /// The start state.
    pub fn start(&self) -> u32 {
        1
    }

    fn add(&mut self, set: Vec<u32>) -> u32 {
        if let Some(&id) = self.index.get(set.as_slice()) {
            return id;
        }
        let id = self.sets.len() as u32;
        self.accept.push(self.nfa.best_rule(&set));
        let set: Box<[u32]> = set.into_boxed_slice();
        self.index.insert(set.clone(), id);
        self.sets.push(set);
        self.trans.resize(self.trans.len() + self.classes, UNKNOWN);
        if id == DEAD {
            self.trans.fill(DEAD);
        }
        id
    }

    /// The state after `state` reads a unit of `class`.
    #[inline]
    pub fn next(&mut self, state: u32, class: u8) -> u32 {
        let t = self.trans[state as usize * self.classes + class as usize];
        if t != UNKNOWN {
            return t;
        }
        self.build(state, class)
    }

    #[cold]
    fn build(&mut self, state: u32, class: u8) -> u32 {
        let (mut moved, mut closed) = std::mem::take(&mut self.scratch);
        self.nfa.moves(&self.sets[state as usize], class, &mut moved);
        self.nfa.closure(&moved, &mut self.seen, &mut self.stamp, &mut closed);
        let target = self.add(closed.clone());
        self.scratch = (moved, closed);
        self.trans[state as usize * self.classes + class as usize] = target;
        target
    }

    /// The rule `state` accepts for, or [`NO_RULE`].
    #[inline]
    pub fn accepts(&self, state: u32) -> u16 {
        self.accept[state as usize]
    }

    /// `out[i]`: whether the first `i` units of `units` are a match (`out.len() == units.len() + 1`).
    pub fn match_ends(&mut self, alphabet: &Alphabet, units: impl Iterator<Item = u16>, out: &mut Vec<bool>) {
        out.clear();
        let mut state = self.start();
        out.push(self.accepts(state) != NO_RULE);
        for u in units {
            if state != DEAD {
                state = self.next(state, alphabet.class(u));
            }
            out.push(self.accepts(state) != NO_RULE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::ptb::pattern::Macros;

    fn scan(dfa: &mut LazyDfa, alphabet: &Alphabet, text: &str) -> Option<(u16, usize)> {
        let mut state = dfa.start();
        let mut best = None;
        for (i, u) in text.encode_utf16().enumerate() {
            state = dfa.next(state, alphabet.class(u));
            if state == DEAD {
                break;
            }
            if dfa.accepts(state) != NO_RULE {
                best = Some((dfa.accepts(state), i + 1));
            }
        }
        best
    }

    #[test]
    fn longest_match_then_first_rule() {
        let m = Macros::default();
        let rules = [m.parse("ab"), m.parse("[a-z]+"), m.parse("a(b|c)*d?"), m.parse("x{2,3}")];
        let sets: Vec<UnitSet> = {
            let mut v = Vec::new();
            rules.iter().for_each(|r| r.for_each_set(&mut |s| v.push(s.clone())));
            v
        };
        let alphabet = Alphabet::new(&sets);
        let nfa = Nfa::new(&alphabet, &rules.iter().collect::<Vec<_>>());
        let mut dfa = LazyDfa::new(&nfa, &alphabet);
        assert_eq!(scan(&mut dfa, &alphabet, "ab"), Some((0, 2))); // tie: the first rule
        assert_eq!(scan(&mut dfa, &alphabet, "abz"), Some((1, 3)));
        assert_eq!(scan(&mut dfa, &alphabet, "AB "), Some((0, 2))); // caseless literals
        assert_eq!(scan(&mut dfa, &alphabet, "Abcbd"), Some((2, 5)));
        assert_eq!(scan(&mut dfa, &alphabet, "xxxx"), Some((1, 4)));
        assert_eq!(scan(&mut dfa, &alphabet, "XXXX"), Some((3, 3)));
        assert_eq!(scan(&mut dfa, &alphabet, "X"), None);
        let mut ends = Vec::new();
        dfa.match_ends(&alphabet, "abc".encode_utf16(), &mut ends);
        assert_eq!(ends, [false, true, true, true]);
    }

    #[test]
    fn the_alphabet_separates_what_the_sets_separate() {
        let sets = [UnitSet(vec![(10, 20)]), UnitSet(vec![(15, 30)])];
        let a = Alphabet::new(&sets);
        assert_eq!(a.count(), 4);
        assert_eq!(a.class(10), a.class(14));
        assert_ne!(a.class(14), a.class(15));
        assert_eq!(a.class(21), a.class(30));
        assert_eq!(a.class(0), a.class(31));
    }
}
