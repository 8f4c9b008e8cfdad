//! The FD+tree lab's ablation claims (`flashlab reproduce`), counted in blocks by the
//! sequential FD+tree (see `reproduce::skipping`). Tolerances are the digest's §6, fixed
//! before the run; "±10 pp" and "±5 pp" are turned into the equivalent percent of the ratio.
//!
//! 1. §5.2 level skipping (γ = 12): lookups read fewer blocks with skipping (paper: average
//!    lookup R_p −14%, 5 materialized levels → 4 + 1 skipped), and merges write no more.
//! 2. Rem. A.17 proactive triggering: merges write +12% blocks when triggered at 75% of L0 and
//!    +33% at 50%, on an 80%-update workload.

use super::runs::{GrRun, closest_run};
use super::skipping::{proactive_writes, skipping_effect};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, measure_many};

fn seeds_text() -> String {
    format!(
        "median over seeds {}–{}",
        DEFAULT_SEEDS[0],
        DEFAULT_SEEDS[DEFAULT_SEEDS.len() - 1]
    )
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { f64::NAN } else { a / b }
}

/// The lab run closest to the ablation claims' block counts (the lab's largest preload).
fn closest(cfg: (usize, u64, u64), lookup_fraction: f64, differs: &str) -> crate::plugin::ClaimRun {
    let run = GrRun {
        beta: cfg.0 as u64,
        gamma: cfg.1,
        kappa0: cfg.2,
        preload: 20_000,
        requests: 40_000,
        lookup_fraction,
        readers: 6,
        writers: 2,
    };
    closest_run(&run, "FD+FC", "fc", DEFAULT_SEEDS[0], differs)
}

fn level_skipping() -> Vec<Claim> {
    const CFG: (usize, u64, u64) = (32, 12, 1);
    const PRELOAD: u64 = 30_000;
    let [reads, writes, levels_with, levels_without] = measure_many(&DEFAULT_SEEDS, |seed| {
        match skipping_effect(CFG, PRELOAD, 2 * PRELOAD, seed) {
            Ok((with, without)) => [
                ratio(with.reads_per_lookup, without.reads_per_lookup),
                ratio(
                    with.merge_blocks_written as f64,
                    without.merge_blocks_written as f64,
                ),
                with.materialized_levels,
                without.materialized_levels,
            ],
            Err(_) => [f64::NAN; 4],
        }
    });
    let method = format!(
        "sequential FD+tree β=32, γ=12, κ0=1, {PRELOAD} G_R keys preloaded then {} G_R \
         requests at W_l=0.8, {}, with and without Eq. (3) relabelling; disk blocks read per \
         lookup, no buffer cache. Materialized disk levels {:.2} with vs {:.2} without (medians)",
        2 * PRELOAD,
        seeds_text(),
        levels_with.median,
        levels_without.median
    );
    let differences = "reduced scale: β=32, 30,000 keys, 60,000 requests (the paper: β≈341, \
                       10M keys, 20M requests); at this scale the levels above the bottom hold \
                       data from partial merges, so finalize seldom finds a fence-only level \
                       to skip (the paper's 5 → 4 levels needs β/γ ≈ 28 and a bottom just past \
                       κ3)";
    vec![
        Claim::new(
            "seed002.fig9.level_skipping_lookup_reads",
            "§5.2: level skipping lowers average lookup cost by 14% (lookup reads with / \
             without skipping; ±10 pp)",
            "×",
            0.86,
            f64::NAN,
            100.0 * 0.10 / 0.86,
            method.clone(),
        )
        .over_seeds(reads)
        .differences(differences)
        .if_missed(
            "at this scale finalize seldom finds a fence-only level to skip, so both arms \
             read about the same levels (see the differences)",
        ),
        Claim::at_most(
            "seed002.fig9.level_skipping_merge_writes",
            "§5.2: with level skipping the merges take no longer (merge blocks written with / \
             without skipping)",
            "×",
            1.0,
            f64::NAN,
            method,
        )
        .over_seeds(writes)
        .differences(differences)
        .if_missed(
            "at this scale finalize seldom finds a level to skip (both arms keep about the \
             same materialized levels), so the two arms' merges write nearly the same blocks \
             and the per-seed ratios scatter a fraction of a percent on either side of 1; the \
             bound has no tolerance, so the median's side of 1 is that scatter's, and it moves \
             with the G_R stream (Rem. A.7's re-inserted keys put it just above 1)",
        ),
    ]
}

fn proactive() -> Vec<Claim> {
    const PRELOAD: u64 = 20_000;
    const REQUESTS: u64 = 40_000;
    let l0 = 64 * 4;
    let [r75, r50, base] = measure_many(&DEFAULT_SEEDS, |seed| {
        let writes = |t: Option<usize>| proactive_writes(t, PRELOAD, REQUESTS, seed);
        match (writes(None), writes(Some(l0 * 3 / 4)), writes(Some(l0 / 2))) {
            (Ok(base), Ok(t75), Ok(t50)) => [
                ratio(t75 as f64, base as f64),
                ratio(t50 as f64, base as f64),
                base as f64,
            ],
            _ => [f64::NAN; 3],
        }
    });
    let method = format!(
        "FD+DS merge policy, β=64, γ=4, κ0=4 (L0 = {l0} entries, usual trigger β·κ0 − κ1 = 240), \
         {PRELOAD} G_R keys preloaded then {REQUESTS} G_R requests at W_l=0.2 (80% updates), \
         {}; merge blocks written at 75% and at 50% of L0 over those at the usual trigger \
         ({:.0} blocks, median)",
        seeds_text(),
        base.median
    );
    let differences = "reduced scale: β=64, γ=4, κ0=4, 20,000 keys, 40,000 requests (the \
                       paper: β≈341, 10M keys)";
    vec![
        Claim::new(
            "seed002.remA17.proactive_75_extra_writes",
            "Rem. A.17: FD+DS triggered at 75% of L0 writes +12% pages (±5 pp)",
            "×",
            1.12,
            f64::NAN,
            100.0 * 0.05 / 1.12,
            method.clone(),
        )
        .over_seeds(r75)
        .differences(differences),
        Claim::new(
            "seed002.remA17.proactive_50_extra_writes",
            "Rem. A.17: FD+DS triggered at 50% of L0 writes +33% pages (±5 pp)",
            "×",
            1.33,
            f64::NAN,
            100.0 * 0.05 / 1.33,
            method,
        )
        .over_seeds(r50)
        .differences(differences),
    ]
}

pub fn claims() -> Vec<Claim> {
    let skipping = closest(
        (32, 12, 1),
        0.8,
        "the claim counts the blocks the sequential FD+tree reads and writes with level \
         skipping against without it (30,000 keys preloaded, 60,000 requests), which the lab \
         cannot switch off; this is FD+FC, which skips levels, at the claim's β = 32, γ = 12, \
         κ0 = 1",
    );
    let proactive_link = closest(
        (64, 4, 4),
        0.2,
        "the claim counts merge blocks written by the FD+DS policy when triggered at 75 % and \
         50 % of L0 against the usual trigger, which the lab cannot set; this is FD+FC at the \
         claim's β = 64, γ = 4, κ0 = 4 and W_l = 0.2",
    );
    let mut out: Vec<Claim> = level_skipping()
        .into_iter()
        .map(|c| c.run(skipping.clone()))
        .collect();
    out.extend(
        proactive()
            .into_iter()
            .map(|c| c.run(proactive_link.clone())),
    );
    out
}
