//! ROUGE-1.5.5 (Perl) compatibility mode: the numbers and the report of `ROUGE-1.5.5.pl`,
//! digit for digit, without Perl, XML::DOM or Berkeley DB.
//!
//! - [`text`]: sentence units per input format (SEE, ISI, SPL, SIMPLE), `-l`/`-b` limits, tokens.
//! - [`data`]: stop words and WordNet exceptions read from a ROUGE data directory's text files.
//! - [`tokens`]: stop-word removal, stemming (`-m`), interning.
//! - [`measures`]: per-model statistics of ROUGE-N, L, W, S, SU with the script's quirks.
//! - [`be`]: Basic Elements (`-3`).
//! - [`bootstrap`]: averages and confidence intervals with Perl's drand48.
//! - [`report`]: the text ROUGE-1.5.5 prints; [`json`]: `--json` and the signature.
//! - [`config`]: XML configurations and `-z` file lists, read with errors that name file and line.
//! - [`cli`]: the `ROUGE-1.5.5.pl` command line (options, configuration, report), shared by the
//!   Python command and the native `rouge155` program.
//!
//! [`evaluate`] runs a whole configuration: evaluation units in parallel (rayon), then one
//! bootstrap per system and measure, all deterministic.
pub mod be;
pub mod bootstrap;
pub mod cli;
pub mod config;
pub mod data;
pub mod json;
pub mod measures;
pub mod report;
pub mod text;
pub mod tokens;
mod wlcs;

use rustc_hash::FxHashMap;

use crate::batch;
use crate::error::{Error, Result};
use crate::kernels::lcs::BitMatcher;
use crate::kernels::ngram::NgramKeys;
use crate::limits::{MAX_BOOTSTRAP, MAX_NGRAM_ORDER};
use be::BeMode;
use bootstrap::{Counting, Interval};
use data::Resources;
use measures::{Bag, ModelStat, WlcsScratch};
use text::{Format, Limit};
use tokens::{Toks, Vocab};

/// How several models (references) of one evaluation unit are combined (`-f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiRef {
    /// `-f A`: hits and totals summed over the models.
    Pooled,
    /// `-f B`: the model with the best per-model score.
    Best,
}

impl crate::options::Vocabulary for MultiRef {
    const ARGUMENT: &'static str = "multi_ref";
    const WHAT: &'static str = "multi-reference mode (A: pooled, B: best model)";
    const CHOICES: &'static [(&'static str, Self)] = &[("A", MultiRef::Pooled), ("B", MultiRef::Best)];
}

/// Which skip-bigram variants are reported (`-2` alone, `-u`, `-U`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipUnigrams {
    /// ROUGE-S only.
    No,
    /// ROUGE-SU only (`-u`).
    Only,
    /// ROUGE-S then ROUGE-SU (`-U`).
    Both,
}

impl crate::options::Vocabulary for SkipUnigrams {
    const ARGUMENT: &'static str = "skip_unigrams";
    const WHAT: &'static str = "skip-bigram variant";
    const CHOICES: &'static [(&'static str, Self)] =
        &[("no", SkipUnigrams::No), ("only", SkipUnigrams::Only), ("both", SkipUnigrams::Both)];
}

/// The options of `ROUGE-1.5.5.pl` that change numbers.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-n`: ROUGE-1..N (0 = none).
    pub max_ngram: usize,
    /// ROUGE-L (off with `-x` or `-3`).
    pub lcs: bool,
    /// `-w`: ROUGE-W with `f(k) = k^w`.
    pub wlcs_weight: Option<f64>,
    /// `-2`: ROUGE-S with this maximum gap; negative = unlimited (`ROUGE-S*`).
    pub skip_gap: Option<i64>,
    pub skip_unigrams: SkipUnigrams,
    /// `-3`: Basic Elements.
    pub be: Option<BeMode>,
    /// `-m`
    pub stem: bool,
    /// `-M`: stem the models only (undocumented in ROUGE-1.5.5; per-measure as the script does).
    pub stem_models_only: bool,
    /// `-s`
    pub stopwords: bool,
    pub limit: Limit,
    pub multi: MultiRef,
    /// `-p`
    pub alpha: f64,
    /// `-t`
    pub counting: Counting,
    /// `-r`
    pub resamples: usize,
    /// `-c`
    pub confidence: f64,
    /// Leave-one-out over the models (not in ROUGE-1.5.5, which dropped it in v1.4): each
    /// instance scores the mean of its M scores with one model left out.
    pub jackknife: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_ngram: 0,
            lcs: true,
            wlcs_weight: None,
            skip_gap: None,
            skip_unigrams: SkipUnigrams::No,
            be: None,
            stem: false,
            stem_models_only: false,
            stopwords: false,
            limit: Limit::None,
            multi: MultiRef::Pooled,
            alpha: 0.5,
            counting: Counting::Macro,
            resamples: 1000,
            confidence: 95.0,
            jackknife: false,
        }
    }
}

