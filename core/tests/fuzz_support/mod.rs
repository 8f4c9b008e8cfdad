//! Support for `fuzz_scenarios.rs`: the seeded input generators and the "names a field" check.

pub mod check;
pub mod generate;
