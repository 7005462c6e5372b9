//! METEOR 1.5 as the jar scores: a configuration and its resources ([`Meteor15`]), lines prepared
//! once and aligned against each reference, the best reference kept, statistics summed over a
//! corpus and scored once (`MeteorScorer`, `Meteor.scorePlaintext` and the `-stdio` mode).
use std::sync::Arc;

use super::align::{align, Line};
use super::config::{Config, Module, Normalization};
use super::normalize::normalize_english;
use super::paraphrase::ParaphraseTable;
use super::stats::{Score, Stats};
use crate::error::{Error, Result};

/// A METEOR 1.5 scorer for English: the configuration, WordNet (synonym module) and the
/// paraphrase table (paraphrase module).
pub struct Meteor15 {
    pub config: Config,
    paraphrase: Option<Arc<ParaphraseTable>>,
}

impl Meteor15 {
    /// `paraphrase` is required exactly when the configuration uses the paraphrase module.
    pub fn new(config: Config, paraphrase: Option<Arc<ParaphraseTable>>) -> Result<Meteor15> {
        config.validate()?;
        if config.uses(Module::Paraphrase) && paraphrase.is_none() {
            return Err(Error::value(
                "paraphrase_table",
                "the paraphrase module needs METEOR 1.5's paraphrase table (paraphrase-en.gz)",
            ));
        }
        let paraphrase = if config.uses(Module::Paraphrase) { paraphrase } else { None };
        Ok(Meteor15 { config, paraphrase })
    }

    /// The words the jar aligns for `text`: normalized and lowercased as configured, split as
    /// `StringTokenizer` splits.
    pub fn words(&self, text: &str) -> Vec<String> {
        super::java::tokens(&self.normalized(text)).map(str::to_string).collect()
    }

    /// `text` normalized and lowercased as configured.
    fn normalized(&self, text: &str) -> String {
        // Lowercasing copies the text: skipped where it would change nothing.
        let lower = |s: String| {
            if s.bytes().any(|b| b.is_ascii_uppercase()) || !s.is_ascii() {
                s.to_lowercase()
            } else {
                s
            }
        };
        match self.config.normalization {
            Normalization::None => text.to_string(),
            Normalization::Lower => lower(text.to_string()),
            Normalization::Norm => lower(normalize_english(text, true)),
            Normalization::NormNoPunct => lower(normalize_english(text, false)),
        }
    }

    /// `text` prepared for alignment (normalized, tokenized, each word looked up once).
    pub fn line(&self, text: &str) -> Line {
        let text = self.normalized(text);
        let words: Vec<&str> = super::java::tokens(&text).collect();
        Line::new(words.into_iter(), &self.config, self.paraphrase.as_deref())
    }

    /// The statistics of `test` against one reference.
    pub fn pair(&self, test: &Line, reference: &Line) -> Stats {
        align(test, reference, &self.config, self.paraphrase.as_deref())
    }

    /// The score of statistics (one segment's or a corpus's sum).
    pub fn score(&self, stats: &Stats) -> Score {
        stats.score(self.config.parameters, &self.config.weights)
    }

    /// The statistics of `test` against its best reference: the first with the highest score
    /// (`getMeteorStats(test, references)`). `None` without references.
    pub fn segment(&self, test: &Line, references: &[Line]) -> Option<Stats> {
        let mut best: Option<(Stats, f64)> = None;
        for reference in references {
            let stats = self.pair(test, reference);
            let score = self.score(&stats).score;
            if best.as_ref().map_or(true, |&(_, s)| score > s) {
                best = Some((stats, score));
            }
        }
        best.map(|(stats, _)| stats)
    }

    /// The statistics pycocoevalcap's `Meteor` wrapper gets from the jar's `-stdio` mode for one
    /// item: it removes `|||` from the hypothesis and replaces each double space by one, sends
    /// `SCORE ||| ref1 ||| ... ||| refN ||| hyp`, and the jar splits that line at every `|||`
    /// (a `|||` inside a reference makes more references) and trims the parts.
    pub fn stdio_segment(&self, hypothesis: &str, references: &[&str]) -> Result<Stats> {
        for text in references.iter().chain([&hypothesis]) {
            if text.contains(['\n', '\r']) {
                return Err(Error::value(
                    "texts",
                    "a line break inside a text breaks the jar's one-line protocol (pycocoevalcap's tokenizer removes them)",
                ));
            }
        }
        let hypothesis = hypothesis.replace("|||", "").replace("  ", " ");
        let line = format!("SCORE ||| {} ||| {}", references.join(" ||| "), hypothesis);
        let mut parts: Vec<&str> = line.split("|||").collect();
        while parts.last() == Some(&"") {
            parts.pop(); // Java's String.split drops trailing empty strings
        }
        if parts.len() < 3 {
            return Err(Error::value("references", "each item needs at least one reference"));
        }
        let test = self.line(super::java::trim(parts[parts.len() - 1]));
        let refs: Vec<Line> =
            parts[1..parts.len() - 1].iter().map(|r| self.line(super::java::trim(r))).collect();
        Ok(self.segment(&test, &refs).expect("at least one reference"))
    }
}

