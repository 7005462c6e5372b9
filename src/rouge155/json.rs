//! What `rouge155 --json` prints, and the ROUGE-1.5.5 mode's reproducibility signature.
//!
//! The signature follows the one grammar of every rougebleu signature (`docs/signatures.md`):
//! `key:value|...|version:ROUGE-1.5.5+rougebleu-<version>`, naming every option that can change
//! a number. The JSON holds each system's averages (and intervals) unrounded, each evaluation's
//! values (what `-d` prints), the signature and the version; the text report stays
//! ROUGE-1.5.5's, byte for byte.
use std::fmt::Write;

use super::bootstrap::Counting;
use super::report::{measure_name, per_eval_rows, perl_number, Labels};
use super::text::Limit;
use super::{Options, Output, RunInput, Series, Summary};
use crate::options::Vocabulary;

/// rougebleu's version, as the Python package reports it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The version field: ROUGE-1.5.5's numbers, computed by rougebleu.
pub fn version_field() -> String {
    format!("ROUGE-1.5.5+rougebleu-{VERSION}")
}

/// Every option of `opts` that can change a number, in the documented order.
pub fn signature(opts: &Options) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut fields: Vec<(&str, String)> =
        vec![("n", opts.max_ngram.to_string()), ("l", yes(opts.lcs).into())];
    if let Some(w) = opts.wlcs_weight {
        fields.push(("w", perl_number(w)));
    }
    if let Some(gap) = opts.skip_gap {
        fields.push(("s", if gap < 0 { "*".into() } else { gap.to_string() }));
        fields.push(("su", opts.skip_unigrams.name().into()));
    }
    if let Some(be) = opts.be {
        fields.push(("be", be.name().into()));
    }
    let stem = match (opts.stem, opts.stem_models_only) {
        (_, true) => "models",
        (true, false) => "yes",
        (false, false) => "no",
    };
    fields.push(("stem", stem.into()));
    fields.push(("stop", yes(opts.stopwords).into()));
    let limit = match opts.limit {
        Limit::None => "none".to_string(),
        Limit::Words(n) => format!("w{n}"),
        Limit::Bytes(n) => format!("b{n}"),
    };
    fields.push(("limit", limit));
    fields.push(("multi", opts.multi.name().into()));
    fields.push(("alpha", perl_number(opts.alpha)));
    fields.push(("t", opts.counting.name().into()));
    fields.push(("jk", yes(opts.jackknife).into()));
    // The interval's settings, where one is computed.
    if opts.counting != Counting::Counts && !opts.jackknife {
        fields.push(("bs", opts.resamples.to_string()));
        fields.push(("ci", perl_number(opts.confidence)));
    }
    let mut s: Vec<String> = fields.into_iter().map(|(k, v)| format!("{k}:{v}")).collect();
    s.push(format!("version:{}", version_field()));
    s.join("|")
}

fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A number as JSON writes it: the shortest text that reads back as the same double; NaN and
/// infinities (never produced by the scores) as null.
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        "null".into()
    }
}

fn triple(keys: [&str; 3], v: [f64; 3], suffix: &str, out: &mut Vec<String>) {
    for (k, x) in keys.iter().zip(v) {
        out.push(format!("{}: {}", string(&format!("{k}{suffix}")), number(x)));
    }
}

/// Each evaluation's values of one system and measure, what the `-d` lines print, in their
/// order: `{"id": evalID, "R", "P", "F"}` (each rounded to 5 decimals as ROUGE-1.5.5 rounds it
/// before averaging), or with `-t 1`/`-t 2` the unit's counts.
fn evaluations(series: &Series, input: &RunInput, system: &str, opts: &Options) -> String {
    let keys = match opts.counting {
        Counting::Macro => ["R", "P", "F"],
        Counting::Micro | Counting::Counts => ["model_count", "peer_count", "hit_count"],
    };
    let rows: Vec<String> = per_eval_rows(series, input, system)
        .into_iter()
        .map(|(ei, v)| {
            let mut fields = vec![format!("\"id\": {}", string(&input.evals[ei].id))];
            triple(keys, v, "", &mut fields);
            format!("{{{}}}", fields.join(", "))
        })
        .collect();
    rows.join(", ")
}

