//! Benchmark workloads (`flashlab bench`, `npm run bench`). Each case does a fixed amount of
//! simulated work and returns how many units it did; the caller times it with a wall clock,
//! which the core itself never reads.

pub struct BenchCase {
    pub name: &'static str,
    /// What one unit of work is, e.g. "simulated HDD requests".
    pub unit: &'static str,
    /// Runs `size` units (roughly) and returns the exact count done.
    pub run: fn(size: u64) -> u64,
    /// A size that takes about a second natively.
    pub default_size: u64,
}

pub fn cases() -> Vec<BenchCase> {
    let mut cases = vec![BenchCase {
        name: "hdd: random 4 KB reads, FCFS, QD 32",
        unit: "simulated requests",
        run: crate::device::hdd::bench::random_reads_fcfs_qd32,
        default_size: crate::device::hdd::bench::DEFAULT_REQUESTS,
    }];
    cases.extend(crate::device::ssd::bench_cases());
    cases.extend(crate::masm::bench::cases());
    cases
}
