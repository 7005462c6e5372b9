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
//! Only the pass started on the thread that called [`run`] is controlled: a pass nested inside
//! another one's items runs unobserved (its parent's items are what gets counted), so `done`
//! and `total` only grow, and `done == total` when the work is complete.
use std::cell::RefCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The shared state of one controlled call.
#[derive(Default)]
pub struct Control {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
}

impl Control {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Asks every worker to stop at its next item.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
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
}

/// Runs `work` on this thread under `control`. A cancelled call returns `Err(Cancelled)`;
/// any other panic continues unwinding.
pub fn run<R>(control: Arc<Control>, work: impl FnOnce() -> R) -> Result<R, Cancelled> {
    let previous = CURRENT.with(|c| c.replace(Some(control)));
    let out = catch_unwind(AssertUnwindSafe(work));
    CURRENT.with(|c| *c.borrow_mut() = previous);
    match out {
        Ok(r) => Ok(r),
        Err(payload) if payload.is::<Unwind>() => Err(Cancelled),
        Err(payload) => resume_unwind(payload),
    }
}

/// One parallel pass over `len` items, as seen by the control of the call (if any): taken from
/// the thread for the pass's duration so that nested passes are not counted twice.
pub(crate) struct Pass {
    control: Option<Arc<Control>>,
}

impl Pass {
    pub(crate) fn begin(len: usize) -> Self {
        let control = CURRENT.with(|c| c.borrow_mut().take());
        if let Some(c) = &control {
            c.total.fetch_add(len as u64, Ordering::Release);
        }
        let pass = Pass { control };
        pass.check();
        pass
    }

    /// Stops this worker (by unwinding to [`run`]) if the call was cancelled.
    #[inline]
    pub(crate) fn check(&self) {
        if let Some(c) = &self.control {
            if c.is_cancelled() {
                resume_unwind(Box::new(Unwind));
            }
        }
    }

    /// `f(item)` between a cancellation check and the count of one finished item.
    #[inline]
    pub(crate) fn item<R>(&self, f: impl FnOnce() -> R) -> R {
        self.check();
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