/// One reported measure, in ROUGE-1.5.5's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    Ngram(usize),
    Lcs,
    Wlcs,
    Skip { unigrams: bool },
    Be,
}

impl Options {
    /// The measures in the order the script computes and prints them.
    pub fn measures(&self) -> Vec<Measure> {
        let mut m: Vec<Measure> = (1..=self.max_ngram).map(Measure::Ngram).collect();
        if self.lcs && self.be.is_none() {
            m.push(Measure::Lcs);
        }
        if self.wlcs_weight.is_some() {
            m.push(Measure::Wlcs);
        }
        if self.skip_gap.is_some() {
            match self.skip_unigrams {
                SkipUnigrams::No => m.push(Measure::Skip { unigrams: false }),
                SkipUnigrams::Only => m.push(Measure::Skip { unigrams: true }),
                SkipUnigrams::Both => {
                    m.push(Measure::Skip { unigrams: false });
                    m.push(Measure::Skip { unigrams: true });
                }
            }
        }
        if self.be.is_some() {
            m.push(Measure::Be);
        }
        m
    }

    pub fn validate(&self) -> Result<()> {
        if let Some(w) = self.wlcs_weight {
            if !(w.is_finite() && w > 1.0) {
                return Err(Error::value("wlcs_weight", format!("ROUGE-W needs a weight w > 1, got {w}")));
            }
        }
        if !(0.0..=1.0).contains(&self.alpha) {
            return Err(Error::value("alpha", format!("must be within [0, 1], got {}", self.alpha)));
        }
        if !(0.0..=100.0).contains(&self.confidence) {
            return Err(Error::value(
                "confidence",
                format!("must be within [0, 100], got {}", self.confidence),
            ));
        }
        if !(1..=MAX_BOOTSTRAP).contains(&self.resamples) {
            return Err(Error::value(
                "resamples",
                format!("must be from 1 to {MAX_BOOTSTRAP}, got {}", self.resamples),
            ));
        }
        if self.max_ngram > MAX_NGRAM_ORDER {
            return Err(Error::value(
                "max_n",
                format!("must be at most {MAX_NGRAM_ORDER}, got {}", self.max_ngram),
            ));
        }
        if matches!(self.limit, Limit::Words(0) | Limit::Bytes(0)) {
            return Err(Error::value("limit", "a length limit must be positive"));
        }
        if self.stem && self.stem_models_only {
            return Err(Error::value(
                "stem_models_only",
                "-M (stem models only) cannot be combined with -m (stem everything)",
            ));
        }
        if self.jackknife && self.counting != Counting::Macro {
            return Err(Error::value("jackknife", "jackknifing needs -t 0 (per-unit averaging)"));
        }
        if self.measures().is_empty() {
            return Err(Error::value("measures", "no measure selected (use -n, -w, -2, -3 or leave out -x)"));
        }
        Ok(())
    }

    fn needs_stemmer(&self) -> bool {
        self.stem || self.stem_models_only
    }
}

/// A summary: a file to read or its bytes.
#[derive(Clone, Debug)]
pub enum Source {
    Path(String),
    Bytes(Vec<u8>),
}

impl Source {
    fn read(&self, role: &str) -> Result<Vec<u8>> {
        match self {
            Source::Bytes(b) => Ok(b.clone()),
            Source::Path(p) => std::fs::read(p).map_err(|e| {
                Error::Input(format!("cannot read {role} summary {p}: {}", config::io_reason(&e)))
            }),
        }
    }

    fn name(&self) -> String {
        match self {
            Source::Path(p) => p.clone(),
            Source::Bytes(_) => "<text>".into(),
        }
    }
}

