//! A claim's value over several seeds: what one seed would hide.
//!
//! 1. `measure(seeds, run)` calls `run(seed)` once per seed and keeps every value, in seed order.
//! 2. It also watches whether the runs built a seeded generator (`sim::rng::built_on_this_thread`):
//!    a run that did is *stochastic*, and its claim must be judged over at least `MIN_SEEDS`
//!    seeds (`plugin::policy`). A run that built none is deterministic, and one seed is enough.
//! 3. The claim is judged on the median; the min–max is shown beside it, so a pass that rests on
//!    a lucky seed can be seen.

use serde::Serialize;

use crate::sim::rng::built_on_this_thread;

/// The fewest seeds a stochastic claim is judged over.
pub const MIN_SEEDS: usize = 5;

/// The seeds a stochastic claim runs by default: the first `MIN_SEEDS` positive integers, so
/// anyone can rerun one of them as a scenario's `seed`.
pub const DEFAULT_SEEDS: [u64; MIN_SEEDS] = [1, 2, 3, 4, 5];

/// Values of one quantity, one per seed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeedSpread {
    pub seeds: Vec<u64>,
    pub values: Vec<f64>,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// Whether any run built a seeded generator (so its value can depend on the seed).
    pub stochastic: bool,
}

impl SeedSpread {
    /// A value computed once, with no seed of its own (`stochastic` as `run_once` found it; a
    /// stochastic one breaks the seed rule, `plugin::policy`).
    pub fn once(value: f64, stochastic: bool) -> Self {
        Self {
            seeds: Vec::new(),
            values: vec![value],
            median: value,
            min: value,
            max: value,
            stochastic,
        }
    }

    /// Spread of given per-seed values (`stochastic` as the caller observed it).
    pub fn of(seeds: &[u64], values: Vec<f64>, stochastic: bool) -> Self {
        let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
        sorted.sort_by(f64::total_cmp);
        let (median, min, max) = match sorted.len() {
            0 => (f64::NAN, f64::NAN, f64::NAN),
            n => {
                let mid = n / 2;
                let median = if n % 2 == 1 {
                    sorted[mid]
                } else {
                    (sorted[mid - 1] + sorted[mid]) / 2.0
                };
                (median, sorted[0], sorted[n - 1])
            }
        };
        // A NaN (a failed run) makes the whole spread NaN: a claim never passes on the seeds
        // that happened to work.
        let failed = values.iter().any(|v| v.is_nan());
        Self {
            seeds: seeds.to_vec(),
            median: if failed { f64::NAN } else { median },
            min,
            max,
            values,
            stochastic,
        }
    }
}

/// Runs `run` once per seed and returns, per output, its spread over the seeds. `run` returns a
/// fixed number of values (one run often yields several claims, e.g. a table's rows).
pub fn measure_many<const N: usize>(
    seeds: &[u64],
    mut run: impl FnMut(u64) -> [f64; N],
) -> [SeedSpread; N] {
    let before = built_on_this_thread();
    let mut per_output: [Vec<f64>; N] = std::array::from_fn(|_| Vec::with_capacity(seeds.len()));
    for &seed in seeds {
        let values = run(seed);
        for (column, value) in per_output.iter_mut().zip(values) {
            column.push(value);
        }
    }
    let stochastic = built_on_this_thread() != before;
    per_output.map(|values| SeedSpread::of(seeds, values, stochastic))
}

/// Runs `run` once per seed, where a run yields a list of values (a table's rows, in the same
/// order every time) or fails; returns each row's spread, or the first failure.
pub fn measure_rows<E>(
    seeds: &[u64],
    mut run: impl FnMut(u64) -> Result<Vec<f64>, E>,
) -> Result<Vec<SeedSpread>, E> {
    let before = built_on_this_thread();
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for &seed in seeds {
        let values = run(seed)?;
        if rows.is_empty() {
            rows = vec![Vec::with_capacity(seeds.len()); values.len()];
        }
        // A run with a different number of rows is a bug in the caller: those rows are NaN,
        // so their claims fail instead of passing on the seeds that had them.
        for (i, row) in rows.iter_mut().enumerate() {
            row.push(values.get(i).copied().unwrap_or(f64::NAN));
        }
    }
    let stochastic = built_on_this_thread() != before;
    Ok(rows
        .into_iter()
        .map(|values| SeedSpread::of(seeds, values, stochastic))
        .collect())
}

