//! Fig. 7's claims (scale-up at W_l = 0.8: FD+DS's worst insertion grows with the index, 659 s
//! at 90M keys; FD+FC's stays below 1 s), computed at block granularity by
//! `reproduce::scaleup` (one simulated block = γ real blocks, L0 real; see its header).
//! Tolerances are fixed before the run: the digest's Fig. 7 tolerance (§6) was ±30%; it is cut
//! to the policy's ±25 % (`plugin::policy`) for the paper's 659 s and for "worst ≈ longest
//! merge"; "< 1 s" is the paper's bound for FD+FC; the growth and flatness bounds (≥ 2×, ≤ 2×)
//! are those of the reduced-scale claims before.
//!
//! 1. Two points, 10M keys (Fig. 6's index, worst FD+DS insertion 33–38 s) and 90M keys.
//! 2. At 90M: FD+DS's worst insertion against 659 s; FD+FC's worst against 1 s; FD+DS's
//!    worst against its own longest merge.
//! 3. Growth 10M → 90M: FD+DS's worst grows (≥ 2×), FD+FC's stays flat (≤ 2×).
//! 4. Seeds: every value is judged on its median over `DEFAULT_SEEDS`. Five full runs would not
//!    fit the lab's time budget, so each size's preload and untimed warm-up (most of the cost)
//!    are built once from the first seed and shared; each seed draws its own timed window
//!    (`scaleup::scale_point_from`). The spread is the window's, not the warm-up's. FD+FC runs
//!    the first half of the window (`FC_WINDOW`), and the 10M point, which only scales the
//!    growth ratios, is run once at the first seed.
//! 5. "FD+DS's worst ≈ its longest merge at 90M" is an identity of the window's set-up (the
//!    window opens with L0 at its trigger and the full merge due, and FD+DS frees no L0 slot
//!    until the merge ends, so a saturated writer waits for all of it); it is kept, labelled so,
//!    because a seed where it fails shows the set-up did not hold.

use super::super::conc::Scheme;
use super::claims_latency::GR;
use super::runs::closest_run;
use super::scaleup::{GAMMA, ScalePoint, Warm, scale_point_from, warm};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure_many};

/// G_R requests in each timed window (enough for the writers to outlast the full merge).
const WINDOW: usize = 150_000;
const SMALL_KEYS: u64 = 10_000_000;
const LARGE_KEYS: u64 = 90_000_000;

const DIFFERENCES: &str = "block granularity: one simulated block stands for γ = 24 real \
    blocks and the index is simulated one level shorter (the real L1, 0.5 % of the full merge, \
    is not represented); the stream before the full merge is applied untimed and the timed \
    window opens when the full merge is due (the paper times its whole 90M-request run); to fit \
    the time budget the preload and warm-up are built once (first seed) and shared, so the \
    seeds vary only the timed window's stream (FD+FC runs its first half; the 10M point is \
    run at the first seed only); the merge \
    rate is the per-block cost calibrated at 10M keys, constant in the index size";

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { f64::NAN } else { a / b }
}

fn pick(points: &[ScalePoint], scheme: Scheme) -> Option<ScalePoint> {
    points.iter().copied().find(|p| p.scheme == scheme)
}

fn seeds_text() -> String {
    let first = DEFAULT_SEEDS.first().copied().unwrap_or(1);
    let last = DEFAULT_SEEDS.last().copied().unwrap_or(1);
    format!("seeds {first}–{last}")
}

fn method(p: &ScalePoint) -> String {
    format!(
        "BLOCK GRANULARITY (not every key): {} keys simulated as {} keys on β=341, γ={GAMMA}, \
         κ0=64 (the paper's geometry, L0 real), each simulated block standing for γ real \
         blocks and costing γ × 0.6 ms per read or write; {} G_R requests (W_l=0.8, the \
         first seed) applied untimed until the full merge is due ({} simulated blocks), then \
         a timed window of {} requests over 6 readers + 2 saturated writers, FD+DS and FD+FC \
         from the same state; the window drawn from each of {}, judged on the median",
        p.paper_keys,
        p.paper_keys / GAMMA,
        p.warmup_requests,
        p.blocks_at_start,
        p.window_requests,
        seeds_text()
    )
}

/// FD+FC's timed window: the first half of FD+DS's stream. Its worst insertion comes early in
/// the full merge: it was the same with 75K, 100K and 150K requests at seeds 1–3 at both sizes.
const FC_WINDOW: usize = WINDOW / 2;

fn worst_s(points: &[ScalePoint], scheme: Scheme) -> f64 {
    pick(points, scheme).map_or(f64::NAN, |p| p.worst_insert_ns as f64 / 1e9)
}

