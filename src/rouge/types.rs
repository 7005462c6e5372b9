//! Rouge type names, as rouge_score spells them.
use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RougeType {
    /// `rouge1` .. `rouge9`: clipped n-gram overlap of the whole texts.
    N(usize),
    /// `rougeL`: LCS of the whole token sequences.
    L,
    /// `rougeLsum`: summary-level union LCS over newline-separated sentences.
    Lsum,
}

impl RougeType {
    /// Parse a rouge_score type name: `rouge1`..`rouge9`, `rougeL`, `rougeLsum`.
    pub fn parse(name: &str) -> Result<RougeType> {
        match name {
            "rougeL" => return Ok(RougeType::L),
            "rougeLsum" => return Ok(RougeType::Lsum),
            _ => {}
        }
        if let Some(digits) = name.strip_prefix("rouge") {
            if digits.len() == 1 && digits.as_bytes()[0].is_ascii_digit() {
                let n = (digits.as_bytes()[0] - b'0') as usize;
                if n == 0 {
                    return Err(Error::value(
                        "rouge_types",
                        format!("rougen requires positive n: {name}"),
                    ));
                }
                return Ok(RougeType::N(n));
            }
        }
        Err(Error::value(
            "rouge_types",
            format!("invalid rouge type {name:?}; expected rouge1..rouge9, rougeL or rougeLsum"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rouge_score_names() {
        assert_eq!(RougeType::parse("rouge1").unwrap(), RougeType::N(1));
        assert_eq!(RougeType::parse("rouge9").unwrap(), RougeType::N(9));
        assert_eq!(RougeType::parse("rougeL").unwrap(), RougeType::L);
        assert_eq!(RougeType::parse("rougeLsum").unwrap(), RougeType::Lsum);
        for bad in [
            "rouge0", "rouge10", "rougeX", "rouge", "ROUGE1", "rougel", "",
        ] {
            assert!(RougeType::parse(bad).is_err(), "{bad}");
        }
    }
}
