//! The claim plumbing of the seeded MaSM reproductions that judge several claims on one sweep
//! (Figs. 17, 18, 22).
//!
//! 1. `over_seeds`: the sweep runs once per seed of `DEFAULT_SEEDS` on the paper-scale
//!    devices; each seed's sweep gives one value per claim (`measure_rows`), and the first
//!    seed's sweep comes back whole, for the tables in the method.
//! 2. `judged_claims`: one claim per spec, judged on its spread's median, each with the
//!    figure's method, differences and course-scale runs.

use crate::masm::io::Devices;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure_rows};
use crate::plugin::{Claim, ClaimRun, Judgement};

/// A claim of a figure: (id, the paper's statement, unit, the paper's value, judgement).
pub type Spec<'a> = (&'a str, &'a str, &'a str, f64, Judgement);

/// Step 1: each claim's spread over the seeds, and the first seed's sweep.
pub fn over_seeds<R>(
    base: &Result<Devices, String>,
    mut sweep: impl FnMut(&Devices, u64) -> Result<R, String>,
    values: impl Fn(&R) -> Vec<f64>,
) -> Result<(Vec<SeedSpread>, R), String> {
    let base = base.as_ref().map_err(Clone::clone)?;
    let mut first = None;
    let spreads = measure_rows(&DEFAULT_SEEDS, |seed| {
        let swept = sweep(base, seed)?;
        let row = values(&swept);
        first.get_or_insert(swept);
        Ok::<_, String>(row)
    })?;
    let first = first.ok_or_else(|| "no seed ran".to_string())?;
    Ok((spreads, first))
}

/// Step 2.
pub fn judged_claims(
    specs: Vec<Spec<'_>>,
    spreads: Vec<SeedSpread>,
    method: &str,
    differences: &str,
    runs: &[ClaimRun],
) -> Vec<Claim> {
    specs
        .into_iter()
        .zip(spreads)
        .map(|((id, claim, unit, paper, judgement), spread)| {
            let judged = Claim::judged(
                id,
                claim,
                unit,
                paper,
                spread.median,
                judgement,
                method.to_string(),
            )
            .differences(differences)
            .over_seeds(spread);
            runs.iter().cloned().fold(judged, Claim::run)
        })
        .collect()
}
