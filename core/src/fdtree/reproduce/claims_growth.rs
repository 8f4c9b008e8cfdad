//! Fig. 7's trend through the paper's harness (issue 28 item 7): as the initial index grows,
//! FD+DS's worst insertion R_p grows with its full merge while FD+FC's stays flat. The paper's
//! 10M → 90M points are `claims_scaleup`'s (block granularity, closed-loop writers); these
//! claims run the harness itself at reduced scale, so their set-up differs and they have ids
//! of their own. Tolerances are fixed here before the run: the same bounds as
//! `claims_scaleup`'s growth claims (DS grows ≥ 2×, FC ≤ 2×), over a 4× larger index.
//!
//! 1. Two sizes, `SMALL_KEYS` and `LARGE_KEYS` keys preloaded (β = 16, γ = 4, κ0 = 4: the larger
//!    index has one level more), each with as many G_R requests as keys (the paper: "size of
//!    the workload is set to be equal to the initial index size"), W_l = 0.8.
//! 2. Each through the harness (`claims_harness::spec`: 5,000 slots split by W_l, 6 reader +
//!    2 writer workers, block I/O on the X25-E SSD model), FD+DS and FD+FC on the same file.
//! 3. Per seed: FD+DS's worst insertion R_p at the large size over the small one, and FD+FC's;
//!    judged on the median over `DEFAULT_SEEDS`.

use super::super::conc::device::DEFAULT_PRESET;
use super::super::conc::{OpKind, Scheme, SimReport};
use super::super::workload::{GenR, Op};
use super::claims_harness::{harness_run, spec};
use super::claims_latency::GR;
use super::runs::closest_run;
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, SeedSpread, measure_many};

const SMALL_KEYS: u64 = 4_000;
const LARGE_KEYS: u64 = 16_000;

const DIFFERENCES: &str = "reduced scale: 4,000 and 16,000 keys (β=16, γ=4, κ0=4) against the \
    paper's 10M and 90M keys on 4 KB blocks, so the index grows 4× (one level) instead of 9×; \
    block I/O on the X25-E SSD model (queued, no buffer cache), CPU a constant 2 µs per step; \
    injecting a request takes no time";

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { f64::NAN } else { a / b }
}

/// Worst insertion R_p (ns) of `scheme` at `keys` keys and seed `seed` (steps 1–2).
fn worst(scheme: Scheme, keys: u64, seed: u64) -> f64 {
    let mut g = GenR::new(seed, 800, 1);
    let pre = g.preload(keys);
    let file: Vec<Op> = (0..keys).map(|_| g.next_op()).collect();
    harness_run(scheme, &pre, file, spec(800, None)).map_or(f64::NAN, |r: SimReport| {
        r.stats(OpKind::Insert).max_ns as f64
    })
}

/// Step 3 for one seed: [DS large / small, FC large / small, DS large (s), FC large (s)].
fn growth(seed: u64) -> [f64; 4] {
    let ds = (
        worst(Scheme::Ds, SMALL_KEYS, seed),
        worst(Scheme::Ds, LARGE_KEYS, seed),
    );
    let fc = (
        worst(Scheme::Fc, SMALL_KEYS, seed),
        worst(Scheme::Fc, LARGE_KEYS, seed),
    );
    [ratio(ds.1, ds.0), ratio(fc.1, fc.0), ds.1 / 1e9, fc.1 / 1e9]
}

fn method(worst: &[SeedSpread]) -> String {
    let s = |x: &SeedSpread| format!("{:.3} s ({:.3}–{:.3})", x.median, x.min, x.max);
    let (ds, fc) = match worst {
        [ds, fc] => (s(ds), s(fc)),
        _ => (String::new(), String::new()),
    };
    format!(
        "G_R at W_l=0.8 through the paper's harness (one injection thread, |Q_r| + |Q_w| = \
         5000 split by W_l, 6 reader + 2 writer workers), {SMALL_KEYS} and {LARGE_KEYS} keys \
         preloaded with as many requests as keys, β=16, γ=4, κ0=4, block I/O on the SSD model \
         ({DEFAULT_PRESET}), FD+DS and FD+FC on the same file; worst insertion R_p at \
         {LARGE_KEYS} keys: FD+DS {ds}, FD+FC {fc}; the median over seeds {}–{}",
        DEFAULT_SEEDS[0],
        DEFAULT_SEEDS[DEFAULT_SEEDS.len() - 1]
    )
}

/// Steps 1–3, each claim linking the closest lab runs (the reduced G_R run of Fig. 6).
pub fn claims() -> Vec<Claim> {
    let [ds_grows, fc_flat, ds_large, fc_large] = measure_many(&DEFAULT_SEEDS, growth);
    let m = method(&[ds_large, fc_large]);
    let differs = "the claim's runs preload 4,000 and 16,000 keys with as many requests; \
        this is Fig. 6's reduced run (8,000 keys), a size between them";
    let seed = DEFAULT_SEEDS[0];
    vec![
        Claim::at_least(
            "seed002.fig7.harness_ds_worst_grows",
            "Fig. 7: FD+DS's worst insertion grows with the index (33–38 s at 10M, 659 s at \
             90M keys); through the harness, 16,000 / 4,000 keys",
            "×",
            2.0,
            f64::NAN,
            m.clone(),
        )
        .over_seeds(ds_grows),
        Claim::at_most(
            "seed002.fig7.harness_fc_worst_flat",
            "Fig. 7: FD+FC's worst insertion stays flat (< 1 s at every size); through the \
             harness, 16,000 / 4,000 keys",
            "×",
            2.0,
            f64::NAN,
            m,
        )
        .over_seeds(fc_flat)
        .if_missed(
            "measured (seeds 1–5): FD+FC's worst insertion is a similar share of its longest \
             merge at both sizes (0.12–0.37 at 4,000 keys, 0.13–0.46 at 16,000, median 0.18 \
             at both), and that merge, the full one, grows 3.7× (~110 → ~410 ms): G_R inserts \
             increasing keys, so L0^old's entries are passed, and their slots freed, only near \
             the merge's end (digest §7 F), and a writer finding L0 full waits for a part of \
             the merge proportional to it. The paper's < 1 s against 33–38 s merges is < 3%",
        ),
    ]
    .into_iter()
    .map(|c| {
        c.differences(DIFFERENCES)
            .run(closest_run(&GR, "FD+DS", "ds", seed, differs))
            .run(closest_run(&GR, "FD+FC", "fc", seed, differs))
    })
    .collect()
}
