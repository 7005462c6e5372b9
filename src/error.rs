//! The one error type of the crate. The Python layer maps each variant to an exception.
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// An argument has an invalid value: the argument name and what is wrong.
    Value { arg: &'static str, msg: String },
    /// An input file could not be read or parsed.
    Input(String),
    /// A ROUGE-1.5.5 configuration (or its data directory) cannot be read or does not describe
    /// an evaluation; the message names the file and line.
    Config(String),
    /// A result or table of this many bytes cannot be allocated (the process had `available`
    /// bytes of memory available, where the platform says); the message names it, and `advice`
    /// (if any) says what to do instead.
    Memory { what: String, bytes: u128, available: Option<u128>, advice: &'static str },
}

impl Error {
    pub fn value(arg: &'static str, msg: impl Into<String>) -> Self {
        Error::Value { arg, msg: msg.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A message that already opens with the argument's name needs no prefix.
            Error::Value { arg, msg } if msg.strip_prefix(arg).is_some_and(|m| m.starts_with(' ')) => {
                f.write_str(msg)
            }
            Error::Value { arg, msg } => write!(f, "{arg}: {msg}"),
            Error::Input(msg) | Error::Config(msg) => f.write_str(msg),
            Error::Memory { what, bytes, available, advice } => {
                write!(f, "{what}: cannot allocate {bytes} bytes")?;
                if let Some(a) = available {
                    write!(f, " ({a} bytes of memory available)")?;
                }
                f.write_str(advice)
            }
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// The check that two arguments going pair by pair (`first[i]` with `second[i]`) are as long.
pub fn check_same_length(first: &'static str, a: usize, second: &'static str, b: usize) -> Result<()> {
    if a != b {
        return Err(Error::value(
            first,
            format!("{first} and {second} must have the same length, got {a} and {b}"),
        ));
    }
    Ok(())
}

/// The error every batch gives when the hypotheses and the reference segments differ in number
/// (checked here only: the Python front ends leave it to the native call).
pub fn check_segment_count(hypotheses: usize, segments: usize) -> Result<()> {
    if hypotheses != segments {
        return Err(Error::value(
            "hypotheses",
            format!(
                "hypotheses has {hypotheses} segments but the references have {segments} \
                 (sacrebleu silently truncates; rougebleu refuses)"
            ),
        ));
    }
    Ok(())
}

/// The check of sacrebleu's reference streams (`streams[k][i]`: BLEU's, chrF's and TER's): equal
/// lengths, at least one reference per segment. Returns the number of segments and the number of
/// references per segment (`None` if it varies).
pub fn check_streams<S>(streams: &[Vec<Option<S>>]) -> Result<(usize, Option<usize>)> {
    let Some(first) = streams.first() else {
        return Err(Error::value("references", "no reference stream given"));
    };
    let n = first.len();
    for (k, s) in streams.iter().enumerate() {
        if s.len() != n {
            return Err(Error::value(
                "references",
                format!(
                    "reference stream {k} has {} segments but stream 0 has {n} \
                     (sacrebleu silently truncates to the shortest; rougebleu refuses)",
                    s.len()
                ),
            ));
        }
    }
    let mut counts = (0..n).map(|i| streams.iter().filter(|s| s[i].is_some()).count());
    let first_count = counts.next().unwrap_or(streams.len());
    let mut same = true;
    for (i, c) in std::iter::once(first_count).chain(counts).enumerate() {
        if c == 0 {
            return Err(Error::value("references", format!("segment {i} has no reference (all None)")));
        }
        same &= c == first_count;
    }
    Ok((n, same.then_some(first_count)))
}
