//! The one place where an internal error stops: every entry point of the extension runs its
//! body through [`guard`], so a panic anywhere in the crate (a bug) reaches Python as
//! `rougebleu.InternalError`, a `RuntimeError` naming the call, instead of PyO3's
//! `PanicException`, which derives from `BaseException` and escapes `except Exception`.
//!
//! The guard is also where running out of memory becomes `MemoryError` naming the call: a
//! kernel's refused table (`crate::memory::stop`), and a call during which the allocator had to
//! serve a request from its reserve (`crate::memory::allocator`), whatever it computed.
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

use crate::memory::OutOfMemory;

pyo3::create_exception!(
    _rougebleu,
    InternalError,
    PyRuntimeError,
    "An internal error of rougebleu (a bug: please report it with the call that raised it)."
);

thread_local! {
    /// Set by the test suite: the next guarded call of this name on this thread fails as if it
    /// had panicked (calls of other names on the way to it run normally).
    static INJECT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs an entry point's body, turning a panic into `InternalError("<call>: ...")` and running
/// out of memory into `MemoryError("<call>: ...")`.
pub fn guard<T>(call: &'static str, body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    let refusals = crate::memory::allocator::failures();
    let run = AssertUnwindSafe(|| {
        let inject = INJECT.with(|c| {
            let mut c = c.borrow_mut();
            let hit = c.as_deref() == Some(call);
            if hit {
                *c = None;
            }
            hit
        });
        if inject {
            panic!("injected internal error");
        }
        body()
    });
    let out = catch_unwind(run).unwrap_or_else(|payload| {
        if let Some(OutOfMemory(e)) = payload.downcast_ref::<OutOfMemory>() {
            return Err(PyMemoryError::new_err(format!("{call}: {e}")));
        }
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(InternalError::new_err(format!("{call}: internal error: {what}")))
    });
    if crate::memory::allocator::failures() != refusals {
        // Whatever was computed, it was computed with memory the process does not have.
        drop(out);
        return Err(PyMemoryError::new_err(format!("{call}: {}", crate::memory::exhausted())));
    }
    out
}

/// Makes the next guarded call named `call` on this thread fail as an internal error (for the
/// tests that check that every entry point maps one to `InternalError`); `None` cancels it.
#[pyfunction]
#[pyo3(signature = (call=None))]
fn _inject_internal_error(call: Option<String>) {
    INJECT.with(|c| *c.borrow_mut() = call);
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InternalError", m.py().get_type::<InternalError>())?;
    m.add_function(wrap_pyfunction!(_inject_internal_error, m)?)?;
    Ok(())
}
