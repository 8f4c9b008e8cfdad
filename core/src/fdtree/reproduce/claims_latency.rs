//! The FD+tree lab's latency claims (`fdtree::claims` lists them first), computed by the
//! discrete-event run with every block I/O on the SSD model of the paper's X25-E
//! (`conc::device`, queued on its dies and channels); the constant 0.6 ms per block
//! (`SsdCost::x25e_effective`) is only step 1's calibration point. Tolerances are the digest's
//! §6, fixed before the run.
//!
//! Scale: `flashlab reproduce` runs inside `npm test` in the dev profile, so every run here is
//! reduced: β = 16, γ = 4, κ0 = 4, 8,000 keys preloaded, 4,000 G_R requests (the paper: 10M
//! keys, 4 KB blocks). The paper-scale figures are not simulated; the misses this scale causes
//! are named in each claim's method.
//!
//! 1. Calibration: a full merge of the paper's 120 MB index (≈29.3K blocks read + written)
//!    costs 29.3K × (read + write) on the fitted cost ≈ the 33–38 s worst FD+XM/FD+DS insertion.
//! 2. Fig. 1: the per-bucket maximum insertion R_p of one FD+XM client has merge spikes far
//!    above the median bucket, growing with the index.
//! 3. Fig. 6 at W_l = 0.8, through the paper's harness (§5, `claims_harness::spec`: the G_R
//!    file read by one injection thread into Q_r / Q_w, 5,000 slots split by W_l, 6 reader and
//!    2 writer workers; issue 28 item 7): worst insertion of XM and DS ≈ their longest merge
//!    (±25%); FC's worst insertion ≤ 1/10 of DS's; σ_FC < σ_DS / 3; XM's worst lookup ≥ 0.9 ×
//!    its longest merge; throughput FC ≥ DS, FC ≥ XM and DS > XM (completion-time ratios).
//! 4. Fig. 9a: FD+FC without memory sharing: worst insertion ≈ FD+DS's (±25%).
//! 5. Space over time: FD+DS's peak live blocks over FD+FC's, on the same run (FD+DS holds
//!    the old levels until the merge ends: about double what the merge rewrites).

use super::super::conc::{OpKind, Scheme, SimReport, SsdCost};
use super::super::workload::{GenR, Op};
use super::super::{FdConfig, MergePolicy};
use super::claims_harness::{harness_run_with, spec};
use super::fig1_sawtooth;
use super::runs::{GrRun, calibration_run, fig1_run, gr_run};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure_many, run_once};

const READERS: usize = 6;
const PRELOAD: u64 = 8_000;
const REQUESTS: usize = 4_000;
/// The G_R run of steps 3–5 as the lab's scenario states it (`runs::gr_run`); `run` builds the
/// same tree from it.
pub const GR: GrRun = GrRun {
    beta: 16,
    gamma: 4,
    kappa0: 4,
    preload: PRELOAD,
    requests: REQUESTS as u64,
    lookup_fraction: 0.8,
    readers: READERS as u64,
    writers: 2,
};

/// Known differences from the paper's set-up, shared by the concurrent runs (steps 3–5).
const DIFFERENCES: &str = "reduced scale (β=16, γ=4, κ0=4, 8,000 keys preloaded, 4,000 \
    requests; the paper: β≈341, 10M keys, 4 KB blocks); block I/O on the SSD lab's X25-E model \
    (queued, no file system, no buffer cache; a merge step's I/Os issued together), CPU a \
    constant 2 µs per step, so merges are shorter than the paper's measured ones; injecting a \
    request takes no time";
/// Blocks of the paper's 120 MB index at 4 KB (digest §5.2).
const PAPER_INDEX_BLOCKS: f64 = 29_300.0;

fn scale() -> String {
    format!(
        "reduced scale: β=16, γ=4, κ0=4, {PRELOAD} keys preloaded, {REQUESTS} G_R requests \
         at W_l=0.8 through the paper's harness (one injection thread, |Q_r| + |Q_w| = 5000 \
         split by W_l, 6 reader + 2 writer workers), block I/O on the X25-E SSD model (paper: \
         10M keys); the median over seeds {}–{}",
        DEFAULT_SEEDS[0],
        DEFAULT_SEEDS[DEFAULT_SEEDS.len() - 1]
    )
}

