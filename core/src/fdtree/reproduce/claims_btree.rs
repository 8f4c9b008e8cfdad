//! Fig. 10 (§5.3, Rem. A.13; digest §6 "Fig. 10 / Fig. 15"): FD+FC against an in-place B+tree.
//! The paper: FD+FC finishes first when W_l ≤ 0.8, the B+tree when W_l ≥ 0.9. The digest
//! rates this L/M (it needs a B+tree and an SSD-erase model) and fixes the tolerance before the
//! run: reproduce only the qualitative crossover, somewhere in W_l ∈ [0.6, 0.95]. Two bound
//! claims judge that interval's two ends.
//!
//! 1. For each W_l of `SWEEP_PERMILLE`, one G_R workload file (a seed, 8,000 keys preloaded,
//!    4,000 requests) goes through the paper's harness (§5: one injection thread, |Q_r| + |Q_w|
//!    = 5000 split by W_l) to FD+FC in the discrete-event kernel (`conc::harness`, 6 reader + 2
//!    writer workers, the paper's T_r : T_w for FD+FC) and to the timed B+tree
//!    (`baseline::harnessed`, 8 workers split by W_l : (W_i + W_d), as the paper gave Berkeley
//!    DB), each on its own SSD of the X25-E preset (`conc::device`): FD+FC's merges write
//!    sequentially and TRIM what they reclaim; the B+tree (LRU buffer pool of 1/8 of its
//!    blocks, the paper's 15 MB of 120 MB) writes evicted dirty leaves back in place, paying the
//!    FTL's GC.
//! 2. ratio(W_l) = B+tree completion time / FD+FC completion time (> 1: FD+FC wins).
//! 3. The crossover is where the ratio first falls to 1, linearly interpolated between the two
//!    swept W_l around it; the first swept W_l if the B+tree already wins there, 1.0 if it
//!    never does.
//! 4. The claims judge the crossover's median over `DEFAULT_SEEDS`; the results page's chart
//!    (`fdtree::figures`) draws the sweep of the first seed, the one the claims' method lists.
//!    That sweep is kept once per process (`fig10_ratios`), so the claims and the chart computed
//!    in one process (one browser worker does a lab's claims, then its figures) run it once.

use super::super::baseline::{Baseline, run_baseline_harnessed, workers_matched};
use super::super::conc::device::DEFAULT_PRESET;
use super::super::conc::{HarnessSpec, Scheme, SsdCost};
use super::super::workload::{GenR, Op};
use super::super::{FdConfig, MergePolicy, Uniqueness};
use super::claims_harness::{harness_run, spec};
use super::runs::{GrRun, compare_run};
use crate::plugin::Claim;
use crate::plugin::seeds::{DEFAULT_SEEDS, measure};

pub const SWEEP_PERMILLE: [u32; 7] = [500, 600, 700, 800, 850, 900, 950];
/// The seed of the sweep the results page draws: the claims' first, so it is computed once.
pub const FIGURE_SEED: u64 = DEFAULT_SEEDS[0];
const PRELOAD: u64 = 8_000;
const REQUESTS: usize = 4_000;
const READERS: usize = 6;

/// The preload and the workload file at W_l (per mille) and `seed`.
fn stream(lookup_permille: u32, seed: u64) -> (Vec<Op>, Vec<Op>) {
    let mut g = GenR::new(seed, lookup_permille, 1);
    let pre = g.preload(PRELOAD);
    let file = (0..REQUESTS).map(|_| g.next_op()).collect();
    (pre, file)
}

/// The B+tree's harness at W_l: the same queues as FD+FC's, 8 workers split by W_l (step 1).
fn btree_spec(lookup_permille: u32) -> HarnessSpec {
    let (readers, writers) = workers_matched(8, lookup_permille);
    HarnessSpec {
        readers,
        writers,
        ..spec(lookup_permille, None)
    }
}

/// (W_l, B+tree end / FD+FC end) per swept W_l at `FIGURE_SEED`. The sweep takes seconds and has
/// no inputs, so it runs once per process: the claims (at their first seed) and the results
/// page's chart both read it.
pub fn fig10_ratios() -> Option<Vec<(f64, f64)>> {
    static RATIOS: std::sync::OnceLock<Option<Vec<(f64, f64)>>> = std::sync::OnceLock::new();
    RATIOS.get_or_init(|| sweep_ratios(FIGURE_SEED)).clone()
}

/// The sweep at `seed`: the kept one at `FIGURE_SEED`, else computed now.
fn ratios_at(seed: u64) -> Option<Vec<(f64, f64)>> {
    if seed == FIGURE_SEED {
        fig10_ratios()
    } else {
        sweep_ratios(seed)
    }
}

fn sweep_ratios(seed: u64) -> Option<Vec<(f64, f64)>> {
    let mut cfg = FdConfig::fc(16, 4, 4).with_policy(MergePolicy::FC);
    cfg.uniqueness = Uniqueness::Trusted;
    let cost = SsdCost::x25e_datasheet();
    let dev = Some(DEFAULT_PRESET);
    let mut out = Vec::new();
    for w in SWEEP_PERMILLE {
        let (pre, file) = stream(w, seed);
        let bt =
            run_baseline_harnessed(Baseline::BTree, &cfg, cost, dev, &pre, &file, btree_spec(w))
                .ok()?;
        let fc = harness_run(Scheme::Fc, &pre, file, spec(w, None))?;
        if fc.mismatches + bt.mismatches > 0 || fc.end_ns == 0 {
            return None;
        }
        out.push((f64::from(w) / 1000.0, bt.end_ns as f64 / fc.end_ns as f64));
    }
    Some(out)
}

