//! Empty: the benchmarks are in `benches/kernels.rs`.
