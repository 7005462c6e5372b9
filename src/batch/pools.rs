//! The thread pools batch work runs in: built on first use and kept (building one per call cost
//! milliseconds per call), started before a call allocates, and rebuilt in a forked child.
//!
//! Rayon's global pool is never used. After `fork()` the child has none of the parent's threads,
//! and rayon cannot replace its global pool, so the first parallel call in the child would wait
//! for ever (a `multiprocessing` or data-loader worker forked after a batch call in the parent).
//! These pools belong to the process that built them: a fork handler bumps a generation, and a
//! child builds its own pools on first use and forgets the parent's (dropping them would wait for
//! threads that do not exist there).
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::ThreadPool;

/// Forks seen by this process (in the child: one more than its parent had).
static GENERATION: AtomicU64 = AtomicU64::new(0);

struct Pools {
    /// The [`GENERATION`] these pools were built in.
    generation: u64,
    /// The call threads: `None` until built, `Some(None)` if they could not be started.
    calls: Option<Option<&'static ThreadPool>>,
    /// The pools for `workers = n`, by thread count.
    sized: Vec<Option<Arc<ThreadPool>>>,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools { generation: 0, calls: None, sized: Vec::new() });

/// The pools of this process, after forgetting any built before a fork.
fn with_pools<R>(f: impl FnOnce(&mut Pools) -> R) -> R {
    watch_forks();
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let generation = GENERATION.load(Ordering::Acquire);
    if pools.generation != generation {
        // Built by an ancestor process: their threads are not in this one.
        std::mem::forget(std::mem::take(&mut pools.sized));
        pools.calls = None;
        pools.generation = generation;
    }
    f(&mut pools)
}

#[cfg(unix)]
fn watch_forks() {
    extern "C" fn in_child() {
        GENERATION.fetch_add(1, Ordering::AcqRel);
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: the handler only increments an atomic, which is async-signal-safe.
    ONCE.call_once(|| unsafe {
        libc::pthread_atfork(None, None, Some(in_child));
    });
}

#[cfg(not(unix))]
fn watch_forks() {}

/// The threads of a pool for `workers = None`: `RAYON_NUM_THREADS` when it is a positive number
/// (as rayon's own default), else one per core.
fn default_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(cores)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |c| c.get())
}

/// The number of threads a pool for `n` workers gets: never more than the machine's cores.
pub fn pool_threads(n: usize) -> usize {
    n.min(cores()).max(1)
}

/// A pool of `threads` threads named `name-i`, once every thread runs; `None` if the operating
/// system refuses to start them (callers then compute serially: same result).
///
/// Waiting for the threads matters under a memory limit: a thread's first touch of this
/// library's thread-local variables makes glibc allocate their block for that thread (the
/// library is loaded with `dlopen`), and glibc aborts the process when that fails. Threads start
/// asynchronously, so one could make that first touch after a call had filled an address-space
/// limit with a matrix. Started here, before the call allocates anything sized by its input (see
/// [`ready`]), every thread has its block already, and the memory checks see their stacks.
fn build(threads: usize, name: &'static str) -> Option<ThreadPool> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{name}-{i}"))
        .build()
        .ok()?;
    pool.broadcast(|_| ());
    Some(pool)
}

/// The shared pool with `threads` threads, built on first use.
pub fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    with_pools(|pools| {
        if pools.sized.len() <= threads {
            pools.sized.resize(threads + 1, None);
        }
        if pools.sized[threads].is_none() {
            pools.sized[threads] = build(threads, "rougebleu").map(Arc::new);
        }
        pools.sized[threads].clone()
    })
}

/// The threads that run whole calls for a front end that must keep its own thread free (the
/// Python binding polls for Ctrl-C there): [`default_threads`] of them, built once per process,
/// so that the per-thread caches a call fills (stems, interned words, n-gram tables) serve the
/// following calls, and calls from several front-end threads still run side by side. A call's
/// `workers = None` passes run in this pool, so its size is also theirs. `None` if the threads
/// cannot be started.
pub fn call_pool() -> Option<&'static ThreadPool> {
    with_pools(|pools| {
        *pools.calls.get_or_insert_with(|| {
            build(default_threads(), "rougebleu-call").map(|p| &*Box::leak(Box::new(p)))
        })
    })
}

/// Builds the pools a call with `workers` can use, and waits until their threads run. Every
/// batch entry point calls this before its first allocation sized by the input (see [`build`]).
pub fn ready(workers: Option<usize>) {
    let _ = call_pool();
    if let Some(n) = workers.filter(|&n| n > 1) {
        let _ = pool(pool_threads(n));
    }
}

/// Runs `parallel` in the pool for `workers` (`None`: the pool of the current thread when it is
/// one of these pools' threads, else the call threads), or returns `None` when no pool can be had.
pub fn install<R: Send>(workers: Option<usize>, parallel: impl FnOnce() -> R + Send) -> Option<R> {
    match workers {
        None if rayon::current_thread_index().is_some() => Some(parallel()),
        None => call_pool().map(|pool| pool.install(parallel)),
        Some(n) => pool(pool_threads(n)).map(|pool| pool.install(parallel)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_are_built_once_per_size() {
        let a = pool(pool_threads(2)).unwrap();
        let b = pool(pool_threads(2)).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(pool_threads(usize::MAX) <= cores());
    }

    #[test]
    fn parallel_work_never_starts_rayons_global_pool() {
        // Work with workers = None from outside any pool runs on the call threads.
        let name = install(None, || std::thread::current().name().map(str::to_owned)).unwrap();
        assert!(name.unwrap().starts_with("rougebleu-call-"));
    }
}