/// The JSON document of a run: version, signature, and per system and measure the averages
/// (with `_low`/`_high` interval ends), the jackknife means, or with `-t 2` the summed counts,
/// and under `evaluations` each evaluation's values (the `-d` lines, with or without `-d`).
pub fn render(out: &Output, input: &RunInput, opts: &Options, labels: &Labels) -> String {
    let nm = out.measures.len();
    let mut systems = Vec::new();
    for (si, system) in input.systems.iter().enumerate() {
        let mut measures = Vec::new();
        for (mi, &m) in out.measures.iter().enumerate() {
            let mut fields = Vec::new();
            let series = &out.series[si * nm + mi];
            match &series.summary {
                Summary::Interval(iv) => {
                    triple(["R", "P", "F"], iv.avg, "", &mut fields);
                    triple(["R", "P", "F"], iv.low, "_low", &mut fields);
                    triple(["R", "P", "F"], iv.high, "_high", &mut fields);
                }
                Summary::Mean(v) => triple(["R", "P", "F"], *v, "", &mut fields),
                Summary::Counts(c) => triple(["model_count", "peer_count", "hit_count"], *c, "", &mut fields),
            }
            fields.push(format!("\"evaluations\": [{}]", evaluations(series, input, system, opts)));
            measures.push(format!(
                "    {}: {{{}}}",
                string(&measure_name(m, opts, labels)),
                fields.join(", ")
            ));
        }
        systems.push(format!(
            "  {{\"name\": {}, \"scores\": {{\n{}\n  }}}}",
            string(system),
            measures.join(",\n")
        ));
    }
    format!(
        "{{\n \"version\": {},\n \"signature\": {},\n \"evaluations\": {},\n \"systems\": [\n{}\n ]\n}}\n",
        string(&format!("rougebleu {VERSION}")),
        string(&signature(opts)),
        input.evals.len(),
        systems.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rouge155::{MultiRef, SkipUnigrams};

    #[test]
    fn every_setting_changes_the_signature() {
        let base = Options { max_ngram: 2, ..Options::default() };
        let variants = [
            Options { max_ngram: 4, ..base.clone() },
            Options { lcs: false, ..base.clone() },
            Options { wlcs_weight: Some(1.2), ..base.clone() },
            Options { skip_gap: Some(4), ..base.clone() },
            Options { skip_gap: Some(-1), ..base.clone() },
            Options { skip_gap: Some(4), skip_unigrams: SkipUnigrams::Only, ..base.clone() },
            Options { be: Some(crate::rouge155::be::BeMode::HM), ..base.clone() },
            Options { stem: true, ..base.clone() },
            Options { stem_models_only: true, ..base.clone() },
            Options { stopwords: true, ..base.clone() },
            Options { limit: Limit::Words(100), ..base.clone() },
            Options { limit: Limit::Bytes(100), ..base.clone() },
            Options { multi: MultiRef::Best, ..base.clone() },
            Options { alpha: 0.2, ..base.clone() },
            Options { counting: Counting::Micro, ..base.clone() },
            Options { counting: Counting::Counts, ..base.clone() },
            Options { jackknife: true, ..base.clone() },
            Options { resamples: 10, ..base.clone() },
            Options { confidence: 90.0, ..base.clone() },
        ];
        let mut seen = vec![signature(&base)];
        assert_eq!(
            seen[0],
            format!(
                "n:2|l:yes|stem:no|stop:no|limit:none|multi:A|alpha:0.5|t:macro|jk:no|bs:1000|ci:95|version:ROUGE-1.5.5+rougebleu-{VERSION}"
            )
        );
        for v in &variants {
            let s = signature(v);
            assert!(!seen.contains(&s), "{s}");
            seen.push(s);
        }
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\"");
        assert_eq!(number(0.1), "0.1");
        assert_eq!(number(f64::NAN), "null");
    }
}