/// Per seed at 90M keys: [DS worst (s), FC worst (s), DS worst / its longest merge, DS worst /
/// DS worst at 10M, FC worst / FC worst at 10M]; NaN where a run failed.
fn one_seed(
    large: &Warm,
    small: (f64, f64),
    seed: u64,
    first: &mut Option<ScalePoint>,
) -> [f64; 5] {
    let Ok(points) = scale_point_from(large, (WINDOW, FC_WINDOW), seed) else {
        return [f64::NAN; 5];
    };
    let Some(ds) = pick(&points, Scheme::Ds) else {
        return [f64::NAN; 5];
    };
    first.get_or_insert(ds);
    let (ds_l, fc_l) = (worst_s(&points, Scheme::Ds), worst_s(&points, Scheme::Fc));
    [
        ds_l,
        fc_l,
        ratio(ds.worst_insert_ns as f64, ds.longest_merge_ns as f64),
        ratio(ds_l, small.0),
        ratio(fc_l, small.1),
    ]
}

/// The claims of steps 1–5, each linking the closest lab runs (FD+DS and FD+FC on the reduced
/// G_R run of Fig. 6): a 90M-key index does not fit a scenario.
pub fn claims() -> Vec<Claim> {
    let differs = "the claim's runs are 10M- and 90M-key indexes at block granularity (one \
        simulated block = 24 real blocks, β = 341) with an untimed warm-up and a 150,000-request \
        timed window; the lab holds at most 20,000 keys, so this is Fig. 6's reduced run \
        (β = 16, γ = 4, κ0 = 4)";
    let seed = DEFAULT_SEEDS[0];
    unlinked()
        .into_iter()
        .map(|c| {
            c.run(closest_run(&GR, "FD+DS", "ds", seed, differs))
                .run(closest_run(&GR, "FD+FC", "fc", seed, differs))
        })
        .collect()
}

fn unlinked() -> Vec<Claim> {
    let first_seed = DEFAULT_SEEDS.first().copied().unwrap_or(1);
    let (Ok(small), Ok(large)) = (warm(SMALL_KEYS, first_seed), warm(LARGE_KEYS, first_seed))
    else {
        return Vec::new();
    };
    // The 10M point once, at the first seed: it only scales the growth ratios (see the header).
    let Ok(small) = scale_point_from(&small, (WINDOW, FC_WINDOW), first_seed) else {
        return Vec::new();
    };
    let small = (worst_s(&small, Scheme::Ds), worst_s(&small, Scheme::Fc));
    let mut first = None;
    let spreads = measure_many(&DEFAULT_SEEDS, |seed| {
        one_seed(&large, small, seed, &mut first)
    });
    let Some(first) = first else {
        return Vec::new();
    };
    build(first, spreads, small)
}

fn build(first: ScalePoint, spreads: [SeedSpread; 5], small: (f64, f64)) -> Vec<Claim> {
    let [ds_l, fc_l, ds_is_merge, ds_grows, fc_flat] = spreads;
    let m90 = method(&first);
    let both = format!(
        "{m90}; and the same at 10M keys, at the first seed only (FD+DS worst {:.1} s, FD+FC \
         worst {:.3} s)",
        small.0, small.1
    );
    vec![
        Claim::new(
            "seed002.fig7.ds_worst_90m",
            "Fig. 7: FD+DS's worst insertion R_p at 90M keys (1080 MB) is 659 s (±25 %)",
            "s",
            659.0,
            f64::NAN,
            25.0,
            m90.clone(),
        )
        .over_seeds(ds_l)
        .differences(DIFFERENCES)
        .if_missed(
            "the model's merge rate is constant per block (calibrated at 10M: 33–38 s), so a \
             9× larger full merge takes ~9× longer; the paper's 659 s is ~18× its 10M value \
             (an effective 1.6 MB/s against 3.4 MB/s, digest §5.2), a slowdown the model does \
             not have",
        ),
        Claim::at_most(
            "seed002.fig7.fc_worst_90m",
            "Fig. 7: FD+FC's worst insertion R_p at 90M keys stays below 1 s",
            "s",
            1.0,
            f64::NAN,
            m90.clone(),
        )
        .over_seeds(fc_l)
        .differences(DIFFERENCES),
        Claim::new(
            "seed002.fig7.ds_worst_is_merge_90m",
            "Fig. 7: at 90M keys FD+DS's worst insertion ≈ its longest merge (±25 %): its \
             writers fill the leftover L0 at once and wait for the merge",
            "× merge",
            1.0,
            f64::NAN,
            25.0,
            m90,
        )
        .identity(
            "true by the window's set-up: the timed window opens with L0 at its trigger and the \
             full merge due, and FD+DS frees no L0 slot until the merge ends, so a saturated \
             writer fills the leftover L0 at once and waits for the whole merge; a seed below 1 \
             shows the set-up did not hold there",
        )
        .over_seeds(ds_is_merge)
        .differences(DIFFERENCES),
        Claim::at_least(
            "seed002.fig7.ds_worst_grows",
            "Fig. 7: FD+DS's worst insertion grows with the index (33–38 s at 10M, 659 s at \
             90M keys): 90M / 10M",
            "×",
            2.0,
            f64::NAN,
            both.clone(),
        )
        .over_seeds(ds_grows)
        .differences(DIFFERENCES),
        Claim::at_most(
            "seed002.fig7.fc_worst_flat",
            "Fig. 7: FD+FC's worst insertion stays flat (< 1 s at every size): 90M / 10M",
            "×",
            2.0,
            f64::NAN,
            both,
        )
        .over_seeds(fc_flat)
        .differences(DIFFERENCES),
    ]
}