/// One `<EVAL>`: its peers (system index, summary) and its models.
#[derive(Clone, Debug)]
pub struct EvalInput {
    pub id: String,
    pub format: Format,
    pub peers: Vec<(usize, Source)>,
    pub models: Vec<Source>,
}

/// What to evaluate: the systems (in report order) and the evaluation units.
#[derive(Clone, Debug)]
pub struct RunInput {
    pub systems: Vec<String>,
    pub evals: Vec<EvalInput>,
}

/// Corpus-level result of one system and measure.
#[derive(Clone, Debug, PartialEq)]
pub enum Summary {
    /// `-t 0` / `-t 1`: bootstrap average and interval.
    Interval(Interval),
    /// `-t 2`: summed model total, peer total and hits.
    Counts([f64; 3]),
    /// Jackknife: plain mean of the instances' values.
    Mean([f64; 3]),
}

/// Per-instance values and summary of one system on one measure.
#[derive(Clone, Debug)]
pub struct Series {
    pub system: usize,
    pub measure: usize,
    /// (eval index, values) in evaluation order; values are R, P, F rounded to 5 decimals (or
    /// model total, peer total, hits with `-t 1`/`-t 2`; or jackknife means).
    pub items: Vec<(usize, [f64; 3])>,
    /// Items in the order ROUGE-1.5.5 sorts their keys (`"$evalID.$peerID"` as strings).
    pub sorted: Vec<usize>,
    pub summary: Summary,
    /// Plain mean of the item values (in sorted order, as `computeAverages` sums them).
    pub plain_mean: [f64; 3],
}

/// The result of [`evaluate`].
#[derive(Clone, Debug)]
pub struct Output {
    pub measures: Vec<Measure>,
    /// `series[system * measures.len() + measure]`
    pub series: Vec<Series>,
    /// Systems missing from an evaluation unit, as ROUGE-1.5.5 warns about them.
    pub warnings: Vec<String>,
}

/// Per-model statistics of every (peer, measure) of one evaluation unit.
/// One unit's instance values: per peer (system index), R, P, F (or counts) per measure.
type UnitValues = Vec<(usize, Vec<[f64; 3]>)>;

struct EvalStats {
    /// (system, stats[measure][model])
    peers: Vec<(usize, Vec<Vec<ModelStat>>)>,
}

/// Token variants of one model summary: `base` as the peers are processed, `stemmed` only
/// with `-M`.
struct ModelToks {
    base: Toks,
    stemmed: Option<Toks>,
}

impl ModelToks {
    /// The variant a measure uses: with `-M`, ROUGE-1.5.5 stems models for S, L and BE and
    /// for the unigram budgets of W, but not for N or the W sentences.
    fn get(&self, stemmed: bool) -> &Toks {
        match (&self.stemmed, stemmed) {
            (Some(s), true) => s,
            _ => &self.base,
        }
    }
}

