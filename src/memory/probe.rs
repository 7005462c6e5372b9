//! How much memory the process may still allocate, where the platform says.
//!
//! Three limits can stop an allocation on Linux, and the smallest wins: the memory the system has
//! (`MemAvailable` plus free swap), what a cgroup v2 memory limit leaves (containers, batch jobs),
//! and what an address-space limit leaves (`ulimit -v`, `RLIMIT_AS`: the allocator refuses beyond
//! it). The last one is what makes the allocator itself fail; the first two are reached by the
//! operating system's out-of-memory killer instead, which no process can catch, so a large request
//! is checked against all three before it is made.

/// The bytes the process can still allocate: the smallest of the limits above; `None` where
/// the platform says nothing (no `/proc`).
pub fn available() -> Option<u128> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<u128> {
        let line = info.lines().find(|l| l.starts_with(name))?;
        let kib: u128 = line[name.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
        Some(kib * 1024)
    };
    let system = field("MemAvailable:")? + field("SwapFree:").unwrap_or(0);
    let limits = [cgroup_headroom(), address_space_headroom()];
    Some(limits.into_iter().flatten().fold(system, u128::min))
}

/// What a cgroup v2 memory limit leaves (`memory.max` minus `memory.current`), if one is set.
fn cgroup_headroom() -> Option<u128> {
    let read = |f: &str| std::fs::read_to_string(format!("/sys/fs/cgroup/{f}")).ok();
    let max: u128 = read("memory.max")?.trim().parse().ok()?; // "max" (no limit) does not parse
    let current: u128 = read("memory.current")?.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

/// What the address-space limit leaves: the soft `RLIMIT_AS` minus the address space in use
/// (`VmSize`), if a limit is set.
fn address_space_headroom() -> Option<u128> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    let limit: u128 = line["Max address space".len()..].split_whitespace().next()?.parse().ok()?; // "unlimited" does not parse
    Some(limit.saturating_sub(address_space_used()?))
}

/// The address space this process has mapped (`VmSize`), in bytes.
fn address_space_used() -> Option<u128> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
    let kib: u128 = line["VmSize:".len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linux_reports_what_is_available() {
        if !std::path::Path::new("/proc/meminfo").exists() {
            return;
        }
        let a = available().expect("Linux has /proc/meminfo");
        assert!(a > 0);
        assert!(address_space_used().unwrap() > 0);
    }
}
