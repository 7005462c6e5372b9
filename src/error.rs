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
    /// A result or table of this many bytes cannot be allocated (the system had `available`
    /// bytes of memory available, where it says); the message names it.
    Memory { what: String, bytes: u128, available: Option<u128> },
}

impl Error {
    pub fn value(arg: &'static str, msg: impl Into<String>) -> Self {
        Error::Value { arg, msg: msg.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Value { arg, msg } => write!(f, "{arg}: {msg}"),
            Error::Input(msg) | Error::Config(msg) => f.write_str(msg),
            Error::Memory { what, bytes, available: None } => {
                write!(f, "{what}: cannot allocate {bytes} bytes")
            }
            Error::Memory { what, bytes, available: Some(a) } => {
                write!(f, "{what}: cannot allocate {bytes} bytes ({a} bytes of memory available); work in blocks of rows")
            }
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// The error every batch gives when the hypotheses and the reference segments differ in number.
pub fn check_segment_count(hypotheses: usize, segments: usize) -> Result<()> {
    if hypotheses != segments {
        return Err(Error::value(
            "hypotheses",
            format!("{hypotheses} hypotheses for {segments} reference segments"),
        ));
    }
    Ok(())
}