fn process_eval(e: &EvalInput, opts: &Options, res: &Resources, measures: &[Measure]) -> Result<EvalStats> {
    let models: Vec<Vec<u8>> = e.models.iter().map(|m| m.read("model")).collect::<Result<_>>()?;
    let peers: Vec<Vec<u8>> = e.peers.iter().map(|(_, p)| p.read("peer")).collect::<Result<_>>()?;
    let mut vocab = Vocab::new(res, opts.stopwords);
    let text_measures = measures.iter().any(|m| *m != Measure::Be);
    let models_only = opts.stem_models_only;

    let mut model_toks = Vec::new();
    let mut peer_toks = Vec::new();
    if text_measures {
        for (bytes, src) in models.iter().zip(&e.models) {
            let sents = text::sentences(bytes, e.format).map_err(|err| with_file(err, src))?;
            let base = vocab.toks(&sents, opts.limit, opts.stem);
            let stemmed = models_only.then(|| vocab.toks(&sents, opts.limit, true));
            model_toks.push(ModelToks { base, stemmed });
        }
        for (bytes, (_, src)) in peers.iter().zip(&e.peers) {
            let sents = text::sentences(bytes, e.format).map_err(|err| with_file(err, src))?;
            peer_toks.push(vocab.toks(&sents, opts.limit, opts.stem));
        }
    }
    let mut be_models = Vec::new();
    let mut be_peers = Vec::new();
    if let Some(mode) = opts.be {
        for (bytes, src) in models.iter().zip(&e.models) {
            let lines = text::be_lines(bytes, e.format).map_err(|err| with_file(err, src))?;
            be_models.push(be::be_bag(&lines, mode, opts.stem || models_only, &mut vocab, &src.name())?);
        }
        for (bytes, (_, src)) in peers.iter().zip(&e.peers) {
            let lines = text::be_lines(bytes, e.format).map_err(|err| with_file(err, src))?;
            be_peers.push(be::be_bag(&lines, mode, opts.stem, &mut vocab, &src.name())?);
        }
    }
    let v = vocab.len();

    // Unlimited-gap skip-bigrams of long texts are counted without materialising the pairs.
    let streaming_skip = opts.skip_gap.is_some()
        && skip_gap(opts).is_none()
        && model_toks
            .iter()
            .map(|t| t.get(true).whole.len())
            .chain(peer_toks.iter().map(|t| t.whole.len()))
            .any(|n| measures::skip_bigram_total(n, None, false) > measures::MATERIALISE_LIMIT);

    // Model-side structures shared by all peers.
    let mut keys = NgramKeys::new();
    let mut scratch = Vec::new();
    let mut model_bags: Vec<Vec<Bag>> = Vec::new();
    for m in measures {
        model_bags.push(match *m {
            Measure::Ngram(n) => model_toks
                .iter()
                .map(|t| measures::ngram_bag(&t.get(false).whole, n, &mut keys, &mut scratch))
                .collect(),
            Measure::Skip { unigrams } if !streaming_skip => {
                let gap = skip_gap(opts);
                model_toks
                    .iter()
                    .map(|t| measures::skip_bigram_bag(&t.get(true).whole, gap, unigrams))
                    .collect()
            }
            _ => Vec::new(),
        });
    }
    let longest = model_toks
        .iter()
        .flat_map(|t| t.base.sents.iter().map(|s| s.len()))
        .chain(peer_toks.iter().flat_map(|t| t.sents.iter().map(|s| s.len())))
        .max()
        .unwrap_or(0);
    let weights = opts.wlcs_weight.map(|w| measures::weight_table(longest, w));
    let mut rows = Vec::new();
    let mut wsc = WlcsScratch::default();

    let mut out = Vec::with_capacity(e.peers.len());
    for (pi, (system, _)) in e.peers.iter().enumerate() {
        let mut per_measure = Vec::with_capacity(measures.len());
        let peer = peer_toks.get(pi);
        let peer_budget = peer.map(|p| measures::unigram_counts(&p.whole, v));
        let matchers: Vec<BitMatcher> = match (measures.contains(&Measure::Lcs), peer) {
            (true, Some(p)) => p.sents.iter().map(|s| BitMatcher::new(s)).collect(),
            _ => Vec::new(),
        };
        for (mi, m) in measures.iter().enumerate() {
            let stats: Vec<ModelStat> = match *m {
                Measure::Ngram(n) => {
                    let pb = measures::ngram_bag(&peer_toks[pi].whole, n, &mut keys, &mut scratch);
                    model_bags[mi].iter().map(|mb| measures::count_stat(mb, &pb)).collect()
                }
                Measure::Skip { unigrams } if streaming_skip => model_toks
                    .iter()
                    .map(|mt| {
                        measures::unlimited_skip_stat(&mt.get(true).whole, &peer_toks[pi].whole, unigrams)
                    })
                    .collect(),
                Measure::Skip { unigrams } => {
                    let pb = measures::skip_bigram_bag(&peer_toks[pi].whole, skip_gap(opts), unigrams);
                    model_bags[mi].iter().map(|mb| measures::count_stat(mb, &pb)).collect()
                }
                Measure::Be => be_models.iter().map(|mb| measures::count_stat(mb, &be_peers[pi])).collect(),
                Measure::Lcs => {
                    let p = &peer_toks[pi];
                    let budget = peer_budget.as_ref().expect("peer tokens exist for text measures");
                    model_toks
                        .iter()
                        .map(|mt| {
                            let t = mt.get(true);
                            let mut mb = measures::unigram_counts(&t.whole, v);
                            let mut pb = budget.clone();
                            measures::lcs_stat(
                                &t.sents,
                                &matchers,
                                &mut mb,
                                &mut pb,
                                p.whole.len(),
                                &mut rows,
                            )
                        })
                        .collect()
                }
                Measure::Wlcs => {
                    let p = &peer_toks[pi];
                    let budget = peer_budget.as_ref().expect("peer tokens exist for text measures");
                    let w = opts.wlcs_weight.expect("ROUGE-W is only listed with a weight");
                    let f = weights.as_deref().expect("weights exist with a weight");
                    model_toks
                        .iter()
                        .map(|mt| {
                            let mut mb = measures::unigram_counts(&mt.get(true).whole, v);
                            let mut pb = budget.clone();
                            let sents = &mt.get(false).sents;
                            measures::wlcs_stat(
                                sents,
                                &p.sents,
                                &mut mb,
                                &mut pb,
                                p.whole.len(),
                                w,
                                f,
                                &mut wsc,
                            )
                        })
                        .collect()
                }
            };
            per_measure.push(stats);
        }
        out.push((*system, per_measure));
    }
    Ok(EvalStats { peers: out })
}

