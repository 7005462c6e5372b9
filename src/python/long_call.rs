//! The one door for long calls: every batch entry point runs its work through [`run`], which
//! - releases the interpreter while the work runs on one of the long-lived call threads
//!   (`crate::batch::call_pool`; rayon fans out from there);
//! - keeps the calling thread checking for signals every [`TICK`], so that Ctrl-C raises
//!   `KeyboardInterrupt` within a tick or two: the work is cancelled (`crate::control`), every
//!   worker stops at its next item, and the call returns only once they all have;
//! - reports progress `(done, total)` to the callback the Python layer set for this thread
//!   (`rougebleu._long_call.reporting`, behind the `progress=` arguments), from the calling
//!   thread, so the callback runs with the interpreter attached like any Python code. The
//!   progress belongs to the call that asked for it: while the callback runs, this thread has
//!   no callback, so the calls the callback itself makes report nothing into it (and cannot
//!   recurse into it).
//!
//! Memory is the other half of a long call's safety: results whose size is a product of input
//! sizes are allocated up front by `crate::memory::try_matrix`, which refuses what the machine
//! cannot hold with a `MemoryError` naming the size, and the kernels grow their tables through
//! `crate::memory`, which ends the call the same way (see `super::guard`).
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use super::guard::guard;
use crate::control::{self, Control};

/// How often the calling thread looks for signals while the work runs.
const TICK: Duration = Duration::from_millis(20);
/// How often the progress callback is called at most.
const REPORT_EVERY: Duration = Duration::from_millis(100);
/// Below this many items and [`SHORT_BYTES`] of text a call is short: it runs inline (no helper
/// thread, no progress), since it ends sooner than a person can press Ctrl-C.
const SHORT_CALL: usize = 1024;
/// Text of this many bytes can take a tenth of a second in one item (TER's shift search, an LCS
/// table), so a call given that much goes through the door even for a single pair.
const SHORT_BYTES: usize = 32 << 10;

/// How much work a call has: its items, and the bytes of text they hold where that is what
/// makes a few items long. A bare count converts to a size with no text.
#[derive(Clone, Copy, Default)]
pub struct Size {
    items: usize,
    bytes: usize,
}

impl Size {
    /// `items` holding `bytes` of text.
    pub fn bytes(items: usize, bytes: usize) -> Self {
        Size { items, bytes }
    }

    /// `items` holding `texts`.
    pub fn texts<'a>(items: usize, texts: impl IntoIterator<Item = &'a str>) -> Self {
        Size { items, bytes: texts.into_iter().map(str::len).sum() }
    }

    /// `items` holding texts and the reference streams `streams`.
    pub fn streams<'a>(items: usize, texts: &[&'a str], streams: &[Vec<Option<&'a str>>]) -> Self {
        let refs = streams.iter().flatten().flatten().copied();
        Size::texts(items, texts.iter().copied().chain(refs))
    }

    /// A call shorter than a key press.
    fn is_short(self) -> bool {
        self.items < SHORT_CALL && self.bytes < SHORT_BYTES
    }
}

impl From<usize> for Size {
    fn from(items: usize) -> Self {
        Size { items, bytes: 0 }
    }
}

/// A progress callback, and the items its earlier calls finished: one Python-level call may run
/// several native calls through the door (scoring, then resampling), and the counts it reports
/// go on from where the previous one stopped, so they never decrease.
struct Reporter {
    callback: Py<PyAny>,
    finished: u64,
}

thread_local! {
    /// The progress callback of the calls made from this thread, set by the Python layer.
    static PROGRESS: RefCell<Option<Reporter>> = const { RefCell::new(None) };
}

/// Sets (or clears) the progress callback of this thread's batch calls; returns the previous one.
#[pyfunction]
#[pyo3(signature = (callback=None))]
fn _set_progress(callback: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    guard("_set_progress", || {
        let new = callback.map(|callback| Reporter { callback, finished: 0 });
        Ok(PROGRESS.with(|p| p.replace(new)).map(|r| r.callback))
    })
}

/// Reports `(done, total)` of the current native call, after the items of the earlier ones.
/// The callback runs with this thread's callback unset: its own calls report nothing into it.
fn report(py: Python<'_>, callback: &Py<PyAny>, (done, total): (u64, u64)) -> PyResult<()> {
    let own = PROGRESS.with(|p| p.borrow_mut().take());
    let base = own.as_ref().map_or(0, |r| r.finished);
    let out = callback.call1(py, (base + done, base + total));
    // Whatever the callback set and did not restore is dropped: this call's reporter comes back.
    PROGRESS.with(|p| *p.borrow_mut() = own);
    out.map(drop)
}

/// Runs `work` (of about `size`) detached from the interpreter, interruptible by Ctrl-C and
/// reporting progress. Short work without a progress callback runs inline.
pub fn run<T: Send>(py: Python<'_>, size: impl Into<Size>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let progress = PROGRESS.with(|p| p.borrow().as_ref().map(|r| r.callback.clone_ref(py)));
    if progress.is_none() && size.into().is_short() {
        return Ok(py.detach(work));
    }
    // The work runs on one of the long-lived call threads, so that the per-thread caches it
    // fills (stems, interned words, n-gram tables) serve the next call too.
    let Some(pool) = crate::batch::call_pool() else {
        return Ok(py.detach(work)); // no thread to be had: inline, uninterruptible but correct
    };
    let ctl = Control::new();
    let done = AtomicBool::new(false);
    let result: Mutex<Option<Result<T, control::Cancelled>>> = Mutex::new(None);
    let mut failure: Option<PyErr> = None;
    pool.in_place_scope(|s| {
        let (worker_ctl, caller, done, result) = (ctl.clone(), std::thread::current(), &done, &result);
        s.spawn(move |_| {
            // Set even if the work panics, so that the calling thread stops waiting (the panic
            // then reaches it at the end of the scope, and the entry point's guard reports it).
            let _finished = Finished { done, caller };
            let out = control::run(worker_ctl, work);
            *result.lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
        });
        let mut reported = Instant::now();
        while !done.load(Ordering::Acquire) {
            py.detach(|| std::thread::park_timeout(TICK));
            if failure.is_some() || done.load(Ordering::Acquire) {
                continue; // cancelled: waiting for the workers to stop
            }
            let mut step = || -> PyResult<()> {
                py.check_signals()?;
                if let Some(cb) = &progress {
                    // Nothing to say until the first pass has announced its items.
                    if reported.elapsed() >= REPORT_EVERY && ctl.progress().1 > 0 {
                        reported = Instant::now();
                        report(py, cb, ctl.progress())?;
                    }
                }
                Ok(())
            };
            if let Err(e) = step() {
                ctl.cancel();
                failure = Some(e);
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let out = result.into_inner().unwrap_or_else(|e| e.into_inner()).expect("the work has finished");
    let out = out.expect("only a failure cancels the work");
    if let Some(cb) = &progress {
        let (_, total) = ctl.progress();
        report(py, cb, (total, total))?;
        PROGRESS.with(|p| p.borrow_mut().as_mut().map(|r| r.finished += total));
    }
    Ok(out)
}

/// Marks the work finished and wakes the calling thread when dropped.
struct Finished<'a> {
    done: &'a AtomicBool,
    caller: std::thread::Thread,
}

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        self.caller.unpark();
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_set_progress, m)?)?;
    Ok(())
}
