//! `rouge155`: the ROUGE-1.5.5.pl-compatible command as a native program, for callers that run
//! it once per evaluation and would otherwise pay for an interpreter's start-up each time.
//! The same implementation as `rougebleu rouge155` (see `rougebleu::rouge155::cli`).
use std::io::Write;

fn main() {
    let mut argv = Vec::new();
    for a in std::env::args_os().skip(1) {
        match a.into_string() {
            Ok(s) => argv.push(s),
            Err(a) => {
                eprintln!("rouge155: error: argument {a:?} is not valid UTF-8");
                std::process::exit(2);
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = rougebleu::rouge155::cli::main("rouge155", &argv, &mut out, &mut std::io::stderr());
    let flushed = out.flush().is_ok();
    std::process::exit(if code == 0 && !flushed { 1 } else { code });
}
