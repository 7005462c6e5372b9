//! The binding layer: extract Python arguments, release the GIL around the kernels, build results.
//! Each metric family registers its functions from its own file.
use pyo3::prelude::*;

mod allpairs;
mod bleu;
mod caption;
mod chrf;
mod columns;
mod errors;
mod guard;
mod long_call;
mod matlab;
mod meteor;
mod options;
mod pretokenized;
mod report;
mod rouge;
mod rouge155;
mod rouge_per_call;
mod sentence;
mod significance;
mod stats;
mod stem;
mod ter;
mod text_args;
mod text_lines;
mod workers;
mod xlsum;

/// The system allocator, with a reserve of 16 MiB for the small requests it refuses, so that
/// running out of memory is a `MemoryError` and never an abort (see `crate::memory::allocator`).
#[global_allocator]
static ALLOCATOR: crate::memory::allocator::Reserved<std::alloc::System, { 16 << 20 }> =
    crate::memory::allocator::Reserved::new(std::alloc::System);

#[pymodule(gil_used = false)]
fn _rougebleu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The documented bounds, so that the Python front ends check the same numbers.
    m.add("MAX_NGRAM_ORDER", crate::limits::MAX_NGRAM_ORDER)?;
    m.add("MAX_WLCS_WEIGHT", crate::limits::MAX_WLCS_WEIGHT)?;
    m.add("MAX_BOOTSTRAP", crate::limits::MAX_BOOTSTRAP)?;
    m.add("MAX_BETA", crate::limits::MAX_BETA)?;
    m.add("MAX_WORKERS", crate::batch::MAX_WORKERS)?;
    rouge::register(m)?;
    rouge155::register(m)?;
    rouge_per_call::register(m)?;
    bleu::register(m)?;
    caption::register(m)?;
    allpairs::register(m)?;
    ter::register(m)?;
    chrf::register(m)?;
    matlab::register(m)?;
    meteor::register(m)?;
    stem::register(m)?;
    stats::register(m)?;
    significance::register(m)?;
    errors::register(m)?;
    guard::register(m)?;
    xlsum::register(m)?;
    columns::register(m)?;
    text_lines::register(m)?;
    long_call::register(m)?;
    options::register(m)?;
    report::register(m)?;
    Ok(())
}