impl Meteor15 {
    /// The statistics of each hypothesis against its references (`references[i]`, at least one
    /// each), as the jar's plaintext mode computes them (`-r N`: the best reference counts).
    pub fn segments(
        &self,
        hypotheses: &[&str],
        references: &[Vec<&str>],
        workers: Option<usize>,
    ) -> Result<Vec<Stats>> {
        check_references(hypotheses.len(), references)?;
        let items: Vec<usize> = (0..hypotheses.len()).collect();
        Ok(crate::batch::map(&items, workers, |&i| {
            let test = self.line(hypotheses[i]);
            let refs: Vec<Line> = references[i].iter().map(|r| self.line(r)).collect();
            self.segment(&test, &refs).expect("checked: at least one reference")
        }))
    }

    /// [`Self::stdio_segment`] for each item (pycocoevalcap's `Meteor.compute_score`).
    pub fn stdio_segments(
        &self,
        hypotheses: &[&str],
        references: &[Vec<&str>],
        workers: Option<usize>,
    ) -> Result<Vec<Stats>> {
        check_references(hypotheses.len(), references)?;
        let items: Vec<usize> = (0..hypotheses.len()).collect();
        crate::batch::map(&items, workers, |&i| self.stdio_segment(hypotheses[i], &references[i]))
            .into_iter()
            .collect()
    }
}

/// Sentence scores of every hypothesis against every candidate (one reference each), row-major.
pub fn pairwise(
    meteor: &Arc<Meteor15>,
    hypotheses: &[&str],
    candidates: &[&str],
    workers: Option<usize>,
) -> Result<Vec<f64>> {
    crate::allpairs::matrix(
        hypotheses.len(),
        candidates.len(),
        || pair_scorer(meteor, hypotheses, candidates, workers),
        workers,
        "METEOR pairwise scores",
    )
}

/// Both sides prepared once, for all pairs ([`crate::allpairs`]).
pub fn pair_scorer(
    meteor: &Arc<Meteor15>,
    hypotheses: &[&str],
    candidates: &[&str],
    workers: Option<usize>,
) -> PairLines {
    let rows = crate::batch::map(hypotheses, workers, |h| meteor.line(h));
    let cols = crate::batch::map(candidates, workers, |c| meteor.line(c));
    PairLines { meteor: Arc::clone(meteor), rows, cols }
}

fn check_references(n: usize, references: &[Vec<&str>]) -> Result<()> {
    crate::error::check_segment_count(n, references.len())?;
    if let Some(i) = references.iter().position(Vec::is_empty) {
        return Err(Error::value("references", format!("segment {i} has no reference")));
    }
    Ok(())
}

/// Lines prepared for all pairs: sentence METEOR of row `i` against column `j`.
pub struct PairLines {
    meteor: Arc<Meteor15>,
    rows: Vec<Line>,
    cols: Vec<Line>,
}

impl crate::allpairs::PairScorer for PairLines {
    fn cols(&self) -> usize {
        self.cols.len()
    }

    fn score_row(&self, i: usize, out: &mut [f64]) {
        for (o, c) in out.iter_mut().zip(&self.cols) {
            *o = self.meteor.score(&self.meteor.pair(&self.rows[i], c)).score;
        }
    }
}

/// The paraphrase table of `path` through the cache in `cache_dir`; the last table opened stays
/// loaded, so that METEOR objects made one after another share it.
pub fn paraphrase_table(
    path: &std::path::Path,
    cache_dir: Option<&std::path::Path>,
) -> Result<Arc<ParaphraseTable>> {
    use std::sync::Mutex;
    static LAST: Mutex<Option<(std::path::PathBuf, Arc<ParaphraseTable>)>> = Mutex::new(None);
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((p, t)) = last.as_ref() {
        if *p == key && t.is_current(path) {
            return Ok(Arc::clone(t));
        }
    }
    let table = Arc::new(ParaphraseTable::open(path, cache_dir)?);
    *last = Some((key, Arc::clone(&table)));
    Ok(table)
}

/// Sums segment statistics as the jar's corpus totals do (`addStats`, in order).
pub fn total(segments: &[Stats]) -> Stats {
    let mut sum = Stats::default();
    for s in segments {
        sum.add(s);
    }
    sum
}