/// Step 3's run of `scheme` under `policy` at `seed`: the G_R file through the harness.
fn run(scheme: Scheme, policy: MergePolicy, seed: u64) -> Option<SimReport> {
    let mut g = GenR::new(seed, 800, 1);
    let pre = g.preload(PRELOAD);
    let file: Vec<Op> = (0..REQUESTS).map(|_| g.next_op()).collect();
    harness_run_with(scheme, policy, &pre, file, spec(800, None))
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { f64::NAN } else { a / b }
}

fn calibration() -> Claim {
    let c = SsdCost::x25e_effective();
    let (merge_s, drew) =
        run_once(|| PAPER_INDEX_BLOCKS * (c.read_block_ns + c.write_block_ns) as f64 / 1e9);
    Claim::new(
        "seed002.calibration.full_merge_120mb",
        "A full merge of the 120 MB index takes about the worst FD+XM/FD+DS insertion, \
         33–38 s (§5.1, digest §5.2)",
        "s",
        35.5,
        merge_s,
        10.0,
        "29.3K blocks × (read + write) on the fitted cost; arithmetic, not a simulated merge"
            .into(),
    )
    .calibration_point("fdtree.read_block_ns and fdtree.write_block_ns (0.6 ms each)")
    .run(calibration_run(&GR, DEFAULT_SEEDS[0]))
    .differences(
        "arithmetic on the fitted per-block cost, not a simulated merge: the paper's 33–38 s \
         is a measured worst insertion on an X25-E with 4 KB blocks while lookups ran, and the \
         model charges every block read and write the same 0.6 ms (no queueing, no overlap)",
    )
    .over_seeds(SeedSpread::once(merge_s, drew))
}

fn fig1() -> Vec<Claim> {
    let (run, drew) = run_once(|| fig1_sawtooth(FdConfig::fd_plus_tree(16, 4, 2), 8_000, 250));
    let Ok(b) = run else {
        return Vec::new();
    };
    let mut sorted = b.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2] as f64;
    let max = sorted.last().copied().unwrap_or(0) as f64;
    let first_half = b[..b.len() / 2].iter().copied().max().unwrap_or(0) as f64;
    let method = "one FD+XM client, 8,000 increasing-key inserts into an empty FD+tree \
                  (β=16, γ=4, κ0=2), max R_p per bucket of 250 inserts; no random draws \
                  (computed once)"
        .to_string();
    let differences = "reduced scale: 8,000 keys on β=16, γ=4, κ0=2 (the paper's Fig. 1: a \
                       10M-key FD+tree on 4 KB blocks), so the index has few levels and \
                       only doubles between the first half of the run and its end";
    let (spike, grow) = (ratio(max, median), ratio(max, first_half));
    let link = fig1_run(16, 4, 2, 8_000, 2_000);
    vec![
        Claim::at_least(
            "seed002.fig1.spike_over_median",
            "Fig. 1: most inserts finish in milliseconds, those caught by a large merge take \
             far longer (largest bucket max / median bucket max)",
            "×",
            10.0,
            spike,
            method.clone(),
        )
        .over_seeds(SeedSpread::once(spike, drew))
        .differences(differences)
        .if_missed(
            "measured: L0 holds 32 entries, so the run has 277 merges in 8,000 inserts, ~8.6 \
             per bucket of 250; the median bucket's maximum is itself a merge (16.4 ms), not a \
             plain insert, and the largest spike (the last full merge, 155.7 ms) is 9.5× it",
        )
        .run(link.clone()),
        Claim::at_least(
            "seed002.fig1.spikes_grow",
            "Fig. 1: the merge spikes grow as the index grows (largest spike / largest spike \
             of the first half)",
            "×",
            2.0,
            grow,
            method,
        )
        .over_seeds(SeedSpread::once(grow, drew))
        .differences(differences)
        .if_missed(
            "measured: the full merges' spikes grow with the index they rewrite (44, 83, 119, \
             156 ms at about 2,000, 4,000, 6,000 and 7,500 keys); the first half's largest is \
             the one at ~4,000 keys, so the ratio is that of the index sizes, 1.9, not the \
             paper's growth over a 10M-key run",
        )
        .run(link),
    ]
}

