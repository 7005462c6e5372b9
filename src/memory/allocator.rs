//! The extension's global allocator: the system allocator, plus a reserve for the small requests
//! it refuses.
//!
//! Rust aborts the process when an allocation fails, and a Python interpreter must never abort.
//! The large allocations whose size depends on the input are made fallibly ([`super::fallible`]),
//! but once one of them has taken most of what an address-space limit allows, any small one
//! after it (a string, a vector of a few items, a thread's first buffer) can fail too. Those are
//! served from a reserve set aside when the module was loaded, and counted: every controlled pass
//! and every entry point of the extension checks the count ([`failures`]) and ends its call with
//! a `MemoryError` instead of finishing it, which frees what the call held, reserve included.
//!
//! The reserve is a bump region in the binary's zero-initialised data: it costs address space but
//! no memory until a page of it is written. It is reused once everything taken from it is freed.
use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering};

/// Refused requests so far, and the size of the last one.
static FAILURES: AtomicU64 = AtomicU64::new(0);
static LAST_REFUSED: AtomicU64 = AtomicU64::new(0);

/// How many allocations the system allocator has refused since the process started.
pub fn failures() -> u64 {
    FAILURES.load(Ordering::Acquire)
}

/// The size of the last refused allocation, in bytes.
pub fn last_refused() -> u64 {
    LAST_REFUSED.load(Ordering::Relaxed)
}

/// `inner`, with a reserve of `N` bytes for the requests of at most `N / 4` bytes it refuses.
/// Larger requests are left refused: they come from the fallible paths, which report them.
pub struct Reserved<A, const N: usize> {
    inner: A,
    arena: UnsafeCell<[MaybeUninit<u8>; N]>,
    /// The offset of the free part of the arena (high 32 bits) and the number of live blocks
    /// taken from it (low 32 bits), updated together.
    state: AtomicU64,
}

// SAFETY: the arena is only handed out in disjoint blocks claimed by atomic updates of `state`.
unsafe impl<A: Sync, const N: usize> Sync for Reserved<A, N> {}

impl<A, const N: usize> Reserved<A, N> {
    pub const fn new(inner: A) -> Self {
        assert!(N < 1 << 32, "the offset must fit 32 bits");
        Reserved { inner, arena: UnsafeCell::new([MaybeUninit::uninit(); N]), state: AtomicU64::new(0) }
    }

    fn base(&self) -> usize {
        self.arena.get() as usize
    }

    fn holds(&self, ptr: *mut u8) -> bool {
        (self.base()..self.base() + N).contains(&(ptr as usize))
    }

    /// Counts a refused request and serves it from the arena if it is small and fits there.
    fn rescue(&self, layout: Layout) -> *mut u8 {
        LAST_REFUSED.store(layout.size() as u64, Ordering::Relaxed);
        FAILURES.fetch_add(1, Ordering::AcqRel);
        if layout.size() > N / 4 {
            return std::ptr::null_mut();
        }
        let base = self.base();
        let mut state = self.state.load(Ordering::Acquire);
        loop {
            let (offset, live) = ((state >> 32) as usize, state & 0xFFFF_FFFF);
            let start = (base + offset).next_multiple_of(layout.align()) - base;
            let end = start + layout.size().max(1);
            if end > N {
                return std::ptr::null_mut();
            }
            let next = ((end as u64) << 32) | (live + 1);
            match self.state.compare_exchange_weak(state, next, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => return (base + start) as *mut u8,
                Err(now) => state = now,
            }
        }
    }

    /// Returns one block to the arena; the arena starts over when none is left.
    fn release(&self) {
        let mut state = self.state.load(Ordering::Acquire);
        loop {
            let live = (state & 0xFFFF_FFFF) - 1;
            let next = if live == 0 { 0 } else { (state & !0xFFFF_FFFF) | live };
            match self.state.compare_exchange_weak(state, next, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => return,
                Err(now) => state = now,
            }
        }
    }
}

// SAFETY: every block comes either from `inner` (and goes back to it) or from a disjoint part of
// the arena (recognised by its address when it is freed or resized).
unsafe impl<A: GlobalAlloc, const N: usize> GlobalAlloc for Reserved<A, N> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = self.inner.alloc(layout);
        if p.is_null() {
            self.rescue(layout)
        } else {
            p
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = self.inner.alloc_zeroed(layout);
        if !p.is_null() {
            return p;
        }
        let p = self.rescue(layout);
        if !p.is_null() {
            // The arena is reused, so its blocks are not zero.
            p.write_bytes(0, layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if self.holds(ptr) {
            self.release();
        } else {
            self.inner.dealloc(ptr, layout);
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !self.holds(ptr) {
            let p = self.inner.realloc(ptr, layout, new_size);
            if !p.is_null() {
                return p;
            }
        }
        // A block of the arena, or one the system could not resize: move it.
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        let p = if self.holds(ptr) { self.alloc(new_layout) } else { self.rescue(new_layout) };
        if !p.is_null() {
            std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::System;
    use std::sync::atomic::AtomicBool;

    /// The system allocator, refusing everything while `refuse` is set.
    struct Refusing {
        refuse: AtomicBool,
    }

    unsafe impl GlobalAlloc for Refusing {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            if self.refuse.load(Ordering::Relaxed) {
                std::ptr::null_mut()
            } else {
                System.alloc(layout)
            }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            System.dealloc(ptr, layout)
        }
    }

    #[test]
    fn refused_small_requests_come_from_the_reserve_and_are_counted() {
        let a: Box<Reserved<Refusing, 4096>> =
            Box::new(Reserved::new(Refusing { refuse: AtomicBool::new(false) }));
        let small = Layout::from_size_align(100, 8).unwrap();
        unsafe {
            let from_system = a.alloc(small);
            assert!(!from_system.is_null() && !a.holds(from_system));
            a.inner.refuse.store(true, Ordering::Relaxed);
            let before = failures();
            let p = a.alloc(small);
            let q = a.alloc_zeroed(Layout::from_size_align(64, 64).unwrap());
            assert!(a.holds(p) && a.holds(q) && q as usize % 64 == 0);
            assert!((0..64).all(|i| *q.add(i) == 0));
            assert!(failures() >= before + 2);
            // Too large for the reserve: refused, as the fallible paths expect.
            assert!(a.alloc(Layout::from_size_align(2000, 8).unwrap()).is_null());
            assert_eq!(last_refused(), 2000);
            // Growing a reserve block moves it, keeping its bytes.
            p.write_bytes(7, 100);
            let p = a.realloc(p, small, 200);
            assert!(a.holds(p) && *p.add(99) == 7);
            a.dealloc(p, Layout::from_size_align(200, 8).unwrap());
            a.dealloc(q, Layout::from_size_align(64, 64).unwrap());
            // Everything returned: the arena starts over.
            assert_eq!(a.state.load(Ordering::Relaxed), 0);
            // A system block the system cannot grow moves to the reserve.
            let r = a.realloc(from_system, small, 300);
            assert!(a.holds(r));
            a.dealloc(r, Layout::from_size_align(300, 8).unwrap());
        }
    }
}