fn with_file(err: Error, src: &Source) -> Error {
    match err {
        Error::Input(msg) => Error::Input(format!("{}: {msg}", src.name())),
        other => other,
    }
}

fn skip_gap(opts: &Options) -> Option<usize> {
    match opts.skip_gap {
        Some(d) if d >= 0 => Some(d as usize),
        _ => None,
    }
}

/// Hits and totals of the models kept by `-f A` / `-f B`, leaving out model `skip`.
fn combine(stats: &[ModelStat], skip: Option<usize>, multi: MultiRef) -> ModelStat {
    let mut total = ModelStat::default();
    let mut best = -1.0f64;
    for (k, s) in stats.iter().enumerate() {
        if Some(k) == skip {
            continue;
        }
        match multi {
            MultiRef::Pooled => {
                total.hit += s.hit;
                total.model_total += s.model_total;
                total.peer_total += s.peer_total;
            }
            MultiRef::Best => {
                if s.score > best {
                    best = s.score;
                    total = *s;
                }
            }
        }
    }
    total
}

/// The values ROUGE-1.5.5 records for one instance: R and P rounded to 5 decimals and F
/// computed from the rounded R and P (then rounded), or the raw totals with `-t 1`/`-t 2`.
fn instance_values(t: &ModelStat, measure: Measure, opts: &Options) -> [f64; 3] {
    if opts.counting != Counting::Macro {
        return [t.model_total, t.peer_total, t.hit];
    }
    let ratio = |den: f64| {
        if den == 0.0 {
            return 0.0;
        }
        let x = t.hit / den;
        match (measure, opts.wlcs_weight) {
            (Measure::Wlcs, Some(w)) => x.powf(1.0 / w),
            _ => x,
        }
    };
    let r = measures::round5(ratio(t.model_total));
    let p = measures::round5(ratio(t.peer_total));
    [r, p, measures::round5(bootstrap::f_alpha(r, p, opts.alpha))]
}

fn jackknife_values(stats: &[ModelStat], measure: Measure, opts: &Options) -> [f64; 3] {
    let m = stats.len();
    let mut sum = [0.0f64; 3];
    for k in 0..m {
        let v = instance_values(&combine(stats, Some(k), opts.multi), measure, opts);
        for x in 0..3 {
            sum[x] += v[x];
        }
    }
    sum.map(|s| s / m as f64)
}