/// The values of steps 3–5 of one seed's four runs (XM, DS, FC, FC without memory sharing), in
/// the order of `fig6`'s claims; NaN when a run failed.
fn fig6_values(seed: u64) -> [f64; 10] {
    let runs = (
        run(Scheme::Xm, MergePolicy::FC, seed),
        run(Scheme::Ds, MergePolicy::DS, seed),
        run(Scheme::Fc, MergePolicy::FC, seed),
        run(Scheme::Fc, MergePolicy::FC_NO_SHARING, seed),
    );
    let (Some(xm), Some(ds), Some(fc), Some(no_ms)) = runs else {
        return [f64::NAN; 10];
    };
    let w = |r: &SimReport| r.stats(OpKind::Insert).max_ns as f64;
    let m = |r: &SimReport| r.longest_merge_ns() as f64;
    let sd = |r: &SimReport| r.stats(OpKind::Insert).std_ns;
    let end = |r: &SimReport| r.end_ns as f64;
    [
        ratio(w(&xm), m(&xm)),
        ratio(w(&ds), m(&ds)),
        ratio(w(&fc), w(&ds)),
        ratio(sd(&ds), sd(&fc)),
        ratio(xm.stats(OpKind::Lookup).max_ns as f64, m(&xm)),
        ratio(end(&ds), end(&fc)),
        ratio(end(&xm), end(&fc)),
        ratio(end(&xm), end(&ds)),
        ratio(w(&no_ms), w(&ds)),
        ratio(ds.peak_live_blocks() as f64, fc.peak_live_blocks() as f64),
    ]
}

