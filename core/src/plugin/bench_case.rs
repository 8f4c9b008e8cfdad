//! A benchmark case (`flashlab bench`, `npm run bench`): a fixed amount of simulated work that
//! returns how many units it did. Only the caller reads a wall clock; the core never does.

pub struct BenchCase {
    pub name: &'static str,
    /// What one unit of work is, e.g. "simulated HDD requests".
    pub unit: &'static str,
    /// Runs `size` units (roughly) and returns the exact count done.
    pub run: fn(size: u64) -> u64,
    /// A size that takes about a second natively.
    pub default_size: u64,
}
