//! Parallel map over a batch with a `workers` knob.
//!
//! `workers = None` uses as many threads as rayon's global pool has (`RAYON_NUM_THREADS`, else
//! all cores): the global pool itself, or, for a call run through [`call_pool`], that pool of the
//! same size (rayon's parallel iterators run in the pool of the thread that starts them), `Some(1)` runs serially on the calling thread, `Some(n)` uses a pool of `min(n, cores)`
//! threads. Pools are built once per size and kept for the life of the process: building one
//! per call cost milliseconds per call, and seconds for thousands of threads.
//! Every item is computed independently and results come back in input order, so the output
//! is bit-identical for any number of workers.
//!
//! Every pass here is also where a long call is observed: under a [`crate::control::Control`]
//! each item is counted and checked for cancellation (see that module).
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;
use rayon::ThreadPool;

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

/// The number of threads a pool for `n` workers gets: never more than the machine's cores.
fn pool_threads(n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    n.min(cores).max(1)
}

/// The shared pool with `threads` threads, built on first use. `None` if the operating system
/// refuses to start the threads (the caller then computes serially: same result).
fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    static POOLS: OnceLock<Mutex<Vec<Option<Arc<ThreadPool>>>>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| Mutex::new(Vec::new()));
    let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
    if pools.len() <= threads {
        pools.resize(threads + 1, None);
    }
    if pools[threads].is_none() {
        pools[threads] = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("rougebleu-{i}"))
            .build()
            .ok()
            .map(started)
            .map(Arc::new);
    }
    pools[threads].clone()
}

/// `pool`, once every one of its threads is running.
///
/// A thread's first touch of this library's thread-local variables makes glibc allocate their
/// block for that thread (the library is loaded with `dlopen`), and when that allocation fails
/// glibc aborts the process: it has no way to report it. A pool's threads start asynchronously,
/// so a thread could make that first touch after a call had filled an address-space limit with
/// a matrix. Waiting here, before the call allocates anything sized by its input, means every
/// thread a call can use has its block already, and the memory checks see the threads' stacks.
fn started(pool: ThreadPool) -> ThreadPool {
    pool.broadcast(|_| ());
    pool
}

/// Builds the thread pools a call with `workers` can use, and waits until their threads run.
/// Every batch entry point calls this before its first allocation sized by the input (see
/// [`started`]): the call threads, rayon's global pool (calls short enough to run inline use
/// it), and the pool for `workers`.
pub fn ready(workers: Option<usize>) {
    let _ = call_pool();
    if let Some(n) = workers.filter(|&n| n > 1) {
        let _ = pool(pool_threads(n));
    }
}

/// The threads that run whole calls for a front end that must keep its own thread free (the
/// Python binding polls for Ctrl-C there): as many as the global pool has (one per core unless
/// `RAYON_NUM_THREADS` says otherwise), built once, so that the per-thread caches a call fills
/// (stems, interned words, n-gram tables) serve the following calls, and calls from several
/// front-end threads still run side by side. A call's `workers = None` passes run in this pool,
/// so its size is also theirs. `None` if the threads cannot be started.
pub fn call_pool() -> Option<&'static ThreadPool> {
    static CALLS: OnceLock<Option<ThreadPool>> = OnceLock::new();
    CALLS
        .get_or_init(|| {
            // Outside any pool this is the global pool's size (`RAYON_NUM_THREADS`, else the cores),
            // and it starts the global pool: its threads, too, must run before the call allocates.
            let threads = rayon::current_num_threads();
            rayon::broadcast(|_| ());
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("rougebleu-call-{i}"))
                .build()
                .ok()
                .map(started)
        })
        .as_ref()
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
    match workers {
        Some(1) => items.iter().map(f).collect(),
        None => items.par_iter().panic_fuse().map(f).collect(),
        Some(n) => match pool(pool_threads(n)) {
            Some(pool) => pool.install(|| items.par_iter().panic_fuse().map(f).collect()),
            // A pool can fail to start (thread limits); computing serially gives the same result.
            None => items.iter().map(f).collect(),
        },
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
    match workers {
        Some(1) => out.chunks_mut(cols).enumerate().for_each(|(i, row)| f(i, row)),
        None => run(out),
        Some(n) => match pool(pool_threads(n)) {
            Some(pool) => pool.install(|| run(out)),
            None => out.chunks_mut(cols).enumerate().for_each(|(i, row)| f(i, row)),
        },
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
    match workers {
        Some(1) => (0..len).map(f).collect(),
        None => (0..len).into_par_iter().panic_fuse().map(f).collect(),
        Some(n) => match pool(pool_threads(n)) {
            Some(pool) => pool.install(|| (0..len).into_par_iter().panic_fuse().map(f).collect()),
            None => (0..len).map(f).collect(),
        },
    }
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

    #[test]
    fn pools_are_built_once_per_size() {
        let a = pool(pool_threads(2)).unwrap();
        let b = pool(pool_threads(2)).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(pool_threads(MAX_WORKERS as usize) <= std::thread::available_parallelism().unwrap().get());
    }
}
