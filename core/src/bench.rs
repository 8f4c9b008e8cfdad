//! Benchmark workloads (`flashlab bench`, `npm run bench`): every built lab's cases, in registry
//! order. Each case does a fixed amount of simulated work and returns how many units it did;
//! the caller times it with a wall clock, which the core itself never reads.

pub use crate::plugin::BenchCase;

pub fn cases() -> Vec<BenchCase> {
    crate::labs::PLUGINS
        .iter()
        .flat_map(|plugin| (plugin.bench_cases)())
        .collect()
}
