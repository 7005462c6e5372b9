//! Allocations whose size depends on the input, made so that a refusal is a
//! [`crate::Error::Memory`] naming what was being built, never an abort.
//!
//! Two ways out, for two kinds of code:
//! - functions that return a `Result` ([`try_matrix`], [`check`]) report the error;
//! - kernels that return plain values grow their tables with [`reserve`] / [`resize`], which stop
//!   the call by unwinding with an [`OutOfMemory`] payload that the call's entry point turns into
//!   the same error ([`catch`]), as a cancelled call unwinds (`crate::control`).
//!
//! A request is checked against what the process may still allocate ([`super::available`]) when
//! it is large: a limit that is not an address-space limit (a cgroup, the system's own memory) is
//! enforced by the out-of-memory killer when the pages are written, which no process survives, so
//! the request is refused up front if it would leave less than [`HEADROOM`].
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use crate::error::{Error, Result};

/// What a large request must leave for the rest of the call (its small allocations, a new
/// thread's stack and allocator arena, the results handed back to Python).
pub const HEADROOM: u128 = 64 << 20;

/// Requests from this size on are checked against the memory available; smaller ones are left to
/// the allocator (and to the reserve of `super::allocator`), which keeps the per-call path free of
/// system calls.
pub const PROBE_FROM: u128 = 8 << 20;

/// The error for `bytes` of `what` that cannot be had (the allocator refused them).
pub fn refused(what: impl Into<String>, bytes: u128) -> Error {
    refusal(what, bytes)
}

fn refusal(what: impl Into<String>, bytes: u128) -> Error {
    Error::Memory { what: what.into(), bytes, available: super::available(), advice: "" }
}

/// What to do when a matrix does not fit.
const MATRIX_ADVICE: &str = "; work in blocks of rows";

/// `Ok` if `bytes` more (for `what`) leave the call [`HEADROOM`] of the memory available, or
/// if the request is small or the platform does not say.
pub fn check(bytes: u128, what: impl FnOnce() -> String) -> Result<()> {
    if bytes < PROBE_FROM {
        return Ok(());
    }
    match super::available() {
        Some(a) if bytes.saturating_add(HEADROOM) > a => {
            Err(Error::Memory { what: what(), bytes, available: Some(a), advice: "" })
        }
        _ => Ok(()),
    }
}

/// The error of a call during which the allocator had to serve a request from its reserve
/// (`super::allocator`): the memory ran out, though not in one of the checked requests.
pub fn exhausted() -> Error {
    Error::Memory {
        what: "out of memory".into(),
        bytes: super::allocator::last_refused() as u128,
        available: super::available(),
        advice: "",
    }
}

/// The unwind payload of a kernel's refused allocation (see the module documentation).
pub struct OutOfMemory(pub Error);

/// Stops the call: unwinds to the entry point's [`catch`] with `error`.
pub fn stop(error: Error) -> ! {
    resume_unwind(Box::new(OutOfMemory(error)))
}

/// Runs `f`; a kernel's refused allocation inside it is returned as its error. Other panics
/// continue unwinding.
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| match payload.downcast::<OutOfMemory>() {
        Ok(oom) => oom.0,
        Err(other) => resume_unwind(other),
    })
}

/// Makes room for `additional` more values in `v`, or stops the call (see [`stop`]) with a
/// `MemoryError` naming `what`.
#[inline]
pub fn reserve<T>(v: &mut Vec<T>, additional: usize, what: &'static str) {
    if v.capacity() - v.len() < additional {
        grow(v, additional, what);
    }
}

#[cold]
fn grow<T>(v: &mut Vec<T>, additional: usize, what: &'static str) {
    // What the vector will hold, at least: the allocator may round up, doubling at most.
    let bytes = (v.len() as u128 + additional as u128) * std::mem::size_of::<T>() as u128;
    if let Err(e) = check(bytes, || what.to_string()) {
        stop(e);
    }
    if v.try_reserve(additional).is_err() {
        stop(refusal(what, bytes));
    }
}

/// `v.resize(len, value)` through [`reserve`].
#[inline]
pub fn resize<T: Clone>(v: &mut Vec<T>, len: usize, value: T, what: &'static str) {
    if len > v.len() {
        reserve(v, len - v.len(), what);
    }
    v.resize(len, value);
}

/// A vector of `len` copies of `value`, allocated through [`reserve`].
pub fn filled<T: Clone>(len: usize, value: T, what: &'static str) -> Vec<T> {
    let mut v = Vec::new();
    resize(&mut v, len, value, what);
    v
}

/// A copy of `values`, allocated through [`reserve`].
pub fn copied<T: Clone>(values: &[T], what: &'static str) -> Vec<T> {
    let mut v = Vec::new();
    reserve(&mut v, values.len(), what);
    v.extend_from_slice(values);
    v
}

