//! METEOR 1.5's aligner (`Aligner`, `Stage`, the four matchers, `PartialAlignment`): every
//! possible match between a test line (line 1) and a reference line (line 2), then the beam search
//! for the best one-to-one alignment, and its statistics.
//!
//! Reproduced as the jar runs it, quirks included:
//! - words are compared by Java `String.hashCode`, not by their text (so do stems);
//! - every module matches all words, already matched or not, and a match is kept in the list of
//!   its reference position in the order the modules find them;
//! - matches that no other match overlaps are fixed before the search;
//! - the search walks the reference left to right keeping the `beam_size` best partial
//!   alignments (more weighted matched words, then fewer chunks, then less distance, stable sort);
//!   the weighted counts are Java `int`s, so a one-word stem, synonym or paraphrase match (weight
//!   0.5) adds nothing to them; and the distance of a new match is added to the path it extends,
//!   not to the new path (a bug of the jar that decides ties);
//! - a line identical to its reference (same hashes) is aligned with exact matches only.
use super::config::{Config, Module};
use super::lexicon::{describe, LineWords, Needs};
use super::paraphrase::{ParaphraseTable, PhraseId};
use super::stats::Stats;

/// A line prepared for alignment: what each matcher compares of its words.
#[derive(Clone, Debug, Default)]
pub struct Line {
    words: LineWords,
    /// The phrases of the line the paraphrase table has (paraphrase module): `(phrase, start,
    /// length)` sorted by phrase then start, and those with paraphrases as `(start, length,
    /// phrase)` in the order the jar visits them.
    phrases: Vec<(PhraseId, u32, u32)>,
    references: Vec<(u32, u32, PhraseId)>,
    /// The distinct phrases of `phrases`: `(phrase, end)`, each phrase's places ending at `end`
    /// (and starting at the previous group's end).
    groups: Vec<(PhraseId, u32)>,
}