fn fig6(spreads: [SeedSpread; 10]) -> Vec<Claim> {
    let [
        xm_is_merge,
        ds_is_merge,
        fc_over_ds,
        sigma,
        xm_lookup,
        fc_tp,
        fc_xm_tp,
        ds_tp,
        no_ms,
        space,
    ] = spreads;
    let s = scale();
    let claims = vec![
        Claim::new(
            "seed002.fig6.xm_worst_insert_is_merge",
            "Fig. 6: FD+XM's worst insertion R_p ≈ its longest merge (33–38 s)",
            "× merge",
            1.0,
            f64::NAN,
            25.0,
            s.clone(),
        )
        .over_seeds(xm_is_merge),
        Claim::new(
            "seed002.fig6.ds_worst_insert_is_merge",
            "Fig. 6: FD+DS's worst insertion R_p ≈ its longest merge (33–38 s)",
            "× merge",
            1.0,
            f64::NAN,
            25.0,
            s.clone(),
        )
        .over_seeds(ds_is_merge),
        Claim::at_most(
            "seed002.fig6.fc_worst_insert_over_ds",
            "Fig. 6: FD+FC's worst insertion (≈1 s) ≤ 1/10 of FD+DS's (33–38 s)",
            "×",
            0.1,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(fc_over_ds)
        .if_missed(
            "G_R inserts increasing keys, so L0^old's inserts free their slots only near the \
             merge's end (digest §7 F): through the harness at this scale FC's worst is \
             0.19–0.38 of DS's (seeds 1–5), not the paper's ~1/33",
        ),
        Claim::at_least(
            "seed002.fig6.sigma_ds_over_fc",
            "Fig. 6g: σ of insertion R_p is much lower for FD+FC than FD+DS (σ_DS / σ_FC ≥ 3)",
            "×",
            3.0,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(sigma),
        Claim::at_least(
            "seed002.fig6.xm_worst_lookup_is_merge",
            "Fig. 6: FD+XM's worst lookup waits for a whole merge (≥ 0.9 × longest merge)",
            "× merge",
            0.9,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(xm_lookup),
        Claim::at_least(
            "seed002.fig6.throughput_fc_over_ds",
            "Fig. 6: throughput FD+FC ≥ FD+DS, +8–9% at W_l = 0.8 (DS / FC completion time)",
            "×",
            1.0,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(fc_tp)
        .if_missed(
            "measured (seeds 1–5): the 5,000 queue slots hold all 4,000 requests, so Q_w never \
             fills, the injection thread never blocks, and FD+DS's stalled writers hold back no \
             lookup; both runs end when their readers do (234–242 ms), the writers finish \
             long before (FD+DS 149–163 ms, FD+FC 141–159 ms), and a lookup costs the same in \
             both (mean R_p 442–451 µs). With the paper's share of slots per request \
             (seed002.fig6.throughput_fc_over_ds_paper_queue_ratio) FD+FC comes out ahead",
        ),
        Claim::at_least(
            "seed002.fig6.throughput_fc_over_xm",
            "Fig. 6a: throughput FD+FC > FD+XM, +20% at W_l = 0.8 (XM / FC completion time)",
            "×",
            1.0,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(fc_xm_tp),
        Claim::at_least(
            "seed002.fig6.throughput_ds_over_xm",
            "Fig. 6: throughput FD+DS > FD+XM (XM / DS completion time)",
            "×",
            1.0,
            f64::NAN,
            s.clone(),
        )
        .over_seeds(ds_tp),
        Claim::new(
            "seed002.fig9a.no_sharing_falls_back_to_ds",
            "Fig. 9a: FD+FC without memory sharing has FD+DS's worst insertion (32–38 s)",
            "× DS",
            1.0,
            f64::NAN,
            25.0,
            s.clone(),
        )
        .over_seeds(no_ms),
        Claim::at_least(
            "seed002.space.ds_peak_over_fc",
            "§4.1: FD+DS holds the old levels until the merge ends (space up to about double); \
             FD+FC reclaims behind the wavefront (peak live blocks DS / FC)",
            "×",
            1.3,
            f64::NAN,
            format!("{s}; the paper reports no number: 1.3 is this lab's bound"),
        )
        .over_seeds(space)
        .if_missed(
            "measured (seeds 1–5): no merge in the 4,000 requests reaches the bottom level \
             (~500 of the 532 blocks at the start): FD+DS peaks at 653–657 live blocks, FD+FC \
             at 596–599, about the index's size at the end (593–598), so the largest merge \
             doubles only the ~60 blocks of the upper levels; 'about double' needs a full merge",
        ),
    ];
    claims
        .into_iter()
        .map(|c| {
            let schemes = schemes_of(&c.id);
            schemes
                .iter()
                .fold(c.differences(DIFFERENCES), |c, (label, scheme)| {
                    c.run(gr_run(&GR, label, scheme, DEFAULT_SEEDS[0]))
                })
        })
        .collect()
}

/// The runs (label, lab scheme) a Fig. 6 / 9a / space claim compares.
fn schemes_of(id: &str) -> &'static [(&'static str, &'static str)] {
    const XM: (&str, &str) = ("FD+XM", "xm");
    const DS: (&str, &str) = ("FD+DS", "ds");
    const FC: (&str, &str) = ("FD+FC", "fc");
    const NO_SHARING: (&str, &str) = ("FD+FC without memory sharing", "fc-no-sharing");
    match id.rsplit('.').next().unwrap_or_default() {
        "xm_worst_insert_is_merge" | "xm_worst_lookup_is_merge" => &[XM],
        "ds_worst_insert_is_merge" => &[DS],
        "throughput_ds_over_xm" => &[XM, DS],
        "throughput_fc_over_xm" => &[XM, FC],
        "no_sharing_falls_back_to_ds" => &[NO_SHARING, DS],
        _ => &[DS, FC],
    }
}

/// Steps 1–5, in that order.
pub fn claims() -> Vec<Claim> {
    let mut out = vec![calibration()];
    out.extend(fig1());
    out.extend(fig6(measure_many(&DEFAULT_SEEDS, fig6_values)));
    out
}
