//! The `ROUGE-1.5.5.pl` command line: its options parsed as Perl's `Getopt::Std` parses them,
//! the configuration read, the report printed byte for byte.
//!
//! One implementation serves `rougebleu rouge155` (through the Python binding) and the native
//! `rouge155` binary. Callers such as pyrouge run the command once per evaluation, so nothing
//! here may be slow to start: a bare process does the whole job in a few milliseconds.
use std::io::Write;
use std::path::Path;

use rustc_hash::FxHashMap;

use super::be::BeMode;
use super::bootstrap::Counting;
use super::config::{quoted, read_config};
use super::data::{self, Resources};
use super::report::{self, Labels};
use super::text::Limit;
use super::{evaluate, MultiRef, Options, RunInput, SkipUnigrams};
use crate::batch::resolve_workers;
use crate::error::{Error, Result};
use crate::limits::{MAX_BOOTSTRAP, MAX_NGRAM_ORDER};
use crate::options::Vocabulary;

/// The options-and-arguments help, `-h`.
pub fn usage(prog: &str) -> String {
    format!(
        "usage: {prog} [options] CONFIG [systemID]

Scores summaries exactly as ROUGE-1.5.5.pl does and prints its report.
CONFIG is a ROUGE XML evaluation file, or with -z a list of 'peer model1 ... modelN' lines.
systemID selects the system (peer ID) to evaluate; -a evaluates all of them.

options (as in ROUGE-1.5.5):
  -a          evaluate every system in CONFIG
  -c CF       confidence level of the bootstrap interval, 0..100 (default 95)
  -d          also print the per-evaluation R, P, F
  -e DIR      ROUGE data directory (smart_common_words.txt, WordNet-2.0-Exceptions/*.exc);
              default $ROUGE_EVAL_HOME, else the current directory; needed by -m, -M and -s
  -n N        compute ROUGE-1 .. ROUGE-N
  -x          do not compute ROUGE-L
  -w W        compute ROUGE-W with f(k) = k^W (W > 1, typically 1.2)
  -2 D        compute ROUGE-S with at most D words between the two (negative: no limit)
  -u          with -2: report ROUGE-SU (skip-bigrams plus unigrams) instead of ROUGE-S
  -U          with -2: report both ROUGE-S and ROUGE-SU
  -3 MODE     Basic Elements scoring, MODE one of H, HM, HMR, HM1, HMR1, HMR2 (disables ROUGE-L)
  -m          stem with Porter's stemmer and the WordNet 2.0 exception list
  -M          stem the model summaries only
  -s          remove the SMART stop words
  -l N        use only the first N words of each summary
  -b N        use only the first N bytes of each summary
  -f A|B      several models: A pools their counts (default), B keeps the best model
  -p ALPHA    F-measure weight 0..1: F = PR / ((1-ALPHA)P + ALPHA R) (default 0.5)
  -t 0|1|2    0 average per evaluation unit (default), 1 per token (corpus counts),
              2 print the raw counts
  -r N        number of bootstrap resamples (default 1000)
  -z FORMAT   CONFIG is a file list of SEE, SPL, ISI or SIMPLE summaries
  -v          accepted and ignored (ROUGE-1.5.5's debugging output is not reproduced)
  -h, -H      print this help

options of rougebleu:
  --json          print the scores as JSON (unrounded, with the signature and version,
                  and every unit's values as -d gives them) instead of ROUGE-1.5.5's report
  --version       print rougebleu's version and the ROUGE-1.5.5 version it reproduces
  --help          print this help
  --jackknife     leave-one-out over the models (DUC's estimate of human performance):
                  each unit scores the mean of its scores with one model left out;
                  the averages are plain means (no interval)
  --workers N     threads (default: all cores; 1 = serial); results do not depend on it
"
    )
}

const FLAGS: &str = "ahHdmMsuUvx";
const WITH_VALUE: &str = "bceflnptr23wz";

/// A command line that ROUGE-1.5.5 would not accept, or that would make it compute nonsense
/// (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

fn usage_err<T>(msg: impl Into<String>) -> std::result::Result<T, UsageError> {
    Err(UsageError(msg.into()))
}

/// What a valid command line asks for.
#[derive(Debug, Clone)]
pub struct Invocation {
    pub config: String,
    pub system: Option<String>,
    /// `-a` (ignored with `-z`, whose list has one system).
    pub all: bool,
    pub list_format: Option<String>,
    /// `-d`
    pub per_eval: bool,
    /// `-e`
    pub data_dir: Option<String>,
    /// The option values as typed, which the report prints.
    pub labels: Labels,
    pub opts: Options,
    pub workers: Option<i64>,
    /// `--json`: the JSON document instead of the report.
    pub json: bool,
}

#[derive(Debug, Clone)]
pub enum Command {
    Help,
    Version,
    Run(Box<Invocation>),
}

type Opts = FxHashMap<char, Option<String>>;

/// `Getopt::Std`'s `getopts` with ROUGE-1.5.5's option string: single-letter options, bundling
/// (`-am`), values attached (`-n4`) or separate (`-2 -1`), options only before the first
/// argument, `--` ends them, a repeated option keeps its last value.
fn getopts(argv: &[String]) -> std::result::Result<(Opts, Vec<String>), UsageError> {
    let mut opts = Opts::default();
    let mut args: std::collections::VecDeque<String> = argv.iter().cloned().collect();
    while let Some(a) = args.front() {
        if a.chars().count() < 2 || !a.starts_with('-') {
            break;
        }
        if a == "--" {
            args.pop_front();
            break;
        }
        let mut chars = a.chars();
        chars.next();
        let first = chars.next().expect("at least two characters");
        let rest: String = chars.collect();
        if WITH_VALUE.contains(first) {
            args.pop_front();
            let value = if rest.is_empty() {
                match args.pop_front() {
                    Some(v) => v,
                    None => return usage_err(format!("option -{first} needs a value")),
                }
            } else {
                rest
            };
            opts.insert(first, Some(value));
        } else if FLAGS.contains(first) {
            opts.insert(first, None);
            if rest.is_empty() {
                args.pop_front();
            } else {
                args[0] = format!("-{rest}");
            }
        } else {
            return usage_err(format!("unknown option -{first}"));
        }
    }
    Ok((opts, args.into()))
}

fn flag(opts: &Opts, key: char) -> bool {
    opts.contains_key(&key)
}

fn value(opts: &Opts, key: char) -> Option<&str> {
    opts.get(&key).and_then(|v| v.as_deref())
}

/// The number types options take, and how a message names each.
trait OptionNumber: std::str::FromStr {
    const KIND: &'static str;
}

impl OptionNumber for f64 {
    const KIND: &'static str = "a number";
}

impl OptionNumber for i64 {
    const KIND: &'static str = "an integer";
}

/// A number option: `-{key} {raw}: ...` when it does not parse or fails `check`.
fn number<T: OptionNumber>(
    opts: &Opts,
    key: char,
    what: &str,
    check: impl Fn(&T) -> bool,
    msg: &str,
) -> std::result::Result<Option<T>, UsageError> {
    let Some(raw) = value(opts, key) else { return Ok(None) };
    let Ok(v) = raw.trim().parse::<T>() else {
        return usage_err(format!("-{key} {raw}: {what} must be {}", T::KIND));
    };
    if !check(&v) {
        return usage_err(format!("-{key} {raw}: {msg}"));
    }
    Ok(Some(v))
}

/// The command line (without the program name).
pub fn parse_args(argv: &[String]) -> std::result::Result<Command, UsageError> {
    let mut jackknife = false;
    let mut json = false;
    let mut workers = None;
    let mut rest = Vec::new();
    let mut i = 0;
    while i < argv.len() {
        let a = &argv[i];
        if a == "--jackknife" {
            jackknife = true;
        } else if a == "--json" {
            json = true;
        } else if a == "--help" {
            return Ok(Command::Help);
        } else if a == "--version" {
            return Ok(Command::Version);
        } else if a == "--workers" || a.starts_with("--workers=") {
            let val = if a == "--workers" {
                i += 1;
                match argv.get(i) {
                    Some(v) => v.as_str(),
                    None => return usage_err("--workers needs a value"),
                }
            } else {
                &a["--workers=".len()..]
            };
            match val.trim().parse::<i64>() {
                Ok(n) => workers = Some(n),
                Err(_) => return usage_err(format!("--workers {val}: must be an integer")),
            }
        } else if a.starts_with("--") && a != "--" {
            return usage_err(format!("unknown option {a}"));
        } else {
            rest.push(a.clone());
        }
        i += 1;
    }
    let (opts, args) = getopts(&rest)?;
    if flag(&opts, 'h') || flag(&opts, 'H') {
        return Ok(Command::Help);
    }
    if args.is_empty() {
        return usage_err("give the ROUGE configuration file (see -h)");
    }
    if args.len() > 2 {
        return usage_err(format!("unexpected arguments after CONFIG and systemID: {}", args[2..].join(" ")));
    }
    if flag(&opts, 'l') && flag(&opts, 'b') {
        return usage_err("give a length limit in words (-l) or in bytes (-b), not both");
    }
    let confidence = number::<f64>(
        &opts,
        'c',
        "the confidence level",
        |v| (0.0..=100.0).contains(v),
        "must be within 0..100",
    )?;
    let ngram = number::<i64>(
        &opts,
        'n',
        "the n-gram size",
        |&v| (1..=MAX_NGRAM_ORDER as i64).contains(&v),
        "the n-gram size must be from 1 to 100",
    )?;
    let weight = number::<f64>(
        &opts,
        'w',
        "the ROUGE-W weight",
        |&v| v > 1.0 && v.is_finite(),
        "ROUGE-W needs a weight greater than 1",
    )?;
    let gap = number::<i64>(&opts, '2', "the skip distance", |_| true, "")?;
    let alpha = number::<f64>(&opts, 'p', "alpha", |v| (0.0..=1.0).contains(v), "alpha must be within 0..1")?;
    let resamples = number::<i64>(
        &opts,
        'r',
        "the number of resamples",
        |&v| (1..=MAX_BOOTSTRAP as i64).contains(&v),
        "needs 1 to 10000000 resamples",
    )?;
    let words =
        number::<i64>(&opts, 'l', "the word limit", |&v| v >= 0, "the word limit cannot be negative")?;
    let nbytes =
        number::<i64>(&opts, 'b', "the byte limit", |&v| v >= 0, "the byte limit cannot be negative")?;
    let counting = match value(&opts, 't').unwrap_or("0") {
        "0" => Counting::Macro,
        "1" => Counting::Micro,
        "2" => Counting::Counts,
        t => return usage_err(format!("-t {t}: must be 0, 1 or 2")),
    };
    let f = value(&opts, 'f').unwrap_or("A");
    let Ok(multi) = MultiRef::parse(f) else {
        return usage_err(format!("-f {f}: must be A (model average) or B (best model)"));
    };
    let be = match value(&opts, '3') {
        None => None,
        Some(m) => match BeMode::parse(m) {
            Ok(b) => Some(b),
            Err(_) => return usage_err(format!("-3 {m}: must be one of H, HM, HMR, HM1, HMR1, HMR2")),
        },
    };
    let list_format = value(&opts, 'z').map(str::to_string);
    if let Some(z) = &list_format {
        if !["SEE", "SPL", "ISI", "SIMPLE"].contains(&z.to_uppercase().as_str()) {
            return usage_err(format!("-z {z}: must be SEE, SPL, ISI or SIMPLE"));
        }
    }
    if flag(&opts, 'm') && flag(&opts, 'M') {
        return usage_err("-M (stem models only) cannot be combined with -m");
    }
    let skip_unigrams = if flag(&opts, 'u') {
        SkipUnigrams::Only
    } else if flag(&opts, 'U') {
        SkipUnigrams::Both
    } else {
        SkipUnigrams::No
    };
    let system = args.get(1).cloned();
    if list_format.is_none() && !flag(&opts, 'a') && system.is_none() {
        return usage_err("give a system ID to evaluate, or -a to evaluate all systems");
    }
    let limit = match (words.unwrap_or(0), nbytes.unwrap_or(0)) {
        (0, 0) => Limit::None,
        (w, 0) => Limit::Words(w as usize),
        (_, b) => Limit::Bytes(b as usize),
    };
    let opts_out = Options {
        max_ngram: ngram.unwrap_or(0) as usize,
        lcs: !flag(&opts, 'x'),
        wlcs_weight: weight,
        skip_gap: gap,
        skip_unigrams,
        be,
        stem: flag(&opts, 'm'),
        stem_models_only: flag(&opts, 'M'),
        stopwords: flag(&opts, 's'),
        limit,
        multi,
        alpha: alpha.unwrap_or(0.5),
        counting,
        resamples: resamples.unwrap_or(1000) as usize,
        confidence: confidence.unwrap_or(95.0),
        jackknife,
    };
    let labels = Labels {
        weight: value(&opts, 'w').unwrap_or("").to_string(),
        gap: value(&opts, '2').unwrap_or("").to_string(),
        confidence: value(&opts, 'c').unwrap_or("95").to_string(),
    };
    Ok(Command::Run(Box::new(Invocation {
        config: args[0].clone(),
        system,
        all: flag(&opts, 'a') && list_format.is_none(),
        list_format,
        per_eval: flag(&opts, 'd'),
        data_dir: value(&opts, 'e').map(str::to_string),
        labels,
        opts: opts_out,
        workers,
        json,
    })))
}

/// ROUGE-1.5.5's data directory and where it came from: `-e`, `$ROUGE_EVAL_HOME`,
/// `$RED_EVAL_HOME`, else the current directory.
pub fn default_data_dir(explicit: Option<&str>) -> (String, String) {
    if let Some(dir) = explicit {
        return (dir.to_string(), "-e".into());
    }
    for var in ["ROUGE_EVAL_HOME", "RED_EVAL_HOME"] {
        if let Some(v) = std::env::var_os(var) {
            return (v.to_string_lossy().into_owned(), format!("${var}"));
        }
    }
    (".".into(), "the current directory (no -e, no $ROUGE_EVAL_HOME)".into())
}

/// The stop words and exceptions the options need, from the data directory.
pub fn load_resources(opts: &Options, data_dir: Option<&str>) -> Result<Resources> {
    let need_exc = opts.needs_stemmer();
    if !(opts.stopwords || need_exc) {
        return Ok(Resources::default());
    }
    let (dir, origin) = default_data_dir(data_dir);
    if !Path::new(&dir).is_dir() {
        return Err(Error::Config(format!(
            "ROUGE data directory {} (from {origin}) does not exist",
            quoted(&dir)
        )));
    }
    data::load(Path::new(&dir), opts.stopwords, need_exc)
}

/// Runs a parsed command line: warnings to `err`, the report to `out`.
pub fn run(inv: &Invocation, out: &mut dyn Write, err: &mut dyn Write) -> Result<()> {
    inv.opts.validate()?;
    let res = load_resources(&inv.opts, inv.data_dir.as_deref())?;
    let workers = resolve_workers(inv.workers)?;
    let system_id = inv.system.as_deref().unwrap_or("X");
    let config = read_config(&inv.config, inv.list_format.as_deref(), system_id)?;
    let systems = if inv.all {
        let mut s = config.systems.clone();
        s.sort();
        s
    } else {
        if !config.evals.iter().any(|u| u.has_peer(system_id)) {
            let mut known = config.systems.clone();
            known.sort();
            known.truncate(20);
            return Err(Error::Config(format!(
                "{}: no peer with ID {} (peer IDs: {})",
                inv.config,
                quoted(system_id),
                known.join(", ")
            )));
        }
        vec![system_id.to_string()]
    };
    let input = RunInput { evals: config.eval_inputs(&systems), systems };
    let result = evaluate(&input, &inv.opts, &res, workers)?;
    let io = |e: std::io::Error| Error::Input(format!("cannot write the report: {e}"));
    for w in &result.warnings {
        writeln!(err, "{w}").map_err(io)?;
    }
    let text = match inv.json {
        true => super::json::render(&result, &input, &inv.opts, &inv.labels),
        false => report::render(&result, &input, &inv.opts, &inv.labels, inv.per_eval, workers),
    };
    out.write_all(text.as_bytes()).map_err(io)?;
    out.flush().map_err(io)
}

/// The whole command: returns the exit status (0 done, 1 error, 2 usage error).
pub fn main(prog: &str, argv: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    // A failed write to stderr leaves nothing better to do than the exit status.
    match parse_args(argv) {
        Err(UsageError(msg)) => {
            let _ = write!(err, "{prog}: error: {msg}\n(see {prog} -h)\n");
            2
        }
        Ok(Command::Help) => match out.write_all(usage(prog).as_bytes()).and_then(|_| out.flush()) {
            Ok(()) => 0,
            Err(_) => 1,
        },
        Ok(Command::Version) => {
            let text = format!("{prog} {} (the numbers and report of ROUGE-1.5.5)\n", super::json::VERSION);
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => 0,
                Err(_) => 1,
            }
        }
        // A table too large for the memory left ends the run with an error, not an abort.
        Ok(Command::Run(inv)) => match crate::memory::catch(|| run(&inv, out, err)).and_then(|r| r) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(err, "{prog}: error: {e}");
                1
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn usage_error(s: &str) -> String {
        match parse_args(&args(s)) {
            Err(UsageError(m)) => m,
            Ok(_) => panic!("{s:?} parsed"),
        }
    }

    #[test]
    fn getopts_bundles_and_attaches_values() {
        let Command::Run(inv) = parse_args(&args("-am -n4 -2 -1 -U -w 1.2 c.xml")).unwrap() else { panic!() };
        assert!(inv.all && inv.opts.stem);
        assert_eq!((inv.opts.max_ngram, inv.opts.skip_gap), (4, Some(-1)));
        assert_eq!(inv.opts.skip_unigrams, SkipUnigrams::Both);
        assert_eq!((inv.labels.weight.as_str(), inv.labels.confidence.as_str()), ("1.2", "95"));
        assert_eq!(inv.config, "c.xml");
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        assert_eq!(usage_error("-q c.xml S1"), "unknown option -q");
        assert_eq!(usage_error("-w x -a c.xml"), "-w x: the ROUGE-W weight must be a number");
        assert_eq!(usage_error("-n 0 -a c.xml"), "-n 0: the n-gram size must be from 1 to 100");
        assert_eq!(usage_error("-n 101 -a c.xml"), "-n 101: the n-gram size must be from 1 to 100");
        assert_eq!(usage_error("-r 0 -a c.xml"), "-r 0: needs 1 to 10000000 resamples");
        assert_eq!(usage_error("-n -2 -a c.xml"), "-n -2: the n-gram size must be from 1 to 100");
        assert_eq!(usage_error("-2 1.5 -a c.xml"), "-2 1.5: the skip distance must be an integer");
        assert_eq!(usage_error("-n"), "option -n needs a value");
        assert_eq!(usage_error("c.xml"), "give a system ID to evaluate, or -a to evaluate all systems");
    }

    #[test]
    fn help_wins() {
        assert!(matches!(parse_args(&args("-h c.xml")), Ok(Command::Help)));
        let mut out = Vec::new();
        assert_eq!(main("rouge155", &args("-H"), &mut out, &mut Vec::new()), 0);
        assert!(String::from_utf8(out).unwrap().starts_with("usage: rouge155 [options]"));
    }
}