/// Evaluates a whole configuration as ROUGE-1.5.5 does. `res` must hold the stop words when
/// `opts.stopwords` and the exceptions when stemming.
pub fn evaluate(input: &RunInput, opts: &Options, res: &Resources, workers: Option<usize>) -> Result<Output> {
    opts.validate()?;
    if opts.stopwords && res.stopwords.is_none() {
        return Err(Error::value("stopwords", "-s needs the stop-word list of a ROUGE data directory"));
    }
    if opts.needs_stemmer() && res.exceptions.is_none() {
        return Err(Error::value("stem", "-m needs the WordNet exception lists of a ROUGE data directory"));
    }
    for e in &input.evals {
        if e.models.is_empty() {
            return Err(Error::Input(format!("evaluation {} has no model summaries", e.id)));
        }
        if opts.jackknife && e.models.len() < 2 {
            return Err(Error::Input(format!("evaluation {}: jackknifing needs at least 2 models", e.id)));
        }
        if let Some(&(s, _)) = e.peers.iter().find(|(s, _)| *s >= input.systems.len()) {
            return Err(Error::value("evals", format!("evaluation {} names system index {s}", e.id)));
        }
    }
    let measures = opts.measures();
    let nm = measures.len();
    // Each unit's per-instance values (R, P, F or counts, per peer and measure), computed in
    // the parallel pass too: their rounding is not free and would otherwise run serially.
    let per_eval: Vec<Result<UnitValues>> = batch::map(&input.evals, workers, |e| {
        let es = process_eval(e, opts, res, &measures)?;
        Ok(es
            .peers
            .iter()
            .map(|(system, per_measure)| {
                let values = per_measure
                    .iter()
                    .zip(&measures)
                    .map(|(st, &m)| {
                        if opts.jackknife {
                            jackknife_values(st, m, opts)
                        } else {
                            instance_values(&combine(st, None, opts.multi), m, opts)
                        }
                    })
                    .collect();
                (*system, values)
            })
            .collect())
    });
    let per_eval: Vec<UnitValues> = per_eval.into_iter().collect::<Result<_>>()?;

    let ns = input.systems.len();
    let mut items: Vec<Vec<(usize, [f64; 3])>> = vec![Vec::new(); ns * nm];
    for (ei, peers) in per_eval.iter().enumerate() {
        for (system, values) in peers {
            for (mi, &v) in values.iter().enumerate() {
                items[system * nm + mi].push((ei, v));
            }
        }
    }
    let mut warnings = Vec::new();
    for (si, name) in input.systems.iter().enumerate() {
        for e in &input.evals {
            if !e.peers.iter().any(|(s, _)| *s == si) {
                warnings.push(format!(
                    "*ROUGE Warning: test instance for peer {name} does not exist for evaluation {}",
                    e.id
                ));
            }
        }
    }

    // Instance order of computeAverages: keys "$evalID.$peerID" sorted as strings. A system has
    // the same units under every measure, so the order is computed once per system.
    let by_system: Vec<Vec<usize>> = (0..ns)
        .map(|si| {
            let its = if nm == 0 { &[][..] } else { &items[si * nm][..] };
            let name = &input.systems[si];
            let keys: Vec<String> =
                its.iter().map(|(ei, _)| format!("{}.{name}", input.evals[*ei].id)).collect();
            let mut idx: Vec<usize> = (0..its.len()).collect();
            idx.sort_by(|&a, &b| keys[a].as_bytes().cmp(keys[b].as_bytes()));
            idx
        })
        .collect();
    let sorted: Vec<&Vec<usize>> = (0..items.len()).map(|k| &by_system[k / nm]).collect();
    let mut draw_tables: FxHashMap<usize, Vec<u32>> = FxHashMap::default();
    if !opts.jackknife && opts.counting != Counting::Counts {
        for its in &items {
            draw_tables.entry(its.len()).or_insert_with(|| bootstrap::draws(its.len(), opts.resamples));
        }
    }
    let series: Vec<Series> = batch::map_range(items.len(), workers, |k| {
        let its = &items[k];
        let order = &sorted[k];
        let values: Vec<[f64; 3]> = order.iter().map(|&i| its[i].1).collect();
        let mut sum = [0.0f64; 3];
        for v in &values {
            for x in 0..3 {
                sum[x] += v[x];
            }
        }
        let n = values.len();
        let plain_mean = if n > 0 { sum.map(|s| s / n as f64) } else { [0.0; 3] };
        let summary = if opts.jackknife {
            let mut s = [0.0f64; 3];
            for (_, v) in its {
                for x in 0..3 {
                    s[x] += v[x];
                }
            }
            Summary::Mean(if n > 0 { s.map(|x| x / n as f64) } else { [0.0; 3] })
        } else if opts.counting == Counting::Counts {
            Summary::Counts(sum)
        } else {
            Summary::Interval(bootstrap::interval(
                &values,
                &draw_tables[&n],
                opts.resamples,
                opts.confidence,
                opts.counting,
                opts.alpha,
            ))
        };
        Series {
            system: k / nm,
            measure: k % nm,
            items: its.clone(),
            sorted: (*order).clone(),
            summary,
            plain_mean,
        }
    });
    Ok(Output { measures, series, warnings })
}
