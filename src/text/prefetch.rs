//! Asking the processor for the next segment's text while the current one is scored.
//!
//! A batch's texts are Python strings scattered over the heap, and a test set's worth of them is
//! larger than the L2 cache: a kernel that reads a segment's bytes for the first time waits for
//! memory on every cache line (BLEU reads a line's last byte first, to strip it, and the
//! tokenizer cannot start before). Sentence scoring then spends about a third of its time on
//! those misses. Touching the lines of segment `i + 1` before scoring segment `i` overlaps the
//! wait with useful work. A prefetch is only a hint: it never faults, and changes no result.

/// The most bytes of one text asked for (longer texts are the rare case, and their first lines
/// are what the scan reads first).
const MAX_BYTES: usize = 1024;

const LINE: usize = 64;

/// Asks for the cache lines holding the first [`MAX_BYTES`] bytes of `text` and its last byte.
#[inline]
pub fn prefetch_text(text: &str) {
    let b = text.as_bytes();
    if b.is_empty() {
        return;
    }
    let end = b.len().min(MAX_BYTES);
    let mut k = 0;
    while k < end {
        prefetch_at(b, k);
        k += LINE;
    }
    // The line of the last byte (read first when the text is right-stripped), and the one
    // holding `end - 1` when the text starts late in its first line.
    prefetch_at(b, end - 1);
    prefetch_at(b, b.len() - 1);
}

#[inline(always)]
fn prefetch_at(b: &[u8], k: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: `k < b.len()`, so the address is inside the slice; a prefetch reads nothing
        // architecturally and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(b.as_ptr().add(k) as *const i8) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (b, k);
}
