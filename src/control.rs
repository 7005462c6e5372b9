//! Cancellation and progress of a long call, seen from the kernels.
//!
//! A front end (the Python binding's `long_call`) runs a call's work under a [`Control`] with
//! [`run`]. Every parallel pass of [`crate::batch`] started on that thread then registers its
//! length in the control's `total`, counts each finished item in `done`, and checks before each
//! item whether the call was cancelled. Cancelling unwinds the pass with a private payload that
//! [`run`] turns into [`Cancelled`]: the kernels need no error path for it, every worker stops
//! at its next item (the passes are fused, so one unwinding pass stops the others at once
//! instead of each of its thousands of pending splits unwinding in turn), and nothing is left
//! running when [`run`] returns.
//!
//! Only the pass started on the thread that called [`run`] is counted: a pass nested inside
//! another one's items is not (its parent's items are what gets counted), so `done` and `total`
//! only grow, and `done == total` when the work is complete. Every pass of the call, nested or
//! not, is checked for cancellation before each item.
//!
//! One item can be long too (TER of two books, the LCS of two long texts): kernels whose work
//! grows faster than their input also check inside an item, through a [`Poller`], which looks at
//! the control of the call running on this thread every [`POLL_EVERY`] units of work, cheaply
//! enough that the per-call benchmarks cannot see it.
//!
//! A call also stops, the same way, when the allocator had to serve it from its reserve
//! (`crate::memory::allocator`): the memory ran out, and the call ends with `MemoryError`.
use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The shared state of one controlled call.
pub struct Control {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    /// The allocator's refusals before the call started (see the module documentation).
    refusals: u64,
}

impl Control {
    pub fn new() -> Arc<Self> {
        Arc::new(Control {
            cancelled: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            refusals: crate::memory::allocator::failures(),
        })
    }

    /// Asks every worker to stop at its next item.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Stops the work running on this thread: unwinds to [`run`] if the call was cancelled, or to
    /// the entry point's `crate::memory::catch` if the memory ran out.
    #[inline]
    fn check(&self) {
        if self.is_cancelled() {
            resume_unwind(Box::new(Unwind));
        }
        if crate::memory::allocator::failures() != self.refusals {
            crate::memory::stop(crate::memory::exhausted());
        }
    }

    /// Items finished and items announced so far, by the passes of this call.
    pub fn progress(&self) -> (u64, u64) {
        // `total` first: a pass announces its items before any of them is done.
        let total = self.total.load(Ordering::Acquire);
        let done = self.done.load(Ordering::Acquire);
        (done.min(total), total)
    }
}

/// The work was cancelled before it finished.
#[derive(Debug, PartialEq, Eq)]
pub struct Cancelled;

/// The unwind payload of a cancelled pass (private, so no other panic can be mistaken for it).
struct Unwind;

thread_local! {
    /// The control of the call running on this thread, while no pass of it is running here.
    static CURRENT: RefCell<Option<Arc<Control>>> = const { RefCell::new(None) };
    /// The control whose call the work on this thread belongs to, for [`poll`]: set by [`run`]
    /// and, on the worker threads, for the duration of each item of a pass. The pointee outlives
    /// the setting: `run` and the pass hold it.
    static WATCHED: Cell<*const Control> = const { Cell::new(std::ptr::null()) };
}

/// Sets [`WATCHED`] for the life of the value, then restores the previous one.
struct Watch(*const Control);

impl Watch {
    #[inline]
    fn set(control: *const Control) -> Self {
        Watch(WATCHED.with(|w| w.replace(control)))
    }
}

impl Drop for Watch {
    #[inline]
    fn drop(&mut self) {
        WATCHED.with(|w| w.set(self.0));
    }
}

/// Stops the work running on this thread if its call was cancelled or ran out of memory (see
/// the module documentation); nothing outside a controlled call.
#[inline]
pub fn poll() {
    let watched = WATCHED.with(|w| w.get());
    if !watched.is_null() {
        // SAFETY: see `WATCHED`.
        unsafe { (*watched).check() }
    }
}

/// How much work (in a kernel's own units: table cells, words of a bit-parallel row, characters)
/// a [`Poller`] lets pass between two [`poll`]s: about a millisecond.
pub const POLL_EVERY: usize = 1 << 20;

/// Polls the call (see [`poll`]) once every [`POLL_EVERY`] units of work done inside one item.
pub struct Poller {
    /// Work left before the next poll; at or below zero, time to poll.
    left: isize,
}

impl Default for Poller {
    fn default() -> Self {
        Poller { left: POLL_EVERY as isize }
    }
}

impl Poller {
    /// Counts `work` units done; polls when the last poll is [`POLL_EVERY`] units behind. One
    /// subtraction and one predictable branch: cheap enough for a kernel's inner loop.
    #[inline(always)]
    pub fn tick(&mut self, work: usize) {
        self.left -= work as isize;
        if self.left <= 0 {
            self.poll();
        }
    }

