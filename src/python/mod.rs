//! The binding layer: extract Python arguments, release the GIL around the kernels, build results.
//! Each metric family registers its functions from its own file.
use pyo3::prelude::*;

mod bleu;
mod chrf;
mod errors;
mod matlab;
mod rouge;
mod rouge155;
mod stem;
mod text_args;

#[pymodule(gil_used = false)]
fn _rougebleu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    rouge::register(m)?;
    rouge155::register(m)?;
    bleu::register(m)?;
    chrf::register(m)?;
    matlab::register(m)?;
    stem::register(m)?;
    errors::register(m)?;
    Ok(())
}
