//! FD+FC against an in-place B+tree as lookups grow (seed 002 Fig. 10, §5.3).
//!
//! 1. The simulated curve is `reproduce::claims_btree::fig10_ratios`, the sweep of the first of
//!    the seeds the `seed002.fig10.*` claims judge (kept once per process, so drawing it after
//!    the claims computes nothing again): per lookup fraction W_l, one G_R stream run by FD+FC in the
//!    discrete-event kernel and by the timed B+tree on the same SSD cost; the point is the
//!    B+tree's completion time over FD+FC's (above 1: FD+FC finishes first).
//! 2. The paper states no ratios, only who wins: FD+FC at W_l ≤ 0.8, the B+tree at W_l ≥ 0.9.
//!    Its points are drawn where that puts the crossover (ratio 1): between W_l = 0.8 and 0.9.

use super::reproduce::claims_btree::fig10_ratios;
use crate::plugin::{Axis, Figure, Series};

const CURVE: &str = "simulated: B+tree time / FD+FC time";

/// The lab's figures (its `LabSpec::figures`), computed now.
pub fn figures() -> Vec<Figure> {
    vec![fig10_crossover()]
}

fn fig10_crossover() -> Figure {
    let figure = Figure {
        id: "fdtree.fig10_crossover".into(),
        lab: "fdtree".into(),
        title: "FD+FC against a B+tree: FD+FC finishes first until lookups dominate".into(),
        source: "FD+tree paper, Fig. 10 and §5.3 (who finishes first; no ratios stated)".into(),
        x: Axis::linear("lookups in the workload W_l", "fraction"),
        y: Axis::linear("B+tree completion time / FD+FC completion time", "×"),
        series: vec![Series::paper(
            "paper: the crossover lies between these",
            CURVE,
            vec![[0.8, 1.0], [0.9, 1.0]],
        )],
        claim_prefix: "seed002.fig10".into(),
        scenario: "why-worst-case-latency".into(),
        method: "G_R workload files (seed 1, 8,000 keys preloaded, 4,000 requests) through \
                 the paper's harness (|Q_r| + |Q_w| = 5000 split by W_l; FD+FC with 6 reader \
                 and 2 writer workers, the B+tree with 8 split by W_l), FD+FC in the \
                 discrete-event kernel and the timed in-place B+tree, each on its own X25-E SSD \
                 model (the B+tree's in-place leaf writes pay the FTL's GC); the FD+tree has no \
                 buffer cache and the B+tree a pool of 1/8 of its blocks, which favours the \
                 B+tree"
            .into(),
    };
    match fig10_ratios() {
        Some(ratios) => {
            let points = ratios.into_iter().map(|(w, r)| [w, r]).collect();
            let mut figure = figure;
            figure.series.insert(0, Series::simulated(CURVE, points));
            figure
        }
        None => figure.failed("a run of the sweep failed"),
    }
}
