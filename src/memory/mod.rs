//! Memory: how much the process may still allocate ([`available`]), allocations sized by the
//! input that fail with [`crate::Error::Memory`] naming what they were for instead of aborting
//! ([`fallible`]), and the reserve that lets the small allocations after an exhausted one finish
//! ([`allocator`], the extension's global allocator).
//!
//! The promise they keep together: under any memory limit a call either returns its value or
//! raises `MemoryError`; the interpreter never aborts. docs/limits.md lists each metric's memory.
pub mod allocator;
mod fallible;
mod probe;

pub use fallible::{
    catch, check, check_matrix, copied, exhausted, filled, refused, reserve, resize, stop, try_matrix,
    OutOfMemory, Zeroed, HEADROOM, PROBE_FROM,
};
pub use probe::available;