/// `measure_rows` for runs that yield rows of any type: `value` reads each row's number, and
/// the first seed's rows (labels, paper values, methods) come back beside each one's spread.
pub fn rows_over_seeds<R, E>(
    seeds: &[u64],
    mut run: impl FnMut(u64) -> Result<Vec<R>, E>,
    value: impl Fn(&R) -> f64,
) -> Result<Vec<(R, SeedSpread)>, E> {
    let mut first: Option<Vec<R>> = None;
    let spreads = measure_rows(seeds, |seed| {
        let rows = run(seed)?;
        let values = rows.iter().map(&value).collect();
        first.get_or_insert(rows);
        Ok(values)
    })?;
    Ok(first.unwrap_or_default().into_iter().zip(spreads).collect())
}

/// Runs `run` once and says whether it built a seeded generator: for a claim that is computed
/// once, so that it can show it drew nothing (`SeedSpread::once`).
pub fn run_once<T>(run: impl FnOnce() -> T) -> (T, bool) {
    let before = built_on_this_thread();
    let out = run();
    (out, built_on_this_thread() != before)
}

/// `measure_many` for a run with one output.
pub fn measure(seeds: &[u64], mut run: impl FnMut(u64) -> f64) -> SeedSpread {
    let [spread] = measure_many(seeds, |seed| [run(seed)]);
    spread
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    #[test]
    fn the_median_min_and_max_are_of_the_values() {
        let spread = SeedSpread::of(&[1, 2, 3, 4], vec![4.0, 1.0, 3.0, 2.0], true);
        assert_eq!(spread.median, 2.5);
        assert_eq!((spread.min, spread.max), (1.0, 4.0));
        let odd = SeedSpread::of(&[1, 2, 3], vec![9.0, 1.0, 5.0], true);
        assert_eq!(odd.median, 5.0);
    }

    #[test]
    fn one_failed_seed_fails_the_median() {
        let spread = SeedSpread::of(&[1, 2, 3], vec![1.0, f64::NAN, 2.0], true);
        assert!(spread.median.is_nan());
    }

    #[test]
    fn a_run_that_builds_a_generator_is_found_stochastic_and_one_that_does_not_is_not() {
        let drawn = measure(&DEFAULT_SEEDS, |seed| Rng::new(seed).unit_f64());
        assert!(drawn.stochastic);
        assert_eq!(drawn.values.len(), MIN_SEEDS);
        assert!(drawn.min < drawn.max);
        let fixed = measure(&DEFAULT_SEEDS, |seed| seed as f64 * 0.0 + 7.0);
        assert!(!fixed.stochastic);
        assert_eq!((fixed.min, fixed.median, fixed.max), (7.0, 7.0, 7.0));
    }

    #[test]
    fn rows_of_a_table_each_get_their_spread_and_a_failure_is_returned() {
        let rows = measure_rows(&[1, 2], |seed| Ok::<_, ()>(vec![seed as f64, 5.0])).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].values, vec![1.0, 2.0]);
        assert!(!rows[1].stochastic);
        assert_eq!(measure_rows(&[1], |_| Err::<Vec<f64>, _>("no")), Err("no"));
    }

    #[test]
    fn a_value_computed_once_says_whether_it_drew() {
        let (value, drew) = run_once(|| 3.0);
        assert!(!drew);
        assert!(!SeedSpread::once(value, drew).stochastic);
        let (_, drew) = run_once(|| Rng::new(9).next_u64());
        assert!(drew);
    }

    #[test]
    fn several_outputs_of_one_run_each_get_their_spread() {
        let [a, b] = measure_many(&[1, 2, 3], |seed| [seed as f64, 10.0 * seed as f64]);
        assert_eq!(a.median, 2.0);
        assert_eq!(b.values, vec![10.0, 20.0, 30.0]);
    }
}
