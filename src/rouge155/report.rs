//! The report `ROUGE-1.5.5.pl` prints (`printResults`, `printPerEvalData`), byte for byte.
use std::cmp::Ordering;
use std::fmt::Write;

use super::bootstrap::Counting;
use super::{Measure, Options, Output, RunInput, Series, SkipUnigrams, Summary};

/// Option values exactly as given on the command line: Perl prints them verbatim
/// (`ROUGE-W-1.2`, `ROUGE-S4`, `95%-conf.int.`).
#[derive(Clone, Debug)]
pub struct Labels {
    pub weight: String,
    pub gap: String,
    pub confidence: String,
}

impl Labels {
    /// Labels as Perl would print the numbers in `opts`.
    pub fn from_options(opts: &Options) -> Labels {
        Labels {
            weight: opts.wlcs_weight.map(perl_number).unwrap_or_default(),
            gap: opts.skip_gap.map(|d| d.to_string()).unwrap_or_default(),
            confidence: perl_number(opts.confidence),
        }
    }
}

/// Perl's default stringification of a number (`%.15g`).
pub fn perl_number(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if !x.is_finite() {
        return if x.is_nan() {
            "NaN".into()
        } else if x > 0.0 {
            "Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let sci = format!("{x:.14e}");
    let (mantissa, exp) = sci.split_once('e').expect("exponent form");
    let exp: i32 = exp.parse().expect("integer exponent");
    if (-4..15).contains(&exp) {
        let fixed = format!("{:.*}", (14 - exp) as usize, x);
        trim_fraction(&fixed)
    } else {
        let m = trim_fraction(mantissa);
        format!("{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

fn trim_fraction(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// The name a measure is printed under.
pub fn measure_name(m: Measure, opts: &Options, labels: &Labels) -> String {
    match m {
        Measure::Ngram(n) => format!("ROUGE-{n}"),
        Measure::Lcs => "ROUGE-L".into(),
        Measure::Wlcs => format!("ROUGE-W-{}", labels.weight),
        Measure::Skip { unigrams } => {
            let su = if unigrams || opts.skip_unigrams == SkipUnigrams::Only { "SU" } else { "S" };
            if opts.skip_gap.unwrap_or(0) >= 0 {
                format!("ROUGE-{su}{}", labels.gap)
            } else {
                format!("ROUGE-{su}*")
            }
        }
        Measure::Be => format!("ROUGE-BE-{}", opts.be.map(|b| b.name()).unwrap_or("")),
    }
}

/// `by_evalID`: numeric on leading digits when both keys have them, else as strings (Perl
/// leaves numeric ties in hash order; they are kept in string order here). A total order: a
/// key without leading digits compares with every digit-led key by its first byte alone.
fn by_eval_id(a: &str, b: &str) -> Ordering {
    fn lead(s: &str) -> Option<f64> {
        let k = s.bytes().take_while(|c| c.is_ascii_digit()).count();
        (k > 0).then(|| s[..k].parse().unwrap_or(f64::INFINITY))
    }
    match (lead(a), lead(b)) {
        (Some(x), Some(y)) => x.total_cmp(&y).then_with(|| a.as_bytes().cmp(b.as_bytes())),
        _ => a.as_bytes().cmp(b.as_bytes()),
    }
}

/// A series' evaluations, `(eval index, values)`, in the order of the `-d` lines:
/// printPerEvalData sorts the keys `"$evalID.$peerID"` with by_evalID (ties keep string order).
pub fn per_eval_rows(series: &Series, input: &RunInput, system: &str) -> Vec<(usize, [f64; 3])> {
    let mut keyed: Vec<(String, usize, [f64; 3])> = series
        .sorted
        .iter()
        .map(|&i| {
            let (ei, v) = series.items[i];
            (format!("{}.{system}", input.evals[ei].id), ei, v)
        })
        .collect();
    keyed.sort_by(|a, b| by_eval_id(&a.0, &b.0));
    keyed.into_iter().map(|(_, ei, v)| (ei, v)).collect()
}

fn f5(x: f64) -> String {
    format!("{x:7.5}")
}

/// Renders the report; `per_eval` adds the `-d` lines. Systems are rendered in parallel (the
/// `-d` lines of a large run are many) and joined in order.
pub fn render(
    out: &Output,
    input: &RunInput,
    opts: &Options,
    labels: &Labels,
    per_eval: bool,
    workers: Option<usize>,
) -> String {
    let parts = crate::batch::map_range(input.systems.len(), workers, |si| {
        render_system(out, input, opts, labels, per_eval, si)
    });
    parts.concat()
}

fn render_system(
    out: &Output,
    input: &RunInput,
    opts: &Options,
    labels: &Labels,
    per_eval: bool,
    si: usize,
) -> String {
    let mut s = String::new();
    let nm = out.measures.len();
    let system = &input.systems[si];
    for (mi, &m) in out.measures.iter().enumerate() {
        let series = &out.series[si * nm + mi];
        let tag = measure_name(m, opts, labels);
        s.push_str("---------------------------------------------\n");
        match &series.summary {
            Summary::Interval(iv) => {
                for (x, name) in ["R", "P", "F"].iter().enumerate() {
                    let _ = writeln!(
                        s,
                        "{system} {tag} Average_{name}: {} ({}%-conf.int. {} - {})",
                        f5(iv.avg[x]),
                        labels.confidence,
                        f5(iv.low[x]),
                        f5(iv.high[x])
                    );
                }
            }
            Summary::Mean(v) => {
                for (x, name) in ["R", "P", "F"].iter().enumerate() {
                    let _ = writeln!(s, "{system} {tag} Average_{name}: {} (jackknife)", f5(v[x]));
                }
            }
            Summary::Counts(c) => {
                let _ = writeln!(
                    s,
                    "{system} {tag} M_count: {} P_count: {} H_count: {}",
                    perl_number(c[0].trunc()),
                    perl_number(c[1].trunc()),
                    perl_number(c[2].trunc())
                );
            }
        }
        if per_eval {
            s.push_str(".............................................\n");
            for (ei, v) in per_eval_rows(series, input, system) {
                let key = format!("{}.{system}", input.evals[ei].id);
                let fmt = |x: f64| {
                    if opts.counting == Counting::Macro {
                        f5(x)
                    } else {
                        perl_number(x)
                    }
                };
                let _ =
                    writeln!(s, "{system} {tag} Eval {key} R:{} P:{} F:{}", fmt(v[0]), fmt(v[1]), fmt(v[2]));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perl_number_is_percent_15g() {
        assert_eq!(perl_number(12.0), "12");
        assert_eq!(perl_number(1.2), "1.2");
        assert_eq!(perl_number(95.0), "95");
        assert_eq!(perl_number(0.1 + 0.2), "0.3");
        assert_eq!(perl_number(123.456_789_012_345_67), "123.456789012346");
        assert_eq!(perl_number(1e20), "1e+20");
        assert_eq!(perl_number(0.00001234), "1.234e-05");
    }

    #[test]
    fn eval_ids_sort_numerically_on_leading_digits() {
        let mut v = vec!["10.A", "9.A", "1.A", "D061.A", "D05.A"];
        v.sort_by(|a, b| by_eval_id(a, b));
        assert_eq!(v, ["1.A", "9.A", "10.A", "D05.A", "D061.A"]);
    }
}