/// Types whose all-zero bytes are a valid value (zero numbers), so that a result can be
/// allocated already zeroed: the operating system hands out zero pages lazily, and a huge
/// matrix costs nothing until its rows are written, inside the interruptible row pass.
///
/// # Safety
/// Implement only for types for which the all-zero bit pattern is a valid value.
pub unsafe trait Zeroed: Copy {}
unsafe impl Zeroed for f64 {}
unsafe impl Zeroed for bool {}
unsafe impl Zeroed for u16 {}
unsafe impl Zeroed for u32 {}
unsafe impl Zeroed for u64 {}
unsafe impl Zeroed for i64 {}
unsafe impl Zeroed for usize {}
unsafe impl Zeroed for (i64, f64) {}
unsafe impl Zeroed for [f64; 3] {}
unsafe impl Zeroed for crate::kernels::fmeasure::Prf {}

/// The number of values of a `rows x cols` matrix of `T`, or the [`Error::Memory`] that
/// [`try_matrix`] would give: for results built another way (in pieces, or as several vectors).
/// The matrix must leave [`HEADROOM`] of the memory available.
pub fn check_matrix<T>(rows: usize, cols: usize, what: &str) -> Result<usize> {
    let bytes = rows as u128 * cols as u128 * std::mem::size_of::<T>() as u128;
    let advised = |e: Error| match e {
        Error::Memory { what, bytes, available, .. } => {
            Error::Memory { what, bytes, available, advice: MATRIX_ADVICE }
        }
        other => other,
    };
    let named = || format!("{what} ({rows} x {cols})");
    let len = rows.checked_mul(cols).ok_or_else(|| advised(refusal(named(), bytes)))?;
    if bytes > isize::MAX as u128 {
        return Err(advised(refusal(named(), bytes)));
    }
    check(bytes, named).map_err(advised)?;
    Ok(len)
}

/// A zeroed vector of `rows * cols` values, allocated fallibly: a size that overflows, that
/// would not leave [`HEADROOM`] of the memory available, or that the allocator refuses is an
/// [`Error::Memory`] naming `what`, never an abort. For the results whose size is a product of
/// input sizes (N x M matrices, N x N graphs), so that an impossible request fails at once
/// instead of growing until the operating system kills the process (Linux grants far more
/// memory than it has and only fails when the pages are written).
pub fn try_matrix<T: Zeroed>(rows: usize, cols: usize, what: &str) -> Result<Vec<T>> {
    let len = check_matrix::<T>(rows, cols, what)?;
    if len == 0 || std::mem::size_of::<T>() == 0 {
        return Ok(vec![unsafe { std::mem::zeroed() }; len]);
    }
    let bytes = (len * std::mem::size_of::<T>()) as u128;
    let refuse = || Error::Memory {
        what: format!("{what} ({rows} x {cols})"),
        bytes,
        available: super::available(),
        advice: MATRIX_ADVICE,
    };
    let layout = std::alloc::Layout::array::<T>(len).map_err(|_| refuse())?;
    // SAFETY: the layout has a non-zero size; a null pointer is the allocator's refusal; the
    // memory is zeroed, which `T: Zeroed` makes `len` valid values, and it was allocated by the
    // global allocator with exactly the layout of a `Vec<T>` of capacity `len`.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut T;
        if ptr.is_null() {
            return Err(refuse());
        }
        Ok(Vec::from_raw_parts(ptr, len, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrices_are_allocated_fallibly() {
        let err = try_matrix::<f64>(usize::MAX, 2, "the matrix").unwrap_err();
        assert!(matches!(err, Error::Memory { .. }), "{err}");
        let err = try_matrix::<f64>(1 << 40, 1 << 20, "the matrix").unwrap_err();
        assert!(err.to_string().contains("the matrix (1099511627776 x 1048576)"), "{err}");
        if let Some(available) = super::super::available() {
            // More than the process may have: refused up front, though the allocator might grant it.
            let rows = (available / 8 / (1 << 20) + 1) as usize;
            let err = try_matrix::<f64>(rows, 1 << 20, "the matrix").unwrap_err();
            assert!(err.to_string().contains("bytes of memory available"), "{err}");
        }
        assert_eq!(try_matrix::<usize>(3, 4, "m").unwrap(), vec![0; 12]);
        assert!(try_matrix::<f64>(0, 5, "empty").unwrap().is_empty());
    }

    #[test]
    fn a_refused_growth_stops_the_call_with_the_error() {
        let mut v: Vec<u64> = vec![1, 2, 3];
        resize(&mut v, 5, 9, "a table");
        assert_eq!(v, [1, 2, 3, 9, 9]);
        let err = catch(|| reserve(&mut v, usize::MAX / 16, "a huge table")).unwrap_err();
        assert!(err.to_string().starts_with("a huge table: cannot allocate"), "{err}");
        assert_eq!(catch(|| filled(2, 7u8, "t")).unwrap(), [7, 7]);
        // Other panics are not errors.
        assert!(std::panic::catch_unwind(|| catch(|| panic!("a bug"))).is_err());
    }
}
