//! Parallel map over a batch with a `workers` knob.
//!
//! `workers = None` uses rayon's global pool (sized by `RAYON_NUM_THREADS`, else all cores),
//! `Some(1)` runs serially on the calling thread, `Some(n)` uses a pool of `n` threads.
//! Every item is computed independently and results come back in input order, so the output
//! is bit-identical for any number of workers.
use rayon::prelude::*;

use crate::error::{Error, Result};

/// Resolve a user `workers` value: `None` and `-1` mean "all", `0` and other negatives are errors.
pub fn resolve_workers(workers: Option<i64>) -> Result<Option<usize>> {
    match workers {
        None | Some(-1) => Ok(None),
        Some(n) if n >= 1 => Ok(Some(n as usize)),
        Some(n) => Err(Error::value("workers", format!("must be a positive integer, -1 or None, got {n}"))),
    }
}

/// Apply `f` to every item, in parallel according to `workers`, keeping input order.
pub fn map<T, R, F>(items: &[T], workers: Option<usize>, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    match workers {
        Some(1) => items.iter().map(f).collect(),
        None => items.par_iter().map(f).collect(),
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => pool.install(|| items.par_iter().map(&f).collect()),
            // A pool can fail to start (thread limits); computing serially gives the same result.
            Err(_) => items.iter().map(f).collect(),
        },
    }
}

/// Like [`map`] over the index range `0..len`.
pub fn map_range<R, F>(len: usize, workers: Option<usize>, f: F) -> Vec<R>
where
    R: Send,
    F: Fn(usize) -> R + Sync + Send,
{
    match workers {
        Some(1) => (0..len).map(f).collect(),
        None => (0..len).into_par_iter().map(f).collect(),
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => pool.install(|| (0..len).into_par_iter().map(&f).collect()),
            Err(_) => (0..len).map(f).collect(),
        },
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
    }
}