/// Where the ratio first falls to 1 (see the module header, step 3).
pub fn crossover(ratios: &[(f64, f64)]) -> f64 {
    let Some(&(w0, r0)) = ratios.first() else {
        return f64::NAN;
    };
    if r0 <= 1.0 {
        return w0;
    }
    for pair in ratios.windows(2) {
        let ((wa, ra), (wb, rb)) = (pair[0], pair[1]);
        if ra > 1.0 && rb <= 1.0 {
            return wa + (wb - wa) * (ra - 1.0) / (ra - rb);
        }
    }
    1.0
}

/// The claims of steps 1–4, each linking its runs at W_l 0.8 and 0.9 (the paper's two sides).
pub fn claims() -> Vec<Claim> {
    let link = |w: f64| GrRun {
        beta: 16,
        gamma: 4,
        kappa0: 4,
        preload: PRELOAD,
        requests: REQUESTS as u64,
        lookup_fraction: w,
        readers: READERS as u64,
        writers: 2,
    };
    unlinked()
        .into_iter()
        .map(|c| {
            c.run(compare_run(&link(0.8), "W_l = 0.8", DEFAULT_SEEDS[0]))
                .run(compare_run(&link(0.9), "W_l = 0.9", DEFAULT_SEEDS[0]))
        })
        .collect()
}

fn unlinked() -> Vec<Claim> {
    let mut first: Option<Vec<(f64, f64)>> = None;
    let x = measure(&DEFAULT_SEEDS, |seed| match ratios_at(seed) {
        Some(ratios) => {
            let x = crossover(&ratios);
            first.get_or_insert(ratios);
            x
        }
        None => f64::NAN,
    });
    let listed: Vec<String> = first
        .unwrap_or_default()
        .iter()
        .map(|(w, r)| format!("{w:.2}: {r:.2}"))
        .collect();
    let method = format!(
        "FD+FC (discrete-event run) and the timed in-place B+tree (root cached, fully \
         concurrent, leaf latches not modelled) on one G_R workload file per W_l through the \
         paper's harness (|Q_r| + |Q_w| = 5000 split by W_l; FD+FC 6 reader + 2 writer \
         workers, the B+tree 8 split by W_l): β=16, γ=4, κ0=4, {PRELOAD} keys preloaded, \
         {REQUESTS} requests, \
         block I/O on an X25-E SSD model each, the B+tree with an LRU pool of 1/8 of its blocks; the crossover's median over seeds {}–{}. B+tree / FD+FC \
         completion time at the first seed, at W_l {}",
        DEFAULT_SEEDS[0],
        DEFAULT_SEEDS[DEFAULT_SEEDS.len() - 1],
        listed.join(", ")
    );
    let differences = "reduced scale (β=16, 8,000 keys, 4,000 requests; the paper: 10M keys); \
                       the FD+tree has no buffer cache while the B+tree has its scaled pool \
                       (the paper gave both 15 MB), which favours the B+tree; the B+tree's leaf \
                       latches are not modelled; injecting a request takes no time";
    vec![
        Claim::at_least(
            "seed002.fig10.crossover_from",
            "Fig. 10: FD+FC finishes first on update-heavy workloads (W_l ≤ 0.8 in the paper): \
             the completion-time crossover with the B+tree is at W_l ≥ 0.6 (digest §6)",
            "W_l",
            0.6,
            f64::NAN,
            method.clone(),
        )
        .over_seeds(x.clone())
        .differences(differences)
        .if_missed(
            "measured at seed 1 through the harness: the B+tree finishes first at every W_l \
             (B+tree / FD+FC 0.22–0.33). A B+tree lookup costs 132–172 µs mean R_p, FD+FC's \
             446–467 µs: the B+tree's pool holds its internal nodes and 1/8 of its leaves, \
             FD+FC reads one block per level with no cache. G_R inserts increasing keys, so the \
             B+tree's inserts land on its rightmost leaf, kept in the pool (mean 9–22 µs), and \
             only its deletes pay a random leaf read and write-back; FD+FC at W_l = 0.5 is \
             merge-bound (its merge process busy 351.5 of 352.3 ms, 50 merges)",
        ),
        Claim::at_most(
            "seed002.fig10.crossover_to",
            "Fig. 10: the B+tree finishes first on lookup-heavy workloads (W_l ≥ 0.9 in the \
             paper): the completion-time crossover is at W_l ≤ 0.95 (digest §6)",
            "W_l",
            0.95,
            f64::NAN,
            method,
        )
        .over_seeds(x)
        .differences(differences),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossover_interpolates_where_the_ratio_falls_to_one() {
        assert_eq!(crossover(&[(0.5, 0.9), (0.6, 0.8)]), 0.5);
        assert_eq!(crossover(&[(0.5, 2.0), (0.6, 1.5)]), 1.0);
        let x = crossover(&[(0.5, 2.0), (0.6, 1.2), (0.7, 0.8)]);
        assert!((x - 0.65).abs() < 1e-9, "{x}");
    }
}