    #[cold]
    #[inline(never)]
    fn poll(&mut self) {
        self.left = POLL_EVERY as isize;
        poll();
    }
}

/// Runs `body` over `0..len` in chunks of about [`POLL_EVERY`] units of work (each item costing
/// `cost`), polling the call between two chunks: a long loop stays interruptible, and a short one
/// (a single chunk, which is every ordinary text) pays nothing for it.
#[inline(always)]
pub fn chunked(len: usize, cost: usize, mut body: impl FnMut(std::ops::Range<usize>)) {
    let step = (POLL_EVERY / cost.max(1)).max(1);
    let mut start = 0;
    while start < len {
        let end = len.min(start + step);
        body(start..end);
        start = end;
        if start < len {
            poll();
        }
    }
}

/// Runs `work` on this thread under `control`. A cancelled call returns `Err(Cancelled)`;
/// any other panic continues unwinding.
pub fn run<R>(control: Arc<Control>, work: impl FnOnce() -> R) -> Result<R, Cancelled> {
    let watch = Watch::set(Arc::as_ptr(&control));
    let previous = CURRENT.with(|c| c.replace(Some(control)));
    let out = catch_unwind(AssertUnwindSafe(work));
    CURRENT.with(|c| *c.borrow_mut() = previous);
    drop(watch);
    match out {
        Ok(r) => Ok(r),
        Err(payload) if payload.is::<Unwind>() => Err(Cancelled),
        Err(payload) => resume_unwind(payload),
    }
}

/// One parallel pass over `len` items, as seen by the control of the call (if any): taken from
/// the thread for the pass's duration so that nested passes are not counted twice.
pub(crate) struct Pass {
    /// The control that counts this pass's items (only a call's outermost passes have one).
    control: Option<Arc<Control>>,
    /// The control of the call, counted or not, that the items are checked against.
    watched: *const Control,
}

// SAFETY: `watched` points to a `Control` (which is `Sync`) that outlives the pass.
unsafe impl Sync for Pass {}

impl Pass {
    pub(crate) fn begin(len: usize) -> Self {
        let control = CURRENT.with(|c| c.borrow_mut().take());
        if let Some(c) = &control {
            c.total.fetch_add(len as u64, Ordering::Release);
        }
        let watched = control.as_ref().map_or_else(|| WATCHED.with(|w| w.get()), Arc::as_ptr);
        let pass = Pass { control, watched };
        pass.check();
        pass
    }

    /// Stops this worker (by unwinding) if the call was cancelled or ran out of memory.
    #[inline]
    pub(crate) fn check(&self) {
        if !self.watched.is_null() {
            // SAFETY: see `watched`.
            unsafe { (*self.watched).check() }
        }
    }

    /// `f(item)` between a check of the call and the count of one finished item; the kernels
    /// inside `f` can [`poll`] the call.
    #[inline]
    pub(crate) fn item<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.watched.is_null() {
            return f();
        }
        self.check();
        let _watch = Watch::set(self.watched);
        let r = f();
        if let Some(c) = &self.control {
            c.done.fetch_add(1, Ordering::Release);
        }
        r
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        if let Some(c) = self.control.take() {
            CURRENT.with(|cur| *cur.borrow_mut() = Some(c));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch;

    #[test]
    fn passes_count_their_items_and_nested_passes_are_not_counted() {
        let control = Control::new();
        let out = run(control.clone(), || {
            let a = batch::map_range(100, Some(2), |i| batch::map_range(10, Some(1), move |j| i + j).len());
            let b = batch::map(&[1, 2, 3], Some(1), |x| x * 2);
            (a.iter().sum::<usize>(), b)
        });
        assert_eq!(out, Ok((1000, vec![2, 4, 6])));
        assert_eq!(control.progress(), (103, 103));
    }

    #[test]
    fn a_cancelled_call_stops_and_reports_cancelled() {
        let control = Control::new();
        let seen = AtomicU64::new(0);
        let out = run(control.clone(), || {
            batch::map_range(1_000_000, Some(2), |i| {
                if seen.fetch_add(1, Ordering::Relaxed) == 100 {
                    control.cancel();
                }
                i
            })
        });
        assert_eq!(out, Err(Cancelled));
        assert!(seen.load(Ordering::Relaxed) < 1_000_000);
        // The thread is clean afterwards: an uncontrolled pass runs to the end.
        assert_eq!(batch::map_range(10, Some(2), |i| i).len(), 10);
    }

    #[test]
    fn other_panics_keep_unwinding() {
        let r = catch_unwind(|| {
            run(Control::new(), || batch::map_range(4, Some(1), |_| -> usize { panic!("bug") }))
        });
        assert!(r.is_err());
    }
}
