//! Parallel map over a batch with a `workers` knob.
//!
//! `workers = None` uses one thread per core (`RAYON_NUM_THREADS` if set): the pool of the call
//! threads ([`call_pool`]; rayon's parallel iterators run in the pool of the thread that starts
//! them), `Some(1)` runs serially on the calling thread, `Some(n)` uses a pool of `min(n, cores)`
//! threads. The pools live in [`pools`]. Every item is computed independently and results come
//! back in input order, so the output is bit-identical for any number of workers.
//!
//! Every pass here is also where a long call is observed: under a [`crate::control::Control`]
//! each item is counted and checked for cancellation (see that module).
mod pools;

use rayon::prelude::*;

pub use pools::{call_pool, ready};

use crate::control::Pass;
use crate::error::{Error, Result};

/// The largest `workers` value accepted. Threads beyond the number of cores never speed up
/// this CPU-bound work, so a larger request is a mistake rather than a wish.
pub const MAX_WORKERS: i64 = 1024;

/// Resolve a user `workers` value: `None` and `-1` mean "all", `1..=MAX_WORKERS` that many
/// threads at most; `0`, other negatives and larger values are errors.
pub fn resolve_workers(workers: Option<i64>) -> Result<Option<usize>> {
    match workers {
        None | Some(-1) => Ok(None),
        Some(n) if (1..=MAX_WORKERS).contains(&n) => Ok(Some(n as usize)),
        Some(n) => Err(Error::value(
            "workers",
            format!("must be an integer from 1 to {MAX_WORKERS}, -1 or None, got {n}"),
        )),
    }
}

/// Apply `f` to every item, in parallel according to `workers`, keeping input order.
pub fn map<T, R, F>(items: &[T], workers: Option<usize>, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    let pass = Pass::begin(items.len());
    let f = |x: &T| pass.item(|| f(x));
    let serial = || items.iter().map(f).collect();
    match workers {
        Some(1) => serial(),
        // A pool can fail to start (thread limits); computing serially gives the same result.
        _ => {
            pools::install(workers, || items.par_iter().panic_fuse().map(f).collect()).unwrap_or_else(serial)
        }
    }
}

/// Calls `f(i, row)` for every `cols`-long row `i` of `out`, in parallel according to `workers`.
/// Rows are written in place, so a matrix needs no second copy.
pub fn fill_rows<T, F>(out: &mut [T], cols: usize, workers: Option<usize>, f: F)
where
    T: Send,
    F: Fn(usize, &mut [T]) + Sync + Send,
{
    if cols == 0 {
        return;
    }
    let pass = Pass::begin(out.len() / cols);
    let f = |i: usize, row: &mut [T]| pass.item(|| f(i, row));
    let run =
        |out: &mut [T]| out.par_chunks_mut(cols).enumerate().panic_fuse().for_each(|(i, row)| f(i, row));
    let serial = |out: &mut [T]| out.chunks_mut(cols).enumerate().for_each(|(i, row)| f(i, row));
    match workers {
        Some(1) => serial(out),
        _ => {
            if pools::install(workers, || run(&mut *out)).is_none() {
                serial(out)
            }
        }
    }
}

/// Like [`map`] over the index range `0..len`.
pub fn map_range<R, F>(len: usize, workers: Option<usize>, f: F) -> Vec<R>
where
    R: Send,
    F: Fn(usize) -> R + Sync + Send,
{
    let pass = Pass::begin(len);
    let f = |i: usize| pass.item(|| f(i));
    let serial = || (0..len).map(f).collect();
    match workers {
        Some(1) => serial(),
        _ => pools::install(workers, || (0..len).into_par_iter().panic_fuse().map(f).collect())
            .unwrap_or_else(serial),
    }
}

/// `rayon::join(a, b)` in the call threads' pool (never rayon's global one, see [`pools`]); the
/// two in turn when no thread can be had.
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    let mut halves = Some((a, b));
    if let Some(out) = pools::install(None, || {
        let (a, b) = halves.take().expect("run once");
        rayon::join(a, b)
    }) {
        return out;
    }
    let (a, b) = halves.take().expect("not run: no pool");
    (a(), b())
}

/// `f(0)`, `f(1)`, ... in order on this thread, as one pass: each step is an item of the call's
/// progress, a cancelled call stops between two steps, and a step may fan out itself.
pub fn steps(len: usize, mut f: impl FnMut(usize)) {
    let pass = Pass::begin(len);
    for i in 0..len {
        pass.item(|| f(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_kept_for_any_worker_count() {
        let items: Vec<u64> = (0..1000).collect();
        let serial = map(&items, Some(1), |x| x * x);
        assert_eq!(map(&items, None, |x| x * x), serial);
        assert_eq!(map(&items, Some(3), |x| x * x), serial);
        assert_eq!(map_range(1000, Some(2), |i| (i * i) as u64), serial);
    }

    #[test]
    fn workers_are_validated() {
        assert_eq!(resolve_workers(None).unwrap(), None);
        assert_eq!(resolve_workers(Some(-1)).unwrap(), None);
        assert_eq!(resolve_workers(Some(4)).unwrap(), Some(4));
        assert!(resolve_workers(Some(0)).is_err());
        assert!(resolve_workers(Some(-2)).is_err());
        assert_eq!(resolve_workers(Some(MAX_WORKERS)).unwrap(), Some(MAX_WORKERS as usize));
        assert!(resolve_workers(Some(MAX_WORKERS + 1)).is_err());
        assert!(resolve_workers(Some(i64::MAX)).is_err());
    }

    #[test]
    fn matrices_are_filled_in_place() {
        let mut m = vec![0usize; 12];
        fill_rows(&mut m, 4, Some(2), |i, row| row.iter_mut().enumerate().for_each(|(j, x)| *x = i * 4 + j));
        assert_eq!(m, (0..12).collect::<Vec<_>>());
        fill_rows(&mut m[..0], 0, None, |_, _| unreachable!());
    }
}