impl Line {
    /// `words` are the tokens of a normalized (and, as configured, lowercased) line;
    /// `paraphrase` the table when the paraphrase module is on.
    pub fn new<'w>(
        words: impl ExactSizeIterator<Item = &'w str>,
        config: &Config,
        paraphrase: Option<&ParaphraseTable>,
    ) -> Line {
        let needs = Needs {
            stem: config.uses(Module::Stem),
            wordnet: config.uses(Module::Synonym).then(super::wordnet::WordNet::get),
            paraphrase: if config.uses(Module::Paraphrase) { paraphrase } else { None },
        };
        let words = describe(words, &needs);
        let (mut phrases, mut references) = (Vec::new(), Vec::new());
        if let Some(t) = needs.paraphrase {
            let ids = &words.paraphrase_ids;
            for i in 0..ids.len() {
                t.scan(ids, i, |len, p, is_reference| {
                    phrases.push((p, i as u32, len as u32));
                    if is_reference {
                        references.push((i as u32, len as u32, p));
                    }
                });
            }
            phrases.sort_unstable();
        }
        let mut groups: Vec<(PhraseId, u32)> = Vec::new();
        for (k, &(p, _, _)) in phrases.iter().enumerate() {
            match groups.last_mut() {
                Some((q, end)) if *q == p => *end = k as u32 + 1,
                _ => groups.push((p, k as u32 + 1)),
            }
        }
        Line { words, phrases, references, groups }
    }

    fn synsets_of(&self, i: usize) -> &[u32] {
        let w = &self.words;
        &w.synsets[w.synset_starts[i] as usize..w.synset_starts[i + 1] as usize]
    }

    pub fn len(&self) -> usize {
        self.words.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.hashes.is_empty()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Match {
    /// Start and length in line 2 (the reference).
    start: i32,
    length: i32,
    /// Start and length in line 1 (the test).
    match_start: i32,
    match_length: i32,
    /// Position of the module in the configured list.
    module: usize,
}

/// A filler for a list of matches about to be overwritten.
const NO_MATCHES: Match = Match { start: 0, length: 0, match_start: 0, match_length: 0, module: 0 };

/// The matches found, and how many cover each word.
#[derive(Default)]
struct Stage {
    /// Every match in the order the modules found them; `starts` then groups them by reference
    /// position, keeping that order ([`Stage::group`]).
    found: Vec<Match>,
    starts: Vec<u32>,
    coverage1: Vec<u32>,
    coverage2: Vec<u32>,
    /// The buffers `group` sorts with (kept for the next pair).
    spare: Vec<Match>,
    next: Vec<u32>,
}

impl Stage {
    fn add(&mut self, m: Match) {
        for k in 0..m.match_length {
            self.coverage1[(m.match_start + k) as usize] += 1;
        }
        for k in 0..m.length {
            self.coverage2[(m.start + k) as usize] += 1;
        }
        self.found.push(m);
    }

    /// Empties the stage for lines of `n1` and `n2` words, keeping its memory.
    fn reset(&mut self, n1: usize, n2: usize) {
        self.found.clear();
        self.coverage1.clear();
        self.coverage1.resize(n1, 0);
        self.coverage2.clear();
        self.coverage2.resize(n2, 0);
    }

    /// Sorts the matches by reference position (stably: the jar's lists keep the order of finding).
    fn group(&mut self, n2: usize) {
        self.starts.clear();
        self.starts.resize(n2 + 1, 0);
        for m in &self.found {
            self.starts[m.start as usize + 1] += 1;
        }
        for j in 0..n2 {
            self.starts[j + 1] += self.starts[j];
        }
        // Each match to the next free place of its position: a stable counting sort.
        let next = &mut self.next;
        next.clear();
        next.extend_from_slice(&self.starts[..n2]);
        self.spare.clear();
        self.spare.resize(self.found.len(), NO_MATCHES);
        for m in &self.found {
            self.spare[next[m.start as usize] as usize] = *m;
            next[m.start as usize] += 1;
        }
        std::mem::swap(&mut self.found, &mut self.spare);
    }

    /// The matches starting at reference position `j`.
    fn at(&self, j: usize) -> &[Match] {
        &self.found[self.starts[j] as usize..self.starts[j + 1] as usize]
    }
}

/// Which words of a line a path has used: a bit per word, inline up to 128 words.
#[derive(Clone, Debug)]
enum Used {
    Small(u128),
    Large(Box<[u64]>),
}

impl Used {
    fn new(n: usize) -> Used {
        if n <= 128 {
            Used::Small(0)
        } else {
            Used::Large(vec![0; n.div_ceil(64)].into_boxed_slice())
        }
    }

    fn get(&self, i: usize) -> bool {
        match self {
            Used::Small(b) => b >> i & 1 == 1,
            Used::Large(v) => v[i / 64] >> (i % 64) & 1 == 1,
        }
    }

    fn set(&mut self, i: usize) {
        match self {
            Used::Small(b) => *b |= 1 << i,
            Used::Large(v) => v[i / 64] |= 1 << (i % 64),
        }
    }
}

/// A partial alignment of the search (`PartialAlignment`). The matches it chose are a list in
/// the search's arena (`chosen` is the last, each links to the one before), so that extending a
/// path copies a few numbers, not arrays; the matches fixed before the search are the stage's.
#[derive(Clone, Debug)]
struct Path {
    used1: Used,
    used2: Used,
    chosen: u32,
    match_count: i32,
    matches1: i32,
    matches2: i32,
    all_matches1: i32,
    all_matches2: i32,
    chunks: i32,
    idx: i32,
    last_match_end: i32,
    distance: i32,
}

const NO_MATCH: u32 = u32::MAX;

impl Path {
    fn is_used(&self, m: &Match) -> bool {
        (0..m.length).any(|k| self.used2.get((m.start + k) as usize))
            || (0..m.match_length).any(|k| self.used1.get((m.match_start + k) as usize))
    }

    fn set_used(&mut self, m: &Match) {
        for k in 0..m.length {
            self.used2.set((m.start + k) as usize);
        }
        for k in 0..m.match_length {
            self.used1.set((m.match_start + k) as usize);
        }
    }

    /// The bookkeeping of taking `m` (Java: `int += int * double`, truncated).
    fn take(&mut self, m: &Match, weights: &[f64]) {
        let w = weights[m.module];
        self.match_count += 1;
        self.matches1 = (f64::from(self.matches1) + f64::from(m.match_length) * w) as i32;
        self.matches2 = (f64::from(self.matches2) + f64::from(m.length) * w) as i32;
        self.all_matches1 += m.match_length;
        self.all_matches2 += m.length;
        if self.last_match_end != -1 && m.match_start != self.last_match_end {
            self.chunks += 1;
        }
        self.idx = m.start + m.length;
        self.last_match_end = m.match_start + m.match_length;
    }
}

/// `Constants.PARTIAL_COMPARE_TOTAL`: more weighted matches, then fewer chunks, then less distance.
fn compare(x: &Path, y: &Path) -> std::cmp::Ordering {
    let matches = (y.matches1 + y.matches2) - (x.matches1 + x.matches2);
    if matches != 0 {
        return matches.cmp(&0);
    }
    let chunks = x.chunks - y.chunks;
    if chunks != 0 {
        return chunks.cmp(&0);
    }
    (x.distance - y.distance).cmp(&0)
}

/// The one-word matchers (exact, stem, synonym): every test word `i` and reference word `j` for
/// which `same(i, j)`, reference-major as the jar loops.
fn word_matches(stage: &mut Stage, module: usize, a: &Line, b: &Line, same: impl Fn(usize, usize) -> bool) {
    for j in 0..b.len() {
        for i in 0..a.len() {
            if same(i, j) {
                stage.add(Match {
                    start: j as i32,
                    length: 1,
                    match_start: i as i32,
                    match_length: 1,
                    module,
                });
            }
        }
    }
}

fn share_one(x: &[u32], y: &[u32]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

/// The paraphrases of table phrase `p` that occur in `line`: `(rank in file order, start, length)`
/// sorted by rank then start — the order in which the jar tries them (each paraphrase, then each
/// position of the line).
fn paraphrases_in(table: &ParaphraseTable, p: PhraseId, line: &Line, hits: &mut Vec<(u32, u32, u32)>) {
    hits.clear();
    let entries = table.entries(p);
    let mut lo = entries.start;
    let mut k = 0;
    for &(q, end) in &line.groups {
        if lo >= entries.end {
            break; // every entry is before the line's remaining phrases
        }
        let end = end as usize;
        // First entry with paraphrase q at or after `lo` (entries are sorted by paraphrase id,
        // then rank, and the line's phrases by id: each search starts where the last ended, with
        // steps that double, then halve).
        let mut step = 1;
        let mut hi = lo;
        while hi < entries.end && table.entry(hi).0 < q {
            lo = hi + 1;
            hi = (hi + step).min(entries.end);
            step *= 2;
        }
        let mut hi = hi.min(entries.end);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if table.entry(mid).0 < q {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut e = lo;
        while e < entries.end {
            let (para, rank) = table.entry(e);
            if para != q {
                break;
            }
            for &(_, start, len) in &line.phrases[k..end] {
                hits.push((rank, start, len));
            }
            e += 1;
        }
        k = end;
    }
    hits.sort_unstable();
}

/// `ParaphraseMatcher`: the paraphrases of every reference phrase found in the test line, then
/// of every test phrase found in the reference line.
fn paraphrase(
    stage: &mut Stage,
    module: usize,
    a: &Line,
    b: &Line,
    table: &ParaphraseTable,
    hits: &mut Vec<(u32, u32, u32)>,
) {
    for &(j, len, p) in &b.references {
        paraphrases_in(table, p, a, hits);
        for &(_, i, para_len) in hits.iter() {
            stage.add(Match {
                start: j as i32,
                length: len as i32,
                match_start: i as i32,
                match_length: para_len as i32,
                module,
            });
        }
    }
    for &(i, len, p) in &a.references {
        paraphrases_in(table, p, b, hits);
        for &(_, j, para_len) in hits.iter() {
            stage.add(Match {
                start: j as i32,
                length: para_len as i32,
                match_start: i as i32,
                match_length: len as i32,
                module,
            });
        }
    }
}

/// A thread's buffers for [`align`], kept from pair to pair: a pair's work is small, and
/// allocating its lists anew cost more than filling them.
#[derive(Default)]
struct Scratch {
    stage: Stage,
    weights: Vec<f64>,
    fixed: Vec<Option<Match>>,
    search: Search,
    hits: Vec<(u32, u32, u32)>,
}

/// The beam search's lists: the matches the paths chose (see [`Path`]), the paths of this step
/// and of the next.
#[derive(Default)]
struct Search {
    arena: Vec<(Match, u32)>,
    paths: Vec<Path>,
    next: Vec<Path>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Aligns test line `a` with reference line `b` and returns the segment's statistics.
pub fn align(a: &Line, b: &Line, config: &Config, table: Option<&ParaphraseTable>) -> Stats {
    SCRATCH.with(|scratch| align_in(&mut scratch.borrow_mut(), a, b, config, table))
}

fn align_in(s: &mut Scratch, a: &Line, b: &Line, config: &Config, table: Option<&ParaphraseTable>) -> Stats {
    let (n1, n2) = (a.len(), b.len());
    let stage = &mut s.stage;
    stage.reset(n1, n2);
    // Identical lines: exact matches only (the jar's guard against beam search errors).
    let (x, y) = (&a.words, &b.words);
    let modules_used = if n1 == n2 && a.words.hashes == b.words.hashes { 1 } else { config.modules.len() };
    for (k, &module) in config.modules[..modules_used].iter().enumerate() {
        match module {
            Module::Exact => word_matches(stage, k, a, b, |i, j| x.hashes[i] == y.hashes[j]),
            // Different words (by hash) with the same stem (by hash).
            Module::Stem => {
                word_matches(stage, k, a, b, |i, j| x.stems[i] == y.stems[j] && x.hashes[i] != y.hashes[j])
            }
            // Different words sharing a synset (none without WordNet data for both lines); the
            // masks settle most pairs.
            Module::Synonym if !x.synset_starts.is_empty() && !y.synset_starts.is_empty() => {
                word_matches(stage, k, a, b, |i, j| {
                    x.synset_masks[i] & y.synset_masks[j] != 0
                        && x.hashes[i] != y.hashes[j]
                        && share_one(a.synsets_of(i), b.synsets_of(j))
                })
            }
            Module::Synonym => {}
            Module::Paraphrase => {
                if let Some(t) = table {
                    paraphrase(stage, k, a, b, t, &mut s.hits)
                }
            }
        }
    }
    stage.group(n2);

    // The aligner's own weights: 1 for exact matches, 0.5 for the others.
    s.weights.clear();
    s.weights.extend(config.modules.iter().map(|&m| if m == Module::Exact { 1.0 } else { 0.5 }));

    let mut start = Path {
        used1: Used::new(n1),
        used2: Used::new(n2),
        chosen: NO_MATCH,
        match_count: 0,
        matches1: 0,
        matches2: 0,
        all_matches1: 0,
        all_matches2: 0,
        chunks: 0,
        idx: 0,
        last_match_end: -1,
        distance: 0,
    };
    // One-to-one matches that nothing else overlaps are certain.
    let fixed = &mut s.fixed;
    fixed.clear();
    fixed.resize(n2, None);
    for (j, slot) in fixed.iter_mut().enumerate() {
        if let &[m] = stage.at(j) {
            let alone = (0..m.length).all(|k| stage.coverage2[j + k as usize] == 1)
                && (0..m.match_length).all(|k| stage.coverage1[(m.match_start + k) as usize] == 1);
            if alone {
                *slot = Some(m);
                start.set_used(&m);
            }
        }
    }
    let best = resolve(stage, fixed, start, &s.weights, config.beam_size, &mut s.search);
    let mut link = best.chosen;
    while link != NO_MATCH {
        let (m, previous) = s.search.arena[link as usize];
        fixed[m.start as usize] = Some(m);
        link = previous;
    }
    statistics(a, b, fixed, config)
}

/// The beam search (`Aligner.resolve`).
fn resolve(
    stage: &Stage,
    fixed: &[Option<Match>],
    start: Path,
    weights: &[f64],
    beam: usize,
    search: &mut Search,
) -> Path {
    let n2 = fixed.len();
    search.arena.clear();
    search.paths.clear();
    search.next.clear();
    search.next.push(start);
    for current in 0..=n2 {
        let Search { arena, paths, next } = search;
        std::mem::swap(paths, next);
        next.clear();
        paths.sort_by(compare);
        let mut dropped_first = None;
        for (rank, mut path) in paths.drain(..).take(beam).enumerate() {
            if current == n2 {
                if path.last_match_end != -1 {
                    path.chunks += 1;
                }
                next.push(path);
                continue;
            }
            if path.used2.get(current) {
                if (current as i32) < path.idx {
                    next.push(path); // inside a match taken earlier
                } else if let Some(m) = fixed[path.idx as usize] {
                    // A match fixed before the search starts here.
                    path.take(&m, weights);
                    path.distance += (m.start - m.match_start).abs();
                    next.push(path);
                } else if rank == 0 {
                    dropped_first = Some(path);
                }
                continue;
            }
            for m in stage.at(current) {
                if path.is_used(m) {
                    continue;
                }
                let mut extended = path.clone();
                extended.set_used(m);
                arena.push((*m, extended.chosen));
                extended.chosen = (arena.len() - 1) as u32;
                extended.take(m, weights);
                path.distance += (m.start - m.match_start).abs(); // sic: the path extended
                next.push(extended);
            }
            // Or leave this reference word unmatched.
            if path.last_match_end != -1 {
                path.chunks += 1;
                path.last_match_end = -1;
            }
            path.idx += 1;
            next.push(path);
        }
        if next.is_empty() {
            // The jar warns "unexpected conditions" and goes on with the best path.
            next.extend(dropped_first);
        }
    }
    search.next.sort_by(compare);
    search.next.swap_remove(0)
}

/// The statistics of the chosen alignment (`Aligner.align`'s totals, then
/// `MeteorScorer.getMeteorStats`).
fn statistics(a: &Line, b: &Line, matches: &[Option<Match>], config: &Config) -> Stats {
    let mut stats = Stats::default();
    let mut stage_words = [[0u64; 4]; 4]; // word counts, whatever the scoring unit
    for m in matches.iter().flatten() {
        for k in 0..m.match_length {
            let i = (m.match_start + k) as usize;
            let (slot, unit) = (if a.words.function[i] { 2 } else { 0 }, unit_of(a, i, config));
            stats.stages[m.module][slot] += unit;
            stage_words[m.module][slot] += 1;
        }
        for k in 0..m.length {
            let j = (m.start + k) as usize;
            let (slot, unit) = (if b.words.function[j] { 3 } else { 1 }, unit_of(b, j, config));
            stats.stages[m.module][slot] += unit;
            stage_words[m.module][slot] += 1;
        }
    }
    let total = |line: &Line, only_function: bool| -> f64 {
        // A fold from +0.0: Rust's f64 `sum` starts at -0.0, which Java would print as "-0.0".
        (0..line.len())
            .filter(|&i| !only_function || line.words.function[i])
            .fold(0.0, |acc, i| acc + unit_of(line, i, config))
    };
    stats.test_length = total(a, false);
    stats.reference_length = total(b, false);
    stats.test_function_words = total(a, true);
    stats.reference_function_words = total(b, true);
    stats.chunks = f64::from(count_chunks(matches));
    for stage in &stage_words {
        stats.test_word_matches += (stage[0] + stage[2]) as f64;
        stats.reference_word_matches += (stage[1] + stage[3]) as f64;
    }
    stats
}

/// A word's weight in the lengths and match counts: 1, or its length with `-ch`.
fn unit_of(line: &Line, i: usize, config: &Config) -> f64 {
    if config.char_based {
        f64::from(line.words.lengths[i])
    } else {
        1.0
    }
}

/// `Aligner.getCountAndChunks`: chunks of the final alignment, walking the reference.
fn count_chunks(matches: &[Option<Match>]) -> u32 {
    let (mut idx, mut last_end, mut chunks) = (0usize, -1i32, 0u32);
    while idx < matches.len() {
        match matches[idx] {
            None => {
                if last_end != -1 {
                    chunks += 1;
                    last_end = -1;
                }
                idx += 1;
            }
            Some(m) => {
                if last_end != -1 && m.match_start != last_end {
                    chunks += 1;
                }
                // A match never has length 0 here (tables with empty phrases are refused).
                idx = (m.start + m.length.max(1)) as usize;
                last_end = m.match_start + m.match_length;
            }
        }
    }
    if last_end != -1 {
        chunks += 1;
    }
    chunks
}
