//! Reproduction computations as plain functions returning numbers, and the claims built on them
//! (`claims_*`, listed by `fdtree::claims`, the lab's one claims hook).
//!
//! 1. `space`: space over time for one insert stream: FD+FC (sampled after every merge step)
//!    against the FD-tree of Li et al. (sampled at each pass, including its temporary peak),
//!    FD+DS, and the B+tree, all on the same block counts.
//! 2. `latency`: Fig. 1's sawtooth and Fig. 6's worst-case comparison of the three schemes,
//!    by the discrete-event run with closed-loop clients (the Fig. 6 claims run the harness).
//! 3. `scaleup`: Fig. 7's 90M-key point at block granularity (one simulated block = γ real
//!    blocks, L0 real), FD+DS and FD+FC from the untimed state where the full merge is due.
//! 4. `skipping`: level skipping's effect on lookup reads (§5.2) and the extra merge writes of
//!    proactive triggering (Rem. A.17), by block counts of the sequential FD+tree.
//! 5. `claims_latency`, `claims_scaleup`, `claims_ablation`, `claims_btree`: the claims judged
//!    on 2–4 (and Fig. 10's sweep, which `fdtree::figures` also draws).
//! 6. `claims_harness`: Fig. 8 (G_T) and Fig. 11 (R_o) through the paper's harness
//!    (`conc::harness`: bounded queues Q_r / Q_w, worker threads); Fig. 6 (`claims_latency`),
//!    Fig. 10 (`claims_btree`) and Fig. 7's trend (`claims_growth`) run through it too, and
//!    `claims_queues` runs Fig. 6a with the queues at the paper's share of the workload, and
//!    `claims_queues_gt` / `claims_queues_ro` Fig. 8 and Fig. 11 the same way.
//! 7. `runs`: the lab scenarios of the claims' runs, which the results page opens.

pub mod claims_ablation;
pub mod claims_btree;
pub mod claims_growth;
pub mod claims_harness;
pub mod claims_latency;
pub mod claims_queues;
pub mod claims_queues_gt;
pub mod claims_queues_ro;
pub mod claims_scaleup;
pub mod latency;
pub mod runs;
pub mod scaleup;
pub mod skipping;
pub mod space;

pub use latency::{SchemeWorst, fig1_sawtooth, fig6_worst};

pub use space::{SpacePoint, SpaceSeries, space_over_time};
