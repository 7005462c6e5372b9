//! Rouge type names: rouge_score's (`rouge1`..`rouge9`, `rougeL`, `rougeLsum`) and the rest of
//! Lin (2004)'s family as papers write them.
//!
//! Grammar (case-sensitive):
//! - `rouge<n>`: ROUGE-N, `1 <= n <= 100` without leading zeros (`rouge1`, `rouge2`, ..., `rouge12`).
//! - `rougeL`: LCS of the whole texts; `rougeLsum`: summary-level union LCS over `\n` sentences.
//! - `rougeW` or `rougeW-<w>`: weighted LCS with `f(k) = k^w`, `1 < w <= 30` (`rougeW` =
//!   `rougeW-1.2`; the bound keeps `k^w` finite).
//! - `rougeS<d>` / `rougeSU<d>`: skip-bigrams with at most `d >= 0` tokens between the two words
//!   (`rougeS4`), plus unigrams for SU; `rougeS*` / `rougeSU*` (or `rougeS` / `rougeSU`): any gap.
//!   Any `d` is accepted; one beyond `usize` is the unlimited gap, as is any `d` >= a text's length.
use crate::error::{Error, Result};
use crate::kernels::skip_bigram::SkipDistance;
use crate::limits::{MAX_NGRAM_ORDER, MAX_WLCS_WEIGHT};

/// ROUGE-W's default weight (ROUGE-1.5.5's usual `-w 1.2`).
pub const DEFAULT_W: f64 = 1.2;

/// The rouge types computed when none are named (`rouge()`, `rouge_corpus()`, `rougebleu rouge`):
/// the four that papers using rouge_score report.
pub const DEFAULT_TYPES: [&str; 4] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RougeType {
    /// Clipped n-gram overlap of the whole texts (Lin 2004 §2).
    N(usize),
    /// LCS of the whole token sequences (Lin 2004 §3.1).
    L,
    /// Summary-level union LCS over newline-separated sentences (Lin 2004 §3.2).
    Lsum,
    /// Weighted LCS with `f(k) = k^w` (Lin 2004 §3.3).
    W(f64),
    /// Skip-bigrams (Lin 2004 §5).
    S(SkipDistance),
    /// Skip-bigrams plus unigrams (Lin 2004 §5.1).
    SU(SkipDistance),
}

fn invalid(name: &str, why: &str) -> Error {
    Error::value(
        "rouge_types",
        format!(
            "invalid rouge type {name:?}: {why}; expected rouge<n> (1 <= n <= 100), rougeL, rougeLsum, \
             rougeW-<w> (1 < w <= 30), rougeS<d>, rougeSU<d> (d >= 0) or rougeS*, rougeSU*"
        ),
    )
}

fn parse_skip(name: &str, spec: &str) -> Result<SkipDistance> {
    if spec.is_empty() || spec == "*" {
        return Ok(SkipDistance::Unlimited);
    }
    if !spec.bytes().all(|b| b.is_ascii_digit()) || (spec.len() > 1 && spec.starts_with('0')) {
        return Err(invalid(name, "the skip distance must be a non-negative integer or *"));
    }
    // Any distance is accepted: one at least as long as any text is the unlimited gap.
    Ok(spec.parse::<usize>().map_or(SkipDistance::Unlimited, SkipDistance::Max))
}

impl RougeType {
    pub fn parse(name: &str) -> Result<RougeType> {
        let Some(rest) = name.strip_prefix("rouge") else {
            return Err(invalid(name, "names start with 'rouge'"));
        };
        match rest {
            "L" => return Ok(RougeType::L),
            "Lsum" => return Ok(RougeType::Lsum),
            "W" => return Ok(RougeType::W(DEFAULT_W)),
            _ => {}
        }
        if let Some(spec) = rest.strip_prefix("SU") {
            return parse_skip(name, spec).map(RougeType::SU);
        }
        if let Some(spec) = rest.strip_prefix('S') {
            return parse_skip(name, spec).map(RougeType::S);
        }
        if let Some(spec) = rest.strip_prefix("W-") {
            let w: f64 =
                spec.parse().map_err(|_| invalid(name, "the weight after 'rougeW-' must be a number"))?;
            if w.is_nan() || w <= 1.0 || w > MAX_WLCS_WEIGHT {
                return Err(invalid(name, "ROUGE-W needs a weight 1 < w <= 30 (k^w must stay finite)"));
            }
            return Ok(RougeType::W(w));
        }
        if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
            if rest.starts_with('0') {
                return Err(Error::value("rouge_types", format!("rougen requires positive n: {name}")));
            }
            return match rest.parse::<usize>() {
                Ok(n) if n <= MAX_NGRAM_ORDER => Ok(RougeType::N(n)),
                _ => Err(invalid(name, "n must be at most 100")),
            };
        }
        Err(invalid(name, "unknown rouge type"))
    }

    /// rouge_score returns Python int zeros for these when a text has no tokens.
    pub fn int_zero_when_empty(&self) -> bool {
        matches!(self, RougeType::L | RougeType::Lsum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SkipDistance::{Max, Unlimited};

    #[test]
    fn parses_rouge_score_names() {
        assert_eq!(RougeType::parse("rouge1").unwrap(), RougeType::N(1));
        assert_eq!(RougeType::parse("rouge9").unwrap(), RougeType::N(9));
        assert_eq!(RougeType::parse("rouge12").unwrap(), RougeType::N(12));
        assert_eq!(RougeType::parse("rougeL").unwrap(), RougeType::L);
        assert_eq!(RougeType::parse("rougeLsum").unwrap(), RougeType::Lsum);
    }

    #[test]
    fn parses_the_rest_of_the_family() {
        assert_eq!(RougeType::parse("rougeW").unwrap(), RougeType::W(1.2));
        assert_eq!(RougeType::parse("rougeW-1.5").unwrap(), RougeType::W(1.5));
        assert_eq!(RougeType::parse("rougeS4").unwrap(), RougeType::S(Max(4)));
        assert_eq!(RougeType::parse("rougeS0").unwrap(), RougeType::S(Max(0)));
        assert_eq!(RougeType::parse("rougeSU4").unwrap(), RougeType::SU(Max(4)));
        assert_eq!(RougeType::parse("rougeS*").unwrap(), RougeType::S(Unlimited));
        assert_eq!(RougeType::parse("rougeSU*").unwrap(), RougeType::SU(Unlimited));
        assert_eq!(RougeType::parse("rougeS").unwrap(), RougeType::S(Unlimited));
        assert_eq!(RougeType::parse("rouge100").unwrap(), RougeType::N(100));
        assert_eq!(RougeType::parse("rougeW-30").unwrap(), RougeType::W(30.0));
        // Distances beyond usize are the unlimited gap; representable ones are kept.
        assert_eq!(RougeType::parse("rougeS18446744073709551616").unwrap(), RougeType::S(Unlimited));
        assert_eq!(RougeType::parse("rougeS18446744073709551615").unwrap(), RougeType::S(Max(usize::MAX)));
    }

    #[test]
    fn rejects_malformed_names() {
        for bad in [
            "rouge0",
            "rouge01",
            "rougeX",
            "rouge",
            "ROUGE1",
            "rougel",
            "",
            "rougeW-1",
            "rougeW-0.5",
            "rougeW-x",
            "rougeW1.2",
            "rougeS4.5",
            "rougeS-1",
            "rougeSU 4",
            "rougeLSum",
            "rouge-1",
            "rouge101",
            "rouge18446744073709551616",
            "rougeW-30.5",
            "rougeW-1e400",
        ] {
            assert!(RougeType::parse(bad).is_err(), "{bad}");
        }
    }
}
